// Lowering of one go/ssa function into an IR function: blocks, values and instructions.

package lower

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"strings"

	"golang.org/x/tools/go/ssa"

	"leapfrog/internal/ir"
)

// fnLowerer lowers the body of one function.
type fnLowerer struct {
	l    *loader
	sfn  *ssa.Function
	f    *ir.Function
	get  func(*ssa.Function, callSite) (*ir.Function, error) // IR function of a callee (lowered later)
	vals map[ssa.Value]ir.Value

	params       map[*ssa.Parameter]*ir.Param
	condOperands map[ast.Expr]bool  // operands of the function's conditions (see restoreDropped)
	caseValues   map[token.Pos]bool // case expressions of tagged switches (see restoreDroppedCase)
	info         map[*ssa.BasicBlock]*blockInfo
	reach        map[*ssa.BasicBlock]bool
	dead         map[*ssa.BasicBlock]*ssa.BasicBlock // per block ending in an If on a constant, its dead successor (constbranch.go)
	phis         []phiFix

	cur     *ir.Block                      // block being filled
	curInfo *blockInfo                     // of the ssa block being lowered
	curSSA  *ssa.BasicBlock                // the ssa block being lowered
	checked map[checkKey][]*ssa.BasicBlock // run-time checks emitted, and where
	lastPos token.Pos                      // last source position seen in the ssa block being lowered

	free     map[*ssa.FreeVar]*ir.Param // a function literal's free variables (closures.go)
	funcVals map[*ssa.Function]ir.Value // functions used as values, made in the entry block (closures.go)
	absorbed map[ssa.Instruction]bool   // conversions made only for a no-op's arguments (intrinsics.go)

	noIR      map[ssa.Value]string       // values with no IR value, and why a use fails (unsafe.go)
	reinterp  map[ssa.Value]ssa.Value    // pointers reinterpreting another's memory, to it (unsafe.go)
	hdr       map[ssa.Value]hdrRef       // values of string and slice header views (headers.go)
	hdrGroups map[ssa.Value]*hdrGroup    // stores into a header's fields under way, by variable (headers.go)
	hdrAllocs map[*ssa.Alloc]*ir.Type    // header variables, by the string or slice type they are lowered as (nil: none; headers_values.go)
	selects   map[*ssa.Select][]ir.Value // a select's results, by index (chans.go)
}

// blockInfo holds the IR blocks one ssa block became.
type blockInfo struct {
	first *ir.Block   // receives the phis and the ssa block's predecessors
	exit  *ir.Block   // holds the terminator; the ssa block's successors' predecessor
	chain []*ir.Block // first, then the continuation blocks after each check (exit is the last)
	extra []*ir.Block // blocks placed after the chain: failing sides of checks, operand branches
}

type phiFix struct {
	ir   *ir.Phi
	ssa  *ssa.Phi
	uptr *ir.Type // a phi of unsafe.Pointers, of this pointer type (unsafe_phis.go)
}

