// TreeFrog's explicit skeletons (§8.1): the necessary branch sides from a side to a target, one conflict-aware query per skeleton.

package search

import (
	"fmt"
	"slices"
	"sort"

	"leapfrog/internal/engine"
	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
	"leapfrog/internal/solver"
)

// maxSkeletons bounds the skeletons kept towards one target from one side;
// past it the target's skeleton is the target alone (whose class is every
// path, so nothing is lost but the pruning). maxSkeletonVisits bounds the
// CFG walk that enumerates them.
const (
	maxSkeletons      = 16
	maxSkeletonVisits = 20000
)

// A skeleton (§8.1) is a sequence of branch sides of the function under test
// from an uncovered side b' to a target u, in CFG order, ending with u: the
// sides a path from b' to u has no choice but to take, because the other
// side cannot lead to u (the CFG) or completes a known conflict with the
// flipped prefix and the skeleton so far (§5.2, the constraints of
// branches whose condition is the same on every path, invariantIf). Its
// class is the set of paths from b' that take all of its sides.
//
// The skeletons are enumerated by a walk of the CFG from b' over the
// blocks that can reach u: a branch whose two sides both lead on is left
// free (both continued), one whose single viable side leads on adds that
// side. Every CFG path from b' to u that no conflict refutes lies in the
// class of the skeleton of its necessary sides, so the classes cover every
// feasible suffix. A skeleton that contains another is dropped (its class
// is contained in the other's). A skeleton closing a known conflict or a
// lemma (§5.3) is refuted without a query.
//
// Each remaining skeleton is fleshed out and sent as one query (§8.2): the
// suffix after b' is executed merged (engine.RunForcedMerged), which gives
// every side s beyond b' its obligation ob(s), the condition over the
// inputs under which a run through the prefix takes s; the query is the
// prefix, the constraints of the skeleton's invariant sides (implied by
// their obligations, there so that the core lands on them and a conflict
// over branches is learnt), and the obligations of its sides, u's last.
// Sat: the model is run and covers u. Unsat: the skeleton's class is
// refuted, and a core over branch constraints alone becomes a conflict
// (§5.1) that prunes later skeletons. When every skeleton towards u is
// refuted, one satisfiability check of the prefix and ob(u) gives the proof
// that stands alone (no path through b' reaches u), which is also kept as
// an over-approximate conflict at b's state (§8.3).
//
// Skeletons apply when the whole suffix after b' runs merged (loop-free, no
// run-time check failing inside a region) and b' and u are branches of the
// function under test; elsewhere the guided enumeration of full suffixes
// (treefrog_suffix.go) takes over.

// skeletonSuffix is the merged execution of the suffix after a side: the
// obligation of each side beyond it.
type skeletonSuffix struct {
	obl map[Lit]*expr.Term
}

// mergedSuffix executes the suffix after side dir of n merged; nil when some
// step after the side lies outside a merged region (a loop, a check that
// can fail inside a region, a call that cannot be inlined), so that the
// obligations would not cover every path.
func (tf *treefrog) mergedSuffix(n *Node, dir bool) *skeletonSuffix {
	s := tf.s
	if tf.merger == nil {
		tf.merger = engine.NewMerger(DefaultMergeBound)
	}
	dirs := append(pathDirs(n), dir)
	saved := s.Engine.MaxSteps
	s.Engine.MaxSteps = mergedMaxSteps
	p := s.Engine.RunForcedMerged(s.Fn, n.Input, dirs, tf.merger)
	s.Engine.MaxSteps = saved
	if p.Aborted != "" || p.Stopped || p.Conflict >= 0 || len(p.Steps) != len(dirs) || p.Outputs == nil && p.PanicAt == nil {
		return nil
	}
	ms := &skeletonSuffix{obl: map[Lit]*expr.Term{}}
	for _, r := range p.Merged {
		if r.At < len(dirs) {
			continue
		}
		for _, ob := range r.Obligations {
			l := Lit{ob.If, ob.Dir}
			if t := ms.obl[l]; t != nil {
				ms.obl[l] = s.B.Or(t, ob.Term) // a callee merged at two calls
			} else {
				ms.obl[l] = ob.Term
			}
		}
	}
	return ms
}

