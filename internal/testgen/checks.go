// What an emitted case checks after the call: every result, and the final value behind each parameter of pointer, slice or map type.

package testgen

import (
	"bytes"
	"fmt"
	"go/types"
	"strings"
	"unicode"
	"unicode/utf8"

	"leapfrog/internal/engine"
	"leapfrog/internal/ir"
	"leapfrog/internal/search"
)

// output is a value the test checks after the call.
type output struct {
	label string     // in messages and comments: "" (the only result), "result 1", or the parameter's name
	field string     // its want column
	typ   types.Type //
	got   string     // a result: the local holding it
	in    *input     // an after-value: the parameter
	// column: some case checks it. skipColumn: the bool column of the cases
	// that do not (when others do). skipAll: why no case checks it.
	column     bool
	skipColumn string
	skipAll    string
	// err: a result of type error, checked by wantErr (field), and
	// errors.Is or its message (ifaces.go).
	err *errOut
	// isNil: a result of function type, which Go compares only with nil:
	// its column is a bool, whether the result is nil (a state function
	// of a lexer returns the next state).
	isNil bool
}

// outputs lists what the test checks, in the order of search.Test.Out (the
// engine's Path.Outputs): the results, then the final value behind each
// parameter of pointer, slice or map type (the receiver first), which the
// caller sees.
func (f *file) outputs(fn Func, s *sig, cases []*search.Test) ([]*output, error) {
	var outs []*output
	for i, t := range s.results {
		o := &output{typ: t, got: f.local("got")}
		_, o.isNil = t.Underlying().(*types.Signature)
		switch {
		case o.isNil && len(s.results) > 1:
			o.label, o.field, o.got = fmt.Sprintf("result %d", i), s.outColumn(fmt.Sprintf("want%dNil", i)), f.local(fmt.Sprintf("got%d", i))
		case o.isNil:
			o.field = s.outColumn("wantNil")
		case isError(t): // ifaces.go: checked as Go tests check errors
			o.field, o.got, o.err = s.outColumn("wantErr"), f.local("err"), &errOut{}
			if len(s.results) > 1 {
				o.label = fmt.Sprintf("result %d", i)
			}
		case len(s.results) > 1:
			o.label, o.field, o.got = fmt.Sprintf("result %d", i), s.outColumn(fmt.Sprintf("want%d", i)), f.local(fmt.Sprintf("got%d", i))
		default:
			o.field = s.outColumn("want")
		}
		outs = append(outs, o)
	}
	for i := range s.ins {
		in := &s.ins[i]
		if isReference(in.typ) {
			outs = append(outs, &output{label: in.param, typ: in.typ, field: s.outColumn("want" + upperFirst(in.param)), in: in})
		}
	}
	for i, o := range outs {
		if o.err != nil {
			f.errColumns(o, s, cases, i)
			continue
		}
		checked, skipped := 0, 0
		reasons := map[string]bool{}
		for _, c := range cases {
			if c.Panicked {
				continue
			}
			if len(c.Out) != len(outs) {
				return nil, fmt.Errorf("testgen: %s: case %q has %d outputs, want %d (the results, then the final value of each pointer, slice or map parameter)", fn.Result.Function, c.Name, len(c.Out), len(outs))
			}
			if why := f.unchecked(c.Out[i], o.typ); why != "" && !(o.isNil && c.Out[i].Unfixed == "") {
				skipped++
				reasons[why] = true
			} else {
				checked++
			}
		}
		switch {
		case checked > 0 && skipped > 0:
			o.column, o.skipColumn = true, s.outColumn("skip"+upperFirst(o.field))
		case checked > 0:
			o.column = true
		case skipped > 0:
			var rs []string
			for _, why := range []string{cyclic, unordered, opaqueState, unwritable, pointerKeys} {
				if reasons[why] {
					rs = append(rs, why)
				}
			}
			o.skipAll = strings.Join(rs, "; ")
		}
	}
	return outs, nil
}

// Why a value is not checked.
const (
	cyclic     = "cyclic, which a literal cannot write"
	unordered  = "depends on the order of a range over a map, which Go randomises"
	unwritable = "holds a value of a type a test cannot write" // ifaces.go
	// A map keyed by pointers (regexp/syntax's map[*Regexp]int) compares
	// its keys by identity: a literal's keys are other objects, and
	// reflect.DeepEqual never finds them equal.
	pointerKeys = "holds a map keyed by pointers, whose keys no literal can give"
	// An opaque type's value after the call is its mirror's (sync.Pool's
	// is zero after Get); Go's own is its run time's (Pool.Get allocates
	// its per-P pools): fastjson's ParserPool compared unequal.
	opaqueState = "holds a value of sync, sync/atomic, unique, reflect or os, whose state after the call is Go's run time's"
)

// unchecked says why a test must not assert v, of type t, or "".
func (f *file) unchecked(v engine.Value, t types.Type) string {
	if why := unchecked(v); why != "" {
		return why
	}
	if holdsOpaque(v) {
		return opaqueState
	}
	if !f.writable(v, t) {
		return unwritable
	}
	if keyedByPointers(v, t, map[types.Type]bool{}) {
		return pointerKeys
	}
	if !isFloat(t) && hasUnclearFloat(v) { // floats.go
		return unclearFloat
	}
	return ""
}

// holdsOpaque reports whether v holds a value of an opaque type, but
// for nil channels (an opaque pointer type: lower's chans.go), which Go's
// run time holds no state of: a literal writes them (nil).
func holdsOpaque(v engine.Value) bool {
	return anyValue(v, func(v engine.Value) bool { return opaque(v) && !(v.Type.Kind == ir.KPointer && v.Nil) })
}

