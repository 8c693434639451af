// The TreeFrog strategy: MTelse's eager flips with conflict learning, then suffix enumeration instead of hopeful flips.

package search

import (
	"fmt"

	"leapfrog/internal/engine"
	"leapfrog/internal/expr"
	"leapfrog/internal/solver"
)

// TreeFrog is the strategy of treefrog-exhaustive-branch-coverage.txt:
//
//   - Eager phase (§4): treatments of covered suffixes, breadth-first as in
//     MTelse, flip only sides whose objective is uncovered. Before every flip
//     the conflict database is consulted (§5.2): a flipped prefix containing a
//     known conflict is refuted without calling the solver.
//   - Conflict learning (§5.1): an infeasible flip is back-substituted from its
//     last branch towards the first (satisfiability checks of ever longer
//     fragments; satisfiable ones are memorised as feasible sequences, §6);
//     the first unsatisfiable fragment, mis(p), is shrunk to a core by deleting
//     constraints one at a time. Lemmas (§5.3) come from resolving conflicts on
//     complementary constraints.
//   - Enumeration phase (§8), instead of hopeful flips: for an uncovered
//     objective u and an unexplored side b' that may lead to it, first try the
//     feasible sequences known to lead from b' to u (§6), then enumerate the
//     suffixes from b' towards u depth first, extending them one branch
//     instance at a time with forced symbolic runs, pruning with the conflicts,
//     with the control-flow graph (sides that cannot reach u) and with
//     satisfiability checks of the suffix fragment; the first complete,
//     consistent suffix is solved together with the prefix (one solver call)
//     and run. When every suffix is refuted, the side is recorded as refuted
//     for u (the over-approximate conflict of §8.3, kept on the tree node so
//     that it is only ever applied to the state it was learnt in) and the
//     verdict machinery can use it as a proof. When the enumeration cannot
//     finish (loop bound, budget), the side is flipped hopefully, as in MTelse,
//     so that the search stays exhaustive.
type TreeFrog struct{}

// Name returns "treefrog".
func (TreeFrog) Name() string { return "treefrog" }

// enumBudget bounds the forced runs of one enumeration (one side, one
// target); enumTotal bounds them for the whole search. Past the total,
// TreeFrog stops enumerating and finishes as MTelse does (guided hopeful
// flips), so that its cost never explodes where enumeration does not pay
// (suffixes that are long and hardly constrained, as in wbs.Launch).
const (
	enumBudget = 300
	enumTotal  = 60000
)

// expensiveEnum is the number of satisfiability checks the enumerations may
// spend in all before TreeFrog prefers merged queries for the rest of the
// search (each check costs milliseconds; a merged query replaces many).
const expensiveEnum = 400

// maxFragmentCheck is the largest suffix fragment (after slicing) checked at
// every extension of an enumerated suffix.
const maxFragmentCheck = 12

type treefrog struct {
	s           *Session
	mergeFirst  bool             // enumeration did not pay: ask merged queries per side first
	enumChecks  int              // satisfiability checks spent by enumerations
	mergedTried map[sideRef]bool // sides a merged query could not settle
	merger      *engine.Merger   // merges the suffixes of viaMerged
	runs        int              // forced runs of all enumerations
	hopeful     bool             // the enumeration budget is spent: hopeful flips from now on
	checker     resettable       // one-shot satisfiability checks (Session.Checker)
	high        []*treatment
	feasible    map[string]bool // fragments known satisfiable (feasible sequences)
	infeasible  map[string]bool // conjunctions known unsatisfiable
	seqs        []feasibleSeq
}

// resettable is a solver that can be emptied for the next one-shot check.
type resettable interface {
	solver.Solver
	Reset()
}

// feasibleSeq is a satisfiable fragment: the sides it consists of and their
// constraints, as met on some path.
type feasibleSeq struct {
	lits  []Lit
	terms []*expr.Term
}

