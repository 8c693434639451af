// The search session: coverage state, the execution tree, runs and flips shared by every strategy.

package search

import (
	"fmt"
	"math/rand"
	"sync/atomic"
	"time"

	"leapfrog/internal/engine"
	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
	"leapfrog/internal/report"
	"leapfrog/internal/solver"
)

// Strategy decides which branch instances to flip, in what order.
type Strategy interface {
	Name() string
	// Explore drives the session until every objective is covered, nothing is
	// left to flip, or the session expires.
	Explore(s *Session)
}

// Config is what a session needs.
type Config struct {
	Fn     *ir.Function
	Engine *engine.Engine
	Solver solver.Solver
	// SourceDir is the directory of the package's Go files: cases are
	// named after the source text of their conditions (casenames.go);
	// "": after their positions.
	SourceDir string
	// Deadline ends the search (Expired); the zero time: none. The engine
	// and the solvers get the same one (internal/analysis derives it once).
	Deadline time.Time
	Seed     int64 // 0: the first input is all zeros; else random from the seed
	// NewSolver makes a solver like Solver for one worker of a multi-threaded
	// strategy (mtelse): Z3 contexts are not thread-safe. Nil: one worker.
	NewSolver func() solver.Solver
	// NewChecker makes the solver of TreeFrog's satisfiability checks
	// (back-substitution, minimal cores): kept apart from Solver, the
	// checks learning makes, or spares by reusing what it learnt, do not
	// change the models the search's queries get (Z3's answers depend on
	// what it decided before). Nil: the checks use Solver.
	NewChecker func() solver.Solver
	// OnRun, when set, is told after every run how many objectives are
	// covered out of how many, and how many cases there are (progress
	// display). It is called by the goroutine running the search.
	OnRun func(covered, objectives, cases int)
}

// Session holds the state of the search for one function.
type Session struct {
	Config
	B          *expr.Builder
	Objectives []*Objective
	Cases      []*Case
	Root       *Node
	Stats      report.Stats
	Conflicts  *ConflictDB // learned conflicts, shared by the strategies that learn

	checker    solver.Solver // TreeFrog's checks (Checker), made on first use
	objOfSide  map[Lit]*Objective
	objOfPanic map[*ir.Panic]*Objective
	entry      *Objective // the function's entry, covered by every completed run
	coveredBy  []*Case    // per objective: the first case covering it
	uncovered  int        // objectives neither covered nor given (AllCovered)
	start      time.Time
	expired    bool
	reach      *reachability
	rootCut    string // a run that aborted before its first branch
	// aborted holds the sides taken by runs that were aborted (a fatal
	// error, a deadlock, the deadline), with the first reason: such a side
	// is feasible, yet no case may cover it.
	aborted map[Lit]string
	// unfixed holds the sides taken by runs after they came to depend on
	// what a test cannot fix (engine.Step.Order), with the reason: no claim.
	unfixed map[Lit]string
	// afterRun, when set, sees every run once it is in the tree (PM's
	// end-of-path obligation queries).
	afterRun func(*engine.Path, []*Node)
	pm       *pmState    // merged regions (pm.go)
	whole    *wholeState // the whole-function encoding (whole.go)
	// decidedBy names the strategy that decided the verdicts when the
	// strategy run chose among others (Auto, Whole); empty: the one run.
	decidedBy string
	// tfStates numbers the machine states of TreeFrog's runs (its
	// over-approximate conflicts are keyed by them): kept for the session,
	// so that a search resumed after a loop bound was raised numbers its
	// new runs as the first search did (TreeFrog.Resume).
	tfStates *engine.States
	// seekingReturn: normalRun's flips, aimed at a case that returns
	// normally (a goal no case met yet), are eager, not hopeful.
	seekingReturn bool
	// lemmaRefuted are the objectives a TreeFrog lemma proves unreachable
	// (treefrog_lemmas.go), with the conflict as the proof.
	lemmaRefuted map[*Objective]*Proof
	// bounds are the pseudo branches of input size bounds: a refutation
	// whose conflict holds one needs the bound, so it proves nothing.
	bounds map[*ir.If]bool
	// preOnly are the functions only the precondition may call (itself
	// included): their branches, when it runs branch by branch, are its.
	preOnly map[*ir.Function]bool
	// given are the objectives decided by another function's analysis
	// (given.go).
	given map[*Objective]*Given
	// optional are the objectives given as covered: not counted in
	// uncovered, but flipped towards like the others until covered.
	optional map[*Objective]bool
	// firsts counts the objectives a case covered first, given ones
	// included: a strategy's measure of progress.
	firsts int
	// minimiseChecks counts the solver checks that minimise a flip's
	// model (minimise.go); workers add to it.
	minimiseChecks atomic.Int64
}

