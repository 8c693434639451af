// Conditions whose If go/ssa dropped (an if or a last case with an empty body), restored as branches.

package lower

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/ssa"

	"leapfrog/internal/ir"
)

// restoreDropped is called after the DebugRef at b.Instrs[i]. go/ssa's jump
// threading drops an If whose two targets lead (through blocks holding only a
// Jump) to one block, as for "if c {}": the If becomes a Jump, which block
// fusion may remove too, and the condition is lost even in GlobalDebug mode.
// What is left is the condition's value and its DebugRef. In condition
// context go/ssa emits the If right after the DebugRef of the operand; so
// when the DebugRef of a condition operand is not followed by an If on its
// value, the If was dropped and is restored here: an If on the value whose
// two sides jump to a new block where lowering continues.
func (fl *fnLowerer) restoreDropped(b *ssa.BasicBlock, i int) error {
	d := b.Instrs[i].(*ssa.DebugRef)
	if d.IsAddr || !fl.condOperands[d.Expr] || i+1 >= len(b.Instrs) {
		return nil
	}
	if next, ok := b.Instrs[i+1].(*ssa.If); ok && next.Cond == d.X {
		return nil
	}
	return fl.restoreIf(d.X, d.Expr.Pos())
}

// restoreDroppedCase is called after the BinOp at b.Instrs[i]. The case
// expressions of a tagged switch have no DebugRef: go/ssa compares the tag
// with each (emitCompare, at the expression's position) and emits the If
// on the comparison right after it. The If of the last case, when its body
// is empty and the switch has no default, has both targets at the switch's
// end and is dropped as restoreDropped explains; a comparison at a case
// expression's position not followed by its If is restored here.
func (fl *fnLowerer) restoreDroppedCase(b *ssa.BasicBlock, i int) error {
	c := b.Instrs[i].(*ssa.BinOp)
	if c.Op != token.EQL || !fl.caseValues[c.Pos()] {
		return nil
	}
	if i+1 < len(b.Instrs) {
		if next, ok := b.Instrs[i+1].(*ssa.If); ok && next.Cond == c {
			return nil
		}
	}
	return fl.restoreIf(c, c.Pos())
}

// restoreIf ends the current block with an If on the boolean x (at pos)
// whose two sides jump to a new block where lowering continues.
func (fl *fnLowerer) restoreIf(x ssa.Value, pos token.Pos) error {
	cond, err := fl.value(x, pos)
	if err != nil {
		return err
	}
	if cond.Type().Kind != ir.KBool {
		return nil
	}
	t := fl.newBlock("cond.true")
	f := fl.newBlock("cond.false")
	cont := fl.newBlock("cond.done")
	fl.emit(&ir.If{Cond: cond, Kind: ir.SourceBranch, Pos: fl.l.irPos(pos)}, nil)
	fl.cur.Succs = []*ir.Block{t, f}
	for _, nb := range []*ir.Block{t, f} {
		nb.Append(&ir.Jump{})
		nb.Preds, nb.Succs = []*ir.Block{fl.cur}, []*ir.Block{cont}
	}
	cont.Preds = []*ir.Block{t, f}
	fl.curInfo.chain = append(fl.curInfo.chain, cont)
	fl.curInfo.extra = append(fl.curInfo.extra, t, f)
	fl.cur = cont
	return nil
}

// conditionOperands returns the operands (unparenthesised) of the if, for and
// tagless switch case conditions in the body of fn, and the positions of the
// case expressions of its tagged switches, not descending into function
// literals.
func conditionOperands(syntax ast.Node) (map[ast.Expr]bool, map[token.Pos]bool) {
	fd, ok := syntax.(*ast.FuncDecl)
	if !ok || fd.Body == nil {
		return nil, nil
	}
	leaves := map[ast.Expr]bool{}
	cases := map[token.Pos]bool{}
	var split func(e ast.Expr)
	split = func(e ast.Expr) {
		e = ast.Unparen(e)
		switch x := e.(type) {
		case *ast.UnaryExpr:
			if x.Op == token.NOT {
				split(x.X)
				return
			}
		case *ast.BinaryExpr:
			if x.Op == token.LAND || x.Op == token.LOR {
				split(x.X)
				split(x.Y)
				return
			}
		}
		leaves[e] = true
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			split(s.Cond)
		case *ast.ForStmt:
			if s.Cond != nil {
				split(s.Cond)
			}
		case *ast.SwitchStmt:
			for _, c := range s.Body.List {
				for _, e := range c.(*ast.CaseClause).List {
					if s.Tag == nil {
						split(e)
					} else {
						cases[e.Pos()] = true
					}
				}
			}
		}
		return true
	})
	return leaves, cases
}
