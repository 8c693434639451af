// Tests of the float operators: Apply and ApplyConv against the Go compiler's own arithmetic and conversions, exhaustively on special values and randomly.

package expr

import (
	"fmt"
	"math"
	"math/big"
	"math/rand"
	"strings"
	"testing"
)

// special64 are binary64 values where IEEE arithmetic and Go's conversions
// have their corners.
func special64() []uint64 {
	fs := []float64{0, 1, -1, 0.5, -0.5, 1.5, 2.5, -2.5, 3, 1e-300, 1e300, math.MaxFloat64, -math.MaxFloat64,
		math.SmallestNonzeroFloat64, -math.SmallestNonzeroFloat64, 0x1p-1022, 0x1p-1023, math.Inf(1), math.Inf(-1),
		127.5, 128, -128.5, -129, 255.9, 256, 32767.9, 32768, -32769, 65535.9, 65536,
		0x1p31 - 1, 0x1p31, -0x1p31, -0x1p31 - 1, 0x1p32 - 1, 0x1p32, 0x1p53, 0x1p53 + 1, 0x1p24 + 1,
		0x1p63 - 1024, 0x1p63, -0x1p63, -0x1p63 - 2048, 0x1p64 - 2048, 0x1p64, 1.5 * 0x1p63, 1e19, -1e19, 1e30,
		float64(math.MaxFloat32), 0x1p-126, 0x1p-149, 0x1p-150, 1.0 / 3}
	bits := []uint64{0x8000000000000000, 0x7FF8000000000000, 0xFFF8000000000000, 0x7FF8000000000001,
		0x7FF0000000000001, 0xFFF0000000000123, 0x7FFFFFFFFFFFFFFF, 0x7FF4000000000000, 0x000FFFFFFFFFFFFF}
	for _, f := range fs {
		bits = append(bits, math.Float64bits(f))
	}
	return bits
}

func special32() []uint64 {
	var out []uint64
	seen := map[uint32]bool{}
	for _, b := range special64() {
		f := math.Float64frombits(b)
		v := math.Float32bits(float32(f))
		if !seen[v] {
			seen[v] = true
			out = append(out, uint64(v))
		}
	}
	for _, v := range []uint32{0x80000000, 0x7FC00000, 0xFFC00000, 0x7FC00001, 0x7F800001, 0xFF800123, 0x7FFFFFFF,
		0x00000001, 0x007FFFFF, 0x00800000, 0x7F7FFFFF, 0x4B800000, 0x4B800001, 0x4F000000, 0xCF000000, 0x5F000000} {
		if !seen[v] {
			out = append(out, uint64(v))
		}
	}
	return out
}

// The operations as the Go compiler compiles them (not inlined, so that
// nothing folds at compile time).
//
//go:noinline
func goAdd64(x, y float64) float64 { return x + y }

//go:noinline
func goSub64(x, y float64) float64 { return x - y }

//go:noinline
func goMul64(x, y float64) float64 { return x * y }

//go:noinline
func goDiv64(x, y float64) float64 { return x / y }

//go:noinline
func goAdd32(x, y float32) float32 { return x + y }

//go:noinline
func goSub32(x, y float32) float32 { return x - y }

//go:noinline
func goMul32(x, y float32) float32 { return x * y }

//go:noinline
func goDiv32(x, y float32) float32 { return x / y }

// sameOrBothNaN reports whether two bit patterns are equal, or both NaNs
// and one of the candidates.
func checkArith(t *testing.T, name string, w int, x, y, got, want uint64) {
	t.Helper()
	if got == want {
		return
	}
	// NaN+NaN: gc may give either operand (its register allocator swaps
	// the operands of commutative operations); ApplyFloat gives the first.
	q := uint64(f64Quiet)
	if w == 32 {
		q = f32Quiet
	}
	if (name == "add" || name == "mul") && IsNaNBits(x, w) && IsNaNBits(y, w) && got == x|q && want == y|q {
		return
	}
	t.Errorf("%s%d(%#x, %#x): Apply %#x, Go %#x", name, w, x, y, got, want)
}

