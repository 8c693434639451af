// The TreeFrog strategy: MTelse's eager flips with conflict learning, then suffix enumeration instead of hopeful flips.

package search

import (
	"sort"

	"leapfrog/internal/engine"
	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
	"leapfrog/internal/solver"
)

// TreeFrog is the strategy of treefrog-exhaustive-branch-coverage.txt, on
// every function (the whole-function encoding is another strategy, Whole;
// Auto chooses between them by the function's shape):
//
//   - Eager phase (§4): treatments of covered suffixes, breadth-first as in
//     MTelse, flip only sides whose objective is uncovered. Before every flip
//     the conflict database is consulted (§5.2): a flipped prefix containing a
//     known conflict is refuted without calling the solver.
//   - Conflict learning (§5.1, treefrog_learn.go): an infeasible flip is
//     back-substituted from its last branch towards the first
//     (satisfiability checks of ever longer fragments, each satisfiable one
//     memorised as a feasible sequence, §6); the first unsatisfiable fragment,
//     mis(p), is shrunk to a core by deleting constraints one at a time.
//     Lemmas (§5.3) come from resolving conflicts on complementary
//     constraints.
//   - Enumeration phase (§8), instead of hopeful flips. Pure TreeFrog
//     (this strategy, treefrog_skeleton.go): for each unexplored side b'
//     that may lead to uncovered objectives, shallowest first, the
//     feasible sequences known to lead there (§6), then explicit skeletons
//     towards each target (the necessary branch sides over the CFG, pruned
//     by the conflicts and lemmas), each checked alone by
//     back-substitution and sent as one query on the merged suffix's
//     obligations; a target every skeleton fails to reach is refuted from
//     b' with a proof that stands alone. Where skeletons do not apply
//     (loops or checks after b', b' or a target in a callee) suffixes are
//     enumerated with guided runs (treefrog_suffix.go: one run per suffix,
//     one query per complete suffix; over-approximate conflicts, §8.3, are
//     keyed by the engine's state number at b') and then merged into one
//     query (treefrog_merged.go). A side still open stays undecided with
//     the reason: no hopeful flip. An objective an eager flip found
//     infeasible once is not flipped eagerly again: skeletons from
//     shallower sides reach it, and its own instances are flipped in the
//     enumeration phase when it is still open.
//   - Auto's TreeFrog keeps the earlier enumeration phase: guided
//     enumeration deepest first, a merged query, then a hopeful flip as in
//     MTelse.
type TreeFrog struct{}

// Name returns "treefrog".
func (TreeFrog) Name() string { return "treefrog" }

type treefrog struct {
	s           *Session
	mergedTried map[sideRef]bool // sides a merged query could not settle
	merger      *engine.Merger   // merges the suffixes of viaMergedAll
	runs        int              // guided runs of all enumerations
	hopeful     bool             // the enumeration budget is spent: hopeful flips from now on
	high        []*treatment
	feasible    map[string]bool // fragments known satisfiable (feasible sequences)
	infeasible  map[string]bool // conjunctions known unsatisfiable
	seqs        []feasibleSeq
	seqsWith    map[*expr.Term][]int        // the memorised feasible sequences holding each term
	noSeqReuse  bool                        // tests: back-substitution ignores the memorised sequences
	over        map[overKey][]*overConflict // over-approximate conflicts by state (treefrog_suffix.go)
	fsTried     map[fsTry]bool              // feasible sequences tried at a side (treefrog_feasible.go)
	invariant   map[*ir.If]bool             // branches whose constraint is the same on every path (treefrog_lemmas.go)
	partial     []*Conflict                 // conflicts with an invariant side, propagated to what it dominates
	invTerm     map[*ir.If]*expr.Term       // the constraint of each invariant branch met (treefrog_skeleton.go)
	// pure: the strategy TreeFrog itself, which enumerates skeletons
	// (§8); a side the enumeration leaves open stays undecided with the
	// reason (gaveUp). Auto's TreeFrog enumerates suffixes and
	// falls back to a merged query and hopeful flips.
	pure   bool
	gaveUp map[sideRef]string
	// sideBudget: the guided runs one side's enumeration may make (pure
	// TreeFrog raises it, raiseSideBudget); sideBudgetSpent: the last
	// enumeration spent it; budgetGaveUp: the sides given up for it.
	sideBudget      int
	sideBudgetSpent bool
	budgetGaveUp    map[sideRef]bool
	// eagerFailed: objectives an eager flip found infeasible once (pure
	// TreeFrog). Their other instances are not flipped eagerly: the
	// enumeration phase reaches them by skeletons from shallower sides,
	// and flips an instance only when no other route is left.
	eagerFailed map[*Objective]bool
	noSkeleton  map[sideRef]bool // sides skeletons do not apply to (treefrog_skeleton.go)
	// skeletonQueries counts the queries on skeletons (part of
	// Stats.TargetQueries).
	skeletonQueries int
	why             string // why the last enumeration left a target open
	// stoppedQuery: the query of the first satisfiable suffix the last
	// guided enumeration stopped short of its targets (treefrog_suffix.go).
	stoppedQuery []*expr.Term
	// boundLit: the constraint of each bound of the input domain a guided
	// run met beyond the side it enumerates from, with its side.
	boundLit map[*expr.Term]Lit
}

