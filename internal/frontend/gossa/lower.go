// Lowering of one go/ssa function into an IR function: blocks, values and instructions.

package gossa

import (
	"errors"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"leapfrog/internal/ir"
)

// fnLowerer lowers the body of one function.
type fnLowerer struct {
	l    *loader
	sfn  *ssa.Function
	f    *ir.Function
	get  func(*ssa.Function) (*ir.Function, error) // IR function of a callee (lowered later)
	vals map[ssa.Value]ir.Value

	params       map[*ssa.Parameter]*ir.Param
	condOperands map[ast.Expr]bool // operands of the function's conditions (see restoreDropped)
	info         map[*ssa.BasicBlock]*blockInfo
	reach        map[*ssa.BasicBlock]bool
	phis         []phiFix

	cur     *ir.Block                      // block being filled
	curInfo *blockInfo                     // of the ssa block being lowered
	curSSA  *ssa.BasicBlock                // the ssa block being lowered
	checked map[checkKey][]*ssa.BasicBlock // run-time checks emitted, and where
	lastPos token.Pos                      // last source position seen in the ssa block being lowered
}

// blockInfo holds the IR blocks one ssa block became.
type blockInfo struct {
	first *ir.Block   // receives the phis and the ssa block's predecessors
	exit  *ir.Block   // holds the terminator; the ssa block's successors' predecessor
	chain []*ir.Block // first, then the continuation blocks after each check (exit is the last)
	extra []*ir.Block // blocks placed after the chain: failing sides of checks, operand branches
}

type phiFix struct {
	ir  *ir.Phi
	ssa *ssa.Phi
}

// lowerFunction fills f, the stub of sfn, with sfn's body. get returns the IR
// function of a callee, scheduling it for lowering.
func lowerFunction(l *loader, sfn *ssa.Function, f *ir.Function, get func(*ssa.Function) (*ir.Function, error)) error {
	fl := &fnLowerer{
		l:      l,
		sfn:    sfn,
		f:      f,
		get:    get,
		vals:   map[ssa.Value]ir.Value{},
		params: map[*ssa.Parameter]*ir.Param{},
		info:   map[*ssa.BasicBlock]*blockInfo{},
		reach:  reachable(sfn),

		condOperands: conditionOperands(sfn.Syntax()),
	}
	if err := fl.precheck(); err != nil {
		return err
	}
	for i, p := range sfn.Params {
		fl.params[p] = f.Params[i]
	}
	for _, b := range sfn.Blocks {
		if fl.reach[b] {
			first := fl.newBlock(b.Comment)
			fl.info[b] = &blockInfo{first: first, chain: []*ir.Block{first}}
		}
	}
	for _, b := range sfn.DomPreorder() {
		if fl.reach[b] {
			if err := fl.lowerBlock(b); err != nil {
				return err
			}
		}
	}
	fl.wire()
	if err := fl.fixPhis(); err != nil {
		return err
	}
	fl.operandBranches()
	fl.layout()
	return nil
}

// reachable returns the blocks reachable from the entry block.
func reachable(fn *ssa.Function) map[*ssa.BasicBlock]bool {
	seen := map[*ssa.BasicBlock]bool{}
	if len(fn.Blocks) == 0 {
		return seen
	}
	stack := []*ssa.BasicBlock{fn.Blocks[0]}
	seen[fn.Blocks[0]] = true
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, s := range b.Succs {
			if !seen[s] {
				seen[s] = true
				stack = append(stack, s)
			}
		}
	}
	return seen
}

func (fl *fnLowerer) newBlock(comment string) *ir.Block {
	return &ir.Block{Func: fl.f, Comment: comment}
}

// emit appends instr to the current block; value-producing instructions get typ.
func (fl *fnLowerer) emit(instr ir.Instr, typ *ir.Type) ir.Instr {
	if typ != nil {
		ir.NewRegister(instr, 0, typ)
	}
	fl.cur.Append(instr)
	return instr
}

