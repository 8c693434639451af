// Slices: windows on backing arrays in memory; make, slicing, append, copy, conversions.

package indep

import (
	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
)

// slice is a slice value: a pointer to its first element (candidates whose
// path ends with an index step into the backing array; the nil candidate
// is the nil slice), its length and capacity (64 bits, below 2^63).
type slice struct {
	p    *pointer
	n, c *term
}

// maxExact is the largest constant size a made or grown array gets in full
// (not open: no element unknown).
const maxExact = 64

// inputSlice is a slice input: p#nil, p#len, p#spare, and a backing array
// of e.slots elements p[0], p[1], ... (open: an element beyond is a cut).
// Lengths are any a Go slice can have (its array at most maxAlloc bytes).
func (e *encoder) inputSlice(p ir.InputPath, t *ir.Type) *slice {
	ts := e.ts
	isNil := e.declare(p.NilVar(), 0)
	n := e.declare(p.LenVar(), 64)
	spare := e.declare(p.SpareVar(), 64)
	c := ts.bin(expr.OpAdd, n, spare)
	e.sizeVars = append(e.sizeVars, n, c)
	// The backing array is one allocation: at most maxAlloc bytes.
	top := ts.bv(64, uint64(maxAlloc/max(t.Elem.Size, 1)))
	e.domain = append(e.domain, e.ule(n, top), e.ule(spare, top), e.ule(c, top),
		ts.or(ts.not(isNil), ts.and(ts.eq(n, e.u64(0)), ts.eq(spare, e.u64(0)))))
	arr := &agg{elems: make([]sym, e.slots)}
	for k := range arr.elems {
		arr.elems[k] = e.inputValue(p.Elem(k), t.Elem)
	}
	o := e.newObject(&ir.Type{Kind: ir.KArray, Len: e.slots, Elem: t.Elem})
	o.open = true
	e.inputMem[o] = arr
	return &slice{p: &pointer{cands: []cand{{cond: ts.not(isNil), obj: o, path: []pstep{{index: e.u64(0)}}}, {cond: isNil}}}, n: n, c: c}
}

// nilSlice is the nil slice.
func (e *encoder) nilSlice() *slice {
	return &slice{p: &pointer{cands: []cand{{cond: e.ts.boolConst(true)}}}, n: e.u64(0), c: e.u64(0)}
}

// newArray allocates a zeroed backing array for n elements of type elem
// (n a term): exactly n when it is a small constant, else e.slots elements,
// open.
func (e *encoder) newArray(n *term, elem *ir.Type, vals func(k int) sym) (*object, *agg) {
	size, open := e.slots, true
	if n.isConst() && n.val <= maxExact {
		size, open = int(n.val), false
	}
	o := e.newObject(&ir.Type{Kind: ir.KArray, Len: size, Elem: elem})
	o.open = open
	a := &agg{elems: make([]sym, size)}
	for k := range a.elems {
		if vals != nil {
			a.elems[k] = vals(k)
		} else {
			a.elems[k] = e.zeroOf(elem)
		}
	}
	return o, a
}

// shift moves the window of p by d elements, keeping the nil candidate.
func (e *encoder) shift(p *pointer, d *term) *pointer {
	r := &pointer{}
	for _, c := range p.cands {
		if c.obj == nil {
			r.cands = append(r.cands, c)
			continue
		}
		path := append([]pstep(nil), c.path...)
		last := &path[len(path)-1]
		last.index = e.ts.bin(expr.OpAdd, last.index, d)
		r.cands = append(r.cands, cand{c.cond, c.obj, path})
	}
	return r
}

// outside is the condition that candidate c's path selects an element
// beyond the elements its object holds (an open array: its path starts
// with the element's index).
func (e *encoder) outside(c cand) *term {
	if !c.obj.open {
		return e.ts.boolConst(false)
	}
	return e.ule(e.u64(c.obj.typ.Len), c.path[0].index)
}

// readElem is the value at candidate c in mem: a fresh value beyond the
// elements of an open array.
func (e *encoder) readElem(mem memory, c cand, t *ir.Type) sym {
	v := e.readPath(mem.get(c.obj), c.path)
	if out := e.outside(c); !out.isFalse() {
		v = e.iteSym(out, e.freshOf(t), v)
	}
	return v
}

// elemAddr is the address of element i of s, with the cut for an element
// of an open array beyond its slots recorded for in.
func (f *frame) elemAddr(in ir.Instr, s *slice, i, guard *term) *pointer {
	e, ts := f.e, f.e.ts
	p := e.shift(s.p, i)
	r := &pointer{}
	for _, c := range p.cands {
		if c.obj != nil {
			e.unknownRead(in, "an element of a slice", ts.and(guard, ts.and(c.cond, e.outside(c))))
			r.cands = append(r.cands, c)
		}
	}
	return r
}

