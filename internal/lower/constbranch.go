// Branches on constants in other packages' functions: the side the constant rules out is dead code, not lowered.

package lower

import (
	"go/constant"

	"golang.org/x/tools/go/ssa"
)

// deadSuccs returns, for each block of fn ending in an If on a constant
// (go/ssa keeps "if debug { ... }" with const debug = false), the
// successor the constant rules out, when fn belongs to another package
// than the one under test. That side never runs: it is not lowered, and
// what it holds (a debugging print, a call with no Go body) cannot reject
// its caller. The package's own functions keep both sides: their branches
// are objectives, and a constant's dead side gets its proof there.
func (l *loader) deadSuccs(fn *ssa.Function) map[*ssa.BasicBlock]*ssa.BasicBlock {
	if pkgOf(fn) == l.spkg || pkgOf(fn) == nil {
		return nil
	}
	var dead map[*ssa.BasicBlock]*ssa.BasicBlock
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 || len(b.Succs) != 2 || b.Succs[0] == b.Succs[1] {
			continue
		}
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		c, ok := ifi.Cond.(*ssa.Const)
		if !ok || c.Value == nil || c.Value.Kind() != constant.Bool {
			continue
		}
		if dead == nil {
			dead = map[*ssa.BasicBlock]*ssa.BasicBlock{}
		}
		if constant.BoolVal(c.Value) {
			dead[b] = b.Succs[1]
		} else {
			dead[b] = b.Succs[0]
		}
	}
	return dead
}

// liveEdge reports whether control may flow from p to its successor b:
// p is reachable and the edge is not a constant branch's dead side.
func (fl *fnLowerer) liveEdge(p, b *ssa.BasicBlock) bool {
	return fl.reach[p] && fl.dead[p] != b
}
