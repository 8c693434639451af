// Verdicts of objectives inside merged regions (pm): unreachable only with a refuted obligation on every path through the region.

package search

import (
	"fmt"
	"strings"

	"leapfrog/internal/expr"
	"leapfrog/internal/report"
)

// decideMerged gives its verdict to an uncovered objective whose branch was
// merged in some region instance, and reports whether it did. It is
// unreachable only when (1) no unfinished side of the tree may lead to it, so
// every prefix of a feasible path towards it is in the tree, and (2) in every
// region instance holding its obligation, prefix ∧ obligation was proved
// unsatisfiable, and (3) every branch instance of it outside merged regions
// is refuted (an infeasible or constant side). The proof is the disjunction
// of all those refutations the solver made; when constant conditions (a
// constant side of the tree, or a condition inside the region constant on
// the way to the objective: Obligation.Const) made them all, it is one of
// them, rendered as decide renders constant conditions. Otherwise it is
// unknown, with the reason.
func (s *Session) decideMerged(o *Objective, sides []sideRef, b *Branch) bool {
	if s.pm == nil || len(s.pm.merged[o]) == 0 {
		return false
	}
	if s.rootCut != "" {
		b.Verdict, b.Reason = report.Unknown, s.rootCut
		return true
	}
	cores := s.newProofConflicts()
	add := func(ts []*expr.Term, lits []Lit) {
		for _, t := range ts {
			if t.IsConst() {
				b.Folded = true // a refutation by constant folding
			}
		}
		cores.add(ts, lits)
	}
	// A refutation by a constant condition: its prefix, and the side ruled
	// out. The one about o's own side is preferred.
	type constant struct {
		prefix []*expr.Term
		side   Lit
	}
	var consts []constant
	impossible, infeasible := 0, 0
	underPre := false // a refutation needs the precondition
	for _, sr := range sides {
		st := sr.n.State[ix(sr.dir)]
		if st == Feasible || st == Excluded || !s.reach.sideReaches(sr.n.If, sr.dir, o) {
			continue
		}
		switch st {
		case Infeasible:
			p := sr.n.Proof[ix(sr.dir)]
			if why := s.needsBound(p); why != "" {
				b.Verdict, b.Reason, b.Bound = report.Unknown, why, s.boundOf(p)
				return true
			}
			infeasible++
			underPre = underPre || s.needsPrecondition(p.Conflict)
			add(p.Terms, p.Conflict)
		case Impossible:
			impossible++
			prefix, _ := sr.n.Prefix(s.B)
			c := constant{prefix, Lit{sr.n.If, sr.dir}}
			if sr.n.If == o.If && sr.dir == o.Dir {
				consts = append([]constant{c}, consts...)
			} else {
				consts = append(consts, c)
			}
		default:
			b.Verdict = report.Unknown
			b.Reason = unfinishedReason(st, sr.n.Reason[ix(sr.dir)])
			if p := sr.n.Proof[ix(sr.dir)]; st == Undecided && p != nil {
				b.SMT2 = p.SMT2
			}
			return true
		}
	}
	insts := s.pm.merged[o]
	byConst := 0
	for _, in := range insts {
		p := in.refuted[o]
		if p == nil {
			why := in.why[o]
			if why == "" {
				why = "timeout: the search stopped before deciding its obligation on every path through its region"
			}
			b.Verdict, b.Reason = report.Unknown, why
			return true
		}
		if why := s.needsBound(p); why != "" {
			b.Verdict, b.Reason, b.Bound = report.Unknown, why, s.boundOf(p)
			return true
		}
		if p.Terms == nil { // a constant condition inside the region (pmProof)
			byConst++
			consts = append([]constant{{in.prefix, p.Conflict[0]}}, consts...)
			continue
		}
		underPre = underPre || s.needsPrecondition(p.Conflict)
		if p.Cores != nil {
			for _, c := range p.Cores {
				add(c, nil)
			}
		} else {
			add(p.Terms, p.Conflict)
		}
	}
	b.Verdict = report.Unreachable
	if len(cores.list) == 0 {
		// Only constant conditions: the formula of one of them, as dfs gives
		// it (the others are part of the argument, like the tree's).
		c := consts[0]
		constantVerdict(b, c.prefix, c.side.If, c.side.Dir)
		b.Reason = fmt.Sprintf("%sno feasible path reaches it: inside a merged region, its obligation is constant false in %d of the %d region instances holding it (%d constant sides lead towards it besides); the condition at %s is constant %v on the paths reaching it",
			underPrecondition(s.needsPrecondition([]Lit{c.side})), byConst, len(insts), impossible, c.side.If.Pos, !c.side.Dir)
		return true
	}
	// The conflict shown is one of the proof's disjuncts (shown.go).
	i := cores.shown(o)
	for _, l := range cores.reading(cores.list[i], o) {
		b.Conflict = append(b.Conflict, litString(l))
	}
	b.SMT2 = s.combinedProof(o, cores, i)
	b.Folded = b.Folded || len(consts) > 0
	b.Reason = fmt.Sprintf("%sno feasible path reaches it: inside a merged region, its obligation is unsatisfiable with the prefix of each of the %d region instances holding it (%d of them by a constant condition; %d infeasible or constant sides lead towards it besides); conflict: %s",
		underPrecondition(underPre), len(insts), byConst, infeasible+impossible, strings.Join(b.Conflict, ", "))
	return true
}
