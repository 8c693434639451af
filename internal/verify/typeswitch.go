// typeswitch.go: the cases of type switches as sites (the engine's type tests).

package verify

import (
	"fmt"
	"go/ast"
	"strings"
)

// typeSwitchStmt makes each type of each case of a type switch a site
// (x.(T) with comma-ok, or x == nil for case nil), as go/ssa tests them:
// in order, up to the first that holds. The switch evaluates its operand X
// once into a temporary, hands it to a function literal that records the
// tests the switch is about to make on its value (stopping at the first
// that holds, as the switch does), then switches on the temporary:
//
//	switch init; v := X.(type) { ... }
//	  => switch init; { default: __lfTSN := X; func(__lfV interface{}) { _ = rec(id1, test1) || rec(id2, test2) || ... }(__lfTSN); switch v := __lfTSN.(type) { ... } }
//
// The outer switch keeps the label, so break and labelled break keep their
// meaning (a type switch has no fallthrough). The rewrite uses no generics,
// no any: it compiles under every go line of go.mod.
func (in *instrumenter) typeSwitchStmt(s *ast.TypeSwitchStmt) {
	in.value(s.Init)
	var ta *ast.TypeAssertExpr
	switch a := s.Assign.(type) {
	case *ast.ExprStmt:
		ta, _ = ast.Unparen(a.X).(*ast.TypeAssertExpr)
	case *ast.AssignStmt:
		if len(a.Rhs) == 1 {
			ta, _ = ast.Unparen(a.Rhs[0]).(*ast.TypeAssertExpr)
		}
	}
	if ta == nil {
		in.fail(s, "verify: a type switch without x.(type)")
		return
	}
	in.value(ta.X)
	var tests []string
	for _, c := range s.Body.List {
		cc := c.(*ast.CaseClause)
		for _, e := range cc.List {
			text := in.text(e)
			test := fmt.Sprintf("func() bool { _, ok := __lfV.(%s); return ok }()", text)
			if tv, ok := in.info.Types[e]; ok && tv.IsNil() {
				test = "__lfV == nil"
			}
			id := in.newSite(ast.Unparen(e), KindTypeCase, in.text(ta.X)+".("+text+")")
			tests = append(tests, fmt.Sprintf("%s(%d, %s)", RecFunc, id, test))
		}
		for _, st := range cc.Body {
			in.value(st)
		}
	}
	if len(tests) == 0 {
		return
	}
	in.tagN++
	tmp := fmt.Sprintf("__lfTS%d", in.tagN)
	lhs := ""
	if a, ok := s.Assign.(*ast.AssignStmt); ok {
		lhs = in.text(a.Lhs[0]) + " := "
	}
	rec := fmt.Sprintf("func(__lfV interface{}) { _ = %s }(%s)", strings.Join(tests, " || "), tmp)
	in.addEdit(s.Assign.Pos(), s.Body.End(), "", " }")
	in.replace(s.Assign.Pos(), ta.X.Pos(), "{ default: "+tmp+" := ")
	in.replace(ta.X.End(), s.Assign.End(), "; "+rec+"; switch "+lhs+tmp+".(type)")
}
