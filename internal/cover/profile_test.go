// The check of cover's result against go test -coverprofile: each outcome anchored to the statement block that evaluates it.

package cover

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/ast/astutil"
)

// block is one block of a cover profile.
type block struct {
	start, end place
	executed   bool
}

type place struct{ line, col int }

func (p place) before(q place) bool { return p.line < q.line || p.line == q.line && p.col < q.col }

func (b *block) holds(p place) bool { return !p.before(b.start) && p.before(b.end) }

func (b *block) String() string {
	return fmt.Sprintf("%d.%d,%d.%d", b.start.line, b.start.col, b.end.line, b.end.col)
}

// profile runs the package's tests with -coverprofile and returns the
// blocks of partial.go's... of every file, by base name.
func profile(t *testing.T, dir string) map[string][]*block {
	t.Helper()
	out := filepath.Join(t.TempDir(), "c.out")
	cmd := exec.Command("go", "test", "-count=1", "-coverprofile="+out, ".")
	cmd.Dir = dir
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go test -coverprofile: %v\n%s", err, b)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	blocks := map[string][]*block{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n")[1:] {
		// example.com/partial/partial.go:6.32,7.32 1 1
		f := strings.Fields(line)
		file, rng, _ := strings.Cut(f[0], ":")
		a, b, _ := strings.Cut(rng, ",")
		blk := &block{start: parsePlace(t, a), end: parsePlace(t, b), executed: f[2] != "0"}
		blocks[filepath.Base(file)] = append(blocks[filepath.Base(file)], blk)
	}
	return blocks
}

func parsePlace(t *testing.T, s string) place {
	l, c, _ := strings.Cut(s, ".")
	line, err1 := strconv.Atoi(l)
	col, err2 := strconv.Atoi(c)
	if err1 != nil || err2 != nil {
		t.Fatalf("bad profile position %q", s)
	}
	return place{line, col}
}

