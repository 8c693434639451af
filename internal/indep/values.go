// Symbolic values and memory: scalars, aggregates, pointers as guarded (object, path) candidates.

package indep

import (
	"fmt"

	"leapfrog/internal/ir"
)

// sym is a symbolic value: *term (bool or integer), *agg (array or struct),
// *pointer or *tuple.
type sym interface{}

// agg is an array or struct value: its elements or fields in order.
type agg struct{ elems []sym }

// tuple holds the results of a call with several results.
type tuple struct{ elems []sym }

// object is a memory object: one per execution of an Alloc (one per block
// instance: an Alloc in a loop allocates anew in every iteration, and in a
// callee at every call site), one per pointer parameter of the root.
type object struct {
	id  int
	typ *ir.Type // the type of the value it holds
	// open: an array that stands for a longer one (a slice input's, an
	// array of a size not known): an element beyond typ.Len is not known,
	// and an access to it is a cut.
	open bool
}

// pstep is one step of a pointer's access path: a field, or an element
// whose index is a 64-bit term (possibly symbolic).
type pstep struct {
	field int
	index *term // nil for a field
}

// cand is one thing a pointer may point to, under cond: obj (nil: the nil
// pointer) and the path inside it. The conditions of a pointer's candidates
// are mutually exclusive, and one of them holds wherever the pointer is used.
type cand struct {
	cond *term
	obj  *object
	path []pstep
}

// pointer is a pointer value: a disjunction of candidates.
type pointer struct{ cands []cand }

// zeroOf is the zero value of t.
func (e *encoder) zeroOf(t *ir.Type) sym {
	switch t.Kind {
	case ir.KBool:
		return e.ts.boolConst(false)
	case ir.KInt:
		return e.ts.bv(t.Width, 0)
	case ir.KArray:
		a := &agg{elems: make([]sym, t.Len)}
		for i := range a.elems {
			a.elems[i] = e.zeroOf(t.Elem)
		}
		return a
	case ir.KStruct:
		a := &agg{elems: make([]sym, len(t.Fields))}
		for i, f := range t.Fields {
			a.elems[i] = e.zeroOf(f.Type)
		}
		return a
	case ir.KPointer:
		return &pointer{cands: []cand{{cond: e.ts.boolConst(true)}}}
	case ir.KString:
		return e.constStr("")
	case ir.KSlice:
		return e.nilSlice()
	case ir.KInterface:
		return e.nilIface()
	case ir.KMap:
		return e.nilMap()
	case ir.KFunc:
		return e.nilFunc()
	case ir.KTuple:
		tu := &tuple{elems: make([]sym, len(t.Elems))}
		for i, x := range t.Elems {
			tu.elems[i] = e.zeroOf(x)
		}
		return tu
	}
	panic(notEnc(reasonOfType(t), "construct value of type %s not encoded", t))
}

// iteSym is "if c then a else b" on values of one type.
func (e *encoder) iteSym(c *term, a, b sym) sym {
	if c.isTrue() {
		return a
	}
	if c.isFalse() {
		return b
	}
	switch a := a.(type) {
	case *term:
		return e.ts.ite(c, a, b.(*term))
	case *agg:
		bb := b.(*agg)
		if a == bb {
			return a
		}
		r := &agg{elems: make([]sym, len(a.elems))}
		same := true
		for i := range a.elems {
			r.elems[i] = e.iteSym(c, a.elems[i], bb.elems[i])
			same = same && r.elems[i] == a.elems[i]
		}
		if same {
			return a
		}
		return r
	case *str:
		return e.iteStr(c, a, b.(*str))
	case *iface:
		return e.iteIface(c, a, b.(*iface))
	case *mapRef:
		bb := b.(*mapRef)
		if a == bb {
			return a
		}
		return &mapRef{p: e.iteSym(c, a.p, bb.p).(*pointer)}
	case *mapv:
		return e.iteMapv(c, a, b.(*mapv))
	case *fnval:
		return e.iteFunc(c, a, b.(*fnval))
	case *iter:
		if a == b.(*iter) {
			return a
		}
		panic(notEnc(NotString, "construct a choice between two range iterators not encoded"))
	case *slice:
		bb := b.(*slice)
		if a == bb {
			return a
		}
		return &slice{p: e.iteSym(c, a.p, bb.p).(*pointer), n: e.ts.ite(c, a.n, bb.n), c: e.ts.ite(c, a.c, bb.c)}
	case *tuple:
		bb := b.(*tuple)
		r := &tuple{elems: make([]sym, len(a.elems))}
		for i := range a.elems {
			r.elems[i] = e.iteSym(c, a.elems[i], bb.elems[i])
		}
		return r
	case *pointer:
		bb := b.(*pointer)
		if a == bb {
			return a
		}
		var cs []cand
		for _, x := range a.cands {
			cs = e.addCand(cs, cand{e.ts.and(c, x.cond), x.obj, x.path})
		}
		nc := e.ts.not(c)
		for _, x := range bb.cands {
			cs = e.addCand(cs, cand{e.ts.and(nc, x.cond), x.obj, x.path})
		}
		return &pointer{cands: cs}
	}
	panic(fmt.Sprintf("indep: ite of %T", a))
}

