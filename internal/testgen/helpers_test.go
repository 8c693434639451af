// Test helpers: type-checking hand-written packages in memory, hand-made values, and go test on a temporary module.

package testgen

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"leapfrog/internal/engine"
	"leapfrog/internal/ir"
	"leapfrog/internal/search"
)

// modPath is the module path of the temporary modules the tests build.
const modPath = "example.com/m"

// checked is a set of type-checked packages, by directory.
type checked struct {
	fset  *token.FileSet
	pkgs  map[string]*types.Package
	files map[string][]*ast.File
}

// checkPackages type-checks the packages of files (slash paths relative to
// the module root; a directory is a package, "." the root) with the given
// Go version.
func checkPackages(t *testing.T, files map[string][]byte, goVersion string) *checked {
	t.Helper()
	fset := token.NewFileSet()
	byDir := map[string][]*ast.File{}
	for name, data := range files {
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, data, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		byDir[path.Dir(name)] = append(byDir[path.Dir(name)], f)
	}
	pkgs := map[string]*types.Package{}
	std := importer.Default()
	var imp importerFunc
	var check func(dir string) (*types.Package, error)
	check = func(dir string) (*types.Package, error) {
		if p := pkgs[dir]; p != nil {
			return p, nil
		}
		fs := byDir[dir]
		sort.Slice(fs, func(i, j int) bool { return fset.File(fs[i].Pos()).Name() < fset.File(fs[j].Pos()).Name() })
		conf := types.Config{Importer: imp, GoVersion: goVersion}
		p, err := conf.Check(importPath(dir), fset, fs, nil)
		if err != nil {
			return nil, err
		}
		pkgs[dir] = p
		return p, nil
	}
	imp = func(p string) (*types.Package, error) {
		if rest, ok := strings.CutPrefix(p, modPath); ok {
			return check(strings.TrimPrefix(rest, "/"))
		}
		return std.Import(p)
	}
	for dir := range byDir {
		if _, err := check(dir); err != nil {
			t.Fatalf("type-checking %s: %v", dir, err)
		}
	}
	return &checked{fset, pkgs, byDir}
}