// Case is a run kept as a test case candidate.
type Case struct {
	Path   *engine.Path
	Covers []*Objective // everything it covers
	New    []*Objective // what it covered first
	Index  int
	// Model is the input of the run; minimised says minimiseCases has
	// made it readable (minimise.go).
	Model     solver.Model
	minimised bool
}

// NewSession prepares a session.
func NewSession(cfg Config) *Session {
	s := &Session{Config: cfg, B: cfg.Engine.B, objOfSide: map[Lit]*Objective{}, objOfPanic: map[*ir.Panic]*Objective{}, start: time.Now(), bounds: map[*ir.If]bool{}}
	s.Objectives = collectObjectives(cfg.Fn)
	for _, o := range s.Objectives {
		switch {
		case o.Entry:
			s.entry = o
		case o.If != nil:
			s.objOfSide[Lit{o.If, o.Dir}] = o
		default:
			s.objOfPanic[o.Panic] = o
		}
	}
	s.coveredBy = make([]*Case, len(s.Objectives))
	s.uncovered = len(s.Objectives)
	s.reach = newReachability(cfg.Fn, cfg.Engine.Assume[cfg.Fn])
	if pre := cfg.Engine.Assume[cfg.Fn]; pre != nil {
		s.preOnly = map[*ir.Function]bool{}
		for _, f := range ir.Callees(pre) {
			s.preOnly[f] = true
		}
		for _, f := range ir.Callees(cfg.Fn) {
			delete(s.preOnly, f)
		}
	}
	s.Conflicts = NewConflictDB()
	return s
}

// Expired reports whether the deadline has passed.
func (s *Session) Expired() bool {
	if !s.expired && !s.Deadline.IsZero() && time.Now().After(s.Deadline) {
		s.expired = true
	}
	return s.expired
}

// AllCovered reports whether every objective is covered.
func (s *Session) AllCovered() bool { return s.uncovered == 0 }

// Done reports whether the search should stop.
func (s *Session) Done() bool { return s.AllCovered() || s.Expired() }

// IsCovered reports whether the objective for side dir of branch b is covered.
// Sides that are no objective (internal branches, the ok side of checks) count
// as covered.
func (s *Session) IsCovered(b *ir.If, dir bool) bool {
	o := s.objOfSide[Lit{b, dir}]
	return o == nil || s.coveredBy[o.Index] != nil
}

// Initial returns the first input.
func (s *Session) Initial() solver.Model {
	m := solver.Model{}
	if s.Seed == 0 {
		return m
	}
	rng := rand.New(rand.NewSource(s.Seed))
	for _, p := range s.Fn.Params {
		// Random bools and numbers in the parameters' parts of fixed shape.
		ir.ParamPath(p.Ident).Walk(p.Typ, func(p ir.InputPath, t *ir.Type) bool {
			switch t.Kind {
			case ir.KBool:
				m[p.String()] = uint64(rng.Intn(2))
			case ir.KInt, ir.KFloat:
				m[p.String()] = rng.Uint64() & expr.Mask(t.Width)
			}
			return true
		})
	}
	return m
}

// First runs the first input and returns the nodes of its path: Initial's
// input, unless it violates the precondition; then, as TreeFrog solves the
// test context first (§3), one solver call asks for the precondition's side
// after the input's domain steps (counted in SolverCalls, neither eager nor
// hopeful: it aims at no objective), and a solution, laid over the initial
// input, is run. When the precondition is run branch by branch
// (engine.PreconditionFormula has no exact formula), the call asks for the
// result of the precondition's path the input took; the strategies explore
// its other paths as any branch. An unsatisfiable precondition leaves the
// side Infeasible, its proof the refutation of every objective.
func (s *Session) First() []*Node {
	p, nodes := s.Execute(s.Initial())
	k := preconditionStep(p)
	if p.Excluded == "" || k < 0 || k != len(p.Steps)-1 || p.Steps[k].Taken || nodes[k].Cond == nil {
		return nodes
	}
	n := nodes[k]
	if n.State[1] != Unexplored {
		return nodes
	}
	s.Stats.SolverCalls++
	terms, lits := n.Prefix(s.B)
	terms, lits = append(terms, n.Cond), append(lits, Lit{n.If, true})
	if n.Input != nil {
		terms, lits = independent(terms, lits, n.Cond)
	}
	a := s.decideFlip(s.Solver, flipQuery{terms, lits, n.Input})
	s.recordFlip(n, true, a)
	if a.res != solver.Sat {
		return nodes
	}
	next, _ := s.Follow(n, true, a.model)
	return next
}