func TestApplyFloatMatchesGo(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	vs64 := special64()
	for range 300 {
		vs64 = append(vs64, rng.Uint64(), math.Float64bits(rng.NormFloat64()*1e3))
	}
	for _, x := range vs64 {
		for _, y := range vs64 {
			a, b := math.Float64frombits(x), math.Float64frombits(y)
			checkArith(t, "add", 64, x, y, Apply(OpFAdd, 64, x, y), math.Float64bits(goAdd64(a, b)))
			checkArith(t, "sub", 64, x, y, Apply(OpFSub, 64, x, y), math.Float64bits(goSub64(a, b)))
			checkArith(t, "mul", 64, x, y, Apply(OpFMul, 64, x, y), math.Float64bits(goMul64(a, b)))
			checkArith(t, "div", 64, x, y, Apply(OpFDiv, 64, x, y), math.Float64bits(goDiv64(a, b)))
			if got, want := Apply(OpFEq, 64, x, y), b2u(a == b); got != want {
				t.Errorf("eq(%v, %v) = %d", a, b, got)
			}
			if got, want := Apply(OpFLt, 64, x, y), b2u(a < b); got != want {
				t.Errorf("lt(%v, %v) = %d", a, b, got)
			}
			if got, want := Apply(OpFLe, 64, x, y), b2u(a <= b); got != want {
				t.Errorf("le(%v, %v) = %d", a, b, got)
			}
		}
	}
	vs32 := special32()
	for range 300 {
		vs32 = append(vs32, uint64(rng.Uint32()), uint64(math.Float32bits(float32(rng.NormFloat64()*100))))
	}
	for _, x := range vs32 {
		for _, y := range vs32 {
			a, b := math.Float32frombits(uint32(x)), math.Float32frombits(uint32(y))
			checkArith(t, "add", 32, x, y, Apply(OpFAdd, 32, x, y), uint64(math.Float32bits(goAdd32(a, b))))
			checkArith(t, "sub", 32, x, y, Apply(OpFSub, 32, x, y), uint64(math.Float32bits(goSub32(a, b))))
			checkArith(t, "mul", 32, x, y, Apply(OpFMul, 32, x, y), uint64(math.Float32bits(goMul32(a, b))))
			checkArith(t, "div", 32, x, y, Apply(OpFDiv, 32, x, y), uint64(math.Float32bits(goDiv32(a, b))))
			if got, want := Apply(OpFLt, 32, x, y), b2u(a < b); got != want {
				t.Errorf("lt32(%v, %v) = %d", a, b, got)
			}
			if got, want := Apply(OpFEq, 32, x, y), b2u(a == b); got != want {
				t.Errorf("eq32(%v, %v) = %d", a, b, got)
			}
		}
	}
	if t.Failed() {
		return
	}
	// The corners the doc comment names, as measured on amd64.
	nan := math.Float64bits(math.NaN())
	for _, c := range []struct {
		op   Op
		x, y uint64
		want uint64
	}{
		{OpFDiv, 0, 0, 0xFFF8000000000000},
		{OpFSub, math.Float64bits(math.Inf(1)), math.Float64bits(math.Inf(1)), 0xFFF8000000000000},
		{OpFAdd, 0x7FF0000000000123, math.Float64bits(1), 0x7FF8000000000123},
		{OpFAdd, math.Float64bits(1), 0x7FF0000000000123, 0x7FF8000000000123},
		{OpFSub, 0x7FF0000000000123, nan, 0x7FF8000000000123},
		{OpFAdd, 0x8000000000000000, 0x8000000000000000, 0x8000000000000000},
		{OpFAdd, 0x8000000000000000, 0, 0},
	} {
		if got := Apply(c.op, 64, c.x, c.y); got != c.want {
			t.Errorf("%s(%#x, %#x) = %#x, want %#x", c.op, c.x, c.y, got, c.want)
		}
	}
}

//go:noinline
func goF64toI64(f float64) int64 { return int64(f) }

//go:noinline
func goF64toI32(f float64) int32 { return int32(f) }

//go:noinline
func goF32toI64(f float32) int64 { return int64(f) }

//go:noinline
func goF32toI32(f float32) int32 { return int32(f) }

//go:noinline
func goF64toF32(f float64) float32 { return float32(f) }

//go:noinline
func goF32toF64(f float32) float64 { return float64(f) }

//go:noinline
func goI64toF64(v int64) float64 { return float64(v) }

//go:noinline
func goI64toF32(v int64) float32 { return float32(v) }

//go:noinline
func goU64toF64(v uint64) float64 { return float64(v) }

//go:noinline
func goU64toF32(v uint64) float32 { return float32(v) }

