// Strings: a length and the first bytes, with the reads beyond them as cuts.

package indep

import (
	"fmt"

	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
)

// str is a string value: its length (64 bits, below 2^63) and its first
// bytes, the slots. A slot may hold a byte the encoding does not know (it
// lay beyond the slots of the string it was cut from): known says which.
// Bytes at or beyond len(b) are not known either. A read of a byte not
// known is a cut (see readCut): the formula is exact where no cut holds,
// whatever the length.
type str struct {
	n     *term
	b     []*term // 8-bit
	known []*term // bool, one per slot
	// src is the input the string is a suffix of (nil: none), from byte
	// off: a byte at a constant index beyond the slots is then an input
	// variable of its own (s[20]), declared when first read.
	src *strInput
	off int
}

// strInput is a string input, with the bytes declared beyond its slots.
type strInput struct {
	path  ir.InputPath
	extra map[int]*term
}

// maxAlloc is the most bytes one allocation can hold (the Go runtime's
// maxAlloc on 64-bit systems: 2^48): a string, a slice's backing array, a
// map's entries are no longer. A length beyond it is no input a test can
// pass (2*len(b) cannot overflow).
const maxAlloc = 1 << 48

func (e *encoder) u64(k int) *term { return e.ts.bv(64, uint64(k)) }

// ult and ule compare lengths and indices (below 2^63: unsigned order).
func (e *encoder) ult(x, y *term) *term { return e.ts.bin(expr.OpUlt, x, y) }
func (e *encoder) ule(x, y *term) *term { return e.ts.bin(expr.OpUle, x, y) }

// constStr is a string constant: every byte known.
func (e *encoder) constStr(s string) *str {
	r := &str{n: e.u64(len(s))}
	for i := 0; i < len(s); i++ {
		r.b = append(r.b, e.ts.bv(8, uint64(s[i])))
		r.known = append(r.known, e.ts.boolConst(true))
	}
	return r
}

// inputStr is a string input: its length p#len and slots p[0], p[1], ...
// The length is any a Go string can have (at most maxAlloc: no size bound
// of the engine's); a byte beyond the slots is not known.
func (e *encoder) inputStr(p ir.InputPath) *str {
	n := e.declare(p.LenVar(), 64)
	e.sizeVars = append(e.sizeVars, n)
	e.domain = append(e.domain, e.ule(n, e.ts.bv(64, maxAlloc)))
	r := &str{n: n, src: &strInput{path: p, extra: map[int]*term{}}}
	for k := 0; k < e.slots; k++ {
		r.b = append(r.b, e.declare(p.Elem(k).String(), 8))
		r.known = append(r.known, e.ts.boolConst(true))
	}
	return r
}

// strByte is byte idx of s and the condition that the encoding does not
// know it.
func (e *encoder) strByte(s *str, idx *term) (v, unknown *term) {
	ts := e.ts
	if idx.isConst() {
		if idx.val < uint64(len(s.b)) {
			return s.b[idx.val], ts.not(s.known[idx.val])
		}
		if s.src != nil && idx.val < 1<<20 {
			k := s.off + int(idx.val)
			v, ok := s.src.extra[k]
			if !ok {
				v = e.declare(s.src.path.Elem(k).String(), 8)
				s.src.extra[k] = v
			}
			return v, ts.boolConst(false)
		}
		return e.freshAt(s, idx), ts.boolConst(true)
	}
	v = e.freshAt(s, idx)
	unknown = e.ule(e.u64(len(s.b)), idx)
	for k := len(s.b) - 1; k >= 0; k-- {
		at := ts.eq(idx, e.u64(k))
		v = ts.ite(at, s.b[k], v)
		unknown = ts.or(unknown, ts.and(at, ts.not(s.known[k])))
	}
	return v, unknown
}

// freshAt is the byte of s at idx the encoding does not know: one fresh
// variable per string value and index term, so that two reads of one byte
// agree.
func (e *encoder) freshAt(s *str, idx *term) *term {
	k := freshKey{s, idx}
	v, ok := e.freshBytes[k]
	if !ok {
		v = e.fresh(8)
		e.freshBytes[k] = v
	}
	return v
}

