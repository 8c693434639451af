// shrink_test.go: a test-case reducer for oracle scenarios: it deletes and simplifies statements, declarations and expressions while a disagreement of a given class persists.

package oracle

import (
	"bytes"
	"flag"
	"fmt"
	"go/ast"
	"go/format"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/txtar"
)

var (
	shrinkIn    = flag.String("shrink", "", "TestShrinkTool: the txtar scenario to reduce")
	shrinkClass = flag.String("shrinkclass", "", "TestShrinkTool: the disagreement class to keep (default: the first one found)")
	shrinkRow   = flag.String("shrinkrow", "", "TestShrinkTool: the row the disagreement must show in (default: any)")
	shrinkOut   = flag.String("shrinkout", "", "TestShrinkTool: where to write the reduced scenario (default: stdout)")
)

// TestShrinkTool reduces the scenario -shrink to a smaller one showing a
// disagreement of class -shrinkclass (see the package comment): e.g.
//
//	go test ./internal/oracle -run TestShrinkTool -timeout 2h -v \
//	    -shrink /tmp/F12.txtar -shrinkclass false-unreachable -shrinkout /tmp/min.txtar
func TestShrinkTool(t *testing.T) {
	if *shrinkIn == "" {
		t.Skip("a tool: give -shrink FILE.txtar")
	}
	ar, err := txtar.ParseFile(*shrinkIn)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	var src string
	for _, f := range ar.Files {
		switch f.Name {
		case "funcs":
			names = strings.Fields(string(f.Data))
		case "p.go":
			src = string(f.Data)
		}
	}
	if src == "" || len(names) == 0 {
		t.Fatal("the scenario needs a funcs section and a p.go")
	}
	opts := randomOptions
	opts.rows = rows
	class, rowName := *shrinkClass, *shrinkRow
	if rowName != "" {
		opts.rows = nil
		for _, r := range rows {
			if r.name == rowName || r.name == "dfs" { // dfs: the reference of strategies-disagree
				opts.rows = append(opts.rows, r)
			}
		}
	}
	tmp := t.TempDir()
	runs := 0
	check := func(src string) []disagreement {
		runs++
		dir, err := os.MkdirTemp(tmp, "try")
		if err != nil {
			t.Fatal(err)
		}
		defer os.RemoveAll(dir)
		o, err := runUnitSource(src, names, dir, opts)
		if err != nil {
			return nil
		}
		return o.found
	}
	first := check(src)
	if len(first) == 0 {
		t.Fatal("the scenario shows no disagreement")
	}
	if class == "" {
		class = first[0].class
	}
	keep := func(src string) bool {
		for _, d := range check(src) {
			if d.class == class && (rowName == "" || d.row == rowName) {
				return true
			}
		}
		return false
	}
	start := time.Now()
	small := shrink(src, names, keep, t.Logf)
	final := check(small)
	sortDisagreements(final)
	var b strings.Builder
	fmt.Fprintf(&b, "Reduced from %s keeping a %s disagreement (%d oracle runs, %v). Disagreements:\n\n", filepath.Base(*shrinkIn), class, runs, time.Since(start).Round(time.Second))
	for _, d := range final {
		b.WriteString(d.String() + "\n")
	}
	fmt.Fprintf(&b, "\n-- go.mod --\n%s-- funcs --\n%s\n-- p.go --\n%s", goMod, strings.Join(names, " "), small)
	if *shrinkOut != "" {
		if err := os.WriteFile(*shrinkOut, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	} else {
		fmt.Print(b.String())
	}
}

// runUnitSource checks the functions names of the package source src, in dir.
func runUnitSource(src string, names []string, dir string, opts oracleOptions) (*oracleRun, error) {
	pkgDir := filepath.Join(dir, "src")
	if err := os.MkdirAll(pkgDir, 0o755); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(pkgDir, "go.mod"), []byte(goMod), 0o644); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(pkgDir, "p.go"), []byte(src), 0o644); err != nil {
		return nil, err
	}
	return runOracle(pkgDir, dir, names, opts)
}

// shrink reduces the package source src while keep holds, never removing
// the functions names. It first adds "_ = x" after every local declaration,
// so that deleting a use never leaves a variable unused, then tries edits
// (see edits) one at a time, coarse ones first, keeping those that
// type-check and keep the property, until none applies.
func shrink(src string, names []string, keep func(string) bool, logf func(string, ...any)) string {
	cur := gofmt(addBlankUses(src))
	if !typeChecks(cur) || !keep(cur) {
		cur = src // the blank uses changed something: start from the original
	}
	for pass := 0; ; pass++ {
		changed := false
		for i := 0; ; {
			next, ok := applyEdit(cur, names, i)
			if !ok {
				break
			}
			next = dropUnusedImports(next)
			if next != cur && len(next) <= len(cur) && typeChecks(next) && keep(next) {
				logf("pass %d: edit %d kept: %d -> %d bytes", pass, i, len(cur), len(next))
				cur, changed = next, true
				continue // the same index now names the next edit
			}
			i++
		}
		if !changed {
			return cur
		}
	}
}