// addCand adds x to cs, joining it with a candidate of the same object and
// path shape: the condition is the disjunction, and each symbolic index the
// ite of the two (the conditions are exclusive).
func (e *encoder) addCand(cs []cand, x cand) []cand {
	if x.cond.isFalse() {
		return cs
	}
	for i, y := range cs {
		if y.obj != x.obj || !sameShape(x.path, y.path) {
			continue
		}
		path := make([]pstep, len(x.path))
		for k := range path {
			path[k] = x.path[k]
			if x.path[k].index != nil {
				path[k].index = e.ts.ite(x.cond, x.path[k].index, y.path[k].index)
			}
		}
		cs[i] = cand{e.ts.or(y.cond, x.cond), x.obj, path}
		return cs
	}
	return append(cs, x)
}

func sameShape(a, b []pstep) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if (a[i].index == nil) != (b[i].index == nil) || a[i].index == nil && a[i].field != b[i].field {
			return false
		}
	}
	return true
}

// merge joins values arriving along exclusive guards: the value of the first
// guard that holds (the last value when none does).
func (e *encoder) merge(guards []*term, vals []sym) sym {
	r := vals[len(vals)-1]
	for i := len(vals) - 2; i >= 0; i-- {
		r = e.iteSym(guards[i], vals[i], r)
	}
	return r
}

// readPath reads the part of v that path selects.
func (e *encoder) readPath(v sym, path []pstep) sym {
	if len(path) == 0 {
		return v
	}
	a := v.(*agg)
	st := path[0]
	if st.index == nil {
		return e.readPath(a.elems[st.field], path[1:])
	}
	return e.selectElem(a, st.index, func(x sym) sym { return e.readPath(x, path[1:]) })
}

// selectElem is element idx of a (idx a 64-bit term) after f: an ite chain
// over the elements; an index out of range selects the last one (checks
// keep such indices from being used).
func (e *encoder) selectElem(a *agg, idx *term, f func(sym) sym) sym {
	if len(a.elems) == 0 {
		panic(notEnc(NotOther, "construct index into an empty array not encoded"))
	}
	if idx.isConst() {
		k := idx.val
		if k >= uint64(len(a.elems)) {
			k = uint64(len(a.elems) - 1)
		}
		return f(a.elems[k])
	}
	r := f(a.elems[len(a.elems)-1])
	for k := len(a.elems) - 2; k >= 0; k-- {
		r = e.iteSym(e.ts.eq(idx, e.ts.bv(64, uint64(k))), f(a.elems[k]), r)
	}
	return r
}

// writePath returns v with the part path selects replaced by x where cond
// holds.
func (e *encoder) writePath(v sym, path []pstep, x sym, cond *term) sym {
	if cond.isFalse() {
		return v
	}
	if len(path) == 0 {
		return e.iteSym(cond, x, v)
	}
	a := v.(*agg)
	r := &agg{elems: append([]sym(nil), a.elems...)}
	st := path[0]
	switch {
	case st.index == nil:
		r.elems[st.field] = e.writePath(a.elems[st.field], path[1:], x, cond)
	case st.index.isConst():
		if st.index.val < uint64(len(a.elems)) {
			k := st.index.val
			r.elems[k] = e.writePath(a.elems[k], path[1:], x, cond)
		}
	default:
		for k := range a.elems {
			c := e.ts.and(cond, e.ts.eq(st.index, e.ts.bv(64, uint64(k))))
			r.elems[k] = e.writePath(a.elems[k], path[1:], x, c)
		}
	}
	return r
}

// ptrEq is the condition that two pointers are equal: the same object and
// equal paths, or both nil.
func (e *encoder) ptrEq(p, q *pointer) *term {
	r := e.ts.boolConst(false)
	for _, a := range p.cands {
		for _, b := range q.cands {
			if a.obj != b.obj || !sameShape(a.path, b.path) {
				continue
			}
			c := e.ts.and(a.cond, b.cond)
			for k := range a.path {
				if a.path[k].index != nil {
					c = e.ts.and(c, e.ts.eq(a.path[k].index, b.path[k].index))
				}
			}
			r = e.ts.or(r, c)
		}
	}
	return r
}

// nilCond is the condition under which p is nil.
func (e *encoder) nilCond(p *pointer) *term {
	r := e.ts.boolConst(false)
	for _, c := range p.cands {
		if c.obj == nil {
			r = e.ts.or(r, c.cond)
		}
	}
	return r
}

// constSym is the value of an IR constant.
func (e *encoder) constSym(c *ir.Const) sym {
	switch c.Typ.Kind {
	case ir.KBool:
		return e.ts.boolConst(c.Val == 1)
	case ir.KInt:
		return e.ts.bv(c.Typ.Width, c.Val)
	case ir.KString:
		return e.constStr(c.Str)
	}
	if c.Val != 0 {
		panic(notEnc(reasonOfType(c.Typ), "construct constant %d of type %s not encoded", c.Val, c.Typ))
	}
	return e.zeroOf(c.Typ) // nil pointer, zero aggregate
}

// widthOf is the term width of a scalar type (0 for bool).
func widthOf(t *ir.Type) int {
	if t.Kind == ir.KInt {
		return t.Width
	}
	return 0
}
