// Operands: ssa values as IR values (constants, parameters, globals), pointers about to be dereferenced, types.

package lower

import (
	"errors"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"leapfrog/internal/ir"
)

// value returns the IR value of an ssa operand; pos places errors.
func (fl *fnLowerer) value(v ssa.Value, pos token.Pos) (ir.Value, error) {
	switch v := v.(type) {
	case *ssa.Const:
		return fl.constant(v, pos)
	case *ssa.Parameter:
		return fl.params[v], nil
	case *ssa.Global:
		return fl.l.global(v, pos)
	case *ssa.Function:
		return fl.funcValue(v, pos) // closures.go
	case *ssa.FreeVar:
		if p := fl.free[v]; p != nil {
			return p, nil
		}
		return nil, fl.l.unsupported(pos, "closure (free variable %s)", v.Name())
	case *ssa.Builtin:
		return nil, fl.l.unsupported(pos, "builtin %s as a value", v.Name())
	}
	if x, ok := fl.vals[v]; ok {
		return x, nil
	}
	if why, ok := fl.noIR[v]; ok { // unsafe.go
		return nil, fl.l.unsupported(pos, "%s", why)
	}
	if instr, ok := v.(ssa.Instruction); ok {
		return nil, fl.l.unsupported(pos, "%s", describe(instr))
	}
	return nil, fl.l.unsupported(pos, "value %s", v.Name())
}

// pointer returns the IR value of a pointer operand about to be dereferenced,
// inserting a NilCheck unless the pointer is known not to be nil.
func (fl *fnLowerer) pointer(v ssa.Value, pos token.Pos) (ir.Value, error) {
	p, err := fl.value(v, pos)
	if err != nil {
		return nil, err
	}
	if p.Type().Kind != ir.KPointer {
		return nil, fl.l.unsupported(pos, "dereference of %s", fl.goType(v.Type()))
	}
	if !fl.l.nonNil(v) && !fl.checkedAlready(checkKey{kind: ir.NilCheck, v: v}) {
		fl.check(ir.NilCheck, fl.binop(ir.Ne, p, zero(p.Type())), pos)
	}
	return p, nil
}

// checkKey identifies a run-time check: its kind, the value checked (the
// pointer, the index) and the length an index is checked against.
type checkKey struct {
	kind ir.BranchKind
	v    ssa.Value
	n    int
	coll ssa.Value // the string or slice an index is checked against
}

// checkedAlready reports whether the same check dominates the current point
// (blocks are lowered in dominator preorder), and otherwise records it. A
// dominated copy could never fail (values are SSA: a pointer that was not
// nil is still not nil), so it is no objective: go/ssa addresses an operand
// twice for p.x++ and a[i] += 1 (the load and the store), which would give
// two objectives at one position, and every use of a pointer receiver after
// the first would be an unreachable nil dereference.
func (fl *fnLowerer) checkedAlready(k checkKey) bool {
	for _, b := range fl.checked[k] {
		if b.Dominates(fl.curSSA) {
			return true
		}
	}
	if fl.checked == nil {
		fl.checked = map[checkKey][]*ssa.BasicBlock{}
	}
	fl.checked[k] = append(fl.checked[k], fl.curSSA)
	return false
}

// constant lowers a constant: bool and integer bits masked to the width,
// strings with their bytes, nil pointers, slices and maps and zero structs
// and arrays as Val 0.
func (fl *fnLowerer) constant(c *ssa.Const, pos token.Pos) (ir.Value, error) {
	t, err := fl.typeOf(c, pos)
	if err != nil {
		return nil, err
	}
	switch t.Kind {
	case ir.KBool:
		if c.Value != nil && constant.BoolVal(c.Value) {
			return &ir.Const{Typ: t, Val: 1}, nil
		}
		return &ir.Const{Typ: t, Val: 0}, nil
	case ir.KInt:
		if c.Value == nil {
			return &ir.Const{Typ: t, Val: 0}, nil
		}
		iv := constant.ToInt(c.Value)
		var bits uint64
		if i, exact := constant.Int64Val(iv); exact {
			bits = uint64(i)
		} else if u, exact := constant.Uint64Val(iv); exact {
			bits = u
		} else {
			return nil, fl.l.unsupported(pos, "constant %s", c.Value)
		}
		return &ir.Const{Typ: t, Val: mask(bits, t.Width)}, nil
	case ir.KFloat:
		return floatConst(c, t), nil // floats.go
	case ir.KString:
		if c.Value == nil {
			return &ir.Const{Typ: t}, nil
		}
		return &ir.Const{Typ: t, Str: constant.StringVal(c.Value)}, nil
	case ir.KPointer, ir.KSlice, ir.KMap, ir.KStruct, ir.KArray, ir.KInterface, ir.KFunc:
		return &ir.Const{Typ: t, Val: 0}, nil // nil, or the zero value (ir: "zero:T")
	}
	return nil, fl.l.unsupported(pos, "constant of type %s", fl.goType(c.Type()))
}

func mask(bits uint64, width int) uint64 {
	if width >= 64 {
		return bits
	}
	return bits & (1<<uint(width) - 1)
}

// zero is the zero constant of an integer, bool or pointer type.
func zero(t *ir.Type) *ir.Const { return &ir.Const{Typ: t, Val: 0} }

// binop emits x op y in the current block.
func (fl *fnLowerer) binop(op ir.BinOpKind, x, y ir.Value) ir.Value {
	t := x.Type()
	if op.IsComparison() {
		t = ir.Bool
	}
	return fl.emit(&ir.BinOp{Op: op, X: x, Y: y}, t).(ir.Value)
}

// typeOf maps the type of v; pos places the error.
func (fl *fnLowerer) typeOf(v ssa.Value, pos token.Pos) (*ir.Type, error) {
	t, err := fl.l.types.irType(v.Type())
	if err != nil {
		return nil, fl.typeError(err, v.Type(), pos)
	}
	return t, nil
}

func (fl *fnLowerer) typeError(err error, t types.Type, pos token.Pos) error {
	var ut *unsupportedType
	if errors.As(err, &ut) {
		t = ut.t
	}
	return fl.l.unsupported(pos, "type %s", fl.goType(t))
}

func (fl *fnLowerer) goType(t types.Type) string { return typeString(t, fl.l.pkg.Types) }

// valueInstr is an ssa instruction yielding a value.
type valueInstr interface {
	ssa.Value
	ssa.Instruction
}

// typedOperands maps the type of v and lowers the operands xs of v (errors
// placed at v).
func (fl *fnLowerer) typedOperands(v valueInstr, xs ...ssa.Value) (*ir.Type, []ir.Value, error) {
	t, err := fl.typeOf(v, fl.pos(v))
	if err != nil {
		return nil, nil, err
	}
	ops, err := fl.operands(fl.pos(v), xs...)
	return t, ops, err
}

// operands lowers the operands xs; pos places errors.
func (fl *fnLowerer) operands(pos token.Pos, xs ...ssa.Value) ([]ir.Value, error) {
	ops := make([]ir.Value, len(xs))
	for i, x := range xs {
		xv, err := fl.value(x, pos)
		if err != nil {
			return nil, err
		}
		ops[i] = xv
	}
	return ops, nil
}