func (fl *fnLowerer) lowerBlock(b *ssa.BasicBlock) error {
	fl.curInfo, fl.curSSA = fl.info[b], b
	fl.cur = fl.curInfo.first
	fl.lastPos = token.NoPos
	for i, instr := range b.Instrs {
		if p := instr.Pos(); p.IsValid() {
			fl.lastPos = p
		}
		if err := fl.lowerInstr(instr); err != nil {
			return err
		}
		if _, ok := instr.(*ssa.DebugRef); ok {
			if err := fl.restoreDropped(b, i); err != nil {
				return err
			}
		}
	}
	fl.curInfo.exit = fl.cur
	return nil
}

// lowerInstr lowers one ssa instruction into the current block.
func (fl *fnLowerer) lowerInstr(instr ssa.Instruction) error {
	switch v := instr.(type) {
	case *ssa.DebugRef:
		if p := v.Expr.Pos(); p.IsValid() {
			fl.lastPos = p
		}
		return nil

	case *ssa.Phi:
		t, err := fl.typeOf(v, v.Pos())
		if err != nil {
			return err
		}
		p := &ir.Phi{}
		fl.emit(p, t)
		fl.l.recordPhi(p, v.Comment)
		fl.vals[v] = p
		fl.phis = append(fl.phis, phiFix{ir: p, ssa: v})
		return nil

	case *ssa.Alloc:
		t, err := fl.typeOf(v, fl.pos(v))
		if err != nil {
			return err
		}
		fl.vals[v] = fl.emit(&ir.Alloc{}, t).(ir.Value)
		return nil

	case *ssa.BinOp:
		return fl.lowerBinOp(v)

	case *ssa.UnOp:
		return fl.lowerUnOp(v)

	case *ssa.Convert:
		return fl.lowerConvert(v)

	case *ssa.ChangeType:
		if _, err := fl.typeOf(v, fl.pos(v)); err != nil {
			return err
		}
		x, err := fl.value(v.X, fl.pos(v))
		if err != nil {
			return err
		}
		fl.vals[v] = x // identical underlying types: the same IR value
		return nil

	case *ssa.Field:
		x, err := fl.value(v.X, fl.pos(v))
		if err != nil {
			return err
		}
		if x.Type().Kind != ir.KStruct {
			return fl.l.unsupported(fl.pos(v), "field of %s", fl.goType(v.X.Type()))
		}
		fl.vals[v] = fl.emit(&ir.Field{X: x, Field: v.Field}, x.Type().Fields[v.Field].Type).(ir.Value)
		return nil

	case *ssa.FieldAddr:
		ptr, err := fl.pointer(v.X, fl.pos(v))
		if err != nil {
			return err
		}
		st := ptr.Type().Elem
		if st.Kind != ir.KStruct {
			return fl.l.unsupported(fl.pos(v), "field of %s", fl.goType(v.X.Type()))
		}
		fl.vals[v] = fl.emit(&ir.FieldAddr{Ptr: ptr, Field: v.Field}, ir.PointerTo(st.Fields[v.Field].Type)).(ir.Value)
		return nil

	case *ssa.Index:
		x, err := fl.value(v.X, fl.pos(v))
		if err != nil {
			return err
		}
		if x.Type().Kind != ir.KArray {
			return fl.l.unsupported(fl.pos(v), "indexing of %s", fl.goType(v.X.Type()))
		}
		idx, err := fl.index(v, v.Index, x.Type().Len, v.Pos())
		if err != nil {
			return err
		}
		fl.vals[v] = fl.emit(&ir.Index{X: x, Index: idx}, x.Type().Elem).(ir.Value)
		return nil

	case *ssa.IndexAddr:
		if _, ok := v.X.Type().Underlying().(*types.Pointer); !ok {
			return fl.l.unsupported(fl.pos(v), "indexing of %s", fl.goType(v.X.Type()))
		}
		ptr, err := fl.pointer(v.X, fl.pos(v))
		if err != nil {
			return err
		}
		at := ptr.Type().Elem
		if at.Kind != ir.KArray {
			return fl.l.unsupported(fl.pos(v), "indexing of %s", fl.goType(v.X.Type()))
		}
		idx, err := fl.index(v, v.Index, at.Len, v.Pos())
		if err != nil {
			return err
		}
		fl.vals[v] = fl.emit(&ir.IndexAddr{Ptr: ptr, Index: idx}, ir.PointerTo(at.Elem)).(ir.Value)
		return nil

	case *ssa.Call:
		return fl.lowerCall(v)

	case *ssa.Extract:
		t, err := fl.typeOf(v, fl.pos(v))
		if err != nil {
			return err
		}
		x, err := fl.value(v.Tuple, fl.pos(v))
		if err != nil {
			return err
		}
		fl.vals[v] = fl.emit(&ir.Extract{X: x, Index: v.Index}, t).(ir.Value)
		return nil

	case *ssa.Store:
		ptr, err := fl.pointer(v.Addr, fl.pos(v))
		if err != nil {
			return err
		}
		val, err := fl.value(v.Val, fl.pos(v))
		if err != nil {
			return err
		}
		fl.emit(&ir.Store{Ptr: ptr, Val: val}, nil)
		return nil

	case *ssa.MakeInterface:
		if onlyPanicked(v) {
			return nil // the argument of panic(...): only its constant text matters
		}
		return fl.l.unsupported(fl.pos(v), "%s", describe(v))

	case *ssa.If:
		cond, err := fl.value(v.Cond, fl.lastPos)
		if err != nil {
			return err
		}
		kind, pos := fl.branchPos(v)
		fl.emit(&ir.If{Cond: cond, Kind: kind, Pos: pos}, nil)
		return nil

	case *ssa.Jump:
		fl.emit(&ir.Jump{}, nil)
		return nil

	case *ssa.Return:
		ret := &ir.Return{}
		for _, r := range v.Results {
			x, err := fl.value(r, fl.pos(v))
			if err != nil {
				return err
			}
			ret.Results = append(ret.Results, x)
		}
		fl.emit(ret, nil)
		return nil

	case *ssa.Panic:
		fl.emit(&ir.Panic{Kind: ir.ExplicitPanic, Msg: panicText(v.X), Pos: fl.l.irPos(fl.l.callStart(v.Pos()))}, nil)
		return nil
	}
	return fl.l.unsupported(fl.pos(instr), "%s", describe(instr))
}

