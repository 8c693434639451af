// The path-exhaustive (PE), reachability-guided (RG) and conflict-driven backtracking (RG+CB) strategies.

package search

import (
	"leapfrog/internal/expr"
	"leapfrog/internal/solver"
)

// PE is the reachability paper's path-exhaustive baseline (§2.2, Algorithm 1):
// depth-first search flipping every side of every path, deepest first, that
// does not stop when everything is covered: it enumerates every feasible path
// (within the loop bound) and stops only when nothing is left or the time
// budget is spent. Stats.Paths counts the feasible paths explored,
// Stats.InfeasiblePaths the flips the solver refuted.
type PE struct{}

// Name returns "pe".
func (PE) Name() string { return "pe" }

// Explore runs the search.
func (PE) Explore(s *Session) {
	bt := &backtracker{s: s, done: s.Expired}
	bt.run()
}

// RG is the reachability-guided strategy (§4, Algorithm 2): depth-first search
// that, backtracking, expands the counter-edge of a condition only when it may
// reach (in the interprocedural control-flow graph) an important objective not
// covered yet, the side's own objective included. Every objective is important
// unless Important names source lines; the search then stops as soon as the
// objectives on those lines are covered, and a skipped side is left Unexplored,
// so the verdict rule never claims unreachable past it.
type RG struct {
	Important []Line // nil: every objective
}

// Name returns "rg".
func (RG) Name() string { return "rg" }

// Explore runs the search.
func (g RG) Explore(s *Session) { newGuided(s, g.Important, false).run() }

// RGCB is RG with conflict-driven backtracking and learning (§5, Algorithm 3).
// When a flip is refuted, the unsat core (the Proof of the refuted side) is
// stored in Session.Conflicts as a conflict clause, and the search backjumps to
// the most recent decision in the core whose counter-edge is still pending: that
// side is expanded next. A side whose prefix plus own constraint contains a
// stored clause is never sent to the solver: it is marked Infeasible with the
// clause as its proof (and counted in Stats.Blocked).
//
// Completeness (§5.3): a backjump postpones the decisions it jumps over, it does
// not drop them; they are expanded afterwards if they may still reach an
// uncovered important objective. The decisions jumped over cannot make the
// refuted side feasible (the core's decisions stay on every path through them),
// and the reachability check only skips sides that cannot lead to anything
// uncovered, so RGCB decides every objective as PE and DFS do.
type RGCB struct {
	Important []Line // nil: every objective
}

// Name returns "rgcb".
func (RGCB) Name() string { return "rgcb" }

// Explore runs the search.
func (g RGCB) Explore(s *Session) { newGuided(s, g.Important, true).run() }

// Targeted returns st restricted to the objectives on the given lines when st
// is reachability-guided (rg, rgcb); other strategies are returned unchanged.
func Targeted(st Strategy, lines []Line) Strategy {
	switch st.(type) {
	case RG:
		return RG{Important: lines}
	case RGCB:
		return RGCB{Important: lines}
	}
	return st
}

func newGuided(s *Session, lines []Line, learn bool) *backtracker {
	imp := importantOf(s, lines)
	bt := &backtracker{s: s, learn: learn}
	bt.done = func() bool {
		if s.Expired() {
			return true
		}
		for _, o := range s.Objectives {
			if imp.has(o) && s.coveredBy[o.Index] == nil {
				return false
			}
		}
		return true
	}
	bt.want = func(n *Node, dir bool) bool {
		for _, o := range s.Objectives {
			if imp.has(o) && s.coveredBy[o.Index] == nil && s.reach.sideReaches(n.If, dir, o) {
				return true
			}
		}
		return false
	}
	return bt
}

// pending is a side waiting to be expanded.
type pending struct {
	n   *Node
	dir bool
}

