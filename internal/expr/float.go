// Floating point: IEEE 754 values as bit-vectors, what the float operators compute (Go on amd64), and their constructors.

package expr

import (
	"fmt"
	"math"
)

// IEEE 754 constants of the two formats.
const (
	f64Quiet      = 1 << 51            // the quiet bit of a binary64 NaN
	f32Quiet      = 1 << 22            // of a binary32 NaN
	f64DefaultNaN = 0xFFF8000000000000 // the NaN an invalid operation gives on amd64 (negative)
	f32DefaultNaN = 0xFFC00000
)

// IsFloatWidth reports whether w is the width of a float format: 32
// (binary32, float32) or 64 (binary64, float64).
func IsFloatWidth(w int) bool { return w == 32 || w == 64 }

// FloatFormat returns the exponent and significand widths of the SMT-LIB
// sort (_ FloatingPoint eb sb) of a float width: (8, 24) or (11, 53).
func FloatFormat(w int) (eb, sb int) {
	switch w {
	case 32:
		return 8, 24
	case 64:
		return 11, 53
	}
	panic(fmt.Sprintf("expr: no float format of width %d", w))
}

// SignBit returns the sign bit of a float width.
func SignBit(w int) uint64 { return 1 << uint(w-1) }

// IsNaNBits reports whether the bits of width w (32 or 64) hold a NaN.
func IsNaNBits(bits uint64, w int) bool {
	if w == 32 {
		f := math.Float32frombits(uint32(bits))
		return f != f
	}
	return math.IsNaN(math.Float64frombits(bits))
}

// ProducesFloat reports whether op yields the bits of a floating-point
// operation's result (the operations whose NaN results a solver sees as the
// one NaN of SMT-LIB's FloatingPoint sorts).
func ProducesFloat(op Op) bool {
	switch op {
	case OpFAdd, OpFSub, OpFMul, OpFDiv, OpFToF, OpSToF, OpUToF:
		return true
	}
	return false
}

// TakesFloats reports whether op reads its operands as floats.
func TakesFloats(op Op) bool {
	switch op {
	case OpFAdd, OpFSub, OpFMul, OpFDiv, OpFEq, OpFLt, OpFLe, OpFToF, OpFToSBV:
		return true
	}
	return false
}

// IsFloatOp reports whether op is one of the floating-point operators.
func IsFloatOp(op Op) bool { return op >= OpFAdd && op <= OpFToSBV }

// IsConversion reports whether op changes the width in a way its operands'
// width does not tell (the float conversions): ApplyConv computes them.
func IsConversion(op Op) bool {
	switch op {
	case OpFToF, OpSToF, OpUToF, OpFToSBV:
		return true
	}
	return false
}

// ApplyFloat computes a float operator on operands of width 32 or 64 as Go
// does on amd64 (SSE2, GOAMD64=v1): IEEE 754 with round to nearest even
// and no fused operations. NaN results: a NaN operand gives itself
// quieted, the first one when both are (the order SSE's ADDSD keeps; gc's
// register allocator may swap the operands of + and *, which matters only
// when both are NaNs with different payloads), and an invalid operation
// (0/0, Inf-Inf, 0*Inf) the default NaN, 0xFFF8000000000000 (0xFFC00000).
// Comparisons are IEEE's: NaN is unordered, -0 == +0. The result does not
// depend on the host: NaNs are made explicitly.
func ApplyFloat(op Op, width int, x, y uint64) uint64 {
	if width == 32 {
		return floatOp(op, math.Float32frombits(uint32(x)), math.Float32frombits(uint32(y)), uint64(uint32(x)), uint64(uint32(y)),
			f32Quiet, f32DefaultNaN, func(f float32) uint64 { return uint64(math.Float32bits(f)) })
	}
	if width != 64 {
		panic(fmt.Sprintf("expr: %s of width %d", op, width))
	}
	return floatOp(op, math.Float64frombits(x), math.Float64frombits(y), x, y, f64Quiet, f64DefaultNaN, math.Float64bits)
}

func floatOp[F float32 | float64](op Op, a, b F, x, y, quiet, defNaN uint64, bits func(F) uint64) uint64 {
	switch op {
	case OpFEq:
		return b2u(a == b)
	case OpFLt:
		return b2u(a < b)
	case OpFLe:
		return b2u(a <= b)
	}
	if a != a {
		return x | quiet
	}
	if b != b {
		return y | quiet
	}
	var r F
	switch op {
	case OpFAdd:
		r = F(a + b) // the conversions forbid fusing with a neighbouring operation
	case OpFSub:
		r = F(a - b)
	case OpFMul:
		r = F(a * b)
	case OpFDiv:
		r = F(a / b)
	default:
		panic("expr.ApplyFloat: not a float operator: " + op.String())
	}
	if r != r {
		return defNaN
	}
	return bits(r)
}