func newTreeFrog(s *Session) *treefrog {
	if s.lemmaRefuted == nil {
		s.lemmaRefuted = map[*Objective]*Proof{}
	}
	return &treefrog{s: s, feasible: map[string]bool{}, infeasible: map[string]bool{}, mergedTried: map[sideRef]bool{},
		over: map[overKey][]*overConflict{}, invariant: map[*ir.If]bool{}, fsTried: map[fsTry]bool{}, seqsWith: map[*expr.Term][]int{}, boundLit: map[*expr.Term]Lit{}, gaveUp: map[sideRef]string{}, sideBudget: enumBudget, budgetGaveUp: map[sideRef]bool{}, eagerFailed: map[*Objective]bool{}, noSkeleton: map[sideRef]bool{}}
}

// Explore runs the search.
func (TreeFrog) Explore(s *Session) {
	tf := newTreeFrog(s)
	tf.pure = true
	tf.search()
}

// Resume goes on with pure TreeFrog's search after the loop treatment
// (ExploreLoops) raised bounds and reopened the sides they had bounded: a
// fresh search state (its over-approximate conflicts were learnt under the
// old bounds, and no longer hold), the session's conflicts (sound under any
// bound) and state numbering kept, the reopened sides treated eagerly, then
// enumerated. It makes no hopeful flip, where DFS, which ExploreLoops runs
// for the other strategies, flips every reopened side.
func (TreeFrog) Resume(s *Session, reopened []*Node) {
	tf := newTreeFrog(s)
	tf.pure = true
	for _, n := range reopened {
		tf.high = append(tf.high, &treatment{nodes: chain(n), from: n.Depth})
	}
	tf.withStates(tf.rounds)
}

// search runs the conflict-learning search: eager phase, then enumeration,
// until nothing is left to try.
func (tf *treefrog) search() {
	tf.withStates(func() {
		tf.high = append(tf.high, &treatment{nodes: tf.s.First()})
		tf.rounds()
	})
}

// withStates runs f with the engine numbering machine states (the
// session's numbering, kept across searches).
func (tf *treefrog) withStates(f func()) {
	s := tf.s
	if saved := s.Engine.States; saved == nil {
		if s.tfStates == nil {
			s.tfStates = engine.NewStates()
		}
		s.Engine.States = s.tfStates
		defer func() { s.Engine.States = saved }()
	}
	f()
}

// rounds treats and enumerates until nothing is left to try.
func (tf *treefrog) rounds() {
	s := tf.s
	defer tf.markGaveUp()
	for !s.Done() {
		tf.eager()
		if s.Done() {
			return
		}
		if !tf.enumerate() && !tf.raiseSideBudget() {
			return
		}
	}
}

// eager runs the high-priority treatments: each walks down its suffix and
// flips the sides whose objective is uncovered.
func (tf *treefrog) eager() {
	s := tf.s
	for len(tf.high) > 0 && !s.Done() {
		t := tf.high[0]
		tf.high = tf.high[1:]
		for i := t.from; i < len(t.nodes) && !s.Done(); i++ {
			n := t.nodes[i]
			for _, dir := range unexplored(n) {
				if n.State[ix(dir)] != Unexplored || s.IsCovered(n.If, dir) || tf.pure && tf.eagerFailed[s.objOfSide[Lit{n.If, dir}]] {
					continue
				}
				if next, ok := tf.flip(n, dir); ok {
					tf.high = append(tf.high, &treatment{nodes: next, from: i + 1})
				} else if o := s.objOfSide[Lit{n.If, dir}]; o != nil && tf.pure {
					tf.eagerFailed[o] = true
				}
				if s.Done() {
					return
				}
			}
		}
	}
}

