// smt.go: runs an SMT-LIB2 script through Z3, then cvc5 when Z3 cannot answer in time, to re-check the proofs of unreachable verdicts.

package oracle

import (
	"time"

	"leapfrog/internal/indep"
	"leapfrog/internal/solver/z3"
)

// proofLimit bounds each solver's time on one proof.
const proofLimit = 60 * time.Second

// evalSMT2 evaluates script, read from its text as a user would (no
// translation of terms: z3.EvalSMT2 runs Z3_eval_smtlib2_string in a fresh
// context, interrupted after proofLimit), and returns the answer of its
// last (check-sat): "sat", "unsat" or "unknown". A script Z3 cannot decide
// in time goes to cvc5's command line, a second solver: a long proof
// (treefrog's re-proofs of random programs) once held the suite for half an
// hour in an evaluation with no limit.
func evalSMT2(script string) (string, error) {
	got, err := z3.EvalSMT2(script, proofLimit)
	if err == nil && got == "unknown" {
		return indep.CVC5(script, proofLimit)
	}
	return got, err
}