func TestApplyConvMatchesGo(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	vs64 := special64()
	for range 2000 {
		vs64 = append(vs64, rng.Uint64(), math.Float64bits(math.Ldexp(rng.Float64(), rng.Intn(140)-70)))
	}
	for _, x := range vs64 {
		f := math.Float64frombits(x)
		if got, want := ApplyConv(OpFToSBV, 64, 64, x), uint64(goF64toI64(f)); got != want {
			t.Errorf("int64(%v) = %#x, Go %#x", f, got, want)
		}
		if got, want := ApplyConv(OpFToSBV, 64, 32, x), uint64(uint32(goF64toI32(f))); got != want {
			t.Errorf("int32(%v) = %#x, Go %#x", f, got, want)
		}
		if got, want := ApplyConv(OpFToF, 64, 32, x), uint64(math.Float32bits(goF64toF32(f))); got != want {
			t.Errorf("float32(%#x) = %#x, Go %#x", x, got, want)
		}
	}
	vs32 := special32()
	for range 2000 {
		vs32 = append(vs32, uint64(rng.Uint32()))
	}
	for _, x := range vs32 {
		f := math.Float32frombits(uint32(x))
		if got, want := ApplyConv(OpFToSBV, 32, 64, x), uint64(goF32toI64(f)); got != want {
			t.Errorf("int64(float32 %v) = %#x, Go %#x", f, got, want)
		}
		if got, want := ApplyConv(OpFToSBV, 32, 32, x), uint64(uint32(goF32toI32(f))); got != want {
			t.Errorf("int32(float32 %v) = %#x, Go %#x", f, got, want)
		}
		if got, want := ApplyConv(OpFToF, 32, 64, x), math.Float64bits(goF32toF64(f)); got != want {
			t.Errorf("float64(%#x) = %#x, Go %#x", x, got, want)
		}
	}
	ints := []uint64{0, 1, 1<<63 - 1, 1 << 63, 1<<63 + 1, 1<<64 - 1, 1<<53 + 1, 1<<24 + 1, 1<<54 + 3, 1<<25 + 3, 0x8000008000000001}
	for range 3000 {
		ints = append(ints, rng.Uint64(), rng.Uint64()>>uint(rng.Intn(64)))
	}
	for _, v := range ints {
		if got, want := ApplyConv(OpSToF, 64, 64, v), math.Float64bits(goI64toF64(int64(v))); got != want {
			t.Errorf("float64(int64 %d) = %#x, Go %#x", int64(v), got, want)
		}
		if got, want := ApplyConv(OpSToF, 64, 32, v), uint64(math.Float32bits(goI64toF32(int64(v)))); got != want {
			t.Errorf("float32(int64 %d) = %#x, Go %#x", int64(v), got, want)
		}
		if got, want := ApplyConv(OpUToF, 64, 64, v), math.Float64bits(goU64toF64(v)); got != want {
			t.Errorf("float64(uint64 %d) = %#x, Go %#x", v, got, want)
		}
		if got, want := ApplyConv(OpUToF, 64, 32, v), uint64(math.Float32bits(goU64toF32(v))); got != want {
			t.Errorf("float32(uint64 %d) = %#x, Go %#x", v, got, want)
		}
		// Independently of the host: the conversion is the exact value
		// rounded to nearest even (math/big rounds so).
		bf := new(big.Float).SetUint64(v)
		f64, _ := bf.Float64()
		f32, _ := bf.Float32()
		if ApplyConv(OpUToF, 64, 64, v) != math.Float64bits(f64) || ApplyConv(OpUToF, 64, 32, v) != uint64(math.Float32bits(f32)) {
			t.Errorf("uint64 %d is not rounded to nearest even", v)
		}
		// Narrow widths extend first: a signed 8-bit 0xff is -1.
		if got, want := ApplyConv(OpSToF, 8, 64, v), math.Float64bits(float64(int8(v))); got != want {
			t.Errorf("float64(int8 %d) = %#x, want %#x", int8(v), got, want)
		}
		if got, want := ApplyConv(OpUToF, 16, 32, v), uint64(math.Float32bits(float32(uint16(v)))); got != want {
			t.Errorf("float32(uint16 %d) = %#x, want %#x", uint16(v), got, want)
		}
	}
	// Narrow targets of OpFToSBV: truncation where it fits, else the most
	// negative value.
	for _, c := range []struct {
		f    float64
		n    int
		want uint64
	}{{127.9, 8, 127}, {-128.9, 8, 0x80}, {128, 8, 0x80}, {-129, 8, 0x80}, {math.NaN(), 16, 0x8000}, {-0.5, 16, 0}, {300, 16, 300}} {
		if got := ApplyConv(OpFToSBV, 64, c.n, math.Float64bits(c.f)); got != c.want {
			t.Errorf("fp.to_sbv %d (%v) = %#x, want %#x", c.n, c.f, got, c.want)
		}
	}
}

