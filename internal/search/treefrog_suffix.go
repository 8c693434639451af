// TreeFrog's suffix enumeration (§8): guided runs from a side towards its targets, one query per suffix, over-approximate conflicts by state.

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

// enumBudget bounds the guided runs of one enumeration (one side) at
// first; enumTotal bounds them for the whole search. Past the total, auto's
// TreeFrog stops enumerating and finishes as MTelse does (guided hopeful
// flips), so that its cost never explodes where enumeration does not pay.
// Pure TreeFrog, which makes no hopeful flip, raises the budget of one side
// instead (raiseSideBudget) while the total and the deadline allow: a side
// is given up for its budget only when the search's own is spent.
const (
	enumBudget = 200
	enumTotal  = 20000
)

// maxOverPerKey bounds the over-approximate conflicts kept per state and side.
const maxOverPerKey = 8

// overKey identifies a side at a machine state (engine.States): the
// continuations from two sides with the same key are the same, the side's
// own constraint included.
type overKey struct {
	at  *ir.If
	dir bool
	num int
}

// overConflict is an over-approximate conflict (§8.3): from the state of its
// key, no suffix reaches target, provided the constraints before the side
// hold need (the part of the conflicts that refuted the suffixes that lies
// before the side; the suffixes' own constraints are the same wherever the
// state is reached).
type overConflict struct {
	target *Objective
	need   []*expr.Term
	cores  [][]*expr.Term
}

// targetStatus is what an enumeration learnt about one target.
type targetStatus struct {
	incomplete bool   // some suffix could not be decided
	why        string // why (the first reason)
	// abandoned: the enumeration stopped aiming at it (its budget is
	// spent). An incomplete target is otherwise still aimed at: another
	// suffix may reach it.
	abandoned bool
	cores     [][]*expr.Term
	seen      map[string]bool
}

// dnode is a side taken by the enumeration: the start side, or a side a
// guided run chose. When the enumeration refutes a target, every dnode's
// subtree was refuted for it, by the cores met below it: each becomes an
// over-approximate conflict for its key.
type dnode struct {
	key    overKey
	top    bool // the start side: before it, the prefix without its constraint
	sufLen int  // otherwise: before it, the prefix, the side's constraint and this many of the suffix's
	need   map[*expr.Term]bool
	cores  [][]*expr.Term
	seen   map[string]bool
}

// suffixEnum enumerates the suffixes from side dir of node n towards its
// targets. Each guided run (engine.RunGuided) follows the prefix, takes the
// side, and then chooses at every branch instance a side that may still lead
// to a target (CFG), that does not complete a known conflict with the prefix
// and the suffix so far (§8.1), and that no over-approximate conflict learnt
// at the same state refutes (§8.3): where only one side qualifies, it is the
// skeleton's; where both do, the other is left for a later run (depth-first
// enumeration, each run fleshing out one suffix). A run ends at a dead end
// (no side qualifies: the suffix is refuted by the conflicts or constants
// met) or at the function's end. Every target side met ends a complete
// suffix: its own constraints are back-substituted first (§8.2,
// satisfiability checks, learning any conflict inside the suffix), then one
// solver call with the prefix asks for a test covering it.
type suffixEnum struct {
	tf       *treefrog
	n        *Node
	dir      bool
	prefix   []*expr.Term // the prefix and the side's constraint
	lits     []Lit
	before   map[*expr.Term]bool // the prefix without the side's constraint
	inPrefix map[*expr.Term]bool // the prefix and the side's constraint
	status   map[*Objective]*targetStatus
	order    []*Objective
	byLit    map[Lit]*Objective
	byPanic  map[*ir.Panic]*Objective
	stack    []pendingSuffix
	dnodes   []*dnode
	budget   int
	taken    bool // a test took the side: the enumeration is over
	// stoppedQuery is the query of the first satisfiable suffix the enumeration
	// stopped short of its targets (a bounded loop, an abandoned run): the
	// prefix and the suffix's constraints so far (enumerateSkeletons).
	stoppedQuery []*expr.Term
	// budgetQuery is the query of the shallowest suffix left pending when
	// the budget ran out (pendingQuery).
	budgetQuery []*expr.Term
	runTerms    map[*expr.Term]int
}