// skeletonTargets settles what the skeletons can of the targets beyond
// side dir of n. It returns the targets left open and whether skeletons
// applied to the side at all (false: the guided enumeration must run).
func (tf *treefrog) skeletonTargets(n *Node, dir bool, targets []*Objective, prefix []*expr.Term, lits []Lit) (open []*Objective, applied bool) {
	s := tf.s
	if own := s.objOfSide[Lit{n.If, dir}]; own != nil && slices.Contains(targets, own) {
		// The side is itself a target: its skeleton is the side alone, and
		// its query the flip (deferred from the eager phase).
		if next, ok := tf.flip(n, dir); ok {
			tf.high = append(tf.high, &treatment{nodes: next, from: n.Depth + 1})
			return nil, true
		}
		if n.State[ix(dir)] != Unexplored {
			return nil, true // infeasible: nothing beyond it is reached
		}
		return targets, false // undecided
	}
	if engine.IsPseudo(n.If) || n.If.Block().Func != s.Fn {
		return targets, false
	}
	for _, u := range targets {
		if u.If == nil || u.If.Block().Func != s.Fn {
			return targets, false
		}
	}
	ms := tf.mergedSuffix(n, dir)
	if ms == nil {
		return targets, false
	}
	key := overKey{n.If, dir, n.Num}
	before := prefix
	if n.Cond != nil {
		before = prefix[:len(prefix)-1]
	}
	// The last targets first: a path to a target late in the function
	// crosses more of it, so its case covers more on the way.
	targets = slices.Clone(targets)
	slices.Reverse(targets)
	for i, u := range targets {
		if s.Expired() {
			return append(open, targets[i:]...), true
		}
		if s.coveredBy[u.Index] != nil {
			continue
		}
		if oc := tf.overFor(key, u, termSet(before)); oc != nil {
			tf.refuteSide(n, dir, u, oc.need, oc.cores, prefix, lits)
			s.Stats.OverReused++
			continue
		}
		switch tf.skeletonsTowards(n, dir, u, ms, prefix, lits) {
		case reached:
			return nil, true // a new path: its sides come first
		case refuted:
		default:
			open = append(open, u)
		}
	}
	return open, true
}

// skeletonsTowards enumerates the skeletons from side dir of n to u and
// sends one query per skeleton that no conflict refutes.
func (tf *treefrog) skeletonsTowards(n *Node, dir bool, u *Objective, ms *skeletonSuffix, prefix []*expr.Term, lits []Lit) enumResult {
	s := tf.s
	obU := ms.obl[Lit{u.If, u.Dir}]
	if obU == nil {
		return incomplete // not met by the merged suffix: left to the guided enumeration's account
	}
	sks, ok := tf.skeletons(n, dir, u, prefix)
	if !ok {
		sks = [][]Lit{{{u.If, u.Dir}}}
	}
	for _, sk := range sks {
		if s.Expired() {
			return incomplete
		}
		s.Stats.Suffixes++
		q := append([]*expr.Term(nil), prefix...)
		ql := append([]Lit(nil), lits...)
		for _, l := range sk {
			if t := tf.litTerm(l); t != nil {
				q, ql = append(q, t), append(ql, l)
			}
		}
		nb := len(q) // the prefix and the branch constraints
		empty := false
		for _, l := range sk {
			ob := ms.obl[l]
			if ob == nil {
				empty = true // no run through the prefix takes l: the class is empty
				break
			}
			q, ql = append(q, ob), append(ql, l)
		}
		if empty {
			continue
		}
		// Back-substitution of the skeleton alone (§8.2, satisfiability
		// checks, not solver calls): its own branch constraints and
		// obligations, without the prefix. Unsat: its class is empty, and a
		// conflict inside the suffix is learnt.
		if res := tf.satCheck(q[len(prefix):]); res == solver.Unsat {
			if nb > len(prefix) && tf.satCheck(q[len(prefix):nb]) == solver.Unsat {
				tf.learn(q[len(prefix):nb], ql[len(prefix):nb])
			}
			continue
		} else if res != solver.Sat {
			tf.undecided("the solver could not decide a skeleton's back-substitution")
			return incomplete
		}
		covered := s.coveredBy[u.Index] != nil
		tf.skeletonQueries++
		switch tf.solveAndRun(n, dir, q) {
		case solver.Sat:
			if !covered && s.coveredBy[u.Index] == nil {
				tf.why = "engine divergence: the run of a model of a skeleton's query did not take its target"
				return incomplete
			}
			return reached
		case solver.Unsat:
			// Learn a conflict over branches (§5.1) when the prefix and the
			// skeleton's branch constraints alone are unsatisfiable (the
			// obligations are specific to this prefix).
			if nb > len(prefix) && tf.satCheck(q[:nb]) == solver.Unsat {
				tf.learn(q[:nb], ql[:nb])
			}
		default:
			tf.undecided("the solver could not decide a skeleton's query")
			return incomplete
		}
	}
	// Every skeleton's class is refuted: one check of the prefix and ob(u)
	// is the proof that stands alone.
	q := append(append([]*expr.Term(nil), prefix...), obU)
	s.Stats.SatChecks++
	if s.Solver.Check(q) != solver.Unsat {
		tf.undecided("the skeletons towards it were refuted but their union was not")
		return incomplete // the classes do not cover what ob(u) says: claim nothing
	}
	core := s.Solver.Core()
	if len(core) == 0 {
		core = q
	}
	core, _ = coreOf(q, append(append([]Lit(nil), lits...), Lit{u.If, u.Dir}), core)
	in := termSet(core)
	var need []*expr.Term
	for _, t := range prefix {
		if in[t] && !(n.Cond != nil && t == prefix[len(prefix)-1]) {
			need = append(need, t)
		}
	}
	tf.refuteSide(n, dir, u, need, [][]*expr.Term{core}, prefix, lits)
	if key := (overKey{n.If, dir, n.Num}); key.num != 0 && len(tf.over[key]) < maxOverPerKey {
		tf.over[key] = append(tf.over[key], &overConflict{target: u, need: need, cores: [][]*expr.Term{core}})
		s.Stats.OverConflicts++
	}
	return refuted
}

