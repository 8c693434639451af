// verify_test.go: txtar scenarios for the instrumenter and the runner, and the bench site counts.

package verify

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"leapfrog/internal/ir"
	"leapfrog/internal/report"
	"leapfrog/internal/testutil"
)

const (
	wantSites    = "want/sites"
	wantObserved = "want/observed"
)

// extract writes the files of ar that are not want/ sections to a new
// directory and returns it.
func extract(t *testing.T, ar *txtar.Archive) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "src")
	for _, f := range ar.Files {
		if strings.HasPrefix(f.Name, "want/") {
			continue
		}
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func sortedSites(sites map[string]Site) []Site {
	var list []Site
	for _, s := range sites {
		list = append(list, s)
	}
	sort.Slice(list, func(i, j int) bool {
		a, b := list[i], list[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	return list
}

func formatSites(sites map[string]Site) string {
	var b strings.Builder
	for _, s := range sortedSites(sites) {
		fmt.Fprintf(&b, "%s %s %s\n", s.Key, s.Kind, s.Expr)
	}
	fmt.Fprintf(&b, "# %d sites\n", len(sites))
	return b.String()
}

func formatObserved(sites map[string]Site, obs map[string]map[bool]bool) string {
	var b strings.Builder
	for _, s := range sortedSites(sites) {
		for _, o := range []bool{true, false} {
			if obs[s.Key][o] {
				fmt.Fprintf(&b, "%s %v\n", s.Key, o)
			}
		}
	}
	return b.String()
}

// parseObserved reads a want/observed section into claims of the given verdict.
func parseObserved(t *testing.T, text string, verdict report.Verdict) []Claim {
	t.Helper()
	var claims []Claim
	for _, line := range strings.Split(text, "\n") {
		if line == "" {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 2 {
			t.Fatalf("bad observed line %q", line)
		}
		claims = append(claims, Claim{Pos: at(f[0]), Outcome: f[1], Verdict: verdict})
	}
	return claims
}

// at is the position "file:line:col".
func at(s string) ir.Pos {
	p, ok := ir.ParsePos(s)
	if !ok {
		panic("bad position " + s)
	}
	return p
}

// TestInstrument checks, for each scenario, the exact site set, that the
// instrumented copy compiles and passes its tests, and the exact outcomes the
// hand-written TestLeapfrog* tests record.
func TestInstrument(t *testing.T) {
	testutil.Goldens(t, "testdata/*.txtar", func(t *testing.T, g *testutil.Golden) {
		t.Parallel()
		ar := g.Archive
		src := extract(t, ar)
		dst := filepath.Join(t.TempDir(), "inst")
		inst, err := Instrument(src, dst)
		if err != nil {
			t.Fatal(err)
		}
		if len(inst.Skipped) > 0 {
			t.Errorf("declarations skipped: %+v", inst.Skipped)
		}
		sites := inst.Sites
		// The source is untouched and the copy is complete.
		for _, f := range ar.Files {
			if strings.HasPrefix(f.Name, "want/") {
				continue
			}
			got, err := os.ReadFile(filepath.Join(src, f.Name))
			if err != nil || !bytes.Equal(got, f.Data) {
				t.Errorf("source file %s changed (%v)", f.Name, err)
			}
			if _, err := os.Stat(filepath.Join(dst, f.Name)); err != nil {
				t.Errorf("not copied: %v", err)
			}
		}
		rec := filepath.Join(t.TempDir(), "rec.txt")
		out, err := runIn("go", dst, []string{RecEnv + "=" + rec}, "test", "-count=1", "-run", "^TestLeapfrog")
		if err != nil {
			t.Fatalf("instrumented copy: go test: %v\n%s", err, out)
		}
		obs, err := Observed(rec, sites)
		if err != nil {
			t.Fatal(err)
		}
		g.Check(t, map[string]string{wantSites: formatSites(sites), wantObserved: formatObserved(sites, obs)}, wantSites, wantObserved)
	})
}

// TestRun checks the verdict comparison of Run on the logic scenario.
func TestRun(t *testing.T) {
	g := testutil.ReadGolden(t, "testdata/logic.txtar")
	ar := g.Archive
	want, _ := g.Section(wantObserved)
	observed := parseObserved(t, want, report.Covered)
	if len(observed) == 0 {
		t.Fatal("logic.txtar: empty want/observed")
	}
	// An outcome the hand-written test does not reach: Cond's "a < 0" is
	// only true in TestOther, which Run does not select.
	notObserved := at("a.go:17:14")
	for _, c := range observed {
		if c.Pos == notObserved && c.Outcome == "true" {
			t.Fatalf("%s true is observed; fix the test", notObserved)
		}
	}
	with := func(extra ...Claim) []Claim {
		return append(append([]Claim(nil), observed...), extra...)
	}
	cases := []struct {
		name    string
		claims  []Claim
		wantErr string // "" means success
		check   func(t *testing.T, r *Result)
	}{
		{"correct", with(
			Claim{notObserved, "true", report.Unreachable},      // not observed: fine here (no proof is checked)
			Claim{at("dir/a.go:11:5"), "false", report.Covered}, // a directory part is ignored: one with a.go:11:5's claim
		), "", func(t *testing.T, r *Result) {
			if r.CoveredOK != len(observed) || r.UnreachableOK != 1 || r.Claims != len(observed)+1 {
				t.Errorf("counts: %+v", r)
			}
		}},
		{"covered-not-observed", with(Claim{notObserved, "true", report.Covered}),
			"a.go:17:14 true claimed covered but not observed", func(t *testing.T, r *Result) {
				if r.CoveredMissing != 1 || len(r.Errors) != 1 {
					t.Errorf("counts: %+v", r)
				}
			}},
		{"false-unreachable", []Claim{{observed[0].Pos, observed[0].Outcome, report.Unreachable}},
			"FALSE UNREACHABLE: " + observed[0].Pos.String() + " " + observed[0].Outcome, func(t *testing.T, r *Result) {
				if r.FalseUnreachable != 1 || len(r.Errors) != 1 {
					t.Errorf("counts: %+v", r)
				}
			}},
		{"unknown-and-non-site", []Claim{
			{observed[0].Pos, observed[0].Outcome, report.Unknown},
			{at("a.go:1:1"), "true", report.Covered},
		}, "a.go:1:1 true claimed covered but is not a branch site", func(t *testing.T, r *Result) {
			if r.UnknownObserved != 1 || len(r.Notes) != 1 || r.BadClaims != 1 {
				t.Errorf("counts: %+v", r)
			}
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := extract(t, ar)
			res, err := Run(Options{PkgDir: dir, TestRun: "^TestLeapfrog", Claims: tc.claims})
			if res == nil {
				t.Fatalf("no result: %v", err)
			}
			if !res.TestsPassed || !res.InstrumentedPassed {
				t.Fatalf("tests failed:\n%s\n%s", res.TestOutput, res.InstrumentedOutput)
			}
			if res.Coverage <= 0 || res.Coverage >= 100 {
				t.Errorf("coverage %.1f%%, want strictly between 0 and 100", res.Coverage)
			}
			if res.Sites == 0 || res.ObservedOutcomes != len(observed) {
				t.Errorf("sites %d, observed %d, want observed %d", res.Sites, res.ObservedOutcomes, len(observed))
			}
			switch {
			case tc.wantErr == "" && err != nil:
				t.Errorf("unexpected error: %v", err)
			case tc.wantErr != "" && err == nil:
				t.Errorf("no error, want %q", tc.wantErr)
			case tc.wantErr != "" && !strings.Contains(err.Error(), tc.wantErr):
				t.Errorf("error %q, want it to contain %q", err, tc.wantErr)
			}
			tc.check(t, res)
		})
	}
}

// TestRunFailingTests checks that failing tests are reported with their output.
func TestRunFailingTests(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name, data string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/fail\n\ngo 1.22\n")
	write("a.go", "package fail\n\nfunc F(x int) bool { return x > 0 }\n")
	write("a_test.go", "package fail\n\nimport \"testing\"\n\nfunc TestLeapfrogF(t *testing.T) {\n\tif F(1) {\n\t\tt.Fatal(\"boom\")\n\t}\n}\n")
	res, err := Run(Options{PkgDir: dir, TestRun: "^TestLeapfrog"})
	if err == nil || res == nil || res.TestsPassed || !strings.Contains(err.Error(), "boom") {
		t.Fatalf("want a test failure naming boom, got %v", err)
	}
}

// TestBench instruments copies of the TCAS and WBS ports and checks the
// number of sites (conditions counted as the engine counts them) and that
// the instrumented copies pass their tests.
func TestBench(t *testing.T) {
	for _, tc := range []struct {
		pkg   string
		sites int
	}{{"tcas", 32}, {"wbs", 44}} {
		t.Run(tc.pkg, func(t *testing.T) {
			t.Parallel()
			mod := testutil.BenchCopy(t) // never write into the source tree
			pkg := filepath.Join(mod, tc.pkg)
			inst := filepath.Join(mod, tc.pkg+"inst")
			res, err := Instrument(pkg, inst)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Skipped) > 0 {
				t.Errorf("declarations skipped: %+v", res.Skipped)
			}
			sites := res.Sites
			if len(sites) != tc.sites {
				t.Errorf("%d sites, want %d:\n%s", len(sites), tc.sites, formatSites(sites))
			}
			rec := filepath.Join(t.TempDir(), "rec.txt")
			if out, err := runIn("go", inst, []string{RecEnv + "=" + rec}, "test", "-count=1"); err != nil {
				t.Fatalf("instrumented %s: %v\n%s", tc.pkg, err, out)
			}
			obs, err := Observed(rec, sites)
			if err != nil {
				t.Fatal(err)
			}
			if len(obs) == 0 {
				t.Errorf("nothing observed")
			}
		})
	}
}

// TestApplyNesting checks the ordering of nested edits with shared ends.
func TestApplyNesting(t *testing.T) {
	in := &instrumenter{src: []byte("abcdef"), base: 1}
	in.addEdit(1, 7, "<", ">") // whole
	in.addEdit(1, 4, "[", "]") // abc, same start
	in.addEdit(4, 7, "{", "}") // def, same end
	in.addEdit(1, 7, "(", ")") // whole again, inner to the first
	if got, want := string(in.apply()), "<([abc]{def})>"; got != want {
		t.Errorf("apply = %q, want %q", got, want)
	}
}

// writePkg writes a module example.com/<name> with the given files to a
// new directory and returns it.
func writePkg(t *testing.T, name string, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	files["go.mod"] = "module example.com/" + name + "\n\ngo 1.22\n"
	for n, data := range files {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestInstrumentSkips checks that a declaration the instrumenter cannot
// rewrite is left as it is, named with the reason, and spares the others.
func TestInstrumentSkips(t *testing.T) {
	t.Parallel()
	dir := writePkg(t, "e", map[string]string{"a.go": `package e

// Collide's comparison of the tag true with a || b is no site (go/ssa's
// If on it is internal): its operands are, at their own positions.
func Collide(a, b bool) int {
	switch true {
	case a || b:
		return 1
	}
	return 0
}

// B is a generic named boolean type: a condition of type B[int] cannot be
// converted back to its type in the file.
type B[T any] bool

func Generic(x B[int]) int {
	if x {
		return 1
	}
	return 0
}

func Fine(a int) int {
	if a > 0 {
		return 1
	}
	return 0
}
`})
	out := filepath.Join(t.TempDir(), "out")
	inst, err := Instrument(dir, out)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"Generic": "cannot name the type"}
	for _, s := range inst.Skipped {
		if w, ok := want[s.Name]; !ok || !strings.Contains(s.Reason, w) || s.File != "a.go" {
			t.Errorf("skipped %+v, want one of %v", s, want)
		}
		delete(want, s.Name)
	}
	if len(want) > 0 {
		t.Errorf("not skipped: %v", want)
	}
	if len(inst.Sites) != 3 || inst.Sites["a.go:25:5"].Expr != "a > 0" || inst.Sites["a.go:7:7"].Kind != KindValueLeft || inst.Sites["a.go:7:12"].Kind != KindValueRight {
		t.Errorf("sites %v, want Fine's a.go:25:5 and Collide's operands a.go:7:7, a.go:7:12", inst.Sites)
	}
	// The copy builds: the skipped declarations are unchanged.
	if out, err := runIn("go", out, nil, "vet", "."); err != nil {
		t.Errorf("the instrumented copy does not build: %v\n%s", err, out)
	}
	if !(Skipped{File: "a.go", Line: 5, End: 11}).Contains(at("dir/a.go:7:7")) || (Skipped{File: "a.go", Line: 5, End: 11}).Contains(at("a.go:12:1")) {
		t.Errorf("Skipped.Contains is wrong")
	}
}

// panicsPkg is a package whose functions panic in each way; its test file
// (outside the package directory, as gen -o can write it) reaches some.
var panicsPkg = map[string]string{"a.go": `package pp

func Div(a, b int) int {
	if a > 100 {
		panic("big")
	}
	return a / b
}

func Index(i int) int {
	var arr [3]int
	return arr[i] + helper(i)
}

func helper(i int) int {
	if i == 2 {
		var p *int
		return *p
	}
	return i
}
`}

const panicsTest = `package pp

import "testing"

func call(f func()) (r any) {
	defer func() { r = recover() }()
	f()
	return nil
}

func TestLeapfrogP(t *testing.T) {
	if r := call(func() { Div(1, 0) }); r == nil {
		t.Error("no panic")
	}
	if r := call(func() { Index(2) }); r == nil {
		t.Error("no panic")
	}
	if Div(4, 2) != 2 {
		t.Error("4/2")
	}
}
`

// TestRunPanics checks panic claims (observed by kind and line), a test file
// outside the package directory, and that a run selecting no test fails.
func TestRunPanics(t *testing.T) {
	t.Parallel()
	dir := writePkg(t, "pp", map[string]string{"a.go": panicsPkg["a.go"]})
	testFile := filepath.Join(t.TempDir(), "x_leapfrog_test.go")
	if err := os.WriteFile(testFile, []byte(panicsTest), 0o644); err != nil {
		t.Fatal(err)
	}
	claims := []Claim{
		{at("a.go:4:5"), "false", report.Covered},
		{at("a.go:7:9"), "integer divide by zero", report.Covered},     // Div(1, 0)
		{at("a.go:18:10"), "nil pointer dereference", report.Covered},  // Index(2) through helper
		{at("a.go:5:3"), "panic", report.Unreachable},                  // never: fine
		{at("a.go:12:9"), "index out of range", report.Covered},        // never: an error
		{at("a.go:7:9"), "integer divide by zero", report.Unreachable}, // a second objective on the line: not a contradiction
		{at("a.go:3:6"), "entry", report.Covered},                      // Div is entered
	}
	res, err := Run(Options{PkgDir: dir, TestRun: "^TestLeapfrog", TestFiles: []string{testFile}, Claims: claims})
	if res == nil {
		t.Fatalf("no result: %v", err)
	}
	if !res.TestsPassed || !res.InstrumentedPassed {
		t.Fatalf("tests failed:\n%s\n%s", res.TestOutput, res.InstrumentedOutput)
	}
	if err == nil || !strings.Contains(err.Error(), `a.go:12:9 index out of range claimed covered but not observed (a "index out of range" panic at line a.go:12)`) || len(res.Errors) != 1 {
		t.Errorf("error %v, want exactly the unobserved index panic", err)
	}
	if res.PanicClaims != 5 || res.CoveredOK != 4 || res.UnreachableOK != 2 || res.CoveredMissing != 1 || res.ObservedPanics != 2 {
		t.Errorf("counts: %+v", res)
	}
	// A panic claimed unreachable that happens.
	res, err = Run(Options{PkgDir: dir, TestRun: "^TestLeapfrog", TestFiles: []string{testFile},
		Claims: []Claim{{at("a.go:18:10"), "nil pointer dereference", report.Unreachable}}})
	if err == nil || res.FalseUnreachable != 1 || !strings.Contains(err.Error(), "FALSE UNREACHABLE: a.go:18:10 nil pointer dereference") {
		t.Errorf("want a false unreachable panic, got %v", err)
	}
	// An entry claimed unreachable that happens, and one that is no entry.
	res, err = Run(Options{PkgDir: dir, TestRun: "^TestLeapfrog", TestFiles: []string{testFile},
		Claims: []Claim{{at("a.go:15:6"), "entry", report.Unreachable}, {at("a.go:4:5"), "entry", report.Covered}}})
	if err == nil || res.FalseUnreachable != 1 || res.BadClaims != 1 || !strings.Contains(err.Error(), "FALSE UNREACHABLE: a.go:15:6 entry") {
		t.Errorf("want a false unreachable entry and a bad claim, got %v", err)
	}
	// Without the test file nothing runs: an error, not "passed".
	res, err = Run(Options{PkgDir: dir, TestRun: "^TestLeapfrog", Claims: claims[:1]})
	if err == nil || res.TestsPassed || !strings.Contains(err.Error(), "ran no test") {
		t.Errorf("no test selected: want an error, got %v", err)
	}
}

// TestRunSkipped checks that the claims of a declaration the instrumenter
// skipped are notes, not errors, while the others are checked.
func TestRunSkipped(t *testing.T) {
	t.Parallel()
	dir := writePkg(t, "sk", map[string]string{
		"a.go":      "package sk\n\ntype B[T any] bool\n\nfunc Generic(x B[int]) int {\n\tif x {\n\t\treturn 1\n\t}\n\treturn 0\n}\n\nfunc Fine(a int) int {\n\tif a > 0 {\n\t\treturn 1\n\t}\n\treturn 0\n}\n",
		"a_test.go": "package sk\n\nimport \"testing\"\n\nfunc TestLeapfrogX(t *testing.T) {\n\tGeneric(true)\n\tFine(1)\n}\n",
	})
	res, err := Run(Options{PkgDir: dir, TestRun: "^TestLeapfrog", Claims: []Claim{
		{at("a.go:6:5"), "true", report.Covered}, {at("a.go:6:5"), "false", report.Unreachable}, {at("a.go:13:5"), "true", report.Covered}, {at("a.go:13:5"), "false", report.Covered},
	}})
	if res == nil {
		t.Fatalf("no result: %v", err)
	}
	if res.Unchecked != 2 || res.CoveredOK != 1 || res.CoveredMissing != 1 || len(res.Skipped) != 1 {
		t.Errorf("counts: %+v", res)
	}
	if err == nil || !strings.Contains(err.Error(), "a.go:13:5 false claimed covered but not observed") {
		t.Errorf("error %v, want Fine's unobserved outcome", err)
	}
	notes := strings.Join(res.Notes, "\n")
	if !strings.Contains(notes, "Generic not instrumented") || !strings.Contains(notes, "a.go:6:5 true claimed covered: not checked") {
		t.Errorf("notes %q", notes)
	}
}

// TestMergedClaims: the instances of a generic function claim the same
// positions with verdicts of their own (levenshtein's distance[uint16]
// covered a branch distance[int] left unknown: "claimed both unknown and
// covered" failed the function). One record checks them together, as the
// strongest claim it can check.
func TestMergedClaims(t *testing.T) {
	inst := &Instrumented{
		Sites:   map[string]Site{"d.go:5:5": {Key: "d.go:5:5"}, "d.go:9:5": {Key: "d.go:9:5"}},
		Entries: map[string]bool{"d.go:3:6": true},
	}
	obs := observed{
		branches: map[string]map[bool]bool{"d.go:5:5": {true: true}, "d.go:9:5": {true: true}},
		entries:  map[string]bool{"d.go:3:6": true},
	}
	claims := []Claim{
		{Pos: at("d.go:3:6"), Outcome: "entry", Verdict: report.Covered},
		{Pos: at("d.go:3:6"), Outcome: "entry", Verdict: report.Unreachable},
		{Pos: at("d.go:5:5"), Outcome: "true", Verdict: report.Unknown},
		{Pos: at("d.go:5:5"), Outcome: "true", Verdict: report.Covered},
		{Pos: at("d.go:5:5"), Outcome: "false", Verdict: report.Unreachable},
		{Pos: at("d.go:5:5"), Outcome: "false", Verdict: report.Unreachable},
		// Unreachable in every instance, and observed: still the worst bug.
		{Pos: at("d.go:9:5"), Outcome: "true", Verdict: report.Unreachable},
		{Pos: at("d.go:9:5"), Outcome: "true", Verdict: report.Unreachable},
	}
	res := &Result{}
	compareClaims(res, claims, inst, obs)
	if res.Claims != 4 || res.CoveredOK != 2 || res.UnreachableOK != 1 || res.FalseUnreachable != 1 || res.BadClaims != 0 {
		t.Errorf("claims %d, covered %d, unreachable %d, false unreachable %d, bad %d; want 4, 2, 1, 1, 0\nerrors: %q",
			res.Claims, res.CoveredOK, res.UnreachableOK, res.FalseUnreachable, res.BadClaims, res.Errors)
	}
	if len(res.Errors) != 1 || !strings.Contains(res.Errors[0], "FALSE UNREACHABLE: d.go:9:5 true") {
		t.Errorf("errors %q, want the false unreachable only", res.Errors)
	}
	if len(res.Notes) != 2 || !strings.Contains(res.Notes[0], "d.go:3:6 entry has objectives of different verdicts") || !strings.Contains(res.Notes[1], "d.go:5:5 true") {
		t.Errorf("notes %q, want the two positions whose verdicts differ", res.Notes)
	}
}

// TestWrapperCheck: the nil check of a promoted method's wrapper is an
// objective at the method's name. gc raises it in the wrapper
// (<autogenerated>:1) or, when the wrapper calls the method unchecked (the
// embedded field at offset 0), where the method's body faults on the
// receiver (goldmark's (*BaseNode).InsertAfter: 17 claims reported
// "covered but not observed"). A covered claim is confirmed by either; an
// unreachable one is not contradicted by the body's own panics; nothing
// else confirms it.
func TestWrapperCheck(t *testing.T) {
	const nilDeref = "nil pointer dereference"
	inst := &Instrumented{
		Sites:   map[string]Site{},
		Entries: map[string]bool{"d.go:3:16": true, "d.go:7:16": true},
		Bodies:  map[string]Lines{"d.go:3:16": {File: "d.go", Line: 3, End: 5}, "d.go:7:16": {File: "d.go", Line: 7, End: 9}},
	}
	for _, c := range []struct {
		name    string
		panics  []PanicSite
		verdict report.Verdict
		ok      bool
	}{
		{"in the body", []PanicSite{{nilDeref, "d.go:4"}}, report.Covered, true},
		{"in the wrapper", []PanicSite{{nilDeref, "<autogenerated>:1"}}, report.Covered, true},
		{"nowhere", nil, report.Covered, false},
		{"in another function's body", []PanicSite{{nilDeref, "d.go:8"}}, report.Covered, false},
		{"another kind in the body", []PanicSite{{"index out of range", "d.go:4"}}, report.Covered, false},
		{"unreachable, the body's own panic seen", []PanicSite{{nilDeref, "d.go:4"}}, report.Unreachable, true},
	} {
		obs := observed{panics: map[PanicSite]bool{}}
		for _, p := range c.panics {
			obs.panics[p] = true
		}
		res := &Result{}
		compareClaims(res, []Claim{{Pos: at("d.go:3:16"), Outcome: nilDeref, Verdict: c.verdict}}, inst, obs)
		if ok := len(res.Errors) == 0; ok != c.ok {
			t.Errorf("%s: errors %q, want ok %v", c.name, res.Errors, c.ok)
		}
	}
	// The wrapper of an embedded interface's method has no position.
	for _, c := range []struct {
		panics []PanicSite
		ok     bool
	}{{[]PanicSite{{nilDeref, "<autogenerated>:1"}}, true}, {[]PanicSite{{nilDeref, "d.go:4"}}, false}, {nil, false}} {
		obs := observed{panics: map[PanicSite]bool{}}
		for _, p := range c.panics {
			obs.panics[p] = true
		}
		res := &Result{}
		compareClaims(res, []Claim{{Outcome: nilDeref, Verdict: report.Covered}}, inst, obs)
		if ok := len(res.Errors) == 0; ok != c.ok {
			t.Errorf("no position, panics %v: errors %q, want ok %v", c.panics, res.Errors, c.ok)
		}
	}
}

// TestSessionRunsApart: the checks of one session (one build of each test
// binary) see only what their own tests do. TestOther makes Cond's a < 0
// true; a check of TestLeapfrog* after it does not see that outcome (its
// unreachable claim stands), one of TestOther does (the claim is false),
// and a selection matching no test checks nothing.
func TestSessionRunsApart(t *testing.T) {
	g := testutil.ReadGolden(t, "testdata/logic.txtar")
	want, _ := g.Section(wantObserved)
	observed := parseObserved(t, want, report.Covered)
	dir := extract(t, g.Archive)
	s, err := NewSession(dir, "", nil, "")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	notObserved := Claim{at("a.go:17:14"), "true", report.Unreachable}
	if _, err := s.Check("^TestOther$", []Claim{notObserved}); err == nil || !strings.Contains(err.Error(), "FALSE UNREACHABLE: a.go:17:14 true") {
		t.Errorf("TestOther: error %v, want the false unreachable a.go:17:14 true", err)
	}
	res, err := s.Check("^TestLeapfrog", append(append([]Claim(nil), observed...), notObserved))
	if err != nil {
		t.Fatalf("TestLeapfrog after TestOther: %v", err)
	}
	if res.CoveredOK != len(observed) || res.UnreachableOK != 1 || res.ObservedOutcomes != len(observed) || res.Coverage <= 0 {
		t.Errorf("TestLeapfrog after TestOther: %+v, want %d covered confirmed, 1 unreachable, coverage above 0", res, len(observed))
	}
	if _, err := s.Check("^TestNothing$", nil); err == nil || !strings.Contains(err.Error(), "ran no test") {
		t.Errorf("no test selected: error %v, want one saying no test ran", err)
	}
}