type freshKey struct {
	s   *str
	idx *term
}

// unknownRead records that, where cond holds, the instruction in reads
// what the encoding does not know (a fresh variable stands for it): a sat
// answer is a real path only where no such condition holds.
func (e *encoder) unknownRead(in ir.Instr, what string, cond *term) {
	if cond.isFalse() || in == nil {
		return // nil: an input's domain (a fresh value there only widens it)
	}
	c := e.unknownAt[in]
	if c == nil {
		c = &cut{why: SlotBound, name: what, pos: posOf(in), guard: e.ts.boolConst(false)}
		e.unknownAt[in] = c
		e.unknowns = append(e.unknowns, c)
	}
	c.guard = e.ts.or(c.guard, cond)
}

// fresh is a new variable that is not an input: a value the encoding does
// not know (a byte beyond the slots), any value.
func (e *encoder) fresh(w int) *term {
	name := fmt.Sprintf("fresh!%d", len(e.freshVars)+1)
	e.freshVars = append(e.freshVars, input{name, w})
	return e.ts.variable(name, w)
}

// freshOf is a value of type t the encoding does not know.
func (e *encoder) freshOf(t *ir.Type) sym {
	switch t.Kind {
	case ir.KBool, ir.KInt:
		return e.fresh(widthOf(t))
	case ir.KArray:
		a := &agg{elems: make([]sym, t.Len)}
		for i := range a.elems {
			a.elems[i] = e.freshOf(t.Elem)
		}
		return a
	case ir.KStruct:
		a := &agg{elems: make([]sym, len(t.Fields))}
		for i, f := range t.Fields {
			a.elems[i] = e.freshOf(f.Type)
		}
		return a
	case ir.KString:
		return &str{n: e.fresh(64)} // no byte known
	}
	panic(notEnc(reasonOfType(t), "construct unknown element of type %s not encoded", t))
}

// posOf is the source position of the instruction's block's terminator
// when it has one (reads have none of their own), else of its function.
func posOf(in ir.Instr) ir.Pos {
	b := in.Block()
	switch t := b.Instrs[len(b.Instrs)-1].(type) {
	case *ir.If:
		return t.Pos
	case *ir.Panic:
		return t.Pos
	}
	return b.Func.Pos
}

// substr is s[lo:hi].
func (e *encoder) substr(s *str, lo, hi *term) *str {
	ts := e.ts
	r := &str{n: ts.bin(expr.OpSub, hi, lo)}
	if lo.isConst() {
		if lo.val < uint64(len(s.b)) {
			r.b, r.known = s.b[lo.val:], s.known[lo.val:]
		}
		if s.src != nil && lo.val < 1<<20 {
			r.src, r.off = s.src, s.off+int(lo.val)
		}
		return r
	}
	for k := range s.b {
		at := lo
		if k > 0 {
			at = ts.bin(expr.OpAdd, lo, e.u64(k))
		}
		v, unk := e.strByte(s, at)
		r.b = append(r.b, v)
		r.known = append(r.known, ts.not(unk))
	}
	return r
}

// concat is a + b.
func (e *encoder) concat(a, b *str) *str {
	ts := e.ts
	r := &str{n: ts.bin(expr.OpAdd, a.n, b.n)}
	for k := 0; k < len(a.b)+len(b.b); k++ {
		kk := e.u64(k)
		inA := e.ult(kk, a.n)
		va, ua := e.strByte(a, kk)
		vb, ub := e.strByte(b, ts.bin(expr.OpSub, kk, a.n))
		r.b = append(r.b, ts.ite(inA, va, vb))
		r.known = append(r.known, ts.not(ts.ite(inA, ua, ub)))
	}
	return r
}

