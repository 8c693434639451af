// Summaries' closed forms over a string's slots: byte and substring searches, rune starts, trims, prefixes, case folding.

package engine

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"leapfrog/internal/ir"
	"leapfrog/internal/summary"
)

// The closed forms assume every Text argument within its slots (len(s) <=
// len(s.b)); callSummary takes care of longer ones. Position p of a
// string is live when p < len(s).

func (m *machine) live(s *str, p int) *scalar { return m.uop(ir.Lt, i64(uint64(p)), s.n) }

// first is the least p with conds[p], else none; last the greatest.
func (m *machine) first(conds []*scalar, none *scalar) *scalar {
	r := none
	for p := len(conds) - 1; p >= 0; p-- {
		r = m.sel(conds[p], i64(uint64(p)), r)
	}
	return r
}

func (m *machine) last(conds []*scalar, none *scalar) *scalar {
	r := none
	for p := range conds {
		r = m.sel(conds[p], i64(uint64(p)), r)
	}
	return r
}

// countOf is the number of conds that hold (an int).
func (m *machine) countOf(conds []*scalar) *scalar {
	n := i64(0)
	for _, c := range conds {
		n = m.uop(ir.Add, n, m.sel(c, i64(1), i64(0)))
	}
	return n
}

// byteSearch is IndexByte, LastIndexByte or CountByte of c in s.
func (m *machine) byteSearch(k summary.Kind, s *str, c *scalar) *scalar {
	hits := make([]*scalar, len(s.b))
	for p := range hits {
		hits[p] = m.and(m.live(s, p), m.uop(ir.Eq, s.b[p], c))
	}
	switch k {
	case summary.IndexByte:
		return m.first(hits, minus1)
	case summary.LastIndexByte:
		return m.last(hits, minus1)
	}
	return m.countOf(hits)
}

// occurs[p], for p from 0 to len(s.b), says that sep occurs in s at p.
func (m *machine) occurs(s, sep *str) []*scalar {
	out := make([]*scalar, len(s.b)+1)
	for p := range out {
		conj := []*scalar{m.uop(ir.Le, m.uop(ir.Add, sep.n, i64(uint64(p))), s.n)}
		for q := range sep.b {
			inSep := m.uop(ir.Lt, i64(uint64(q)), sep.n)
			if p+q < len(s.b) {
				conj = append(conj, m.or(m.not(inSep), m.uop(ir.Eq, s.b[p+q], sep.b[q])))
			} else {
				conj = append(conj, m.not(inSep)) // p+len(sep) <= len(s) <= len(s.b) rules it out
			}
		}
		out[p] = m.and(conj...)
	}
	return out
}

// count is strings.Count(s, sep): the matches Go's greedy scan takes (a
// match not overlapping the previous one taken), or the runes + 1 for an
// empty sep.
func (m *machine) count(s, sep *str) *scalar {
	mt := m.occurs(s, sep)
	taken := make([]*scalar, len(mt))
	for p := range mt {
		var covered []*scalar
		for q := max(0, p-len(sep.b)); q < p; q++ {
			covered = append(covered, m.and(taken[q], m.uop(ir.Lt, i64(uint64(p-q)), sep.n)))
		}
		taken[p] = m.and(mt[p], m.not(m.or(covered...)))
	}
	empty := m.uop(ir.Eq, sep.n, i64(0))
	return m.sel(empty, m.uop(ir.Add, m.runeCount(s), i64(1)), m.countOf(taken))
}

// pickIn reads slots[idx] for an index that is within the slots wherever
// the value matters (a zero byte elsewhere, no fresh variable).
func (m *machine) pickIn(slots []*scalar, idx *scalar) *scalar {
	if idx.s == nil {
		return slot(slots, int(min(idx.c, uint64(len(slots)))))
	}
	r := kc(0, 8)
	for k := len(slots) - 1; k >= 0; k-- {
		r = m.sel(m.uop(ir.Eq, idx, i64(uint64(k))), slots[k], r)
	}
	return r
}

// hasPrefix is len(s) >= len(p) && s[:len(p)] == p.
func (m *machine) hasPrefix(s, p *str) *scalar {
	conj := []*scalar{m.uop(ir.Le, p.n, s.n)}
	for q := range p.b {
		inP := m.uop(ir.Lt, i64(uint64(q)), p.n)
		eq := kc(0, 0)
		if q < len(s.b) {
			eq = m.uop(ir.Eq, s.b[q], p.b[q])
		}
		conj = append(conj, m.or(m.not(inP), eq))
	}
	return m.and(conj...)
}

