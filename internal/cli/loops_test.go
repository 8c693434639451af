// Tests of the loop treatments: per-loop bounds, models (directives and inferred), raised bounds.

package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"leapfrog/internal/analysis"
	"leapfrog/internal/report"
)

// genJSON runs gen and returns the report of the single function, and stderr.
func genJSON(t *testing.T, args ...string) (*report.Function, string) {
	t.Helper()
	js := filepath.Join(t.TempDir(), "r.json")
	out := filepath.Join(t.TempDir(), "x_test.go")
	full := append([]string{"gen", "-timeout", "0", "-o", out, "-json", js}, args...)
	code, stdout, errs := run(full...)
	if code != 0 {
		t.Fatalf("exit %d: %s%s", code, stdout, errs)
	}
	return readReport(t, js).Functions[0], errs
}

func branch(t *testing.T, f *report.Function, pos, outcome string) report.Branch {
	t.Helper()
	for _, b := range f.Branches {
		if b.Pos == pos && b.Outcome == outcome {
			return b
		}
	}
	t.Fatalf("%s: no objective %s %s", f.Function, pos, outcome)
	return report.Branch{}
}

func noUnreachable(t *testing.T, f *report.Function) {
	t.Helper()
	for _, b := range f.Branches {
		if b.Verdict == report.Unreachable {
			t.Errorf("%s: %s %s unreachable: %s", f.Function, b.Pos, b.Outcome, b.Reason)
		}
	}
}

func allCovered(t *testing.T, f *report.Function) {
	t.Helper()
	for _, b := range f.Branches {
		if b.Verdict != report.Covered {
			t.Errorf("%s: %s %s %s: %s", f.Function, b.Pos, b.Outcome, b.Verdict, b.Reason)
		}
	}
}

// TestPaperLoops: the loop examples of the SPF loops paper and the bit count.
func TestPaperLoops(t *testing.T) {
	paper := filepath.Join(benchCopy(t), "paper")
	for _, c := range []struct {
		name string
		args []string
	}{
		{"M", []string{"-kbound", "2"}},
		{"M", []string{"-kbound", "2", "-loop-models", "auto"}},
		{"Count", nil}, // j == 20: the raised bound
		{"Count", []string{"-loop-models", "auto"}}, // models leaving j == 20 open are released
		{"GetSetBits", nil},
		{"GetSetBits", []string{"-loop-models", "auto"}},
	} {
		t.Run(c.name+strings.Join(c.args, ""), func(t *testing.T) {
			f, _ := genJSON(t, append(c.args, paper, c.name)...)
			allCovered(t, f)
			noUnreachable(t, f)
		})
	}
}

func writePkg(t *testing.T, src string) string {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module p\n\ngo 1.22\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "p.go"), []byte(src), 0o644)
	return dir
}

const loopSrc = `package p

//leapfrog:kbound 1:3
func Count(i int32) bool {
	j := int32(0)
	for i > 0 {
		j++
		i--
	}
	if j == 20 {
		return true
	}
	return false
}

//leapfrog:models "1.i -> 0,9,10"
func M(i int32) bool {
	b := false
	for i > 0 {
		if i == 10 {
			b = true
		}
		i--
	}
	return b
}

//leapfrog:models "1.[i,k] -> [3,1],[5,1]"
func Odd(i, k int32) int32 {
	i = 2 * i
	r := int32(0)
	for i > 0 {
		if i == 6 {
			r += k
		}
		i--
	}
	return r
}

//leapfrog:kbound Inner.1:2
func Outer(n int32) int32 {
	return Inner(n) + 1
}

func Inner(n int32) int32 {
	s := int32(0)
	for n > 0 {
		s++
		n--
	}
	if s == 5 {
		return 100
	}
	return s
}
`

