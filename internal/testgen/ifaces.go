// Interface values in emitted tests: literals of dynamic values, errors checked as Go tests check them, panic values by type.

package testgen

import (
	"bytes"
	"fmt"
	"go/types"
	"strconv"
	"strings"

	"leapfrog/internal/engine"
	"leapfrog/internal/ir"
	"leapfrog/internal/search"
)

// errOut is how a result of type error is checked: wantErr (the output's
// field) says whether it is non-nil; is, the column of the package-level
// sentinel it must match with errors.Is; msg, the column of its message
// (err.Error()), for the cases without a sentinel. A column is "" when no
// case needs it.
type errOut struct {
	is, msg string
}

// isError says whether t is the predeclared error type.
func isError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// errColumns decides the columns of the error result outs[i].
func (f *file) errColumns(o *output, s *sig, cases []*search.Test, i int) {
	o.column = true
	needIs, needMsg := false, false
	for _, c := range cases {
		if c.Panicked || i >= len(c.Out) {
			continue
		}
		v := c.Out[i]
		switch {
		case v.Nil:
		case v.Sentinel != "":
			needIs = true
		case v.HasErrMsg && v.ErrMsg != "":
			needMsg = true
		}
	}
	if needIs {
		o.err.is = s.outColumn(o.field + "Is")
	}
	if needMsg {
		o.err.msg = s.outColumn(o.field + "Msg")
	}
}

// errRow writes a case's columns of an error result: whether it is
// non-nil, and the sentinel it matches or its message.
func (f *file) errRow(w *bytes.Buffer, o *output, v engine.Value) {
	if v.Nil {
		return
	}
	fmt.Fprintf(w, ", %s: true", o.field)
	switch {
	case v.Sentinel != "":
		fmt.Fprintf(w, ", %s: %s", o.err.is, f.sentinel(v))
	case v.HasErrMsg && v.ErrMsg != "":
		fmt.Fprintf(w, ", %s: %s", o.err.msg, strconv.Quote(v.ErrMsg))
	}
}

// errCheck writes the checks of an error result after the call, as Go
// tests check errors: nil or not, errors.Is for a sentinel, the message
// otherwise.
func (f *file) errCheck(w *bytes.Buffer, o *output, T, tt, call string) {
	msg := escapeFormat(call)
	if o.label != "" {
		msg += " " + o.label
	}
	fmt.Fprintf(w, "\t\t\tif (%s != nil) != %s.%s {\n\t\t\t\t%s.Errorf(\"%s error = %%v, wantErr %%v\", %s, %s.%s)\n\t\t\t}\n",
		o.got, tt, o.field, T, msg, o.got, tt, o.field)
	if o.err.is != "" {
		fmt.Fprintf(w, "\t\t\tif %[1]s.%[2]s != nil && !%[3]s.Is(%[4]s, %[1]s.%[2]s) {\n\t\t\t\t%[5]s.Errorf(\"%[6]s error = %%v, want an error matching %%v\", %[4]s, %[1]s.%[2]s)\n\t\t\t}\n",
			tt, o.err.is, f.std("errors"), o.got, T, msg)
	}
	if o.err.msg != "" {
		fmt.Fprintf(w, "\t\t\tif %[1]s.%[2]s != \"\" && (%[3]s == nil || %[3]s.Error() != %[1]s.%[2]s) {\n\t\t\t\t%[4]s.Errorf(\"%[5]s error = %%v, want %%q\", %[3]s, %[1]s.%[2]s)\n\t\t\t}\n",
			tt, o.err.msg, o.got, T, msg)
	}
}

// sentinel is the expression of the sentinel error v is or wraps: the
// package's variable, or another package's, qualified by its import.
func (f *file) sentinel(v engine.Value) string {
	if v.SentinelPkg == "" {
		return v.Sentinel
	}
	name, ident, _ := strings.Cut(v.Sentinel, ".")
	return f.importName(v.SentinelPkg, name) + "." + ident
}

// constructedLit writes the value v of a type a test writes with its
// constructor c (ir.Constructors): errors.New("text"), or io's (ioLit).
// It reports false when v is not of the form the constructor leaves.
func (f *file) constructedLit(c ir.Constructor, v engine.Value) (string, bool) {
	if c.IO {
		return f.ioLit(v) // stubs.go
	}
	if c.Pkg != "errors" || c.Type != "errorString" {
		panic(fmt.Sprintf("testgen: no constructor call for %s", c.DynName()))
	}
	if len(v.Elems) == 1 && !v.Elems[0].Nil && len(v.Elems[0].Elems) == 1 && len(v.Elems[0].Elems[0].Elems) == 1 {
		return f.std("errors") + "." + c.Func + "(" + strconv.Quote(v.Elems[0].Elems[0].Elems[0].Str) + ")", true
	}
	return "", false
}

