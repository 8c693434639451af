// Every unreachable verdict's smt2 on bench functions stands on its own: unsat for Z3 and for cvc5, no (assert false).

package analysis_test

import (
	"strings"
	"testing"
	"time"

	"leapfrog/internal/indep"
	"leapfrog/internal/report"
	"leapfrog/internal/solver/z3"
	"leapfrog/internal/testutil"
)

// TestProofsStandAlone analyses bench functions as gen does (re-proof
// included) and hands the smt2 of every unreachable verdict, alone, to Z3
// and to cvc5's command line: both must answer unsat, and no formula may be
// a literal (assert false). wbs.Step holds the conditions that constant
// folding decides (NewWBS's constant fields); tcas the conflicts the search
// learns; Classify a condition constant on its paths; without -short,
// Launch's larger formulas too.
func TestProofsStandAlone(t *testing.T) {
	dir := testutil.BenchCopy(t)
	runs := []struct {
		pkg, fn    string
		strategies []string
	}{
		{"wbs", "Step", []string{"auto", "treefrog", "pm"}},
		{"tcas", "AltSepTest12", []string{"treefrog", "dfs"}},
		{"paper", "Classify", []string{"auto", "treefrog", "pe"}},
	}
	want := 90
	if !testing.Short() { // Launch's 27 proofs take a minute and a half to check
		runs = append(runs, struct {
			pkg, fn    string
			strategies []string
		}{"wbs", "Launch", []string{"auto"}})
		want += 27
	}
	proofs := 0
	for _, r := range runs {
		tg := benchTarget(t, dir, r.pkg, r.fn)
		for _, sn := range r.strategies {
			for _, b := range analyzeAsGen(t, tg, sn, false).Branches {
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
	if proofs < want {
		t.Errorf("%d unreachable verdicts checked; the bench functions hold at least %d", proofs, want)
	}
}
