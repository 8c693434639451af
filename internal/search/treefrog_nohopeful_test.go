// Pure TreeFrog on the bench programs: no hopeful flip (§8), the same verdicts as a reference strategy.

package search_test

import (
	"testing"
	"time"

	"leapfrog/internal/search"
)

// TestNoHopefulFlipsOnBench: pure TreeFrog never flips hopefully on the
// bench programs, agrees with DFS (or, on s270u2, which DFS does not finish,
// with the whole-function encoding), and decides every outcome there.
func TestNoHopefulFlipsOnBench(t *testing.T) {
	dir := benchDir(t)
	cases := []struct {
		pkg, fn string
		ref     search.Strategy
		slow    bool
	}{
		{"tcas", "AltSepTest12", search.DFS{}, false},
		{"wbs", "Step", search.DFS{}, false},
		{"paper", "Classify", search.DFS{}, false},
		{"paper", "M", search.DFS{}, false},
		{"synthpkg/s270u2", "F", search.Whole{}, true},
	}
	for _, c := range cases {
		t.Run(c.pkg+"."+c.fn, func(t *testing.T) {
			if c.slow && testing.Short() {
				t.Skip("-short: s270u2 under treefrog takes half a minute")
			}
			fn := load(t, dir+"/"+c.pkg, c.fn)[c.fn]
			tf := analyze(t, fn, search.TreeFrog{}, 5*time.Minute, nil)
			ref := analyze(t, fn, c.ref, 5*time.Minute, nil)
			if tf.Stats.HopefulFlips != 0 {
				t.Errorf("%d hopeful flips, want none", tf.Stats.HopefulFlips)
			}
			for i, b := range tf.Branches {
				if rb := ref.Branches[i]; b.Verdict != rb.Verdict {
					t.Errorf("%s %s: treefrog %s (%s), %s %s", b.Pos, b.Outcome, b.Verdict, b.Reason, ref.Strategy, rb.Verdict)
				}
			}
			if c.pkg == "synthpkg/s270u2" && tf.Stats.SolverCalls > 260 {
				// The paper's Complex: 248 calls; measured here: 250.
				t.Errorf("s270u2: %d solver calls, want about the paper's 248", tf.Stats.SolverCalls)
			}
			t.Logf("%+v", tf.Stats)
		})
	}
}
