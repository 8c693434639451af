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
// of all those refutations. Otherwise it is unknown, with the reason.
func (s *Session) decideMerged(o *Objective, sides []sideRef, b *report.Branch) bool {
	if s.pm == nil || len(s.pm.merged[o]) == 0 {
		return false
	}
	if s.rootCut != "" {
		b.Verdict, b.Reason = report.Unknown, s.rootCut
		return true
	}
	var cores [][]*expr.Term
	seen := map[string]bool{}
	add := func(ts []*expr.Term) {
		for _, t := range ts {
			if t.IsConst() {
				b.Folded = true // a refutation by constant folding
			}
		}
		if k := fmt.Sprint(termIDs(ts)); !seen[k] {
			seen[k] = true
			cores = append(cores, ts)
		}
	}
	var best *Proof
	impossible := 0
	for _, sr := range sides {
		st := sr.n.State[ix(sr.dir)]
		if st == Feasible || st == Excluded || !s.reach.sideReaches(sr.n.If, sr.dir, o) {
			continue
		}
		switch st {
		case Infeasible:
			if why := s.needsBound(sr.n.Proof[ix(sr.dir)]); why != "" {
				b.Verdict, b.Reason = report.Unknown, why
				return true
			}
			add(sr.n.Proof[ix(sr.dir)].Terms)
		case Impossible:
			impossible++
			b.Folded = true
			if sr.n.If == o.If && sr.dir == o.Dir {
				add([]*expr.Term{s.B.BoolConst(false)})
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
			b.Verdict, b.Reason = report.Unknown, why
			return true
		}
		add(p.Terms)
		if best == nil || len(p.Conflict) < len(best.Conflict) {
			best = p
		}
	}
	b.Verdict = report.Unreachable
	for _, l := range best.Conflict {
		b.Conflict = append(b.Conflict, l.String())
	}
	b.SMT2 = s.combinedProof(o, cores)
	b.Reason = fmt.Sprintf("no feasible path reaches it: inside a merged region, its obligation is unsatisfiable with the prefix of each of the %d region instances holding it (%d infeasible or constant sides lead towards it besides); conflict: %s",
		len(insts), len(cores)-len(insts)+impossible, strings.Join(b.Conflict, ", "))
	return true
}