// TestFToSBVBounds checks the range constants against ApplyConv on the
// floats next to them.
func TestFToSBVBounds(t *testing.T) {
	for _, w := range []int{32, 64} {
		for _, n := range []int{8, 16, 24, 25, 32, 53, 54, 64} {
			lo, hi, incl := FToSBVBounds(w, n)
			indef := uint64(1) << uint(n-1)
			next := func(b uint64, up bool) uint64 { // the adjacent float, toward +Inf or -Inf
				if w == 32 {
					f := math.Float32frombits(uint32(b))
					return uint64(math.Float32bits(math.Nextafter32(f, float32(map[bool]float64{true: math.Inf(1), false: math.Inf(-1)}[up]))))
				}
				return math.Float64bits(math.Nextafter(math.Float64frombits(b), map[bool]float64{true: math.Inf(1), false: math.Inf(-1)}[up]))
			}
			fits := func(b uint64) bool {
				v := ApplyConv(OpFToSBV, w, n, b)
				if v != indef {
					return true
				}
				f := math.Float64frombits(ApplyConv(OpFToF, w, 64, b))
				if w == 64 {
					f = math.Float64frombits(b)
				}
				return math.Trunc(f) == -math.Ldexp(1, n-1) // the most negative value itself
			}
			if fits(hi) || !fits(next(hi, false)) {
				t.Errorf("w=%d n=%d: hi %#x is not the first float out of range", w, n, hi)
			}
			if incl {
				if !fits(lo) || fits(next(lo, false)) {
					t.Errorf("w=%d n=%d: inclusive lo %#x wrong", w, n, lo)
				}
			} else if fits(lo) || !fits(next(lo, true)) {
				t.Errorf("w=%d n=%d: exclusive lo %#x wrong", w, n, lo)
			}
		}
	}
}

// TestFloatFoldingSound builds random float terms over variables, and
// checks that Eval agrees with the constant the builder folds the same
// term into once the variables are replaced by the model's values.
func TestFloatFoldingSound(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	b := NewBuilder()
	vals := special64()
	for iter := 0; iter < 3000; iter++ {
		w := 32 + 32*rng.Intn(2)
		pick := func() uint64 {
			v := vals[rng.Intn(len(vals))]
			if w == 32 {
				return ApplyConv(OpFToF, 64, 32, v)
			}
			return v
		}
		model := map[string]uint64{fmt.Sprint("x", w): pick(), fmt.Sprint("y", w): pick(), "i": rng.Uint64() & 0xffff}
		term := randFloatBool(b, rng, 3, w)
		got := Eval(term, model)
		conc := substituteFloat(b, term, model)
		if !conc.IsConst() || conc.Val != got {
			t.Fatalf("%v under %v: eval %d, folded %v", term, model, got, conc)
		}
	}
}

func randFloat(b *Builder, rng *rand.Rand, depth, w int) *Term {
	if depth == 0 {
		switch rng.Intn(4) {
		case 0:
			return b.Var(fmt.Sprint("x", w), w)
		case 1:
			return b.Var(fmt.Sprint("y", w), w)
		case 2:
			return b.SToF(b.Var("i", 16), w)
		default:
			return b.BVConst(w, special64()[rng.Intn(10)]&Mask(w))
		}
	}
	x, y := randFloat(b, rng, depth-1, w), randFloat(b, rng, depth-1, w)
	switch rng.Intn(9) {
	case 0:
		return b.FAdd(x, y)
	case 1:
		return b.FSub(x, y)
	case 2:
		return b.FMul(x, y)
	case 3:
		return b.FDiv(x, y)
	case 4:
		return b.FNeg(x)
	case 5:
		return b.FAbs(x)
	case 6:
		return b.FToF(b.FToF(x, 96-w), w)
	case 7:
		return b.UToF(b.FToSBV(x, 32), w)
	default:
		return b.Ite(randFloatBool(b, rng, depth-1, w), x, y)
	}
}

func randFloatBool(b *Builder, rng *rand.Rand, depth, w int) *Term {
	x, y := randFloat(b, rng, depth, w), randFloat(b, rng, depth, w)
	switch rng.Intn(4) {
	case 0:
		return b.FEq(x, y)
	case 1:
		return b.FLt(x, y)
	case 2:
		return b.FLe(x, y)
	default:
		return b.Eq(b.FToSBV(x, 64), b.BVConst(64, 1<<63))
	}
}

