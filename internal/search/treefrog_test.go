// TreeFrog against the paper's Table 1 (TCAS) and the shape of Table 2 (s270u2): verdicts, cases, solver calls, reuse of over-approximate conflicts.

package search_test

import (
	"testing"
	"time"

	"leapfrog/internal/report"
	"leapfrog/internal/search"
)

// TestTreeFrogTCAS: every branch classified as dfs classifies it, within the
// paper's Table 1 figures for TreeFrog: at most 19 cases generated (kept and
// discarded) and 20 solver calls (flips and queries for a test; the
// satisfiability checks of learning are counted apart). TCAS has a run-time
// check that can fail (ALIM's index), so the whole-function encoding does not
// apply: this is the conflict-learning search, with suffix enumeration
// pruned by over-approximate conflicts reused across states.
func TestTreeFrogTCAS(t *testing.T) {
	fn := load(t, benchDir(t)+"/tcas", "AltSepTest12")["AltSepTest12"]
	tf := explore(t, fn, search.TreeFrog{})
	ref := explore(t, fn, search.DFS{})
	sameVerdicts(t, ref, tf)
	st := tf.Stats
	if st.Cases > 19 || st.SolverCalls > 20 {
		t.Errorf("treefrog on TCAS: %d cases, %d solver calls; want at most 19 and 20 (the paper's)", st.Cases, st.SolverCalls)
	}
	if st.Conflicts == 0 || st.SatChecks == 0 || st.OverConflicts == 0 || st.OverReused == 0 {
		t.Errorf("treefrog learned or reused nothing: %+v", st)
	}
	t.Logf("TCAS treefrog: %+v", st)
}

// TestTreeFrogUnreachableS270 checks that the default strategy classifies
// every branch of s270u2 (270 conditions, 2 injected unreachable outcomes,
// as TreeFrog's Complex) and proves exactly the two injected outcomes
// unreachable, with about one solver call per case (auto chooses the
// whole-function encoding: the function is loop-free). Its cost against
// mtelse is measured by BenchmarkS270.
func TestTreeFrogUnreachableS270(t *testing.T) {
	fn := load(t, benchDir(t)+"/synthpkg/s270u2", "F")["F"]
	tf := analyze(t, fn, search.Auto{}, 5*time.Minute, nil)
	if tf.Strategy != "whole" {
		t.Errorf("auto chose %s on s270u2, want whole", tf.Strategy)
	}
	var unreachable []string
	unknown := 0
	for _, b := range tf.Branches {
		switch b.Verdict {
		case report.Unreachable:
			unreachable = append(unreachable, b.Pos.String()+" "+b.Outcome)
		case report.Unknown:
			unknown++
		}
	}
	want := map[string]bool{"s270u2.go:30:17 true": true, "s270u2.go:51:6 true": true}
	if len(unreachable) != 2 || !want[unreachable[0]] || !want[unreachable[1]] || unknown != 0 {
		t.Errorf("treefrog: unreachable %v (want the two injected outcomes), %d unknown", unreachable, unknown)
	}
	if st := tf.Stats; st.SolverCalls > st.Cases+len(unreachable)+5 {
		t.Errorf("treefrog: %d solver calls for %d cases and %d unreachable objectives", st.SolverCalls, st.Cases, len(unreachable))
	}
	t.Logf("s270u2: treefrog %+v", tf.Stats)
}

// BenchmarkS270 runs auto (the whole-function encoding) to the end on s270u2, then mtelse for the same
// time (a lower bound on its cost: the paper's MTelse needed half an hour),
// and reports both solver-call counts and their ratio.
func BenchmarkS270(b *testing.B) {
	fn := load(b, benchDir(b)+"/synthpkg/s270u2", "F")["F"]
	for i := 0; i < b.N; i++ {
		start := time.Now()
		tf := analyze(b, fn, search.Auto{}, 5*time.Minute, nil)
		mt := analyze(b, fn, search.MTElse{}, time.Since(start), nil)
		b.ReportMetric(float64(tf.Stats.SolverCalls), "treefrog-solver-calls/op")
		b.ReportMetric(float64(mt.Stats.SolverCalls), "mtelse-solver-calls-same-time/op")
		b.ReportMetric(float64(mt.Stats.SolverCalls)/float64(tf.Stats.SolverCalls), "ratio")
	}
}
