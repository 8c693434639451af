// Lowering of operators, conversions and calls.

package lower

import (
	"go/token"
	"strings"

	"golang.org/x/tools/go/ssa"

	"leapfrog/internal/ir"
)

func (fl *fnLowerer) lowerBinOp(v *ssa.BinOp) error {
	if ok, err := fl.lowerDataOffset(v); ok { // headers.go
		return err
	}
	if ok, err := fl.lowerDataCompare(v); ok { // headers_values.go
		return err
	}
	op, ok := binOps[v.Op]
	if !ok {
		return fl.l.unsupported(v.Pos(), "operator %s", v.Op)
	}
	x, err := fl.value(v.X, v.Pos())
	if err != nil {
		return err
	}
	y, err := fl.value(v.Y, v.Pos())
	if err != nil {
		return err
	}
	t, err := fl.typeOf(v, v.Pos())
	if err != nil {
		return err
	}
	xt := x.Type()
	switch {
	case op == ir.Eq || op == ir.Ne:
		// Every IR type a Go comparison can have is comparable, or a slice,
		// map or function compared with nil; interfaces may hold values
		// that do not compare (ifaces.go).
		if err := fl.compareIfaces(v, x, y); err != nil {
			return err
		}
	case xt.Kind == ir.KString && (op == ir.Add || op.IsComparison()):
	case ir.IsFloat(xt) && ir.Identical(xt, y.Type()) && floatBinOp(op): // floats.go
	case xt.Kind != ir.KInt || y.Type().Kind != ir.KInt:
		return fl.l.unsupported(v.Pos(), "operator %s on %s", v.Op, fl.goType(v.X.Type()))
	}
	// A constant operand needs no check only when it cannot fail: go/ssa
	// propagates a local holding zero (k := 0; x / k) as the constant itself.
	switch op {
	case ir.Div, ir.Rem:
		if c, isConst := y.(*ir.Const); (!isConst || c.Val == 0) && !ir.IsFloat(y.Type()) {
			fl.check(ir.DivCheck, fl.binop(ir.Ne, y, zero(y.Type())), v.Pos())
		}
	case ir.Shl, ir.Shr:
		if c, isConst := y.(*ir.Const); y.Type().Signed && (!isConst || constNegative(c)) {
			fl.check(ir.ShiftCheck, fl.binop(ir.Ge, y, zero(y.Type())), v.Pos())
		}
	}
	fl.vals[v] = fl.emit(&ir.BinOp{Op: op, X: x, Y: y}, t).(ir.Value)
	return nil
}

var binOps = map[token.Token]ir.BinOpKind{
	token.ADD: ir.Add, token.SUB: ir.Sub, token.MUL: ir.Mul, token.QUO: ir.Div, token.REM: ir.Rem,
	token.AND: ir.And, token.OR: ir.Or, token.XOR: ir.Xor, token.AND_NOT: ir.AndNot,
	token.SHL: ir.Shl, token.SHR: ir.Shr,
	token.EQL: ir.Eq, token.NEQ: ir.Ne, token.LSS: ir.Lt, token.LEQ: ir.Le, token.GTR: ir.Gt, token.GEQ: ir.Ge,
}

func (fl *fnLowerer) lowerUnOp(v *ssa.UnOp) error {
	if v.Op == token.MUL {
		if ok, err := fl.lowerHeaderLoad(v); ok { // headers.go
			return err
		}
		if o := fl.reinterp[v.X]; o != nil { // unsafe.go
			return fl.lowerReinterpLoad(v, o)
		}
		ptr, err := fl.pointer(v.X, fl.pos(v))
		if err != nil {
			return err
		}
		fl.vals[v] = fl.emit(&ir.Load{Ptr: ptr}, ptr.Type().Elem).(ir.Value)
		return nil
	}
	var op ir.UnOpKind
	want := ir.KInt
	switch v.Op {
	case token.SUB:
		op = ir.Neg
	case token.XOR:
		op = ir.Compl
	case token.NOT:
		op, want = ir.Not, ir.KBool
	case token.ARROW:
		return fl.lowerRecv(v) // chans.go
	default:
		return fl.l.unsupported(fl.pos(v), "operator %s", v.Op)
	}
	x, err := fl.value(v.X, fl.pos(v))
	if err != nil {
		return err
	}
	if x.Type().Kind != want && !(op == ir.Neg && ir.IsFloat(x.Type())) {
		return fl.l.unsupported(fl.pos(v), "operator %s on %s", v.Op, fl.goType(v.X.Type()))
	}
	fl.vals[v] = fl.emit(&ir.UnOp{Op: op, X: x}, x.Type()).(ir.Value)
	return nil
}

