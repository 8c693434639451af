// Value-context && and || operands: the branch go/ssa does not emit for the right operand.

package lower

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/ssa"

	"leapfrog/internal/ir"
)

// operandBranches adds a SourceBranch on the right operand of every && and ||
// evaluated as a value. go/ssa's logicalBinop branches on the left operand
// (condition context) but computes the right operand y as a value flowing
// into a phi (Comment "&&" or "||") along the phi block's last edge. The
// predecessor on that edge ends in a Jump; it becomes If y with two new
// blocks that jump to the phi block, and the phi's last edge becomes two
// edges carrying true and false (other phis of the block keep their value on
// both). No branch is added when y is a constant or itself an &&/|| value
// (possibly negated): its operands branch already. Nor is one added for an
// && or || of a package initializer that its slice (deps_init.go) leaves
// out.
func (fl *fnLowerer) operandBranches() {
	for _, b := range fl.sfn.Blocks {
		if fl.info[b] == nil {
			continue
		}
		for _, instr := range b.Instrs {
			phi, ok := instr.(*ssa.Phi)
			if !ok || (phi.Comment != "&&" && phi.Comment != "||") || fl.l.slicedOut(fl.sfn, phi) {
				continue // a phi a package initializer's slice leaves out has no value, and needs no branch
			}
			last := len(phi.Edges) - 1
			y := phi.Edges[last]
			if _, isConst := y.(*ssa.Const); isConst || fl.nestedLogical(phi, y) || !fl.liveEdge(b.Preds[last], b) {
				continue
			}
			fl.operandBranch(phi, y)
		}
	}
}

func (fl *fnLowerer) operandBranch(sphi *ssa.Phi, y ssa.Value) {
	phi := fl.vals[sphi].(*ir.Phi)
	d := phi.Block()
	k := len(d.Preds) - 1
	sp := sphi.Block().Preds[len(sphi.Block().Preds)-1] // the ssa block computing y
	in := fl.info[sp]
	pred := d.Preds[k]
	yv := phi.Edges[k]

	if _, isJump := pred.Terminator().(*ir.Jump); !isJump {
		// Not expected from go/ssa; split the edge so that a Jump ends it.
		q := fl.newBlock(sphi.Comment + ".rhs")
		q.Append(&ir.Jump{})
		for i, s := range pred.Succs {
			if s == d {
				pred.Succs[i] = q
			}
		}
		q.Preds, q.Succs = []*ir.Block{pred}, []*ir.Block{d}
		d.Preds[k] = q
		in.extra = append(in.extra, q)
		pred = q
	}

	in.extra = append(in.extra, fl.branchOnEdge(pred, yv, fl.operandPos(sp, sphi, y), sphi.Comment, phi)...)
}

// branchOnEdge replaces the Jump ending pred by a SourceBranch If on cond
// whose two sides are new blocks jumping to the old target d. In d, pred's
// predecessor slot becomes two slots; every phi keeps its edge value on both,
// except logical, which gets true and false (nil: none). It returns the new
// blocks.
func (fl *fnLowerer) branchOnEdge(pred *ir.Block, cond ir.Value, pos ir.Pos, comment string, logical *ir.Phi) []*ir.Block {
	d := pred.Succs[0]
	k := 0
	for k < len(d.Preds) && d.Preds[k] != pred {
		k++
	}
	pred.Instrs = pred.Instrs[:len(pred.Instrs)-1]
	pred.Append(&ir.If{Cond: cond, Kind: ir.SourceBranch, Pos: pos})
	t := fl.newBlock(comment + ".true")
	f := fl.newBlock(comment + ".false")
	for _, nb := range []*ir.Block{t, f} {
		nb.Append(&ir.Jump{})
		nb.Preds, nb.Succs = []*ir.Block{pred}, []*ir.Block{d}
	}
	pred.Succs = []*ir.Block{t, f}
	d.Preds = splice(d.Preds, k, t, f)
	for _, instr := range d.Instrs {
		p, ok := instr.(*ir.Phi)
		if !ok {
			continue
		}
		e := p.Edges[k]
		et, ef := e, e
		if p == logical {
			et, ef = &ir.Const{Typ: p.Type(), Val: 1}, &ir.Const{Typ: p.Type(), Val: 0}
		}
		p.Edges = splice(p.Edges, k, et, ef)
	}
	return []*ir.Block{t, f}
}

// splice replaces s[k] by a, b.
func splice[T any](s []T, k int, a, b T) []T {
	out := append([]T{}, s[:k]...)
	out = append(out, a, b)
	return append(out, s[k+1:]...)
}

// nestedLogical reports whether the right operand y of the && or || whose
// value is phi is itself an && or || expression (possibly negated and
// parenthesised) written in place, whose operands branch already. A
// variable holding such a value (c := a || b; return x && c) is an operand
// like any other and gets its branch. The operator is found by its position
// (go/ssa places the phi at the operator); without syntax the value decides.
func (fl *fnLowerer) nestedLogical(phi *ssa.Phi, y ssa.Value) bool {
	if syn := fl.sfn.Syntax(); syn != nil && phi.Pos().IsValid() {
		var found ast.Expr
		ast.Inspect(syn, func(n ast.Node) bool {
			if e, ok := n.(*ast.BinaryExpr); ok && e.OpPos == phi.Pos() && (e.Op == token.LAND || e.Op == token.LOR) {
				found = e.Y
			}
			return found == nil
		})
		if found != nil {
			return isLogicalExpr(found)
		}
	}
	return isLogicalValue(y)
}

// operandPos is the position of the right operand y: the last DebugRef of y in
// the block computing it (else anywhere in the function), else y's own
// position, else the operator's.
func (fl *fnLowerer) operandPos(sp *ssa.BasicBlock, phi *ssa.Phi, y ssa.Value) ir.Pos {
	if e := debugExpr(sp, len(sp.Instrs), y); e != nil {
		return fl.l.irPos(e.Pos())
	}
	for _, b := range fl.sfn.Blocks {
		if e := debugExpr(b, len(b.Instrs), y); e != nil {
			return fl.l.irPos(e.Pos())
		}
	}
	p := y.Pos()
	if _, isCall := y.(*ssa.Call); isCall {
		p = fl.l.callStart(p)
	}
	if !p.IsValid() || p == token.NoPos {
		p = phi.Pos()
	}
	return fl.l.irPos(p)
}
