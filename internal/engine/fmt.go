// fmt's intrinsics: the reflection the fmt replacement asks of the engine's values, concretization, taint, addresses.

package engine

import (
	"fmt"
	"math"
	"strconv"
	"unicode"
	"unicode/utf8"

	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
)

// fmtIntrinsic answers a call of an intrinsic of the fmt replacement
// package (internal/lower/replacements/fmt/intrinsics.go says what each
// computes) at the call instruction in.
type fmtIntrinsic func(m *machine, in *ir.Call, args []val) []val

// Kinds as the fmt replacement numbers them (reflect's, every integer
// kind as Int or Uint).
const (
	kindBool    = 1
	kindInt     = 2
	kindUint    = 7
	kindFloat32 = 13
	kindFloat64 = 14
	kindArray   = 17
	kindFunc    = 19
	kindMap     = 21
	kindPointer = 22
	kindSlice   = 23
	kindString  = 24
	kindStruct  = 25
)

var fmtIntrinsics map[string]fmtIntrinsic

func init() {
	one := func(v val) []val { return []val{v} }
	held := func(m *machine, in *ir.Call, x val) (*ir.DynType, val) {
		d, v := m.DynTypeOf(in.Block(), "fmt "+in.Name(), x)
		if d == nil {
			panic(runError("fmt: a nil interface where a value is needed"))
		}
		return d, v
	}
	fmtIntrinsics = map[string]fmtIntrinsic{
		"kindOf": func(m *machine, in *ir.Call, a []val) []val {
			d, _ := m.DynTypeOf(in.Block(), "fmt "+in.Name(), a[0])
			if d == nil {
				return one(kc(0, 64))
			}
			return one(kc(uint64(fmtKind(d.Type)), 64))
		},
		"typeString": func(m *machine, in *ir.Call, a []val) []val {
			d, _ := held(m, in, a[0])
			return one(constString(reflectName(d.Type)))
		},
		"boolOf": func(m *machine, in *ir.Call, a []val) []val {
			_, v := held(m, in, a[0])
			return one(v)
		},
		"intOf": func(m *machine, in *ir.Call, a []val) []val {
			d, v := held(m, in, a[0])
			return one(m.convInt(v.(*scalar), ir.IntType(d.Type.Width, true), ir.I64))
		},
		"uintOf": func(m *machine, in *ir.Call, a []val) []val {
			d, v := held(m, in, a[0])
			return one(m.convInt(v.(*scalar), ir.IntType(d.Type.Width, false), ir.U64))
		},
		"floatOf": func(m *machine, in *ir.Call, a []val) []val {
			d, v := held(m, in, a[0])
			if d.Type.Width == 32 {
				return one(m.convFloat(v.(*scalar), ir.F32, ir.F64))
			}
			return one(v)
		},
		"stringOf": func(m *machine, in *ir.Call, a []val) []val {
			_, v := held(m, in, a[0])
			return one(v)
		},
		"bytesOf": func(m *machine, in *ir.Call, a []val) []val {
			_, v := held(m, in, a[0])
			return one(v)
		},
		"lenOf": func(m *machine, in *ir.Call, a []val) []val {
			_, v := held(m, in, a[0])
			n, sym := m.concreteLen(v)
			return []val{i64(uint64(n)), boolean(sym)}
		},
		"isNilValue": func(m *machine, in *ir.Call, a []val) []val {
			_, v := held(m, in, a[0])
			if c, ok := v.(*closure); ok {
				return []val{boolean(c.fn == nil), boolean(false)}
			}
			isNil, t := nilness(v)
			return []val{boolean(isNil), boolean(t != nil)}
		},
		"numField": func(m *machine, in *ir.Call, a []val) []val {
			d, _ := held(m, in, a[0])
			return one(i64(uint64(len(d.Type.Fields))))
		},
		"fieldInfo": func(m *machine, in *ir.Call, a []val) []val {
			d, _ := held(m, in, a[0])
			f := d.Type.Fields[concreteIndex(a[1], len(d.Type.Fields))]
			r, _ := utf8.DecodeRuneInString(f.Name)
			return []val{constString(f.Name), boolean(unicode.IsUpper(r)), boolean(f.Embedded)}
		},
		"partIface": func(m *machine, in *ir.Call, a []val) []val {
			d, _ := held(m, in, a[0])
			t := d.Type.Elem
			switch i := int64(a[1].(*scalar).c); {
			case i >= 0:
				t = d.Type.Fields[concreteIndex(a[1], len(d.Type.Fields))].Type
			case i == -2:
				t = d.Type.Key
			}
			return []val{boolean(t.Kind == ir.KInterface), constString(reflectName(t))}
		},
		"elemIsByte": func(m *machine, in *ir.Call, a []val) []val {
			d, _ := held(m, in, a[0])
			e := d.Type.Elem
			return one(boolean(e.Kind == ir.KInt && e.Width == 8 && !e.Signed))
		},
		"field": func(m *machine, in *ir.Call, a []val) []val {
			d, v := held(m, in, a[0])
			i := concreteIndex(a[1], len(d.Type.Fields))
			return one(m.boxPart(v.(*agg).elems[i], d.Type.Fields[i].Type))
		},
		"index": func(m *machine, in *ir.Call, a []val) []val {
			d, v := held(m, in, a[0])
			elems := m.elements(v)
			return one(m.boxPart(elems[concreteIndex(a[1], len(elems))], d.Type.Elem))
		},
		"elem": func(m *machine, in *ir.Call, a []val) []val {
			d, v := held(m, in, a[0])
			p := v.(*ptr)
			if isNil, _ := nilness(p); isNil {
				panic(runError("fmt: the value of a nil pointer"))
			}
			return one(m.boxPart(m.loadPtr(p), d.Type.Elem))
		},
		"mapEntry": func(m *machine, in *ir.Call, a []val) []val {
			d, v := held(m, in, a[0])
			es := m.presentEntries(v.(*mapv))
			e := es[concreteIndex(a[1], len(es))]
			return []val{m.boxPart(e.key, d.Type.Key), m.boxPart(e.v, d.Type.Elem)}
		},
		"pointer": func(m *machine, in *ir.Call, a []val) []val {
			_, v := held(m, in, a[0])
			return one(kc(m.address(v), 64))
		},
		"typeOrder": func(m *machine, in *ir.Call, a []val) []val {
			da, _ := held(m, in, a[0])
			db, _ := held(m, in, a[1])
			if da == db {
				return one(i64(0))
			}
			if da.Index < db.Index {
				return one(kc(math.MaxUint64, 64))
			}
			return one(i64(1))
		},
		"concreteUint":  concreteScalar,
		"concreteBool":  concreteScalar,
		"concreteFloat": concreteScalar,
		"concreteString": func(m *machine, in *ir.Call, a []val) []val {
			s := a[0].(*str)
			if s.concrete() {
				return []val{s, constString("")}
			}
			return []val{constString(string(s.bytes())), constString(m.concretized(s))}
		},
		"formatFloat": func(m *machine, in *ir.Call, a []val) []val {
			f, verb := a[0].(*scalar).c, byte(a[1].(*scalar).c)
			prec, size := int64(a[2].(*scalar).c), int64(a[3].(*scalar).c)
			if prec > 1000 || prec < -1 || size != 32 && size != 64 {
				panic(runError(fmt.Sprintf("fmt: a float printed with precision %d", prec)))
			}
			return one(constString(strconv.FormatFloat(math.Float64frombits(f), verb, int(prec), int(size))))
		},
		"tainted": func(m *machine, in *ir.Call, a []val) []val {
			b := a[0].(*str).bytes()
			if len(b) > maxTainted {
				panic(runError(fmt.Sprintf("fmt: a result of %d bytes computed from concretized values (at most %d are modelled)", len(b), maxTainted)))
			}
			key := string(a[1].(*str).bytes())
			if unfixedKeys[key] != "" {
				m.unfixedVars = true
			}
			return one(m.taintedString(key, b))
		},
		"runtimeError": func(m *machine, in *ir.Call, a []val) []val {
			if x := a[0].(*iface); x.rt != "" {
				text, _ := runtimeErrorText(x.rt) // the port marks the text unfixed all the same
				return []val{constString(text), boolean(true)}
			}
			return []val{constString(""), boolean(false)}
		},
	}
}

