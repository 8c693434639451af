// End-to-end tests of the command line on the bench programs and on bad input.

package cli

import (
	"bytes"
	"encoding/json"
	"leapfrog/internal/testutil"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"leapfrog/internal/indep"
	"leapfrog/internal/report"
	"leapfrog/internal/solver/z3"
)

// benchCopy copies the bundled bench module into a temporary directory.
func benchCopy(t *testing.T) string { return testutil.BenchCopy(t) }

// run calls Main and returns the exit code, stdout and stderr.
func run(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := Main(args, &out, &errb)
	return code, out.String(), errb.String()
}

func readReport(t *testing.T, path string) *report.Report {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var r report.Report
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	return &r
}

type tally struct {
	covered, unreachable, unknown int
	unreachableAt                 []string // "pos outcome"
}

func count(f *report.Function, sourceOnly bool) tally {
	var c tally
	for _, b := range f.Branches {
		if sourceOnly && b.Outcome != "true" && b.Outcome != "false" {
			continue
		}
		switch b.Verdict {
		case report.Covered:
			c.covered++
		case report.Unreachable:
			c.unreachable++
			c.unreachableAt = append(c.unreachableAt, b.Pos+" "+b.Outcome)
			if len(b.Conflict) == 0 || b.SMT2 == "" || b.Reason == "" {
				panic("unreachable verdict without a proof: " + b.Pos)
			}
		default:
			c.unknown++
		}
	}
	sort.Strings(c.unreachableAt)
	return c
}

// TestBenchGroundTruth runs gen -verify on the bench programs and compares the
// verdicts with the ground truth of testdata/bench/README.md. -verify runs the
// emitted tests with go test and on a source-instrumented copy, so every covered
// claim is confirmed by the Go toolchain, and no unreachable claim was observed.
func TestBenchGroundTruth(t *testing.T) {
	testutil.SkipShort(t, "gen -verify on the bench programs runs go test on generated files")
	bench := benchCopy(t)
	cases := []struct {
		pkg   string
		funcs []string
		check func(t *testing.T, f *report.Function)
	}{
		{"tcas", []string{"AltSepTest12", "AltSepTest"}, func(t *testing.T, f *report.Function) {
			c := count(f, true)
			if c.covered != 59 || c.unreachable != 5 || c.unknown != 0 {
				t.Errorf("%s: %d covered, %d unreachable, %d unknown; want 59, 5, 0", f.Function, c.covered, c.unreachable, c.unknown)
			}
			want := []string{"tcas.go:132:41 false", "tcas.go:134:37 false", "tcas.go:145:37 false", "tcas.go:147:41 false", "tcas.go:174:24 true"}
			if strings.Join(c.unreachableAt, ",") != strings.Join(want, ",") {
				t.Errorf("%s: unreachable at %v, want %v", f.Function, c.unreachableAt, want)
			}
			idx := 0
			for _, b := range f.Branches {
				if b.Outcome == "index out of range" {
					idx++
					if b.Verdict != report.Covered || !strings.HasPrefix(b.Pos, "tcas.go:115:") {
						t.Errorf("ALIM's index pseudo-branch: %+v", b)
					}
				}
			}
			if idx != 1 {
				t.Errorf("%d index pseudo-branches, want 1 (ALIM)", idx)
			}
		}},
		{"wbs", []string{"Step", "Launch"}, func(t *testing.T, f *report.Function) {
			c := count(f, true)
			want := map[string][2]int{"Step": {59, 29}, "Launch": {61, 27}}[f.Function]
			if c.covered != want[0] || c.unreachable != want[1] || c.unknown != 0 {
				t.Errorf("%s: %d covered, %d unreachable, %d unknown; want %d, %d, 0", f.Function, c.covered, c.unreachable, c.unknown, want[0], want[1])
			}
		}},
		{"paper", []string{"G", "Classify", "Count4Bits"}, func(t *testing.T, f *report.Function) {
			c := count(f, false)
			if c.unknown != 0 {
				t.Errorf("%s: %d unknown", f.Function, c.unknown)
			}
			switch f.Function {
			case "Classify":
				if strings.Join(c.unreachableAt, ",") != "paper.go:93:7 false" {
					t.Errorf("Classify: unreachable %v, want the marked branch (y < 7 false) only", c.unreachableAt)
				}
			default:
				if c.unreachable != 0 {
					t.Errorf("%s: unreachable %v", f.Function, c.unreachableAt)
				}
			}
		}},
	}
	for _, tc := range cases {
		t.Run(tc.pkg, func(t *testing.T) {
			js := filepath.Join(t.TempDir(), "r.json")
			args := append([]string{"gen", "-complete=false", "-timeout", "0", "-verify", "-validate-solver", "-json", js, filepath.Join(bench, tc.pkg)}, tc.funcs...)
			code, out, errs := run(args...)
			if code != 0 {
				t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errs)
			}
			r := readReport(t, js)
			if len(r.Functions) != len(tc.funcs) {
				t.Fatalf("%d functions in the report, want %d", len(r.Functions), len(tc.funcs))
			}
			for _, f := range r.Functions {
				tc.check(t, f)
				checkProofs(t, f)
			}
		})
	}
}