// checkProfile checks cover's result against go test -coverprofile, the
// statement coverage of the same tests. Each objective is anchored to the
// profile block that evaluates it: the block holding its position, else
// (a case value, between blocks) the block holding the start of its
// innermost enclosing statement; a function's entry to the block its body
// opens. Then:
//
//   - an outcome a test takes lies in an executed block;
//   - an executed block anchoring objectives other than panics has one a
//     test takes;
//   - the body of an if whose condition is one operand or a chain of one
//     operator (a && b && c, a || b) runs iff its entering outcome is
//     covered (the last operand true for &&, any true for ||), its else
//     block iff the leaving one is; in such a chain an operand is taken
//     only after the one before it took the side that does not decide;
//     the body of a for whose condition is one operand runs iff it was
//     true; a case clause's body (without fallthrough into it) runs iff
//     one of its values' true outcome is covered;
//   - any other executed block lies in an executed one's statement.
func checkProfile(t *testing.T, blocks map[string][]*block, dir string, res *Result) []string {
	t.Helper()
	var problems []string
	errorf := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	fset := token.NewFileSet()
	files := map[string]*ast.File{}
	for _, fr := range res.Funcs {
		name := fr.File
		if files[name] == nil {
			f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			files[name] = f
		}
	}
	at := func(p token.Pos) place { q := fset.Position(p); return place{q.Line, q.Column} }
	find := func(file string, p place) *block {
		for _, b := range blocks[file] {
			if b.holds(p) {
				return b
			}
		}
		return nil
	}
	taken := map[string]bool{} // "file:line:col outcome"
	known := map[string]bool{} // "file:line:col" of every outcome listed
	anchored := map[*block][]Outcome{}
	for _, fr := range res.Funcs {
		f := files[fr.File]
		for _, o := range fr.Outcomes {
			if o.Unchecked != "" {
				errorf("%s %s: unchecked: %s", o.Pos, o.Outcome, o.Unchecked)
				continue
			}
			p := place{o.Pos.Line, o.Pos.Col}
			known[fmt.Sprintf("%s:%d:%d", fr.File, p.line, p.col)] = true
			var b *block
			if o.Outcome == "entry" {
				for _, d := range f.Decls {
					if d, ok := d.(*ast.FuncDecl); ok && d.Body != nil && at(d.Name.Pos()) == p {
						b = find(fr.File, at(d.Body.Lbrace))
					}
				}
			} else if b = find(fr.File, p); b == nil {
				tf := fset.File(f.Pos())
				path, _ := astutil.PathEnclosingInterval(f, tf.LineStart(p.line)+token.Pos(p.col-1), tf.LineStart(p.line)+token.Pos(p.col))
				for _, n := range path {
					if s, ok := n.(ast.Stmt); ok {
						if b = find(fr.File, at(s.Pos())); b != nil {
							break
						}
					}
				}
			}
			if b == nil {
				errorf("%s %s: no profile block evaluates it", o.Pos, o.Outcome)
				continue
			}
			if !isPanic(o.Outcome) {
				// A check's panic is its failing side only: the block of a
				// check that never fails runs without a panic outcome taken.
				anchored[b] = append(anchored[b], o)
			}
			if len(o.Tests) > 0 {
				taken[fmt.Sprintf("%s:%d:%d %s", fr.File, p.line, p.col, o.Outcome)] = true
				if !b.executed {
					errorf("%s %s: taken by %v, but its block %s never ran", o.Pos, o.Outcome, o.Tests, b)
				}
			}
		}
	}
	for b, os := range anchored {
		any := false
		for _, o := range os {
			any = any || len(o.Tests) > 0
		}
		if b.executed && !any {
			errorf("block %s ran, but no test took any of its outcomes %v", b, os)
		}
	}
	explained := map[*block]bool{}
	for b := range anchored {
		explained[b] = true
	}
	for name, f := range files {
		isTaken := func(e ast.Expr, outcome bool) bool {
			p := at(e.Pos())
			return taken[fmt.Sprintf("%s:%d:%d %v", name, p.line, p.col, outcome)]
		}
		// isListed reports whether every expression is a listed site (not
		// one of a package-level initializer's literal, no objective of any
		// function, nor a constant).
		isListed := func(es ...ast.Expr) bool {
			for _, e := range es {
				p := at(ast.Unparen(e).Pos())
				if !known[fmt.Sprintf("%s:%d:%d", name, p.line, p.col)] {
					return false
				}
			}
			return true
		}
		body := func(open token.Pos, want bool, what string) {
			b := find(name, at(open))
			if b == nil || b.start != at(open) {
				b = find(name, at(open+1)) // a case's body starts after its colon
			}
			if b == nil || b.start != at(open) && b.start != at(open+1) {
				return // an empty body has no block of its own
			}
			explained[b] = true
			if b.executed != want {
				errorf("%s: block %s ran: %v, but the outcomes entering it taken: %v", what, b, b.executed, want)
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.IfStmt:
				ops, op := operands(n.Cond)
				if ops == nil {
					return true
				}
				for _, o := range ops {
					if !isListed(o.e) {
						return true
					}
				}
				enter, leave := false, false
				for i, o := range ops {
					switch op {
					case token.LAND:
						if i == len(ops)-1 {
							enter = enter || isTaken(o.e, !o.neg)
						}
						leave = leave || isTaken(o.e, o.neg)
					default: // one operand, or ||
						enter = enter || isTaken(o.e, !o.neg)
						if i == len(ops)-1 {
							leave = leave || isTaken(o.e, o.neg)
						}
					}
				}
				// An operand is evaluated only when the one before it took
				// the side that does not decide the chain.
				for i := 1; i < len(ops); i++ {
					prev := ops[i-1]
					goOn := !prev.neg // && goes on when true
					if op == token.LOR {
						goOn = prev.neg
					}
					if (isTaken(ops[i].e, true) || isTaken(ops[i].e, false)) && !isTaken(prev.e, goOn) {
						errorf("%s: evaluated, but not the outcome %v of the operand before it", fset.Position(ops[i].e.Pos()), goOn)
					}
				}
				body(n.Body.Lbrace, enter, "if body at "+fset.Position(n.Pos()).String())
				if e, ok := n.Else.(*ast.BlockStmt); ok {
					body(e.Lbrace, leave, "else at "+fset.Position(e.Pos()).String())
				}
			case *ast.ForStmt:
				if n.Cond == nil {
					return true
				}
				ops, _ := operands(n.Cond)
				if len(ops) != 1 || !isListed(ops[0].e) {
					return true
				}
				body(n.Body.Lbrace, isTaken(ops[0].e, !ops[0].neg), "for body at "+fset.Position(n.Pos()).String())
			case *ast.SwitchStmt:
				for _, c := range n.Body.List {
					if !isListed(c.(*ast.CaseClause).List...) {
						return true
					}
				}
				caseBodies(n.Body, func(cc *ast.CaseClause) bool {
					for _, e := range cc.List {
						if n.Tag == nil {
							if ops, _ := operands(e); len(ops) != 1 {
								return true // cannot tell: no check
							}
						}
						if isTaken(e, true) {
							return true
						}
					}
					return false
				}, body, fset)
			case *ast.TypeSwitchStmt:
				for _, c := range n.Body.List {
					if !isListed(c.(*ast.CaseClause).List...) {
						return true
					}
				}
				caseBodies(n.Body, func(cc *ast.CaseClause) bool {
					for _, e := range cc.List {
						if isTaken(e, true) {
							return true
						}
					}
					return false
				}, body, fset)
			}
			return true
		})
	}
	// Any other block that ran lies in a statement of a block that ran.
	for file, bs := range blocks {
		for _, b := range bs {
			if explained[b] || !b.executed {
				continue
			}
			f := files[file]
			tf := fset.File(f.Pos())
			p := tf.LineStart(b.start.line) + token.Pos(b.start.col-1)
			path, _ := astutil.PathEnclosingInterval(f, p, p+1)
			inFunc := false
			for _, n := range path {
				_, isFunc := n.(*ast.FuncDecl)
				inFunc = inFunc || isFunc
			}
			if !inFunc {
				continue // a package-level initializer's literal: no function's objectives
			}
			ok := false
			for _, n := range path[1:] {
				if s, isStmt := n.(ast.Stmt); isStmt {
					if outer := find(file, at(s.Pos())); outer != nil && outer != b {
						ok = outer.executed
						break
					}
				}
			}
			if !ok {
				errorf("block %s ran, but not the block of its statement", b)
			}
		}
	}
	return problems
}

