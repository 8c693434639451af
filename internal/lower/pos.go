// Source positions of branches: DebugRef lookup, fallbacks, and call expression starts.

package lower

import (
	"go/ast"
	"go/constant"
	"go/token"

	"golang.org/x/tools/go/ssa"

	"leapfrog/internal/ir"
)

// branchPos classifies the ssa If v and finds its source position: the
// operand expression from the last DebugRef of v.Cond before v in its block;
// else the position of v.Cond (a switch case comparison carries the case
// expression's), else the position of the block's first non-phi instruction
// (a phi carries its variable's declaration, not the condition). An If
// with no position at all (the index < len test of a range loop) is an
// InternalBranch, and so is an If on a whole &&/|| expression whose operands
// already branch (a tagless switch case "case a && b:").
func (fl *fnLowerer) branchPos(v *ssa.If) (ir.BranchKind, ir.Pos) {
	if p, ok := fl.typeSwitchCase(v); ok { // ifaces.go
		return ir.SourceBranch, p
	}
	if isSelectCase(v) { // chans.go
		return ir.InternalBranch, ir.Pos{}
	}
	if isRangeFuncState(v) { // rangefunc.go
		return ir.InternalBranch, ir.Pos{}
	}
	b := v.Block()
	if isRangeTest(b) {
		// The "index < len" test of a range loop over an array, a slice, a
		// string or an integer, the ok of a range over a channel's
		// receive: no condition of the source.
		return ir.InternalBranch, ir.Pos{}
	}
	if _, ok := v.Cond.(*ssa.Const); ok {
		// A condition the type checker knows ("for host64bit && x != 0",
		// "if debug"): one side is dead code, not a branch outcome, as for
		// go test -cover and -verify's instrumenter.
		return ir.InternalBranch, ir.Pos{}
	}
	if e := debugExpr(b, len(b.Instrs)-1, v.Cond); e != nil {
		if isLogicalExpr(e) {
			return ir.InternalBranch, fl.l.irPos(e.Pos())
		}
		return ir.SourceBranch, fl.l.irPos(e.Pos())
	}
	if isLogicalValue(v.Cond) {
		return ir.InternalBranch, fl.l.irPos(v.Cond.Pos())
	}
	if c, ok := v.Cond.(*ssa.BinOp); ok && c.Op == token.EQL && isTrueConst(c.X) && isLogicalValue(c.Y) {
		// "switch true { case a && b: }": go/ssa compares true with the
		// value of a && b, whose operands already branch.
		return ir.InternalBranch, fl.l.irPos(c.Pos())
	}
	if p := v.Cond.Pos(); p.IsValid() {
		if _, isCall := v.Cond.(*ssa.Call); isCall {
			p = fl.l.callStart(p)
		}
		return ir.SourceBranch, fl.l.irPos(p)
	}
	for _, instr := range b.Instrs {
		if _, isPhi := instr.(*ssa.Phi); !isPhi {
			if p := instr.Pos(); p.IsValid() {
				return ir.SourceBranch, fl.l.irPos(p)
			}
			break
		}
	}
	return ir.InternalBranch, ir.Pos{}
}

// debugExpr returns the expression of the last DebugRef for x among the
// first n instructions of b, or nil. go/ssa records expressions unparenthesised.
func debugExpr(b *ssa.BasicBlock, n int, x ssa.Value) ast.Expr {
	for i := n - 1; i >= 0; i-- {
		if d, ok := b.Instrs[i].(*ssa.DebugRef); ok && d.X == x {
			return d.Expr
		}
	}
	return nil
}

// isLogicalExpr reports whether e is an && or || expression, possibly negated.
func isLogicalExpr(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.BinaryExpr:
		return e.Op == token.LAND || e.Op == token.LOR
	case *ast.UnaryExpr:
		return e.Op == token.NOT && isLogicalExpr(e.X)
	}
	return false
}

// isLogicalValue reports whether v is the value of an && or || expression
// (the phi go/ssa builds for it), possibly negated.
func isLogicalValue(v ssa.Value) bool {
	switch v := v.(type) {
	case *ssa.Phi:
		return v.Comment == "&&" || v.Comment == "||"
	case *ssa.UnOp:
		return v.Op == token.NOT && isLogicalValue(v.X)
	}
	return false
}

// isTrueConst reports whether v is the constant true.
func isTrueConst(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value != nil && c.Value.Kind() == constant.Bool && constant.BoolVal(c.Value)
}

// callStart returns the start of the call expression whose '(' is at lparen
// (go/ssa positions calls and panics at the parenthesis), or lparen itself.
func (l *loader) callStart(lparen token.Pos) token.Pos {
	if l.calls == nil {
		l.calls = map[token.Pos]ast.Expr{}
		for _, f := range l.pkg.Syntax {
			ast.Inspect(f, func(n ast.Node) bool {
				if c, ok := n.(*ast.CallExpr); ok {
					l.calls[c.Lparen] = c
				}
				return true
			})
		}
	}
	if c := l.calls[lparen]; c != nil {
		return c.Pos()
	}
	return lparen
}

// isRangeTest reports whether block b ends with the test of a range loop
// over an array, a slice or a string (go/ssa's rangeIndexed enters the body,
// a block commented "rangeindex.body", only when incr < len) or over an
// integer (rangeInt: "rangeint.body" while the counter is below n).
func isRangeTest(b *ssa.BasicBlock) bool {
	if _, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); !ok || len(b.Succs) != 2 {
		return false
	}
	switch b.Succs[0].Comment {
	case "rangeindex.body", "rangeint.body", "rangechan.body": // chans.go: the ok of a receive
		return true
	}
	return false
}