func (fl *fnLowerer) lowerConvert(v *ssa.Convert) error {
	if isUnsafePointer(v.X.Type()) {
		return fl.lowerFromUnsafePointer(v) // unsafe.go
	}
	t, ops, err := fl.typedOperands(v, v.X)
	if err != nil {
		return err
	}
	x := ops[0]
	if !ir.Convertible(x.Type(), t) {
		return fl.l.unsupported(fl.pos(v), "conversion from %s to %s", fl.goType(v.X.Type()), fl.goType(v.Type()))
	}
	if ir.Identical(t, x.Type()) {
		fl.vals[v] = x // e.g. int to int64: same width and signedness
		return nil
	}
	fl.vals[v] = fl.emit(&ir.Convert{X: x}, t).(ir.Value)
	return nil
}

func (fl *fnLowerer) lowerCall(v *ssa.Call) error {
	if b, ok := v.Call.Value.(*ssa.Builtin); ok && b.Name() != "recover" {
		return fl.lowerBuiltin(v, b)
	}
	if fl.l.isImportedInit(v.Common()) {
		return nil // an imported package's initializer (see isImportedInit)
	}
	if isBitcast(v.Common()) {
		return fl.lowerBitcast(v)
	}
	if isIntrinsic(v.Common()) {
		return fl.lowerIntrinsic(v)
	}
	if isHint(v.Common()) {
		return fl.lowerHint(v) // intrinsics.go
	}
	if done, err := fl.lowerErrorsAs(v); done { // erroras.go
		return err
	}
	if done, err := fl.lowerDynamicCall(v); done { // closures.go: invoke, function values, literals, wrappers, recover
		return err
	}
	if err := fl.callChecks(v); err != nil { // intrinsics.go: math/bits.Div64's checks at the call
		return err
	}
	callee, err := fl.callee(v.Common(), v.Pos())
	if err != nil {
		return err
	}
	return fl.lowerStaticCall(v, callee, v.Call.Args)
}

// lowerStaticCall lowers v as a call of callee with the arguments args.
func (fl *fnLowerer) lowerStaticCall(v *ssa.Call, callee *ssa.Function, args []ssa.Value) error {
	f, err := fl.get(callee, callSite{fl.sfn, v.Pos()})
	if err != nil {
		return err
	}
	call := &ir.Call{Callee: f}
	for _, a := range args {
		x, err := fl.value(a, v.Pos())
		if err != nil {
			return err
		}
		call.Args = append(call.Args, x)
	}
	fl.vals[v] = fl.emit(call, resultType(f)).(ir.Value)
	return nil
}

// callee returns the static callee of a call if it is supported: a function or
// method (not a closure), of the package or of another package (deps.go), an
// instance of a generic function.
func (fl *fnLowerer) callee(c *ssa.CallCommon, pos token.Pos) (*ssa.Function, error) {
	pos = fl.l.callStart(pos)
	if c.IsInvoke() {
		return nil, fl.l.unsupported(pos, "interface method call %s.%s", fl.goType(c.Value.Type()), c.Method.Name())
	}
	switch f := c.Value.(type) {
	case *ssa.Builtin:
		return nil, fl.l.unsupported(pos, "call to builtin %s", f.Name())
	case *ssa.MakeClosure:
		return nil, fl.l.unsupported(pos, "closure (function literal)")
	case *ssa.Function:
		if f.Parent() != nil {
			return nil, fl.l.unsupported(pos, "closure (function literal)")
		}
		if isGeneric(f) || f.Origin() != nil && !strings.HasPrefix(f.Synthetic, "instance of ") {
			return nil, fl.l.unsupported(pos, "call to generic function %s", f.Name())
		}
		return f, nil
	}
	return nil, fl.l.unsupported(pos, "dynamic call")
}

// resultType is the type of a call of f's value: void, its one result,
// or the tuple of its results.
func resultType(f *ir.Function) *ir.Type {
	switch len(f.Results) {
	case 0:
		return voidType
	case 1:
		return f.Results[0]
	}
	return &ir.Type{Kind: ir.KTuple, Elems: f.Results}
}
