// Verdicts: turning the explored tree into covered / unreachable / unknown, with proofs.
package search

import (
	"fmt"
	"strings"

	"leapfrog/internal/report"
)

// Report builds the function's report: a verdict for every objective, the cases
// (kept ones first), and the statistics.
func (s *Session) Report(name, pkg, strategy string) *report.Function {
	r := &report.Function{Function: name, Package: pkg, Strategy: strategy}
	kept := s.keep()
	var order []*Case
	for _, c := range s.Cases {
		if kept[c] {
			order = append(order, c)
		}
	}
	names := map[*Case]string{}
	for i, c := range order {
		names[c] = caseName(i+1, c)
	}
	for _, c := range s.Cases {
		if !kept[c] {
			order = append(order, c)
			names[c] = fmt.Sprintf("discarded %d", c.Index+1)
		}
	}
	var sides []sideRef
	s.walk(s.Root, func(n *Node) {
		for _, d := range []bool{false, true} {
			sides = append(sides, sideRef{n, d})
		}
	})
	for _, o := range s.Objectives {
		b := report.Branch{ID: o.ID, Func: o.Func.Name, Pos: o.Pos().String(), Outcome: o.Outcome}
		if c := s.firstKept(o, order, kept); c != nil {
			b.Verdict, b.Case = report.Covered, names[c]
		} else {
			s.decide(o, sides, &b)
		}
		r.Branches = append(r.Branches, b)
	}
	for _, c := range order {
		rc := report.Case{Name: names[c], Discarded: !kept[c], In: c.Path.Inputs, Out: c.Path.Outputs, Panic: c.Path.Panic}
		for _, o := range c.Covers {
			rc.Covers = append(rc.Covers, o.ID)
		}
		r.Cases = append(r.Cases, rc)
		if kept[c] {
			r.Stats.Cases++
		} else {
			r.Stats.Discarded++
		}
	}
	st := s.Stats
	st.Cases, st.Discarded = r.Stats.Cases+r.Stats.Discarded, r.Stats.Discarded
	st.TimeMs = s.Elapsed().Milliseconds()
	r.Stats = st
	return r
}

// keep decides which cases are emitted: those that covered something first.
func (s *Session) keep() map[*Case]bool {
	kept := map[*Case]bool{}
	for _, c := range s.Cases {
		if len(c.New) > 0 {
			kept[c] = true
		}
	}
	return kept
}

func (s *Session) firstKept(o *Objective, order []*Case, kept map[*Case]bool) *Case {
	for _, c := range order {
		if !kept[c] {
			continue
		}
		for _, x := range c.Covers {
			if x == o {
				return c
			}
		}
	}
	return nil
}

// caseName names a case after the first objective it covered.
func caseName(n int, c *Case) string {
	o := c.New[0]
	p := o.Pos()
	return fmt.Sprintf("%02d %s:%d:%d %s", n, p.File, p.Line, p.Col, o.Outcome)
}

type sideRef struct {
	n   *Node
	dir bool
}

func (s *Session) walk(n *Node, f func(*Node)) {
	if n == nil {
		return
	}
	f(n)
	s.walk(n.Child[0], f)
	s.walk(n.Child[1], f)
}

// decide gives an uncovered objective its verdict. It is unreachable when no
// unfinished side of the tree (unexplored, bounded, undecided, cut) may lead to
// it: every feasible path is then in the tree, and none covers it. The proof is
// the shortest conflict among the infeasible sides that lead towards it.
func (s *Session) decide(o *Objective, sides []sideRef, b *report.Branch) {
	if s.rootCut != "" {
		b.Verdict, b.Reason = report.Unknown, s.rootCut
		return
	}
	var best *Proof
	var bestSide sideRef
	proofs, impossible := 0, 0
	var impossibleSide *sideRef
	for _, sr := range sides {
		st := sr.n.State[ix(sr.dir)]
		if st == Feasible || !s.reach.sideReaches(sr.n.If, sr.dir, o) {
			continue
		}
		switch st {
		case Infeasible:
			proofs++
			p := sr.n.Proof[ix(sr.dir)]
			if best == nil || len(p.Conflict) < len(best.Conflict) {
				best, bestSide = p, sr
			}
		case Impossible:
			impossible++
			if impossibleSide == nil {
				x := sr
				impossibleSide = &x
			}
		default:
			b.Verdict = report.Unknown
			b.Reason = unfinishedReason(st, sr.n.Reason[ix(sr.dir)])
			if p := sr.n.Proof[ix(sr.dir)]; st == Undecided && p != nil {
				b.SMT2 = p.SMT2
			}
			return
		}
	}
	if s.Root == nil {
		// No branch was executed: the function has one path, and it misses o.
		b.Verdict, b.Reason = report.Unreachable, "the function has a single path (no branch depends on anything), which does not reach it"
		return
	}
	b.Verdict = report.Unreachable
	switch {
	case best != nil:
		for _, l := range best.Conflict {
			b.Conflict = append(b.Conflict, fmt.Sprintf("%s %v", l.If.Pos, l.Dir))
		}
		b.SMT2 = best.SMT2
		b.Reason = fmt.Sprintf("every path towards it is infeasible (%d infeasible prefixes, %d constant conditions); shortest conflict: %s", proofs, impossible, strings.Join(b.Conflict, ", "))
		_ = bestSide
	case impossibleSide != nil:
		l := impossibleSide
		b.Conflict = []string{fmt.Sprintf("%s %v", l.n.If.Pos, l.dir)}
		b.SMT2 = "; the condition does not depend on the inputs on this path: it is constant " + fmt.Sprint(!l.dir) + "\n(assert false)\n(check-sat)\n"
		b.Reason = fmt.Sprintf("every path towards it passes a condition that is constant on that path (%d constant conditions), first: %s", impossible, b.Conflict[0])
	default:
		if s.entryReaches(o) {
			// Reachable in the control-flow graph, yet no side of the tree leads
			// there and nothing is unfinished: this cannot happen for a complete tree.
			b.Verdict, b.Reason = report.Unknown, "internal: no proof found"
			return
		}
		b.Reason = "no control-flow path from the function's entry"
	}
}

func (s *Session) entryReaches(o *Objective) bool {
	target := o.Func.Blocks[0]
	if o.If != nil {
		target = o.If.Block()
	} else {
		target = o.Panic.Block()
	}
	return s.reach.from(s.Fn.Blocks[0])[target]
}

func unfinishedReason(st Side, why string) string {
	switch st {
	case Unexplored:
		return "timeout: the search stopped before exploring every path towards it"
	case Bounded, Undecided, Cut:
		return why
	}
	return "unfinished"
}
