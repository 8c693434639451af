// Inputs: the parameters' values built from a model, lazily for pointees, with the facts of the input domain.

package engine

import (
	"fmt"

	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
	"leapfrog/internal/report"
)

// NilVar is the name of the input variable that is true when the pointer,
// slice or map named p is nil.
func NilVar(p string) string { return p + "#nil" }

// LenVar is the name of the length of the string, slice or map named p.
func LenVar(p string) string { return p + "#len" }

// SpareVar is the name of the capacity of the slice named p beyond its
// length.
func SpareVar(p string) string { return p + "#spare" }

// AliasVar names the bool "pointer input p points to object k of the
// package state" (aliasBound).
func AliasVar(p string, k int) string { return fmt.Sprintf("%s#alias%d", p, k) }

// ElemName names element k of the string or slice p.
func ElemName(p string, k int) string { return fmt.Sprintf("%s[%d]", p, k) }

// KeyName and ValueName name entry k of the map p.
func KeyName(p string, k int) string   { return fmt.Sprintf("%s#k[%d]", p, k) }
func ValueName(p string, k int) string { return fmt.Sprintf("%s#v[%d]", p, k) }

// lazyInput is an input pointee not made yet: the name of the pointer, the
// pointee's type and its depth (pointers followed from a parameter).
type lazyInput struct {
	name  string
	t     *ir.Type
	depth int
}

// facts collects the domain constraints met while building an input:
// exact facts, size bounds, and the bounds of interface inputs to the
// types a test can construct (ifaces.go).
type facts struct {
	exact, bound, typeBound, zeroBound []*expr.Term
	holds                              bool // the model satisfies them all
}

// inputs builds the arguments of fn from the model, records the domain
// steps of what it built, and the report form of every input.
func (m *machine) inputs(fn *ir.Function) []val {
	args := make([]val, len(fn.Params))
	f := &facts{holds: true}
	for i, p := range fn.Params {
		args[i] = m.input(p.Ident, p.Typ, 0, f)
	}
	m.recordFacts(fn.Blocks[0], "inputs", f)
	return args
}

// recordFacts records the domain steps of f at block b.
func (m *machine) recordFacts(b *ir.Block, name string, f *facts) {
	holds := f.holds
	if len(f.exact) > 0 {
		t := m.B.And(f.exact...)
		m.domain(b, DomainFact, name, t, holds || m.evalBool(t))
	}
	if len(f.bound) > 0 {
		t := m.B.And(f.bound...)
		m.domain(b, DomainBound, name, t, m.evalBool(t))
	}
	if len(f.typeBound) > 0 {
		t := m.B.And(f.typeBound...)
		m.domain(b, DomainBound, name+TypesBound, t, m.evalBool(t))
	}
	if len(f.zeroBound) > 0 {
		t := m.B.And(f.zeroBound...)
		m.domain(b, DomainBound, name+ZeroBound, t, m.evalBool(t))
	}
}

// evalBool evaluates a term under the run's model (with the defaults).
func (m *machine) evalBool(t *expr.Term) bool {
	return expr.Eval(t, m.withDefaults(t)) == 1
}

// withDefaults returns the model completed with the default of every
// variable of t that it lacks.
func (m *machine) withDefaults(ts ...*expr.Term) map[string]uint64 {
	out := map[string]uint64{}
	for _, v := range expr.Vars(ts...) {
		out[v.Name] = m.value(v.Name, v.Width, defaultOf(v.Name))
	}
	return out
}

// defaultOf is the value of a variable the model lacks: 0, except that a
// pointer inside an input (a name with a '.', '[' or '#' before "#nil") is
// nil by default, so that first runs do not build long structures; the
// value an interface input holds (p#as(*T)#nil) is not.
func defaultOf(name string) uint64 {
	const suffix = "#nil"
	if len(name) > len(suffix) && name[len(name)-len(suffix):] == suffix {
		base := name[:len(name)-len(suffix)]
		if isCandidateName(base) {
			return 0
		}
		for _, r := range base {
			if r == '.' || r == '[' || r == '#' {
				return 1
			}
		}
	}
	return 0
}

// value returns the model's bits for a variable of width w, or def.
func (m *machine) value(name string, w int, def uint64) uint64 {
	if v, ok := m.model[name]; ok {
		return v & expr.Mask(w)
	}
	return def & expr.Mask(w)
}

// variable returns the scalar input variable name of width w.
func (m *machine) variable(name string, w int) *scalar {
	return &scalar{c: m.value(name, w, defaultOf(name)), s: m.B.Var(name, w), width: w}
}

