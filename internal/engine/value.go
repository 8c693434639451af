// Run-time values of the concolic interpreter: concrete bits with an optional symbolic term.

package engine

import (
	"fmt"

	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
	"leapfrog/internal/report"
)

// val is a run-time value: *scalar, *agg, *ptr or *tuple.
type val interface{ isVal() }

// scalar is a bool or integer: its concrete bits and, when it depends on the
// inputs, the symbolic term computing it (nil when concrete).
type scalar struct {
	c     uint64
	s     *expr.Term
	width int // 0 for bool
}

// agg is an array or struct value (copied on write).
type agg struct{ elems []val }

// ptr points into a memory object; obj == nil is the constant nil. An input
// pointer (a parameter of the function under test) may be nil: nilT is the
// input variable "<param>#nil" saying so, isNil its concrete value, and obj
// is the fresh object it points to when it is not nil (so that comparisons
// know its identity whichever way the run went).
type ptr struct {
	obj   *object
	path  []step
	nilT  *expr.Term
	isNil bool
}

// NilVar is the name of the input variable that is true when the pointer
// parameter p is nil.
func NilVar(p string) string { return p + "#nil" }

// nilness returns whether p is nil, concretely and as a term (nil when it
// does not depend on the inputs).
func (p *ptr) nilness() (bool, *expr.Term) {
	if p.obj == nil {
		return true, nil
	}
	return p.isNil, p.nilT
}

// step selects a field or an element. An element index may be symbolic.
type step struct {
	index *scalar // array element (nil for a field)
	field int
}

// tuple holds the results of a call with several results.
type tuple struct{ elems []val }

// object is a memory cell holding one value (a local, or new(T)).
type object struct{ v val }

func (*scalar) isVal() {}
func (*agg) isVal()    {}
func (*ptr) isVal()    {}
func (*tuple) isVal()  {}

// term returns the symbolic term of a scalar, making a constant for concrete ones.
func (e *Engine) term(s *scalar) *expr.Term {
	if s.s != nil {
		return s.s
	}
	return e.B.Const(s.width, s.c)
}

// mk returns a scalar with the given term, folding constant terms to concrete.
func mk(c uint64, t *expr.Term, width int) *scalar {
	if t != nil && t.IsConst() {
		return &scalar{c: t.Val, width: width}
	}
	return &scalar{c: c, s: t, width: width}
}

func widthOf(t *ir.Type) int {
	switch t.Kind {
	case ir.KBool:
		return 0
	case ir.KInt:
		return t.Width
	}
	panic(fmt.Sprintf("engine: not a scalar type: kind %d", t.Kind))
}

// zero returns the zero value of t.
func zero(t *ir.Type) val {
	switch t.Kind {
	case ir.KBool, ir.KInt:
		return &scalar{width: widthOf(t)}
	case ir.KArray:
		a := &agg{elems: make([]val, t.Len)}
		for i := range a.elems {
			a.elems[i] = zero(t.Elem)
		}
		return a
	case ir.KStruct:
		a := &agg{elems: make([]val, len(t.Fields))}
		for i, f := range t.Fields {
			a.elems[i] = zero(f.Type)
		}
		return a
	case ir.KPointer:
		return &ptr{}
	}
	panic(fmt.Sprintf("engine: no zero value for kind %d", t.Kind))
}

// symbolic builds an input value of type t whose scalar leaves are the variables
// named after their access path (name, name.f, name[2]), with concrete values from
// the model (missing: 0).
func (e *Engine) symbolic(name string, t *ir.Type, model map[string]uint64) val {
	switch t.Kind {
	case ir.KBool, ir.KInt:
		w := widthOf(t)
		return &scalar{c: model[name] & expr.Mask(w), s: e.B.Var(name, w), width: w}
	case ir.KArray:
		a := &agg{elems: make([]val, t.Len)}
		for i := range a.elems {
			a.elems[i] = e.symbolic(fmt.Sprintf("%s[%d]", name, i), t.Elem, model)
		}
		return a
	case ir.KStruct:
		a := &agg{elems: make([]val, len(t.Fields))}
		for i, f := range t.Fields {
			a.elems[i] = e.symbolic(name+"."+f.Name, f.Type, model)
		}
		return a
	}
	panic(fmt.Sprintf("engine: unsupported input type kind %d", t.Kind))
}