// dropUnusedImports deletes the imports src no longer uses (an edit that
// removes the last call of a package would not type-check otherwise).
func dropUnusedImports(src string) string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		return src
	}
	var unused []string
	for _, im := range f.Imports {
		if path := strings.Trim(im.Path.Value, `"`); !astutil.UsesImport(f, path) {
			unused = append(unused, path)
		}
	}
	changed := false
	for _, path := range unused {
		changed = astutil.DeleteImport(fset, f, path) || changed
	}
	if !changed {
		return src
	}
	return printFile(fset, f)
}

// addBlankUses inserts "_ = x" after each statement declaring locals x.
func addBlankUses(src string) string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		return src
	}
	astutil.Apply(f, func(c *astutil.Cursor) bool {
		var ids []*ast.Ident
		switch s := c.Node().(type) {
		case *ast.AssignStmt:
			if s.Tok == token.DEFINE {
				for _, l := range s.Lhs {
					if id, ok := l.(*ast.Ident); ok && id.Name != "_" {
						ids = append(ids, id)
					}
				}
			}
		case *ast.DeclStmt:
			if g, ok := s.Decl.(*ast.GenDecl); ok && g.Tok == token.VAR {
				for _, sp := range g.Specs {
					for _, id := range sp.(*ast.ValueSpec).Names {
						ids = append(ids, id)
					}
				}
			}
		}
		if len(ids) > 0 && c.Index() >= 0 {
			for i := len(ids) - 1; i >= 0; i-- {
				c.InsertAfter(&ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent("_")}, Tok: token.ASSIGN, Rhs: []ast.Expr{ast.NewIdent(ids[i].Name)}})
			}
		}
		return true
	}, nil)
	return printFile(fset, f)
}

func printFile(fset *token.FileSet, f *ast.File) string {
	var b bytes.Buffer
	if err := format.Node(&b, fset, f); err != nil {
		return ""
	}
	return gofmt(b.String())
}

// gofmt formats src and drops the blank lines deleted statements leave
// (after an opening brace, before a closing one, and repeated ones).
func gofmt(src string) string {
	out, err := format.Source([]byte(src))
	if err != nil {
		return src
	}
	lines := strings.Split(string(out), "\n")
	var keep []string
	for i, l := range lines {
		if strings.TrimSpace(l) == "" && i > 0 && i+1 < len(lines) {
			prev, next := strings.TrimSpace(keep[len(keep)-1]), strings.TrimSpace(lines[i+1])
			if prev == "" || strings.HasSuffix(prev, "{") || strings.HasPrefix(next, "}") || strings.HasPrefix(next, "case ") || strings.HasPrefix(next, "default:") {
				continue
			}
		}
		keep = append(keep, l)
	}
	return strings.Join(keep, "\n")
}

// typeChecks reports whether src is a package without type errors.
func typeChecks(src string) bool {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		return false
	}
	conf := types.Config{Importer: importer.Default(), Error: func(error) {}}
	_, err = conf.Check("p", fset, []*ast.File{f}, nil)
	return err == nil
}

