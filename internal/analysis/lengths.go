// The adaptive size bound: a function whose outcomes the input size bound keeps open is searched again under a bound twice as large, up to a cap.

package analysis

import (
	"fmt"

	"leapfrog/internal/ir"
	"leapfrog/internal/report"
	"leapfrog/internal/search"
)

// DefaultMaxLenRaise is the size bound's cap (Config.MaxLenRaise): chosen
// by measurement (doc.go, "The adaptive size bound").
const DefaultMaxLenRaise = 32

// exploreRaising runs the search (explore) and, while the size bound keeps
// some outcome open (search.Branch.Bound: an input length, a recursive
// input's depth or a stub's calls, all Engine.MaxLen), searches again with
// MaxLen doubled, up to Config.MaxLenRaise, until the deadline. It returns
// the analysis of the last search and its result; the superseded analyses
// are closed.
//
// Before raising, the invariant proofs (which need no bound) try the
// outcomes the bound keeps open: one they settle needs no larger bound.
// A raised search starts afresh (a new engine: the terms of the smaller
// bound's tree describe inputs within it only) after replaying the inputs
// of the cases before (search.Session.Replay), so what was covered stays
// covered; an outcome it leaves unknown that the search before decided
// unreachable keeps that verdict (an unreachable verdict's proof never
// needs the bound, so it holds under any). Every refutation needing the
// raised bound still makes its outcome unknown, the reason naming the
// bound it stopped at.
func (a *analysis) exploreRaising() (*analysis, *search.Result) {
	r := a.explore()
	for {
		if !a.raisable(r) {
			return a, r
		}
		a.settle(r, a.proofStop, func(b search.Branch) bool { return sizeBound(b) })
		if !a.raisable(r) {
			return a, r
		}
		cfg := a.cfg
		cfg.MaxLen = min(2*a.eng.MaxLen, a.cfg.MaxLenRaise)
		b, err := build(a.t, cfg, a.stop, a.proofStop, a.s.FirstInputs())
		if err != nil {
			panic("analysis: the pipeline built once fails to build again: " + err.Error())
		}
		b.budget, b.prover, b.proved = a.budget, a.prover, a.proved
		b.settleFirst()
		rb := b.explore()
		for i := range rb.Branches {
			x, was := &rb.Branches[i], r.Branches[i]
			if x.ID != was.ID {
				panic("analysis: the raised search's objectives differ from the search's before")
			}
			switch {
			case was.Verdict != report.Unreachable:
			case x.Verdict == report.Unknown:
				*x = was
			case x.Verdict == report.Covered:
				rb.Warnings = append(rb.Warnings, fmt.Sprintf("ENGINE WAS WRONG: %s %s proved unreachable under the size bound %d (%s), but the search under %d covers it (%s)",
					x.Pos, x.Outcome, a.eng.MaxLen, was.Reason, b.eng.MaxLen, x.Case))
			}
		}
		addStats(&rb.Stats, r.Stats)
		a.close()
		a, r = b, rb
	}
}

// raisable says whether the size bound keeps an outcome of r open, the
// bound may be raised and time is left.
func (a *analysis) raisable(r *search.Result) bool {
	if a.eng.MaxLen >= a.cfg.MaxLenRaise || a.s.Expired() {
		return false
	}
	for _, b := range r.Branches {
		if sizeBound(b) {
			return true
		}
	}
	return false
}

// sizeBound says whether the size bound keeps b open: an unknown verdict
// of the function's own search (not one a callee's analysis decided)
// whose refutation needs an input's length or depth, or a stub's calls,
// bounded at MaxLen.
func sizeBound(b search.Branch) bool {
	return b.Verdict == report.Unknown && b.DecidedIn == "" && (b.Bound == ir.SizeBound || b.Bound == ir.CallsBound)
}

// addStats adds the costs of a superseded search to those of the one after
// it: the function's costs are the sum over its searches (the cases are
// the last search's).
func addStats(to *report.Stats, from report.Stats) {
	to.SolverCalls += from.SolverCalls
	to.SatChecks += from.SatChecks
	to.EagerFlips += from.EagerFlips
	to.HopefulFlips += from.HopefulFlips
	to.TargetQueries += from.TargetQueries
	to.Conflicts += from.Conflicts
	to.Paths += from.Paths
	to.DistinctPaths += from.DistinctPaths
	to.InfeasiblePaths += from.InfeasiblePaths
	to.Lemmas += from.Lemmas
	to.FeasibleReused += from.FeasibleReused
	to.FeasibleRemapped += from.FeasibleRemapped
	to.Suffixes += from.Suffixes
	to.OverConflicts += from.OverConflicts
	to.OverReused += from.OverReused
	to.Blocked += from.Blocked
	to.ConflictClauses += from.ConflictClauses
	to.LargestBackjump = max(to.LargestBackjump, from.LargestBackjump)
	to.TimeMs += from.TimeMs
	if n := to.Queries + from.Queries; n > 0 {
		to.AvgQueryMs = (to.AvgQueryMs*float64(to.Queries) + from.AvgQueryMs*float64(from.Queries)) / float64(n)
	}
	to.Merges += from.Merges
	to.Queries += from.Queries
}
