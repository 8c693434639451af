// Memory: loads and stores through access paths (symbolic indices as ite chains), pointer comparison.

package engine

import (
	"fmt"

	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
)

// contents returns the value held by obj, making a lazy input pointee first.
func (m *machine) contents(obj *object) val {
	if obj.lazy != nil {
		m.materialize(obj)
	}
	if obj.capUnsure != "" && m.unfixed == "" {
		m.unfixed = obj.capUnsure
	}
	return obj.v
}

// loadPtr reads the value p points to.
func (m *machine) loadPtr(p *ptr) val { return m.load(m.contents(p.obj), p.path) }

// storePtr writes x where p points.
func (m *machine) storePtr(p *ptr, x val) {
	old := m.contents(p.obj)
	p.obj.set(m.store(old, p.path, x))
}

// load reads the value at path below v.
func (m *machine) load(v val, path []step) val {
	if len(path) == 0 {
		return v
	}
	a := v.(*agg)
	st := path[0]
	if st.index == nil {
		return m.load(a.elems[st.field], path[1:])
	}
	if len(a.elems) == 0 {
		// No element: only a forced run's meaningless values get here
		// (checks keep real indices in range).
		if st.elem == nil {
			panic(runError("an element read from an empty array"))
		}
		return m.load(m.anyLike(zero(st.elem)), path[1:])
	}
	if st.index.s == nil {
		if st.index.c >= uint64(len(a.elems)) {
			return m.anyLike(m.load(a.elems[len(a.elems)-1], path[1:]))
		}
		return m.load(a.elems[st.index.c], path[1:])
	}
	// Symbolic index: an ite chain over every element, and beyond them any
	// value (see pick).
	idx := st.index
	var r val
	if len(a.elems) > 0 {
		r = m.anyLike(m.load(a.elems[len(a.elems)-1], path[1:]))
	}
	for k := len(a.elems) - 1; k >= 0; k-- {
		cond := m.B.Eq(idx.s, m.B.BVConst(idx.width, uint64(k)))
		r = m.ite(cond, idx.c == uint64(k), m.load(a.elems[k], path[1:]), r)
	}
	return r
}

// anyLike returns a value shaped like v made of fresh variables: what an
// element beyond the modelled ones may hold. Over-approximating there keeps
// a refutation that does not need a size bound valid for every size: the
// modelled slots are exact, the others can be anything. References (which
// cannot be fresh) stay as they are.
func (m *machine) anyLike(v val) val {
	switch v := v.(type) {
	case *scalar:
		m.anyN++
		name := fmt.Sprintf("any#%s%d.%d", m.anyTag, m.anyN, v.width) // a name has one width
		return &scalar{c: v.c, s: m.B.Var(name, v.width), width: v.width}
	case *agg:
		r := &agg{elems: make([]val, len(v.elems))}
		for i, e := range v.elems {
			r.elems[i] = m.anyLike(e)
		}
		return r
	case *str:
		r := &str{n: m.anyLike(v.n).(*scalar), b: make([]*scalar, len(v.b))}
		for i, b := range v.b {
			r.b[i] = m.anyLike(b).(*scalar)
		}
		return r
	}
	return v
}

// store returns v with the value at path replaced by x (v is not modified).
func (e *Engine) store(v val, path []step, x val) val {
	if len(path) == 0 {
		return x
	}
	a := v.(*agg)
	r := newAgg(len(a.elems))
	copy(r.elems, a.elems)
	st := path[0]
	switch {
	case st.index == nil:
		r.elems[st.field] = e.store(a.elems[st.field], path[1:], x)
	case st.index.s == nil:
		if st.index.c >= uint64(len(a.elems)) {
			return v // beyond the elements: nothing modelled changes
		}
		k := int(st.index.c)
		r.elems[k] = e.store(a.elems[k], path[1:], x)
	default:
		idx := st.index
		for k := range a.elems {
			cond := e.B.Eq(idx.s, e.B.BVConst(idx.width, uint64(k)))
			r.elems[k] = e.ite(cond, idx.c == uint64(k), e.store(a.elems[k], path[1:], x), a.elems[k])
		}
	}
	return r
}