// checkProofs checks that every unreachable verdict of f was re-proved by
// the independent encoding and that its proof is self-contained: unsat for
// Z3 and for cvc5, read from its text. It logs the proofs that are only
// "(assert false)" (a constant condition, argued by the engine's tree).
func checkProofs(t *testing.T, f *report.Function) {
	t.Helper()
	var constant []string
	for _, b := range f.Branches {
		if b.Verdict != report.Unreachable {
			continue
		}
		what := f.Function + " " + b.Pos + " " + b.Outcome
		if b.Checked != report.CheckedIndependent {
			t.Errorf("%s: checked %q (%s), want independent", what, b.Checked, b.CheckReason)
		}
		if a, err := z3.EvalSMT2(b.SMT2, 30*time.Second); a != "unsat" || err != nil {
			t.Errorf("%s: Z3 says %q, %v on its proof", what, a, err)
		}
		if a, err := indep.CVC5(b.SMT2, 30*time.Second); a != "unsat" || err != nil {
			t.Errorf("%s: cvc5 says %q, %v on its proof", what, a, err)
		}
		if strings.Contains(b.SMT2, "(assert false)") {
			constant = append(constant, b.Pos+" "+b.Outcome)
		}
	}
	if len(constant) > 0 {
		t.Logf("%s: %d unreachable verdicts proved by (assert false) only: %s", f.Function, len(constant), strings.Join(constant, ", "))
	}
}

// TestSynthProofs checks the unreachable verdicts of the synthetic bench
// functions (only s270u2 has some: the two injected outcomes) like
// TestBenchGroundTruth does for the others.
func TestSynthProofs(t *testing.T) {
	testutil.SkipShort(t, "s270u2 takes half a minute")
	bench := benchCopy(t)
	js := filepath.Join(t.TempDir(), "r.json")
	code, out, errs := run("gen", "-timeout", "0", "-json", js, filepath.Join(bench, "synthpkg/s270u2"), "F")
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errs)
	}
	f := readReport(t, js).Functions[0]
	c := count(f, false)
	if want := "s270u2.go:30:17 true,s270u2.go:51:6 true"; strings.Join(c.unreachableAt, ",") != want || c.unknown != 0 {
		t.Errorf("unreachable %v, %d unknown; want %s, 0", c.unreachableAt, c.unknown, want)
	}
	checkProofs(t, f)
}

// TestDeterministic checks that two runs write the same test file and the same
// report (but for the timing).
func TestDeterministic(t *testing.T) {
	bench := benchCopy(t)
	dir := filepath.Join(bench, "tcas")
	var files [2][]byte
	var reports [2]*report.Report
	for i := range files {
		js := filepath.Join(t.TempDir(), "r.json")
		if code, out, errs := run("gen", "-complete=false", "-timeout", "0", "-json", js, dir, "AltSepTest12"); code != 0 {
			t.Fatalf("exit %d: %s%s", code, out, errs)
		}
		data, err := os.ReadFile(filepath.Join(dir, "tcas_leapfrog_test.go"))
		if err != nil {
			t.Fatal(err)
		}
		files[i] = data
		reports[i] = readReport(t, js)
		reports[i].Functions[0].Stats.TimeMs = 0
	}
	if !bytes.Equal(files[0], files[1]) {
		t.Error("two runs wrote different test files")
	}
	a, _ := json.Marshal(reports[0])
	b, _ := json.Marshal(reports[1])
	if !bytes.Equal(a, b) {
		t.Error("two runs wrote different reports")
	}
}

// TestDeterministicUnderBudget: a budget the function does not exhaust
// changes nothing in what gen writes. It once did: the solver's timeout
// parameter was lowered to the time left, and Z3 answers with other models
// under other timeout values (s36k6 gave another file on every run).
func TestDeterministicUnderBudget(t *testing.T) {
	testutil.SkipShort(t, "three runs of gen on a synthetic function")
	bench := benchCopy(t)
	dir := filepath.Join(bench, "synthpkg", "s36k6")
	var files [3][]byte
	for i, budget := range []string{"0", "2m", "2m"} {
		if code, out, errs := run("gen", "-complete=false", "-solver-timeout", "10m", "-timeout", budget, dir); code != 0 {
			t.Fatalf("-timeout %s: exit %d: %s%s", budget, code, out, errs)
		}
		data, err := os.ReadFile(filepath.Join(dir, "s36k6_leapfrog_test.go"))
		if err != nil {
			t.Fatal(err)
		}
		files[i] = data
	}
	for i := 1; i < len(files); i++ {
		if !bytes.Equal(files[0], files[i]) {
			t.Errorf("run %d under a 2m budget wrote another test file than the run without one", i)
		}
	}
}