func substituteFloat(b *Builder, t *Term, m map[string]uint64) *Term {
	args := make([]*Term, len(t.Args))
	for i, a := range t.Args {
		args[i] = substituteFloat(b, a, m)
	}
	switch t.Op {
	case OpFAdd, OpFSub, OpFMul, OpFDiv:
		return b.farith(t.Op, args[0], args[1])
	case OpFEq:
		return b.FEq(args[0], args[1])
	case OpFLt:
		return b.FLt(args[0], args[1])
	case OpFLe:
		return b.FLe(args[0], args[1])
	case OpFToF:
		return b.FToF(args[0], t.Width)
	case OpSToF:
		return b.SToF(args[0], t.Width)
	case OpUToF:
		return b.UToF(args[0], t.Width)
	case OpFToSBV:
		return b.FToSBV(args[0], t.Width)
	}
	switch t.Op {
	case OpConst:
		return t
	case OpVar:
		return b.Const(t.Width, m[t.Name])
	case OpNot:
		return b.Not(args[0])
	case OpIte:
		return b.Ite(args[0], args[1], args[2])
	case OpEq:
		return b.Eq(args[0], args[1])
	}
	return b.binary(t.Op, args[0], args[1]) // the and, xor of FNeg and FAbs
}

func TestFloatBuilder(t *testing.T) {
	b := NewBuilder()
	x, y := b.Var("x", 64), b.Var("y", 64)
	if b.FEq(x, y) != b.FEq(y, x) {
		t.Error("fp.eq is not canonical")
	}
	if b.FAdd(x, y) == b.FAdd(y, x) {
		t.Error("fp.add operands reordered: the order decides NaN+NaN")
	}
	if b.FEq(x, x).IsConst() || b.FLe(x, x) != b.FEq(x, x) {
		t.Error("x == x folded: false for NaN")
	}
	if got := b.FLt(x, x); !got.IsConst() || got.Val != 0 {
		t.Error("x < x not false")
	}
	if got, ok := AsFNeg(b.FNeg(x)); !ok || got != x {
		t.Error("AsFNeg does not recognise FNeg")
	}
	if _, ok := AsFNeg(b.BXor(x, b.BVConst(64, 1<<62))); ok {
		t.Error("AsFNeg recognises another xor")
	}
	if got, ok := AsFAbs(b.FAbs(b.Var("f", 32))); !ok || got.Name != "f" {
		t.Error("AsFAbs does not recognise FAbs")
	}
	// Folding goes through ApplyFloat: 0/0 is amd64's default NaN.
	if got := b.FDiv(b.BVConst(64, 0), b.BVConst(64, 0)); got.Val != 0xFFF8000000000000 {
		t.Errorf("0/0 folds to %#x", got.Val)
	}
	for _, f := range []func(){
		func() { b.FAdd(x, b.Var("f", 32)) },
		func() { b.FLt(b.Var("i", 16), b.Var("j", 16)) },
		func() { b.SToF(x, 16) },
		func() { b.FToSBV(x, 0) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Error("ill-sorted float term accepted")
				}
			}()
			f()
		}()
	}
}

func TestFloatSMT2(t *testing.T) {
	b := NewBuilder()
	x, i := b.Var("x", 64), b.Var("i", 32)
	sum := b.FAdd(x, b.SToF(i, 64))
	bits := b.BAnd(sum, b.BVConst(64, 0xff)) // reads the bits of a float operation
	script := SMT2([]*Term{b.FLt(b.FNeg(sum), b.BVConst(64, math.Float64bits(1))), b.Eq(bits, b.BVConst(64, 3)),
		b.Eq(b.FToSBV(b.FToF(x, 32), 16), b.BVConst(16, 7))})
	for _, want := range []string{
		"(set-logic QF_BVFP)",
		"(declare-fun x () (_ BitVec 64))",
		fmt.Sprintf("(declare-fun bits!%d () (_ BitVec 64))", sum.ID),
		"(define-fun fp!0 () (_ FloatingPoint 11 53) ((_ to_fp 11 53) x))",
		"(fp.add RNE fp!0 ((_ to_fp 11 53) RNE i))",
		fmt.Sprintf("(assert (= ((_ to_fp 11 53) bits!%d) fp!%d))", sum.ID, sum.ID),
		"(fp.neg fp!",
		"((_ to_fp 11 53) #x3ff0000000000000)",
		"((_ fp.to_sbv 16) RTZ",
		"((_ to_fp 8 24) RNE fp!0)",
	} {
		if !strings.Contains(script, want) {
			t.Errorf("script lacks %q:\n%s", want, script)
		}
	}
	if plain := SMT2([]*Term{b.Slt(i, b.BVConst(32, 3))}); !strings.HasPrefix(plain, "(set-logic QF_BV)\n") {
		t.Errorf("a script without floats is not QF_BV:\n%s", plain)
	}
}
