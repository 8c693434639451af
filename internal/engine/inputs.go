// Inputs: the parameters' values built from a model, lazily for pointees, with the facts of the input domain.

package engine

import (
	"fmt"

	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
)

// lazyInput is an input pointee not made yet: the path of the pointer (its
// pointee's too), the pointee's type and its depth (pointers followed from
// a parameter).
type lazyInput struct {
	path  ir.InputPath
	t     *ir.Type
	depth int
}

// facts collects the domain constraints met while building an input:
// exact facts, size bounds, the bounds of interface inputs to the types a
// test can construct (ifaces.go) and of opaque inputs to their zero value.
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
		args[i] = m.input(ir.ParamPath(p.Ident), p.Typ, 0, f)
	}
	m.recordFacts(fn.Blocks[0], "inputs", f)
	return args
}

// recordFacts records the domain steps of f at block b.
func (m *machine) recordFacts(b *ir.Block, name string, f *facts) {
	holds := f.holds
	if len(f.exact) > 0 {
		t := m.B.And(f.exact...)
		m.domain(b, ir.DomainFact, name, t, holds || m.evalBool(t))
	}
	if len(f.bound) > 0 {
		t := m.B.And(f.bound...)
		m.domain(b, ir.SizeBound, name, t, m.evalBool(t))
	}
	if len(f.typeBound) > 0 {
		t := m.B.And(f.typeBound...)
		m.domain(b, ir.TypesBound, name+typesBoundName, t, m.evalBool(t))
	}
	if len(f.zeroBound) > 0 {
		t := m.B.And(f.zeroBound...)
		m.domain(b, ir.ZeroBound, name+zeroBoundName, t, m.evalBool(t))
	}
}

// evalBool evaluates a term under the run's model (with the defaults).
func (m *machine) evalBool(t *expr.Term) bool {
	return expr.Eval(t, m.withDefaults(t)) == 1
}

// withDefaults returns the model completed with the default of every
// variable of t that it lacks: 0, or 1 for the nil variables nilVariable
// recorded as nil by default.
func (m *machine) withDefaults(ts ...*expr.Term) map[string]uint64 {
	out := map[string]uint64{}
	for _, v := range expr.Vars(ts...) {
		out[v.Name] = m.value(v.Name, v.Width, b2u(m.path.nilDefault[v.Name]))
	}
	return out
}

// value returns the model's bits for a variable of width w, or the run's
// default for it (Path.defaults), or def.
func (m *machine) value(name string, w int, def uint64) uint64 {
	if v, ok := m.model[name]; ok {
		return v & expr.Mask(w)
	}
	if m.path != nil && m.path.defaults != nil {
		if d, ok := m.path.defaults[name]; ok {
			return d & expr.Mask(w)
		}
	}
	return def & expr.Mask(w)
}

// variable returns the scalar input variable name of width w, 0 when the
// model lacks it.
func (m *machine) variable(name string, w int) *scalar {
	return &scalar{c: m.value(name, w, 0), s: m.B.Var(name, w), width: w}
}

// nilVariable returns the variable saying the reference at p is nil, its
// default p's (recorded for withDefaults).
func (m *machine) nilVariable(p ir.InputPath) *scalar {
	return m.nilVar(p, p.NilByDefault())
}

// nilVar is nilVariable with the default nilByDefault.
func (m *machine) nilVar(p ir.InputPath, nilByDefault bool) *scalar {
	name := p.NilVar()
	if !nilByDefault {
		return m.variable(name, 0)
	}
	if m.path.nilDefault == nil {
		m.path.nilDefault = map[string]bool{}
	}
	m.path.nilDefault[name] = true
	return &scalar{c: m.value(name, 0, 1), s: m.B.Var(name, 0), width: 0}
}

