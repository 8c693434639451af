// Every unreachable verdict's smt2 on the bench programs stands on its own: a whole-function formula or certificate, unsat for Z3 and for cvc5, no (assert false).

package analysis_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"leapfrog/internal/analysis"
	"leapfrog/internal/report"
	"leapfrog/internal/testutil"
)

// TestProofsStandAlone analyses the bench programs as gen does (re-proof
// included) and checks the smt2 of every unreachable verdict alone
// (analysis.CheckProof: a kind that states the whole argument, no literal
// (assert false), unsat for Z3 and for cvc5's command line). Without
// -short: every function of tcas, wbs, paper and the shapes example under
// every strategy, within gen's default budget each (the path-exhaustive
// ones would run for hours); with -short, wbs.Step (conditions constant folding
// decides: NewWBS's constant fields), tcas (the conflicts the search
// learns) and Classify (a condition constant on its paths) under a few.
// The strategies prove the same objectives with the same formula: each
// distinct formula is checked once.
func TestProofsStandAlone(t *testing.T) {
	dir := testutil.BenchCopy(t)
	shapes := filepath.Join(t.TempDir(), "shapes")
	if err := os.CopyFS(shapes, os.DirFS(filepath.Join(testutil.Root(), "examples", "shapes"))); err != nil {
		t.Fatal(err)
	}
	type run struct {
		dir, fn    string
		strategies []string
	}
	var budget time.Duration // none with -short: those runs finish
	runs := []run{
		{filepath.Join(dir, "wbs"), "Step", []string{"auto", "treefrog", "pm"}},
		{filepath.Join(dir, "tcas"), "AltSepTest12", []string{"treefrog", "dfs"}},
		{filepath.Join(dir, "paper"), "Classify", []string{"auto", "treefrog", "pe"}},
	}
	want := 90
	if !testing.Short() {
		all := analysis.StrategyNames()
		runs = nil
		for _, p := range []struct {
			dir   string
			funcs []string
		}{
			{filepath.Join(dir, "tcas"), []string{"AltSepTest", "AltSepTest12"}},
			{filepath.Join(dir, "wbs"), []string{"Step", "Launch"}},
			{filepath.Join(dir, "paper"), []string{"G", "M", "Count", "GetSetBits", "Count4Bits", "Classify"}},
			{shapes, []string{"Triangle", "Classify", "Lookup"}},
		} {
			for _, fn := range p.funcs {
				runs = append(runs, run{p.dir, fn, all})
			}
		}
		want, budget = 400, analysis.DefaultBudget
	}
	proofs := 0
	checked := map[string]error{} // per distinct formula
	for _, r := range runs {
		tg := benchTarget(t, filepath.Dir(r.dir), filepath.Base(r.dir), r.fn)
		for _, sn := range r.strategies {
			for _, b := range analyzeWithin(t, tg, sn, false, budget).Branches {
				if b.Verdict != report.Unreachable || b.DecidedIn != "" {
					continue
				}
				proofs++
				err, ok := checked[b.SMT2]
				if !ok {
					err = analysis.CheckProof(b.SMT2, 20*time.Second)
					checked[b.SMT2] = err
				}
				if err != nil {
					t.Errorf("%s.%s %s %s %s: %v", filepath.Base(r.dir), r.fn, sn, b.Pos, b.Outcome, err)
				}
			}
		}
	}
	if proofs < want {
		t.Errorf("%d unreachable verdicts checked; the bench functions hold at least %d", proofs, want)
	}
	t.Logf("%d unreachable verdicts, %d distinct formulas checked", proofs, len(checked))
}