// sideTerms returns the constraints of the prefix of n plus side dir, with their sides.
func (tf *treefrog) sideTerms(n *Node, dir bool) ([]*expr.Term, []Lit) {
	terms, lits := n.Prefix(tf.s.B)
	if t := n.Constraint(tf.s.B, dir); t != nil {
		terms = append(terms, t)
		lits = append(lits, Lit{n.If, dir})
	}
	return terms, lits
}

// refuteByConflict marks side dir of n infeasible when its prefix holds a
// known conflict (§5.2), without calling the solver.
func (tf *treefrog) refuteByConflict(n *Node, dir bool, terms []*expr.Term) bool {
	c := tf.s.Conflicts.Violated(termSet(terms))
	if c == nil {
		return false
	}
	n.State[ix(dir)] = Infeasible
	n.Proof[ix(dir)] = conflictProof(c)
	return true
}

// flip flips side dir of n unless a known conflict refutes it; an infeasible
// flip is analysed into a new conflict.
func (tf *treefrog) flip(n *Node, dir bool) ([]*Node, bool) {
	s := tf.s
	terms, lits := tf.sideTerms(n, dir)
	if tf.refuteByConflict(n, dir, terms) {
		return nil, false
	}
	res, model := s.Flip(n, dir)
	switch res {
	case solver.Sat:
		return s.Follow(n, dir, model)
	case solver.Unsat:
		// Learn from the whole flipped prefix (§5.1): back-substitution
		// finds mis(p) and deletion its minimal cores, whatever core the
		// solver gave for the flip.
		if c := tf.learn(terms, lits); c != nil {
			n.Proof[ix(dir)] = conflictProof(c)
		}
	}
	return nil, false
}

// enumerate tries every unexplored side that may lead to an uncovered
// objective, in preorder: the feasible sequences known to lead there (§6),
// then suffix enumeration, then a merged query, then a hopeful flip. It
// reports whether it made progress (a new path to treat, or a hopeful flip);
// false means every such side is refuted for the objectives it may reach.
func (tf *treefrog) enumerate() bool {
	if tf.pure {
		return tf.enumerateSkeletons()
	}
	s := tf.s
	if tf.hopeful {
		return tf.hopefulFlips()
	}
	paths := s.Stats.Paths
	sides := s.unexploredSides()
	// Deepest first: their enumerations are short, and the over-approximate
	// conflicts they leave prune the longer ones above.
	sort.SliceStable(sides, func(i, j int) bool { return sides[i].n.Depth > sides[j].n.Depth })
	for _, sr := range sides {
		n, dir := sr.n, sr.dir
		if n.State[ix(dir)] != Unexplored {
			continue
		}
		if s.Expired() {
			return false
		}
		targets := tf.targetsOf(n, dir)
		if len(targets) == 0 {
			continue
		}
		terms, lits := tf.sideTerms(n, dir)
		if tf.refuteByConflict(n, dir, terms) {
			continue
		}
		for _, u := range targets {
			if s.coveredBy[u.Index] == nil && tf.viaFeasibleSequence(n, dir, u, terms) {
				return true
			}
		}
		open := tf.enumerateSuffixes(n, dir, targets, terms, lits)
		if s.Stats.Paths > paths {
			return true // new paths: their sides need a look first
		}
		if len(open) == 0 {
			continue
		}
		if !tf.mergedTried[sr] {
			tf.mergedTried[sr] = true
			if tf.viaMergedAll(n, dir, open, terms, lits) != incomplete {
				return true
			}
		}
		// Nothing settled the side: flip it hopefully.
		if n.State[ix(dir)] == Unexplored {
			if next, ok := tf.flip(n, dir); ok {
				tf.high = append(tf.high, &treatment{nodes: next, from: n.Depth + 1})
			}
		}
		return true
	}
	return s.Stats.Paths > paths
}

