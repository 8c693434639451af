// Interface values: a type tag and a payload per dynamic type; assertions, method calls and comparisons on them.

package indep

import (
	"sort"

	"leapfrog/internal/ir"
)

// iface is an interface value: its tag (32 bits: 0 nil, else the dynamic
// type's ID) and, per dynamic type it may hold, the value it holds then.
// The tags a value may have are 0 and the keys of vals: interface values
// come from conversions (MakeInterface) only, never from inputs.
type iface struct {
	tag  *term
	vals map[*ir.DynType]sym
}

// dyns lists the dynamic types v may hold, by index (deterministic order).
func (v *iface) dyns() []*ir.DynType {
	ds := make([]*ir.DynType, 0, len(v.vals))
	for d := range v.vals {
		ds = append(ds, d)
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i].Index < ds[j].Index })
	return ds
}

func (e *encoder) nilIface() *iface {
	return &iface{tag: e.ts.bv(32, 0), vals: map[*ir.DynType]sym{}}
}

// holds is the condition that v holds a value of dynamic type d.
func (e *encoder) holds(v *iface, d *ir.DynType) *term {
	if _, ok := v.vals[d]; !ok {
		return e.ts.boolConst(false)
	}
	return e.ts.eq(v.tag, e.ts.bv(32, uint64(d.ID())))
}

// iteIface is "if c then a else b" on interface values.
func (e *encoder) iteIface(c *term, a, b *iface) *iface {
	if a == b {
		return a
	}
	r := &iface{tag: e.ts.ite(c, a.tag, b.tag), vals: map[*ir.DynType]sym{}}
	for d, x := range a.vals {
		if y, ok := b.vals[d]; ok {
			r.vals[d] = e.iteSym(c, x, y)
		} else {
			r.vals[d] = x
		}
	}
	for d, y := range b.vals {
		if _, ok := a.vals[d]; !ok {
			r.vals[d] = y
		}
	}
	return r
}

// makeIface is x converted to an interface holding dynamic type d.
func (e *encoder) makeIface(x sym, d *ir.DynType) *iface {
	return &iface{tag: e.ts.bv(32, uint64(d.ID())), vals: map[*ir.DynType]sym{d: x}}
}

// typeAssert is x.(T): the value and whether x holds it.
func (f *frame) typeAssert(in *ir.TypeAssert, x *iface) (sym, *term) {
	e, ts := f.e, f.e.ts
	if in.Dyn != nil {
		ok := e.holds(x, in.Dyn)
		v, has := x.vals[in.Dyn]
		if !has {
			return e.zeroOf(in.Dyn.Type), ok
		}
		return e.iteSym(ok, v, e.zeroOf(in.Dyn.Type)), ok
	}
	// To an interface: x itself where its dynamic type implements it.
	r := e.nilIface()
	ok := ts.boolConst(false)
	for _, d := range x.dyns() {
		if d.Implements(in.Iface) {
			h := e.holds(x, d)
			ok = ts.or(ok, h)
			r.vals[d] = x.vals[d]
		}
	}
	r.tag = ts.ite(ok, x.tag, ts.bv(32, 0))
	return r, ok
}

// symEq is a == b on values of one comparable type; where the answer rests
// on bytes the encoding does not know, in records the read.
func (e *encoder) symEq(in ir.Instr, a, b sym, guard *term) *term {
	ts := e.ts
	switch a := a.(type) {
	case *term:
		return ts.eq(a, b.(*term))
	case *pointer:
		return e.ptrEq(a, b.(*pointer))
	case *str:
		eq, unk := e.strEq(a, b.(*str))
		e.unknownRead(in, "a string comparison", ts.and(guard, unk))
		return eq
	case *agg:
		r := ts.boolConst(true)
		for i := range a.elems {
			r = ts.and(r, e.symEq(in, a.elems[i], b.(*agg).elems[i], guard))
		}
		return r
	case *iface:
		bb := b.(*iface)
		r := ts.and(ts.eq(a.tag, bb.tag), ts.eq(a.tag, ts.bv(32, 0)))
		for _, d := range a.dyns() {
			y, ok := bb.vals[d]
			if !ok {
				continue
			}
			both := ts.and(e.holds(a, d), e.holds(bb, d))
			if !comparable(d.Type) {
				continue // a CmpCheck keeps this pair out
			}
			r = ts.or(r, ts.and(both, e.symEq(in, a.vals[d], y, ts.and(guard, both))))
		}
		return r
	}
	panic(notEnc(reasonOfSym(a), "construct comparison of %T values not encoded", a))
}

