// Condition extents: the source text a branch outcome's position starts, found with go/parser.

package htmlreport

import (
	"go/ast"
	"go/parser"
	"go/token"
)

// extents maps "line:col" positions of a Go file to the byte length of the
// largest expression starting there that is not a && or || (whose operands
// are branches of their own), within its line. A file that does not parse
// (a CFG model) has none.
type extents struct {
	length map[[2]int]int
}

func parseExtents(src []byte) extents {
	e := extents{length: map[[2]int]int{}}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x.go", src, parser.SkipObjectResolution)
	if err != nil {
		return e
	}
	ast.Inspect(f, func(n ast.Node) bool {
		x, ok := n.(ast.Expr)
		if !ok || isLogical(x) {
			return true
		}
		start, end := fset.Position(x.Pos()), fset.Position(x.End())
		if end.Line != start.Line {
			return true
		}
		k := [2]int{start.Line, start.Column}
		if l := end.Column - start.Column; l > e.length[k] {
			e.length[k] = l
		}
		return true
	})
	return e
}

// isLogical reports whether x is a && or || expression, possibly parenthesised.
func isLogical(x ast.Expr) bool {
	for {
		p, ok := x.(*ast.ParenExpr)
		if !ok {
			break
		}
		x = p.X
	}
	b, ok := x.(*ast.BinaryExpr)
	return ok && (b.Op == token.LAND || b.Op == token.LOR)
}

// at returns the extent starting at line:col (0: none).
func (e extents) at(line, col int) int { return e.length[[2]int{line, col}] }
