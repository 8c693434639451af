// Tests of the engine's float semantics: its concrete evaluation of every float operator and conversion against Go's own (gc on amd64) on random bit patterns.

package engine

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
)

// floatSamples are random bit patterns of width w, biased towards special
// values and integers, where conversions change behaviour.
func floatSamples(rng *rand.Rand, w int, n int) []uint64 {
	specials := []float64{0, math.Copysign(0, -1), 1, -1, 0.5, math.Inf(1), math.Inf(-1), math.NaN(), math.MaxFloat32,
		math.SmallestNonzeroFloat64, 0x1p31, -0x1p31, 0x1p63, -0x1p63, 0x1p64, 255.5, -128.5, 65535.9, 0x1p32}
	var out []uint64
	for _, f := range specials {
		out = append(out, floatBits(w, f))
	}
	for len(out) < n {
		switch rng.IntN(3) {
		case 0:
			out = append(out, rng.Uint64()&expr.Mask(w))
		case 1: // an integer-valued float of random magnitude
			out = append(out, floatBits(w, math.Ldexp(float64(int64(rng.Uint64())>>rng.IntN(64)), rng.IntN(3))))
		default:
			out = append(out, floatBits(w, rng.NormFloat64()*math.Ldexp(1, rng.IntN(80)-10)))
		}
	}
	return out
}

func newFloatMachine() *machine { return &machine{Engine: &Engine{B: expr.NewBuilder()}} }

// goFloat applies Go's operator to floats of width w.
func goFloat(op ir.BinOpKind, w int, x, y uint64) uint64 {
	b := func(v bool) uint64 {
		if v {
			return 1
		}
		return 0
	}
	if w == 32 {
		a, c := math.Float32frombits(uint32(x)), math.Float32frombits(uint32(y))
		switch op {
		case ir.Add:
			return uint64(math.Float32bits(a + c))
		case ir.Sub:
			return uint64(math.Float32bits(a - c))
		case ir.Mul:
			return uint64(math.Float32bits(a * c))
		case ir.Div:
			return uint64(math.Float32bits(a / c))
		case ir.Eq:
			return b(a == c)
		case ir.Ne:
			return b(a != c)
		case ir.Lt:
			return b(a < c)
		case ir.Le:
			return b(a <= c)
		case ir.Gt:
			return b(a > c)
		case ir.Ge:
			return b(a >= c)
		}
	}
	a, c := math.Float64frombits(x), math.Float64frombits(y)
	switch op {
	case ir.Add:
		return math.Float64bits(a + c)
	case ir.Sub:
		return math.Float64bits(a - c)
	case ir.Mul:
		return math.Float64bits(a * c)
	case ir.Div:
		return math.Float64bits(a / c)
	case ir.Eq:
		return b(a == c)
	case ir.Ne:
		return b(a != c)
	case ir.Lt:
		return b(a < c)
	case ir.Le:
		return b(a <= c)
	case ir.Gt:
		return b(a > c)
	case ir.Ge:
		return b(a >= c)
	}
	panic(op)
}

// sameFloat compares results: equal bits, or two NaNs (gc may order the
// operands of + and * either way, so two NaN operands' payloads may mix).
func sameFloat(w int, a, b uint64) bool {
	return a == b || expr.IsNaNBits(a, w) && expr.IsNaNBits(b, w)
}

// TestFloatOperatorsAgreeWithGo: every binary operator and -x, on both
// widths, concretely and through a symbolic term evaluated under the
// model, against Go's own operators.
func TestFloatOperatorsAgreeWithGo(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 1))
	m := newFloatMachine()
	for _, w := range []int{32, 64} {
		typ := ir.FloatType(w)
		xs := floatSamples(rng, w, 120)
		for i, x := range xs {
			for _, y := range []uint64{xs[(i*13+5)%len(xs)], xs[rng.IntN(len(xs))], x} {
				for _, op := range []ir.BinOpKind{ir.Add, ir.Sub, ir.Mul, ir.Div, ir.Eq, ir.Ne, ir.Lt, ir.Le, ir.Gt, ir.Ge} {
					got := m.floatBinOp(op, typ, cs(x, w), cs(y, w))
					want := goFloat(op, w, x, y)
					if !sameFloat(w, got.c, want) || op.IsComparison() && got.c != want {
						t.Fatalf("%v f%d (%#x, %#x): engine %#x, Go %#x", op, w, x, y, got.c, want)
					}
					sx, sy := &scalar{c: x, s: m.B.Var(fmt.Sprint("x", w), w), width: w}, &scalar{c: y, s: m.B.Var(fmt.Sprint("y", w), w), width: w}
					sym := m.floatBinOp(op, typ, sx, sy)
					if ev := expr.Eval(sym.s, map[string]uint64{fmt.Sprint("x", w): x, fmt.Sprint("y", w): y}); ev != sym.c {
						t.Fatalf("%v f%d (%#x, %#x): term evaluates to %#x, concrete %#x", op, w, x, y, ev, sym.c)
					}
				}
			}
			neg := m.floatNeg(cs(x, w)).c
			var want uint64
			if w == 32 {
				want = uint64(math.Float32bits(-math.Float32frombits(uint32(x))))
			} else {
				want = math.Float64bits(-math.Float64frombits(x))
			}
			if neg != want {
				t.Fatalf("-x f%d (%#x): engine %#x, Go %#x", w, x, neg, want)
			}
		}
	}
}

