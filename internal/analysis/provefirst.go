// Proofs before the search: outcomes the abstract interpretation's invariants exclude are settled, so that no strategy searches for them, and their certificates checked after it.

package analysis

import (
	"sort"
	"time"

	"leapfrog/internal/cfg"
	"leapfrog/internal/invariant"
	"leapfrog/internal/ir"
	"leapfrog/internal/report"
	"leapfrog/internal/search"
)

// pendingReason is the reason of an outcome settled before the search
// until its certificate is checked (confirmFirst); a result never keeps it.
const pendingReason = "an inductive invariant excludes it; its certificate is checked after the search"

// proveFirst asks, before the search of a function with a loop (its
// callees' loops included), the abstract interpretation whether its
// invariants exclude each objective, and settles those they exclude in the
// session: no strategy searches a path to them. A run-time check in a loop
// over a string or a slice is the common case, which no bounded search
// decides and which the search otherwise chases until its budget is spent
// (encoding/hex's Decode at 5 s: seven index checks, each "unknown:
// timeout"). The analysis gets ProofShare of the budget; building and
// checking the certificates waits for confirmFirst, after the search, so
// that the search keeps its time. It returns the objectives settled, by
// index.
func (a *analysis) proveFirst() map[int]bool {
	if !a.cfg.ProveFirst || !hasLoop(a.t.Func) {
		return nil
	}
	var at []int
	var objs []invariant.Objective
	for i, o := range a.s.Objectives {
		if !o.Entry {
			at = append(at, i)
			objs = append(objs, invariant.Objective{If: o.If, Dir: o.Dir, Panic: o.Panic})
		}
	}
	var stop time.Time
	if a.budget > 0 {
		stop = time.Now().Add(ProofShare(a.budget))
	}
	first := map[int]bool{}
	for k, ex := range a.invariants().Excluded(objs, stop) {
		if ex {
			first[at[k]] = true
		}
	}
	return first
}

// settleFirst settles in the session the objectives proveFirst settled
// (the session of a raised bound gets them again).
func (a *analysis) settleFirst() {
	for i := range a.first {
		o := a.s.Objectives[i]
		a.s.Settle(o, search.Branch{ID: o.ID, Func: o.Func.Name, Pos: o.Pos(), Outcome: o.Outcome, Verdict: report.Unreachable, Reason: pendingReason})
	}
}

// confirmFirst builds and checks, after the search, the certificates of
// the outcomes settled before it that no run reached, with as much time as
// the function's budget again (as the re-proof has: cvc5 on certificates
// of a function whose callees are inlined takes seconds on a loaded
// machine). A certificate cvc5 checks makes its outcome unreachable,
// checked independently; one it does not leaves the outcome unknown, with
// why: the search did not look for it, and nothing else proves it.
func (a *analysis) confirmFirst(r *search.Result) {
	var at []int
	for i := range a.first {
		if b := r.Branches[i]; b.Verdict == report.Unreachable && b.Reason == pendingReason {
			at = append(at, i)
		}
	}
	if len(at) == 0 {
		return
	}
	sort.Ints(at)
	opts := invariant.Options{AbsInt: true, Check: a.cfg.SolverTimeout}
	if a.budget > 0 {
		opts.Deadline = time.Now().Add(a.budget)
	}
	proved, whys := a.prove(at, opts)
	for _, i := range at {
		if b, ok := proved[i]; ok {
			r.Branches[i] = b
			continue
		}
		b := &r.Branches[i]
		*b = search.Branch{ID: b.ID, Func: b.Func, Pos: b.Pos, Outcome: b.Outcome, Verdict: report.Unknown,
			Reason: "an inductive invariant (abstract interpretation) excludes it, but its certificate was not confirmed, and the search did not look for it: " + whys[i]}
	}
}

// hasLoop reports whether fn or a function it calls (transitively) has a
// loop.
func hasLoop(fn *ir.Function) bool {
	seen := map[*ir.Function]bool{}
	var walk func(f *ir.Function) bool
	walk = func(f *ir.Function) bool {
		if seen[f] {
			return false
		}
		seen[f] = true
		if len(cfg.Loops(f)) > 0 {
			return true
		}
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				if c, ok := in.(*ir.Call); ok && !c.Callee.External && walk(c.Callee) {
					return true
				}
			}
		}
		return false
	}
	return walk(fn)
}