// preconditionStep is the index of the path's Precondition step, -1 when
// it has none.
func preconditionStep(p *engine.Path) int {
	for i, st := range p.Steps {
		if st.Domain == engine.Precondition {
			return i
		}
	}
	return -1
}

// Execute runs the function on a model, adds the path to the tree and records the
// case. It returns the path's nodes, one per step.
func (s *Session) Execute(model solver.Model) (*engine.Path, []*Node) {
	p, nodes := s.execute(model)
	if s.afterRun != nil {
		s.afterRun(p, nodes)
	}
	return p, nodes
}

func (s *Session) execute(model solver.Model) (*engine.Path, []*Node) {
	p := s.Engine.Run(s.Fn, model)
	s.Stats.Paths++
	nodes := s.insert(p)
	for _, n := range nodes {
		if n.Input == nil {
			n.Input = model
		}
	}
	if p.Aborted != "" || p.Excluded != "" {
		return p, nodes
	}
	c := &Case{Path: p, Index: len(s.Cases), Model: model}
	seen := map[*Objective]bool{}
	cover := func(o *Objective) {
		if o == nil || seen[o] {
			return
		}
		seen[o] = true
		c.Covers = append(c.Covers, o)
		switch {
		case s.coveredBy[o.Index] == nil:
			s.coveredBy[o.Index] = c
			s.firsts++
			if !s.optional[o] {
				s.uncovered--
			}
			c.New = append(c.New, o)
		case s.coveredBy[o.Index] == givenCase && s.given[o].Branch.Verdict == report.Unreachable:
			// A run reached an outcome given or settled as unreachable: the
			// proof was wrong. The case is kept for it, so that the result
			// says covered, and loudly why (verdicts.go, analysis.takeOver).
			s.coveredBy[o.Index] = c
			s.firsts++
			c.New = append(c.New, o)
		}
	}
	// A step taken after a range over a map chose an order is not a claim:
	// Go may choose another order, and the test would not reach it.
	ordered := len(p.Steps)
	for i, st := range p.Steps {
		if st.Order {
			ordered = i
			break
		}
	}
	// The steps before the precondition's are its own (run branch by
	// branch): what it reaches is not covered by the function.
	from := preconditionStep(p) + 1
	for _, st := range p.Steps[from:ordered] {
		cover(s.objOfSide[Lit{st.If, st.Taken}])
	}
	for _, st := range p.Steps[ordered:] {
		if l := (Lit{st.If, st.Taken}); s.unfixed[l] == "" {
			if s.unfixed == nil {
				s.unfixed = map[Lit]string{}
			}
			s.unfixed[l] = st.UnfixedReason()
		}
	}
	for _, r := range p.Merged { // outcomes taken inside merged regions (pm)
		if r.At > ordered || r.At < from {
			continue
		}
		for _, ob := range r.Obligations {
			if ob.Taken {
				cover(s.objOfSide[Lit{ob.If, ob.Dir}])
			}
		}
	}
	if p.PanicAt != nil && ordered == len(p.Steps) {
		cover(s.objOfPanic[p.PanicAt])
	}
	for _, rp := range p.Recovered { // explicit panics a deferred call recovered
		if rp.Step <= ordered {
			cover(s.objOfPanic[rp.At])
		}
	}
	cover(s.entry) // last: a case is named after the first thing it covered
	s.Cases = append(s.Cases, c)
	if s.OnRun != nil {
		s.OnRun(len(s.Objectives)-s.uncovered, len(s.Objectives), len(s.Cases))
	}
	return p, nodes
}