// undecided gives the side being settled the reason why, unless the
// search's time budget has run out: a query the deadline interrupted says
// nothing about the side, which then stays unexplored and is reported as
// the budget's (verdicts.go), the same on every machine whatever query the
// deadline happened to cut (CI met "could not decide a skeleton's query" on
// float comparisons a less loaded run decides).
func (tf *treefrog) undecided(why string) {
	if !tf.s.Expired() {
		tf.why = why
	}
}

// collectInvariantTerms records the constraint term of every invariant
// branch met in the tree (the same term on every path, invariantIf).
func (tf *treefrog) collectInvariantTerms() {
	if tf.invTerm == nil {
		tf.invTerm = map[*ir.If]*expr.Term{}
	}
	tf.s.walk(tf.s.Root, func(n *Node) {
		if n.Cond != nil && tf.invTerm[n.If] == nil && tf.invariantIf(n.If) {
			tf.invTerm[n.If] = n.Cond
		}
	})
}

// litTerm returns the constraint of side l when its branch is invariant and
// met in the tree; nil otherwise.
func (tf *treefrog) litTerm(l Lit) *expr.Term {
	t := tf.invTerm[l.If]
	if t == nil {
		return nil
	}
	if !l.Dir {
		return tf.s.B.Not(t)
	}
	return t
}

// skelWalk is one enumeration of skeletons towards a target.
type skelWalk struct {
	tf     *treefrog
	u      *Objective
	reach  map[*ir.Block]bool // blocks of the function that can reach u's block
	set    map[*expr.Term]bool
	cur    []Lit
	onPath map[*ir.Block]bool
	memo   map[string]bool
	out    [][]Lit
	seen   map[string]bool
	visits int
	failed bool // a cycle, or a bound hit: the enumeration is not complete
}

// skeletons enumerates the skeletons from side dir of n to u; ok is false
// when the enumeration cannot complete (a cycle on the way, a bound).
func (tf *treefrog) skeletons(n *Node, dir bool, u *Objective, prefix []*expr.Term) (sks [][]Lit, ok bool) {
	if n.If == u.If {
		return nil, false // u is n's other side: a path back to it is a loop
	}
	return tf.skeletonsFrom(n.If.Block().Succs[ix(!dir)], u, prefix)
}

// skeletonsFrom enumerates the skeletons from block start to u, given the
// constraints of the prefix.
func (tf *treefrog) skeletonsFrom(start *ir.Block, u *Objective, prefix []*expr.Term) (sks [][]Lit, ok bool) {
	w := &skelWalk{tf: tf, u: u, reach: reachingBlocks(u.If.Block()), set: termSet(prefix),
		onPath: map[*ir.Block]bool{}, memo: map[string]bool{}, seen: map[string]bool{}}
	if !w.reach[start] {
		return nil, false
	}
	w.walk(start)
	if w.failed || len(w.out) > maxSkeletons {
		return nil, false
	}
	return minimalSkeletons(w.out), true
}