// backtracker is depth-first search with an explicit stack of pending sides, so
// that a backjump can reorder it: the unexplored sides of each new path suffix
// are pushed first node first, so the deepest is expanded first and a new
// suffix is explored completely before the search goes further up.
type backtracker struct {
	s     *Session
	done  func() bool
	want  func(*Node, bool) bool // nil: every side
	learn bool
	stack []pending
}

func (bt *backtracker) push(nodes []*Node, from int) {
	for i := from; i < len(nodes); i++ {
		for _, d := range unexplored(nodes[i]) {
			bt.stack = append(bt.stack, pending{nodes[i], d})
		}
	}
}

func (bt *backtracker) run() {
	s := bt.s
	nodes := s.First()
	bt.push(nodes, 0)
	for len(bt.stack) > 0 && !bt.done() {
		p := bt.stack[len(bt.stack)-1]
		bt.stack = bt.stack[:len(bt.stack)-1]
		if p.n.State[ix(p.dir)] != Unexplored || bt.want != nil && !bt.want(p.n, p.dir) {
			continue
		}
		if bt.learn && bt.blocked(p) {
			bt.backjump(p)
			continue
		}
		res, model := s.Flip(p.n, p.dir)
		if model == nil {
			if res == solver.Unsat && bt.learn {
				pr := p.n.Proof[ix(p.dir)]
				if s.Conflicts.Add(&Conflict{Lits: pr.Conflict, Terms: pr.Terms}) {
					s.Stats.ConflictClauses++
				}
				bt.backjump(p)
			}
			continue
		}
		if next, ok := s.Follow(p.n, p.dir, model); ok {
			bt.push(next, p.n.Depth+1)
		}
	}
}

// blocked checks side p against the learned clauses: when the prefix plus the
// side's constraint contains one, the side is marked Infeasible with that
// clause, mapped onto this path's branches, as its proof.
func (bt *backtracker) blocked(p pending) bool {
	s := bt.s
	c := p.n.Constraint(s.B, p.dir)
	if c == nil {
		return false
	}
	terms, lits := p.n.Prefix(s.B)
	terms = append(terms, c)
	lits = append(lits, Lit{p.n.If, p.dir})
	set := make(map[*expr.Term]bool, len(terms))
	for _, t := range terms {
		set[t] = true
	}
	cl := s.Conflicts.Violated(set)
	if cl == nil {
		return false
	}
	in := map[*expr.Term]bool{}
	for _, t := range cl.Terms {
		in[t] = true
	}
	pr := &Proof{}
	for i, t := range terms {
		if in[t] {
			pr.Conflict = append(pr.Conflict, lits[i])
			pr.Terms = append(pr.Terms, t)
			delete(in, t)
		}
	}
	pr.SMT2 = expr.SMT2(pr.Terms)
	p.n.State[ix(p.dir)] = Infeasible
	p.n.Proof[ix(p.dir)] = pr
	s.Stats.Blocked++
	return true
}

// backjump moves to the top of the stack the counter-edge of the most recent
// decision in the refuted side's conflict that is still pending. The pending
// sides it jumps over stay on the stack, below.
func (bt *backtracker) backjump(p pending) {
	s := bt.s
	pr := p.n.Proof[ix(p.dir)]
	if pr == nil {
		return
	}
	in := map[*expr.Term]bool{}
	for _, t := range pr.Terms {
		in[t] = true
	}
	for a, d := p.n.Parent, p.n.PDir; a != nil; a, d = a.Parent, a.PDir {
		if t := a.Constraint(s.B, d); t == nil || !in[t] || a.State[ix(!d)] != Unexplored {
			continue
		}
		for i := len(bt.stack) - 1; i >= 0; i-- {
			if e := bt.stack[i]; e.n == a && e.dir == !d {
				if i == len(bt.stack)-1 {
					return // next anyway: chronological
				}
				copy(bt.stack[i:], bt.stack[i+1:])
				bt.stack[len(bt.stack)-1] = e
				if j := p.n.Depth - a.Depth; j > s.Stats.LargestBackjump {
					s.Stats.LargestBackjump = j
				}
				return
			}
		}
	}
}