// strEq is a == b, and the condition that the answer rests on a byte the
// encoding does not know (equal lengths, some unknown byte below them).
func (e *encoder) strEq(a, b *str) (eq, unknown *term) {
	ts := e.ts
	sameLen := ts.eq(a.n, b.n)
	eq = sameLen
	unk := ts.boolConst(false)
	m := max(len(a.b), len(b.b))
	for k := 0; k < m; k++ {
		kk := e.u64(k)
		va, ua := e.strByte(a, kk)
		vb, ub := e.strByte(b, kk)
		in := e.ult(kk, a.n)
		eq = ts.and(eq, ts.or(ts.not(in), ts.eq(va, vb)))
		unk = ts.or(unk, ts.and(in, ts.or(ua, ub)))
	}
	beyond := e.ult(e.u64(m), a.n)
	eq = ts.ite(ts.and(sameLen, beyond), e.fresh(0), eq)
	unk = ts.or(unk, beyond)
	return eq, ts.and(sameLen, unk)
}

// strLess is a < b (byte-wise, a prefix first), and the condition that the
// answer rests on a byte the encoding does not know.
func (e *encoder) strLess(a, b *str) (less, unknown *term) {
	ts := e.ts
	m := max(len(a.b), len(b.b))
	// From the last slot down: less(k) is "a[k:] < b[k:]" given equal bytes before k.
	unknown = ts.and(e.ult(e.u64(m), a.n), e.ult(e.u64(m), b.n))
	less = ts.ite(unknown, e.fresh(0), e.ult(a.n, b.n))
	for k := m - 1; k >= 0; k-- {
		kk := e.u64(k)
		va, ua := e.strByte(a, kk)
		vb, ub := e.strByte(b, kk)
		endA, endB := e.ule(a.n, kk), e.ule(b.n, kk)
		step := ts.ite(endB, ts.boolConst(false), ts.ite(endA, ts.boolConst(true),
			ts.ite(e.ts.bin(expr.OpUlt, va, vb), ts.boolConst(true), ts.ite(ts.bin(expr.OpUlt, vb, va), ts.boolConst(false), less))))
		both := ts.and(ts.not(endA), ts.not(endB))
		// Reaching slot k with both strings longer and a byte unknown.
		unknown = ts.ite(both, ts.or(ts.or(ua, ub), ts.and(ts.eq(va, vb), unknown)), ts.boolConst(false))
		less = step
	}
	return less, unknown
}

// strOp is a binary operator on strings (+, comparisons); in gives the
// cut's position.
func (f *frame) strOp(in *ir.BinOp, a, b *str, guard *term) sym {
	e, ts := f.e, f.e.ts
	switch in.Op {
	case ir.Add:
		return e.concat(a, b)
	case ir.Eq, ir.Ne:
		eq, unk := e.strEq(a, b)
		e.unknownRead(in, "a string comparison", ts.and(guard, unk))
		if in.Op == ir.Ne {
			return ts.not(eq)
		}
		return eq
	case ir.Lt, ir.Ge:
		l, unk := e.strLess(a, b)
		e.unknownRead(in, "a string comparison", ts.and(guard, unk))
		if in.Op == ir.Ge {
			return ts.not(l)
		}
		return l
	case ir.Min, ir.Max:
		l, unk := e.strLess(b, a) // b < a: min is b, max is a
		e.unknownRead(in, "a string comparison", ts.and(guard, unk))
		if in.Op == ir.Min {
			return e.iteStr(l, b, a)
		}
		return e.iteStr(l, a, b)
	case ir.Gt, ir.Le:
		l, unk := e.strLess(b, a)
		e.unknownRead(in, "a string comparison", ts.and(guard, unk))
		if in.Op == ir.Le {
			return ts.not(l)
		}
		return l
	}
	panic(notEnc(NotString, "construct string operator %v in %s not encoded", in.Op, f.fn.Name))
}