// TestLoopDirectives: a per-loop bound is exact (never raised) and a branch
// beyond it is unknown with the loop named; models are applied, and models
// that no context admits are reported, their branches unknown, never
// unreachable.
func TestLoopDirectives(t *testing.T) {
	dir := writePkg(t, loopSrc)
	f, _ := genJSON(t, dir, "Count")
	if b := branch(t, f, "p.go:10:5", "true"); b.Verdict != report.Unknown || b.Reason != "loop 1 (p.go:6:6) bounded at 3" {
		t.Errorf("j == 20: %s (%s), want unknown: loop 1 (p.go:6:6) bounded at 3", b.Verdict, b.Reason)
	}
	noUnreachable(t, f)

	f, _ = genJSON(t, "-kbound", "2", dir, "M")
	allCovered(t, f)

	f, errs := genJSON(t, dir, "Odd")
	noUnreachable(t, f)
	if !strings.Contains(errs, "warning: loop 1: the directive models") || len(f.Warnings) == 0 {
		t.Errorf("no warning for infeasible models: stderr %q, report %q", errs, f.Warnings)
	}
	if b := branch(t, f, "p.go:33:6", "true"); b.Verdict != report.Unknown || b.Reason != "loop 1 concretized" {
		t.Errorf("i == 6: %s (%s), want unknown: loop 1 concretized", b.Verdict, b.Reason)
	}

	f, _ = genJSON(t, dir, "Outer")
	if b := branch(t, f, "p.go:52:5", "true"); b.Verdict != report.Unknown || b.Reason != "loop Inner.1 (p.go:48:6) bounded at 2" {
		t.Errorf("s == 5: %s (%s), want unknown: loop Inner.1 (p.go:48:6) bounded at 2", b.Verdict, b.Reason)
	}
	noUnreachable(t, f)
}

// TestRefinedModels: inferred models that all conflict with the loop-entry
// context (i ≥ 100 at entry; the out-of-context models are small) are refined
// with it; the branch they still cannot reach is covered once the models are
// released and the bound raised.
func TestRefinedModels(t *testing.T) {
	dir := writePkg(t, `package p

func Big(i int32) int32 {
	if i < 100 {
		return 0
	}
	r := int32(0)
	for i > 0 {
		if i == 12 {
			r++
		}
		i--
	}
	return r
}
`)
	f, errs := genJSON(t, "-loop-models", "auto", "-kbound", "2", dir, "Big")
	noUnreachable(t, f)
	allCovered(t, f)
	if !strings.Contains(errs, "refined with it") {
		t.Errorf("no refinement reported: %s", errs)
	}
}

// modelStopSrc holds the two reproducers of issue 10 (reproducer 2): a
// forced run through the model constraint at a loop's entry must not be read
// as a complete path. F(0, 1, 0) reaches r == 3 false in the second call of
// g; M's models (n = 3) are consistent with the entry, so all four outcomes
// are covered.
const modelStopSrc = `package p

func g(v, n int32) int32 {
	if v > 0 {
		r := int32(0)
		for i := int32(0); i < n; i++ {
			r++
		}
		if r == 3 {
			return 1
		}
		return 2
	}
	return 0
}

//leapfrog:models "g.1.n -> 3"
func F(x, y, n int32) int32 { return g(x, 3) + g(y, n) }

//leapfrog:models "1.n -> 3"
func M(n int32) int32 {
	r := int32(0)
	for i := int32(0); i < n; i++ {
		r++
	}
	if r == 3 {
		return 1
	}
	return 2
}
`

// TestModelStepNotAPath: under every strategy, both reproducers have every
// outcome covered (before the fix, treefrog claimed r == 3 false unreachable
// in F and left two outcomes of M unknown with no solver call).
func TestModelStepNotAPath(t *testing.T) {
	dir := writePkg(t, modelStopSrc)
	for _, st := range analysis.StrategyNames() {
		for _, fn := range []string{"F", "M"} {
			t.Run(st+"."+fn, func(t *testing.T) {
				f, errs := genJSON(t, "-strategy", st, dir, fn)
				allCovered(t, f)
				if strings.Contains(errs, "infeasible") {
					t.Errorf("models reported infeasible: %s", errs)
				}
			})
		}
	}
}