func (fl *fnLowerer) lowerBinOp(v *ssa.BinOp) error {
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
		if xt.Kind != ir.KInt && xt.Kind != ir.KBool && xt.Kind != ir.KPointer {
			return fl.l.unsupported(v.Pos(), "comparison of %s values", fl.goType(v.X.Type()))
		}
	case xt.Kind != ir.KInt || y.Type().Kind != ir.KInt:
		return fl.l.unsupported(v.Pos(), "operator %s on %s", v.Op, fl.goType(v.X.Type()))
	}
	// A constant operand needs no check only when it cannot fail: go/ssa
	// propagates a local holding zero (k := 0; x / k) as the constant itself.
	switch op {
	case ir.Div, ir.Rem:
		if c, isConst := y.(*ir.Const); !isConst || c.Val == 0 {
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
		return fl.l.unsupported(fl.pos(v), "channel receive")
	default:
		return fl.l.unsupported(fl.pos(v), "operator %s", v.Op)
	}
	x, err := fl.value(v.X, fl.pos(v))
	if err != nil {
		return err
	}
	if x.Type().Kind != want {
		return fl.l.unsupported(fl.pos(v), "operator %s on %s", v.Op, fl.goType(v.X.Type()))
	}
	fl.vals[v] = fl.emit(&ir.UnOp{Op: op, X: x}, x.Type()).(ir.Value)
	return nil
}