// ints are the integer types of the conversions.
var ints = []*ir.Type{ir.I8, ir.I16, ir.I32, ir.I64, ir.U8, ir.U16, ir.U32, ir.U64}

//go:noinline
func goFloatToInt(f float64, to *ir.Type) uint64 {
	switch to {
	case ir.I8:
		return uint64(uint8(int8(f)))
	case ir.I16:
		return uint64(uint16(int16(f)))
	case ir.I32:
		return uint64(uint32(int32(f)))
	case ir.I64:
		return uint64(int64(f))
	case ir.U8:
		return uint64(uint8(f))
	case ir.U16:
		return uint64(uint16(f))
	case ir.U32:
		return uint64(uint32(f))
	}
	return uint64(f)
}

//go:noinline
func goFloat32ToInt(f float32, to *ir.Type) uint64 {
	switch to {
	case ir.I8:
		return uint64(uint8(int8(f)))
	case ir.I16:
		return uint64(uint16(int16(f)))
	case ir.I32:
		return uint64(uint32(int32(f)))
	case ir.I64:
		return uint64(int64(f))
	case ir.U8:
		return uint64(uint8(f))
	case ir.U16:
		return uint64(uint16(f))
	case ir.U32:
		return uint64(uint32(f))
	}
	return uint64(f)
}

// goIntToFloat converts the integer bits x of type from to a float of width w.
func goIntToFloat(x uint64, from *ir.Type, w int) uint64 {
	if from.Signed {
		v := expr.Signed(x, from.Width)
		if w == 32 {
			return uint64(math.Float32bits(float32(v)))
		}
		return math.Float64bits(float64(v))
	}
	if w == 32 {
		return uint64(math.Float32bits(float32(x)))
	}
	return math.Float64bits(float64(x))
}

// TestFloatConversionsAgreeWithGo: float to every integer type (gc's
// out-of-range values included), every integer type to float, and between
// the float types, concretely and symbolically.
func TestFloatConversionsAgreeWithGo(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 2))
	m := newFloatMachine()
	check := func(from, to *ir.Type, x, want uint64) {
		t.Helper()
		got := m.convFloat(cs(x, from.Width), from, to).c
		if got != want && !(ir.IsFloat(to) && sameFloat(to.Width, got, want)) {
			t.Fatalf("%s(%#x) from %s: engine %#x, Go %#x", to, x, from, got, want)
		}
		sym := m.convFloat(&scalar{c: x, s: m.B.Var(fmt.Sprint("x", from.Width), from.Width), width: from.Width}, from, to)
		if ev := expr.Eval(sym.s, map[string]uint64{fmt.Sprint("x", from.Width): x}); ev != sym.c || sym.c != got {
			t.Fatalf("%s(%#x) from %s: term evaluates to %#x, concrete %#x", to, x, from, ev, sym.c)
		}
	}
	for _, w := range []int{32, 64} {
		ft := ir.FloatType(w)
		for _, x := range floatSamples(rng, w, 400) {
			for _, it := range ints {
				if w == 32 {
					check(ft, it, x, goFloat32ToInt(math.Float32frombits(uint32(x)), it)&expr.Mask(it.Width))
				} else {
					check(ft, it, x, goFloatToInt(math.Float64frombits(x), it)&expr.Mask(it.Width))
				}
			}
			if w == 32 {
				check(ft, ir.F64, x, math.Float64bits(float64(math.Float32frombits(uint32(x)))))
			} else {
				check(ft, ir.F32, x, uint64(math.Float32bits(float32(math.Float64frombits(x)))))
			}
		}
		for _, it := range ints {
			for range 300 {
				x := rng.Uint64() >> rng.IntN(64) & expr.Mask(it.Width)
				check(it, ft, x, goIntToFloat(x, it, w))
			}
		}
	}
}