// input builds the input value of type t at path p, depth pointers deep.
// An opaque type's value is bounded to its zero value (replaced.go).
func (m *machine) input(p ir.InputPath, t *ir.Type, depth int, f *facts) val {
	if t.Opaque && t.Kind == ir.KPointer {
		// A channel (lower's chans.go): bounded to nil, nil by default
		// (a parameter's own pointer is not: its first run would violate
		// the bound).
		nv := m.nilVar(p, true)
		f.zeroBound = append(f.zeroBound, nv.s)
		return &ptr{obj: &object{lazy: &lazyInput{path: p, t: t.Elem, depth: depth + 1}, input: p}, nilT: nv.s, isNil: nv.c == 1}
	}
	if t.Opaque {
		u := *t
		u.Opaque = false
		before := len(f.zeroBound) // its unwritable fields' bounds are part of the whole's
		v := m.input(p, &u, depth, f)
		f.zeroBound = m.zeroTerms(v, f.zeroBound[:before])
		return v
	}
	switch t.Kind {
	case ir.KBool, ir.KInt, ir.KFloat:
		return m.variable(p.String(), widthOf(t))
	case ir.KArray:
		a := &agg{elems: make([]val, t.Len)}
		for i := range a.elems {
			a.elems[i] = m.input(p.Elem(i), t.Elem, depth, f)
		}
		return a
	case ir.KStruct:
		if isTimeType(t) {
			return m.timeInput(p, t, depth, f) // seams.go
		}
		a := &agg{elems: make([]val, len(t.Fields))}
		for i, fl := range t.Fields {
			a.elems[i] = m.input(p.Field(fl.Name), fl.Type, depth, f)
			if fl.Unwritable && !m.path.constructed[p.String()] {
				f.zeroBound = m.zeroTerms(a.elems[i], f.zeroBound)
			}
		}
		return a
	case ir.KPointer:
		nv := m.nilVariable(p)
		if depth >= m.MaxLen {
			f.bound = append(f.bound, nv.s)
			f.holds = f.holds && nv.c == 1
		}
		return &ptr{obj: &object{lazy: &lazyInput{path: p, t: t.Elem, depth: depth + 1}, input: p}, nilT: nv.s, isNil: nv.c == 1}
	case ir.KString:
		n := m.length0(p, f)
		s := &str{n: n, b: make([]*scalar, m.MaxLen)}
		for k := range s.b {
			s.b[k] = m.variable(p.Elem(k).String(), 8)
		}
		return s
	case ir.KSlice:
		nv := m.nilVariable(p)
		n := m.length0(p, f)
		m.emptyIfNil(nv, n, f)
		c := m.capacity(p, nv, n, f)
		elems := make([]val, m.MaxLen)
		for k := range elems {
			elems[k] = m.input(p.Elem(k), t.Elem, depth, f)
		}
		return &slice{arr: &object{v: &agg{elems: elems}}, off: i64(0), n: n, cap: c, nilT: nv.s, isNil: nv.c == 1}
	case ir.KMap:
		nv := m.nilVariable(p)
		n := m.length0(p, f)
		m.emptyIfNil(nv, n, f)
		tb := &table{entries: make([]entry, m.MaxLen)}
		for k := range tb.entries {
			tb.entries[k] = entry{
				present: m.uop(ir.Lt, i64(uint64(k)), n),
				key:     m.input(p.MapKey(k), t.Key, depth, f),
				v:       m.input(p.MapValue(k), t.Elem, depth, f),
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
		return m.inputIface(p, t, depth, f)
	case ir.KFunc:
		return m.inputFunc(p, t, depth, f) // stubs.go
	}
	panic(runError(fmt.Sprintf("input of type %s", t)))
}

// length0 is the length variable of the string, slice or map at p, bounded
// by MaxLen.
func (m *machine) length0(p ir.InputPath, f *facts) *scalar {
	n := m.variable(p.LenVar(), 64)
	f.bound = append(f.bound, m.B.Ule(n.s, m.B.BVConst(64, uint64(m.MaxLen))))
	// A length is an int, and never negative (a fact, not a bound).
	f.exact = append(f.exact, m.B.Sle(m.B.BVConst(64, 0), n.s))
	f.holds = f.holds && int64(n.c) >= 0
	return n
}

// capacity is the capacity of the input slice at p of length n: n plus
// its spare capacity (p.SpareVar(), 0 unless the model says otherwise: never
// negative, 0 for nil, the whole capacity within the size bound). The
// elements between length and capacity are inputs too (x[k], k >= len):
// the test writes them ([]T{..., spare...}[:len]).
func (m *machine) capacity(p ir.InputPath, nv, n *scalar, f *facts) *scalar {
	x := m.variable(p.SpareVar(), 64)
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

// materialize makes a lazy input pointee, recording its domain facts. It
// is all or nothing: when input gives up (a runError: an input of a type
// it cannot build), the object stays lazy, so that whoever recovers the
// error (a merge undone, an aside run) finds it as it was, not empty.
func (m *machine) materialize(obj *object) {
	lz := obj.lazy
	f := &facts{holds: true}
	v := m.input(lz.path, lz.t, lz.depth, f)
	obj.lazy, obj.v = nil, v
	m.recordFacts(m.here(), lz.path.String(), f)
}

// reportInput is the report form of the input at p as the model gives it
// (defaults included): what the emitted test constructs. It follows the
// same paths and defaults as input, but only as far as the lengths and
// nil-ness say.
func (m *machine) reportInput(p ir.InputPath, t *ir.Type, depth int) Value {
	switch t.Kind {
	case ir.KBool, ir.KInt, ir.KFloat:
		w := widthOf(t)
		return Value{Type: t, Bits: m.value(p.String(), w, 0)}
	case ir.KArray:
		r := Value{Type: t, Elems: make([]Value, t.Len)}
		for i := range r.Elems {
			r.Elems[i] = m.reportInput(p.Elem(i), t.Elem, depth)
		}
		return r
	case ir.KStruct:
		r := Value{Type: t, Elems: make([]Value, len(t.Fields))}
		for i, fl := range t.Fields {
			r.Elems[i] = m.reportInput(p.Field(fl.Name), fl.Type, depth)
		}
		return r
	case ir.KPointer:
		if t.Opaque && m.value(p.NilVar(), 0, 1) == 1 { // a channel: nil by default (input)
			return Value{Type: t, Nil: true}
		}
		if m.isNil(p) || depth >= m.MaxLen {
			return Value{Type: t, Nil: true}
		}
		return Value{Type: t, Elems: []Value{m.reportInput(p, t.Elem, depth+1)}}
	case ir.KString:
		n := m.reportLen(p)
		b := make([]byte, n)
		for k := range b {
			b[k] = byte(m.value(p.Elem(k).String(), 8, 0))
		}
		return Value{Type: t, Str: string(b)}
	case ir.KSlice:
		if m.isNil(p) {
			return Value{Type: t, Nil: true}
		}
		n := m.reportLen(p)
		spare := int(min(m.value(p.SpareVar(), 64, 0), uint64(m.MaxLen-n)))
		r := Value{Type: t, Elems: make([]Value, n), Cap: int64(n + spare)}
		for k := range r.Elems {
			r.Elems[k] = m.reportInput(p.Elem(k), t.Elem, depth)
		}
		for k := n; k < n+spare; k++ {
			r.Spare = append(r.Spare, m.reportInput(p.Elem(k), t.Elem, depth))
		}
		return r
	case ir.KMap:
		if m.isNil(p) {
			return Value{Type: t, Nil: true}
		}
		n := m.reportLen(p)
		r := Value{Type: t}
		for k := 0; k < n; k++ {
			r.Keys = append(r.Keys, m.reportInput(p.MapKey(k), t.Key, depth))
			r.Elems = append(r.Elems, m.reportInput(p.MapValue(k), t.Elem, depth))
		}
		sortEntries(&r)
		return r
	case ir.KInterface:
		return m.reportIface(p, t, depth)
	case ir.KFunc:
		if m.isNil(p) || depth >= m.MaxLen {
			return Value{Type: t, Nil: true}
		}
		return m.reportStub(p, t, "")
	}
	return Value{Type: t}
}

// isNil reports whether the model (with the default) makes the reference
// at p nil.
func (m *machine) isNil(p ir.InputPath) bool {
	return m.value(p.NilVar(), 0, b2u(p.NilByDefault())) == 1
}

// reportLen is the length of an input as the model gives it, within the bound.
func (m *machine) reportLen(p ir.InputPath) int {
	n := m.value(p.LenVar(), 64, 0)
	if n > uint64(m.MaxLen) {
		n = uint64(m.MaxLen)
	}
	return int(n)
}