// TestTimeout checks that an expired budget leaves unknown verdicts with the
// reason, and still writes the tests found so far.
func TestTimeout(t *testing.T) {
	bench := benchCopy(t)
	js := filepath.Join(t.TempDir(), "r.json")
	code, out, errs := run("gen", "-complete=false", "-timeout", "1ns", "-json", js, filepath.Join(bench, "tcas"), "AltSepTest12")
	if code != 0 {
		t.Fatalf("exit %d: %s%s", code, out, errs)
	}
	f := readReport(t, js).Functions[0]
	c := count(f, false)
	if c.unknown == 0 || c.unreachable != 0 {
		t.Fatalf("after a 1ns budget: %+v", c)
	}
	for _, b := range f.Branches {
		if b.Verdict == report.Unknown && !strings.HasPrefix(b.Reason, "timeout") {
			t.Errorf("unknown with reason %q, want a timeout", b.Reason)
		}
	}
	if _, err := os.Stat(filepath.Join(bench, "tcas", "tcas_leapfrog_test.go")); err != nil {
		t.Errorf("no test file written after the timeout: %v", err)
	}
}

// TestLoopBound checks that a branch needing more iterations than the bound is
// unknown, naming the loop, never unreachable.
func TestLoopBound(t *testing.T) {
	bench := benchCopy(t)
	js := filepath.Join(t.TempDir(), "r.json")
	if code, out, errs := run("gen", "-complete=false", "-timeout", "0", "-kbound", "3", "-loop-raise", "0", "-json", js, filepath.Join(bench, "paper"), "Count"); code != 0 {
		t.Fatalf("exit %d: %s%s", code, out, errs)
	}
	for _, b := range readReport(t, js).Functions[0].Branches {
		if b.Pos == "paper.go:42:5" && b.Outcome == "true" {
			if b.Verdict != report.Unknown || b.Reason != "loop 1 (paper.go:38:6) bounded at 3" {
				t.Errorf("j == 20: %s (%s), want unknown: loop 1 (paper.go:38:6) bounded at 3", b.Verdict, b.Reason)
			}
			return
		}
	}
	t.Error("no objective for j == 20")
}

// TestBadInput checks that bad input exits with the documented status and one
// line "leapfrog gen: <place>: <what>", and writes no file.
func TestBadInput(t *testing.T) {
	write := func(t *testing.T, src string) string {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module p\n\ngo 1.22\n"), 0o644)
		os.WriteFile(filepath.Join(dir, "p.go"), []byte(src), 0o644)
		return dir
	}
	good := "package p\n\nfunc F(x int32) int32 {\n\tif x > 0 {\n\t\treturn 1\n\t}\n\treturn 0\n}\n\nfunc S(f complex128) int {\n\treturn int(real(f))\n}\n"
	cases := []struct {
		name string
		dir  string
		args []string
		code int
		want string // a substring of the one stderr line, after "leapfrog gen: "
	}{
		{"does not build", write(t, "package p\n\nfunc F() int { return undefined }\n"), []string{"F"}, 1, "p.go:3:23: undefined: undefined"},
		{"missing function", write(t, good), []string{"Nope"}, 2, "Nope: no function Nope in package p"},
		{"unsupported parameter", write(t, good), []string{"S"}, 3, "p.go:10:8: unsupported: parameter f of type complex128 (S)"},
		{"bad flag", write(t, good), []string{"-frobnicate", "F"}, 2, "-frobnicate: no such flag"},
		{"bad strategy", write(t, good), []string{"-strategy", "bogus", "F"}, 2, `-strategy: unknown strategy "bogus"`},
		{"bad kbound", write(t, good), []string{"-kbound", "0", "F"}, 2, "-kbound: must be at least 1, got 0"},
		{"negative timeout", write(t, good), []string{"-timeout", "-5s", "F"}, 2, "-timeout: must not be negative, got -5s"},
		{"not a directory", "/nonexistent/dir", []string{"F"}, 2, "/nonexistent/dir: no such directory"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			js := filepath.Join(t.TempDir(), "r.json")
			args := []string{"gen", "-json", js}
			flags, names := []string{}, []string{}
			for i := 0; i < len(tc.args); i++ {
				if strings.HasPrefix(tc.args[i], "-") {
					flags = append(flags, tc.args[i])
					if tc.args[i] != "-frobnicate" && i+1 < len(tc.args) {
						flags = append(flags, tc.args[i+1])
						i++
					}
				} else {
					names = append(names, tc.args[i])
				}
			}
			args = append(append(append(args, flags...), tc.dir), names...)
			code, _, errs := run(args...)
			if code != tc.code {
				t.Errorf("exit %d, want %d; stderr %q", code, tc.code, errs)
			}
			lines := strings.Split(strings.TrimSpace(errs), "\n")
			if len(lines) != 1 || !strings.HasPrefix(lines[0], "leapfrog gen: ") || !strings.Contains(lines[0], tc.want) {
				t.Errorf("stderr %q, want one line \"leapfrog gen: ...%s...\"", errs, tc.want)
			}
			if _, err := os.Stat(js); err == nil {
				t.Error("a report was written")
			}
			if m, _ := filepath.Glob(filepath.Join(tc.dir, "*_leapfrog_test.go")); len(m) > 0 {
				t.Errorf("a test file was written: %v", m)
			}
		})
	}
}
