// Conversions between strings and []rune: UTF-8 decoded and encoded over the slots.

package indep

import (
	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
)

// runeSlots is how many runes a conversion decodes or encodes: each is a
// UTF-8 decoding at a symbolic position or an encoding at a symbolic
// offset, whose terms grow with the square of the count.
const runeSlots = 8

// runesOfStr is []rune(s) reached under guard: a new array of the runes
// decoded one after the other as a range loop decodes them (decodeAt: an
// invalid or short encoding is U+FFFD, one byte wide), its capacity any
// gc can give (convCap). The runes decoded are as many as s has slots, at least one and at most
// runeSlots;
// when bytes remain after them, the count and the runes beyond are not
// known (a fresh count, an open array), and a byte not known that the
// decoding reads is a cut too, both at the conversion.
func (f *frame) runesOfStr(in ir.Instr, s *str, elem *ir.Type, guard *term, mem memory) (sym, memory) {
	e, ts := f.e, f.e.ts
	const what = "a conversion to []rune"
	k := max(min(len(s.b), runeSlots), 1)
	pos, count := e.u64(0), e.u64(0)
	elems := make([]sym, k)
	for j := range elems {
		more := e.ult(pos, s.n)
		r, w, unk := e.decodeAt(s, pos)
		e.unknownRead(in, what, ts.and(guard, ts.and(more, unk)))
		elems[j] = ts.ite(more, r, ts.bv(32, 0))
		pos = ts.ite(more, ts.bin(expr.OpAdd, pos, w), pos)
		count = ts.ite(more, ts.bin(expr.OpAdd, count, e.u64(1)), count)
	}
	beyond := e.ult(pos, s.n)
	e.unknownRead(in, what, ts.and(guard, beyond))
	o := e.newObject(&ir.Type{Kind: ir.KArray, Len: k, Elem: elem})
	if !beyond.isFalse() {
		count = ts.ite(beyond, e.fresh(64), count)
		o.open = true
	}
	p := &pointer{cands: []cand{{cond: ts.boolConst(true), obj: o, path: []pstep{{index: e.u64(0)}}}}}
	arr := e.convArray(o, &agg{elems: elems}, count, elem)
	return &slice{p: p, n: count, c: f.convCap(in, count, elem, false, guard)}, mem.with(o, arr)
}

// strOfRunes is string(rs) of a []rune reached under guard: the UTF-8
// encodings of its elements one after the other (encodeRune: an invalid
// rune, negative, a surrogate or beyond U+10FFFF, is U+FFFD). The runes
// encoded are the first runeSlots of the window; an element not known
// among them, or more elements than that, is a cut at the conversion (the
// length is then not known, nor the bytes after the runes encoded).
func (f *frame) strOfRunes(in ir.Instr, rs *slice, elem *ir.Type, guard *term, mem memory) *str {
	e, ts := f.e, f.e.ts
	const what = "a conversion from []rune"
	type enc struct {
		live, known, start, n *term
		b                     [4]*term
	}
	w := min(e.windowSlots(rs), runeSlots)
	encs := make([]enc, w)
	total := e.u64(0)
	for k := range encs {
		v, unk := e.windowElem(rs, e.u64(k), mem, elem)
		live := e.ult(e.u64(k), rs.n)
		e.unknownRead(in, what, ts.and(guard, ts.and(live, unk)))
		n, b := e.encodeRune(v.(*term), elem.Signed)
		encs[k] = enc{live: live, known: ts.not(unk), start: total, n: n, b: b}
		total = ts.ite(live, ts.bin(expr.OpAdd, total, n), total)
	}
	beyond := e.ult(e.u64(w), rs.n)
	e.unknownRead(in, what, ts.and(guard, beyond))
	if !beyond.isFalse() {
		total = ts.ite(beyond, e.fresh(64), total)
	}
	r := &str{n: total}
	for j := 0; j < 4*w; j++ {
		jj := e.u64(j)
		v, known := ts.bv(8, 0), ts.boolConst(false)
		for k := w - 1; k >= 0; k-- {
			c := encs[k]
			off := ts.bin(expr.OpSub, jj, c.start)
			here := ts.and(c.live, ts.and(e.ule(c.start, jj), e.ult(off, c.n)))
			pick := c.b[3]
			for i := 2; i >= 0; i-- {
				pick = ts.ite(ts.eq(off, e.u64(i)), c.b[i], pick)
			}
			v = ts.ite(here, pick, v)
			known = ts.ite(here, c.known, known)
		}
		r.b = append(r.b, v)
		r.known = append(r.known, known)
	}
	return r
}
