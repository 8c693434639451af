// Summaries' trims by a concrete set of runes: chains of the set's encodings from either end, no decoding of the string.

package engine

import (
	"unicode/utf8"

	"leapfrog/internal/ir"
	"leapfrog/internal/summary"
)

// trimSet is the concrete set of runes a trim of kind k removes, when the
// cheap closed form (trimByEncodings) applies: the white space runes for
// TrimSpace, the runes of a concrete cutset for the others. It is nil for
// a symbolic cutset, or one that holds utf8.RuneError (as an invalid byte
// or U+FFFD): Go's decoding turns every invalid byte into RuneError, which
// the general closed form (trimBounds) follows.
func trimSet(k summary.Kind, cutset *str) []rune {
	var set []rune
	if k == summary.TrimSpace {
		for _, g := range summary.Class(summary.IsSpace) {
			for r := g.Lo; r <= g.Hi; r += g.Stride {
				set = append(set, rune(r))
			}
		}
		return set
	}
	if !cutset.concrete() {
		return nil
	}
	seen := map[rune]bool{}
	for _, r := range string(cutset.bytes()) {
		if r == utf8.RuneError {
			return nil
		}
		if !seen[r] {
			seen[r] = true
			set = append(set, r)
		}
	}
	return set
}

// trimByEncodings are the bounds of s trimmed of the runes of set (valid
// runes, RuneError excluded), as trimBounds gives them: lo, where the
// chain of the set's encodings from position 0 stops (len(s) when it
// reaches the end), and hi, where the chain of the set's encodings ending
// at len(s) stops (0 when it reaches the start). No decoding is needed:
// UTF-8 is prefix-free and self-synchronising, so a valid encoding at a
// position is the rune Go's forward decoding finds there, and a valid
// encoding ending at a position is the rune its backward decoding finds;
// where no encoding of the set matches, Go decodes a rune outside the set
// (another rune, or RuneError for an invalid byte). Neither chain crosses
// the other's stop unless every rune is trimmed (the caller takes lo when
// hi < lo).
func (m *machine) trimByEncodings(s *str, set []rune) (lo, hi *scalar) {
	k := len(s.b)
	match := m.encodingsAt(s, set)
	// From the start: reach[p], the chain covers [0, p).
	reach := make([]*scalar, k+1)
	stop := make([]*scalar, k+1)
	for p := 0; p <= k; p++ {
		from := []*scalar{}
		if p == 0 {
			from = append(from, kc(1, 0))
		}
		for w := 1; w <= utf8.UTFMax && w <= p; w++ {
			from = append(from, m.and(reach[p-w], match[w][p-w]))
		}
		reach[p] = m.or(from...)
		var more []*scalar
		for w := 1; w <= utf8.UTFMax; w++ {
			more = append(more, match[w][p])
		}
		stop[p] = m.and(reach[p], m.not(m.or(more...)))
	}
	lo = m.first(stop, s.n)
	// From the end: back[p], the chain covers [p, len(s)).
	back := make([]*scalar, k+1)
	for p := k; p >= 0; p-- {
		from := []*scalar{m.uop(ir.Eq, s.n, i64(uint64(p)))}
		for w := 1; w <= utf8.UTFMax && p+w <= k; w++ {
			from = append(from, m.and(back[p+w], match[w][p]))
		}
		back[p] = m.or(from...)
	}
	return lo, m.first(back, s.n)
}

// encodingsAt gives, by width w and position p (0 to len(s.b)), whether
// an encoding of width w of a rune of set (valid runes) is at p, within
// s.
func (m *machine) encodingsAt(s *str, set []rune) [utf8.UTFMax + 1][]*scalar {
	var encs [utf8.UTFMax + 1][][]byte // by width
	for _, r := range set {
		e := utf8.AppendRune(nil, r)
		encs[len(e)] = append(encs[len(e)], e)
	}
	k := len(s.b)
	var match [utf8.UTFMax + 1][]*scalar
	for w := 1; w <= utf8.UTFMax; w++ {
		match[w] = make([]*scalar, k+1)
		for p := 0; p <= k; p++ {
			match[w][p] = kc(0, 0)
			if p+w > k || len(encs[w]) == 0 {
				continue
			}
			disj := make([]*scalar, len(encs[w]))
			for i, e := range encs[w] {
				conj := make([]*scalar, w)
				for j, c := range e {
					conj[j] = m.uop(ir.Eq, s.b[p+j], kc(uint64(c), 8))
				}
				disj[i] = m.and(conj...)
			}
			match[w][p] = m.and(m.uop(ir.Le, i64(uint64(p+w)), s.n), m.or(disj...))
		}
	}
	return match
}