// pendingSuffix is a suffix left for a later run: the directions from the
// root, the suffix's constraints so far with their sides, and the dnodes it
// passes.
type pendingSuffix struct {
	dirs  []bool
	terms []*expr.Term
	lits  []Lit
	chain []*dnode
	state int // the state at its last side (0: unknown)
}

type suffixHit struct {
	u     *Objective
	terms []*expr.Term
	lits  []Lit
	chain []*dnode
}

// enumerateSuffixes settles what it can of the targets beyond side dir of n:
// targets refuted by an over-approximate conflict learnt at the same state,
// then by an enumeration. Refuted targets are recorded on the node
// (Node.Refuted) and as over-approximate conflicts. It returns the targets
// left open (neither covered nor refuted); a test that took the side ends it.
func (tf *treefrog) enumerateSuffixes(n *Node, dir bool, targets []*Objective, prefix []*expr.Term, lits []Lit) []*Objective {
	s := tf.s
	before := prefix
	if n.Cond != nil {
		before = prefix[:len(prefix)-1]
	}
	e := &suffixEnum{tf: tf, n: n, dir: dir, prefix: prefix, lits: lits, before: termSet(before), inPrefix: termSet(prefix), status: map[*Objective]*targetStatus{},
		byLit: map[Lit]*Objective{}, byPanic: map[*ir.Panic]*Objective{}, budget: tf.sideBudget}
	key := overKey{n.If, dir, n.Num}
	for _, u := range targets {
		if oc := tf.overFor(key, u, e.before); oc != nil {
			tf.refuteSide(n, dir, u, oc.need, oc.cores, prefix, lits)
			s.Stats.OverReused++
			continue
		}
		e.status[u] = &targetStatus{seen: map[string]bool{}}
		e.order = append(e.order, u)
		if u.If != nil {
			e.byLit[Lit{u.If, u.Dir}] = u
		} else {
			e.byPanic[u.Panic] = u
		}
	}
	if len(e.order) == 0 {
		return nil
	}
	top := e.newDnode(key, 0)
	top.top = true
	e.run(top)
	if e.taken {
		return nil
	}
	var open, done []*Objective
	for _, u := range e.order {
		st := e.status[u]
		switch {
		case s.coveredBy[u.Index] != nil:
		case st.incomplete:
			open = append(open, u)
			if tf.why == "" {
				tf.why = st.why
			}
			tf.stoppedQuery = e.stoppedQuery
			if tf.stoppedQuery == nil {
				tf.stoppedQuery = e.budgetQuery
			}
		default:
			var need []*expr.Term
			for _, t := range before {
				if top.need[t] {
					need = append(need, t)
				}
			}
			tf.refuteSide(n, dir, u, need, st.cores, prefix, lits)
			done = append(done, u)
		}
	}
	e.record(done)
	return open
}

// overFor returns an over-approximate conflict for u learnt at key whose
// constraints before the side are all in the set, or nil.
func (tf *treefrog) overFor(key overKey, u *Objective, set map[*expr.Term]bool) *overConflict {
	if key.num == 0 {
		return nil
	}
	for _, oc := range tf.over[key] {
		if oc.target == u && contains(set, oc.need) {
			return oc
		}
	}
	return nil
}

// record turns the dnodes of a finished enumeration into over-approximate
// conflicts for the targets it refuted.
func (e *suffixEnum) record(refuted []*Objective) {
	tf, s := e.tf, e.tf.s
	for _, d := range e.dnodes {
		if d.key.num == 0 || len(tf.over[d.key]) >= maxOverPerKey {
			continue
		}
		need := make([]*expr.Term, 0, len(d.need))
		for t := range d.need {
			need = append(need, t)
		}
		sort.Slice(need, func(i, j int) bool { return need[i].ID < need[j].ID })
		for _, u := range refuted {
			if !s.reach.sideReaches(d.key.at, d.key.dir, u) || tf.overFor(d.key, u, termSet(need)) != nil {
				continue
			}
			tf.over[d.key] = append(tf.over[d.key], &overConflict{target: u, need: need, cores: d.cores})
			s.Stats.OverConflicts++
		}
	}
}

