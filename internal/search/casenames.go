// Case names: what each case exercises, in the words of the source (the condition of its objective), unique in its test.

package search

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
)

// caseNamer names the kept cases of one result after the first objective
// each covered: the source text of the branch condition ("a+b <= c"), its
// negation for the false side ("a != b", "!(a+b <= c)", "!ok"), a
// switch's case ("x == 3", "v is *T", "v is not *T"), the
// operation and the run-time error of a check ("t[layer] panics: index out
// of range"), the call of an explicit panic; "returns" or "panics" for a
// case kept for its own sake. The text comes from the Go file in dir, so
// the name is stable across runs; without it (a CFG model, another
// package's file) the name is the position and outcome. A name longer
// than maxCaseName runes is cut; a name given already gets its
// objective's line (" (line 234)": the same condition elsewhere, often in
// a callee), then " (2)", " (3)" in order.
type caseNamer struct {
	dir   string
	fset  *token.FileSet
	files map[string]*fileSrc
	used  map[string]int
}

// maxCaseName is the longest name in runes: a longer condition is cut,
// with "..." (a table row stays readable).
const maxCaseName = 80

type fileSrc struct {
	ast *ast.File
	src []byte
}

func newCaseNamer(dir string) *caseNamer {
	return &caseNamer{dir: dir, fset: token.NewFileSet(), files: map[string]*fileSrc{}, used: map[string]int{}}
}

// name returns the case's name, unique among those it returned.
func (cn *caseNamer) name(c *Case) string {
	n := cn.base(c)
	if r := []rune(n); len(r) > maxCaseName {
		n = string(r[:maxCaseName-3]) + "..."
	}
	if cn.used[n] > 0 {
		if o := firstNew(c); o != nil && o.Pos().IsValid() {
			n = fmt.Sprintf("%s (line %d)", n, o.Pos().Line)
		}
	}
	cn.used[n]++
	if k := cn.used[n]; k > 1 {
		n = fmt.Sprintf("%s (%d)", n, k)
	}
	return n
}

// firstNew is the first objective the case covered first, the entry
// aside (every first run covers it); nil when none.
func firstNew(c *Case) *Objective {
	for _, x := range c.New {
		if !x.Entry {
			return x
		}
	}
	return nil
}

func (cn *caseNamer) base(c *Case) string {
	o := firstNew(c)
	if o == nil {
		if c.Path.Panicked() {
			return "panics"
		}
		return "returns"
	}
	p := o.Pos()
	if t := cn.text(o); t != "" {
		return t
	}
	return fmt.Sprintf("%s:%d:%d %s", p.File, p.Line, p.Col, o.Outcome)
}

// text is the objective's name from the source, "" when unknown.
func (cn *caseNamer) text(o *Objective) string {
	p := o.Pos()
	f := cn.file(p.File)
	if f == nil {
		return ""
	}
	tf := cn.fset.File(f.ast.Pos())
	if p.Line > tf.LineCount() {
		return ""
	}
	at := tf.LineStart(p.Line) + token.Pos(p.Col-1)
	src := func(n ast.Node) string {
		b := f.src[tf.Offset(n.Pos()):tf.Offset(n.End())]
		return strings.Join(strings.Fields(string(b)), " ")
	}
	var stack []ast.Node
	var found ast.Expr  // the outermost expression starting at the position
	var parent ast.Node // its parent
	var within ast.Expr // the smallest operation containing the position
	ast.Inspect(f.ast, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		if n.Pos() > at || n.End() <= at {
			return false
		}
		if e, ok := n.(ast.Expr); ok {
			if found == nil && e.Pos() == at && !isAndOr(e) {
				found = e
				if len(stack) > 0 {
					parent = stack[len(stack)-1]
				}
			}
			switch e.(type) {
			case *ast.IndexExpr, *ast.SliceExpr, *ast.BinaryExpr, *ast.StarExpr, *ast.CallExpr, *ast.TypeAssertExpr, *ast.UnaryExpr, *ast.SelectorExpr:
				within = e
			}
		}
		stack = append(stack, n)
		return true
	})
	switch {
	case o.If == nil && o.Panic != nil: // an explicit panic: its call
		if within != nil {
			return src(within)
		}
		return ""
	case o.Outcome != "true" && o.Outcome != "false": // a check's failing side
		if within == nil {
			return "panics: " + o.Outcome
		}
		return src(within) + " panics: " + o.Outcome
	case found == nil:
		return ""
	}
	if cc, ok := parent.(*ast.CaseClause); ok { // a case of a switch
		cond := src(found)
		switch sw := switchOf(f.ast, cc).(type) {
		case *ast.SwitchStmt:
			if sw.Tag != nil {
				cond = src(sw.Tag) + " == " + cond
			}
		case *ast.TypeSwitchStmt:
			if x := typeSwitched(sw); x != nil {
				if o.Dir {
					return src(x) + " is " + cond
				}
				return src(x) + " is not " + cond
			}
		}
		if o.Dir {
			return cond
		}
		return "!(" + cond + ")"
	}
	if o.Dir {
		return src(found)
	}
	return negate(found, src)
}

