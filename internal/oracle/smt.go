// smt.go: runs an SMT-LIB2 script through cvc5, then Z3 when cvc5 cannot answer in time, to re-check the proofs of unreachable verdicts.

package oracle

import (
	"strings"
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
//
// A script of several queries separated by (reset) (an invariant's
// certificate: initiation, consecution, safety) answers unsat when each of
// them does, else the first other answer.
func evalSMT2(script string) (string, error) {
	for _, q := range strings.Split(script, "(reset)\n") {
		got, err := indep.CVC5(q, proofLimit)
		if err == nil && got == "unknown" {
			got, err = z3.EvalSMT2(q, proofLimit)
		}
		if err != nil || got != "unsat" {
			return got, err
		}
	}
	return "unsat", nil
}