// maxTainted bounds the length of a tainted result: each byte is a fresh
// variable, and its length is one too, so that a concatenation after it
// builds a term per byte and slot.
const maxTainted = 4096

// concreteScalar is a scalar's concrete value, and what it depended on
// (concretized).
func concreteScalar(m *machine, in *ir.Call, a []val) []val {
	s := a[0].(*scalar)
	if s.s == nil {
		return []val{s, constString("")}
	}
	return []val{&scalar{c: s.c, width: s.width}, constString(m.concretized(s))}
}

// concretized is the tag of a symbolic value the fmt replacement
// concretizes: the name of what a test cannot fix it depends on, or
// "concretized".
func (m *machine) concretized(v val) string {
	if key := m.unfixedKeyIn(v); key != "" {
		return key
	}
	return "concretized"
}

// fmtKind is the kind the fmt replacement gives a value of type t.
func fmtKind(t *ir.Type) int {
	switch t.Kind {
	case ir.KBool:
		return kindBool
	case ir.KInt:
		if t.Signed {
			return kindInt
		}
		return kindUint
	case ir.KFloat:
		if t.Width == 32 {
			return kindFloat32
		}
		return kindFloat64
	case ir.KString:
		return kindString
	case ir.KArray:
		return kindArray
	case ir.KSlice:
		return kindSlice
	case ir.KStruct:
		return kindStruct
	case ir.KMap:
		return kindMap
	case ir.KPointer:
		return kindPointer
	case ir.KFunc:
		return kindFunc
	}
	panic(runError(fmt.Sprintf("fmt: a value of type %s", t)))
}

