// Random terms for differential tests of solvers and evaluators.

package solvertest

import (
	"math/rand/v2"

	"leapfrog/internal/expr"
)

// Gen builds random well-sorted terms over the variables Vars with B; every
// operator of expr occurs (the float operators when Floats is set:
// float.go; of the widths FloatWidths, default 32 and 64). Bit-vector
// terms have the widths of Vars (plus widths reached by extension and
// extraction), so give it variables of a few widths.
type Gen struct {
	B           *expr.Builder
	R           *rand.Rand
	Vars        []*expr.Term
	Floats      bool
	FloatWidths []int
}

func (g *Gen) widths() []int {
	var ws []int
	for _, v := range g.Vars {
		if v.Width > 0 {
			ws = append(ws, v.Width)
		}
	}
	if len(ws) == 0 {
		ws = []int{4}
	}
	return ws
}

func (g *Gen) pickVar(width int) *expr.Term {
	var vs []*expr.Term
	for _, v := range g.Vars {
		if v.Width == width {
			vs = append(vs, v)
		}
	}
	if len(vs) == 0 {
		return nil
	}
	return vs[g.R.IntN(len(vs))]
}

// Bool returns a random bool term of at most the given depth.
func (g *Gen) Bool(depth int) *expr.Term {
	b := g.B
	if depth <= 0 {
		if v := g.pickVar(0); v != nil && g.R.IntN(3) == 0 {
			return v
		}
		if g.R.IntN(8) == 0 {
			return b.BoolConst(g.R.IntN(2) == 0)
		}
		depth = 1
	}
	ws := g.widths()
	w := ws[g.R.IntN(len(ws))]
	if g.Floats && g.R.IntN(3) == 0 {
		return g.floatBool(depth)
	}
	switch g.R.IntN(9) {
	case 0:
		return b.Not(g.Bool(depth - 1))
	case 1:
		return b.And(g.Bool(depth-1), g.Bool(depth-1), g.Bool(depth-1))
	case 2:
		return b.Or(g.Bool(depth-1), g.Bool(depth-1))
	case 3:
		return b.Eq(g.Bool(depth-1), g.Bool(depth-1))
	case 4:
		return b.Slt(g.BV(w, depth-1), g.BV(w, depth-1))
	case 5:
		return b.Sle(g.BV(w, depth-1), g.BV(w, depth-1))
	case 6:
		return b.Ult(g.BV(w, depth-1), g.BV(w, depth-1))
	case 7:
		return b.Ule(g.BV(w, depth-1), g.BV(w, depth-1))
	default:
		return b.Eq(g.BV(w, depth-1), g.BV(w, depth-1))
	}
}

// BV returns a random bit-vector term of the given width and at most the given depth.
func (g *Gen) BV(width, depth int) *expr.Term {
	b := g.B
	if depth <= 0 {
		if v := g.pickVar(width); v != nil && g.R.IntN(4) != 0 {
			return v
		}
		switch g.R.IntN(4) {
		case 0:
			return b.BVConst(width, 0)
		case 1:
			return b.BVConst(width, expr.Mask(width))
		case 2:
			return b.BVConst(width, 1<<(width-1))
		default:
			return b.BVConst(width, g.R.Uint64())
		}
	}
	x := func() *expr.Term { return g.BV(width, depth-1) }
	if g.Floats && g.R.IntN(6) == 0 {
		return b.FToSBV(g.Float(g.floatWidth(), depth-1), width)
	}
	switch g.R.IntN(20) {
	case 0:
		return b.Neg(x())
	case 1:
		return b.Compl(x())
	case 2:
		return b.Add(x(), x())
	case 3:
		return b.Sub(x(), x())
	case 4:
		return b.Mul(x(), x())
	case 5:
		return b.SDiv(x(), x())
	case 6:
		return b.UDiv(x(), x())
	case 7:
		return b.SRem(x(), x())
	case 8:
		return b.URem(x(), x())
	case 9:
		return b.BAnd(x(), x())
	case 10:
		return b.BOr(x(), x())
	case 11:
		return b.BXor(x(), x())
	case 12:
		return b.Shl(x(), x())
	case 13:
		return b.LShr(x(), x())
	case 14:
		return b.AShr(x(), x())
	case 15:
		return b.Ite(g.Bool(depth-1), x(), x())
	case 16, 17:
		// Extend a narrower term.
		var narrower []int
		for _, w := range g.widths() {
			if w < width {
				narrower = append(narrower, w)
			}
		}
		if len(narrower) == 0 {
			return x()
		}
		from := g.BV(narrower[g.R.IntN(len(narrower))], depth-1)
		if g.R.IntN(2) == 0 {
			return b.ZExt(from, width)
		}
		return b.SExt(from, width)
	default:
		// Truncate a wider term.
		var wider []int
		for _, w := range g.widths() {
			if w > width {
				wider = append(wider, w)
			}
		}
		if len(wider) == 0 {
			return x()
		}
		return b.Trunc(g.BV(wider[g.R.IntN(len(wider))], depth-1), width)
	}
}
