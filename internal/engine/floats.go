// Floats: float operators, comparisons and conversions on scalars of width 32 or 64 (their IEEE bits), as gc computes them on amd64.

package engine

import (
	"fmt"
	"math"

	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
)

// A float is a scalar holding its bits (width 32 or 64). Every float
// operation is built once, as a term-building function: on concrete
// operands the Builder folds it to a constant through expr.ApplyFloat and
// expr.ApplyConv (the concrete value), on symbolic ones it is the term.
// The two sides cannot disagree.

// lift applies build to the operands, concretely or symbolically; w is the
// result's width (0 for a bool).
func (m *machine) lift(w int, build func(args []*expr.Term) *expr.Term, xs ...*scalar) *scalar {
	sym := false
	args := make([]*expr.Term, len(xs))
	for i, x := range xs {
		sym = sym || x.s != nil
		args[i] = m.B.Const(x.width, x.c)
	}
	k := build(args)
	if !k.IsConst() {
		panic(fmt.Sprintf("engine: float operation on constants did not fold: %v", k))
	}
	if !sym {
		return cs(k.Val, w)
	}
	for i, x := range xs {
		args[i] = m.term(x)
	}
	return mk(k.Val, build(args), w)
}

// floatBinOp applies a binary operator to floats of type t.
func (m *machine) floatBinOp(op ir.BinOpKind, t *ir.Type, x, y *scalar) *scalar {
	b := m.B
	w := t.Width
	switch op {
	case ir.Add:
		return m.lift(w, func(a []*expr.Term) *expr.Term { return b.FAdd(a[0], a[1]) }, x, y)
	case ir.Sub:
		return m.lift(w, func(a []*expr.Term) *expr.Term { return b.FSub(a[0], a[1]) }, x, y)
	case ir.Mul:
		return m.lift(w, func(a []*expr.Term) *expr.Term { return b.FMul(a[0], a[1]) }, x, y)
	case ir.Div:
		return m.lift(w, func(a []*expr.Term) *expr.Term { return b.FDiv(a[0], a[1]) }, x, y)
	case ir.Eq:
		return m.lift(0, func(a []*expr.Term) *expr.Term { return b.FEq(a[0], a[1]) }, x, y)
	case ir.Ne:
		return m.lift(0, func(a []*expr.Term) *expr.Term { return b.Not(b.FEq(a[0], a[1])) }, x, y)
	case ir.Lt:
		return m.lift(0, func(a []*expr.Term) *expr.Term { return b.FLt(a[0], a[1]) }, x, y)
	case ir.Le:
		return m.lift(0, func(a []*expr.Term) *expr.Term { return b.FLe(a[0], a[1]) }, x, y)
	case ir.Gt:
		return m.lift(0, func(a []*expr.Term) *expr.Term { return b.FLt(a[1], a[0]) }, x, y)
	case ir.Ge:
		return m.lift(0, func(a []*expr.Term) *expr.Term { return b.FLe(a[1], a[0]) }, x, y)
	}
	panic(fmt.Sprintf("engine: operator %v on %s", op, t))
}

// floatNeg is Go's -x: the sign bit flipped (gc XORs it on amd64), NaNs
// included.
func (m *machine) floatNeg(x *scalar) *scalar {
	return m.lift(x.width, func(a []*expr.Term) *expr.Term { return m.B.FNeg(a[0]) }, x)
}

// convFloat converts between a float type and an integer or float type.
func (m *machine) convFloat(x *scalar, from, to *ir.Type) *scalar {
	return m.lift(widthOf(to), func(a []*expr.Term) *expr.Term { return FloatConv(m.B, a[0], from, to) }, x)
}

// FloatConv builds Go's conversion of x (a term of type from) to type to,
// where one of them is a float type, as gc computes it on amd64 (go1.26,
// GOAMD64=v1; compiled and compared bit for bit by the engine's tests).
// Integer to float and float to float round to nearest even. Float to
// integer truncates toward zero; where the value does not fit (and for
// NaN and infinities), which the Go specification leaves to the
// implementation, gc's instruction sequences give: int64 and int32 the
// "integer indefinite" 1<<63 or 1<<31 of CVTTSD2SQ/CVTTSD2SL; int8, int16,
// uint8 and uint16 the low bits of the int32 conversion; uint32 the low
// bits of the int64 conversion; uint64, for x < 2^63, the int64
// conversion, otherwise (NaN included) the int64 conversion of x-2^63 with
// bit 63 set.
func FloatConv(b *expr.Builder, x *expr.Term, from, to *ir.Type) *expr.Term {
	switch {
	case ir.IsFloat(from) && ir.IsFloat(to):
		return b.FToF(x, to.Width)
	case ir.IsFloat(to) && from.Kind == ir.KInt:
		if from.Signed {
			return b.SToF(x, to.Width)
		}
		return b.UToF(x, to.Width)
	case ir.IsFloat(from) && to.Kind == ir.KInt:
		switch {
		case to.Signed && (to.Width == 64 || to.Width == 32):
			return b.FToSBV(x, to.Width)
		case to.Width <= 16:
			return b.Trunc(b.FToSBV(x, 32), to.Width)
		case to.Width == 32:
			return b.Trunc(b.FToSBV(x, 64), 32)
		}
		two63 := b.BVConst(from.Width, floatBits(from.Width, 0x1p63))
		low := b.FToSBV(x, 64)
		high := b.BOr(b.FToSBV(b.FSub(x, two63), 64), b.BVConst(64, 1<<63))
		return b.Ite(b.FLt(x, two63), low, high)
	}
	panic(fmt.Sprintf("engine: conversion from %s to %s", from, to))
}

// floatBits returns the bits of f in the float format of width w.
func floatBits(w int, f float64) uint64 {
	if w == 32 {
		return uint64(math.Float32bits(float32(f)))
	}
	return math.Float64bits(f)
}