// reflectName is reflect's name of t, which the front end gives.
func reflectName(t *ir.Type) string {
	if t.ReflectName == "" {
		panic(runError(fmt.Sprintf("fmt: the Go name of type %s is not known", t)))
	}
	return t.ReflectName
}

// constString is the concrete string s.
func constString(s string) *str {
	r := &str{n: i64(uint64(len(s))), b: make([]*scalar, len(s))}
	for i := 0; i < len(s); i++ {
		r.b[i] = cs(uint64(s[i]), 8)
	}
	return r
}

// concreteIndex is the concrete value of an index below n (the fmt
// replacement passes concrete ones; a forced run's may be anything).
func concreteIndex(v val, n int) int {
	i := v.(*scalar).c
	if i >= uint64(n) {
		panic(runError("fmt: an index out of range"))
	}
	return int(i)
}

// concreteLen is the concrete length of a string, array, slice or map
// (within its slots or elements), and whether it was symbolic.
func (m *machine) concreteLen(v val) (int, bool) {
	switch v := v.(type) {
	case *str:
		return int(min(v.n.c, uint64(len(v.b)))), v.n.s != nil
	case *agg:
		return len(v.elems), false
	case *slice:
		if isNil, _ := nilness(v); isNil {
			return 0, v.nilT != nil
		}
		return int(min(v.n.c, uint64(len(m.window(v))))), v.n.s != nil || v.nilT != nil
	case *mapv:
		sym := v.nilT != nil
		n := 0
		if isNil, _ := nilness(v); !isNil {
			for _, e := range m.tableOf(v).entries {
				sym = sym || e.present.s != nil
				if e.present.c == 1 {
					n++
				}
			}
		}
		return n, sym
	}
	panic(runError(fmt.Sprintf("fmt: the length of a %T", v)))
}

// elements are the elements of an array or of a slice's window.
func (m *machine) elements(v val) []val {
	switch v := v.(type) {
	case *agg:
		return v.elems
	case *slice:
		n, _ := m.concreteLen(v)
		return m.window(v)[:n]
	}
	panic(runError(fmt.Sprintf("fmt: the elements of a %T", v)))
}

// presentEntries are the entries of a map present in this run, in table
// order.
func (m *machine) presentEntries(v *mapv) []entry {
	var out []entry
	if isNil, _ := nilness(v); isNil {
		return nil
	}
	for _, e := range m.tableOf(v).entries {
		if e.present.c == 1 {
			out = append(out, e)
		}
	}
	return out
}

