// Random float terms for differential tests: floats read only by float operators, so that every solver's meaning of them is Eval's.

package solvertest

import (
	"math"

	"leapfrog/internal/expr"
)

// specialFloats are binary64 values at the corners of IEEE arithmetic:
// zeros, infinities, NaNs (a payload, a signalling one), subnormals, the
// largest value, inexact fractions, the bounds of 32- and 64-bit integers.
var specialFloats = []float64{0, math.Copysign(0, -1), 1, -1, 0.5, 0.1, 1.0 / 3, 2.5, -2.5, 3, 7,
	math.Inf(1), math.Inf(-1), math.NaN(), math.Float64frombits(0x7FF0000000000123),
	math.SmallestNonzeroFloat64, 0x1p-1022, math.MaxFloat64, math.MaxFloat32, 0x1p-149, 0x1p-126,
	0x1p24 + 1, 0x1p31, -0x1p31, 0x1p53 + 2, 0x1p63, -0x1p63, 0x1p64, 1e30, -1e30}

// FloatConst returns a random special float constant of width w (32 or 64).
func (g *Gen) FloatConst(w int) *expr.Term {
	bits := math.Float64bits(specialFloats[g.R.IntN(len(specialFloats))])
	if w == 32 {
		bits = expr.ApplyConv(expr.OpFToF, 64, 32, bits)
	}
	return g.B.BVConst(w, bits)
}

// Float returns a random float term of width w (32 or 64): integers of the
// variables converted, special constants, and every float operator over
// them. Its bits are read only through float operators (comparisons,
// conversions), never as a bit-vector: the bits of a computed NaN are the
// one thing solvers may choose differently from Eval (see expr/smt2_float.go).
func (g *Gen) Float(w, depth int) *expr.Term {
	b := g.B
	if depth <= 0 {
		switch g.R.IntN(3) {
		case 0:
			return g.FloatConst(w)
		case 1:
			ws := g.widths()
			return b.SToF(g.BV(ws[g.R.IntN(len(ws))], 0), w)
		default:
			ws := g.widths()
			return b.UToF(g.BV(ws[g.R.IntN(len(ws))], 0), w)
		}
	}
	x := func() *expr.Term { return g.Float(w, depth-1) }
	switch g.R.IntN(10) {
	case 0:
		return b.FAdd(x(), x())
	case 1:
		return b.FSub(x(), x())
	case 2:
		return b.FMul(x(), x())
	case 3:
		return b.FDiv(x(), x())
	case 4:
		return b.FNeg(x())
	case 5:
		return b.FAbs(x())
	case 6:
		if len(g.FloatWidths) == 1 {
			return b.FToF(b.FToF(x(), 96-w), w) // a round trip through the other width
		}
		return b.FToF(g.Float(96-w, depth-1), w)
	case 7:
		return b.Ite(g.Bool(depth-1), x(), x())
	case 8:
		ws := g.widths()
		return b.SToF(g.BV(ws[g.R.IntN(len(ws))], depth-1), w)
	default:
		return g.Float(w, 0)
	}
}

func (g *Gen) floatWidth() int {
	if len(g.FloatWidths) > 0 {
		return g.FloatWidths[g.R.IntN(len(g.FloatWidths))]
	}
	return 32 + 32*g.R.IntN(2)
}

// floatBool compares two random floats.
func (g *Gen) floatBool(depth int) *expr.Term {
	w := g.floatWidth()
	x, y := g.Float(w, depth-1), g.Float(w, depth-1)
	switch g.R.IntN(3) {
	case 0:
		return g.B.FEq(x, y)
	case 1:
		return g.B.FLt(x, y)
	}
	return g.B.FLe(x, y)
}