// input builds the input value of type t named name, depth pointers deep.
// An opaque type's value is bounded to its zero value (replaced.go).
func (m *machine) input(name string, t *ir.Type, depth int, f *facts) val {
	if t.Opaque {
		u := *t
		u.Opaque = false
		v := m.input(name, &u, depth, f)
		f.zeroBound = m.zeroTerms(v, f.zeroBound)
		return v
	}
	switch t.Kind {
	case ir.KBool, ir.KInt, ir.KFloat:
		return m.variable(name, widthOf(t))
	case ir.KArray:
		a := &agg{elems: make([]val, t.Len)}
		for i := range a.elems {
			a.elems[i] = m.input(ElemName(name, i), t.Elem, depth, f)
		}
		return a
	case ir.KStruct:
		a := &agg{elems: make([]val, len(t.Fields))}
		for i, fl := range t.Fields {
			a.elems[i] = m.input(name+"."+fl.Name, fl.Type, depth, f)
		}
		return a
	case ir.KPointer:
		nv := m.variable(NilVar(name), 0)
		if depth >= m.MaxLen {
			f.bound = append(f.bound, nv.s)
			f.holds = f.holds && nv.c == 1
		}
		return &ptr{obj: &object{lazy: &lazyInput{name: name, t: t.Elem, depth: depth + 1}, input: name}, nilT: nv.s, isNil: nv.c == 1}
	case ir.KString:
		n := m.length0(name, f)
		s := &str{n: n, b: make([]*scalar, m.MaxLen)}
		for k := range s.b {
			s.b[k] = m.variable(ElemName(name, k), 8)
		}
		return s
	case ir.KSlice:
		nv := m.variable(NilVar(name), 0)
		n := m.length0(name, f)
		m.emptyIfNil(nv, n, f)
		c := m.capacity(name, nv, n, f)
		elems := make([]val, m.MaxLen)
		for k := range elems {
			elems[k] = m.input(ElemName(name, k), t.Elem, depth, f)
		}
		return &slice{arr: &object{v: &agg{elems: elems}}, off: i64(0), n: n, cap: c, nilT: nv.s, isNil: nv.c == 1}
	case ir.KMap:
		nv := m.variable(NilVar(name), 0)
		n := m.length0(name, f)
		m.emptyIfNil(nv, n, f)
		tb := &table{entries: make([]entry, m.MaxLen)}
		for k := range tb.entries {
			tb.entries[k] = entry{
				present: m.uop(ir.Lt, i64(uint64(k)), n),
				key:     m.input(KeyName(name, k), t.Key, depth, f),
				v:       m.input(ValueName(name, k), t.Elem, depth, f),
			}
		}
		// Keys of present entries are distinct.
		for k := range tb.entries {
			for j := 0; j < k; j++ {
				eq, et := m.equal(t.Key, tb.entries[j].key, tb.entries[k].key)
				if et == nil {
					et = m.B.BoolConst(eq)
				}
				present := tb.entries[k].present
				f.exact = append(f.exact, m.B.Implies(m.term(present), m.B.Not(et)))
				f.holds = f.holds && !(present.c == 1 && eq)
			}
		}
		return &mapv{obj: &object{v: tb}, nilT: nv.s, isNil: nv.c == 1}
	case ir.KInterface:
		return m.inputIface(name, t, depth, f)
	}
	panic(runError(fmt.Sprintf("input of type %s", t)))
}

// length0 is the length variable of the string, slice or map name, bounded
// by MaxLen.
func (m *machine) length0(name string, f *facts) *scalar {
	n := m.variable(LenVar(name), 64)
	f.bound = append(f.bound, m.B.Ule(n.s, m.B.BVConst(64, uint64(m.MaxLen))))
	// A length is an int, and never negative (a fact, not a bound).
	f.exact = append(f.exact, m.B.Sle(m.B.BVConst(64, 0), n.s))
	f.holds = f.holds && int64(n.c) >= 0
	return n
}

// capacity is the capacity of the input slice name of length n: n plus
// its spare capacity (SpareVar, 0 unless the model says otherwise: never
// negative, 0 for nil, the whole capacity within the size bound). The
// elements between length and capacity are inputs too (x[k], k >= len):
// the test writes them ([]T{..., spare...}[:len]).
func (m *machine) capacity(name string, nv, n *scalar, f *facts) *scalar {
	x := m.variable(SpareVar(name), 64)
	c := m.uop(ir.Add, n, x)
	f.exact = append(f.exact, m.B.Sle(m.B.BVConst(64, 0), x.s), m.B.Sle(n.s, c.s),
		m.B.Implies(nv.s, m.B.Eq(x.s, m.B.BVConst(64, 0))))
	f.holds = f.holds && int64(x.c) >= 0 && int64(n.c) <= int64(c.c) && (nv.c == 0 || x.c == 0)
	f.bound = append(f.bound, m.B.Ule(c.s, m.B.BVConst(64, uint64(m.MaxLen))))
	return c
}