// reachingBlocks returns the blocks of to's function that can reach to (to
// included), over its CFG.
func reachingBlocks(to *ir.Block) map[*ir.Block]bool {
	m := map[*ir.Block]bool{to: true}
	work := []*ir.Block{to}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		for _, p := range x.Preds {
			if !m[p] {
				m[p] = true
				work = append(work, p)
			}
		}
	}
	return m
}

func (w *skelWalk) walk(x *ir.Block) {
	if w.failed {
		return
	}
	if w.onPath[x] {
		w.failed = true // a cycle: skeletons are loop-free
		return
	}
	if w.visits++; w.visits > maxSkeletonVisits || len(w.out) > maxSkeletons {
		w.failed = true
		return
	}
	k := fmt.Sprint(x.Index, w.cur)
	if w.memo[k] {
		return // the same block with the same skeleton so far: nothing new
	}
	w.memo[k] = true
	w.onPath[x] = true
	defer delete(w.onPath, x)
	switch t := x.Terminator().(type) {
	case *ir.Jump:
		if w.reach[x.Succs[0]] {
			w.walk(x.Succs[0])
		}
	case *ir.If:
		if t == w.u.If {
			w.emit()
			return
		}
		var viable []bool
		for _, d := range []bool{true, false} {
			if !w.reach[x.Succs[ix(!d)]] {
				continue
			}
			if lt := w.tf.litTerm(Lit{t, d}); lt != nil && !w.set[lt] && w.tf.s.Conflicts.ViolatedBy(w.set, lt) != nil {
				continue // the side closes a conflict with the prefix and the skeleton
			}
			viable = append(viable, d)
		}
		switch len(viable) {
		case 1:
			w.push(Lit{t, viable[0]}, func() { w.walk(x.Succs[ix(!viable[0])]) })
		case 2:
			w.walk(x.Succs[0])
			w.walk(x.Succs[1])
		}
	}
}

// push adds side l to the skeleton while f runs.
func (w *skelWalk) push(l Lit, f func()) {
	t := w.tf.litTerm(l)
	added := t != nil && !w.set[t]
	if added {
		w.set[t] = true
	}
	w.cur = append(w.cur, l)
	f()
	w.cur = w.cur[:len(w.cur)-1]
	if added {
		delete(w.set, t)
	}
}

// emit records the skeleton so far ended by u, unless a conflict or a
// lemma refutes it.
func (w *skelWalk) emit() {
	tf := w.tf
	ul := Lit{w.u.If, w.u.Dir}
	in := w.set
	if t := tf.litTerm(ul); t != nil && !w.set[t] {
		if tf.s.Conflicts.ViolatedBy(w.set, t) != nil {
			return
		}
		in = maps2(w.set, t)
	}
	if len(tf.partial) > 0 && tf.lemmaRefutes(in, w.u) != nil {
		tf.s.Stats.Lemmas++
		return
	}
	sk := append(append([]Lit(nil), w.cur...), ul)
	if k := fmt.Sprint(sk); !w.seen[k] {
		w.seen[k] = true
		w.out = append(w.out, sk)
	}
}

// maps2 returns a copy of set with t added.
func maps2(set map[*expr.Term]bool, t *expr.Term) map[*expr.Term]bool {
	m := make(map[*expr.Term]bool, len(set)+1)
	for x := range set {
		m[x] = true
	}
	m[t] = true
	return m
}

// minimalSkeletons drops the skeletons that contain another as a
// subsequence (their class is inside the other's).
func minimalSkeletons(sks [][]Lit) [][]Lit {
	var out [][]Lit
	for i, a := range sks {
		dominated := false
		for j, b := range sks {
			if i != j && isSubsequence(b, a) && (len(b) < len(a) || j < i) {
				dominated = true
				break
			}
		}
		if !dominated {
			out = append(out, a)
		}
	}
	return out
}

// isSubsequence reports whether a is a subsequence of b.
func isSubsequence(a, b []Lit) bool {
	i := 0
	for _, l := range b {
		if i < len(a) && a[i] == l {
			i++
		}
	}
	return i == len(a)
}

