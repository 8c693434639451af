// Floats: float constants as IEEE bits, the operators that apply to floats, types holding floats.

package lower

import (
	"go/constant"
	"math"

	"golang.org/x/tools/go/ssa"

	"leapfrog/internal/ir"
)

// floatConst lowers a float constant to its bits. go/types has already
// rounded a typed constant to its type, so the conversion is exact; a Go
// constant is never -0 or NaN.
func floatConst(c *ssa.Const, t *ir.Type) *ir.Const {
	if c.Value == nil {
		return &ir.Const{Typ: t}
	}
	v := constant.ToFloat(c.Value)
	if t.Width == 32 {
		f, _ := constant.Float32Val(v)
		return &ir.Const{Typ: t, Val: uint64(math.Float32bits(f))}
	}
	f, _ := constant.Float64Val(v)
	return &ir.Const{Typ: t, Val: math.Float64bits(f)}
}

// floatBinOp reports whether Go's operator op on floats has an IR
// counterpart: + - * / (IEEE, never fused: gc on amd64 fuses only
// math.FMA) and the comparisons. A float division by zero does not panic.
func floatBinOp(op ir.BinOpKind) bool {
	switch op {
	case ir.Add, ir.Sub, ir.Mul, ir.Div:
		return true
	}
	return op.IsComparison()
}

// hasFloat reports whether a value of t holds a float (map keys may not:
// a NaN key is never found again, which the engine's maps do not model).
func hasFloat(t *ir.Type, seen map[*ir.Type]bool) bool {
	if t == nil || seen[t] {
		return false
	}
	switch t.Kind {
	case ir.KFloat:
		return true
	case ir.KArray:
		return hasFloat(t.Elem, seen)
	case ir.KStruct:
		if seen == nil {
			seen = map[*ir.Type]bool{}
		}
		seen[t] = true
		for _, f := range t.Fields {
			if hasFloat(f.Type, seen) {
				return true
			}
		}
	}
	return false
}

// bitcasts are the functions of package math that reinterpret a float's
// bits (through unsafe.Pointer, which the IR does not have): a Convert with
// Bits.
var bitcasts = map[string]bool{
	"math.Float64bits": true, "math.Float64frombits": true,
	"math.Float32bits": true, "math.Float32frombits": true,
}

// isBitcast reports whether c is a static call of one of the bitcasts.
func isBitcast(c *ssa.CallCommon) bool {
	f := c.StaticCallee()
	return f != nil && bitcasts[f.String()]
}

// lowerBitcast lowers a call of a bitcast: its argument's bits, retyped.
func (fl *fnLowerer) lowerBitcast(v *ssa.Call) error {
	t, ops, err := fl.typedOperands(v, v.Call.Args[0])
	if err != nil {
		return err
	}
	fl.vals[v] = fl.emit(&ir.Convert{X: ops[0], Bits: true}, t).(ir.Value)
	return nil
}
