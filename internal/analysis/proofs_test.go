// Every unreachable verdict's smt2 on bench functions stands on its own: unsat for Z3 and for cvc5, no (assert false).

package analysis_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"leapfrog/internal/analysis"
	"leapfrog/internal/indep"
	"leapfrog/internal/lower"
	"leapfrog/internal/report"
	"leapfrog/internal/solver/z3"
	"leapfrog/internal/testutil"
)

// TestProofsStandAlone analyses bench functions as gen does (re-proof
// included) and hands the smt2 of every unreachable verdict, alone, to Z3
// and to cvc5's command line: both must answer unsat, and no formula may be
// a literal (assert false). wbs.Step holds the conditions that constant
// folding decides (NewWBS's constant fields); tcas the conflicts the search
// learns; Classify a condition constant on its paths.
func TestProofsStandAlone(t *testing.T) {
	dir := testutil.BenchCopy(t)
	runs := []struct {
		pkg, fn    string
		strategies []string
	}{
		{"wbs", "Step", []string{"treefrog", "pm"}},
		{"tcas", "AltSepTest12", []string{"treefrog", "dfs"}},
		{"paper", "Classify", []string{"treefrog", "pe"}},
	}
	proofs := 0
	for _, r := range runs {
		res, err := lower.Load(filepath.Join(dir, r.pkg), []string{r.fn})
		if err != nil || len(res.Errors) > 0 {
			t.Fatalf("%s: %v %v", r.pkg, err, res.Errors)
		}
		tg := analysis.Target{Target: res.Targets[0], Package: res.Pkg.PkgPath}
		for _, sn := range r.strategies {
			cfg := analysis.Defaults()
			cfg.Recheck = true
			if cfg.Strategy, err = analysis.Strategy(sn); err != nil {
				t.Fatal(err)
			}
			a, err := analysis.Analyze(context.Background(), tg, cfg)
			if err != nil {
				t.Fatalf("%s.%s %s: %v", r.pkg, r.fn, sn, err)
			}
			for _, b := range a.Report("", 0, nil).Branches {
				if b.Verdict != report.Unreachable {
					continue
				}
				proofs++
				at := r.pkg + "." + r.fn + " " + sn + " " + b.Pos + " " + b.Outcome
				if strings.Contains(b.SMT2, "(assert false)") {
					t.Errorf("%s: the proof is (assert false)", at)
					continue
				}
				if got, err := z3.EvalSMT2(b.SMT2, 20*time.Second); err != nil || got != "unsat" {
					t.Errorf("%s: Z3 says %q %v on the smt2 alone", at, got, err)
				}
				if got, err := indep.CVC5(b.SMT2, 20*time.Second); err != nil || got != "unsat" {
					t.Errorf("%s: cvc5 says %q %v on the smt2 alone", at, got, err)
				}
			}
		}
	}
	if proofs < 60 {
		t.Errorf("%d unreachable verdicts checked; the bench functions hold at least 60", proofs)
	}
}
