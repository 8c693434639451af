// Whole emitted files: goldens (testdata/emit/*.txtar, regenerated with -update), and go test of them against their hand-written packages.

package testgen

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"leapfrog/internal/engine"
	"leapfrog/internal/search"
	"leapfrog/internal/testutil"
)

// A scenario is a hand-written package (and the packages it imports, in
// subdirectories), a hand-made report (report.json: the functions with
// their cases, values in the jv form), and the expected emitted file
// (want/leapfrog_test.go) and report text (want/args). Its comment says
// the package's Go version ("go go1.22") and, with "fail", that the
// report is wrong on purpose: the emitted test must fail with exactly the
// messages of want/failures.
type scenario struct {
	name      string
	golden    *testutil.Golden
	goVersion string
	fail      bool
	files     map[string][]byte // by slash path in the module: <name>/...
	funcs     []jfunc
}

// jfunc and jcase are the JSON form of a search.Result in a scenario.
type jfunc struct {
	Function string   `json:"function"`
	Strategy string   `json:"strategy"`
	Globals  []string `json:"globals"`
	Assume   string   `json:"assume"`
	Cases    []jcase  `json:"cases"`
}

type jcase struct {
	Name      string `json:"name"`
	In        []jv   `json:"in"`
	Out       []jv   `json:"out"`
	Panic     string `json:"panic"`
	PanicType string `json:"panic_type"`
	Discarded bool   `json:"discarded"`
}

const (
	wantTest     = "want/leapfrog_test.go"
	wantArgs     = "want/args"
	wantFailures = "want/failures"
)

func loadScenarios(t *testing.T) []*scenario {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("testdata", "emit", "*.txtar"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no scenarios in testdata/emit: %v", err)
	}
	var scs []*scenario
	for _, p := range paths {
		g := testutil.ReadGolden(t, p)
		ar := g.Archive
		sc := &scenario{name: strings.TrimSuffix(filepath.Base(p), ".txtar"), golden: g, files: map[string][]byte{}}
		for _, line := range strings.Split(string(ar.Comment), "\n") {
			switch f := strings.Fields(line); {
			case len(f) == 2 && f[0] == "go":
				sc.goVersion = f[1]
			case len(f) == 1 && f[0] == "fail":
				sc.fail = true
			}
		}
		if sc.goVersion == "" {
			t.Fatalf("%s: no go version in the comment", p)
		}
		for _, f := range ar.Files {
			switch {
			case f.Name == "report.json":
				if err := json.Unmarshal(f.Data, &sc.funcs); err != nil {
					t.Fatalf("%s: report.json: %v", p, err)
				}
			case !strings.HasPrefix(f.Name, "want/"):
				sc.files[sc.name+"/"+f.Name] = f.Data
			}
		}
		scs = append(scs, sc)
	}
	return scs
}

// emit type-checks the scenario's package and emits its test; it also
// renders every case's values as the report does.
func (sc *scenario) emit(t *testing.T) (src []byte, args string) {
	t.Helper()
	ck := checkPackages(t, sc.files, sc.goVersion)
	pkg := ck.pkgs[sc.name]
	var funcs []Func
	var b strings.Builder
	for _, jf := range sc.funcs {
		fn, params := lookupFunc(t, pkg, jf.Function)
		r := &search.Result{Function: jf.Function, Strategy: jf.Strategy, Globals: jf.Globals, Assume: jf.Assume}
		for _, jc := range jf.Cases {
			c := search.Test{Name: jc.Name, Panicked: jc.Panic != "", Panic: jc.Panic, PanicType: jc.PanicType, Discarded: jc.Discarded}
			for _, v := range jc.In {
				c.In = append(c.In, v.value(t))
			}
			for _, v := range jc.Out {
				c.Out = append(c.Out, v.value(t))
			}
			r.Tests = append(r.Tests, c)
		}
		f := Func{GoFunc: fn, Params: params, Result: r, DynTypes: dynTypes(t, ck, pkg, r)}
		funcs = append(funcs, f)
		fmt.Fprintf(&b, "%s\n", jf.Function)
		for i := range r.Tests {
			c := &r.Tests[i]
			in, out := Args(pkg, f, c)
			fmt.Fprintf(&b, "  %s\n", c.Name)
			for _, a := range in {
				fmt.Fprintf(&b, "    in  %s = %s\n", a.Name, a.Value)
			}
			for _, a := range out {
				fmt.Fprintf(&b, "    out %s = %s", a.Name, a.Value)
				if a.Note != "" {
					fmt.Fprintf(&b, " (%s)", a.Note)
				}
				b.WriteString("\n")
			}
		}
	}
	src, err := Emit(pkg, funcs)
	if err != nil {
		t.Fatal(err)
	}
	return src, b.String()
}

// TestEmitGolden compares each scenario's emitted file and report text with
// its want sections; Emit must also be deterministic.
func TestEmitGolden(t *testing.T) {
	for _, sc := range loadScenarios(t) {
		t.Run(sc.name, func(t *testing.T) {
			src, args := sc.emit(t)
			again, _ := sc.emit(t)
			if string(again) != string(src) {
				t.Errorf("two emissions differ")
			}
			sc.golden.Check(t, map[string]string{wantTest: string(src), wantArgs: args}, wantTest, wantArgs)
		})
	}
}

