// Proofs for inputs of every length: the outcomes the search leaves open for a bound or a timeout, settled by inductive invariants (package invariant).

package analysis

import (
	"fmt"
	"time"

	"leapfrog/internal/invariant"
	"leapfrog/internal/report"
	"leapfrog/internal/search"
)

// ProofShare is the part of a time budget kept for the invariant proofs
// after the search: a tenth.
func ProofShare(budget time.Duration) time.Duration { return budget / 10 }

// settle tries to prove unreachable every outcome of r that the search left
// unknown for a loop or length bound, a concretized size or a timeout
// (invariant.Eligible), until stop (zero: no deadline). A proved outcome
// becomes unreachable, checked independently (cvc5 checked the
// certificate), with the certificate as its formula. pick, when set,
// chooses among those outcomes the ones to try.
func (a *analysis) settle(r *search.Result, stop time.Time, pick func(search.Branch) bool) {
	var at []int
	var objs []invariant.Objective
	for i, b := range r.Branches {
		o := a.s.Objectives[i]
		if b.Verdict != report.Unknown || o.Entry || b.DecidedIn != "" || !invariant.Eligible(b.Reason) || pick != nil && !pick(b) {
			continue
		}
		if o.ID != b.ID {
			panic("analysis: result branches out of objective order")
		}
		at = append(at, i)
		objs = append(objs, invariant.Objective{If: o.If, Dir: o.Dir, Panic: o.Panic})
	}
	if len(objs) == 0 || !stop.IsZero() && time.Now().After(stop) {
		return
	}
	opts := invariant.DefaultOptions
	opts.Check, opts.Deadline = a.cfg.SolverTimeout, stop
	for k, res := range invariant.NewProver(a.t.Func, a.t.PhiNames).ProveAll(objs, opts) {
		if !res.Proved {
			continue
		}
		b := &r.Branches[at[k]]
		how := "the paths from the entry cannot reach it"
		switch {
		case res.Loops == 1:
			how = fmt.Sprintf("an inductive invariant at its loop's header (%s) excludes it", res.Method)
		case res.Loops > 1:
			how = fmt.Sprintf("inductive invariants at the headers of its %d loops (%s) exclude it", res.Loops, res.Method)
		}
		*b = search.Branch{ID: b.ID, Func: b.Func, Pos: b.Pos, Outcome: b.Outcome, Verdict: report.Unreachable,
			Reason: "no run reaches it, for inputs of every length: " + how + "; cvc5 checked the certificate",
			// The invariant excludes the outcome by itself: it is its own
			// conflict, the one branch the certificate's safety query asks for.
			Conflict: []string{b.Pos.String() + " " + b.Outcome},
			SMT2:     res.SMT2,
			Checked:  report.CheckedIndependent}
	}
}
