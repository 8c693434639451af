// CFG models as input: gen and bench on .ir files (testdata/model_*.txtar), -important, bench on the synthetic programs.

package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"leapfrog/internal/bench"
	"leapfrog/internal/report"
	"leapfrog/internal/testutil"
)

var timeRE = regexp.MustCompile(`(?m); [0-9.hmsµn]+$`)

// TestModel runs gen with pe, rg and rgcb on each model of testdata and
// compares the summaries (times masked) and the verdicts with the archive.
func TestModel(t *testing.T) {
	testutil.Goldens(t, "testdata/model_*.txtar", func(t *testing.T, g *testutil.Golden) {
		dir := t.TempDir()
		model := filepath.Join(dir, "model.ir")
		src, _ := g.Section("model.ir")
		if err := os.WriteFile(model, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		var summary, verdicts strings.Builder
		var ref []report.Branch
		for _, st := range []string{"pe", "rg", "rgcb"} {
			js := filepath.Join(dir, "r.json")
			code, out, errs := run("gen", "-timeout", "0", "-validate-solver", "-strategy", st, "-json", js, model, "M")
			if code != 0 {
				t.Fatalf("%s: exit %d\n%s%s", st, code, out, errs)
			}
			if !strings.Contains(out, "model input: no Go test emitted") {
				t.Errorf("%s: output does not say that no Go test was emitted:\n%s", st, out)
			}
			summary.WriteString(timeRE.ReplaceAllString(strings.ReplaceAll(out, dir, "$WORK"), "; TIME"))
			r := readReport(t, js).Functions[0]
			count(r, false) // panics on an unreachable verdict without a proof
			fmt.Fprintf(&verdicts, "%s:\n", st)
			for i, b := range r.Branches {
				fmt.Fprintf(&verdicts, "  %s %s %s %s\n", b.ID, b.Pos, b.Outcome, b.Verdict)
				if ref != nil && ref[i].Verdict != b.Verdict {
					t.Errorf("%s %s: pe says %s, %s says %s", b.ID, b.Pos, ref[i].Verdict, st, b.Verdict)
				}
			}
			if ref == nil {
				ref = r.Branches
			}
			if len(r.Cases) == 0 || len(r.Cases[0].Inputs) != 4 {
				t.Errorf("%s: cases without inputs: %+v", st, r.Cases)
			}
			if matches, _ := filepath.Glob(filepath.Join(dir, "*_test.go")); len(matches) > 0 {
				t.Errorf("gen wrote %v for a model", matches)
			}
		}
		g.Check(t, map[string]string{"summary": summary.String(), "verdicts": verdicts.String()}, "summary", "verdicts")
		if testutil.Updating() {
			return
		}
		// bench on the model: the same verdicts everywhere.
		code, out, errs := run("bench", "-strategies", "pe,rg,rgcb,dfs", model, "M")
		if code != 0 || !strings.Contains(out, "same verdicts: yes") || !strings.Contains(out, "largest jump") {
			t.Errorf("bench: exit %d\n%s%s", code, out, errs)
		}
	})
}

func TestModelErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.ir")
	os.WriteFile(bad, []byte("func M(a i32) i32 {\n\t%1 = lt a, zz\n\treturn 0\n}\n"), 0o644)
	good := filepath.Join(dir, "good.ir")
	os.WriteFile(good, []byte("func M(a i32) i32 {\n\t%1 = lt a, 3\n\tif %1 t f\nt:\n\t%2 = eq a, 1\n\tif %2 t2 f2\nt2:\n\treturn 1\nf2:\n\treturn 2\nf:\n\treturn 0\n}\n"), 0o644)
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"gen", bad, "M"}, 1, "leapfrog gen: " + bad + ":2:"},
		{[]string{"bench", bad, "M"}, 1, "leapfrog bench: " + bad + ":2:"},
		{[]string{"gen", "-verify", good, "M"}, 2, "leapfrog gen: -verify: needs a Go package, not a CFG model\n"},
		{[]string{"gen", good, "Nope"}, 2, "leapfrog gen: Nope: no function Nope in the model " + good + "\n"},
		{[]string{"gen", filepath.Join(dir, "none.ir"), "M"}, 2, "none.ir"},
		{[]string{"gen", "-strategy", "rg", "-important", "good.ir:99", good, "M"}, 1, "-important: no branch of M"},
		{[]string{"gen", "-important", "good.ir", good, "M"}, 2, "leapfrog gen: -important: \"good.ir\": want FILE:LINE\n"},
	} {
		code, out, errs := run(c.args...)
		if code != c.code || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, stderr %q, want %d and %q\n%s", c.args, code, errs, c.code, c.want, out)
		}
	}
	code, out, errs := run("gen", "-strategy", "rgcb", "-important", "good.ir:3", good, "M")
	if code != 0 || !strings.Contains(out, "objectives not targeted") {
		t.Errorf("gen -important: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = run("gen", "-strategy", "rgcb", good, "M")
	if code != 0 || !strings.Contains(out, "5 covered") || !strings.Contains(out, "model input: no Go test emitted") {
		t.Errorf("gen: exit %d\n%s%s", code, out, errs)
	}
}

// TestBenchRG: bench -strategies pe,rg,rgcb on the synthetic programs prints
// the columns of the paper's Table 3; rgcb meets at most one infeasible path
// per injected conflict plus two, and on s20k8 at least 10× fewer than rg.
// pe (and rg on s36k6) run out of the budget: their costs are lower bounds.
func TestBenchRG(t *testing.T) {
	testutil.SkipShort(t, "long bench runs on the synthetic programs")
	dir := benchCopy(t)
	for _, c := range []struct {
		pkg       string
		conflicts int
	}{
		{"synthpkg/s20k8", 8},
		{"synthpkg/s36k6", 6},
	} {
		t.Run(c.pkg, func(t *testing.T) {
			js := filepath.Join(t.TempDir(), "b.json")
			code, out, errs := run("bench", "-timeout", "4s", "-strategies", "pe,rg,rgcb", "-json", js, filepath.Join(dir, c.pkg), "F")
			t.Logf("\n%s", out)
			if code != 0 {
				t.Fatalf("exit %d\n%s%s", code, out, errs)
			}
			for _, h := range []string{"paths", "infeasible", "largest jump", "conflict clauses", "time", "same verdicts: yes"} {
				if !strings.Contains(out, h) {
					t.Errorf("output lacks %q", h)
				}
			}
			data, err := os.ReadFile(js)
			if err != nil {
				t.Fatal(err)
			}
			var rep bench.Report
			if err := json.Unmarshal(data, &rep); err != nil {
				t.Fatal(err)
			}
			by := map[string]*bench.Outcome{}
			for _, o := range rep.Functions[0].Strategies {
				by[o.Strategy] = o
			}
			cb := by["rgcb"]
			if cb.TimedOut || cb.Report.Stats.InfeasiblePaths > c.conflicts+2 || cb.Report.Stats.LargestBackjump == 0 {
				t.Errorf("rgcb: %+v (timed out %v)", cb.Report.Stats, cb.TimedOut)
			}
			if rg := by["rg"]; c.conflicts == 8 && rg.Report.Stats.InfeasiblePaths < 10*cb.Report.Stats.InfeasiblePaths {
				t.Errorf("rg: %d infeasible paths, rgcb %d: want at least 10× fewer", rg.Report.Stats.InfeasiblePaths, cb.Report.Stats.InfeasiblePaths)
			}
		})
	}
}