func isAndOr(e ast.Expr) bool {
	b, ok := e.(*ast.BinaryExpr)
	return ok && (b.Op == token.LAND || b.Op == token.LOR)
}

// negate writes the negation of condition e: == and != swapped, a ! removed,
// else !(e) (an ordered comparison is not swapped: !(x < y) is not x >= y
// for NaN).
func negate(e ast.Expr, src func(ast.Node) string) string {
	switch e := e.(type) {
	case *ast.BinaryExpr:
		switch e.Op {
		case token.EQL:
			return src(e.X) + " != " + src(e.Y)
		case token.NEQ:
			return src(e.X) + " == " + src(e.Y)
		}
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			return src(e.X)
		}
	case *ast.Ident, *ast.CallExpr, *ast.SelectorExpr, *ast.IndexExpr, *ast.ParenExpr:
		return "!" + src(e)
	}
	return "!(" + src(e) + ")"
}

// switchOf is the switch or type switch statement holding case clause cc.
func switchOf(f *ast.File, cc *ast.CaseClause) ast.Stmt {
	var sw ast.Stmt
	ast.Inspect(f, func(n ast.Node) bool {
		var body *ast.BlockStmt
		switch s := n.(type) {
		case *ast.SwitchStmt:
			body = s.Body
		case *ast.TypeSwitchStmt:
			body = s.Body
		}
		if body != nil {
			for _, c := range body.List {
				if c == cc {
					sw = n.(ast.Stmt)
				}
			}
		}
		return sw == nil
	})
	return sw
}

// typeSwitched is the operand x of a type switch's x.(type).
func typeSwitched(sw *ast.TypeSwitchStmt) ast.Expr {
	var e ast.Expr
	switch a := sw.Assign.(type) {
	case *ast.ExprStmt:
		e = a.X
	case *ast.AssignStmt:
		if len(a.Rhs) == 1 {
			e = a.Rhs[0]
		}
	}
	if ta, ok := e.(*ast.TypeAssertExpr); ok {
		return ta.X
	}
	return nil
}

// file parses the file named name in the directory, once; nil when it is
// not there (or is another package's file: its name holds a slash).
func (cn *caseNamer) file(name string) *fileSrc {
	if cn.dir == "" || name == "" || strings.ContainsAny(name, `/\`) {
		return nil
	}
	if f, ok := cn.files[name]; ok {
		return f
	}
	cn.files[name] = nil
	path := filepath.Join(cn.dir, name)
	src, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	a, err := parser.ParseFile(cn.fset, path, src, parser.SkipObjectResolution)
	if err != nil {
		return nil
	}
	cn.files[name] = &fileSrc{a, src}
	return cn.files[name]
}
