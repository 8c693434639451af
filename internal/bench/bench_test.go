// Tests of the comparison: differences between verdicts, timed-out runs left out, a comparison of two strategies end to end.

package bench

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"leapfrog/internal/analysis"
	"leapfrog/internal/lower"
	"leapfrog/internal/report"
	"leapfrog/internal/testutil"
)

func outcome(name string, verdicts ...report.Verdict) *Outcome {
	r := &report.Function{Strategy: name}
	for i, v := range verdicts {
		r.Branches = append(r.Branches, report.Branch{ID: string(rune('a' + i)), Verdict: v})
	}
	return &Outcome{Strategy: name, Runs: 1, Report: r, runs: []*report.Function{r}}
}

func TestDifferences(t *testing.T) {
	d := differences([]*Outcome{outcome("x", "covered", "unreachable"), outcome("y", "covered", "unknown")})
	if len(d) != 1 || !strings.Contains(d[0], "x=unreachable y=unknown") {
		t.Fatalf("differences: %q", d)
	}
	if d := differences([]*Outcome{outcome("x", "covered"), outcome("y", "covered")}); len(d) != 0 {
		t.Fatalf("differences: %q", d)
	}
}

// TestTimedOut: a run timed out when it spent the part of the budget the
// analysis may spend (analysis.SearchBudget) or left an objective open for a
// timeout; only the strategies that finished are compared.
func TestTimedOut(t *testing.T) {
	budget := 1200 * time.Millisecond
	r := &report.Function{Stats: report.Stats{TimeMs: analysis.SearchBudget(budget).Milliseconds()}}
	if !timedOut([]*report.Function{r}, budget) || timedOut([]*report.Function{r}, 0) {
		t.Error("a run that spent its budget is not timed out, or one without a budget is")
	}
	r.Stats.TimeMs--
	if timedOut([]*report.Function{r}, budget) {
		t.Error("a run that finished before the budget is timed out")
	}
	r.Branches = []report.Branch{{Verdict: report.Unknown, Reason: "timeout: the budget ran out"}}
	if !timedOut([]*report.Function{r}, budget) {
		t.Error("a run with an objective open for a timeout is not timed out")
	}
	slow, fast := outcome("slow", "unknown"), outcome("fast", "unreachable")
	slow.TimedOut = true
	bf := &Function{Function: "F", Package: "p", Strategies: []*Outcome{slow, fast}}
	bf.Differences = differences(completed(bf.Strategies))
	bf.SameVerdicts = len(bf.Differences) == 0
	var out bytes.Buffer
	bf.WriteTable(&out)
	if !bf.SameVerdicts || !strings.Contains(out.String(), "same verdicts: yes (among those that finished; timed out: slow)") || !strings.Contains(out.String(), "1 unreachable") {
		t.Errorf("table:\n%s", out.String())
	}
}

// TestCompare compares two strategies over two runs each on a bench
// function through analysis.Analyze: the same verdicts, the means of equal
// runs equal to the first run's figures, the cost table.
func TestCompare(t *testing.T) {
	res, err := lower.Load(filepath.Join(testutil.BenchCopy(t), "paper"), []string{"Classify"})
	if err != nil || len(res.Errors) > 0 {
		t.Fatalf("%v %v", err, res.Errors)
	}
	o := Options{Strategies: []string{"dfs", "treefrog"}, Runs: 2, Config: analysis.Defaults()}
	bf, err := Compare(context.Background(), analysis.Target{Target: res.Targets[0], Package: res.Pkg.PkgPath}, o)
	if err != nil {
		t.Fatal(err)
	}
	if !bf.SameVerdicts || len(bf.Strategies) != 2 {
		t.Fatalf("same verdicts %v, %d strategies: %q", bf.SameVerdicts, len(bf.Strategies), bf.Differences)
	}
	for _, s := range bf.Strategies {
		if s.Report.Strategy != s.Strategy || s.Mean.SolverCalls != float64(s.Report.Stats.SolverCalls) || s.Mean.Cases != float64(s.Report.Stats.Cases) {
			t.Errorf("%s: report of %s, mean %+v, first run %+v", s.Strategy, s.Report.Strategy, s.Mean, s.Report.Stats)
		}
	}
	var out bytes.Buffer
	bf.WriteTable(&out)
	for _, want := range []string{"leapfrogbench/paper.Classify: 15 objectives", "(means over 2 runs)", "solver calls", "treefrog", "same verdicts: yes\n"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, out.String())
		}
	}
	if _, err := Compare(context.Background(), analysis.Target{Target: res.Targets[0]}, Options{Strategies: []string{"nope"}, Runs: 1, Config: analysis.Defaults()}); err == nil || !strings.Contains(err.Error(), `unknown strategy "nope"`) {
		t.Errorf("unknown strategy: %v", err)
	}
}
