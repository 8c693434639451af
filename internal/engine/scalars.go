// Scalar helpers: constants, comparisons and choices that compute the concrete bits and the term together.

package engine

import (
	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
)

// kc returns the concrete scalar v of width w (0: bool).
func kc(v uint64, w int) *scalar { return &scalar{c: v & expr.Mask(w), width: w} }

// uop applies an unsigned arithmetic or comparison operator.
func (m *machine) uop(op ir.BinOpKind, x, y *scalar) *scalar {
	switch op {
	case ir.Gt:
		return m.arith(ir.Lt, false, y, x).(*scalar)
	case ir.Ge:
		return m.arith(ir.Le, false, y, x).(*scalar)
	case ir.Eq, ir.Ne:
		return m.binOp(op, ir.IntType(max(x.width, 8), false), x, y).(*scalar)
	}
	return m.arith(op, false, x, y).(*scalar)
}

// shl and lshr shift by a constant count.
func (m *machine) shl(x *scalar, n uint64) *scalar {
	return m.binOp(ir.Shl, ir.IntType(x.width, false), x, kc(n, x.width)).(*scalar)
}

func (m *machine) lshr(x *scalar, n uint64) *scalar {
	return m.binOp(ir.Shr, ir.IntType(x.width, false), x, kc(n, x.width)).(*scalar)
}

// sel returns c ? a : b for a bool scalar c.
func (m *machine) sel(c, a, b *scalar) *scalar {
	if c.s == nil {
		if c.c == 1 {
			return a
		}
		return b
	}
	return m.ite(c.s, c.c == 1, a, b).(*scalar)
}

// and, or and not of bool scalars.
func (m *machine) and(xs ...*scalar) *scalar {
	c := uint64(1)
	var ts []*expr.Term
	for _, x := range xs {
		if x.s == nil {
			if x.c == 0 {
				return kc(0, 0)
			}
			continue
		}
		c &= x.c
		ts = append(ts, x.s)
	}
	if len(ts) == 0 {
		return kc(1, 0)
	}
	return mk(c, m.B.And(ts...), 0)
}

func (m *machine) or(xs ...*scalar) *scalar {
	c := uint64(0)
	var ts []*expr.Term
	for _, x := range xs {
		if x.s == nil {
			if x.c == 1 {
				return kc(1, 0)
			}
			continue
		}
		c |= x.c
		ts = append(ts, x.s)
	}
	if len(ts) == 0 {
		return kc(0, 0)
	}
	return mk(c, m.B.Or(ts...), 0)
}

func (m *machine) not(x *scalar) *scalar { return m.unOp(ir.Not, x).(*scalar) }

// inRange reports lo <= x <= hi (unsigned constants).
func (m *machine) inRange(x *scalar, lo, hi uint64) *scalar {
	return m.and(m.uop(ir.Le, kc(lo, x.width), x), m.uop(ir.Le, x, kc(hi, x.width)))
}

// ext zero-extends or truncates x to width w.
func (m *machine) ext(x *scalar, w int) *scalar {
	if x.width == w {
		return x
	}
	return m.convInt(x, ir.IntType(x.width, false), ir.IntType(w, false))
}

// pick reads slots[idx] for a possibly symbolic index: an ite chain over
// every slot, and beyond the slots a fresh variable. The slots model the
// sizes up to the bound exactly; beyond it the byte can be anything, so a
// formula that is unsatisfiable without the size bound is unsatisfiable for
// inputs of every size, which is what lets a refutation that does not need
// the bound stand.
func (m *machine) pick(slots []*scalar, idx *scalar) *scalar {
	if len(slots) == 0 {
		return m.anyLike(kc(0, 8)).(*scalar)
	}
	if idx.s == nil {
		if idx.c < uint64(len(slots)) {
			return slots[idx.c]
		}
		return m.anyLike(slots[len(slots)-1]).(*scalar)
	}
	r := m.anyLike(slots[len(slots)-1]).(*scalar)
	for k := len(slots) - 1; k >= 0; k-- {
		cond := m.B.Eq(idx.s, m.B.BVConst(idx.width, uint64(k)))
		r = m.ite(cond, idx.c == uint64(k), slots[k], r).(*scalar)
	}
	return r
}