// targetsOf lists the uncovered objectives side dir of n may lead to and is
// not yet refuted for. An objective a lemma refutes (treefrog_lemmas.go) is
// none: outright, or from this side, where the refutation is recorded.
func (tf *treefrog) targetsOf(n *Node, dir bool) []*Objective {
	s := tf.s
	var targets []*Objective
	var in map[*expr.Term]bool
	for _, o := range s.Objectives {
		if s.coveredBy[o.Index] != nil || s.lemmaRefuted[o] != nil || n.Refuted[ix(dir)][o] != nil || !s.reach.sideReaches(n.If, dir, o) {
			continue
		}
		if len(tf.partial) > 0 {
			if in == nil {
				terms, _ := tf.sideTerms(n, dir)
				in = termSet(terms)
			}
			if c := tf.lemmaRefutes(in, o); c != nil {
				if n.Refuted[ix(dir)] == nil {
					n.Refuted[ix(dir)] = map[*Objective]*Proof{}
				}
				n.Refuted[ix(dir)][o] = &Proof{Conflict: c.Lits, Cores: [][]*expr.Term{c.Terms}}
				s.Stats.Lemmas++
				continue
			}
		}
		targets = append(targets, o)
	}
	return targets
}

// hopefulFlips flips, as MTelse's low-priority treatments do, every unexplored
// side that may still lead to an uncovered objective. It reports whether it
// flipped anything.
func (tf *treefrog) hopefulFlips() bool {
	s := tf.s
	sides := s.unexploredSides()
	progress := false
	for i := len(sides) - 1; i >= 0 && !s.Done(); i-- { // deepest first
		sr := sides[i]
		if sr.n.State[ix(sr.dir)] != Unexplored || !s.CanReachUncovered(sr.n, sr.dir) {
			continue
		}
		progress = true
		if next, ok := tf.flip(sr.n, sr.dir); ok {
			tf.high = append(tf.high, &treatment{nodes: next, from: sr.n.Depth + 1})
			tf.eager()
		}
	}
	return progress
}

type enumResult int

const (
	refuted enumResult = iota
	reached
	incomplete
)

// solveAndRun asks for an input satisfying q, a query made of n's prefix, side
// dir and constraints beyond it (one solver call, aimed past the side:
// counted as a hopeful flip under Auto, as a query towards a target under
// pure TreeFrog), sliced to the constraints sharing variables with those
// beyond the prefix; on Sat it runs the input and queues the new suffix. The
// solver's core stays available after Unsat.
func (tf *treefrog) solveAndRun(n *Node, dir bool, q []*expr.Term) solver.Result {
	s := tf.s
	s.Stats.SolverCalls++
	if tf.pure {
		s.Stats.TargetQueries++
	} else {
		s.Stats.HopefulFlips++ // Auto's count
	}
	if k := n.prefixLen(); n.Input != nil && k < len(q) {
		// The prefix holds under n's input: constraints sharing no variable
		// with the side and what follows keep their values from it.
		q, _ = independentOf(q, make([]Lit, len(q)), q[k:])
	}
	res := s.Solver.Check(q)
	if res == solver.Sat {
		next, _ := s.Follow(n, dir, shrink(q, withInput(n.Input, s.Solver.Model())))
		tf.high = append(tf.high, &treatment{nodes: next, from: n.Depth + 1})
	}
	return res
}

// pathDirs returns the directions from the root to n (excluded).
func pathDirs(n *Node) []bool {
	dirs := make([]bool, n.Depth)
	for a, d := n.Parent, n.PDir; a != nil; a, d = a.Parent, a.PDir {
		dirs[a.Depth] = d
	}
	return dirs
}

func termSet(ts []*expr.Term) map[*expr.Term]bool {
	m := make(map[*expr.Term]bool, len(ts))
	for _, t := range ts {
		m[t] = true
	}
	return m
}

// conflictProof makes a side's proof from a stored conflict.
func conflictProof(c *Conflict) *Proof {
	return &Proof{Conflict: c.Lits, Terms: c.Terms, SMT2: expr.SMT2(c.Terms)}
}

// unexploredSides lists the unexplored sides of the tree, in preorder.
func (s *Session) unexploredSides() []sideRef {
	var sides []sideRef
	s.walk(s.Root, func(n *Node) {
		for _, d := range []bool{false, true} {
			if n.State[ix(d)] == Unexplored {
				sides = append(sides, sideRef{n, d})
			}
		}
	})
	return sides
}
