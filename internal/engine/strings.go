// Strings: length, indexing, concatenation, comparison, UTF-8 decoding and encoding, conversions.

package engine

import (
	"fmt"

	"leapfrog/internal/ir"
)

// length returns len(v) of a string, slice or map as an i64 scalar.
func (m *machine) length(v val) *scalar {
	switch v := v.(type) {
	case *str:
		return v.n
	case *slice:
		return v.n
	case *mapv:
		if isNil, t := nilness(v); isNil && t == nil {
			return i64(0)
		}
		return m.mapLen(v)
	}
	panic(fmt.Sprintf("engine: len of %T", v))
}

// byteAt returns s[idx] (in range: checked).
func (m *machine) byteAt(s *str, idx *scalar) *scalar { return m.pick(s.b, idx) }

// stringOp applies a binary operator to two strings.
func (m *machine) stringOp(op ir.BinOpKind, a, b *str) val {
	switch op {
	case ir.Add:
		return m.concat(a, b)
	case ir.Eq:
		return m.strEq(a, b)
	case ir.Ne:
		return m.not(m.strEq(a, b))
	case ir.Lt:
		return m.strLt(a, b)
	case ir.Gt:
		return m.strLt(b, a)
	case ir.Le:
		return m.not(m.strLt(b, a))
	case ir.Ge:
		return m.not(m.strLt(a, b))
	case ir.Min, ir.Max:
		lt := m.strLt(a, b)
		x, y := a, b
		if op == ir.Max {
			x, y = b, a
		}
		if lt.s == nil {
			if lt.c == 1 {
				return x
			}
			return y
		}
		return m.ite(lt.s, lt.c == 1, x, y)
	}
	panic(fmt.Sprintf("engine: operator %v on strings", op))
}

// concrete reports whether a string has a concrete length and bytes.
func (s *str) concrete() bool {
	if s.n.s != nil {
		return false
	}
	for k := uint64(0); k < s.n.c && k < uint64(len(s.b)); k++ {
		if s.b[k].s != nil {
			return false
		}
	}
	return true
}

// bytes returns the concrete bytes of s: at most its slots (the length of
// a guided or forced run, which follows a path whatever the values, can be
// any 64-bit value, a negative one included).
func (s *str) bytes() []byte {
	out := make([]byte, 0, min(s.n.c, uint64(len(s.b))))
	for k := uint64(0); k < s.n.c && k < uint64(len(s.b)); k++ {
		out = append(out, byte(s.b[k].c))
	}
	return out
}

// concat returns a + b: the bytes of a, then those of b from position len(a).
func (m *machine) concat(a, b *str) *str {
	n := m.uop(ir.Add, a.n, b.n)
	if a.n.s != nil && m.unfixedVars && m.unfixed == "" {
		// A length that depends on an address (fmt.go): where b's bytes
		// go depends on it too; from here the run is unfixed, and a's
		// concrete length places them.
		m.unfixed = m.unfixedOf(a.n.s)
	}
	if a.n.s == nil || m.unfixed != "" && m.unfixedOf(a.n.s) != "" {
		k := a.n.c
		if k > uint64(len(a.b)) {
			k = uint64(len(a.b)) // a forced run's meaningless length
		}
		r := &str{n: n, b: make([]*scalar, 0, int(k)+len(b.b))}
		r.b = append(append(r.b, a.b[:k]...), b.b...)
		return r
	}
	r := &str{n: n, b: make([]*scalar, len(a.b)+len(b.b))}
	for k := range r.b {
		kk := i64(uint64(k))
		inA := m.uop(ir.Lt, kk, a.n)
		fromB := m.pick(b.b, m.uop(ir.Sub, kk, a.n))
		r.b[k] = m.sel(inA, slot(a.b, k), fromB)
	}
	return r
}

// strEq is a == b: equal lengths and equal bytes below the length.
func (m *machine) strEq(a, b *str) *scalar {
	if a.concrete() && b.concrete() {
		return boolean(string(a.bytes()) == string(b.bytes()))
	}
	conj := []*scalar{m.uop(ir.Eq, a.n, b.n)}
	for k := 0; k < len(a.b) && k < len(b.b); k++ {
		below := m.uop(ir.Lt, i64(uint64(k)), a.n)
		conj = append(conj, m.or(m.not(below), m.uop(ir.Eq, a.b[k], b.b[k])))
	}
	return m.and(conj...)
}

