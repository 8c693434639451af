// Range over functions: go/ssa's yield functions, their bookkeeping branches and their panics.

package lower

import (
	"go/ast"
	"go/constant"
	"go/token"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// go/ssa builds a range over a function (for x := range seq) as a call of
// seq with a synthetic function literal, the "yield" function, holding
// the loop body, and a hidden variable jump$N (an int: ready, busy, done,
// or which exit the body took) that the yield function and the code after
// the call test. Those tests are no conditions of the source: their
// branches are internal. Their failing sides panic when the iterator
// misbehaves (calls yield after the loop ended, swallows a panic of the
// body); go/ssa's messages are not gc's run-time errors, so such a run
// is aborted with the reason instead of ending in a panic a test would
// expect.

// isRangeFuncYield reports whether fn is the yield function of a range
// over a function.
func isRangeFuncYield(fn *ssa.Function) bool { return fn.Synthetic == "range-over-func yield" }

// isRangeFuncState reports whether the If v tests the hidden jump
// variable of a range over a function.
func isRangeFuncState(v *ssa.If) bool {
	c, ok := v.Cond.(*ssa.BinOp)
	if !ok || c.Op != token.EQL {
		return false
	}
	ld, ok := c.X.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return false
	}
	switch x := ld.X.(type) {
	case *ssa.Alloc:
		return strings.HasPrefix(x.Comment, "jump$")
	case *ssa.FreeVar:
		return strings.HasPrefix(x.Name(), "jump$")
	}
	return false
}

// rangeFuncPanics are go/ssa's panics of a misbehaving iterator.
var rangeFuncPanics = map[string]bool{
	"iterator call did not preserve panic":        true,
	"yield function called after range loop exit": true,
}

// rangeFuncPanic reports whether v is the panic of a misbehaving iterator,
// and the reason the run is aborted with.
func rangeFuncPanic(v *ssa.Panic) (string, bool) {
	mi, ok := v.X.(*ssa.MakeInterface)
	if !ok || v.Pos().IsValid() {
		return "", false
	}
	c, ok := mi.X.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.String || !rangeFuncPanics[constant.StringVal(c.Value)] {
		return "", false
	}
	return "a misbehaving iterator (" + constant.StringVal(c.Value) + "): Go's run-time error is not modelled", true
}

// rangeFuncCallPos is the position of the iterator expression of a range
// over a function, for go/ssa's call of the iterator with its yield
// function (which has none), or NoPos for another call.
func rangeFuncCallPos(c *ssa.CallCommon) token.Pos {
	if len(c.Args) != 1 || c.Pos().IsValid() {
		return token.NoPos
	}
	mc, ok := c.Args[0].(*ssa.MakeClosure)
	if !ok {
		return token.NoPos
	}
	if fn, ok := mc.Fn.(*ssa.Function); ok && isRangeFuncYield(fn) {
		if rs, ok := fn.Syntax().(*ast.RangeStmt); ok {
			return rs.X.Pos()
		}
	}
	return token.NoPos
}