// concrete converts a value to its concrete report form.
func concrete(v val, t *ir.Type) report.Value {
	switch v := v.(type) {
	case *scalar:
		return report.Value{Type: t, Bits: v.c}
	case *agg:
		r := report.Value{Type: t, Elems: make([]report.Value, len(v.elems))}
		for i, el := range v.elems {
			var et *ir.Type
			if t.Kind == ir.KArray {
				et = t.Elem
			} else {
				et = t.Fields[i].Type
			}
			r.Elems[i] = concrete(el, et)
		}
		return r
	}
	panic(fmt.Sprintf("engine: no concrete form for %T", v))
}

// concretePtr is the report form of an input pointer: nil, or the value it
// points to (Elems[0]).
func concretePtr(p *ptr, t *ir.Type) report.Value {
	if isNil, _ := p.nilness(); isNil {
		return report.Value{Type: t, Nil: true}
	}
	return report.Value{Type: t, Elems: []report.Value{concrete(p.obj.v, t.Elem)}}
}

// ite merges two values of one type under a symbolic condition whose concrete
// value is cc.
func (e *Engine) ite(cond *expr.Term, cc bool, a, b val) val {
	switch a := a.(type) {
	case *scalar:
		bs := b.(*scalar)
		c := bs.c
		if cc {
			c = a.c
		}
		if a.s == nil && bs.s == nil && a.c == bs.c {
			return a
		}
		return mk(c, e.B.Ite(cond, e.term(a), e.term(bs)), a.width)
	case *agg:
		ba := b.(*agg)
		r := &agg{elems: make([]val, len(a.elems))}
		for i := range a.elems {
			r.elems[i] = e.ite(cond, cc, a.elems[i], ba.elems[i])
		}
		return r
	case *ptr:
		bp := b.(*ptr)
		if samePtr(a, bp) {
			return a
		}
		panic(runError("a symbolic choice between two pointers"))
	}
	panic(fmt.Sprintf("engine: ite of %T", a))
}

func samePtr(a, b *ptr) bool {
	if a.obj != b.obj || len(a.path) != len(b.path) || a.nilT != b.nilT || a.isNil != b.isNil {
		return false
	}
	for i := range a.path {
		x, y := a.path[i], b.path[i]
		if (x.index == nil) != (y.index == nil) || x.field != y.field {
			return false
		}
		if x.index != nil && (x.index.c != y.index.c || x.index.s != y.index.s) {
			return false
		}
	}
	return true
}

// ptrEq compares two pointers as Go does: both nil, or both pointing to the
// same place (the same object, the same fields, equal element indices). It
// returns the concrete answer and, when it depends on the inputs (a
// symbolic index on the way, an input pointer that may be nil), the term.
// Distinct objects never alias: input pointers point to fresh objects.
func (e *Engine) ptrEq(a, b *ptr) (bool, *expr.Term) {
	an, ant := a.nilness()
	bn, bnt := b.nilness()
	tc, tt := e.sameTarget(a, b)
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

// load reads the value at path below v.
func (e *Engine) load(v val, path []step) val {
	if len(path) == 0 {
		return v
	}
	a := v.(*agg)
	st := path[0]
	if st.index == nil {
		return e.load(a.elems[st.field], path[1:])
	}
	if st.index.s == nil {
		return e.load(a.elems[st.index.c], path[1:])
	}
	// Symbolic index: an ite chain over every element.
	idx := st.index
	r := e.load(a.elems[len(a.elems)-1], path[1:])
	for k := len(a.elems) - 2; k >= 0; k-- {
		cond := e.B.Eq(idx.s, e.B.BVConst(idx.width, uint64(k)))
		r = e.ite(cond, idx.c == uint64(k), e.load(a.elems[k], path[1:]), r)
	}
	return r
}

// store returns v with the value at path replaced by x (v is not modified).
func (e *Engine) store(v val, path []step, x val) val {
	if len(path) == 0 {
		return x
	}
	a := v.(*agg)
	r := &agg{elems: append([]val(nil), a.elems...)}
	st := path[0]
	switch {
	case st.index == nil:
		r.elems[st.field] = e.store(a.elems[st.field], path[1:], x)
	case st.index.s == nil:
		r.elems[st.index.c] = e.store(a.elems[st.index.c], path[1:], x)
	default:
		idx := st.index
		for k := range a.elems {
			cond := e.B.Eq(idx.s, e.B.BVConst(idx.width, uint64(k)))
			r.elems[k] = e.ite(cond, idx.c == uint64(k), e.store(a.elems[k], path[1:], x), a.elems[k])
		}
	}
	return r
}
