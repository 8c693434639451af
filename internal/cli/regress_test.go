// Regression scenarios: programs that once got a wrong verdict, under every strategy.

package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"leapfrog/internal/testutil"
)

// regressStrategies are the strategies every regression scenario runs under;
// all must give every objective the same verdict (design invariant 2).
var regressStrategies = []string{"dfs", "eager", "lookahead", "else", "mtelse", "treefrog", "pm", "rg", "rgcb"}

// regressVerify are the strategies whose emitted tests are also run with
// -verify (go test on the emitted file and on an instrumented copy).
var regressVerify = map[string]bool{"treefrog": true}

// shortRegressions are the scenarios TestRegressions runs with -short, the
// quickest; every scenario runs without -short.
var shortRegressions = map[string]bool{"ptreq": true, "spare": true, "divzero": true, "noreturn": true}

// TestRegressions runs each testdata/regress/*.txtar scenario (a package p,
// its functions in "funcs", extra flags in "flags") under every strategy
// with -validate-solver, and compares the verdicts, one line per objective,
// with the "want" section, which -update rewrites from the dfs run. The
// wanted verdicts were checked by hand against the Go program (each
// scenario's comment says what used to go wrong); every strategy must
// agree with them.
func TestRegressions(t *testing.T) {
	testutil.Goldens(t, "testdata/regress/*.txtar", func(t *testing.T, g *testutil.Golden) {
		if testing.Short() && !shortRegressions[filepath.Base(t.Name())] {
			t.Skip("-short runs a few scenarios; this one runs without -short")
		}
		t.Parallel()
		dir := t.TempDir()
		control := testutil.WriteTree(t, g.Archive, dir, "funcs", "flags", "want")
		funcs, flags := strings.Fields(control["funcs"]), strings.Fields(control["flags"])
		if len(funcs) == 0 {
			t.Fatal("no funcs section")
		}
		got := map[string]string{}
		for _, st := range regressStrategies {
			got[st] = regressRun(t, dir, st, funcs, flags)
		}
		// The dfs run is the golden one (-update writes it; check it by
		// hand); every strategy must agree with it.
		g.Check(t, map[string]string{"want": got["dfs"]}, "want")
		want, ok := g.Section("want")
		if !ok {
			return
		}
		for _, st := range regressStrategies {
			if st != "dfs" && got[st] != want {
				t.Errorf("%s: verdicts differ from want:\n%s", st, testutil.Diff("want", want, st, got[st]))
			}
		}
	})
}

// regressRun runs gen with one strategy and returns "func pos outcome
// verdict" lines, sorted.
func regressRun(t *testing.T, dir, strategy string, funcs, flags []string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "r.json")
	args := []string{"gen", "-complete=false", "-timeout", "0", "-strategy", strategy, "-validate-solver", "-json", out}
	if regressVerify[strategy] {
		args = append(args, "-verify")
	} else {
		args = append(args, "-o", filepath.Join(t.TempDir(), "x_test.go"))
	}
	args = append(append(args, flags...), dir)
	args = append(args, funcs...)
	var stdout, stderr bytes.Buffer
	if code := Main(args, &stdout, &stderr); code != 0 {
		t.Fatalf("%s: exit %d\n%s%s", strategy, code, stdout.String(), stderr.String())
	}
	if regressVerify[strategy] {
		// The emitted file is written beside the source: remove it so that
		// the next strategy's verify does not compile two files.
		matches, _ := filepath.Glob(filepath.Join(dir, "*_leapfrog_test.go"))
		for _, m := range matches {
			os.Remove(m)
		}
	}
	rep := readReport(t, out)
	var lines []string
	for _, f := range rep.Functions {
		for _, b := range f.Branches {
			lines = append(lines, fmt.Sprintf("%s %s %s %s", f.Function, b.Pos, b.Outcome, b.Verdict))
			if b.Verdict == "unreachable" && (b.SMT2 == "" || len(b.Conflict) == 0) {
				t.Errorf("%s: %s %s %s unreachable without a proof", strategy, f.Function, b.Pos, b.Outcome)
			}
			if b.Verdict == "unreachable" && b.DecidedIn == "" {
				checkStandAlone(t, fmt.Sprintf("%s: %s %s %s", strategy, f.Function, b.Pos, b.Outcome), b.SMT2)
			}
		}
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n") + "\n"
}
