// The PM strategy: DFS over the branches outside merged regions, obligation queries at the end of each path.

package search

import (
	"sort"
	"time"

	"leapfrog/internal/engine"
	"leapfrog/internal/expr"
	"leapfrog/internal/solver"
)

// DefaultMergeBound is the largest merged summary (term nodes) PM keeps.
const DefaultMergeBound = 4000

// PM is branch-adequate path-merged symbolic execution
// (path-merged-symbolic-execution-branch-coverage.txt): loop-free regions
// are executed as one merged summary with an obligation per branch outcome;
// the branches outside merged regions are explored as DFS does; at the end of
// each path the still-uncovered obligations of its merged regions are solved
// for, one run (a case) per model, until their disjunction is unsatisfiable.
type PM struct {
	Bound int // merged summaries above this many term nodes are not kept (0: DefaultMergeBound)
}

// Name returns "pm".
func (PM) Name() string { return "pm" }

// pmState is the merged-region bookkeeping of a PM session.
type pmState struct {
	insts  map[pmKey]*pmInst
	merged map[*Objective][]*pmInst // the instances holding an objective's obligation
	later  [][]*Node                // runs of obligation models, explored after the current suffix
	qtime  time.Duration
}

// pmKey identifies a region instance: the tree side ending its prefix (nil
// node: the empty prefix) and its rank among the regions after that side.
type pmKey struct {
	n   *Node
	dir bool
	ord int
}

// pmInst is one region instance: its prefix, the obligation of each
// objective inside it, and what became of each.
type pmInst struct {
	prefix  []*expr.Term
	lits    []Lit
	obl     map[*Objective]*expr.Term
	objs    []*Objective // in objective order
	refuted map[*Objective]*Proof
	why     map[*Objective]string // undecided: the reason
	// falsity: the region's obligations of an objective that are constant
	// false, which say why (engine.Obligation.Const, Folded).
	falsity map[*Objective][]engine.Obligation
}

// Explore runs the search.
func (p PM) Explore(s *Session) {
	bound := p.Bound
	if bound <= 0 {
		bound = DefaultMergeBound
	}
	// The merger and the after-run hook stay for the rest of the session:
	// the runs of the loop-bound raise (ExploreLoops) must merge as these
	// do, or they would diverge from the tree built here.
	s.Engine.Merge = engine.NewMerger(bound)
	s.pm = &pmState{insts: map[pmKey]*pmInst{}, merged: map[*Objective][]*pmInst{}}
	timed := &timedSolver{Solver: s.Solver, st: s.pm}
	s.Solver = timed
	defer func() {
		s.Solver = timed.Solver
		s.Stats.Queries = timed.n
		if timed.n > 0 {
			s.Stats.AvgQueryMs = float64(s.pm.qtime.Microseconds()) / 1000 / float64(timed.n)
		}
	}()
	s.afterRun = func(p *engine.Path, nodes []*Node) {
		s.Stats.Merges += len(p.Merged)
		s.pmPath(p, nodes)
	}
	nodes := s.First()
	dfs(s, nodes, 0)
	// Suffixes opened by the runs of obligation models, and anything left.
	for !s.Done() {
		if len(s.pm.later) > 0 {
			ns := s.pm.later[0]
			s.pm.later = s.pm.later[1:]
			dfs(s, ns, 0)
			continue
		}
		n, dir, ok := s.firstUnexplored()
		if !ok {
			break
		}
		res, model := s.Flip(n, dir)
		if res != solver.Sat {
			continue
		}
		if next, ok := s.Follow(n, dir, model); ok {
			dfs(s, next, n.Depth+1)
		}
	}
}

func (s *Session) firstUnexplored() (*Node, bool, bool) {
	sides := s.unexploredSides()
	if len(sides) == 0 {
		return nil, false, false
	}
	return sides[0].n, sides[0].dir, true
}

