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
	for i, b := range r.Branches {
		o := a.s.Objectives[i]
		if b.Verdict != report.Unknown || o.Entry || b.DecidedIn != "" || !invariant.Eligible(b.Reason) || pick != nil && !pick(b) {
			continue
		}
		if o.ID != b.ID {
			panic("analysis: result branches out of objective order")
		}
		at = append(at, i)
	}
	opts := invariant.DefaultOptions
	opts.Check, opts.Deadline = a.cfg.SolverTimeout, stop
	for i, b := range a.prove(at, opts) {
		r.Branches[i] = b
	}
}

// prove tries to prove unreachable the session's objectives at the indices
// given, with the options given, and returns the verdicts of those proved,
// by index: unreachable, the certificate as their formula, checked
// independently (cvc5 checked the certificate).
func (a *analysis) prove(at []int, opts invariant.Options) map[int]search.Branch {
	if len(at) == 0 || !opts.Deadline.IsZero() && time.Now().After(opts.Deadline) {
		return nil
	}
	objs := make([]invariant.Objective, len(at))
	for k, i := range at {
		o := a.s.Objectives[i]
		objs[k] = invariant.Objective{If: o.If, Dir: o.Dir, Panic: o.Panic}
	}
	if a.prover == nil {
		a.prover = invariant.NewProver(a.t.Func, a.t.PhiNames)
	}
	proved := map[int]search.Branch{}
	for k, res := range a.prover.ProveAll(objs, opts) {
		if !res.Proved {
			continue
		}
		o := a.s.Objectives[at[k]]
		how := "the paths from the entry cannot reach it"
		switch {
		case res.Loops == 1:
			how = fmt.Sprintf("an inductive invariant at its loop's header (%s) excludes it", res.Method)
		case res.Loops > 1:
			how = fmt.Sprintf("inductive invariants at the headers of its %d loops (%s) exclude it", res.Loops, res.Method)
		}
		proved[at[k]] = search.Branch{ID: o.ID, Func: o.Func.Name, Pos: o.Pos(), Outcome: o.Outcome, Verdict: report.Unreachable,
			Reason: "no run reaches it, for inputs of every length: " + how + "; cvc5 checked the certificate",
			// The invariant excludes the outcome by itself: it is its own
			// conflict, the one branch the certificate's safety query asks for.
			Conflict: []string{o.Pos().String() + " " + o.Outcome},
			SMT2:     res.SMT2,
			Checked:  report.CheckedIndependent}
	}
	return proved
}