// iteStr is "if c then a else b" on strings: the slots beyond the shorter
// one's are not known there.
func (e *encoder) iteStr(c *term, a, b *str) *str {
	if a == b {
		return a
	}
	ts := e.ts
	r := &str{n: ts.ite(c, a.n, b.n)}
	for k := 0; k < max(len(a.b), len(b.b)); k++ {
		va, ua := e.strByte(a, e.u64(k))
		vb, ub := e.strByte(b, e.u64(k))
		r.b = append(r.b, ts.ite(c, va, vb))
		r.known = append(r.known, ts.not(ts.ite(c, ua, ub)))
	}
	return r
}

// strString describes s for debugging.
func (s *str) String() string { return fmt.Sprintf("str(%d slots)", len(s.b)) }

// iter is a range iterator over a string: the object holding the index of
// the next rune (an i64), and the string.
type iter struct {
	obj *object
	s   *str
}

// rangeStr starts a range loop over s.
func (e *encoder) rangeStr(s *str, mem memory) (*iter, memory) {
	o := e.newObject(ir.I64)
	return &iter{obj: o, s: s}, mem.with(o, e.u64(0))
}

// next is Next on a range iterator over a string, reached under guard: ok,
// the index and the rune decoded there as Go decodes UTF-8 (an invalid or
// short encoding is U+FFFD, one byte wide), and the memory with the index
// advanced.
func (f *frame) next(in ir.Instr, it *iter, guard *term, mem memory) (sym, memory) {
	e, ts := f.e, f.e.ts
	s := it.s
	i := mem.get(it.obj).(*term)
	ok := e.ult(i, s.n)
	r, w, unk := e.decodeAt(s, i)
	e.unknownRead(in, "a rune of a string", ts.and(guard, ts.and(ok, unk)))
	mem = mem.with(it.obj, ts.ite(ok, ts.bin(expr.OpAdd, i, w), i))
	zero32 := ts.bv(32, 0)
	return &tuple{elems: []sym{ok, ts.ite(ok, i, e.u64(0)), ts.ite(ok, r, zero32)}}, mem
}

// decodeAt is the rune and width Go decodes from s at byte i (below
// len(s)), and the condition that a byte the decoding reads (of those
// before len(s)) is one the encoding does not know.
func (e *encoder) decodeAt(s *str, i *term) (r, w, unknown *term) {
	ts := e.ts
	var b, has [4]*term
	unknown = ts.boolConst(false)
	for k := range b {
		at := i
		if k > 0 {
			at = ts.bin(expr.OpAdd, i, e.u64(k))
		}
		var u *term
		b[k], u = e.strByte(s, at)
		has[k] = e.ult(at, s.n)
		unknown = ts.or(unknown, ts.and(has[k], u))
	}
	r, w = e.decodeRune(b, has)
	return r, w, unknown
}

