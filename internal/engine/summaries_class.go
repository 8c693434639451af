// Summaries of package unicode's rune classes: membership in the class's ranges as a balanced decision tree.

package engine

import (
	"leapfrog/internal/expr"
	"leapfrog/internal/summary"
)

// classKey caches the term of a class applied to a rune term.
type classKey struct {
	k summary.Kind
	r *expr.Term
}

// inClass is unicode.IsX(r) (k the class IsX, r an int32): the native
// answer on r's concrete value, and, for a symbolic r, a decision tree
// over the class's ranges (unsigned comparisons, so that a negative rune,
// a huge one, is in no range).
func (m *machine) inClass(k summary.Kind, r *scalar) *scalar {
	c := uint64(0)
	if summary.InClass(k, rune(int32(uint32(r.c)))) {
		c = 1
	}
	if r.s == nil {
		return kc(c, 0)
	}
	key := classKey{k, r.s}
	t, ok := m.Engine.classes[key]
	if !ok {
		t = m.rangeTree(r.s, summary.Class(k))
		m.Engine.classes[key] = t
	}
	return mk(c, t, 0)
}

// rangeTree is the membership of the 32-bit term r in the sorted ranges.
func (m *machine) rangeTree(r *expr.Term, rs []summary.Range) *expr.Term {
	b := m.B
	k := func(v uint32) *expr.Term { return b.BVConst(32, uint64(v)) }
	if len(rs) <= 2 {
		disj := make([]*expr.Term, len(rs))
		for i, g := range rs {
			switch {
			case g.Lo == g.Hi:
				disj[i] = b.Eq(r, k(g.Lo))
			case g.Hi-g.Lo == g.Stride:
				disj[i] = b.Or(b.Eq(r, k(g.Lo)), b.Eq(r, k(g.Hi)))
			default:
				in := b.And(b.Ule(k(g.Lo), r), b.Ule(r, k(g.Hi)))
				if g.Stride > 1 {
					in = b.And(in, b.Eq(b.URem(b.Sub(r, k(g.Lo)), k(g.Stride)), k(0)))
				}
				disj[i] = in
			}
		}
		return b.Or(disj...)
	}
	mid := len(rs) / 2
	return b.Ite(b.Ult(r, k(rs[mid].Lo)), m.rangeTree(r, rs[:mid]), m.rangeTree(r, rs[mid:]))
}