// enumerateSkeletons is pure TreeFrog's enumeration phase: for each
// unexplored side that may lead to uncovered objectives, the feasible
// sequences known to lead there (§6), then the skeletons towards each
// target (shallowest sides first), then, for what skeletons do not apply
// to or leave open, the guided enumeration of full suffixes and one merged
// query (deepest sides first), then the query of a suffix the enumeration
// stopped short of its targets (a loop past its bound, an abandoned run),
// whose run goes on into the tree. A side still open is recorded with its
// reason (gaveUp) and its objectives stay unknown unless another path
// settles them: no hopeful flip. It returns
// at the first new path (whose eager flips come first, interleaving
// concolic generation with enumeration as the paper observes) and reports
// whether it made progress.
func (tf *treefrog) enumerateSkeletons() bool {
	s := tf.s
	sides := s.unexploredSides()
	tf.collectInvariantTerms()
	// Skeletons shallowest first: the suffix after a shallow side is merged
	// whole, so one query per skeleton reaches any target the short prefix
	// allows; deep sides, with long prefixes, come last.
	sort.SliceStable(sides, func(i, j int) bool { return sides[i].n.Depth < sides[j].n.Depth })
	var rest []sideRef // left to the guided enumeration
	for _, sr := range sides {
		n, dir := sr.n, sr.dir
		targets, terms, lits, ok := tf.sideToEnumerate(sr)
		if !ok {
			if s.Expired() {
				return false
			}
			continue
		}
		p0 := s.Stats.Paths
		if len(targets) == 1 {
			// One target: a feasible sequence's query costs what the
			// skeleton's would (one call), and needs no merged suffix.
			tf.viaFeasibleSequence(n, dir, targets[0], terms)
		}
		if s.Stats.Paths > p0 {
			return true // new paths: their eager flips come first
		}
		if tf.noSkeleton[sr] {
			rest = append(rest, sr)
			continue
		}
		tf.why = ""
		open, applied := tf.skeletonTargets(n, dir, targets, terms, lits)
		switch {
		case s.Stats.Paths > p0:
			return true
		case !applied:
			tf.noSkeleton[sr] = true
			rest = append(rest, sr)
		case len(open) > 0 && tf.why != "":
			tf.gaveUp[sr] = tf.why
		case len(open) > 0:
			rest = append(rest, sr) // a target the merged suffix does not meet
		}
	}
	// The guided enumeration deepest first: its enumerations there are
	// short, and the over-approximate conflicts they leave prune the longer
	// ones above. Engine decisions (an input's dynamic type, a stub's
	// answer, a chain link's) come after the branches, shallowest first:
	// deep ones are the links of a recursion through an input (errors.Is
	// over a chain of wrappers), each level's enumeration exhausting, or
	// spending its budget on, the levels below it towards targets the
	// input's first decisions settle (errors_sentinel.Sentinel: 4 outcomes
	// left to the deadline, all covered this way; the bench has none).
	sort.SliceStable(rest, func(i, j int) bool {
		a, b := rest[i].n, rest[j].n
		if pa, pb := engine.IsPseudo(a.If), engine.IsPseudo(b.If); pa != pb {
			return pb
		} else if pa {
			return a.Depth < b.Depth
		}
		return a.Depth > b.Depth
	})
	for _, sr := range rest {
		n, dir := sr.n, sr.dir
		targets, terms, lits, ok := tf.sideToEnumerate(sr)
		if !ok {
			if s.Expired() {
				return false
			}
			continue
		}
		if tf.sideRefuted(n, dir) {
			continue
		}
		p0 := s.Stats.Paths
		tf.why, tf.stoppedQuery, tf.sideBudgetSpent = "", nil, false
		open := tf.enumerateSuffixes(n, dir, targets, terms, lits)
		stopped := tf.stoppedQuery
		if s.Stats.Paths > p0 {
			return true
		}
		if len(open) > 0 && !tf.mergedTried[sr] {
			tf.mergedTried[sr] = true
			if tf.viaMergedAll(n, dir, open, terms, lits) == reached || s.Stats.Paths > p0 {
				return true
			}
			if len(tf.targetsOf(n, dir)) == 0 {
				continue
			}
		}
		if len(open) > 0 && stopped != nil && n.State[ix(dir)] == Unexplored {
			// The enumeration stopped short of the targets left open, at a
			// point it cannot choose beyond (a loop past its bound, a run
			// the engine abandons) on a satisfiable suffix, or it spent its
			// budget with suffixes left pending: that suffix (the
			// shallowest pending one), fleshed out as far as it goes, is
			// the query (one target query), and its run goes on from there
			// as the inputs say, into the tree, whose new sides are
			// enumerated in turn. (A run that does not take the side marks
			// it diverged: the query is not asked twice.)
			if tf.solveAndRun(n, dir, stopped) == solver.Sat || s.Stats.Paths > p0 {
				return true
			}
		}
		if len(open) > 0 && !s.Expired() {
			// (A side the deadline cut stays unexplored: the budget's
			// reason, verdicts.go.)
			why := tf.why
			if why == "" {
				why = "the suffix enumeration did not finish"
			}
			tf.gaveUp[sr] = why
			if tf.sideBudgetSpent {
				tf.budgetGaveUp[sr] = true
			}
		}
	}
	return false
}