// strLt is a < b, lexicographically by bytes (a proper prefix is smaller).
func (m *machine) strLt(a, b *str) *scalar {
	if a.concrete() && b.concrete() {
		return boolean(string(a.bytes()) < string(b.bytes()))
	}
	// lt(k): a[k:] < b[k:] given equal prefixes, from the first position
	// where one of them may end.
	l := min(len(a.b), len(b.b))
	kk := i64(uint64(l))
	lt := m.sel(m.uop(ir.Eq, b.n, kk), kc(0, 0), m.uop(ir.Eq, a.n, kk))
	for k := l - 1; k >= 0; k-- {
		kk := i64(uint64(k))
		x, y := a.b[k], b.b[k]
		lt = m.sel(m.uop(ir.Eq, b.n, kk), kc(0, 0),
			m.sel(m.uop(ir.Eq, a.n, kk), kc(1, 0),
				m.sel(m.uop(ir.Lt, x, y), kc(1, 0),
					m.sel(m.uop(ir.Lt, y, x), kc(0, 0), lt))))
	}
	return lt
}

// decode decodes the rune starting at byte pos of s (pos < len(s)) as
// unicode/utf8.DecodeRuneInString does: the rune (i32) and its width (i64);
// an invalid or incomplete encoding gives U+FFFD and width 1.
func (m *machine) decode(s *str, pos *scalar) (r, w *scalar) {
	rem := m.uop(ir.Sub, s.n, pos)
	at := func(k uint64) *scalar { return m.pick(s.b, m.uop(ir.Add, pos, i64(k))) }
	return m.decodeBytes(rem, at(0), at(1), at(2), at(3))
}

// decodeBytes decodes the rune of the bytes b0..b3, of which rem (i64,
// at least 1) remain in the string: the rune and its width, as decode.
func (m *machine) decodeBytes(rem, b0, b1, b2, b3 *scalar) (r, w *scalar) {
	ascii := m.uop(ir.Lt, b0, kc(0x80, 8))
	size2 := m.inRange(b0, 0xC2, 0xDF)
	size3 := m.inRange(b0, 0xE0, 0xEF)
	size4 := m.inRange(b0, 0xF0, 0xF4)
	eq := func(x *scalar, v uint64) *scalar { return m.uop(ir.Eq, x, kc(v, 8)) }
	lo1 := m.sel(eq(b0, 0xE0), kc(0xA0, 8), m.sel(eq(b0, 0xF0), kc(0x90, 8), kc(0x80, 8)))
	hi1 := m.sel(eq(b0, 0xED), kc(0x9F, 8), m.sel(eq(b0, 0xF4), kc(0x8F, 8), kc(0xBF, 8)))
	ok1 := m.and(m.uop(ir.Le, lo1, b1), m.uop(ir.Le, b1, hi1))
	cont2, cont3 := m.inRange(b2, 0x80, 0xBF), m.inRange(b3, 0x80, 0xBF)
	atLeast := func(k uint64) *scalar { return m.uop(ir.Le, i64(k), rem) }
	valid2 := m.and(size2, atLeast(2), ok1)
	valid3 := m.and(size3, atLeast(3), ok1, cont2)
	valid4 := m.and(size4, atLeast(4), ok1, cont2, cont3)
	low := func(b *scalar, mask uint64, shift uint64) *scalar {
		return m.shl(m.ext(m.uop(ir.And, b, kc(mask, 8)), 32), shift)
	}
	r2 := m.uop(ir.Or, low(b0, 0x1F, 6), low(b1, 0x3F, 0))
	r3 := m.uop(ir.Or, m.uop(ir.Or, low(b0, 0x0F, 12), low(b1, 0x3F, 6)), low(b2, 0x3F, 0))
	r4 := m.uop(ir.Or, m.uop(ir.Or, low(b0, 0x07, 18), low(b1, 0x3F, 12)), m.uop(ir.Or, low(b2, 0x3F, 6), low(b3, 0x3F, 0)))
	r = m.sel(ascii, m.ext(b0, 32), m.sel(valid2, r2, m.sel(valid3, r3, m.sel(valid4, r4, kc(0xFFFD, 32)))))
	w = m.sel(ascii, i64(1), m.sel(valid2, i64(2), m.sel(valid3, i64(3), m.sel(valid4, i64(4), i64(1)))))
	return r, w
}

