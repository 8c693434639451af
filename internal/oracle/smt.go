// smt.go: runs an SMT-LIB2 script through cvc5, then Z3 when cvc5 cannot answer in time, to re-check the proofs of unreachable verdicts.

package oracle

import (
	"time"

	"leapfrog/internal/indep"
	"leapfrog/internal/solver/z3"
)

// proofLimit bounds each solver's time on one proof.
const proofLimit = 60 * time.Second

// evalSMT2 evaluates script, read from its text as a user would, and
// returns the answer of its last (check-sat): "sat", "unsat" or "unknown".
// cvc5's command line first (a process with a real time limit: faster on
// these proofs than Z3, which once ran a 60 KB re-proof for minutes
// without heeding its interrupts), then Z3 (z3.EvalSMT2: its text
// evaluator in a fresh context, not leapfrog's translation of terms) when
// cvc5 cannot decide within proofLimit.
func evalSMT2(script string) (string, error) {
	got, err := indep.CVC5(script, proofLimit)
	if err == nil && got == "unknown" {
		return z3.EvalSMT2(script, proofLimit)
	}
	return got, err
}
