// Tests of cover on modules with partial tests of their own: the outcomes each test takes (golden), and agreement with go test -coverprofile (profile_test.go).

package cover

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"leapfrog/internal/lower"
	"leapfrog/internal/testutil"
)

// TestModules runs cover on each testdata module: its report is the golden
// "report" section, and it agrees with go test -coverprofile.
func TestModules(t *testing.T) {
	testutil.Goldens(t, "testdata/*.txtar", func(t *testing.T, g *testutil.Golden) {
		dir := t.TempDir()
		for _, f := range g.Archive.Files {
			if f.Name == "report" {
				continue
			}
			p := filepath.Join(dir, f.Name)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, f.Data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		res := runCover(t, dir)
		var buf bytes.Buffer
		rep := &Report{Tool: "leapfrog", Command: "cover", Args: []string{"."}, Packages: []*Package{PackageReport(modulePath(t, dir), ".", res)}}
		rep.Finish()
		rep.WriteText(&buf, false)
		g.Check(t, map[string]string{"report": buf.String()}, "report")
		js, err := rep.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		schema, err := os.ReadFile(filepath.Join(testutil.Root(), "docs", "cover.schema.json"))
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range testutil.CheckJSONSchema(schema, js) {
			t.Errorf("docs/cover.schema.json: %s", v)
		}
		blocks := profile(t, dir)
		for _, p := range checkProfile(t, blocks, dir, res) {
			t.Error(p)
		}
		// The check can fail: a true outcome a test takes dropped, or one no
		// test takes added, is seen where statement coverage sees it (the
		// conditions entering a body).
		seen := entering(t, dir, res)
		mutated := 0
		for i := range res.Funcs {
			for j := range res.Funcs[i].Outcomes {
				o := &res.Funcs[i].Outcomes[j]
				if o.Outcome != "true" || !seen[o.Pos.String()] {
					continue
				}
				mutated++
				keep := o.Tests
				if len(o.Tests) > 0 {
					o.Tests = nil
				} else {
					o.Tests = []string{"TestInvented"}
				}
				if len(checkProfile(t, blocks, dir, res)) == 0 {
					t.Errorf("%s %s with tests %v instead of %v: not seen by the check", o.Pos, o.Outcome, o.Tests, keep)
				}
				o.Tests = keep
			}
		}
		if mutated == 0 {
			t.Error("no outcome mutated: the check was not checked")
		}
		t.Logf("%d true outcomes mutated, each caught", mutated)
	})
}

// TestBenchAgreesWithProfile: on the bench's packages with tests of their
// own (paper, tcas, wbs), cover's outcomes agree with go test -coverprofile,
// as on the testdata modules, and their tests cover at least one outcome.
func TestBenchAgreesWithProfile(t *testing.T) {
	root := t.TempDir()
	if err := os.CopyFS(root, os.DirFS(filepath.Join(testutil.Root(), "testdata", "bench"))); err != nil {
		t.Fatal(err)
	}
	for _, pkg := range []string{"paper", "tcas", "wbs"} {
		t.Run(pkg, func(t *testing.T) {
			dir := filepath.Join(root, pkg)
			res := runCoverIn(t, dir, root)
			for _, p := range checkProfile(t, profile(t, dir), dir, res) {
				t.Error(p)
			}
			covered := 0
			for _, f := range res.Funcs {
				for _, o := range f.Outcomes {
					if len(o.Tests) > 0 {
						covered++
					}
				}
			}
			if covered == 0 {
				t.Error("no outcome covered by the package's tests: nothing was compared")
			}
			t.Logf("%d outcomes covered by the package's tests", covered)
		})
	}
}

// modulePath is the module path of the go.mod in dir.
func modulePath(t *testing.T, dir string) string {
	data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if p, ok := strings.CutPrefix(line, "module "); ok {
			return strings.TrimSpace(p)
		}
	}
	t.Fatalf("%s/go.mod: no module line", dir)
	return ""
}

// runCover lowers every function of the package in dir and runs cover.
func runCover(t *testing.T, dir string) *Result {
	t.Helper()
	return runCoverIn(t, dir, dir)
}

// runCoverIn is runCover for the package in dir of the module at modRoot.
func runCoverIn(t *testing.T, dir, modRoot string) *Result {
	t.Helper()
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, dir, func(fi os.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	var decls []*ast.FuncDecl
	for _, p := range pkgs {
		for _, file := range sortedFiles(p) {
			for _, d := range file.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Body == nil {
					continue
				}
				name := fd.Name.Name
				if fd.Recv != nil {
					rt := fd.Recv.List[0].Type
					if s, ok := rt.(*ast.StarExpr); ok {
						name = "(*" + s.X.(*ast.Ident).Name + ")." + name
					} else {
						name = rt.(*ast.Ident).Name + "." + name
					}
				}
				names = append(names, name)
				decls = append(decls, fd)
			}
		}
	}
	lr, err := lower.Load(dir, names)
	if err != nil {
		t.Fatal(err)
	}
	lowered := map[string]*lower.Target{}
	for _, tg := range lr.Targets {
		lowered[tg.Name] = tg
	}
	var funcs []Func
	var rejected []Rejected
	e := 0
	for i, name := range names {
		pos := fset.Position(decls[i].Name.Pos())
		if tg := lowered[name]; tg != nil {
			funcs = append(funcs, Func{Name: name, File: filepath.Base(pos.Filename), Line: pos.Line, Objectives: Objectives(tg.Func)})
			continue
		}
		rejected = append(rejected, Rejected{Name: name, File: filepath.Base(pos.Filename), Path: pos.Filename, Line: pos.Line, Reason: lr.Errors[e].Error()})
		e++
	}
	res, err := Run(Options{PkgDir: dir, ModRoot: modRoot, Funcs: funcs, Rejected: rejected})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func sortedFiles(p *ast.Package) []*ast.File {
	var names []string
	for n := range p.Files {
		names = append(names, n)
	}
	sort.Strings(names)
	var fs []*ast.File
	for _, n := range names {
		fs = append(fs, p.Files[n])
	}
	return fs
}