// boxPart is v, a part of type t of a composite, as an interface value
// with t as its dynamic type (the front end made one for every part of
// the program's dynamic types); a part of interface type is already one.
func (m *machine) boxPart(v val, t *ir.Type) val {
	if t.Kind == ir.KInterface {
		return v
	}
	d := m.dynTypeOf(t)
	if d == nil {
		panic(runError(fmt.Sprintf("fmt: no dynamic type %s", reflectName(t))))
	}
	return makeIface(d, v)
}

// dynTypeOf is the dynamic type whose type is t (cached per engine).
func (m *machine) dynTypeOf(t *ir.Type) *ir.DynType {
	key := progType{m.root.Prog, t}
	if d, ok := m.dynOf[key]; ok {
		return d
	}
	var found *ir.DynType
	for _, d := range m.root.Prog.Types {
		if sameGoType(d.Type, t) {
			found = d
			break
		}
	}
	if m.dynOf == nil {
		m.dynOf = map[progType]*ir.DynType{}
	}
	m.dynOf[key] = found
	return found
}

// progType is a type of a program (types are shared by the programs of a
// package's targets; dynamic types are each program's).
type progType struct {
	p *ir.Program
	t *ir.Type
}

// sameGoType reports whether a and b are the same Go type: named types
// by name (unique in a program), basic types by their Go names (int and
// int64 are both i64), the others by their structure.
func sameGoType(a, b *ir.Type) bool {
	if a == b {
		return true
	}
	if a.Kind != b.Kind || a.Name != b.Name || a.ReflectName != b.ReflectName {
		return false
	}
	if a.Name != "" {
		return true
	}
	switch a.Kind {
	case ir.KBool, ir.KString:
		return true
	case ir.KInt, ir.KFloat:
		return a.Width == b.Width && a.Signed == b.Signed
	case ir.KArray:
		return a.Len == b.Len && sameGoType(a.Elem, b.Elem)
	case ir.KPointer, ir.KSlice:
		return sameGoType(a.Elem, b.Elem)
	case ir.KMap:
		return sameGoType(a.Key, b.Key) && sameGoType(a.Elem, b.Elem)
	case ir.KStruct:
		if len(a.Fields) != len(b.Fields) {
			return false
		}
		for i := range a.Fields {
			fa, fb := a.Fields[i], b.Fields[i]
			if fa.Name != fb.Name || fa.Embedded != fb.Embedded || !sameGoType(fa.Type, fb.Type) {
				return false
			}
		}
		return true
	}
	return ir.Identical(a, b)
}

// address is the address a pointer, slice, map or function value holds
// (0 for nil): one of the engine's, the same for the same object in a
// run. Go does not fix addresses: the fmt replacement taints what it
// prints with it under AddressKey.
func (m *machine) address(v val) uint64 {
	var key any
	switch v := v.(type) {
	case *ptr:
		if isNil, _ := nilness(v); !isNil {
			key = v.obj
		}
	case *slice:
		if isNil, _ := nilness(v); !isNil {
			key = v.arr
		}
	case *mapv:
		if isNil, _ := nilness(v); !isNil {
			key = v.obj
		}
	case *closure:
		if v.fn != nil {
			key = v.fn
		}
	default:
		panic(runError(fmt.Sprintf("fmt: the address of a %T", v)))
	}
	if key == nil {
		return 0
	}
	if m.addrs == nil {
		m.addrs = map[any]uint64{}
	}
	a, ok := m.addrs[key]
	if !ok {
		a = 0xc000010000 + 0x40*uint64(len(m.addrs))
		m.addrs[key] = a
	}
	return a
}

// Why a run depends on values a test cannot fix (machine.unfixed).
const (
	AddressReason     = "depends on a pointer's address (not fixed in Go)"
	RuntimeTextReason = "depends on the text of a run-time error (leapfrog knows its start only)"
)