// windowElem is element k (a term) of the window of s in mem, and the
// condition that the encoding does not know it.
func (e *encoder) windowElem(s *slice, k *term, mem memory, elem *ir.Type) (sym, *term) {
	var gs []*term
	var vs []sym
	unk := e.ts.boolConst(false)
	for _, c := range e.shift(s.p, k).cands {
		if c.obj == nil {
			continue
		}
		gs = append(gs, c.cond)
		vs = append(vs, e.readElem(mem, c, elem))
		unk = e.ts.or(unk, e.ts.and(c.cond, e.outside(c)))
	}
	if len(vs) == 0 {
		return e.zeroOf(elem), unk
	}
	return e.merge(gs, vs), unk
}

// source is the elements of an append's or copy's source (a slice, or a
// string for []byte): count and element k.
func (e *encoder) source(v sym, mem memory, elem *ir.Type) (n *term, at func(k int) (sym, *term), slots int) {
	switch v := v.(type) {
	case *str:
		return v.n, func(k int) (sym, *term) { return e.strByte(v, e.u64(k)) }, len(v.b)
	case *slice:
		return v.n, func(k int) (sym, *term) { return e.windowElem(v, e.u64(k), mem, elem) }, e.windowSlots(v)
	}
	panic(notEnc(NotSlice, "construct slice source of %T not encoded", v))
}

// windowSlots is how many elements of a window the encoding reads: the
// largest array among its candidates.
func (e *encoder) windowSlots(s *slice) int {
	m := 0
	for _, c := range s.p.cands {
		if c.obj != nil {
			m = max(m, c.obj.typ.Len)
		}
	}
	return m
}

// store writes x at every candidate of p (the pointer is not nil there).
func (e *encoder) store(mem memory, p *pointer, x sym, cond *term) memory {
	for _, c := range p.cands {
		if c.obj != nil {
			mem = mem.with(c.obj, e.writePath(mem.get(c.obj), c.path, x, e.ts.and(cond, c.cond)))
		}
	}
	return mem
}

// appendTo is append(s, src...) reached under guard.
func (f *frame) appendTo(in *ir.Builtin, s *slice, src sym, guard *term, mem memory) (sym, memory) {
	e, ts := f.e, f.e.ts
	elem := in.Type().Elem
	k, at, slots := e.source(src, mem, elem)
	newLen := ts.bin(expr.OpAdd, s.n, k)
	fits := e.ule(newLen, s.c)
	e.unknownRead(in, "an append's source", ts.and(guard, e.ult(e.u64(slots), k)))
	// The source's elements, then fresh ones up to the largest array
	// either side may use.
	vals := make([]sym, max(slots, e.windowSlots(s)))
	for j := range vals {
		if j >= slots {
			vals[j] = e.freshOf(elem)
			continue
		}
		v, unk := at(j)
		vals[j] = v
		e.unknownRead(in, "an append's source", ts.and(guard, ts.and(e.ult(e.u64(j), k), unk)))
	}
	// In place: element n+j of the window is source element j.
	inPlace := mem
	for j, v := range vals {
		p := f.elemAddr(in, s, ts.bin(expr.OpAdd, s.n, e.u64(j)), ts.and(guard, ts.and(fits, e.ult(e.u64(j), k))))
		inPlace = e.store(inPlace, p, v, ts.and(fits, e.ult(e.u64(j), k)))
	}
	// Grown: a new array with Go's growth.
	newCap := f.grow(in, s.c, newLen, elem, guard)
	o, arr := e.newArray(e.u64(0), elem, nil)
	size := min(e.windowSlots(s)+len(vals), maxExact)
	if size < len(arr.elems) {
		size = len(arr.elems)
	}
	o.typ = &ir.Type{Kind: ir.KArray, Len: size, Elem: elem}
	o.open = true
	arr = &agg{elems: make([]sym, size)}
	for p := range arr.elems {
		pp := e.u64(p)
		old, unk := e.windowElem(s, pp, mem, elem)
		below := e.ult(pp, s.n)
		e.unknownRead(in, "an append's slice", ts.and(guard, ts.and(ts.not(fits), ts.and(below, unk))))
		v := e.iteSym(e.ult(pp, newLen), e.freshOf(elem), e.zeroOf(elem))
		for j := len(vals) - 1; j >= 0; j-- {
			v = e.iteSym(ts.and(ts.eq(pp, ts.bin(expr.OpAdd, s.n, e.u64(j))), e.ult(e.u64(j), k)), vals[j], v)
		}
		arr.elems[p] = e.iteSym(below, old, v)
	}
	e.unknownRead(in, "an append's result", ts.and(guard, ts.and(ts.not(fits), e.ult(e.u64(size), newLen))))
	grown := mem.with(o, arr)
	gp := &pointer{cands: []cand{{cond: ts.boolConst(true), obj: o, path: []pstep{{index: e.u64(0)}}}}}
	// The result is nil only when s is nil and nothing is appended.
	isNil := ts.and(e.nilCond(s.p), ts.eq(k, e.u64(0)))
	res := &slice{p: e.iteSym(fits, s.p, gp).(*pointer), n: newLen, c: ts.ite(fits, s.c, newCap)}
	if !isNil.isFalse() {
		res = e.iteSym(isNil, e.nilSlice(), res).(*slice)
	}
	return res, e.mergeMem([]*term{fits, ts.boolConst(true)}, []memory{inPlace, grown})
}