// refuteSide records side dir of n as refuted for u: the conflict shown is
// the prefix's sides whose constraints the refutation needs, the side and u
// (§8.3); the proof is the cores.
func (tf *treefrog) refuteSide(n *Node, dir bool, u *Objective, need []*expr.Term, cores [][]*expr.Term, prefix []*expr.Term, lits []Lit) {
	in := termSet(need)
	var cl []Lit
	for i, t := range prefix {
		if in[t] {
			cl = append(cl, lits[i])
			delete(in, t)
		}
	}
	cl = append(cl, Lit{n.If, dir})
	// The bounds met beyond the side (a stub's calls, an input made on
	// first use) that the cores need: the refutation holds them too.
	seen := map[Lit]bool{}
	for _, c := range cores {
		for _, t := range c {
			if l, ok := tf.boundLit[t]; ok && !seen[l] && !in[t] && !slices.Contains(cl, l) {
				seen[l] = true
				cl = append(cl, l)
			}
		}
	}
	if u.If != nil {
		cl = append(cl, Lit{u.If, u.Dir})
	}
	if n.Refuted[ix(dir)] == nil {
		n.Refuted[ix(dir)] = map[*Objective]*Proof{}
	}
	n.Refuted[ix(dir)][u] = &Proof{Conflict: cl, Cores: cores}
}

func (e *suffixEnum) newDnode(key overKey, sufLen int) *dnode {
	d := &dnode{key: key, sufLen: sufLen, need: map[*expr.Term]bool{}, seen: map[string]bool{}}
	e.dnodes = append(e.dnodes, d)
	return d
}

// live reports whether target u is still to be decided by this enumeration.
func (e *suffixEnum) live(u *Objective) bool {
	if u == nil || e.tf.s.coveredBy[u.Index] != nil {
		return false
	}
	if !e.tf.pure {
		return !e.status[u].incomplete // Auto's: its hopeful flips take over
	}
	return !e.status[u].abandoned
}

// reachesLive reports whether side dir of branch b is a live target or may
// lead to one.
func (e *suffixEnum) reachesLive(b *ir.If, dir bool) bool {
	for _, u := range e.order {
		if e.live(u) && e.tf.s.reach.sideReaches(b, dir, u) {
			return true
		}
	}
	return false
}

// giveUp marks the live targets side dir of b may reach as undecided
// here, for the reason why: other suffixes may still reach them, none can
// refute them. A nil b abandons every live target (the enumeration stops).
func (e *suffixEnum) giveUp(b *ir.If, dir bool, why string) {
	for _, u := range e.order {
		if e.live(u) && (b == nil || e.tf.s.reach.sideReaches(b, dir, u)) {
			e.undecided(u, why)
			e.status[u].abandoned = b == nil
		}
	}
}

// undecided records that a suffix towards u could not be decided, and why.
func (e *suffixEnum) undecided(u *Objective, why string) {
	st := e.status[u]
	st.incomplete = true
	if st.why == "" {
		st.why = why
	}
}

// refute records cores refuting every suffix through side dir of b (b nil:
// target u only), for the live targets it may lead to and for the dnodes of
// chain, whose needs gain the cores' constraints lying before them.
func (e *suffixEnum) refute(cores [][]*expr.Term, b *ir.If, dir bool, u *Objective, chain []*dnode) {
	for _, x := range e.order {
		if !e.live(x) || (b == nil && x != u) || (b != nil && !e.tf.s.reach.sideReaches(b, dir, x)) {
			continue
		}
		st := e.status[x]
		for _, c := range cores {
			if k := fmt.Sprint(termIDs(c)); !st.seen[k] {
				st.seen[k] = true
				st.cores = append(st.cores, c)
			}
		}
	}
	for _, d := range chain {
		for _, c := range cores {
			if k := fmt.Sprint(termIDs(c)); !d.seen[k] {
				d.seen[k] = true
				d.cores = append(d.cores, c)
			}
			for _, t := range c {
				if d.top && e.before[t] || !d.top && (e.inPrefix[t] || e.inSuffix(t, d.sufLen)) {
					d.need[t] = true
				}
			}
		}
	}
}

