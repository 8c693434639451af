// Outcomes decided by other functions' analyses (callees'), given to a session as decided: not searched again.

package search

import (
	"fmt"

	"leapfrog/internal/ir"
	"leapfrog/internal/report"
)

// Given is a source outcome another function's analysis decided (a
// callee's: internal/analysis chooses them). The search need not decide
// its objectives: it may end with them open. One given as covered is still
// a target of the strategies until a run covers it (its flips are the runs
// that reach the caller's own outcomes behind it: a caller searching
// without them decided fewer of its own, analysis' doc.go); one given as
// unreachable, its proof holding in every caller, counts as covered for
// the strategies: no side is flipped to reach it. One the package's own
// tests cover (Branch.Tests, gen completing them; the entry too) counts as
// covered for the strategies as well, and no case is kept for it (keep):
// the report names the tests.
type Given struct {
	Pos     ir.Pos
	Outcome string
	// Branch is the verdict there, with DecidedIn naming the function
	// whose analysis decided it: covered, or unreachable with a proof that
	// holds in every caller (HoldsInCallers); or covered by the package's
	// own tests, named in Tests (DecidedIn empty).
	Branch Branch
}

// givenCase stands in coveredBy for an objective given as unreachable no
// case covers yet: every strategy then takes it as covered and stops
// searching for it.
var givenCase = &Case{Index: -1}

type posOutcome struct {
	pos     ir.Pos
	outcome string
}

// Give marks the objectives at the given outcomes decided, before the
// search starts (the entry is never given by another function's analysis:
// it is the function's own; the package's tests may cover it). It returns
// how many objectives it marked.
func (s *Session) Give(gs []Given) int {
	byKey := map[posOutcome]*Given{}
	for i := range gs {
		g := &gs[i]
		switch {
		case g.theirs():
		case g.Branch.DecidedIn == "":
			panic(fmt.Sprintf("search: outcome %s %s given without the function that decided it", g.Pos, g.Outcome))
		case g.Branch.Verdict == report.Covered, g.Branch.Verdict == report.Unreachable && g.Branch.HoldsInCallers:
		default:
			panic(fmt.Sprintf("search: outcome %s %s given as %s (holds in callers: %v)", g.Pos, g.Outcome, g.Branch.Verdict, g.Branch.HoldsInCallers))
		}
		k := posOutcome{g.Pos, g.Outcome}
		if byKey[k] == nil {
			byKey[k] = g
		}
	}
	n := 0
	for _, o := range s.Objectives {
		g := byKey[posOutcome{o.Pos(), o.Outcome}]
		if g == nil || o.Entry && !g.theirs() || s.coveredBy[o.Index] != nil {
			continue
		}
		if s.given == nil {
			s.given = map[*Objective]*Given{}
		}
		s.given[o] = g
		if g.Branch.Verdict == report.Covered && !g.theirs() { // still a target, but not awaited
			if s.optional == nil {
				s.optional = map[*Objective]bool{}
			}
			s.optional[o] = true
		} else {
			s.coveredBy[o.Index] = givenCase
		}
		s.uncovered--
		n++
	}
	return n
}

// Settle marks objective o decided before the search by a proof of the
// function's own analysis (an invariant certificate, internal/analysis'
// proveFirst), its verdict b, unreachable: the strategies take it as
// covered and search no path to it, and the result takes b, unless a kept
// case covers it (the proof was then wrong: the result says so loudly). An
// objective given or covered already is left as it is. It must be called
// before the search starts.
func (s *Session) Settle(o *Objective, b Branch) {
	switch {
	case s.Root != nil:
		panic("search: Settle after the search started")
	case o.Entry || b.Verdict != report.Unreachable:
		panic(fmt.Sprintf("search: %s settled as %s", o, b.Verdict))
	case s.coveredBy[o.Index] != nil || s.given[o] != nil:
		return
	}
	if s.given == nil {
		s.given = map[*Objective]*Given{}
	}
	s.given[o] = &Given{Pos: o.Pos(), Outcome: o.Outcome, Branch: b}
	s.coveredBy[o.Index] = givenCase
	s.uncovered--
}

// theirs says the package's own tests cover the outcome.
func (g *Given) theirs() bool {
	return g.Branch.Verdict == report.Covered && g.Branch.DecidedIn == "" && len(g.Branch.Tests) > 0
}

// Theirs says the package's own tests cover the objective (given so).
func (s *Session) Theirs(o *Objective) bool {
	g := s.given[o]
	return g != nil && g.theirs()
}

// givenMark is what coveredBy holds for an objective before any case
// covers it: givenCase when it is given as unreachable or covered by the
// package's tests, else nil.
func (s *Session) givenMark(o *Objective) *Case {
	if s.given[o] != nil && !s.optional[o] {
		return givenCase
	}
	return nil
}

// takenOver is the verdict of a given objective no kept case covers: the
// one its own function's analysis reached.
func (s *Session) takenOver(o *Objective) (Branch, bool) {
	g := s.given[o]
	if g == nil {
		return Branch{}, false
	}
	b := g.Branch
	b.ID, b.Func, b.Pos, b.Outcome, b.Case, b.Folded = o.ID, o.Func.Name, o.Pos(), o.Outcome, "", false
	return b, true
}