// ifaceLit writes an interface value: nil; the package-level variable it
// is (an error sentinel); errors.New("text") for the errors package's
// errors; otherwise the literal of its dynamic value, of its dynamic type
// (int8(5), Sq{S: 2}, &Rect{W: 1}, (*Rect)(nil)).
func (f *file) ifaceLit(v engine.Value) (string, constKind) {
	switch {
	case v.Nil:
		return "nil", untypedNil
	case v.Sentinel != "":
		return f.sentinel(v), typed
	case v.Stub:
		return f.stubIface(v), typed // stubs.go
	default:
		if c, ok := ir.ConstructedBy(v.Dyn); ok {
			if lit, ok := f.constructedLit(c, v); ok {
				return lit, typed
			}
		}
	}
	dt := f.dyn[v.Dyn]
	if dt == nil || len(v.Elems) != 1 {
		if f.err == nil {
			f.err = fmt.Errorf("testgen: no Go type for the dynamic type %q of an interface value", v.Dyn)
		}
		return "nil", untypedNil
	}
	return f.typedLiteral(v.Elems[0], dt), typed
}

// printedType is the dynamic type dyn as fmt's %v of a type (%T) prints
// it: qualified by package names.
func (f *file) printedType(fn Func, dyn string) string {
	t := fn.DynTypes[dyn]
	if t == nil {
		return dyn
	}
	if strings.HasPrefix(dyn, "stub(") && types.IsInterface(t) {
		return "*" + f.pkg.Name() + "." + f.stubType(t) // the file's stub type (stubs.go)
	}
	return types.TypeString(t, func(p *types.Package) string { return p.Name() })
}

// errFields declares the table's columns of an error result.
func (f *file) errFields(w *bytes.Buffer, o *output) {
	fmt.Fprintf(w, "\t\t%s bool\n", o.field)
	if o.err.is != "" {
		fmt.Fprintf(w, "\t\t%s error\n", o.err.is)
	}
	if o.err.msg != "" {
		fmt.Fprintf(w, "\t\t%s string\n", o.err.msg)
	}
}

// writable says whether a literal can write v, of type t, in the package:
// an interface's dynamic value must be of a type the test can name
// (errors.New writes the errors package's errors), and a non-zero field of
// another package's struct must be exported (a result holding a
// bufio.Reader its function built cannot be written), and a function or a
// channel must be nil. Inputs are always
// writable: the engine bounds the others to their zero value (ir.StructField.Unwritable); an
// output that is not is not checked.
func (f *file) writable(v engine.Value, t types.Type) bool {
	if v.Nil || v.Cycle {
		return true
	}
	if opaque(v) { // literal.go: only an opaque type's zero value is written
		return opaqueZero(v)
	}
	if _, _, ok := timeForm(v, t); ok { // seams.go: time.Unix(s, ns).UTC()
		return true
	}
	if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg() != f.pkg && !n.Obj().Exported() {
		return false // a test cannot name it: goldmark's html.defaultWriter, in a renderer's config
	}
	switch u := t.Underlying().(type) {
	case *types.Interface:
		if v.Sentinel != "" || v.Dyn == "*errors.errorString" {
			return true
		}
		dt := f.dyn[v.Dyn]
		return dt != nil && len(v.Elems) == 1 && f.writable(v.Elems[0], dt)
	case *types.Signature, *types.Chan:
		return false // not nil: no literal writes a function or a channel
	case *types.Pointer:
		return len(v.Elems) == 0 || f.writable(v.Elems[0], u.Elem())
	case *types.Slice:
		return f.writableElems(v.Elems, u.Elem())
	case *types.Array:
		return f.writableElems(v.Elems, u.Elem())
	case *types.Map:
		return f.writableElems(v.Keys, u.Key()) && f.writableElems(v.Elems, u.Elem())
	case *types.Struct:
		for i := 0; i < u.NumFields() && i < len(v.Elems); i++ {
			fld := u.Field(i)
			if isZero(v.Elems[i], fld.Type()) {
				continue
			}
			if !fld.Exported() && fld.Pkg() != f.pkg || !f.writable(v.Elems[i], fld.Type()) {
				return false
			}
		}
	}
	return true
}

func (f *file) writableElems(vs []engine.Value, t types.Type) bool {
	for _, v := range vs {
		if !f.writable(v, t) {
			return false
		}
	}
	return true
}