// inSuffix reports whether t is among the first k constraints of the current
// suffix.
func (e *suffixEnum) inSuffix(t *expr.Term, k int) bool {
	i, ok := e.runTerms[t]
	return ok && i < k
}

// blockedByOver returns the cores of over-approximate conflicts refuting
// side dir of b at state num for every live target it may lead to, given
// the constraints set before it; nil when some target is not refuted.
func (e *suffixEnum) blockedByOver(b *ir.If, dir bool, num int, set map[*expr.Term]bool) (cores [][]*expr.Term, ok bool) {
	if num == 0 {
		return nil, false
	}
	key := overKey{b, dir, num}
	for _, u := range e.order {
		if !e.live(u) || !e.tf.s.reach.sideReaches(b, dir, u) {
			continue
		}
		oc := e.tf.overFor(key, u, set)
		if oc == nil {
			return nil, false
		}
		cores = append(cores, oc.cores...)
	}
	return cores, true
}

// run enumerates depth first until no target is live or the budget is spent.
func (e *suffixEnum) run(top *dnode) {
	tf, s := e.tf, e.tf.s
	e.stack = []pendingSuffix{{dirs: append(pathDirs(e.n), e.dir), chain: []*dnode{top}}}
	for len(e.stack) > 0 && !e.taken {
		if !e.anyLive() {
			return
		}
		if e.budget <= 0 || tf.runs >= enumTotal || s.Expired() {
			why := "the search ran out of time"
			if tf.runs >= enumTotal {
				tf.hopeful = true
				why = fmt.Sprintf("the guided enumeration of suffixes spent the search's budget (%d runs)", enumTotal)
			} else if e.budget <= 0 {
				why = fmt.Sprintf("the guided enumeration of suffixes from one side spent its budget (%d runs)", tf.sideBudget)
				tf.sideBudgetSpent = true
				e.budgetQuery = e.pendingQuery()
			}
			e.giveUp(nil, false, why)
			return
		}
		p := e.stack[len(e.stack)-1]
		e.stack = e.stack[:len(e.stack)-1]
		e.setRunTerms(p.terms)
		if len(p.lits) > 0 {
			last := p.lits[len(p.lits)-1]
			if !e.reachesLive(last.If, last.Dir) {
				continue // its targets were decided meanwhile
			}
			set := termSet(e.prefix)
			for _, t := range p.terms {
				set[t] = true
			}
			if c := s.Conflicts.Violated(set); c != nil {
				e.refute([][]*expr.Term{c.Terms}, last.If, last.Dir, nil, p.chain) // learnt since it was left for later
				continue
			}
			delete(set, p.terms[len(p.terms)-1])
			if cores, ok := e.blockedByOver(last.If, last.Dir, p.state, set); ok {
				e.refute(cores, last.If, last.Dir, nil, p.chain)
				s.Stats.OverReused++
				continue
			}
			if u := e.byLit[last]; e.live(u) {
				e.hit(suffixHit{u, p.terms, p.lits, p.chain})
				if e.taken || !e.reachesLive(last.If, last.Dir) {
					continue
				}
			}
		}
		e.budget--
		tf.runs++
		s.Stats.Suffixes++
		e.follow(p)
	}
}