// evalType evaluates a type expression in the scope of the first file of
// the package in dir (so with its imports).
func (c *checked) evalType(t *testing.T, dir, expr string) types.Type {
	t.Helper()
	tv, err := types.Eval(c.fset, c.pkgs[dir], c.files[dir][0].Name.Pos(), expr)
	if err != nil || !tv.IsType() {
		t.Fatalf("type %s: %v", expr, err)
	}
	return tv.Type
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

func importPath(dir string) string {
	if dir == "." || dir == "" {
		return modPath
	}
	return modPath + "/" + dir
}

// writeModule writes files and a go.mod with the given version (go1.N)
// into dir.
func writeModule(t *testing.T, dir string, files map[string][]byte, goVersion string) {
	t.Helper()
	all := map[string][]byte{"go.mod": fmt.Appendf(nil, "module %s\n\ngo %s\n", modPath, strings.TrimPrefix(goVersion, "go"))}
	for n, d := range files {
		all[n] = d
	}
	for n, d := range all {
		p := filepath.Join(dir, filepath.FromSlash(n))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, d, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// goTest runs go test with the arguments in dir and returns its JSON event
// stream; a failing test is not an error here.
func goTest(t *testing.T, dir string, args ...string) []testEvent {
	t.Helper()
	cmd := exec.Command("go", append([]string{"test", "-json"}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=", "GOTOOLCHAIN=local")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var events []testEvent
	dec := json.NewDecoder(&stdout)
	for dec.More() {
		var e testEvent
		if dec.Decode(&e) != nil {
			break
		}
		events = append(events, e)
	}
	if err != nil && len(events) == 0 {
		t.Fatalf("go test %v: %v\n%s%s", args, err, stdout.Bytes(), stderr.Bytes())
	}
	if bytes.Contains(stderr.Bytes(), []byte("build failed")) || hasBuildFailure(events) {
		t.Fatalf("go test %v: the package does not build:\n%s%s", args, testOutput(events, "", ""), stderr.Bytes())
	}
	return events
}

// testEvent is one line of go test -json.
type testEvent struct {
	Action  string
	Package string
	Test    string
	Output  string
}

func hasBuildFailure(events []testEvent) bool {
	for _, e := range events {
		if e.Action == "build-fail" || (e.Action == "output" && strings.Contains(e.Output, "[build failed]")) {
			return true
		}
	}
	return false
}

// testOutput joins the output of the events of a package (all when "") and a
// test (and its subtests; all when "").
func testOutput(events []testEvent, pkg, test string) string {
	var b strings.Builder
	for _, e := range events {
		if e.Action == "output" && (pkg == "" || e.Package == pkg) && (test == "" || e.Test == test || strings.HasPrefix(e.Test, test+"/")) {
			b.WriteString(e.Output)
		}
	}
	return b.String()
}

// result returns the final action ("pass", "fail", "skip") of a test of a
// package, "" when it did not run.
func result(events []testEvent, pkg, test string) string {
	r := ""
	for _, e := range events {
		if e.Package == pkg && e.Test == test && (e.Action == "pass" || e.Action == "fail" || e.Action == "skip") {
			r = e.Action
		}
	}
	return r
}

// jv is the JSON form of an engine.Value in hand-made reports: {"i": -5}
// (a signed integer), {"u": 5}, {"b": true}, {"s": "text"} or {"hex":
// "ff00"} (a string's bytes), {"bytes": "text"} (a []byte, each byte an
// element), {"nil": true}, {"e": [...]} (elements, fields, or a pointer's
// pointee), {"k": [...], "e": [...]} (a map), with "cycle" and "unordered".
type jv struct {
	I         *int64  `json:"i,omitempty"`
	U         *uint64 `json:"u,omitempty"`
	B         *bool   `json:"b,omitempty"`
	S         *string `json:"s,omitempty"`
	Hex       *string `json:"hex,omitempty"`
	Bytes     *string `json:"bytes,omitempty"`
	Nil       bool    `json:"nil,omitempty"`
	E         []jv    `json:"e"`
	K         []jv    `json:"k,omitempty"`
	Cycle     bool    `json:"cycle,omitempty"`
	Unordered bool    `json:"unordered,omitempty"`
	// An interface value: its dynamic type (e[0] its value), an error's
	// message and the sentinel it equals.
	Dyn      string  `json:"dyn,omitempty"`
	ErrMsg   *string `json:"errmsg,omitempty"`
	Sentinel string  `json:"sentinel,omitempty"`
	// A stub (a function input, or the one an interface input holds: Dyn
	// "stub(T)"): its calls, and why a test must not assert them.
	Stub         bool    `json:"stub,omitempty"`
	Calls        []jcall `json:"calls,omitempty"`
	CallsUnfixed string  `json:"calls_unfixed,omitempty"`
}

// jcall is a stub's call (engine.StubCall): its method ("" for a
// function), results, and the arguments the engine reports (a null one is
// not reported).
type jcall struct {
	Method  string `json:"method"`
	Results []jv   `json:"results"`
	Args    []*jv  `json:"args"`
	Len     int64  `json:"len"`
}

func (j jv) value(t *testing.T) engine.Value {
	v := engine.Value{Nil: j.Nil, Cycle: j.Cycle, Unordered: j.Unordered, Dyn: j.Dyn, Sentinel: j.Sentinel}
	if j.ErrMsg != nil {
		v.ErrMsg, v.HasErrMsg = *j.ErrMsg, true
	}
	switch {
	case j.I != nil:
		v.Bits = uint64(*j.I)
	case j.U != nil:
		v.Bits = *j.U
	case j.B != nil && *j.B:
		v.Bits = 1
	case j.S != nil:
		v.Str = *j.S
	case j.Hex != nil:
		b, err := hex.DecodeString(*j.Hex)
		if err != nil {
			t.Fatal(err)
		}
		v.Str = string(b)
	case j.Bytes != nil:
		v = bytesValue(*j.Bytes)
	}
	if j.E != nil {
		v.Elems = []engine.Value{}
		for _, e := range j.E {
			v.Elems = append(v.Elems, e.value(t))
		}
		v.Cap = int64(len(v.Elems))
	}
	for _, k := range j.K {
		v.Keys = append(v.Keys, k.value(t))
	}
	v.Stub, v.CallsUnfixed = j.Stub, j.CallsUnfixed
	for _, c := range j.Calls {
		sc := engine.StubCall{Method: c.Method, Len: c.Len}
		for _, r := range c.Results {
			sc.Results = append(sc.Results, r.value(t))
		}
		for _, a := range c.Args {
			av := engine.Value{}
			if a != nil {
				av = a.value(t)
				av.Type = &ir.Type{} // reported (the engine gives its type)
			}
			sc.Args = append(sc.Args, av)
		}
		v.Calls = append(v.Calls, sc)
	}
	return v
}

// Hand-made values.
func intV(i int64) engine.Value  { return engine.Value{Bits: uint64(i)} }
func strV(s string) engine.Value { return engine.Value{Str: s} }
func nilV() engine.Value         { return engine.Value{Nil: true} }
func ptrV(v engine.Value) engine.Value {
	return engine.Value{Elems: []engine.Value{v}}
}

// aggV is an array, a struct, or a non-nil slice (capacity = length).
func aggV(elems ...engine.Value) engine.Value {
	if elems == nil {
		elems = []engine.Value{}
	}
	return engine.Value{Elems: elems, Cap: int64(len(elems))}
}

func bytesValue(s string) engine.Value {
	v := aggV()
	for i := 0; i < len(s); i++ {
		v.Elems = append(v.Elems, intV(int64(s[i])))
	}
	v.Cap = int64(len(v.Elems))
	return v
}

// mapV is a non-nil map; kv alternates keys and values.
func mapV(kv ...engine.Value) engine.Value {
	v := engine.Value{Keys: []engine.Value{}, Elems: []engine.Value{}}
	for i := 0; i < len(kv); i += 2 {
		v.Keys, v.Elems = append(v.Keys, kv[i]), append(v.Elems, kv[i+1])
	}
	return v
}

// lookupFunc resolves "F", "T.M" or "(*T).M" in pkg and returns the
// function and its parameter names as the frontend gives them (receiver
// first; unnamed ones "recv"/"argN").
func lookupFunc(t *testing.T, pkg *types.Package, name string) (*types.Func, []string) {
	t.Helper()
	var fn *types.Func
	if tname, mname, ok := strings.Cut(name, "."); ok {
		tname = strings.TrimSuffix(strings.TrimPrefix(tname, "(*"), ")")
		if tn, _ := pkg.Scope().Lookup(tname).(*types.TypeName); tn != nil {
			if named, _ := types.Unalias(tn.Type()).(*types.Named); named != nil {
				for i := 0; i < named.NumMethods(); i++ {
					if named.Method(i).Name() == mname {
						fn = named.Method(i)
					}
				}
			}
		}
	} else {
		fn, _ = pkg.Scope().Lookup(name).(*types.Func)
	}
	if fn == nil {
		t.Fatalf("no function %s in %s", name, pkg.Path())
	}
	sig := fn.Type().(*types.Signature)
	var names []string
	add := func(n, dflt string) {
		if n == "" || n == "_" {
			n = dflt
		}
		names = append(names, n)
	}
	if r := sig.Recv(); r != nil {
		add(r.Name(), "recv")
	}
	for i := 0; i < sig.Params().Len(); i++ {
		add(sig.Params().At(i).Name(), fmt.Sprintf("arg%d", len(names)))
	}
	return fn, names
}

// dynTypes resolves the dynamic types the report's values and panics name
// (the Go type as the package writes it) in the package's scope, as the
// frontend gives them (Func.DynTypes).
func dynTypes(t *testing.T, ck *checked, pkg *types.Package, r *search.Result) map[string]types.Type {
	t.Helper()
	out := map[string]types.Type{}
	var walk func(v engine.Value)
	add := func(name string) {
		if name == "" || out[name] != nil || name == "*errors.errorString" {
			return
		}
		expr, pos := name, token.NoPos
		if strings.HasPrefix(name, "stub(") && strings.HasSuffix(name, ")") {
			// A stub's type: the interface's, maybe another package's (in
			// the scope of the package's first file, which imports it).
			expr = name[len("stub(") : len(name)-1]
			for dir, p := range ck.pkgs {
				if p == pkg {
					pos = ck.files[dir][0].Name.Pos()
				}
			}
		}
		tv, err := types.Eval(ck.fset, pkg, pos, expr)
		if err != nil || !tv.IsType() {
			t.Fatalf("dynamic type %q: %v", name, err)
		}
		out[name] = tv.Type
	}
	walk = func(v engine.Value) {
		add(v.Dyn)
		for _, e := range v.Elems {
			walk(e)
		}
		for _, c := range v.Calls {
			for _, r := range c.Results {
				walk(r)
			}
		}
	}
	for _, c := range r.Tests {
		add(c.PanicType)
		for _, v := range append(append([]engine.Value(nil), c.In...), c.Out...) {
			walk(v)
		}
	}
	return out
}