// emptyIfNil adds the fact that a nil slice or map is empty.
func (m *machine) emptyIfNil(nv, n *scalar, f *facts) {
	f.exact = append(f.exact, m.B.Implies(nv.s, m.B.Eq(n.s, m.B.BVConst(64, 0))))
	f.holds = f.holds && (nv.c == 0 || n.c == 0)
}

// here is the block being executed, or the root's entry before the first:
// where the domain facts of an input made now are recorded.
func (m *machine) here() *ir.Block {
	if m.at == nil {
		return m.root.Blocks[0]
	}
	return m.at
}

// materialize makes a lazy input pointee, recording its domain facts.
func (m *machine) materialize(obj *object) {
	lz := obj.lazy
	obj.lazy = nil
	f := &facts{holds: true}
	obj.v = m.input(lz.name, lz.t, lz.depth, f)
	m.recordFacts(m.here(), lz.name, f)
}

// reportInput is the report form of the input named name as the model
// gives it (defaults included): what the emitted test constructs. It
// follows the same names and defaults as input, but only as far as the
// lengths and nil-ness say.
func (m *machine) reportInput(name string, t *ir.Type, depth int) report.Value {
	switch t.Kind {
	case ir.KBool, ir.KInt, ir.KFloat:
		w := widthOf(t)
		return report.Value{Type: t, Bits: m.value(name, w, 0)}
	case ir.KArray:
		r := report.Value{Type: t, Elems: make([]report.Value, t.Len)}
		for i := range r.Elems {
			r.Elems[i] = m.reportInput(ElemName(name, i), t.Elem, depth)
		}
		return r
	case ir.KStruct:
		r := report.Value{Type: t, Elems: make([]report.Value, len(t.Fields))}
		for i, fl := range t.Fields {
			r.Elems[i] = m.reportInput(name+"."+fl.Name, fl.Type, depth)
		}
		return r
	case ir.KPointer:
		if m.value(NilVar(name), 0, defaultOf(NilVar(name))) == 1 || depth >= m.MaxLen {
			return report.Value{Type: t, Nil: true}
		}
		return report.Value{Type: t, Elems: []report.Value{m.reportInput(name, t.Elem, depth+1)}}
	case ir.KString:
		n := m.reportLen(name)
		b := make([]byte, n)
		for k := range b {
			b[k] = byte(m.value(ElemName(name, k), 8, 0))
		}
		return report.Value{Type: t, Str: string(b)}
	case ir.KSlice:
		if m.value(NilVar(name), 0, defaultOf(NilVar(name))) == 1 {
			return report.Value{Type: t, Nil: true}
		}
		n := m.reportLen(name)
		spare := int(min(m.value(SpareVar(name), 64, 0), uint64(m.MaxLen-n)))
		r := report.Value{Type: t, Elems: make([]report.Value, n), Cap: int64(n + spare)}
		for k := range r.Elems {
			r.Elems[k] = m.reportInput(ElemName(name, k), t.Elem, depth)
		}
		for k := n; k < n+spare; k++ {
			r.Spare = append(r.Spare, m.reportInput(ElemName(name, k), t.Elem, depth))
		}
		return r
	case ir.KMap:
		if m.value(NilVar(name), 0, defaultOf(NilVar(name))) == 1 {
			return report.Value{Type: t, Nil: true}
		}
		n := m.reportLen(name)
		r := report.Value{Type: t}
		for k := 0; k < n; k++ {
			r.Keys = append(r.Keys, m.reportInput(KeyName(name, k), t.Key, depth))
			r.Elems = append(r.Elems, m.reportInput(ValueName(name, k), t.Elem, depth))
		}
		sortEntries(&r)
		return r
	case ir.KInterface:
		return m.reportIface(name, t, depth)
	}
	return report.Value{Type: t}
}

// reportLen is the length of an input as the model gives it, within the bound.
func (m *machine) reportLen(name string) int {
	n := m.value(LenVar(name), 64, 0)
	if n > uint64(m.MaxLen) {
		n = uint64(m.MaxLen)
	}
	return int(n)
}
