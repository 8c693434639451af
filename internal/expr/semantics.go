// The one definition of what each operator computes on concrete bits.

package expr

// Apply computes op on concrete operands of one width (the width of the result for
// bit-vector operators; of the operands for comparisons). Results are masked.
// Division and remainder by zero follow SMT-LIB (x/0 = all ones for bvudiv, the
// dividend for the remainders), so that folding agrees with the solver; the
// engine never divides by zero because every division is guarded by a check.
// For equal widths this is exactly Go's arithmetic: wrapping, truncated division
// (MinInt / -1 == MinInt), and shifts by counts >= width giving 0 or the sign fill.
func Apply(op Op, width int, args ...uint64) uint64 {
	m := Mask(width)
	var x, y uint64
	if len(args) > 0 {
		x = args[0] & m
	}
	if len(args) > 1 {
		y = args[1] & m
	}
	switch op {
	case OpNeg:
		return -x & m
	case OpCompl:
		return ^x & m
	case OpAdd:
		return (x + y) & m
	case OpSub:
		return (x - y) & m
	case OpMul:
		return (x * y) & m
	case OpUDiv:
		if y == 0 {
			return m
		}
		return x / y
	case OpURem:
		if y == 0 {
			return x
		}
		return x % y
	case OpSDiv:
		sx, sy := Signed(x, width), Signed(y, width)
		if sy == 0 {
			if sx < 0 {
				return 1
			}
			return m
		}
		return uint64(sx/sy) & m
	case OpSRem:
		sx, sy := Signed(x, width), Signed(y, width)
		if sy == 0 {
			return x
		}
		return uint64(sx%sy) & m
	case OpBAnd:
		return x & y
	case OpBOr:
		return x | y
	case OpBXor:
		return x ^ y
	case OpShl:
		if y >= uint64(width) {
			return 0
		}
		return (x << y) & m
	case OpLShr:
		if y >= uint64(width) {
			return 0
		}
		return x >> y
	case OpAShr:
		if y >= uint64(width) {
			y = uint64(width) - 1
		}
		return uint64(Signed(x, width)>>y) & m
	case OpSlt:
		return b2u(Signed(x, width) < Signed(y, width))
	case OpSle:
		return b2u(Signed(x, width) <= Signed(y, width))
	case OpUlt:
		return b2u(x < y)
	case OpUle:
		return b2u(x <= y)
	case OpEq:
		return b2u(x == y)
	case OpFAdd, OpFSub, OpFMul, OpFDiv, OpFEq, OpFLt, OpFLe: // floats (float.go)
		return ApplyFloat(op, width, x, y)
	}
	panic("expr.Apply: not a same-width operator: " + op.String())
}

// Signed interprets the low width bits of v as a two's complement number.
func Signed(v uint64, width int) int64 {
	if width >= 64 {
		return int64(v)
	}
	shift := uint(64 - width)
	return int64(v<<shift) >> shift
}

// Extend widens v from width from to width to, by sign or zero extension.
func Extend(v uint64, from, to int, signed bool) uint64 {
	if signed {
		return uint64(Signed(v, from)) & Mask(to)
	}
	return v & Mask(from)
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}