// clampIndex keeps a concrete index inside n elements. Checks keep indices
// in range in real runs; a forced run's concrete values are meaningless (its
// terms are right), so any element will do there.
func clampIndex(c uint64, n int) int {
	if c >= uint64(n) {
		return 0
	}
	return int(c)
}

// ptrEq compares two pointers as Go does: both nil, or both pointing to the
// same place (the same object, the same fields, equal element indices). It
// returns the concrete answer and, when it depends on the inputs (a
// symbolic index on the way, an input pointer that may be nil), the term.
// Distinct objects never alias: input pointers point to fresh objects.
func (m *machine) ptrEq(a, b *ptr) (bool, *expr.Term) {
	e := m.Engine
	an, ant := nilness(a)
	bn, bnt := nilness(b)
	tc, tt := e.sameTarget(a, b)
	if tt == nil && !tc && a.obj != nil && b.obj != nil {
		tt = m.aliasBound(a.obj, b.obj)
	}
	return e.refEq(an, ant, bn, bnt, tc, tt)
}

// aliasBound returns, when one of two distinct objects is the pointee of a
// pointer input and the other belongs to the package state, the term "the
// input points to that object": a variable that the input domain holds
// false, as a bound. Inputs point to fresh objects, but Go lets a caller
// pass a package-level variable's address, or a sentinel error (err ==
// io.EOF): an outcome only that reaches is unknown ("pointer inputs do not
// alias the package's variables"), never unreachable. Otherwise nil.
func (m *machine) aliasBound(x, y *object) *expr.Term {
	if x.input == (ir.InputPath{}) {
		x, y = y, x
	}
	if x.input == (ir.InputPath{}) || y.shared == 0 {
		return nil
	}
	name := x.input.AliasVar(y.shared)
	v := m.variable(name, 0)
	m.domain(m.here(), ir.AliasBound, name+aliasBoundName, m.B.Not(v.s), v.c == 0)
	return v.s
}

// refEq combines the nil-ness of two references and whether their targets
// are the same into Go's equality: both nil, or neither nil and the same
// target.
func (e *Engine) refEq(an bool, ant *expr.Term, bn bool, bnt *expr.Term, tc bool, tt *expr.Term) (bool, *expr.Term) {
	conc := an && bn || !an && !bn && tc
	if ant == nil && bnt == nil && tt == nil {
		return conc, nil
	}
	nilA, nilB, target := ant, bnt, tt
	if nilA == nil {
		nilA = e.B.BoolConst(an)
	}
	if nilB == nil {
		nilB = e.B.BoolConst(bn)
	}
	if target == nil {
		target = e.B.BoolConst(tc)
	}
	t := e.B.Or(e.B.And(nilA, nilB), e.B.And(e.B.Not(nilA), e.B.Not(nilB), target))
	if t.IsConst() {
		return t.Val == 1, nil
	}
	return conc, t
}

// sameTarget reports whether two non-nil pointers would point to the same
// place: concretely, and as a term when symbolic indices decide it.
func (e *Engine) sameTarget(a, b *ptr) (bool, *expr.Term) {
	if a.obj == nil || a.obj != b.obj || len(a.path) != len(b.path) {
		return false, nil
	}
	c := true
	var conj []*expr.Term
	for i := range a.path {
		x, y := a.path[i], b.path[i]
		switch {
		case (x.index == nil) != (y.index == nil):
			return false, nil
		case x.index == nil:
			if x.field != y.field {
				return false, nil
			}
		case x.index.s == nil && y.index.s == nil:
			if x.index.c != y.index.c {
				return false, nil
			}
		default:
			c = c && x.index.c == y.index.c
			conj = append(conj, e.B.Eq(e.term(x.index), e.term(y.index)))
		}
	}
	if len(conj) == 0 {
		return c, nil
	}
	t := e.B.And(conj...)
	if t.IsConst() {
		return t.Val == 1, nil
	}
	return c, t
}