// caseBodies checks each case clause's body against entered (the default
// clause and a clause fallen into are not checked).
func caseBodies(body *ast.BlockStmt, entered func(*ast.CaseClause) bool, check func(token.Pos, bool, string), fset *token.FileSet) {
	fell := false
	for _, s := range body.List {
		cc := s.(*ast.CaseClause)
		if cc.List != nil && !fell {
			check(cc.Colon, entered(cc), "case at "+fset.Position(cc.Pos()).String())
		}
		fell = false
		if n := len(cc.Body); n > 0 {
			if br, ok := cc.Body[n-1].(*ast.BranchStmt); ok && br.Tok == token.FALLTHROUGH {
				fell = true
			}
		}
	}
}

// operand is one operand of a condition: the site (parentheses and
// negations stripped) and whether it is negated.
type operand struct {
	e   ast.Expr
	neg bool
}

// operands splits a condition that is one operand or a chain of one
// operator (&& or ||) into its operands; nil for a mixed chain.
func operands(e ast.Expr) ([]operand, token.Token) {
	var ops []operand
	var op token.Token
	var walk func(e ast.Expr) bool
	walk = func(e ast.Expr) bool {
		e = ast.Unparen(e)
		if b, ok := e.(*ast.BinaryExpr); ok && (b.Op == token.LAND || b.Op == token.LOR) {
			if op != token.ILLEGAL && op != b.Op {
				return false
			}
			op = b.Op
			return walk(b.X) && walk(b.Y)
		}
		neg := false
		for {
			u, ok := e.(*ast.UnaryExpr)
			if !ok || u.Op != token.NOT {
				break
			}
			neg, e = !neg, ast.Unparen(u.X)
		}
		if b, ok := e.(*ast.BinaryExpr); ok && (b.Op == token.LAND || b.Op == token.LOR) {
			return false // a negated chain: not handled
		}
		ops = append(ops, operand{e, neg})
		return true
	}
	if !walk(e) {
		return nil, op
	}
	return ops, op
}

// entering lists the positions of the conditions whose true outcome
// statement coverage sees: the operand of an if or for condition of one
// operand (not negated), each operand of an if condition's && chain, the
// value of a case clause with one value that no clause falls into.
func entering(t *testing.T, dir string, res *Result) map[string]bool {
	seen := map[string]bool{}
	fset := token.NewFileSet()
	files := map[string]bool{}
	for _, fr := range res.Funcs {
		if files[fr.File] {
			continue
		}
		files[fr.File] = true
		f, err := parser.ParseFile(fset, filepath.Join(dir, fr.File), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		add := func(e ast.Expr) {
			p := fset.Position(ast.Unparen(e).Pos())
			seen[fmt.Sprintf("%s:%d:%d", fr.File, p.Line, p.Column)] = true
		}
		cond := func(e ast.Expr, chains bool) {
			ops, op := operands(e)
			if len(ops) == 1 && !ops[0].neg || chains && op == token.LAND {
				for _, o := range ops {
					if !o.neg {
						add(o.e)
					}
				}
			}
		}
		cases := func(body *ast.BlockStmt) {
			fell := false
			for _, s := range body.List {
				cc := s.(*ast.CaseClause)
				// An empty case body is no block of the profile:
				// statement coverage cannot see it entered.
				if len(cc.List) == 1 && !fell && len(cc.Body) > 0 {
					add(cc.List[0])
				}
				fell = false
				if n := len(cc.Body); n > 0 {
					if br, ok := cc.Body[n-1].(*ast.BranchStmt); ok && br.Tok == token.FALLTHROUGH {
						fell = true
					}
				}
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.IfStmt:
				cond(n.Cond, true)
			case *ast.ForStmt:
				if n.Cond != nil {
					cond(n.Cond, false)
				}
			case *ast.SwitchStmt:
				cases(n.Body)
			case *ast.TypeSwitchStmt:
				cases(n.Body)
			}
			return true
		})
	}
	return seen
}

// isPanic reports whether an outcome is a panic objective's.
func isPanic(outcome string) bool {
	return outcome != "true" && outcome != "false" && outcome != "entry"
}