// The names under which the fmt replacement taints a text that depends
// on what a test cannot fix (its addressKey and runtimeTextKey), and the
// engine a conversion's capacity (convcap.go), and the reason each gives.
var unfixedKeys = map[string]string{
	"a pointer's address":     AddressReason,
	"a run-time error's text": RuntimeTextReason,
	capBytesKey:               CapBytesReason, // convcap.go
	capRunesKey:               CapRunesReason,
}

// unfixedIn returns the reason a value depends on what a test cannot fix,
// when a term of it holds a variable tainted under one of unfixedKeys, or
// "" (nothing is looked at before the run made such a variable).
func (m *machine) unfixedIn(v val) string { return unfixedReason(m.unfixedKeyIn(v)) }

// unfixedKeyIn is the key of unfixedKeys a value's terms depend on, or "".
func (m *machine) unfixedKeyIn(v val) string {
	if !m.unfixedVars && m.capFloor == 0 || v == nil {
		return ""
	}
	var terms []*expr.Term
	seen := map[*object]bool{}
	var walk func(v val)
	walk = func(v val) {
		switch v := v.(type) {
		case *scalar:
			if v.s != nil {
				terms = append(terms, v.s)
			}
		case *str:
			walk(v.n)
			for _, b := range v.b {
				walk(b)
			}
		case *agg:
			for _, e := range v.elems {
				walk(e)
			}
		case *tuple:
			for _, e := range v.elems {
				walk(e)
			}
		case *ptr:
			if isNil, _ := nilness(v); !isNil && !seen[v.obj] && v.obj.lazy == nil {
				seen[v.obj] = true
				walk(m.loadPtr(v))
			}
		case *slice:
			if isNil, _ := nilness(v); !isNil && !seen[v.arr] {
				seen[v.arr] = true
				walk(v.n)
				for _, e := range m.window(v) {
					walk(e)
				}
			}
		case *mapv:
			if isNil, _ := nilness(v); !isNil && !seen[v.obj] {
				seen[v.obj] = true
				for _, e := range m.tableOf(v).entries {
					walk(e.key)
					walk(e.v)
				}
			}
		case *iface:
			if v.lazy == nil {
				for _, a := range v.alts {
					walk(a.v)
				}
			}
		}
	}
	walk(v)
	for _, t := range terms {
		if key := m.unfixedKey(t); key != "" {
			return key
		}
	}
	return ""
}

// unfixedOf is the reason the term t depends on what a test cannot fix,
// or "".
func (m *machine) unfixedOf(t *expr.Term) string { return unfixedReason(m.unfixedKey(t)) }

// unfixedKey is the key of unfixedKeys the term t depends on, or ""
// (memoized per run: terms are shared).
func (m *machine) unfixedKey(t *expr.Term) string {
	if key, ok := m.unfixedMemo[t]; ok {
		return key
	}
	key := ""
	if t.Op == expr.OpVar && unfixedReason(External(t.Name)) != "" {
		key = External(t.Name)
	}
	for _, a := range t.Args {
		if key != "" {
			break
		}
		key = m.unfixedKey(a)
	}
	if m.unfixedMemo == nil {
		m.unfixedMemo = map[*expr.Term]string{}
	}
	m.unfixedMemo[t] = key
	return key
}

// unfixedCode numbers the reasons (state numbers).
func unfixedCode(why string) uint64 {
	switch why {
	case "":
		return 0
	case AddressReason:
		return 1
	}
	return 2
}

// runtimeErrorText is the Error() of a run-time error of kind rt (the
// panic kind, ir.BranchKind.PanicMessage) as Go writes it, and whether that
// is the whole text: the kinds whose message has no operands are exact
// (checked against compiled Go, TestRuntimeErrorText); the others (index
// and slice bounds, conversions, uncomparable types) are only their start.
func runtimeErrorText(rt string) (string, bool) {
	switch rt {
	case "nil pointer dereference":
		return "runtime error: invalid memory address or nil pointer dereference", true
	case "assignment to entry in nil map":
		return rt, true
	case "integer divide by zero", "negative shift amount", "makeslice: len out of range", "makeslice: cap out of range":
		return "runtime error: " + rt, true
	}
	return "runtime error: " + rt, false
}