// anyValue reports whether pred holds for v or a value v holds (its
// elements, fields and keys).
func anyValue(v engine.Value, pred func(engine.Value) bool) bool {
	if pred(v) {
		return true
	}
	for _, e := range v.Elems {
		if anyValue(e, pred) {
			return true
		}
	}
	for _, k := range v.Keys {
		if anyValue(k, pred) {
			return true
		}
	}
	return false
}

// unchecked says why a test must not assert v, or "".
func unchecked(v engine.Value) string {
	if v.Unfixed != "" {
		return v.Unfixed
	}
	var cyc, unord bool
	var walk func(engine.Value)
	walk = func(v engine.Value) {
		cyc, unord = cyc || v.Cycle, unord || v.Unordered
		for _, e := range v.Elems {
			walk(e)
		}
		for _, k := range v.Keys {
			walk(k)
		}
	}
	walk(v)
	switch {
	case cyc && unord:
		return cyclic + "; " + unordered
	case cyc:
		return cyclic
	case unord:
		return unordered
	}
	return ""
}

// check writes the comparison of one output after the call.
func (f *file) check(w *bytes.Buffer, o *output, T, tt, call string) {
	if o.err != nil {
		f.errCheck(w, o, T, tt, call)
		return
	}
	what := "the result"
	if o.label != "" {
		what = o.label
		if o.in != nil {
			what += " after the call"
		}
	}
	if o.skipAll != "" {
		fmt.Fprintf(w, "\t\t\t// %s is not checked (%s).\n", upperFirst(what), o.skipAll)
	}
	if !o.column {
		return
	}
	got, want := o.got, tt+"."+o.field
	msg := escapeFormat(call)
	switch {
	case o.in != nil:
		got = tt + "." + o.in.field
		msg = "after " + msg + ", " + o.label
	case o.label != "":
		msg += " " + o.label
	}
	cond := got + " != " + want
	if o.isNil {
		if o.skipColumn != "" {
			fmt.Fprintf(w, "\t\t\tif !%s.%s && (%s == nil) != %s {\n", tt, o.skipColumn, got, want)
		} else {
			fmt.Fprintf(w, "\t\t\tif (%s == nil) != %s {\n", got, want)
		}
		fmt.Fprintf(w, "\t\t\t\t%s.Errorf(\"%s == nil is %%v, want %%v\", %s == nil, %s)\n\t\t\t}\n", T, msg, got, want)
		return
	}
	switch {
	case isFloat(o.typ):
		cond = f.floatDiffers(got, want) // floats.go
	case !simple(o.typ):
		cond = "!" + f.std("reflect") + ".DeepEqual(" + got + ", " + want + ")"
	}
	if o.skipColumn != "" {
		cond = "!" + tt + "." + o.skipColumn + " && " + cond
	}
	fmt.Fprintf(w, "\t\t\tif %s {\n\t\t\t\t%s.Errorf(\"%s = %%#v, want %%#v\", %s, %s)\n\t\t\t}\n", cond, T, msg, got, want)
}

// simple says whether == on type t compares values as a test means it:
// booleans, integers and strings, and arrays and structs of them. Anything
// holding a pointer, slice or map is compared with reflect.DeepEqual.
func simple(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&(types.IsBoolean|types.IsInteger|types.IsString) != 0
	case *types.Array:
		return simple(u.Elem())
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if !simple(u.Field(i).Type()) {
				return false
			}
		}
		return true
	}
	return false
}

// isReference says whether a parameter of type t lets the function change
// what the caller sees: a pointer, a slice or a map.
func isReference(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Slice, *types.Map:
		return true
	}
	return false
}

func upperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// keyedByPointers says whether v, of type t, holds a non-empty map whose
// keys hold pointers (or channels): keys compared by identity.
func keyedByPointers(v engine.Value, t types.Type, seen map[types.Type]bool) bool {
	if v.Nil || v.Cycle {
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Map:
		if len(v.Keys) > 0 && holdsPointer(u.Key(), seen) {
			return true
		}
		for _, e := range v.Elems {
			if keyedByPointers(e, u.Elem(), seen) {
				return true
			}
		}
	case *types.Pointer:
		return len(v.Elems) == 1 && keyedByPointers(v.Elems[0], u.Elem(), seen)
	case *types.Slice:
		for _, e := range v.Elems {
			if keyedByPointers(e, u.Elem(), seen) {
				return true
			}
		}
	case *types.Array:
		for _, e := range v.Elems {
			if keyedByPointers(e, u.Elem(), seen) {
				return true
			}
		}
	case *types.Struct:
		for i := 0; i < u.NumFields() && i < len(v.Elems); i++ {
			if keyedByPointers(v.Elems[i], u.Field(i).Type(), seen) {
				return true
			}
		}
	}
	return false
}

// holdsPointer says whether values of type t hold a pointer, a channel or
// an interface (which may hold one): compared by identity as map keys.
func holdsPointer(t types.Type, seen map[types.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	switch u := t.Underlying().(type) {
	case *types.Pointer, *types.Chan, *types.Interface:
		return true
	case *types.Basic:
		return u.Kind() == types.UnsafePointer
	case *types.Array:
		return holdsPointer(u.Elem(), seen)
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if holdsPointer(u.Field(i).Type(), seen) {
				return true
			}
		}
	}
	return false
}
