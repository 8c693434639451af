// A fake leapfrog (the test binary itself, under CORPUS_FAKE_LEAPFROG=1) for the fast tests of the corpus tool.
package corpus

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

func TestMain(m *testing.M) {
	if os.Getenv("CORPUS_FAKE_LEAPFROG") == "1" {
		os.Exit(fakeLeapfrog(os.Args[1:]))
	}
	os.Exit(m.Run())
}

// fakeLeapfrog does what the corpus asks of leapfrog, crudely: version; gen
// writes a report (every function analysed but Count*, rejected; an entry
// objective covered, each if's true side covered and false side unknown,
// and the callee's objectives again in a caller) and a test calling the
// functions whose parameters are all ints or strings; gen -verify confirms
// every function but Clamp. In a module whose path has MixedCase it panics;
// under CORPUS_FAKE_HANG=1, gen hangs.
func fakeLeapfrog(args []string) int {
	if len(args) > 0 && args[0] == "version" {
		fmt.Println("leapfrog fake")
		return 0
	}
	if len(args) == 0 || args[0] != "gen" {
		fmt.Fprintln(os.Stderr, "fake leapfrog: want gen or version")
		return 2
	}
	var jsonPath string
	var verify bool
	var rest []string
	for i := 1; i < len(args); i++ {
		switch args[i] {
		case "-json", "-timeout", "-p":
			if args[i] == "-json" {
				jsonPath = args[i+1]
			}
			i++
		case "-q", "-complete=false":
		case "-verify":
			verify = true
		default:
			rest = append(rest, args[i])
		}
	}
	gomod, _ := os.ReadFile("go.mod")
	modPath := strings.Fields(strings.SplitN(string(gomod), "\n", 2)[0])[1]
	if os.Getenv("CORPUS_FAKE_KILL") == "1" && !verify {
		p, _ := os.FindProcess(os.Getpid())
		p.Kill()
	}
	if os.Getenv("CORPUS_FAKE_HANG") == "1" && !verify {
		time.Sleep(time.Hour)
	}
	if strings.Contains(modPath, "MixedCase") {
		fmt.Fprintln(os.Stderr, "panic: fake crash\n\ngoroutine 1 [running]:\nmain.main()")
		return 2
	}
	if verify {
		failed := 0
		for _, name := range rest[1:] {
			if name == "Clamp" {
				fmt.Fprintf(os.Stderr, "leapfrog gen: verify %s failed: FALSE UNREACHABLE fake.go:1:1 true\n", name)
				failed++
				continue
			}
			fmt.Printf("verify %s: go test passed, 50.0%% of the package's statements covered; 1 claims (0 panics): 1 covered confirmed, 0 unreachable never observed, 0 unknown\n", name)
		}
		if failed > 0 {
			return 1
		}
		return 0
	}
	rep, err := fakeGen(modPath, rest)
	if err != nil {
		fmt.Fprintln(os.Stderr, "leapfrog gen:", err)
		return 1
	}
	data, _ := json.Marshal(rep)
	if err := os.WriteFile(jsonPath, data, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "leapfrog gen:", err)
		return 1
	}
	return 0
}

// fakeGen builds the fake report of the packages and writes their tests.
func fakeGen(modPath string, patterns []string) (map[string]any, error) {
	var dirs []string
	for _, p := range patterns {
		if p == "." {
			dirs = append(dirs, ".")
			continue
		}
		filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
			if d.IsDir() && (d.Name() == "internal" || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			if d.IsDir() {
				dirs = append(dirs, path)
			}
			return nil
		})
	}
	var pkgs, funcs, rejected []map[string]any
	analysed := 0
	for _, dir := range dirs {
		fset := token.NewFileSet()
		parsed, err := parser.ParseDir(fset, dir, func(fi os.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
		if err != nil {
			return nil, err
		}
		for _, pkg := range parsed {
			path := modPath
			if dir != "." {
				path += "/" + filepath.ToSlash(dir)
			}
			pkgs = append(pkgs, map[string]any{"path": path, "dir": dir})
			decls := map[string]*ast.FuncDecl{}
			var names, files []string
			for fname, f := range pkg.Files {
				files = append(files, fname)
				for _, d := range f.Decls {
					if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
						decls[fd.Name.Name] = fd
						names = append(names, fd.Name.Name)
					}
				}
			}
			sort.Strings(names)
			sort.Strings(files)
			branches := func(fd *ast.FuncDecl) []map[string]any {
				pos := func(p token.Pos) string {
					ps := fset.Position(p)
					return fmt.Sprintf("%s:%d:%d", filepath.Base(ps.Filename), ps.Line, ps.Column)
				}
				bs := []map[string]any{{"func": fd.Name.Name, "pos": pos(fd.Pos()), "outcome": "entry", "verdict": "covered"}}
				ast.Inspect(fd.Body, func(n ast.Node) bool {
					if is, ok := n.(*ast.IfStmt); ok {
						bs = append(bs, map[string]any{"func": fd.Name.Name, "pos": pos(is.Cond.Pos()), "outcome": "true", "verdict": "covered"},
							map[string]any{"func": fd.Name.Name, "pos": pos(is.Cond.Pos()), "outcome": "false", "verdict": "unknown", "reason": "timeout: fake"})
					}
					return true
				})
				return bs
			}
			var calls []string
			for _, name := range names {
				fd := decls[name]
				if strings.HasPrefix(name, "Count") {
					rejected = append(rejected, map[string]any{"function": name, "package": path, "pos": "sub.go:7:2", "reason": "unsupported: fake loop at sub.go:7:2"})
					continue
				}
				analysed++
				bs := branches(fd)
				ast.Inspect(fd.Body, func(n ast.Node) bool {
					if c, ok := n.(*ast.CallExpr); ok {
						if id, ok := c.Fun.(*ast.Ident); ok && decls[id.Name] != nil && id.Name != name {
							bs = append(bs, branches(decls[id.Name])...)
						}
					}
					return true
				})
				funcs = append(funcs, map[string]any{"function": name, "package": path, "branches": bs})
				var zeros []string
				for _, field := range fd.Type.Params.List {
					t, _ := field.Type.(*ast.Ident)
					if t == nil || t.Name != "int" && t.Name != "string" {
						zeros = nil
						break
					}
					z := "0"
					if t.Name == "string" {
						z = `""`
					}
					for range max(len(field.Names), 1) {
						zeros = append(zeros, z)
					}
				}
				if fd.Recv == nil && ast.IsExported(name) && (len(zeros) > 0 || fd.Type.Params.NumFields() == 0) {
					calls = append(calls, fmt.Sprintf("\t_ = %s(%s)\n", name, strings.Join(zeros, ", ")))
				}
			}
			if len(calls) > 0 {
				test := "package " + pkg.Name + "\n\nimport \"testing\"\n\nfunc TestLeapfrog_Fake(t *testing.T) {\n" + strings.Join(calls, "") + "}\n"
				out := strings.TrimSuffix(files[0], ".go") + "_leapfrog_test.go"
				if err := os.WriteFile(out, []byte(test), 0o644); err != nil {
					return nil, err
				}
			}
		}
	}
	return map[string]any{
		"version": "fake", "packages": pkgs, "functions": funcs, "rejected": rejected,
		"summary": map[string]any{"functions": analysed + len(rejected), "analysed": analysed, "rejected": len(rejected)},
	}, nil
}