// pendingQuery returns, when pure TreeFrog's enumeration spends its budget,
// the query of the shallowest suffix it left for a later run (the bottom of
// the stack: an alternative nearest the side) that still leads to a live
// target and that no known conflict refutes: the prefix and the suffix's
// constraints so far, never the side alone (an alternative is left only at
// a condition, whose constraint it holds). A depth-first enumeration spends
// its budget deep in one subtree (a chain of wrapped errors, each link's
// dynamic type a decision) and never comes back to the alternatives near
// the side: this query takes one of them (enumerateSkeletons). Nil when
// none qualifies.
func (e *suffixEnum) pendingQuery() []*expr.Term {
	if !e.tf.pure {
		return nil
	}
	for _, p := range e.stack {
		if len(p.lits) == 0 {
			continue
		}
		last := p.lits[len(p.lits)-1]
		if !e.reachesLive(last.If, last.Dir) {
			continue
		}
		set := termSet(e.prefix)
		for _, t := range p.terms {
			set[t] = true
		}
		if e.tf.s.Conflicts.Violated(set) != nil {
			continue
		}
		return append(append([]*expr.Term(nil), e.prefix...), p.terms...)
	}
	return nil
}

func (e *suffixEnum) setRunTerms(terms []*expr.Term) {
	e.runTerms = make(map[*expr.Term]int, len(terms))
	for i, t := range terms {
		if _, ok := e.runTerms[t]; !ok {
			e.runTerms[t] = i
		}
	}
}

func (e *suffixEnum) anyLive() bool {
	for _, u := range e.order {
		if e.live(u) {
			return true
		}
	}
	return false
}

// follow makes one guided run continuing p, then decides the targets it met.
func (e *suffixEnum) follow(p pendingSuffix) {
	s := e.tf.s
	dirs := append([]bool(nil), p.dirs...)
	terms := append([]*expr.Term(nil), p.terms...)
	lits := append([]Lit(nil), p.lits...)
	chain := append([]*dnode(nil), p.chain...)
	set := termSet(e.prefix)
	for _, t := range terms {
		set[t] = true
	}
	var hits []suffixHit
	guide := func(k int, st *engine.Step) (bool, bool) {
		if k != len(dirs) {
			panic(fmt.Sprintf("search: guided run asks for step %d after %d directions", k, len(dirs)))
		}
		if st.Domain != engine.NoDomain && e.tf.pure {
			// A fact of the input domain met on the way (a stub's
			// answer, an input made on first use): every input holds it,
			// so the suffix takes its holding side, its constraint one of
			// the suffix's; a fact that is constantly false here ends the
			// suffix (no input goes on).
			if st.Cond == nil {
				if !st.Taken {
					return st.Taken, true
				}
				dirs = append(dirs, true)
				return true, false
			}
			t := st.Cond
			if !st.Taken {
				t = s.B.Not(st.Cond)
			}
			if st.Domain == engine.DomainBound {
				// A bound: a refutation whose cores hold it proves
				// nothing (refuteSide, Session.needsBound).
				s.bounds[st.If] = true
				e.tf.boundLit[t] = Lit{st.If, true}
			}
			if !set[t] {
				if c := s.Conflicts.ViolatedBy(set, t); c != nil {
					e.refute([][]*expr.Term{c.Terms}, st.If, true, nil, chain)
					return st.Taken, true
				}
				if _, ok := e.runTerms[t]; !ok {
					e.runTerms[t] = len(terms)
				}
				terms, lits = append(terms, t), append(lits, Lit{st.If, true})
				set[t] = true
			}
			dirs = append(dirs, true)
			return true, false
		}
		if st.Bounded != "" || st.Cond != nil && !st.Flippable {
			why := st.Bounded
			if why == "" {
				why = "a condition the search may not choose: " + st.UnfixedReason()
			}
			if e.tf.pure {
				e.stopped(terms, lits, chain, []Lit{{st.If, true}, {st.If, false}}, why)
			} else {
				e.giveUp(st.If, true, why)
				e.giveUp(st.If, false, why)
			}
			return st.Taken, true
		}
		var viable []bool
		var vt []*expr.Term
		pref := st.Taken
		if st.Cond != nil && e.n.Input != nil {
			pref = (expr.Eval(st.Cond, e.n.Input) == 1) == st.Taken
		}
		for _, d := range []bool{pref, !pref} {
			if st.Cond == nil && d != st.Taken {
				continue // constant condition
			}
			if !e.reachesLive(st.If, d) {
				continue
			}
			var t *expr.Term
			if st.Cond != nil {
				t = st.Cond
				if d != st.Taken {
					t = s.B.Not(st.Cond)
				}
				if !set[t] {
					if c := s.Conflicts.ViolatedBy(set, t); c != nil {
						e.refute([][]*expr.Term{c.Terms}, st.If, d, nil, chain)
						continue
					}
				}
			}
			if cores, ok := e.blockedByOver(st.If, d, st.State, set); ok {
				e.refute(cores, st.If, d, nil, chain)
				s.Stats.OverReused++
				continue
			}
			viable, vt = append(viable, d), append(vt, t)
		}
		if len(viable) == 0 {
			return st.Taken, true // dead end: every side refuted or leading nowhere
		}
		if len(viable) == 2 {
			alt := pendingSuffix{dirs: append(append([]bool(nil), dirs...), viable[1]), terms: terms, lits: lits, state: st.State}
			alt.chain = append(append([]*dnode(nil), chain...), e.newDnode(overKey{st.If, viable[1], st.State}, len(terms)))
			if vt[1] != nil {
				alt.terms = append(append([]*expr.Term(nil), terms...), vt[1])
				alt.lits = append(append([]Lit(nil), lits...), Lit{st.If, viable[1]})
			}
			e.stack = append(e.stack, alt)
		}
		d := viable[0]
		chain = append(chain, e.newDnode(overKey{st.If, d, st.State}, len(terms)))
		dirs = append(dirs, d)
		if t := vt[0]; t != nil {
			if _, ok := e.runTerms[t]; !ok {
				e.runTerms[t] = len(terms)
			}
			terms = append(terms, t)
			lits = append(lits, Lit{st.If, d})
			set[t] = true
		}
		if u := e.byLit[Lit{st.If, d}]; e.live(u) {
			hits = append(hits, suffixHit{u, append([]*expr.Term(nil), terms...), append([]Lit(nil), lits...), append([]*dnode(nil), chain...)})
		}
		return d, false
	}
	path := s.Engine.RunGuided(s.Fn, s.Initial(), dirs, guide)
	switch {
	case path.Aborted != "":
		e.aborted(path, terms, lits, chain)
	case !path.Stopped && path.Conflict < 0 && path.PanicAt != nil:
		if u := e.byPanic[path.PanicAt]; e.live(u) {
			hits = append(hits, suffixHit{u, terms, lits, chain})
		}
	}
	for _, h := range hits {
		if e.taken {
			return
		}
		if e.live(h.u) {
			e.setRunTerms(h.terms)
			e.hit(h)
		}
	}
}