// failureLine is a t.Errorf/t.Fatalf line of an emitted test in go test's
// output.
var failureLine = regexp.MustCompile(`^\s+leapfrog_test\.go:\d+: (.*)$`)

// TestEmittedTestsPass runs go test on every scenario's freshly emitted
// file next to its package, twice in one process (-count=2: a second run
// must not see what the first changed), one module per Go version. Every
// test of a scenario must pass, except in "fail" scenarios, whose failure
// messages must be exactly want/failures.
func TestEmittedTestsPass(t *testing.T) {
	byVersion := map[string][]*scenario{}
	for _, sc := range loadScenarios(t) {
		byVersion[sc.goVersion] = append(byVersion[sc.goVersion], sc)
	}
	var versions []string
	for v := range byVersion {
		versions = append(versions, v)
	}
	sort.Strings(versions)
	for _, v := range versions {
		dir := t.TempDir()
		files := map[string][]byte{}
		for _, sc := range byVersion[v] {
			src, _ := sc.emit(t)
			for n, d := range sc.files {
				files[n] = d
			}
			files[sc.name+"/leapfrog_test.go"] = src
		}
		writeModule(t, dir, files, v)
		events := goTest(t, dir, "-count=2", "./...")
		for _, sc := range byVersion[v] {
			pkg := importPath(sc.name)
			var failures []string
			for _, jf := range sc.funcs {
				test := TestName(jf.Function)
				want := "pass"
				if sc.fail {
					want = "fail"
				}
				if r := result(events, pkg, test); r != want {
					t.Errorf("%s: %s: %q, want %q\n%s", sc.name, test, r, want, testOutput(events, pkg, test))
				}
				var lines []string
				for _, line := range strings.Split(testOutput(events, pkg, test), "\n") {
					if m := failureLine.FindStringSubmatch(line); m != nil {
						lines = append(lines, m[1])
					}
				}
				// -count=2: the test ran twice; both runs must fail alike.
				half := len(lines) / 2
				if strings.Join(lines[:half], "\n") != strings.Join(lines[half:], "\n") {
					t.Errorf("%s: %s: the two runs fail differently:\n%s", sc.name, test, strings.Join(lines, "\n"))
				}
				failures = append(failures, lines[:half]...)
			}
			if !sc.fail {
				continue
			}
			sc.golden.Check(t, map[string]string{wantFailures: strings.Join(failures, "\n") + "\n"}, wantFailures)
		}
	}
}

// TestEmitErrors: a report Emit cannot honour is an error naming the
// problem, not a file that does not compile.
func TestEmitErrors(t *testing.T) {
	ck := checkPackages(t, map[string][]byte{
		"o/o.go": []byte("package o\n\ntype T struct{ hidden int }\n"),
		"p/p.go": []byte(`package p

import "example.com/m/o"

const C = 1

func F(x int, s []int) int { return x }

func G(t o.T) o.T { return t }
`),
	}, "go1.22")
	pkg := ck.pkgs["p"]
	emit := func(name string, r *search.Result) error {
		fn, params := lookupFunc(t, pkg, name)
		r.Function = name
		_, err := Emit(pkg, []Func{{GoFunc: fn, Params: params, Result: r}})
		return err
	}
	ok := search.Test{Name: "ok", In: []engine.Value{intV(1), nilV()}, Out: []engine.Value{intV(1), nilV()}}
	if err := emit("F", &search.Result{Tests: []search.Test{ok}}); err != nil {
		t.Fatalf("a good report: %v", err)
	}
	for _, tc := range []struct {
		name string
		fn   string
		r    *search.Result
		want string
	}{
		{"inputs", "F", &search.Result{Tests: []search.Test{{Name: "c", In: []engine.Value{intV(1)}}}}, "has 1 inputs"},
		{"outputs", "F", &search.Result{Tests: []search.Test{{Name: "c", In: ok.In, Out: ok.Out[:1]}}}, "has 1 outputs, want 2"},
		{"panics need no outputs", "F", &search.Result{Tests: []search.Test{{Name: "c", In: ok.In, Panicked: true, Panic: "boom"}}}, ""},
		{"a panic whose text is empty is a panic", "F", &search.Result{Tests: []search.Test{{Name: "c", In: ok.In, Panicked: true}}}, ""},
		{"not a variable", "F", &search.Result{Globals: []string{"C"}, Tests: []search.Test{ok}}, "C, which is not a package-level variable"},
		{"unexported field", "G", &search.Result{Tests: []search.Test{{Name: "c", In: []engine.Value{aggV(intV(0))}, Out: []engine.Value{aggV(intV(3))}}}}, "field hidden of example.com/m/o.T is not exported"},
		{"unexported field zero", "G", &search.Result{Tests: []search.Test{{Name: "c", In: []engine.Value{aggV(intV(0))}, Out: []engine.Value{aggV(intV(0))}}}}, ""},
	} {
		err := emit(tc.fn, tc.r)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: error %v, want one saying %q", tc.name, err, tc.want)
		}
	}
}
