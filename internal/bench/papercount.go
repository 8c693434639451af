// Counting a function's branches as the papers do: leapfrog's outcomes, comparisons used as values, table lookups.

package bench

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"

	"leapfrog/internal/analysis"
	"leapfrog/internal/ir"
	"leapfrog/internal/report"
)

// PaperCount is a function's objectives counted as the papers count
// branches (the bytecode rule, README "The papers' tables"): every outcome
// of a condition or &&/|| operand (leapfrog's two-sided objectives), two
// branches per comparison whose result is a value rather than a condition
// (bytecode needs a branch to make the boolean), and, for each lookup in a
// constant-length table by a variable index, the if-chain that selects the
// element (n−1 conditions for n elements, as the Java TCAS writes ALIM).
// leapfrog's other objectives, the entry and the run-time checks' panics,
// are no branches of the papers.
type PaperCount struct {
	Objectives  int   // leapfrog's own count
	Outcomes    int   // leapfrog's objectives that are a condition's outcome
	Unreachable int   // of those, unreachable
	Dropped     int   // leapfrog's objectives the papers do not count (entry, run-time checks)
	ValueCmps   int   // comparisons used as values
	Tables      []int // lengths of the tables looked up by a variable index
	LOC         int   // lines of the functions counted
	Funcs       int   // functions counted (the target and its callees in its package)
	Loops       int   // for statements
}

// Branches is the papers' count.
func (c PaperCount) Branches() int {
	n := c.Outcomes + 2*c.ValueCmps
	for _, l := range c.Tables {
		n += 2 * (l - 1)
	}
	return n
}

// Mapping says how leapfrog's count becomes the papers':
// "66 − 2 + 2×5 + 2×3 = 80".
func (c PaperCount) Mapping() string {
	s := fmt.Sprintf("%d objectives − %d (entry, run-time checks) + 2×%d (comparisons used as values)", c.Objectives, c.Dropped, c.ValueCmps)
	for _, l := range c.Tables {
		s += fmt.Sprintf(" + 2×%d (table of %d)", l-1, l)
	}
	return s + fmt.Sprintf(" = %d branches", c.Branches())
}

// CountAsPapers counts the target's branches by the papers' rule, from its
// report (the outcomes and their verdicts), its IR (table lookups) and its
// source (comparisons used as values, lines, loops).
func CountAsPapers(t analysis.Target, r *report.Function) (PaperCount, error) {
	var c PaperCount
	for _, b := range r.Branches {
		c.Objectives++
		if b.Outcome != "true" && b.Outcome != "false" {
			c.Dropped++
			continue
		}
		c.Outcomes++
		if b.Verdict == report.Unreachable {
			c.Unreachable++
		}
	}
	fns := countedFuncs(t)
	for _, f := range fns {
		for _, b := range f.Blocks {
			if x, ok := b.Instrs[len(b.Instrs)-1].(*ir.If); ok && x.Kind == ir.IndexCheck {
				if lt, ok := x.Cond.(*ir.BinOp); ok && lt.Op == ir.Lt {
					if n, ok := lt.Y.(*ir.Const); ok && n.Val > 1 {
						c.Tables = append(c.Tables, int(n.Val))
					}
				}
			}
		}
	}
	if err := countSource(t, fns, &c); err != nil {
		return c, err
	}
	return c, nil
}

// countedFuncs are the functions whose branches are the target's objectives:
// those of its package, the precondition and the package initializer apart.
func countedFuncs(t analysis.Target) []*ir.Function {
	var fns []*ir.Function
	for _, f := range t.Prog.Funcs {
		if f.Pkg != "" || f.External || f == t.Assume || f == t.Prog.Init || !f.Pos.IsValid() {
			continue
		}
		fns = append(fns, f)
	}
	return fns
}

// countSource counts, in the source of the functions, the comparisons used
// as values, the lines and the loops.
func countSource(t analysis.Target, fns []*ir.Function, c *PaperCount) error {
	fset := token.NewFileSet()
	files := map[string]*ast.File{}
	at := map[ir.Pos]bool{}
	for _, f := range fns {
		at[f.Pos] = true
		if _, ok := files[f.Pos.File]; ok {
			continue
		}
		af, err := parser.ParseFile(fset, filepath.Join(filepath.Dir(t.File), f.Pos.File), nil, 0)
		if err != nil {
			return fmt.Errorf("counting as the papers: %v", err)
		}
		files[f.Pos.File] = af
	}
	for name, af := range files {
		ast.Inspect(af, func(n ast.Node) bool {
			var body *ast.BlockStmt
			var pos token.Pos
			switch n := n.(type) {
			case *ast.FuncDecl:
				body, pos = n.Body, n.Name.Pos()
			case *ast.FuncLit:
				body, pos = n.Body, n.Pos()
			default:
				return true
			}
			p := fset.Position(pos)
			if body == nil || !at[ir.Pos{File: name, Line: p.Line, Col: p.Column}] {
				return true
			}
			c.Funcs++
			c.LOC += fset.Position(body.End()).Line - fset.Position(n.Pos()).Line + 1
			countBody(body, c)
			return true
		})
	}
	return nil
}

// countBody counts the comparisons of a function body that are not
// conditions, and its loops; function literals are counted on their own.
func countBody(body *ast.BlockStmt, c *PaperCount) {
	conds := map[ast.Expr]bool{}
	var markCond func(e ast.Expr)
	markCond = func(e ast.Expr) {
		switch x := ast.Unparen(e).(type) {
		case *ast.BinaryExpr:
			if x.Op == token.LAND || x.Op == token.LOR {
				markCond(x.X)
				markCond(x.Y)
				return
			}
			conds[x] = true
		case *ast.UnaryExpr:
			if x.Op == token.NOT {
				markCond(x.X)
			}
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			markCond(n.Cond)
		case *ast.ForStmt:
			c.Loops++
			if n.Cond != nil {
				markCond(n.Cond)
			}
		case *ast.RangeStmt:
			c.Loops++
		case *ast.CaseClause:
			for _, e := range n.List {
				markCond(e)
			}
		case *ast.BinaryExpr:
			if n.Op == token.LAND || n.Op == token.LOR {
				markCond(n.X)
				markCond(n.Y)
			}
		}
		return true
	})
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BinaryExpr:
			switch n.Op {
			case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
				if !conds[n] {
					c.ValueCmps++
				}
			}
		}
		return true
	})
}
