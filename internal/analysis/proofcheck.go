// The check an unreachable verdict's proof must pass to stand on its own (the tests of every package that reports verdicts run it).

package analysis

import (
	"fmt"
	"strings"
	"time"

	"leapfrog/internal/indep"
	"leapfrog/internal/solver/z3"
)

// CheckProof checks that an unreachable verdict's smt2 proves it on its
// own: a formula of a kind that states the whole argument (the
// independent encoding's whole-function formula or the control-flow
// graph's, "; can ... be reached ..."; an invariant certificate, "; ... is
// unreachable for inputs of every length ..."), no literal (assert false),
// and every query unsat for Z3 and for cvc5's command line, each within
// timeout. The engine's own formulas (a disjunction of the conflicts its
// search met, a lemma's conflict, a constant) are unsat too, but that they
// cover every path is the search's knowledge: they fail. nil when it
// passes.
func CheckProof(smt2 string, timeout time.Duration) error {
	first, _, _ := strings.Cut(smt2, "\n")
	switch {
	case smt2 == "":
		return fmt.Errorf("no proof")
	case strings.Contains(smt2, "(assert false)"):
		return fmt.Errorf("the proof is (assert false)")
	case !strings.HasPrefix(first, "; can ") && !strings.Contains(first, " is unreachable for inputs of every length"):
		return fmt.Errorf("the proof is not one that stands alone (whole-function formula, control-flow graph, invariant certificate): %s", first)
	}
	if got, err := z3.EvalSMT2(smt2, timeout); err != nil || !allUnsat(got) {
		return fmt.Errorf("Z3 says %q %v on the smt2 alone", got, err)
	}
	if got, err := indep.CVC5(smt2, timeout); err != nil || !allUnsat(got) {
		return fmt.Errorf("cvc5 says %q %v on the smt2 alone", got, err)
	}
	return nil
}

// allUnsat reports whether a solver's answers, one a line, are all unsat
// (an invariant certificate has several queries).
func allUnsat(answers string) bool {
	lines := strings.Fields(answers)
	for _, l := range lines {
		if l != "unsat" {
			return false
		}
	}
	return len(lines) > 0
}
