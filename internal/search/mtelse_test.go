// Multi-threaded MTelse: the same verdicts run after run, and as dfs (run with -race too).

package search_test

import (
	"testing"

	"leapfrog/internal/analysis"
	"leapfrog/internal/search"
)

// exploreWorkers runs mtelse with a solver chain per worker.
func exploreWorkers(t *testing.T, tg analysis.Target, workers int) *search.Result {
	return analyze(t, tg, search.MTElse{}, 0, func(c *analysis.Config) { c.Workers = workers })
}

// TestMTElseParallel: five multi-threaded runs give the verdicts of dfs (the
// costs may vary), every objective accounted for by a kept case or a verdict.
func TestMTElseParallel(t *testing.T) {
	dir := benchDir(t)
	cases := []struct {
		pkg   string
		funcs []string
		slow  bool // dfs takes seconds: only without -short
	}{
		{"tcas", []string{"AltSepTest12"}, false},
		{"wbs", []string{"Step"}, false},
		{"paper", []string{"Classify", "GetSetBits"}, false},
		{"synthpkg/s20k8", []string{"F"}, true},
	}
	for _, c := range cases {
		if c.slow && testing.Short() {
			t.Logf("-short: %s left out (dfs takes seconds); it runs without -short", c.pkg)
			continue
		}
		fns := load(t, dir+"/"+c.pkg, c.funcs...)
		for _, name := range c.funcs {
			t.Run(c.pkg+"."+name, func(t *testing.T) {
				ref := explore(t, fns[name], search.DFS{})
				for run := 1; run <= 5; run++ {
					r := exploreWorkers(t, fns[name], 4)
					if len(r.Branches) != len(ref.Branches) {
						t.Fatalf("run %d: %d objectives, dfs: %d", run, len(r.Branches), len(ref.Branches))
					}
					for i, b := range r.Branches {
						if rb := ref.Branches[i]; b.ID != rb.ID || b.Verdict != rb.Verdict {
							t.Errorf("run %d: %s %s %s: dfs says %s, mtelse says %s", run, b.ID, b.Pos, b.Outcome, rb.Verdict, b.Verdict)
						}
					}
					if r.Stats.SolverCalls != r.Stats.EagerFlips+r.Stats.HopefulFlips {
						t.Errorf("run %d: %d solver calls != %d eager + %d hopeful flips", run, r.Stats.SolverCalls, r.Stats.EagerFlips, r.Stats.HopefulFlips)
					}
					t.Logf("run %d: %d solver calls (%d hopeful), %d cases", run, r.Stats.SolverCalls, r.Stats.HopefulFlips, r.Stats.Cases)
				}
			})
		}
	}
}
