// Proofs before the search: outcomes the abstract interpretation's invariants exclude are settled, so that no strategy searches for them.

package analysis

import (
	"time"

	"leapfrog/internal/cfg"
	"leapfrog/internal/invariant"
	"leapfrog/internal/ir"
	"leapfrog/internal/search"
)

// proveFirst tries, before the search, the abstract interpretation's
// invariants on every objective of a function with a loop (its callees'
// loops included): a run-time check in a loop over a string or a slice is
// the common case, which no bounded search decides and which the search
// otherwise chases until its budget is spent (encoding/hex's Decode: six
// index checks, every one "unknown: timeout" at 5 s, each proved in
// milliseconds). Spacer is not tried here: its time is the search's, and
// the proofs after the search still try it. The attempt gets twice
// ProofShare of the budget (a fifth; no limit without a budget), taken from
// the search's: the abstract interpretation first, then the encoding and
// cvc5's check of the certificates, each stopped at that deadline (on
// hex's callers of Decode, which inline it, they take 0.5 to 3 s,
// depending on the load). It returns the verdicts proved, by
// objective index, for settleFirst.
func (a *analysis) proveFirst() map[int]search.Branch {
	if !a.cfg.ProveFirst || !hasLoop(a.t.Func) {
		return nil
	}
	var at []int
	for i, o := range a.s.Objectives {
		if !o.Entry {
			at = append(at, i)
		}
	}
	opts := invariant.Options{AbsInt: true, Check: a.cfg.SolverTimeout}
	if a.budget > 0 {
		opts.Deadline = time.Now().Add(2 * ProofShare(a.budget))
	}
	return a.prove(at, opts)
}

// settleFirst settles in the session the outcomes proveFirst proved (the
// session of a raised bound gets them again).
func (a *analysis) settleFirst() {
	for i, b := range a.proved {
		a.s.Settle(a.s.Objectives[i], b)
	}
}

// hasLoop reports whether fn or a function it may call has a loop.
func hasLoop(fn *ir.Function) bool {
	for _, f := range ir.Callees(fn) {
		if len(cfg.Loops(f)) > 0 {
			return true
		}
	}
	return false
}