// lowerFunction fills f, the stub of sfn, with sfn's body. get returns the IR
// function of a callee, scheduling it for lowering.
func lowerFunction(l *loader, sfn *ssa.Function, f *ir.Function, get func(*ssa.Function, callSite) (*ir.Function, error)) error {
	body := l.body(sfn)
	params := body.Params
	if carrierReceiver(sfn, body) { // replace.go: a generic carrier's receiver is no parameter
		params = params[1:]
	}
	sfn = body
	fl := &fnLowerer{
		l:      l,
		sfn:    sfn,
		f:      f,
		get:    get,
		vals:   map[ssa.Value]ir.Value{},
		params: map[*ssa.Parameter]*ir.Param{},
		info:   map[*ssa.BasicBlock]*blockInfo{},
		dead:   l.deadSuccs(sfn),
	}
	fl.reach = reachable(sfn, fl.dead)
	fl.condOperands, fl.caseValues = conditionOperands(sfn.Syntax())
	if err := fl.precheck(); err != nil {
		return err
	}
	for i, fv := range sfn.FreeVars { // closures.go: the free variables come first
		if fl.free == nil {
			fl.free = map[*ssa.FreeVar]*ir.Param{}
		}
		fl.free[fv] = f.Params[i]
	}
	for i, p := range params {
		fl.params[p] = f.Params[len(sfn.FreeVars)+i]
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
	if err := fl.recoverResults(); err != nil { // closures.go
		return err
	}
	fl.operandBranches()
	fl.layout()
	return nil
}

// reachable returns the blocks reachable from the entry block, through
// no edge to a block's dead successor.
func reachable(fn *ssa.Function, dead map[*ssa.BasicBlock]*ssa.BasicBlock) map[*ssa.BasicBlock]bool {
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
			if !seen[s] && dead[b] != s {
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
		switch instr.(type) {
		case *ssa.DebugRef:
			if err := fl.restoreDropped(b, i); err != nil {
				return err
			}
		case *ssa.BinOp:
			if err := fl.restoreDroppedCase(b, i); err != nil {
				return err
			}
		}
	}
	fl.curInfo.exit = fl.cur
	return nil
}

// lowerInstr lowers one ssa instruction into the current block.
func (fl *fnLowerer) lowerInstr(instr ssa.Instruction) error {
	if fl.absorbed[instr] || fl.l.slicedOut(fl.sfn, instr) {
		return nil
	}
	if makesUnsafePointer(instr) { // unsafe.go
		return fl.lowerUnsafePointer(instr.(ssa.Value))
	}
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
		if t := fl.headerAlloc(v); t != nil { // headers.go
			fl.lowerHeaderAlloc(v, t)
			return nil
		}
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
		t, ops, err := fl.typedOperands(v, v.X)
		if err != nil {
			return err
		}
		x := ops[0]
		if !ir.Identical(t, x.Type()) {
			return fmt.Errorf("internal error: %s: ChangeType from %s to %s", fl.l.posString(fl.pos(v)), x.Type(), t)
		}
		fl.vals[v] = x // identical underlying types: the same IR value (IR names are labels)
		return nil

	case *ssa.Field:
		if ok, err := fl.lowerHeaderField(v); ok { // headers.go
			return err
		}
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
		if fl.headerFieldAddr(v) { // headers.go
			return nil
		}
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
		return fl.lowerIndex(v)

	case *ssa.IndexAddr:
		return fl.lowerIndexAddr(v)

	case *ssa.Slice:
		return fl.lowerSlice(v)

	case *ssa.MakeSlice:
		return fl.lowerMakeSlice(v)

	case *ssa.MakeMap:
		t, err := fl.typeOf(v, fl.pos(v))
		if err != nil {
			return err
		}
		fl.vals[v] = fl.emit(&ir.MakeMap{}, t).(ir.Value)
		return nil

	case *ssa.Lookup:
		return fl.lowerLookup(v)

	case *ssa.MapUpdate:
		return fl.lowerMapUpdate(v)

	case *ssa.Range:
		x, err := fl.value(v.X, fl.pos(v))
		if err != nil {
			return err
		}
		if k := x.Type().Kind; k != ir.KString && k != ir.KMap {
			return fl.l.unsupported(fl.pos(v), "range over %s", fl.goType(v.X.Type()))
		}
		fl.vals[v] = fl.emit(&ir.Range{X: x}, ir.IterOf(x.Type())).(ir.Value)
		return nil

	case *ssa.Next:
		it, err := fl.value(v.Iter, fl.pos(v))
		if err != nil {
			return err
		}
		fl.vals[v] = fl.emit(&ir.Next{Iter: it}, ir.NextType(it.Type().Elem)).(ir.Value)
		return nil

	case *ssa.SliceToArrayPointer:
		return fl.lowerSliceToArrayPointer(v)

	case *ssa.Call:
		return fl.lowerCall(v)

	case *ssa.MakeChan: // chans.go
		return fl.lowerMakeChan(v)
	case *ssa.Send:
		return fl.lowerSend(v)
	case *ssa.Select:
		return fl.lowerSelect(v)

	case *ssa.Extract:
		if sel, ok := v.Tuple.(*ssa.Select); ok { // chans.go
			fl.vals[v] = fl.selects[sel][v.Index]
			return nil
		}
		t, ops, err := fl.typedOperands(v, v.Tuple)
		if err != nil {
			return err
		}
		fl.vals[v] = fl.emit(&ir.Extract{X: ops[0], Index: v.Index}, t).(ir.Value)
		return nil

	case *ssa.Store:
		if ok, err := fl.hdrStore(v); ok { // headers.go
			return err
		}
		if o := fl.reinterp[v.Addr]; o != nil { // unsafe.go
			return fl.lowerReinterpStore(v, o)
		}
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

	// Interfaces, function values, deferred calls (ifaces.go, closures.go).
	case *ssa.MakeInterface:
		if fl.fatalValue(v) { // replace.go: no value, no dynamic type
			return nil
		}
		return fl.lowerMakeInterface(v)
	case *ssa.ChangeInterface:
		return fl.lowerChangeInterface(v)
	case *ssa.TypeAssert:
		return fl.lowerTypeAssert(v)
	case *ssa.MakeClosure:
		return fl.lowerMakeClosure(v)
	case *ssa.Defer:
		return fl.lowerDefer(v)
	case *ssa.RunDefers:
		fl.emit(&ir.RunDefers{}, nil)
		return nil

	case *ssa.If:
		if fl.dead[v.Block()] != nil { // constbranch.go: one side only
			fl.emit(&ir.Jump{}, nil)
			return nil
		}
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
		if pos, ok := fl.selectMatchedNone(v); ok { // chans.go
			fl.emit(&ir.Panic{Kind: ir.FatalPanic, Msg: "blocking select matched no case", Pos: fl.l.irPos(pos)}, nil)
			return nil
		}
		pos := fl.l.callStart(v.Pos())
		if kind, msg, dyn, ok := fl.stopPanic(v); ok { // replace.go, rangefunc.go
			p := &ir.Panic{Kind: kind, Msg: msg, Pos: fl.l.irPos(pos)}
			if dyn != nil {
				x, err := fl.value(dyn, pos)
				if err != nil {
					return err
				}
				p.Value = x
			}
			fl.emit(p, nil)
			return nil
		}
		x, err := fl.value(v.X, pos) // the value (an interface): what recover returns
		if err != nil {
			return err
		}
		fl.emit(&ir.Panic{Kind: ir.ExplicitPanic, Msg: panicText(v.X), Pos: fl.l.irPos(pos), Value: x}, nil)
		return nil
	}
	return fl.l.unsupported(fl.pos(instr), "%s", describe(instr))
}

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
			if fl.dead[b] != s {
				in.exit.Succs = append(in.exit.Succs, fl.info[s].first)
			}
		}
		for _, p := range b.Preds {
			if fl.liveEdge(p, b) {
				in.first.Preds = append(in.first.Preds, fl.info[p].exit)
			}
		}
	}
}