// raiseSideBudget gives the sides pure TreeFrog gave up for one side's
// budget of guided runs another enumeration, with four times the budget,
// while the search's total (enumTotal) and its deadline allow: a side is
// left undecided for the per-side budget only when the search's own budget
// is spent too. It reports whether any side was given back. (Each raise
// repeats the runs of the smaller budgets: at most a third more.)
func (tf *treefrog) raiseSideBudget() bool {
	s := tf.s
	if !tf.pure || len(tf.budgetGaveUp) == 0 || tf.runs >= enumTotal || tf.sideBudget >= enumTotal || s.Expired() {
		return false
	}
	tf.sideBudget = min(4*tf.sideBudget, enumTotal)
	for sr := range tf.budgetGaveUp {
		delete(tf.gaveUp, sr)
	}
	clear(tf.budgetGaveUp)
	return true
}

// sideRefuted checks, before the guided enumeration beyond side dir of n,
// that an input takes the side: the prefix and the side's constraint, the
// query a flip would ask, but only checked (no run follows, no flip is
// counted). An unsatisfiable side is infeasible, its proof the conflict
// learnt from it, as for an infeasible flip; otherwise every suffix the
// enumeration runs beyond it would meet the same contradiction (the guided
// runs choose sides by the conflicts known, not by the solver), at the
// cost of a refutation per suffix, or none when the target lies beyond a
// condition the engine holds constant, until the budget is spent. A side
// with an objective of its own was flipped eagerly; this is for the
// others: engine decisions, callees' branches.
func (tf *treefrog) sideRefuted(n *Node, dir bool) bool {
	s := tf.s
	side := n.Constraint(s.B, dir)
	if side == nil {
		return false
	}
	terms, lits := n.Prefix(s.B)
	terms, lits = append(terms, side), append(lits, Lit{n.If, dir})
	q := flipQuery{terms: terms, lits: lits, input: n.Input}
	if n.Input != nil {
		q.terms, q.lits = independent(terms, lits, side)
	}
	k := fmt.Sprint(termIDs(q.terms))
	if tf.feasible[k] {
		return false
	}
	s.Stats.SatChecks++
	a := s.decideFlip(s.Solver, q)
	switch a.res {
	case solver.Sat:
		tf.feasible[k] = true
	case solver.Unsat:
		// The check's core is the proof and the conflict, as for a merged
		// query's: no back-substitution over the prefix as after a flip
		// (the prefix of a side deep in a callee is long, and shrinking
		// even the core took up to a second per side through
		// bytes.Buffer's code, where the flips it saves took
		// milliseconds).
		s.recordFlip(n, dir, a)
		if p := a.proof; p != nil && len(p.Terms) > 0 && s.Conflicts.Add(&Conflict{Lits: p.Conflict, Terms: p.Terms}) {
			s.Stats.Conflicts++
		}
		return true
	}
	return false
}

// sideToEnumerate returns the targets of an unexplored side not yet given
// up, with its prefix's constraints; ok is false when there is nothing to
// enumerate (no target, a known conflict refutes the side, the budget is
// spent).
func (tf *treefrog) sideToEnumerate(sr sideRef) (targets []*Objective, terms []*expr.Term, lits []Lit, ok bool) {
	n, dir := sr.n, sr.dir
	if n.State[ix(dir)] != Unexplored || tf.gaveUp[sr] != "" || tf.s.Expired() {
		return nil, nil, nil, false
	}
	targets = tf.targetsOf(n, dir)
	if len(targets) == 0 {
		return nil, nil, nil, false
	}
	terms, lits = tf.sideTerms(n, dir)
	if tf.refuteByConflict(n, dir, terms) {
		return nil, nil, nil, false
	}
	return targets, terms, lits, true
}

// markGaveUp leaves the sides pure TreeFrog could not settle undecided, with
// the reason, once the search is over.
func (tf *treefrog) markGaveUp() {
	for sr, why := range tf.gaveUp {
		if sr.n.State[ix(sr.dir)] == Unexplored {
			sr.n.State[ix(sr.dir)] = Undecided
			sr.n.Reason[ix(sr.dir)] = "treefrog: " + why
		}
	}
}
