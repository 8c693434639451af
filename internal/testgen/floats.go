// Floats: literals that round-trip bit for bit, and checks that compare NaN and -0 as Go values.

package testgen

import (
	"fmt"
	"go/types"
	"math"
	"strconv"
	"strings"

	"leapfrog/internal/engine"
	"leapfrog/internal/ir"
)

// unclearFloat is why a composite output holding a NaN or -0 is not
// checked: == and reflect.DeepEqual find a NaN unequal to itself and -0
// equal to +0.
const unclearFloat = "holds a NaN or -0 float, which == and reflect.DeepEqual do not compare exactly"

// floatLit writes a float of type u: the shortest decimal that reads back
// as the same bits (with a '.' or an exponent, so that it is a float
// constant), and math.Float64frombits / Float32frombits of the bits for
// NaN, the infinities and -0, which no constant denotes.
func (f *file) floatLit(bits uint64, u *types.Basic) (string, constKind) {
	w := int(sizes.Sizeof(u) * 8)
	var fv float64
	if w == 32 {
		bits &= 0xFFFFFFFF
		fv = float64(math.Float32frombits(uint32(bits)))
	} else {
		fv = math.Float64frombits(bits)
	}
	if math.IsNaN(fv) || math.IsInf(fv, 0) || fv == 0 && math.Signbit(fv) {
		if w == 32 {
			return fmt.Sprintf("%s.Float32frombits(%#08x)", f.std("math"), bits), typed
		}
		return fmt.Sprintf("%s.Float64frombits(%#016x)", f.std("math"), bits), typed
	}
	s := strconv.FormatFloat(fv, 'g', -1, w)
	if back, err := strconv.ParseFloat(s, w); err != nil || floatBitsOf(back, w) != bits {
		return fmt.Sprintf("%s.Float64frombits(%#016x)", f.std("math"), bits), typed // not reached: 'g' with -1 round-trips
	}
	if !strings.ContainsAny(s, ".e") {
		s += ".0"
	}
	return s, untypedFloat
}

func floatBitsOf(f float64, w int) uint64 {
	if w == 32 {
		return uint64(math.Float32bits(float32(f)))
	}
	return math.Float64bits(f)
}

// isFloat says whether t is a float type (or defined over one).
func isFloat(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsFloat != 0
}

// floatDiffers is the condition under which a float result got differs
// from want as a Go value: a NaN matches any NaN (math.IsNaN: gc and the
// engine may give NaNs different payloads), any other value matches only
// the same value with the same sign (math.Signbit tells -0 from +0).
func (f *file) floatDiffers(got, want string) string {
	m := f.std("math")
	g, w := "float64("+got+")", "float64("+want+")"
	return fmt.Sprintf("!(%[1]s.IsNaN(%[2]s) && %[1]s.IsNaN(%[3]s) || %[4]s == %[5]s && %[1]s.Signbit(%[2]s) == %[1]s.Signbit(%[3]s))", m, g, w, got, want)
}

// hasUnclearFloat reports whether v holds a float that is NaN or -0.
func hasUnclearFloat(v engine.Value) bool { return anyValue(v, unclearFloat1) }

// unclearFloat1 reports whether v itself is a float that is NaN or -0.
func unclearFloat1(v engine.Value) bool {
	if ir.IsFloat(v.Type) {
		fv := math.Float64frombits(v.Bits)
		if v.Type.Width == 32 {
			fv = float64(math.Float32frombits(uint32(v.Bits)))
		}
		if math.IsNaN(fv) || fv == 0 && math.Signbit(fv) {
			return true
		}
	}
	return false
}
