// TreeFrog's reuse of feasible sequences (§6): a sequence learnt on one path, its constraints mapped onto another prefix by a guided run, one query.

package search

import (
	"leapfrog/internal/engine"
	"leapfrog/internal/expr"
	"leapfrog/internal/solver"
)

// fsTry is a feasible sequence tried at a side: each is tried once.
type fsTry struct {
	n   *Node
	dir bool
	seq int // index in treefrog.seqs
}

// maxRemapSteps bounds the branch instances a remapping run may pass.
const maxRemapSteps = 10000

// viaFeasibleSequence tries the memorised feasible sequences that end with u
// and start at side dir of n's branch or at a branch after it (§6: "if a
// feasible sequence fs starts at b' and ends with an uncovered branch u",
// b' on a path through the flipped side; the paper's example appends the
// sequence b5, b10' after the flipped b7'). A sequence's constraints are
// terms over the inputs as they were on the path it was learnt on, where the
// values its conditions read may have been computed otherwise: they are
// first mapped onto this prefix (remap). A mapped query that holds a known
// conflict is not sent (the paper appends a sequence "without including any
// known conflicts"); otherwise one solver call asks for the prefix, the side
// and the mapped sequence, and a model is run (only a run covers u). An
// unsatisfiable query is analysed into a conflict, as the paper continues
// back-substitution from the sequence. One query per side and target: the
// first sequence whose mapping holds no known conflict.
func (tf *treefrog) viaFeasibleSequence(n *Node, dir bool, u *Objective, prefix []*expr.Term) bool {
	if u.If == nil {
		return false
	}
	s := tf.s
	for i, fs := range tf.seqs {
		if last := fs.lits[len(fs.lits)-1]; last.If != u.If || last.Dir != u.Dir {
			continue
		}
		key := fsTry{n, dir, i}
		if tf.fsTried[key] {
			continue
		}
		tf.fsTried[key] = true
		terms, lits, ok := tf.remap(n, dir, fs)
		if !ok {
			continue
		}
		q := append(append([]*expr.Term(nil), prefix...), terms...)
		if s.Conflicts.Violated(termSet(q)) != nil {
			continue
		}
		s.Stats.FeasibleReused++
		s.Stats.FeasibleRemapped++
		switch tf.solveAndRun(n, dir, q) {
		case solver.Sat:
			return s.coveredBy[u.Index] != nil
		case solver.Unsat:
			_, pl := tf.sideTerms(n, dir)
			tf.learn(q, append(append([]Lit(nil), pl...), lits...))
		}
		return false
	}
	return false
}

// remap maps feasible sequence fs onto the path through side dir of n: a
// guided run (engine.RunGuided) follows the prefix and the side, then takes
// the sequence's side at each instance of its next branch and, elsewhere,
// the side n's input takes; the constraints the run records at the
// sequence's sides (after the first when the first is side dir of n itself)
// are the sequence over this prefix's values (the paper's mapping of its
// variables). ok is false when the run does not meet the sequence's branches
// in order (a constant condition against it, a bound, the function's end).
func (tf *treefrog) remap(n *Node, dir bool, fs feasibleSeq) (terms []*expr.Term, lits []Lit, ok bool) {
	s := tf.s
	k, steps := 0, 0
	if first := fs.lits[0]; first.If == n.If && first.Dir == dir {
		k = 1 // the side itself: its constraint is the prefix's
	}
	guide := func(_ int, st *engine.Step) (bool, bool) {
		if k == len(fs.lits) || steps >= maxRemapSteps {
			return st.Taken, true
		}
		steps++
		d := st.Taken
		if st.Cond != nil && n.Input != nil {
			d = (expr.Eval(st.Cond, n.Input) == 1) == st.Taken
		}
		want := fs.lits[k]
		if st.If == want.If {
			d = want.Dir
		}
		if d != st.Taken && (st.Cond == nil || st.Bounded != "" || !st.Flippable) {
			return st.Taken, true // the other side cannot be taken here
		}
		if st.If == want.If {
			if st.Cond != nil {
				t := st.Cond
				if d != st.Taken {
					t = s.B.Not(st.Cond)
				}
				terms, lits = append(terms, t), append(lits, want)
			}
			k++
		}
		return d, false
	}
	tf.runs++
	s.Engine.RunGuided(s.Fn, s.Initial(), append(pathDirs(n), dir), guide)
	return terms, lits, k == len(fs.lits)
}