// grow is the capacity Go gives a slice of capacity oldCap grown to hold
// newLen elements: runtime.growslice's rule measured on the running Go's
// own append (reflect). A symbolic size is an ite over the values below
// maxExact; beyond, a cut.
func (f *frame) grow(in ir.Instr, oldCap, newLen *term, elem *ir.Type, guard *term) *term {
	e, ts := f.e, f.e.ts
	if oldCap.isConst() && newLen.isConst() && newLen.val <= 1<<20 && oldCap.val < newLen.val {
		return e.u64(ir.GrowCap(int(oldCap.val), int(newLen.val), elem))
	}
	if elem.Size == 0 {
		return newLen // zero-sized elements: capacity newLen (growslice)
	}
	r := e.fresh(64)
	e.unknownRead(in, "an append's growth", ts.and(guard, ts.and(e.ult(oldCap, newLen), ts.or(e.ule(e.u64(maxExact), oldCap), e.ule(e.u64(maxExact), newLen)))))
	// Below maxExact: the capacity depends on oldCap and newLen through
	// max(2*oldCap, newLen) only (growslice below 256 elements), rounded.
	double := ts.bin(expr.OpAdd, oldCap, oldCap)
	pre := ts.ite(e.ult(double, newLen), newLen, double)
	for v := 2 * maxExact; v >= 1; v-- {
		r = ts.ite(ts.eq(pre, e.u64(v)), e.u64(ir.GrowCap(0, v, elem)), r)
	}
	return r
}

// copyTo is copy(dst, src) reached under guard: min(len(dst), len(src))
// elements, all read before any is written.
func (f *frame) copyTo(in *ir.Builtin, dst *slice, src sym, guard *term, mem memory) (sym, memory) {
	e, ts := f.e, f.e.ts
	elem := in.Args[0].Type().Elem
	sn, at, slots := e.source(src, mem, elem)
	n := ts.ite(e.ult(dst.n, sn), dst.n, sn)
	e.unknownRead(in, "a copy", ts.and(guard, e.ult(e.u64(slots), n)))
	vals := make([]sym, e.windowSlots(dst))
	for j := range vals {
		if j >= slots {
			vals[j] = e.freshOf(elem)
			continue
		}
		v, unk := at(j)
		vals[j] = v
		e.unknownRead(in, "a copy", ts.and(guard, ts.and(e.ult(e.u64(j), n), unk)))
	}
	for j, v := range vals {
		cond := e.ult(e.u64(j), n)
		p := f.elemAddr(in, dst, e.u64(j), ts.and(guard, cond))
		mem = e.store(mem, p, v, cond)
	}
	return n, mem
}

// bytesOfStr is []byte(s): a new array of its bytes, its capacity any gc
// can give (convCap; a byte not known is a cut at the conversion).
func (f *frame) bytesOfStr(in ir.Instr, s *str, guard *term, mem memory) (sym, memory) {
	e, ts := f.e, f.e.ts
	for k := range s.b {
		e.unknownRead(in, "a conversion to []byte", ts.and(guard, ts.and(e.ult(e.u64(k), s.n), ts.not(s.known[k]))))
	}
	e.unknownRead(in, "a conversion to []byte", ts.and(guard, e.ult(e.u64(len(s.b)), s.n)))
	o, arr := e.newArray(s.n, ir.U8, func(k int) sym {
		v, _ := e.strByte(s, e.u64(k))
		return v
	})
	c := f.convCap(in, s.n, ir.U8, true, guard)
	arr = e.convArray(o, arr, s.n, ir.U8)
	return &slice{p: &pointer{cands: []cand{{cond: ts.boolConst(true), obj: o, path: []pstep{{index: e.u64(0)}}}}}, n: s.n, c: c}, mem.with(o, arr)
}

// strOfBytes is string(b): the bytes of b's window.
func (e *encoder) strOfBytes(b *slice, mem memory) *str {
	r := &str{n: b.n}
	for k := 0; k < e.windowSlots(b); k++ {
		v, unk := e.windowElem(b, e.u64(k), mem, ir.U8)
		r.b = append(r.b, v.(*term))
		r.known = append(r.known, e.ts.not(unk))
	}
	return r
}