func (fl *fnLowerer) lowerConvert(v *ssa.Convert) error {
	t, err := fl.typeOf(v, fl.pos(v))
	if err != nil {
		return err
	}
	x, err := fl.value(v.X, fl.pos(v))
	if err != nil {
		return err
	}
	if t.Kind != ir.KInt || x.Type().Kind != ir.KInt {
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
	callee, err := fl.callee(v.Common(), v.Pos())
	if err != nil {
		return err
	}
	f, err := fl.get(callee)
	if err != nil {
		return err
	}
	call := &ir.Call{Callee: f}
	for _, a := range v.Call.Args {
		x, err := fl.value(a, v.Pos())
		if err != nil {
			return err
		}
		call.Args = append(call.Args, x)
	}
	var t *ir.Type
	switch len(f.Results) {
	case 0:
		t = voidType
	case 1:
		t = f.Results[0]
	default:
		t = &ir.Type{Kind: ir.KTuple, Elems: f.Results}
	}
	fl.vals[v] = fl.emit(call, t).(ir.Value)
	return nil
}

// callee returns the static callee of a call if it is supported: a function or
// method of the package (not a closure, not generic).
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
		if f.TypeParams().Len() > 0 || f.Origin() != nil {
			return nil, fl.l.unsupported(pos, "call to generic function %s", f.Name())
		}
		if f.Pkg != fl.l.spkg {
			name := f.String()
			if f.Pkg != nil && f.Pkg.Pkg != nil && f.Signature.Recv() == nil {
				name = f.Pkg.Pkg.Name() + "." + f.Name()
			}
			return nil, fl.l.unsupported(pos, "call to %s", name)
		}
		return f, nil
	}
	return nil, fl.l.unsupported(pos, "dynamic call")
}