// hasSuffix is len(s) >= len(x) && s[len(s)-len(x):] == x.
func (m *machine) hasSuffix(s, x *str) *scalar {
	conj := []*scalar{m.uop(ir.Le, x.n, s.n)}
	off := m.uop(ir.Sub, s.n, x.n)
	for q := range x.b {
		inX := m.uop(ir.Lt, i64(uint64(q)), x.n)
		b := m.pickIn(s.b, m.uop(ir.Add, off, i64(uint64(q))))
		conj = append(conj, m.or(m.not(inX), m.uop(ir.Eq, b, x.b[q])))
	}
	return m.and(conj...)
}

// runeStarts is the forward decoding of a string (a range over it): at
// each slot p, whether a rune starts there (and p is live), the rune
// decoded there and its width.
type runeStarts struct {
	start, r, w []*scalar
}

// decodeAt decodes the rune at the constant position p of s.
func (m *machine) decodeAt(s *str, p int) (r, w *scalar) {
	return m.decodeBytes(m.uop(ir.Sub, s.n, i64(uint64(p))), slot(s.b, p), slot(s.b, p+1), slot(s.b, p+2), slot(s.b, p+3))
}

// runesOf decodes s from its start: p starts a rune when the rune before
// it, within the last four positions, starts at q and is p-q wide. Go's
// backward decoding (DecodeLastRune, TrimRight) finds the same starts.
func (m *machine) runesOf(s *str) runeStarts {
	k := len(s.b)
	ru := runeStarts{start: make([]*scalar, k), r: make([]*scalar, k), w: make([]*scalar, k)}
	for p := 0; p < k; p++ {
		ru.r[p], ru.w[p] = m.decodeAt(s, p)
		var from []*scalar
		if p == 0 {
			from = append(from, kc(1, 0))
		}
		for q := max(0, p-utf8.UTFMax); q < p; q++ {
			from = append(from, m.and(ru.start[q], m.uop(ir.Eq, ru.w[q], i64(uint64(p-q)))))
		}
		ru.start[p] = m.and(m.live(s, p), m.or(from...))
	}
	return ru
}

// runeHits[p] says that a rune of s starts at p and is in the set.
func (m *machine) runeHits(s *str, in func(*scalar) *scalar) []*scalar {
	ru := m.runesOf(s)
	hits := make([]*scalar, len(ru.start))
	for p := range hits {
		hits[p] = m.and(ru.start[p], in(ru.r[p]))
	}
	return hits
}

// inRunes is the membership in the runes of chars (as a range over it
// decodes them: an invalid byte is utf8.RuneError, as is U+FFFD itself),
// the set strings.IndexAny and strings.Trim test.
func (m *machine) inRunes(chars *str) func(*scalar) *scalar {
	if chars.concrete() {
		var set []rune
		seen := map[rune]bool{}
		for _, r := range string(chars.bytes()) {
			if !seen[r] {
				seen[r] = true
				set = append(set, r)
			}
		}
		return func(r *scalar) *scalar {
			disj := make([]*scalar, len(set))
			for i, x := range set {
				disj[i] = m.uop(ir.Eq, r, kc(uint64(x), 32))
			}
			return m.or(disj...)
		}
	}
	ru := m.runesOf(chars)
	return func(r *scalar) *scalar {
		disj := make([]*scalar, len(ru.start))
		for q := range disj {
			disj[q] = m.and(ru.start[q], m.uop(ir.Eq, ru.r[q], r))
		}
		return m.or(disj...)
	}
}

// trimBounds are the bounds of s trimmed of the runes in the set: lo, the
// first rune start whose rune is not in it (len(s) when none), and hi,
// the end of the last such rune (0 when none).
func (m *machine) trimBounds(s *str, in func(*scalar) *scalar) (lo, hi *scalar) {
	ru := m.runesOf(s)
	keep := make([]*scalar, len(ru.start))
	hi = i64(0)
	for p := range keep {
		keep[p] = m.and(ru.start[p], m.not(in(ru.r[p])))
		hi = m.sel(keep[p], m.uop(ir.Add, i64(uint64(p)), ru.w[p]), hi)
	}
	return m.first(keep, s.n), hi
}

// decodeLast is utf8.DecodeLastRuneInString: the rune that ends at len(s)
// and its width; (RuneError, 0) for an empty s.
func (m *machine) decodeLast(s *str) []*scalar {
	ru := m.runesOf(s)
	r, w := kc(utf8.RuneError, 32), i64(0)
	for p := range ru.start {
		ends := m.and(ru.start[p], m.uop(ir.Eq, m.uop(ir.Add, i64(uint64(p)), ru.w[p]), s.n))
		r, w = m.sel(ends, ru.r[p], r), m.sel(ends, ru.w[p], w)
	}
	return []*scalar{r, w}
}

// runeCount is utf8.RuneCountInString.
func (m *machine) runeCount(s *str) *scalar { return m.countOf(m.runesOf(s).start) }