// Explore runs the search.
func (TreeFrog) Explore(s *Session) {
	tf := &treefrog{s: s, feasible: map[string]bool{}, infeasible: map[string]bool{}, mergedTried: map[sideRef]bool{}}
	defer func() {
		if tf.checker != nil {
			tf.checker.Close()
		}
	}()
	_, nodes := s.Execute(s.Initial())
	tf.high = append(tf.high, &treatment{nodes: nodes})
	for !s.Done() {
		tf.eager()
		if s.Done() {
			return
		}
		if tf.mergeFirst && tf.mergedSides() {
			continue
		}
		if !tf.enumerate() {
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
				if n.State[ix(dir)] != Unexplored || s.IsCovered(n.If, dir) {
					continue
				}
				if next, ok := tf.flip(n, dir); ok {
					tf.high = append(tf.high, &treatment{nodes: next, from: i + 1})
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

// flip flips side dir of n unless a known conflict refutes it; an infeasible
// flip is analysed into a new conflict.
func (tf *treefrog) flip(n *Node, dir bool) ([]*Node, bool) {
	s := tf.s
	terms, lits := tf.sideTerms(n, dir)
	if c := s.Conflicts.Violated(termSet(terms)); c != nil {
		n.State[ix(dir)] = Infeasible
		n.Proof[ix(dir)] = conflictProof(c)
		return nil, false
	}
	res, model := s.Flip(n, dir)
	switch res {
	case solver.Sat:
		return s.Follow(n, dir, model)
	case solver.Unsat:
		// Learn from the solver's core of the flip (Session.Flip keeps it, in
		// path order, as the side's proof).
		if p := n.Proof[ix(dir)]; p != nil && len(p.Terms) > 0 {
			terms, lits = p.Terms, p.Conflict
		}
		if c := tf.learn(terms, lits); c != nil {
			n.Proof[ix(dir)] = conflictProof(c)
		}
	}
	return nil, false
}

// satCheck decides a conjunction for learning purposes (counted apart from the
// solver calls that flip branches), on a fresh solver when the session has a
// Checker.
func (tf *treefrog) satCheck(terms []*expr.Term) solver.Result {
	if len(terms) == 0 {
		return solver.Sat
	}
	k := fmt.Sprint(termIDs(terms))
	if tf.feasible[k] {
		tf.s.Stats.FeasibleReused++
		return solver.Sat
	}
	if tf.infeasible[k] {
		return solver.Unsat
	}
	tf.s.Stats.SatChecks++
	var res solver.Result
	if tf.s.Checker != nil {
		if tf.checker == nil {
			tf.checker = tf.s.Checker()
		}
		slv := tf.checker
		slv.Reset()
		for _, t := range terms {
			slv.Assert(t)
		}
		res = slv.Check(nil)
	} else {
		slv := tf.s.Solver
		slv.Push()
		res = slv.Check(terms)
		slv.Pop()
	}
	switch res {
	case solver.Sat:
		tf.feasible[k] = true
	case solver.Unsat:
		tf.infeasible[k] = true
	}
	return res
}

// learn analyses an unsatisfiable sequence of constraints (in path order) into
// a conflict, as TreeFrog's §5.1 does, with three economies:
//
//   - Only the constraints connected to the last one through shared variables
//     are kept: every core contains the last constraint (what comes before it
//     is a feasible prefix), so the others cannot matter.
//   - Back-substitution looks for mis(p), the shortest unsatisfiable suffix
//     fragment c_i..c_n. Fragments only grow more constrained as i decreases,
//     so instead of checking i = n-1, n-2, ... one by one it bisects.
//     Satisfiable fragments met on the way are memorised as feasible
//     sequences (§6).
//   - Callers pass the solver's unsat core when they have one (a refuted flip
//     keeps it as its proof), so mis(p) is sought within it.
//
// mis(p) is then shrunk by deleting constraints one at a time (satisfiability
// checks). It returns nil when the analysis cannot conclude (solver unknown).
func (tf *treefrog) learn(terms []*expr.Term, lits []Lit) *Conflict {
	// Every core contains the last constraint (the prefix before it is
	// feasible), so only the constraints connected to it through shared
	// variables matter.
	terms, lits = independent(terms, lits, terms[len(terms)-1])
	n := len(terms)
	if tf.satCheck(terms) != solver.Unsat {
		return nil
	}
	// Largest i with terms[i:] unsatisfiable (terms[0:] is), by bisection.
	lo, hi := 0, n-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		switch tf.satCheck(terms[mid:]) {
		case solver.Unsat:
			lo = mid
		case solver.Sat:
			tf.seqs = append(tf.seqs, feasibleSeq{lits: append([]Lit(nil), lits[mid:]...), terms: append([]*expr.Term(nil), terms[mid:]...)})
			hi = mid - 1
		default:
			return nil
		}
	}
	coreT := append([]*expr.Term(nil), terms[lo:]...)
	coreL := append([]Lit(nil), lits[lo:]...)
	for j := 0; j < len(coreT) && len(coreT) > 1; {
		t := append(append([]*expr.Term(nil), coreT[:j]...), coreT[j+1:]...)
		if tf.satCheck(t) == solver.Unsat {
			coreT = t
			coreL = append(append([]Lit(nil), coreL[:j]...), coreL[j+1:]...)
			continue
		}
		j++
	}
	c := &Conflict{Lits: coreL, Terms: coreT}
	if tf.s.Conflicts.Add(c) {
		tf.s.Stats.Conflicts++
		tf.resolve(c)
	}
	return c
}

// resolve derives lemmas (§5.3) by resolution: a conflict holding a constraint
// t and one holding ¬t give the conflict of their other constraints, sound for
// any path since t ∨ ¬t always holds. Only lemmas no larger than their parents
// are kept.
func (tf *treefrog) resolve(c *Conflict) {
	for _, d := range tf.s.Conflicts.All() {
		if d == c || d.Over {
			continue
		}
		for i, t := range c.Terms {
			nt := tf.s.B.Not(t)
			for j, u := range d.Terms {
				if u != nt {
					continue
				}
				var lt []*expr.Term
				var ll []Lit
				seen := map[*expr.Term]bool{}
				add := func(ts []*expr.Term, ls []Lit, skip int) {
					for k, x := range ts {
						if k != skip && !seen[x] {
							seen[x] = true
							lt, ll = append(lt, x), append(ll, ls[k])
						}
					}
				}
				add(c.Terms, c.Lits, i)
				add(d.Terms, d.Lits, j)
				if len(lt) == 0 || len(lt) > len(c.Terms) && len(lt) > len(d.Terms) {
					continue
				}
				if tf.s.Conflicts.Add(&Conflict{Lits: ll, Terms: lt}) {
					tf.s.Stats.Lemmas++
				}
			}
		}
	}
}

// enumerate tries, for each uncovered objective, every unexplored side that may
// lead to it. It reports whether it made progress (a new path to treat, or a
// hopeful flip); false means every such side is refuted for its objectives.
func (tf *treefrog) enumerate() (progress bool) {
	s := tf.s
	if tf.hopeful {
		return tf.hopefulFlips()
	}
	sides := s.unexploredSides()
	wasMergeFirst := tf.mergeFirst
	paths := s.Stats.Paths
	defer func() {
		if s.Stats.Paths > paths {
			progress = true // new paths: their sides need a look too
		}
	}()
	for _, o := range s.Objectives {
		if s.coveredBy[o.Index] != nil {
			continue
		}
		for _, sr := range sides {
			n, dir := sr.n, sr.dir
			if n.State[ix(dir)] != Unexplored || n.Refuted[ix(dir)][o] != nil || !s.reach.sideReaches(n.If, dir, o) {
				continue
			}
			if s.Expired() {
				return false
			}
			if tf.mergeFirst && !wasMergeFirst {
				return true // switch to merged queries (Explore)
			}
			switch tf.reachFrom(n, dir, o) {
			case reached:
				return true
			case refuted:
				continue
			default: // the enumeration could not finish: flip hopefully
				if n.State[ix(dir)] != Unexplored {
					return true // a run took the side meanwhile
				}
				if next, ok := tf.flip(n, dir); ok {
					tf.high = append(tf.high, &treatment{nodes: next, from: n.Depth + 1})
				}
				return true
			}
		}
	}
	return false
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

// reachFrom looks for an input taking side dir of n and then reaching u.
func (tf *treefrog) reachFrom(n *Node, dir bool, u *Objective) enumResult {
	s := tf.s
	terms, lits := tf.sideTerms(n, dir)
	if c := s.Conflicts.Violated(termSet(terms)); c != nil {
		n.State[ix(dir)] = Infeasible
		n.Proof[ix(dir)] = conflictProof(c)
		return refuted
	}
	if r := tf.viaFeasibleSequence(n, dir, u, terms); r == reached {
		return reached
	}
	e := &enumeration{tf: tf, node: n, dir: dir, target: u, prefix: terms, prefixLits: lits, budget: enumBudget}
	dirs := append(pathDirs(n), dir)
	checks := s.Stats.SatChecks
	res := e.extend(dirs, nil, nil)
	if tf.enumChecks += s.Stats.SatChecks - checks; tf.enumChecks > expensiveEnum {
		// Enumeration costs more than it saves here: merged queries first.
		tf.mergeFirst = true
	}
	if res == reached {
		return reached
	}
	if res == incomplete {
		// Too many suffixes to enumerate: ask for them all at once, merged;
		// when that settles it, later sides go to the merged query first.
		res = tf.viaMerged(n, dir, u, terms, lits)
		if res != incomplete {
			tf.mergeFirst = true
			return res
		}
	}
	if res == refuted {
		if n.Refuted[ix(dir)] == nil {
			n.Refuted[ix(dir)] = map[*Objective]*Proof{}
		}
		p := &Proof{Cores: e.cores}
		if len(e.firstLits) > 0 {
			p.Conflict = e.firstLits
		} else {
			p.Conflict = []Lit{{n.If, dir}}
		}
		n.Refuted[ix(dir)][u] = p
		s.Stats.OverConflicts++
	}
	return res
}

// mergedMaxSteps bounds a merged suffix run (its concrete values are
// meaningless, so a loop on them could run long).
const mergedMaxSteps = 200_000

// viaMergedAll asks for the targets beyond side dir of n in one query, with the suffix
// merged: a forced run along n's prefix and side goes on to the end of the
// function merging every loop-free region (engine.RunForcedMerged); the
// obligations of u in the regions after the side say when u is taken. The
// query is the prefix, the side, the constraints of the branches the run took
// outside merged regions, and the disjunction of u's obligations. Sat: the
// model is run and covers u. Unsat with the whole suffix merged: no suffix
// reaches u, the side is refuted for u with the solver's core as proof.
// Otherwise the enumeration decides.
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
		return incomplete // no target met: let the enumeration say why
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
	covered := s.uncovered
	switch tf.solveAndRun(n, dir, q) {
	case solver.Sat:
		if s.uncovered < covered {
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

// mergedSides asks, for each unexplored side that may lead to an uncovered
// objective, one merged query for all of them at once: the prefix, the side,
// and the disjunction of the obligations of every uncovered objective in the
// merged suffix (the end-of-path query of path merging, asked at a side). Sat:
// the run covers at least one. Unsat with the whole suffix merged: the side is
// refuted for every uncovered objective it may lead to. It reports whether it
// made progress.
func (tf *treefrog) mergedSides() bool {
	s := tf.s
	sides := s.unexploredSides() // CanReachUncovered is checked per side below
	progress := false
	for _, sr := range sides {
		if s.Done() {
			return true
		}
		n, dir := sr.n, sr.dir
		if n.State[ix(dir)] != Unexplored || tf.mergedTried[sr] || !s.CanReachUncovered(n, dir) {
			continue
		}
		var targets []*Objective
		for _, o := range s.Objectives {
			if s.coveredBy[o.Index] == nil && n.Refuted[ix(dir)][o] == nil && s.reach.sideReaches(n.If, dir, o) {
				targets = append(targets, o)
			}
		}
		if len(targets) == 0 {
			continue
		}
		terms, lits := tf.sideTerms(n, dir)
		if c := s.Conflicts.Violated(termSet(terms)); c != nil {
			n.State[ix(dir)] = Infeasible
			n.Proof[ix(dir)] = conflictProof(c)
			progress = true
			continue
		}
		switch tf.viaMergedAll(n, dir, targets, terms, lits) {
		case reached, refuted:
			progress = true
		default:
			tf.mergedTried[sr] = true // the enumeration will decide it
		}
	}
	return progress
}

// viaMerged asks for one objective beyond a side in a merged query.
func (tf *treefrog) viaMerged(n *Node, dir bool, u *Objective, prefix []*expr.Term, prefixLits []Lit) enumResult {
	r := tf.viaMergedAll(n, dir, []*Objective{u}, prefix, prefixLits)
	if r == reached && tf.s.coveredBy[u.Index] == nil {
		return incomplete // the run covered another objective
	}
	return r
}

// viaFeasibleSequence tries the memorised feasible sequences that start with
// side dir of n's branch and end with u (§6): one solver call each.
func (tf *treefrog) viaFeasibleSequence(n *Node, dir bool, u *Objective, prefix []*expr.Term) enumResult {
	if u.If == nil {
		return incomplete
	}
	for _, fs := range tf.seqs {
		first, last := fs.lits[0], fs.lits[len(fs.lits)-1]
		if first.If != n.If || first.Dir != dir || last.If != u.If || last.Dir != u.Dir {
			continue
		}
		tf.s.Stats.FeasibleReused++
		// The prefix with its side, then the sequence (whose first term is
		// the side's constraint on the path it was learnt on: it may differ).
		q := append(append([]*expr.Term(nil), prefix...), fs.terms...)
		if tf.solveAndRun(n, dir, q) == solver.Sat && tf.s.coveredBy[u.Index] != nil {
			return reached
		}
	}
	return incomplete
}

// solveAndRun asks for an input satisfying q, a query made of n's prefix, side
// dir and constraints beyond it (one solver call, aimed past the side: counted
// as a hopeful flip); on Sat it runs the input and queues the new suffix. The
// solver's core stays available after Unsat.
func (tf *treefrog) solveAndRun(n *Node, dir bool, q []*expr.Term) solver.Result {
	s := tf.s
	s.Stats.SolverCalls++
	s.Stats.HopefulFlips++
	res := s.Solver.Check(q)
	if res == solver.Sat {
		next, _ := s.Follow(n, dir, shrink(q, withInput(n.Input, s.Solver.Model())))
		tf.high = append(tf.high, &treatment{nodes: next, from: n.Depth + 1})
	}
	return res
}

// enumeration is one depth-first enumeration of the suffixes from a side to a target.
type enumeration struct {
	tf         *treefrog
	node       *Node // the enumeration starts with this node's side dir
	dir        bool
	target     *Objective
	prefix     []*expr.Term
	prefixLits []Lit
	budget     int
	cores      [][]*expr.Term // the distinct conflicts that refuted suffixes
	seen       map[string]bool
	firstLits  []Lit
}

func (e *enumeration) refutedBy(terms []*expr.Term, lits []Lit) {
	if e.seen == nil {
		e.seen = map[string]bool{}
	}
	k := fmt.Sprint(termIDs(terms))
	if !e.seen[k] {
		e.seen[k] = true
		e.cores = append(e.cores, terms)
		if e.firstLits == nil {
			e.firstLits = lits
		}
	}
}

// extend explores the suffixes continuing the forced directions dirs (from the
// root); suf and sufLits are the constraints of the suffix so far (after the
// prefix and its side).
func (e *enumeration) extend(dirs []bool, suf []*expr.Term, sufLits []Lit) enumResult {
	tf, s, u := e.tf, e.tf.s, e.target
	if e.budget--; e.budget < 0 || s.Expired() {
		return incomplete
	}
	if tf.runs++; tf.runs > enumTotal {
		tf.hopeful = true
		return incomplete
	}
	s.Stats.Suffixes++
	p := s.Engine.RunForced(s.Fn, s.Initial(), dirs)
	switch {
	case p.Conflict >= 0:
		return refuted // a constant condition goes the other way: no such path
	case p.Aborted != "" || len(p.Steps) < len(dirs):
		return incomplete
	case len(p.Steps) == len(dirs):
		// Only a run that ended (return or panic) before another branch is
		// a complete path; one that stopped early says nothing (issue 10).
		if p.Stopped || p.Outputs == nil && p.PanicAt == nil {
			return incomplete
		}
		if u.Panic != nil && p.PanicAt == u.Panic {
			return e.finish(suf, sufLits)
		}
		return refuted // this complete path misses u
	}
	x := p.Steps[len(dirs)]
	if x.Bounded != "" {
		return incomplete
	}
	result := refuted
	for _, d := range []bool{true, false} {
		var t *expr.Term
		if x.Cond != nil {
			t = x.Cond
			if !x.Taken {
				t = s.B.Not(x.Cond)
			}
			if !d {
				t = s.B.Not(t)
			}
		} else if x.Taken != d {
			continue // constant condition: this side is impossible
		}
		isTarget := u.If == x.If && u.Dir == d
		if !isTarget && !s.reach.sideReaches(x.If, d, u) {
			continue // cannot lead to u
		}
		nsuf, nlits := suf, sufLits
		if t != nil {
			nsuf = append(append([]*expr.Term(nil), suf...), t)
			nlits = append(append([]Lit(nil), sufLits...), Lit{x.If, d})
			all := append(append([]*expr.Term(nil), e.prefix...), nsuf...)
			if c := s.Conflicts.Violated(termSet(all)); c != nil {
				e.refutedBy(c.Terms, c.Lits)
				continue
			}
			// Back-substitution check of the suffix fragment; the part that
			// shares no variable with t was satisfiable already.
			slice, sliceLits := independent(nsuf, nlits, t)
			if len(slice) > maxFragmentCheck {
				// Too large to check at every step: the final solve of the
				// complete suffix will tell, and learn from its core.
				slice = nil
			}
			switch tf.satCheck(slice) {
			case solver.Unsat:
				if c := tf.learn(slice, sliceLits); c != nil {
					e.refutedBy(c.Terms, c.Lits)
					continue
				}
				return incomplete
			case solver.Unknown:
				return incomplete
			}
		}
		ndirs := append(append([]bool(nil), dirs...), d)
		var r enumResult
		if isTarget {
			r = e.finish(nsuf, nlits)
		} else {
			r = e.extend(ndirs, nsuf, nlits)
		}
		switch r {
		case reached:
			return reached
		case incomplete:
			result = incomplete
		}
	}
	return result
}

// finish solves the prefix with a complete suffix reaching u (one solver
// call) and runs the model.
func (e *enumeration) finish(suf []*expr.Term, sufLits []Lit) enumResult {
	tf, s := e.tf, e.tf.s
	q := append(append([]*expr.Term(nil), e.prefix...), suf...)
	lits := append(append([]Lit(nil), e.prefixLits...), sufLits...)
	switch tf.solveAndRun(e.node, e.dir, q) {
	case solver.Sat:
		if s.coveredBy[e.target.Index] != nil {
			return reached
		}
		return incomplete // the run left the suffix: claim nothing
	case solver.Unsat:
		q, lits = coreOf(q, lits, s.Solver.Core())
		if c := tf.learn(q, lits); c != nil {
			e.refutedBy(c.Terms, c.Lits)
			return refuted
		}
	}
	return incomplete
}

// coreOf keeps the constraints (and their sides) that are in the solver's core,
// in order; with no core it keeps everything.
func coreOf(terms []*expr.Term, lits []Lit, core []*expr.Term) ([]*expr.Term, []Lit) {
	if len(core) == 0 {
		return terms, lits
	}
	in := termSet(core)
	var ct []*expr.Term
	var cl []Lit
	for i, t := range terms {
		if in[t] {
			ct, cl = append(ct, t), append(cl, lits[i])
			delete(in, t)
		}
	}
	return ct, cl
}

// pathDirs returns the directions from the root to n (excluded).
func pathDirs(n *Node) []bool {
	var dirs []bool
	for a, d := n.Parent, n.PDir; a != nil; a, d = a.Parent, a.PDir {
		dirs = append(dirs, d)
	}
	for i, j := 0, len(dirs)-1; i < j; i, j = i+1, j-1 {
		dirs[i], dirs[j] = dirs[j], dirs[i]
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

// independent returns the constraints of terms connected to t through shared
// variables (t included), in order: when the others are satisfiable, terms is
// satisfiable exactly when this slice is.
func independent(terms []*expr.Term, lits []Lit, t *expr.Term) ([]*expr.Term, []Lit) {
	vars := make([]map[*expr.Term]bool, len(terms))
	for i, x := range terms {
		vars[i] = map[*expr.Term]bool{}
		for _, v := range expr.Vars(x) {
			vars[i][v] = true
		}
	}
	reach := map[*expr.Term]bool{}
	for _, v := range expr.Vars(t) {
		reach[v] = true
	}
	in := make([]bool, len(terms))
	for changed := true; changed; {
		changed = false
		for i := range terms {
			if in[i] {
				continue
			}
			for v := range vars[i] {
				if reach[v] {
					in[i], changed = true, true
					for w := range vars[i] {
						reach[w] = true
					}
					break
				}
			}
		}
	}
	var st []*expr.Term
	var sl []Lit
	for i := range terms {
		if in[i] || terms[i] == t {
			st, sl = append(st, terms[i]), append(sl, lits[i])
		}
	}
	return st, sl
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