// aborted settles a guided run the engine abandoned (a run error, an
// interface holding a type beyond the bound of its candidates). When the
// suffix so far is unsatisfiable with the prefix, the run went where no
// input goes: the suffix is refuted as a dead end is, by the conflict
// learnt (one holding a bound proves nothing, as anywhere). Otherwise an
// input takes the suffix and its run is abandoned the same way: the live
// targets beyond the run's last step are left open with the reason, and
// the enumeration goes on towards the others.
func (e *suffixEnum) aborted(p *engine.Path, terms []*expr.Term, lits []Lit, chain []*dnode) {
	if p.TimedOut() || !e.tf.pure {
		e.giveUp(nil, false, p.Aborted) // Auto's: its hopeful flips take over
		return
	}
	last := Lit{e.n.If, e.dir}
	if k := len(p.Steps); k > e.n.Depth+1 {
		last = Lit{p.Steps[k-1].If, p.Steps[k-1].Taken}
	}
	e.stopped(terms, lits, chain, []Lit{last}, p.Aborted)
}

// stopped settles a suffix the enumeration cannot go on with (a bounded
// loop, an abandoned run) towards the live targets the sides may lead to.
// Unsatisfiable with the prefix: refuted as a dead end is, by the conflict
// learnt from the check's core (not from the whole sequence: a suffix
// abandoned deep in a chain of interface inputs is long, and the runs the
// engine abandons there are many). Otherwise those targets are left
// undecided with the reason, and the first such suffix is kept as the
// query that fleshes the enumeration out as far as it goes
// (enumerateSkeletons).
func (e *suffixEnum) stopped(terms []*expr.Term, lits []Lit, chain []*dnode, sides []Lit, why string) {
	tf := e.tf
	q := append(append([]*expr.Term(nil), e.prefix...), terms...)
	ql := append(append([]Lit(nil), e.lits...), lits...)
	res := solver.Sat
	if k := fmt.Sprint(termIDs(q)); len(q) > 0 && !tf.feasible[k] {
		tf.s.Stats.SatChecks++
		res = tf.s.Solver.Check(q)
		if res == solver.Sat {
			tf.feasible[k] = true
		}
	}
	if res == solver.Unsat {
		ct, cl := coreOf(q, ql, tf.s.Solver.Core())
		if core := tf.refutation(ct, cl); core != nil {
			for _, l := range sides {
				e.refute([][]*expr.Term{core}, l.If, l.Dir, nil, chain)
			}
			return
		}
	}
	for _, l := range sides {
		e.giveUp(l.If, l.Dir, why)
	}
	if res == solver.Sat && e.stoppedQuery == nil && len(q) > 0 {
		e.stoppedQuery = q
	}
}