// fixPhis fills the phi edges, dropping those of unreachable predecessors.
func (fl *fnLowerer) fixPhis() error {
	for _, pf := range fl.phis {
		for i, e := range pf.ssa.Edges {
			if !fl.liveEdge(pf.ssa.Block().Preds[i], pf.ssa.Block()) {
				continue
			}
			var x ir.Value
			var err error
			if pf.uptr != nil {
				x, err = fl.uptrPhiEdge(e, pf.uptr, pf.ssa)
			} else {
				x, err = fl.value(e, pf.ssa.Pos())
			}
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
	switch instr.(type) {
	case *ssa.MakeChan, *ssa.Send, *ssa.Select:
		return "channel"
	case *ssa.MakeInterface, *ssa.ChangeInterface, *ssa.TypeAssert:
		return "interface value"
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
// (go statements first, then calls out of the package) before lowering, so
// that their message wins over the messages of the values they need (the
// interface conversions of a fmt.Println call).
func (fl *fnLowerer) precheck() error {
	if pos, ok := fl.l.unmodelled[fl.sfn.Syntax()]; ok && fl.l.orderBroken != nil {
		return fl.l.unsupported(pos, "evaluation order: gc runs a call (or && / ||) of this statement before an operand to its left that may panic or reads memory, and the rewrite into gc's order failed in this package (internal error of go/ssa on it: %v)", fl.l.orderBroken)
	} else if ok {
		return fl.l.unsupported(pos, "evaluation order: gc runs a call (or && / ||) of this statement before an operand to its left that may panic or reads memory, and no temporary can go here (a for loop's post statement, a statement a goto jumps to, a select case)")
	}
	for pass := 0; pass < 2; pass++ {
		for _, b := range fl.sfn.Blocks {
			if !fl.reach[b] {
				continue
			}
			for _, instr := range b.Instrs {
				if fl.l.slicedOut(fl.sfn, instr) {
					continue
				}
				switch v := instr.(type) {
				case *ssa.Go:
					if pass == 0 {
						return fl.l.unsupported(fl.pos(instr), "%s", describe(instr))
					}
				case *ssa.Call:
					_, builtin := v.Call.Value.(*ssa.Builtin)
					if pass == 0 {
						fl.absorbNoopArgs(v) // intrinsics.go
					}
					switch {
					case pass == 0 || builtin || fl.l.isImportedInit(v.Common()) || handlesCall(v.Common()) || isBitcast(v.Common()) || isIntrinsic(v.Common()) || isHint(v.Common()):
					default:
						if err := fl.precheckCall(v); err != nil {
							return err
						}
					}
				}
			}
		}
	}
	return nil
}