// value returns the IR value of an ssa operand; pos places errors.
func (fl *fnLowerer) value(v ssa.Value, pos token.Pos) (ir.Value, error) {
	switch v := v.(type) {
	case *ssa.Const:
		return fl.constant(v, pos)
	case *ssa.Parameter:
		return fl.params[v], nil
	case *ssa.Global:
		return nil, fl.l.unsupported(pos, "package-level variable %s", v.Name())
	case *ssa.Function:
		return nil, fl.l.unsupported(pos, "function value %s", v.Name())
	case *ssa.FreeVar:
		return nil, fl.l.unsupported(pos, "closure (free variable %s)", v.Name())
	case *ssa.Builtin:
		return nil, fl.l.unsupported(pos, "builtin %s as a value", v.Name())
	}
	if x, ok := fl.vals[v]; ok {
		return x, nil
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
	if !fl.l.nonNil(v) && !fl.checkedAlready(checkKey{ir.NilCheck, v, 0}) {
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

// constant lowers a constant: bool and integer bits masked to the width, nil
// pointers and zero structs and arrays as Val 0.
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
	case ir.KPointer, ir.KStruct, ir.KArray:
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

// pos is the best position for an error about instr: its own (the start of
// the call expression for calls and conversions), else the last
// position seen in its block, else the function's.
func (fl *fnLowerer) pos(instr ssa.Instruction) token.Pos {
	if p := instr.Pos(); p.IsValid() {
		return fl.l.callStart(p) // calls and conversions are placed at their '('
	}
	if fl.lastPos.IsValid() {
		return fl.lastPos
	}
	return fl.sfn.Pos()
}

// wire sets the Preds and Succs of the IR blocks from the ssa CFG: an ssa
// block's predecessors are the exit blocks of its ssa predecessors.
func (fl *fnLowerer) wire() {
	for _, b := range fl.sfn.Blocks {
		in := fl.info[b]
		if in == nil {
			continue
		}
		for _, s := range b.Succs {
			in.exit.Succs = append(in.exit.Succs, fl.info[s].first)
		}
		for _, p := range b.Preds {
			if fl.reach[p] {
				in.first.Preds = append(in.first.Preds, fl.info[p].exit)
			}
		}
	}
}

// fixPhis fills the phi edges, dropping those of unreachable predecessors.
func (fl *fnLowerer) fixPhis() error {
	for _, pf := range fl.phis {
		for i, e := range pf.ssa.Edges {
			if !fl.reach[pf.ssa.Block().Preds[i]] {
				continue
			}
			x, err := fl.value(e, pf.ssa.Pos())
			if err != nil {
				return err
			}
			pf.ir.Edges = append(pf.ir.Edges, x)
		}
	}
	return nil
}

// layout orders the IR blocks (ssa order; each ssa block's chain followed by
// its extra blocks) and numbers blocks and registers.
func (fl *fnLowerer) layout() {
	var blocks []*ir.Block
	for _, b := range fl.sfn.Blocks {
		if in := fl.info[b]; in != nil {
			blocks = append(blocks, in.chain...)
			blocks = append(blocks, in.extra...)
		}
	}
	n := 0
	for i, b := range blocks {
		b.Index = i
		for _, instr := range b.Instrs {
			if v, ok := instr.(ir.Value); ok {
				if _, isReg := ir.RegisterNum(v); isReg {
					ir.NewRegister(instr, n, v.Type())
					n++
				}
			}
		}
	}
	fl.f.Blocks = blocks
}

// onlyPanicked reports whether v is used only as the argument of panic.
func onlyPanicked(v *ssa.MakeInterface) bool {
	refs := v.Referrers()
	if refs == nil || len(*refs) == 0 {
		return false
	}
	for _, r := range *refs {
		switch r.(type) {
		case *ssa.Panic, *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// panicText is the text of a constant panic argument, else "".
func panicText(v ssa.Value) string {
	mi, ok := v.(*ssa.MakeInterface)
	if !ok {
		return ""
	}
	c, ok := mi.X.(*ssa.Const)
	if !ok || c.Value == nil {
		return ""
	}
	switch c.Value.Kind() {
	case constant.String:
		return constant.StringVal(c.Value)
	case constant.Bool, constant.Int:
		return c.Value.ExactString()
	}
	return ""
}

// describe names an unsupported instruction for error messages.
func describe(instr ssa.Instruction) string {
	switch v := instr.(type) {
	case *ssa.MakeMap, *ssa.MapUpdate:
		return "map"
	case *ssa.Lookup:
		if _, ok := v.X.Type().Underlying().(*types.Map); ok {
			return "map"
		}
		return "string indexing"
	case *ssa.MakeChan, *ssa.Send, *ssa.Select:
		return "channel"
	case *ssa.Range, *ssa.Next:
		return "range over map or string"
	case *ssa.MakeInterface, *ssa.ChangeInterface, *ssa.TypeAssert:
		return "interface value"
	case *ssa.Slice, *ssa.MakeSlice, *ssa.SliceToArrayPointer:
		return "slice"
	case *ssa.Defer, *ssa.RunDefers:
		return "defer"
	case *ssa.Go:
		return "go statement"
	case *ssa.MakeClosure:
		return "closure (function literal)"
	case *ssa.MultiConvert:
		return "conversion of a type parameter"
	}
	return "instruction " + strings.TrimPrefix(fmt.Sprintf("%T", instr), "*ssa.")
}

// precheck reports the statement-level constructs that are unsupported
// (defer and go statements first, then calls out of the package and
// closures) before lowering, so that their message wins over the messages of
// the values they need (the interface conversions of a fmt.Println call, the
// closure of a deferred function literal).
func (fl *fnLowerer) precheck() error {
	for pass := 0; pass < 2; pass++ {
		for _, b := range fl.sfn.Blocks {
			if !fl.reach[b] {
				continue
			}
			for _, instr := range b.Instrs {
				switch v := instr.(type) {
				case *ssa.Defer, *ssa.Go:
					if pass == 0 {
						return fl.l.unsupported(fl.pos(instr), "%s", describe(instr))
					}
				case *ssa.MakeClosure:
					if pass == 1 {
						return fl.l.unsupported(v.Fn.Pos(), "%s", describe(instr))
					}
				case *ssa.Call:
					if _, builtin := v.Call.Value.(*ssa.Builtin); pass == 1 && !builtin {
						if _, err := fl.callee(v.Common(), v.Pos()); err != nil {
							return err
						}
					}
				}
			}
		}
	}
	return nil
}