// ApplyConv computes a float conversion of x, of width from, to width to,
// as Go does on amd64: OpFToF rounds to nearest even (a NaN keeps its
// sign and the high bits of its payload and is quieted, as CVTSD2SS and
// CVTSS2SD do); OpSToF and OpUToF round the signed or unsigned integer to
// nearest even; OpFToSBV truncates toward zero and gives 1<<(to-1) for a
// NaN or a value whose truncation does not fit in to bits (CVTTSD2SI's
// "integer indefinite"). Go's conversions to the other integer types are
// built from these (engine/floats.go).
func ApplyConv(op Op, from, to int, x uint64) uint64 {
	x &= Mask(from)
	switch op {
	case OpFToF:
		switch {
		case from == 64 && to == 32:
			f := math.Float64frombits(x)
			if f != f {
				return x>>32&(1<<31) | 0x7F800000 | f32Quiet | x>>29&0x7FFFFF
			}
			return uint64(math.Float32bits(float32(f)))
		case from == 32 && to == 64:
			f := math.Float32frombits(uint32(x))
			if f != f {
				return x>>31<<63 | 0x7FF0000000000000 | f64Quiet | (x&0x7FFFFF)<<29
			}
			return math.Float64bits(float64(f))
		case from == to && IsFloatWidth(from):
			return x
		}
	case OpSToF, OpUToF:
		if from < 1 || from > 64 {
			break
		}
		if op == OpSToF {
			v := Signed(x, from)
			switch to {
			case 32:
				return uint64(math.Float32bits(float32(v)))
			case 64:
				return math.Float64bits(float64(v))
			}
		} else {
			switch to {
			case 32:
				return uint64(math.Float32bits(float32(x)))
			case 64:
				return math.Float64bits(float64(x))
			}
		}
	case OpFToSBV:
		if !IsFloatWidth(from) || to < 1 || to > 64 {
			break
		}
		f := math.Float64frombits(x)
		if from == 32 {
			f = float64(math.Float32frombits(uint32(x)))
		}
		t := math.Trunc(f) // NaN stays NaN and fails both comparisons
		if lim := math.Ldexp(1, to-1); t >= -lim && t < lim {
			return uint64(int64(t)) & Mask(to)
		}
		return 1 << uint(to-1)
	}
	panic(fmt.Sprintf("expr.ApplyConv: %s from width %d to %d", op, from, to))
}

// FToSBVBounds returns the range condition of OpFToSBV to n bits from a
// float of width w as two constants (bits of width w) and whether the
// lower one is inclusive: the truncation of x fits in n signed bits exactly
// when lo < x (lo <= x when inclusive) and x < hi. hi is 2^(n-1); lo is
// -2^(n-1)-1 when the format holds it, else -2^(n-1) (inclusive): no float
// lies strictly between the two then.
func FToSBVBounds(w, n int) (lo, hi uint64, inclusive bool) {
	_, sb := FloatFormat(w)
	bits := func(f float64) uint64 {
		if w == 32 {
			return uint64(math.Float32bits(float32(f)))
		}
		return math.Float64bits(f)
	}
	lim := math.Ldexp(1, n-1)
	if n <= sb {
		return bits(-lim - 1), bits(lim), false
	}
	return bits(-lim), bits(lim), true
}

// Constructors. Operands of float operators are bit-vectors of width 32 or
// 64; constants fold through ApplyFloat and ApplyConv. No algebraic
// rewrite applies (x+0 is not x for x = -0, nor x*1 for a signalling NaN).

// FAdd, FSub, FMul and FDiv are the IEEE operations (round to nearest even)
// on operands of one float width. The operands keep their order (it decides
// which NaN a NaN+NaN gives).
func (b *Builder) FAdd(x, y *Term) *Term { return b.farith(OpFAdd, x, y) }
func (b *Builder) FSub(x, y *Term) *Term { return b.farith(OpFSub, x, y) }
func (b *Builder) FMul(x, y *Term) *Term { return b.farith(OpFMul, x, y) }
func (b *Builder) FDiv(x, y *Term) *Term { return b.farith(OpFDiv, x, y) }

func (b *Builder) farith(op Op, x, y *Term) *Term {
	w := floatPair(op, x, y)
	if x.Op == OpConst && y.Op == OpConst {
		return b.BVConst(w, ApplyFloat(op, w, x.Val, y.Val))
	}
	return b.intern(op, w, 0, x, y)
}