// pmPath solves for the uncovered obligations of the path's region instances
// under their prefixes: each model is run (a case), until the disjunction of
// those left is unsatisfiable, which refutes every one of them.
func (s *Session) pmPath(p *engine.Path, nodes []*Node) {
	st := s.pm
	var insts []*pmInst
	ord := map[int]int{}
	from := preconditionStep(p) + 1
	for _, r := range p.Merged {
		if r.At < from {
			continue // inside the precondition, run branch by branch: no path of the function
		}
		k := pmKey{ord: ord[r.At]}
		ord[r.At]++
		if r.At > 0 {
			k.n, k.dir = nodes[r.At-1], p.Steps[r.At-1].Taken
		}
		in := st.insts[k]
		if in == nil {
			in = &pmInst{obl: map[*Objective]*expr.Term{}, refuted: map[*Objective]*Proof{}, why: map[*Objective]string{}, falsity: map[*Objective][]engine.Obligation{}}
			if k.n != nil {
				in.prefix, in.lits = k.n.Prefix(s.B)
				if c := k.n.Constraint(s.B, k.dir); c != nil {
					in.prefix = append(in.prefix, c)
					in.lits = append(in.lits, Lit{k.n.If, k.dir})
				}
			}
			for _, ob := range r.Obligations {
				o := s.objOfSide[Lit{ob.If, ob.Dir}]
				if o == nil {
					continue
				}
				if ob.Term.IsConst() && ob.Term.Val == 0 {
					in.falsity[o] = append(in.falsity[o], ob)
				}
				if t, ok := in.obl[o]; ok {
					in.obl[o] = s.B.Or(t, ob.Term) // a callee inlined twice
					continue
				}
				in.obl[o] = ob.Term
				in.objs = append(in.objs, o)
				st.merged[o] = append(st.merged[o], in)
			}
			sort.Slice(in.objs, func(i, j int) bool { return in.objs[i].Index < in.objs[j].Index })
			st.insts[k] = in
		}
		insts = append(insts, in)
	}
	type pend struct {
		in *pmInst
		o  *Objective
	}
	for !s.Expired() {
		var disj []*expr.Term
		var pending []pend
		seen := map[*pmInst]bool{}
		for _, in := range insts {
			if seen[in] {
				continue
			}
			seen[in] = true
			var ors []*expr.Term
			for _, o := range in.objs {
				if s.coveredBy[o.Index] != nil || in.refuted[o] != nil || in.why[o] != "" {
					continue
				}
				t := in.obl[o]
				if t.IsConst() && t.Val == 0 {
					in.refuted[o] = s.pmProof(in, o)
					continue
				}
				ors = append(ors, t)
				pending = append(pending, pend{in, o})
			}
			if len(ors) > 0 {
				disj = append(disj, s.B.And(append(append([]*expr.Term(nil), in.prefix...), s.B.Or(ors...))...))
			}
		}
		if len(disj) == 0 {
			return
		}
		q := s.B.Or(disj...)
		// A query for a test (or the refutation of what is left): a solver
		// call, aimed at uncovered objectives.
		s.Stats.SolverCalls++
		s.Stats.EagerFlips++
		switch s.Solver.Check([]*expr.Term{q}) {
		case solver.Sat:
			model := shrink([]*expr.Term{q}, s.Solver.Model())
			p, ns := s.Execute(model)
			st.later = append(st.later, ns)
			if p.TimedOut() {
				return // the budget ran out during the run: no divergence
			}
			progress := false
			for _, pd := range pending {
				if s.coveredBy[pd.o.Index] != nil {
					progress = true
					continue
				}
				held := expr.Eval(s.B.And(append(append([]*expr.Term(nil), pd.in.prefix...), pd.in.obl[pd.o])...), model) == 1
				if held {
					pd.in.why[pd.o] = divergence("engine divergence: the run of a model of its obligation did not take it", append(append([]*expr.Term(nil), pd.in.prefix...), pd.in.obl[pd.o])...)
					progress = true
				}
			}
			if !progress {
				for _, pd := range pending {
					pd.in.why[pd.o] = divergence("engine divergence: the model of the obligations satisfied none of them", q)
				}
				return
			}
		case solver.Unsat:
			for _, pd := range pending {
				pd.in.refuted[pd.o] = s.pmProof(pd.in, pd.o)
			}
			return
		default:
			for _, pd := range pending {
				pd.in.why[pd.o] = "solver: " + s.Solver.Reason()
			}
			return
		}
	}
	for _, in := range insts {
		for _, o := range in.objs {
			if s.coveredBy[o.Index] == nil && in.refuted[o] == nil && in.why[o] == "" {
				in.why[o] = "timeout: the search stopped before deciding its obligation on every path through its region"
			}
		}
	}
}

// pmProof is the refutation of o's obligation in a region instance: prefix ∧
// obligation, unsatisfiable (it implies the unsatisfiable disjunction). An
// obligation the merger made constant false says why (in.falsity, one per
// inlined copy of its branch): the symbolic terms it folded give the
// conflicts instead (Cores: prefix ∧ terms, each unsatisfiable); when
// constant conditions did it all, the proof is the first of them (Conflict,
// with Terms nil), which decideMerged renders as dfs renders constant
// conditions.
func (s *Session) pmProof(in *pmInst, o *Objective) *Proof {
	lits := append(append([]Lit(nil), in.lits...), Lit{o.If, o.Dir})
	if t := in.obl[o]; t.IsConst() && t.Val == 0 && len(in.falsity[o]) > 0 {
		var cores [][]*expr.Term
		var constant []Lit
		for _, ob := range in.falsity[o] {
			switch {
			case ob.Folded != nil:
				cores = append(cores, append(append([]*expr.Term(nil), in.prefix...), ob.Folded...))
			case ob.Const != nil:
				constant = append(constant, Lit{ob.Const, ob.ConstDir})
			default:
				cores = nil
				constant = nil
			}
		}
		if len(cores) > 0 {
			return &Proof{Conflict: lits, Terms: cores[0], SMT2: expr.SMT2(cores[0]), Cores: cores}
		}
		if len(constant) > 0 {
			return &Proof{Conflict: constant[:1]}
		}
	}
	terms := append(append([]*expr.Term(nil), in.prefix...), in.obl[o])
	return &Proof{Conflict: lits, Terms: terms, SMT2: expr.SMT2(terms)}
}

// timedSolver counts the solver's checks and their time.
type timedSolver struct {
	solver.Solver
	st *pmState
	n  int
}

func (t *timedSolver) Check(a []*expr.Term) solver.Result {
	t.n++
	start := time.Now()
	r := t.Solver.Check(a)
	t.st.qtime += time.Since(start)
	return r
}