// insert adds a path to the execution tree.
func (s *Session) insert(p *engine.Path) []*Node {
	nodes := make([]*Node, len(p.Steps))
	var parent *Node
	var pdir bool
	for i, st := range p.Steps {
		var n *Node
		switch {
		case parent == nil && s.Root != nil:
			n = s.Root
		case parent != nil && parent.Child[ix(pdir)] != nil:
			n = parent.Child[ix(pdir)]
		default:
			n = &Node{If: st.If, Parent: parent, PDir: pdir}
			if st.Cond != nil {
				n.Cond = st.Cond
				if !st.Taken {
					n.Cond = s.B.Not(st.Cond)
				}
			}
			if parent == nil {
				s.Root = n
			} else {
				n.Depth = parent.Depth + 1
				parent.Child[ix(pdir)] = n
			}
		}
		if n.If != st.If {
			panic(fmt.Sprintf("search: execution diverged from the tree at depth %d (%s vs %s)", i, n.If.Pos, st.If.Pos))
		}
		if n.Num == 0 {
			n.Num = st.State
		}
		n.State[ix(st.Taken)] = Feasible
		other := ix(!st.Taken)
		if st.Domain == engine.DomainBound {
			s.bounds[st.If] = true
		}
		switch {
		case n.State[other] != Unexplored:
		case st.Domain == engine.Precondition && !st.Taken && st.Cond != nil:
			// The input violates the precondition: the inputs that satisfy
			// it are the other side, to explore (First solves for them).
		case st.Domain == engine.Precondition && !st.Taken:
			// The precondition is the constant false on this prefix (on
			// every input, or on the precondition's path run branch by
			// branch): no input satisfies it here.
			n.State[other] = Impossible
		case st.Domain != engine.NoDomain:
			n.State[other] = Excluded
		case st.Order && !st.Flippable:
			// Under another order of a range over a map, the condition
			// may differ: neither constant nor explorable.
			n.State[other] = Bounded
			n.Reason[other] = st.UnfixedReason()
		case st.Cond == nil:
			n.State[other] = Impossible
		case !st.Flippable:
			n.State[other] = Bounded
			n.Reason[other] = st.Bounded
		}
		nodes[i] = n
		parent, pdir = n, st.Taken
	}
	if p.Aborted != "" && parent != nil && parent.Child[ix(pdir)] == nil {
		parent.State[ix(pdir)] = Cut
		parent.Reason[ix(pdir)] = p.Aborted
	}
	if p.Aborted != "" && parent == nil {
		s.rootCut = p.Aborted
	}
	for _, st := range p.Steps {
		if l := (Lit{st.If, st.Taken}); p.Aborted != "" && s.aborted[l] == "" {
			if s.aborted == nil {
				s.aborted = map[Lit]string{}
			}
			s.aborted[l] = p.Aborted
		}
	}
	return nodes
}

// Flip asks the solver for an input taking side dir of n after n's prefix. On
// Unsat it marks the side Infeasible with its proof; on Unknown, Undecided.
func (s *Session) Flip(n *Node, dir bool) (solver.Result, solver.Model) {
	q := s.flipQuery(n, dir)
	a := s.decideFlip(s.Solver, q)
	s.recordFlip(n, dir, a)
	return a.res, a.model
}

// flipQuery is the query of a flip: n's prefix and side dir, sliced to the
// constraints sharing variables (transitively) with the side: the prefix holds
// under n's input, so the others cannot matter, and their variables keep the
// input's values. It counts the flip.
type flipQuery struct {
	terms []*expr.Term
	lits  []Lit
	input solver.Model // n's input (nil when unknown)
}

func (s *Session) flipQuery(n *Node, dir bool) flipQuery {
	s.Stats.SolverCalls++
	if s.IsCovered(n.If, dir) && !s.seekingReturn {
		s.Stats.HopefulFlips++
	} else {
		s.Stats.EagerFlips++
	}
	terms, lits := n.Prefix(s.B)
	side := n.Constraint(s.B, dir)
	terms = append(terms, side)
	lits = append(lits, Lit{n.If, dir})
	if n.Input != nil {
		terms, lits = independent(terms, lits, side)
	}
	return flipQuery{terms, lits, n.Input}
}

// flipAnswer is what the solver said about a flip query.
type flipAnswer struct {
	res    solver.Result
	model  solver.Model // Sat: the input to run
	proof  *Proof       // Unsat: the core; Unknown: the query
	reason string       // Unknown: why
}