// FEq is IEEE equality (false when either is NaN; -0 == +0), FLt and FLe
// IEEE's ordered comparisons (false when either is NaN).
func (b *Builder) FEq(x, y *Term) *Term {
	w := floatPair(OpFEq, x, y)
	if x.Op == OpConst && y.Op == OpConst {
		return b.BoolConst(ApplyFloat(OpFEq, w, x.Val, y.Val) == 1)
	}
	if x.ID > y.ID {
		x, y = y, x
	}
	return b.intern(OpFEq, 0, 0, x, y)
}

func (b *Builder) FLt(x, y *Term) *Term {
	w := floatPair(OpFLt, x, y)
	switch {
	case x.Op == OpConst && y.Op == OpConst:
		return b.BoolConst(ApplyFloat(OpFLt, w, x.Val, y.Val) == 1)
	case x == y:
		return b.BoolConst(false)
	}
	return b.intern(OpFLt, 0, 0, x, y)
}

func (b *Builder) FLe(x, y *Term) *Term {
	w := floatPair(OpFLe, x, y)
	switch {
	case x.Op == OpConst && y.Op == OpConst:
		return b.BoolConst(ApplyFloat(OpFLe, w, x.Val, y.Val) == 1)
	case x == y:
		return b.FEq(x, x) // false for a NaN
	}
	return b.intern(OpFLe, 0, 0, x, y)
}

// FToF converts the float x to the float width w (rounding to nearest even).
func (b *Builder) FToF(x *Term, w int) *Term {
	mustFloat(OpFToF, x)
	mustFloatWidth(OpFToF, w)
	if x.Width == w {
		return x
	}
	return b.conv(OpFToF, x, w)
}

// SToF and UToF convert the signed or unsigned bit-vector x (any width) to
// the float width w, rounding to nearest even.
func (b *Builder) SToF(x *Term, w int) *Term { return b.intToFloat(OpSToF, x, w) }
func (b *Builder) UToF(x *Term, w int) *Term { return b.intToFloat(OpUToF, x, w) }

func (b *Builder) intToFloat(op Op, x *Term, w int) *Term {
	mustBV(x)
	mustFloatWidth(op, w)
	return b.conv(op, x, w)
}

// FToSBV truncates the float x toward zero to an n-bit signed integer;
// NaN and values out of range give 1<<(n-1) (see ApplyConv).
func (b *Builder) FToSBV(x *Term, n int) *Term {
	mustFloat(OpFToSBV, x)
	if n < 1 || n > 64 {
		panic(fmt.Sprintf("expr: fp.to_sbv to width %d", n))
	}
	return b.conv(OpFToSBV, x, n)
}

func (b *Builder) conv(op Op, x *Term, w int) *Term {
	if x.Op == OpConst {
		return b.BVConst(w, ApplyConv(op, x.Width, w, x.Val))
	}
	return b.intern(op, w, 0, x)
}

// FNeg returns -x for a float x: its sign bit flipped, NaNs included (gc
// negates with an XOR on amd64). FAbs clears the sign bit (math.Abs).
// They are bit operations; solvers read them as fp.neg and fp.abs.
func (b *Builder) FNeg(x *Term) *Term {
	mustFloat(OpBXor, x)
	return b.BXor(x, b.BVConst(x.Width, SignBit(x.Width)))
}

func (b *Builder) FAbs(x *Term) *Term {
	mustFloat(OpBAnd, x)
	return b.BAnd(x, b.BVConst(x.Width, ^SignBit(x.Width)))
}

// AsFNeg and AsFAbs recognise the terms FNeg and FAbs build (for any
// operand of width 32 or 64) and return the operand.
func AsFNeg(t *Term) (*Term, bool) {
	return signOp(t, OpBXor, func(w int) uint64 { return SignBit(w) })
}
func AsFAbs(t *Term) (*Term, bool) {
	return signOp(t, OpBAnd, func(w int) uint64 { return ^SignBit(w) & Mask(w) })
}

func signOp(t *Term, op Op, mask func(int) uint64) (*Term, bool) {
	if t.Op != op || !IsFloatWidth(t.Width) {
		return nil, false
	}
	if k := t.Args[1]; k.Op == OpConst && k.Val == mask(t.Width) {
		return t.Args[0], true
	}
	return nil, false
}

func floatPair(op Op, x, y *Term) int {
	mustFloat(op, x)
	mustFloat(op, y)
	if x.Width != y.Width {
		panic(fmt.Sprintf("expr: %s of widths %d and %d", op, x.Width, y.Width))
	}
	return x.Width
}

func mustFloat(op Op, t *Term) {
	if !IsFloatWidth(t.Width) {
		panic(fmt.Sprintf("expr: %s needs a float (32 or 64 bits), got width %d", op, t.Width))
	}
}

func mustFloatWidth(op Op, w int) {
	if !IsFloatWidth(w) {
		panic(fmt.Sprintf("expr: %s to width %d, not a float width", op, w))
	}
}
