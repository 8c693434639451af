// Floats: the float types and which operators and conversions apply to them.

package ir

// Float types: IEEE 754 binary32 and binary64. A float value is its bits
// (a Const's Val holds them, masked to the width).
var (
	F32 = &Type{Kind: KFloat, Width: 32, Size: 4}
	F64 = &Type{Kind: KFloat, Width: 64, Size: 8}
)

// FloatType returns the float type of width 32 or 64.
func FloatType(width int) *Type {
	return &Type{Kind: KFloat, Width: width, Size: int64(width / 8)}
}

// IsFloat reports whether t is a float type.
func IsFloat(t *Type) bool { return t != nil && t.Kind == KFloat }

// floatOp reports whether the binary operator applies to floats: the four
// arithmetic operators (IEEE, round to nearest even, never fused) and the
// comparisons (IEEE: a NaN is unordered, -0 == +0). Min, Max (NaN and -0
// rules of their own), Rem and the bit operators do not.
func floatOp(k BinOpKind) bool {
	switch k {
	case Add, Sub, Mul, Div:
		return true
	}
	return k.IsComparison()
}