// decideFlip asks slv. It touches no session state, so workers can call it
// without holding the session's lock.
func (s *Session) decideFlip(slv solver.Solver, q flipQuery) flipAnswer {
	a := flipAnswer{res: slv.Check(q.terms)}
	switch a.res {
	case solver.Sat:
		a.model = shrink(q.terms, withInput(q.input, slv.Model()))
	case solver.Unsat:
		core := slv.Core()
		if terms, lits := withoutBounds(q.terms, q.lits, core); terms != nil && slv.Check(terms) == solver.Unsat {
			// The core held a size bound, but the query is unsatisfiable
			// without: the proof holds for inputs of every size (elements
			// beyond the bound are free variables in the terms).
			a.proof = s.proof(terms, lits, slv.Core())
			break
		}
		a.proof = s.proof(q.terms, q.lits, core)
	default:
		a.reason = "solver: " + slv.Reason()
		a.proof = &Proof{Conflict: q.lits, Terms: q.terms, SMT2: expr.SMT2(q.terms)}
	}
	return a
}

// withoutBounds returns the query without its input size bounds when the
// core holds one, else nil.
func withoutBounds(terms []*expr.Term, lits []Lit, core []*expr.Term) ([]*expr.Term, []Lit) {
	inCore := map[*expr.Term]bool{}
	for _, t := range core {
		inCore[t] = true
	}
	bound := false
	var ts []*expr.Term
	var ls []Lit
	for i, t := range terms {
		if engine.IsBound(lits[i].If) {
			bound = bound || inCore[t]
			continue
		}
		ts, ls = append(ts, t), append(ls, lits[i])
	}
	if !bound {
		return nil, nil
	}
	return ts, ls
}

// recordFlip marks side dir of n after an Unsat or Unknown answer.
func (s *Session) recordFlip(n *Node, dir bool, a flipAnswer) {
	switch a.res {
	case solver.Unsat:
		s.Stats.InfeasiblePaths++
		n.State[ix(dir)] = Infeasible
		n.Proof[ix(dir)] = a.proof
	case solver.Unknown:
		n.State[ix(dir)] = Undecided
		n.Reason[ix(dir)] = a.reason
		n.Proof[ix(dir)] = a.proof
	}
}

// withInput returns a copy of input with the solver's values laid over it: the
// variables the query did not mention keep the values of the input.
func withInput(input, sol solver.Model) solver.Model {
	m := input.Clone()
	if m == nil {
		m = solver.Model{}
	}
	for k, v := range sol {
		m[k] = v
	}
	return m
}

// proof keeps the assumptions in the unsat core, in path order.
func (s *Session) proof(terms []*expr.Term, lits []Lit, core []*expr.Term) *Proof {
	inCore := map[*expr.Term]bool{}
	for _, t := range core {
		inCore[t] = true
	}
	p := &Proof{}
	for i, t := range terms {
		if inCore[t] {
			p.Conflict = append(p.Conflict, lits[i])
			p.Terms = append(p.Terms, t)
			delete(inCore, t) // one literal per term
		}
	}
	if len(p.Terms) == 0 { // no core given: the whole query
		p.Conflict, p.Terms = lits, terms
	}
	p.SMT2 = expr.SMT2(p.Terms)
	return p
}

// Follow runs the model produced by flipping side dir of n and checks that the run
// took that side; a run that does not is recorded as a divergence.
func (s *Session) Follow(n *Node, dir bool, model solver.Model) ([]*Node, bool) {
	p, nodes := s.Execute(model)
	if n.Depth < len(nodes) && nodes[n.Depth] == n && n.State[ix(dir)] == Feasible {
		return nodes, true
	}
	if p.TimedOut() {
		return nodes, false // the budget ran out: no divergence, the side stays open
	}
	if n.State[ix(dir)] == Unexplored {
		n.State[ix(dir)] = Undecided
		terms, _ := n.Prefix(s.B)
		n.Reason[ix(dir)] = divergence("engine divergence: the solver's input did not take this side", append(terms, n.Constraint(s.B, dir))...)
	}
	return nodes, false
}

// Elapsed returns the time since the session started.
func (s *Session) Elapsed() time.Duration { return time.Since(s.start) }

// Checker returns the solver of TreeFrog's satisfiability checks
// (Config.NewChecker), made on first use; Solver when there is none.
func (s *Session) Checker() solver.Solver {
	if s.checker == nil {
		if s.NewChecker == nil {
			return s.Solver
		}
		s.checker = s.NewChecker()
	}
	return s.checker
}

// Close releases the checker, if one was made. The session's Solver is its
// owner's to close.
func (s *Session) Close() {
	if s.checker != nil {
		s.checker.Close()
		s.checker = nil
	}
}