// applyEdit applies the i-th edit of src (in a fixed order: declarations,
// then statements, then expressions) and reports whether there is one.
func applyEdit(src string, names []string, i int) (string, bool) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		return "", false
	}
	protected := map[string]bool{}
	for _, n := range names {
		if strings.HasPrefix(n, "(*") {
			if j := strings.Index(n, ")."); j > 0 {
				protected[n[2:j]] = true
				protected[n[2:j]+"."+n[j+2:]] = true
			}
		} else {
			protected[n] = true
		}
	}
	n := 0
	hit := func() bool { n++; return n-1 == i }

	// 1. Delete a top-level declaration.
	for k, d := range f.Decls {
		if declProtected(d, protected) {
			continue
		}
		if hit() {
			f.Decls = append(f.Decls[:k:k], f.Decls[k+1:]...)
			start := d.Pos()
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Doc != nil {
					start = d.Doc.Pos()
				}
			case *ast.GenDecl:
				if d.Doc != nil {
					start = d.Doc.Pos()
				}
			}
			var keep []*ast.CommentGroup // not the deleted declaration's comments
			for _, cg := range f.Comments {
				if cg.Pos() < start || cg.End() > d.End() {
					keep = append(keep, cg)
				}
			}
			f.Comments = keep
			return printFile(fset, f), true
		}
	}
	// 2. Statements: delete one; replace an if, a loop or a switch by one
	// of its bodies; drop an else.
	done := false
	astutil.Apply(f, func(c *astutil.Cursor) bool {
		if done {
			return false
		}
		s, ok := c.Node().(ast.Stmt)
		if !ok || c.Index() < 0 {
			return true
		}
		if _, isCase := s.(*ast.CaseClause); isCase {
			if hit() {
				c.Delete()
				done = true
			}
			return !done
		}
		if hit() {
			c.Delete()
			done = true
			return false
		}
		switch s := s.(type) {
		case *ast.BlockStmt:
			if hit() { // splice a nested block into its list
				for _, x := range s.List {
					c.InsertBefore(x)
				}
				c.Delete()
				done = true
			}
		case *ast.IfStmt:
			if hit() {
				c.Replace(s.Body)
				done = true
			} else if s.Else != nil && hit() {
				c.Replace(s.Else)
				done = true
			} else if s.Else != nil && hit() {
				s.Else = nil
				done = true
			}
		case *ast.ForStmt:
			if hit() {
				c.Replace(s.Body)
				done = true
			}
		case *ast.RangeStmt:
			if hit() {
				c.Replace(s.Body)
				done = true
			}
		case *ast.SwitchStmt:
			for _, cc := range s.Body.List {
				if hit() {
					c.Replace(&ast.BlockStmt{List: cc.(*ast.CaseClause).Body})
					done = true
					break
				}
			}
		}
		return !done
	}, nil)
	if done {
		return printFile(fset, f), true
	}
	// 3. Expressions: replace a binary expression by an operand, drop
	// parentheses, a conversion or a negation.
	astutil.Apply(f, func(c *astutil.Cursor) bool {
		if done {
			return false
		}
		switch e := c.Node().(type) {
		case *ast.BinaryExpr:
			if hit() {
				c.Replace(e.X)
				done = true
			} else if hit() {
				c.Replace(e.Y)
				done = true
			}
		case *ast.ParenExpr:
			if hit() {
				c.Replace(e.X)
				done = true
			}
		case *ast.UnaryExpr:
			if hit() {
				c.Replace(e.X)
				done = true
			}
		case *ast.CallExpr:
			if len(e.Args) == 1 && hit() { // a conversion, or a call whose argument fits
				c.Replace(e.Args[0])
				done = true
			}
		}
		return !done
	}, nil)
	if done {
		return printFile(fset, f), true
	}
	return "", false
}

// declProtected reports whether d declares a function under test or its
// receiver type.
func declProtected(d ast.Decl, protected map[string]bool) bool {
	switch d := d.(type) {
	case *ast.FuncDecl:
		if d.Recv != nil {
			return protected[recvName(d)+"."+d.Name.Name]
		}
		return protected[d.Name.Name]
	case *ast.GenDecl:
		for _, s := range d.Specs {
			if ts, ok := s.(*ast.TypeSpec); ok && protected[ts.Name.Name] {
				return true
			}
		}
	}
	return false
}

// TestShrinker reduces generated units with a property of the source alone
// (a division by a local holding zero, under the condition that guards it)
// and checks that the result keeps it, type-checks, and is much smaller.
func TestShrinker(t *testing.T) {
	kept := 0
	for i := 0; kept < 3 && i < 200; i++ {
		u := GenerateUnit(UnitSeed(7, i), fmt.Sprintf("F%d", i), nil)
		keep := func(s string) bool {
			return strings.Contains(s, ":= int8(0)") && (strings.Contains(s, "/ k") || strings.Contains(s, "% k"))
		}
		src := Source(u)
		if !keep(src) || len(u.Source) < 1500 {
			continue
		}
		kept++
		small := shrink(src, []string{u.Name}, keep, func(string, ...any) {})
		if !keep(small) || !typeChecks(small) {
			t.Errorf("%s: the reduced source lost the property or does not type-check:\n%s", u.Name, small)
		}
		if len(small) > len(src)/2 {
			t.Errorf("%s: reduced %d -> %d bytes only:\n%s", u.Name, len(src), len(small), small)
		}
		if !strings.Contains(small, "func "+u.Func+"(") && !strings.Contains(small, ") "+u.Func+"(") {
			t.Errorf("%s: the function under test was removed:\n%s", u.Name, small)
		}
	}
	if kept == 0 {
		t.Fatal("no generated unit divides by a local holding zero")
	}
}