// decodeRune is the rune (32 bits) and width (64 bits) Go decodes from the
// bytes b, has[k] saying whether byte k is in the string (has[0] holds).
func (e *encoder) decodeRune(b, has [4]*term) (r, w *term) {
	ts := e.ts
	in := func(x *term, lo, hi uint64) *term {
		return ts.and(e.ule(ts.bv(8, lo), x), e.ule(x, ts.bv(8, hi)))
	}
	cont := func(k int) *term { return ts.and(has[k], in(b[k], 0x80, 0xBF)) }
	bits := func(x *term, mask uint64, shift uint64) *term {
		v := ts.resize(ts.bin(expr.OpBAnd, x, ts.bv(8, mask)), 32, false)
		return ts.bin(expr.OpShl, v, ts.bv(32, shift))
	}
	or := func(xs ...*term) *term {
		r := xs[0]
		for _, x := range xs[1:] {
			r = ts.bin(expr.OpBOr, r, x)
		}
		return r
	}
	b0, b1 := b[0], b[1]
	ascii := e.ult(b0, ts.bv(8, 0x80))
	two := ts.and(in(b0, 0xC2, 0xDF), cont(1))
	second3 := ts.or(ts.or(ts.and(ts.eq(b0, ts.bv(8, 0xE0)), in(b1, 0xA0, 0xBF)),
		ts.and(ts.or(in(b0, 0xE1, 0xEC), in(b0, 0xEE, 0xEF)), in(b1, 0x80, 0xBF))),
		ts.and(ts.eq(b0, ts.bv(8, 0xED)), in(b1, 0x80, 0x9F)))
	three := ts.and(ts.and(has[1], second3), cont(2))
	second4 := ts.or(ts.or(ts.and(ts.eq(b0, ts.bv(8, 0xF0)), in(b1, 0x90, 0xBF)),
		ts.and(in(b0, 0xF1, 0xF3), in(b1, 0x80, 0xBF))),
		ts.and(ts.eq(b0, ts.bv(8, 0xF4)), in(b1, 0x80, 0x8F)))
	four := ts.and(ts.and(ts.and(has[1], second4), cont(2)), cont(3))
	r = ts.bv(32, 0xFFFD)
	w = e.u64(1)
	r = ts.ite(four, or(bits(b0, 0x07, 18), bits(b1, 0x3F, 12), bits(b[2], 0x3F, 6), bits(b[3], 0x3F, 0)), r)
	w = ts.ite(four, e.u64(4), w)
	r = ts.ite(three, or(bits(b0, 0x0F, 12), bits(b1, 0x3F, 6), bits(b[2], 0x3F, 0)), r)
	w = ts.ite(three, e.u64(3), w)
	r = ts.ite(two, or(bits(b0, 0x1F, 6), bits(b1, 0x3F, 0)), r)
	w = ts.ite(two, e.u64(2), w)
	r = ts.ite(ascii, ts.resize(b0, 32, false), r)
	w = ts.ite(ascii, e.u64(1), w)
	return r, w
}

// runeStr is string(x) of an integer x: the UTF-8 encoding of the rune x,
// or of U+FFFD when x is no valid rune (negative, a surrogate, beyond
// U+10FFFF).
func (e *encoder) runeStr(x *term, signed bool) *str {
	n, b := e.encodeRune(x, signed)
	t := e.ts.boolConst(true)
	return &str{n: n, b: b[:], known: []*term{t, t, t, t}}
}

// encodeRune is the length (64 bits, 1 to 4) and bytes of the UTF-8
// encoding of the rune x, or of U+FFFD when x is no valid rune; the bytes
// at or beyond the length are any.
func (e *encoder) encodeRune(x *term, signed bool) (n *term, b [4]*term) {
	ts := e.ts
	v := ts.resize(x, 64, signed)
	valid := ts.and(e.ule(v, e.u64(0x10FFFF)), ts.not(ts.and(e.ule(e.u64(0xD800), v), e.ule(v, e.u64(0xDFFF)))))
	r := ts.resize(ts.ite(valid, v, e.u64(0xFFFD)), 32, false)
	lt := func(k uint64) *term { return ts.bin(expr.OpUlt, r, ts.bv(32, k)) }
	one, two, three := lt(0x80), lt(0x800), lt(0x10000)
	n = ts.ite(one, e.u64(1), ts.ite(two, e.u64(2), ts.ite(three, e.u64(3), e.u64(4))))
	byteOf := func(shift, mask, tag uint64) *term {
		s := ts.bin(expr.OpLShr, r, ts.bv(32, shift))
		return ts.bin(expr.OpBOr, ts.resize(ts.bin(expr.OpBAnd, s, ts.bv(32, mask)), 8, false), ts.bv(8, tag))
	}
	cont := func(shift uint64) *term { return byteOf(shift, 0x3F, 0x80) }
	b0 := ts.ite(one, ts.resize(r, 8, false), ts.ite(two, byteOf(6, 0x1F, 0xC0), ts.ite(three, byteOf(12, 0x0F, 0xE0), byteOf(18, 0x07, 0xF0))))
	b1 := ts.ite(two, cont(0), ts.ite(three, cont(6), cont(12)))
	b2 := ts.ite(three, cont(0), cont(6))
	b3 := cont(0)
	return n, [4]*term{b0, b1, b2, b3}
}