// refutation returns the constraints that refute an unsatisfiable
// sequence: the conflict learnt from it (§5.1), or, when back-substitution
// from its last constraint finds none (the contradiction lies among
// constraints the last one does not share variables with), the solver's
// core of the whole, shrunk to a minimal one; nil when the sequence is not
// found unsatisfiable.
func (tf *treefrog) refutation(terms []*expr.Term, lits []Lit) []*expr.Term {
	if c := tf.learn(terms, lits); c != nil || !tf.pure {
		if c == nil {
			return nil // Auto's: its hopeful flips take over
		}
		return c.Terms
	}
	if tf.satCheck(terms) != solver.Unsat {
		return nil
	}
	tf.s.Stats.SatChecks++
	if tf.s.Solver.Check(terms) == solver.Unsat {
		if ct, cl := coreOf(terms, lits, tf.s.Solver.Core()); len(ct) > 0 {
			if c := tf.learn(ct, cl); c != nil {
				return c.Terms
			}
			return ct
		}
	}
	return terms // unsatisfiable as a whole (the check was answered before)
}

// hit decides a complete suffix reaching target u: back-substitution of the
// suffix alone, then one solver call with the prefix.
func (e *suffixEnum) hit(h suffixHit) {
	tf, s := e.tf, e.tf.s
	if len(h.terms) > 0 {
		slice, sliceLits := independent(h.terms, h.lits, h.terms[len(h.terms)-1])
		switch tf.satCheck(slice) {
		case solver.Unsat:
			if core := tf.refutation(slice, sliceLits); core != nil {
				e.refute([][]*expr.Term{core}, nil, false, h.u, h.chain)
				return
			}
			e.undecided(h.u, "no conflict could be learnt from an unsatisfiable suffix")
			return
		case solver.Unknown:
			e.undecided(h.u, "the solver could not decide a suffix")
			return
		}
	}
	q := append(append([]*expr.Term(nil), e.prefix...), h.terms...)
	ql := append(append([]Lit(nil), e.lits...), h.lits...)
	if len(q) == 0 {
		e.undecided(h.u, "a suffix without constraints")
		return
	}
	switch tf.solveAndRun(e.n, e.dir, q) {
	case solver.Sat:
		e.taken = true
		if s.coveredBy[h.u.Index] == nil {
			e.undecided(h.u, "engine divergence: the run of a suffix's model did not take its target") // claim nothing
		}
	case solver.Unsat:
		cq, cl := coreOf(q, ql, s.Solver.Core())
		if core := tf.refutation(cq, cl); core != nil {
			e.refute([][]*expr.Term{core}, nil, false, h.u, h.chain)
			return
		}
		e.undecided(h.u, "no conflict could be learnt from an unsatisfiable suffix query")
	default:
		e.undecided(h.u, "the solver could not decide a suffix's query")
	}
}