// comparable reports whether values of t can be compared with ==.
func comparable(t *ir.Type) bool {
	switch t.Kind {
	case ir.KSlice, ir.KMap, ir.KFunc:
		return false
	case ir.KArray:
		return comparable(t.Elem)
	case ir.KStruct:
		for _, fl := range t.Fields {
			if !comparable(fl.Type) {
				return false
			}
		}
	}
	return true
}

// comparableCond is the Comparable instruction: the comparison of x and y
// (y nil: x against a value of a comparable type) would not panic.
func (f *frame) comparableCond(x, y *iface) *term {
	ts := f.e.ts
	r := ts.boolConst(true)
	for _, d := range x.dyns() {
		if d.Type.Kind == ir.KInterface || containsIface(d.Type) {
			panic(notEnc(NotInterface, "construct comparison of interfaces holding interfaces in %s not encoded", f.fn.Name))
		}
		if comparable(d.Type) {
			continue
		}
		both := f.e.holds(x, d)
		if y != nil {
			both = ts.and(both, f.e.holds(y, d))
		}
		r = ts.and(r, ts.not(both))
	}
	return r
}

func containsIface(t *ir.Type) bool {
	switch t.Kind {
	case ir.KInterface:
		return true
	case ir.KArray:
		return containsIface(t.Elem)
	case ir.KStruct:
		for _, fl := range t.Fields {
			if containsIface(fl.Type) {
				return true
			}
		}
	}
	return false
}

// invoke calls method m of the value x holds, reached under guard: one
// inlined call per dynamic type x may hold, under "x holds it"; a nil x
// panics (no path continues).
func (f *frame) invoke(in *ir.Invoke, x *iface, at *inst, guard *term, mem memory) (sym, *term, memory) {
	e, ts := f.e, f.e.ts
	args := make([]sym, len(in.Args)+1)
	for i, a := range in.Args {
		args[i+1] = f.lookup(a, at)
	}
	var rets []ret
	for _, d := range x.dyns() {
		fn := d.Method(in.Method)
		if fn == nil {
			panic(notEnc(NotInterface, "construct method %s of %s without a body in %s not encoded", in.Method, d.Name, f.fn.Name))
		}
		if fn.External {
			panic(notEnc(NotExternal, "construct call to the external %s (run natively) not encoded", fn.Name))
		}
		g := ts.and(guard, e.holds(x, d))
		if g.isFalse() {
			continue
		}
		args[0] = x.vals[d]
		rets = append(rets, e.call(fn, append([]sym(nil), args...), g, mem)...)
	}
	return e.joinRets(rets, mem)
}

// joinRets is the value, guard and memory after a call that may return
// in any of rets (their guards exclusive): no return, no path on.
func (e *encoder) joinRets(rets []ret, mem memory) (sym, *term, memory) {
	ts := e.ts
	if len(rets) == 0 {
		return nil, ts.boolConst(false), mem
	}
	gs := make([]*term, len(rets))
	ms := make([]memory, len(rets))
	after := ts.boolConst(false)
	for i, r := range rets {
		gs[i], ms[i] = r.guard, r.mem
		after = ts.or(after, r.guard)
	}
	pick := func(k int) sym {
		vs := make([]sym, len(rets))
		for i, r := range rets {
			vs[i] = r.results[k]
		}
		return e.merge(gs, vs)
	}
	var v sym
	switch n := len(rets[0].results); n {
	case 0:
		v = &tuple{}
	case 1:
		v = pick(0)
	default:
		tu := &tuple{elems: make([]sym, n)}
		for k := range tu.elems {
			tu.elems[k] = pick(k)
		}
		v = tu
	}
	return v, after, e.mergeMem(gs, ms)
}