// valid is utf8.ValidString: no rune start holds an invalid encoding (a
// byte of 0x80 or more decoded with width 1).
func (m *machine) valid(s *str) *scalar {
	ru := m.runesOf(s)
	conj := make([]*scalar, len(ru.start))
	for p := range conj {
		bad := m.and(ru.start[p], m.uop(ir.Eq, ru.w[p], i64(1)), m.uop(ir.Le, kc(utf8.RuneSelf, 8), s.b[p]))
		conj[p] = m.not(bad)
	}
	return m.and(conj...)
}

// runeLen is utf8.RuneLen of an int32.
func (m *machine) runeLen(r *scalar) *scalar {
	slt := func(x, y *scalar) *scalar { return m.arith(ir.Lt, true, x, y).(*scalar) }
	sle := func(x, y *scalar) *scalar { return m.arith(ir.Le, true, x, y).(*scalar) }
	k := func(v int64) *scalar { return kc(uint64(v), 32) }
	surrogate := m.and(sle(k(0xD800), r), sle(r, k(0xDFFF)))
	return m.sel(slt(r, k(0)), minus1,
		m.sel(sle(r, k(0x7F)), i64(1),
			m.sel(sle(r, k(0x7FF)), i64(2),
				m.sel(surrogate, minus1,
					m.sel(sle(r, k(0xFFFF)), i64(3),
						m.sel(sle(r, k(utf8.MaxRune)), i64(4), minus1))))))
}

// equalFold is strings.EqualFold: the two strings have as many runes (as
// a range decodes them), and the runes at each rank fold to each other
// (the same orbit of unicode.SimpleFold; an invalid byte is RuneError,
// which folds only to itself). When one string is concrete, its runes'
// orbits are known sets, and the closed form is exact (foldTo).
// Otherwise it is exact while both strings are ASCII up to the first
// difference: position by position, the end of either string decides
// (equal lengths), a pair of bytes that differ other than in an ASCII
// letter's case gives false; at a non-ASCII byte of either, the result is
// the native one on the run's values, a fresh variable (a taint: a branch
// on it may be covered, never refuted).
func (m *machine) equalFold(name string, s, t *str) *scalar {
	switch {
	case t.concrete():
		return m.foldTo(s, string(t.bytes()))
	case s.concrete():
		return m.foldTo(t, string(s.bytes()))
	}
	c := uint64(0)
	if strings.EqualFold(string(s.bytes()), string(t.bytes())) {
		c = 1
	}
	taint := m.extVar(name, c, 0)
	res := m.uop(ir.Eq, s.n, t.n)
	for p := min(len(s.b), len(t.b)) - 1; p >= 0; p-- {
		x, y := s.b[p], t.b[p]
		end := m.not(m.and(m.live(s, p), m.live(t, p)))
		ascii := m.uop(ir.Lt, m.uop(ir.Or, x, y), kc(utf8.RuneSelf, 8))
		lx, ly := m.uop(ir.Or, x, kc(0x20, 8)), m.uop(ir.Or, y, kc(0x20, 8))
		fold := m.or(m.uop(ir.Eq, x, y), m.and(m.uop(ir.Eq, lx, ly), m.inRange(lx, 'a', 'z')))
		res = m.sel(end, m.uop(ir.Eq, s.n, t.n), m.sel(ascii, m.sel(fold, res, kc(0, 0)), taint))
	}
	return res
}

// foldTo is strings.EqualFold(s, t) for a concrete t: s has as many runes
// as t, and the rune of rank j of s is in the orbit of t's.
func (m *machine) foldTo(s *str, t string) *scalar {
	var orbits [][]rune
	for _, x := range t {
		orbit := []rune{x}
		for r := unicode.SimpleFold(x); r != x; r = unicode.SimpleFold(r) {
			orbit = append(orbit, r)
		}
		orbits = append(orbits, orbit)
	}
	ru := m.runesOf(s)
	conj := []*scalar{m.uop(ir.Eq, m.countOf(ru.start), i64(uint64(len(orbits))))}
	rank := i64(0)
	for p := range ru.start {
		var ok []*scalar
		for j := 0; j <= p && j < len(orbits); j++ {
			in := make([]*scalar, len(orbits[j]))
			for i, x := range orbits[j] {
				in[i] = m.uop(ir.Eq, ru.r[p], kc(uint64(x), 32))
			}
			ok = append(ok, m.and(m.uop(ir.Eq, rank, i64(uint64(j))), m.or(in...)))
		}
		conj = append(conj, m.or(m.not(ru.start[p]), m.or(ok...)))
		rank = m.uop(ir.Add, rank, m.sel(ru.start[p], i64(1), i64(0)))
	}
	return m.and(conj...)
}
