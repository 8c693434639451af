// TreeFrog's merged suffix queries: every target beyond a side in one query, the suffix executed with path merging.

package search

import (
	"leapfrog/internal/engine"
	"leapfrog/internal/expr"
	"leapfrog/internal/solver"
)

// mergedMaxSteps bounds a merged run (its concrete values are meaningless,
// so a loop on them could run long).
const mergedMaxSteps = 200_000

// viaMergedAll asks for the targets beyond side dir of n in one query, with
// the suffix merged: a forced run along n's prefix and side goes on to the
// end of the function merging every loop-free region
// (engine.RunForcedMerged); the obligations of the targets in the regions
// after the side say when they are taken. The query is the prefix, the side,
// the constraints of the branches the run took outside merged regions, and
// the disjunction of the targets' obligations. Sat: the model is run. Unsat
// with the whole suffix merged: no suffix reaches any target, the side is
// refuted for all of them with the solver's core as proof. Otherwise the side
// is left to a hopeful flip.
func (tf *treefrog) viaMergedAll(n *Node, dir bool, targets []*Objective, prefix []*expr.Term, prefixLits []Lit) enumResult {
	s := tf.s
	want := map[Lit]*Objective{}
	for _, u := range targets {
		if u.If != nil {
			want[Lit{u.If, u.Dir}] = u
		}
	}
	if len(want) == 0 {
		return incomplete
	}
	if tf.merger == nil {
		tf.merger = engine.NewMerger(DefaultMergeBound)
	}
	dirs := append(pathDirs(n), dir)
	saved := s.Engine.MaxSteps
	s.Engine.MaxSteps = mergedMaxSteps
	p := s.Engine.RunForcedMerged(s.Fn, n.Input, dirs, tf.merger)
	s.Engine.MaxSteps = saved
	if p.Aborted != "" || p.Conflict >= 0 || p.Stopped || len(p.Steps) < len(dirs) {
		return incomplete
	}
	q := append([]*expr.Term(nil), prefix...)
	ql := append([]Lit(nil), prefixLits...)
	whole := true // no branch outside a merged region after the side
	for _, st := range p.Steps[len(dirs):] {
		whole = false
		if st.Cond != nil {
			q, ql = append(q, st.Cond), append(ql, Lit{st.If, st.Taken})
		}
		if want[Lit{st.If, st.Taken}] != nil {
			break // the run itself reaches a target here
		}
	}
	var obls []*expr.Term
	for _, r := range p.Merged {
		if r.At < len(dirs) {
			continue
		}
		for _, ob := range r.Obligations {
			if want[Lit{ob.If, ob.Dir}] != nil {
				obls = append(obls, ob.Term)
			}
		}
	}
	if len(obls) == 0 && whole {
		return incomplete
	}
	if len(obls) > 0 {
		or := s.B.Or(obls...)
		if whole && tf.satCheck([]*expr.Term{or}) == solver.Unsat {
			// The merged suffix cannot reach any target whatever the prefix:
			// a satisfiability check settles it, no solver call.
			tf.refuteAll(n, dir, want, []Lit{{targets[0].If, targets[0].Dir}}, []*expr.Term{or})
			return refuted
		}
		q = append(q, or)
		ql = append(ql, Lit{targets[0].If, targets[0].Dir})
		if c := s.Conflicts.Violated(termSet(q)); c != nil && whole {
			// A conflict learnt from an earlier merged query applies.
			tf.refuteAll(n, dir, want, c.Lits, c.Terms)
			return refuted
		}
	}
	covered := s.firsts
	switch tf.solveAndRun(n, dir, q) {
	case solver.Sat:
		if s.firsts > covered {
			return reached
		}
	case solver.Unsat:
		if whole && len(obls) > 0 {
			core, coreLits := coreOf(q, ql, s.Solver.Core())
			if s.Conflicts.Add(&Conflict{Lits: coreLits, Terms: core}) {
				s.Stats.Conflicts++
			}
			tf.refuteAll(n, dir, want, coreLits, core)
			return refuted
		}
	}
	return incomplete
}

// refuteAll records side dir of n as refuted for the objectives, with one core.
func (tf *treefrog) refuteAll(n *Node, dir bool, objs map[Lit]*Objective, lits []Lit, core []*expr.Term) {
	if n.Refuted[ix(dir)] == nil {
		n.Refuted[ix(dir)] = map[*Objective]*Proof{}
	}
	for _, u := range objs {
		n.Refuted[ix(dir)][u] = &Proof{Conflict: lits, Cores: [][]*expr.Term{core}}
	}
	tf.s.Stats.OverConflicts++
}