// encode returns the UTF-8 encoding of r (an i64 holding the integer
// converted): its length (i64) and four byte slots; an invalid code point
// (negative, a surrogate, above U+10FFFF) encodes U+FFFD.
func (m *machine) encode(r *scalar) (n *scalar, b [4]*scalar) {
	valid := m.and(m.uop(ir.Le, r, i64(0x10FFFF)), m.not(m.inRange(r, 0xD800, 0xDFFF))) // unsigned: negative is huge
	r = m.sel(valid, r, i64(0xFFFD))
	n = m.sel(m.uop(ir.Lt, r, i64(0x80)), i64(1), m.sel(m.uop(ir.Lt, r, i64(0x800)), i64(2), m.sel(m.uop(ir.Lt, r, i64(0x10000)), i64(3), i64(4))))
	byteOf := func(x *scalar) *scalar { return m.ext(x, 8) }
	cont := func(shift uint64) *scalar {
		return byteOf(m.uop(ir.Or, i64(0x80), m.uop(ir.And, m.lshr(r, shift), i64(0x3F))))
	}
	is := func(k uint64) *scalar { return m.uop(ir.Eq, n, i64(k)) }
	b[0] = m.sel(is(1), byteOf(r), m.sel(is(2), byteOf(m.uop(ir.Or, i64(0xC0), m.lshr(r, 6))),
		m.sel(is(3), byteOf(m.uop(ir.Or, i64(0xE0), m.lshr(r, 12))), byteOf(m.uop(ir.Or, i64(0xF0), m.lshr(r, 18))))))
	b[1] = m.sel(is(2), cont(0), m.sel(is(3), cont(6), cont(12)))
	b[2] = m.sel(is(3), cont(0), cont(6))
	b[3] = cont(0)
	return n, b
}

// runeToString is string(r) of an integer (already an i64).
func (m *machine) runeToString(r *scalar) *str {
	n, b := m.encode(r)
	return &str{n: n, b: b[:]}
}

// stringToBytes is []byte(s): a fresh backing array, its capacity the one
// gc gives (convCap: tainted where escape analysis decides it).
func (m *machine) stringToBytes(s *str, t *ir.Type) *slice {
	elems := make([]val, len(s.b))
	for k, b := range s.b {
		elems[k] = b
	}
	c := m.convCap(s.n, t.Elem, true)
	return &slice{arr: m.convArray(elems, s.n, c, t.Elem), off: i64(0), n: s.n, cap: c}
}

// bytesToString is string(b) of a []byte.
func (m *machine) bytesToString(sl *slice) *str {
	elems := m.window(sl)
	r := &str{n: sl.n, b: make([]*scalar, len(elems))}
	for k, e := range elems {
		r.b[k] = e.(*scalar)
	}
	return r
}

// stringToRunes is []rune(s): the runes decoded one after the other, its
// capacity the one gc gives (convCap).
func (m *machine) stringToRunes(s *str, t *ir.Type) *slice {
	pos := i64(0)
	count := i64(0)
	elems := make([]val, len(s.b))
	for k := range elems {
		more := m.uop(ir.Lt, pos, s.n)
		if more.s == nil && more.c == 0 {
			elems = elems[:k]
			break
		}
		r, w := m.decode(s, pos)
		elems[k] = r
		pos = m.sel(more, m.uop(ir.Add, pos, w), pos)
		count = m.sel(more, m.uop(ir.Add, count, i64(1)), count)
	}
	c := m.convCap(count, t.Elem, false)
	return &slice{arr: m.convArray(elems, count, c, t.Elem), off: i64(0), n: count, cap: c}
}

// runesToString is string(rs) of a []rune: the encodings one after the other.
func (m *machine) runesToString(sl *slice) *str {
	elems := m.window(sl)
	total := i64(0)
	type enc struct {
		start, n *scalar
		b        [4]*scalar
	}
	encs := make([]enc, len(elems))
	for k, e := range elems {
		live := m.uop(ir.Lt, i64(uint64(k)), sl.n)
		r := m.convInt(e.(*scalar), ir.I32, ir.I64)
		n, b := m.encode(r)
		encs[k] = enc{start: total, n: n, b: b}
		total = m.sel(live, m.uop(ir.Add, total, n), total)
	}
	out := &str{n: total, b: make([]*scalar, 4*len(elems))}
	for j := range out.b {
		jj := i64(uint64(j))
		v := kc(0, 8)
		for k := len(encs) - 1; k >= 0; k-- {
			e := encs[k]
			off := m.uop(ir.Sub, jj, e.start)
			in := m.and(m.uop(ir.Le, e.start, jj), m.uop(ir.Lt, off, e.n))
			v = m.sel(in, m.pick(e.b[:], off), v)
		}
		out.b[j] = v
	}
	return out
}
