// Loop treatments around a strategy: inferred models (out-of-context iterations,
// refined by the loop-entry context) and raising the bounds of loops that keep
// objectives open.

package search

import (
	"fmt"
	"sort"
	"strings"

	"leapfrog/internal/cfg"
	"leapfrog/internal/engine"
	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
	"leapfrog/internal/solver"
)

// LoopOptions configures ExploreLoops.
type LoopOptions struct {
	// Auto infers models for the loops of the function under test that have
	// none from a directive (paper §4): every path through one iteration,
	// executed out of context, gives a model.
	Auto bool
	// RaiseMax: when the search ends with objectives that a bounded side may
	// reach, the bound of that loop is doubled (at most up to RaiseMax) and
	// the reopened sides are explored again (depth-first). 0: never.
	RaiseMax int
	// Fixed bounds (directives) are never raised.
	Fixed map[engine.LoopID]bool
	// MaxPaths bounds the out-of-context paths per loop (0: 64).
	MaxPaths int
}

// inferred holds the out-of-context result for one loop.
type inferred struct {
	vars  []engine.OOCVar // the constrained variables, in model order
	paths [][]*expr.Term  // the path condition of each iteration path
	cache map[string]*engine.ModelSet
}

// A Resumer goes on with its own search after ExploreLoops raised loop
// bounds and reopened the sides they had bounded; ExploreLoops explores
// them depth first for a strategy that is not one (its flips of sides
// already covered are hopeful, which pure TreeFrog never makes).
type Resumer interface {
	Resume(s *Session, reopened []*Node)
}

// loopState is the bookkeeping of ExploreLoops.
type loopState struct {
	s        *Session
	st       Strategy
	opt      LoopOptions
	inf      map[engine.LoopID]*inferred
	warnings []string
	warned   map[string]bool
}

// ExploreLoops runs strategy st with the loop treatments of opt and returns
// the warnings to report (conflicting or infeasible models, refinements).
func ExploreLoops(s *Session, st Strategy, opt LoopOptions) []string {
	ls := &loopState{s: s, st: st, opt: opt, inf: map[engine.LoopID]*inferred{}, warned: map[string]bool{}}
	eng := s.Engine
	if eng.LoopCfg.Bounds == nil {
		eng.LoopCfg.Bounds = map[engine.LoopID]int{}
	}
	if eng.LoopCfg.Models == nil {
		eng.LoopCfg.Models = map[engine.LoopID]*engine.ModelSet{}
	}
	if opt.Auto {
		for _, l := range cfg.Loops(s.Fn) {
			id := engine.LoopID{Fn: s.Fn, Num: l.Number}
			if eng.LoopCfg.Models[id] != nil {
				continue // a directive wins
			}
			if ms := ls.infer(id); ms != nil {
				eng.LoopCfg.Models[id] = ms
			}
		}
		eng.LoopCfg.Refine = ls.refine
	}
	st.Explore(s)
	ls.raise()
	s.normalRun()
	ls.checkModels()
	return ls.warnings
}

func (ls *loopState) warn(format string, args ...any) {
	w := fmt.Sprintf(format, args...)
	if !ls.warned[w] {
		ls.warned[w] = true
		ls.warnings = append(ls.warnings, w)
	}
}

// infer enumerates the paths through one iteration of loop id, out of context,
// and returns one model per path over the variables the path conditions
// constrain; nil when no variable is constrained.
func (ls *loopState) infer(id engine.LoopID) *engine.ModelSet {
	s, eng := ls.s, ls.s.Engine
	max := ls.opt.MaxPaths
	if max == 0 {
		max = 64
	}
	type item struct {
		model solver.Model
		from  int // flip only steps at or after from
	}
	var pcs [][]*expr.Term
	var models []solver.Model
	seen := map[string]bool{}
	work := []item{{solver.Model{}, 0}}
	for len(work) > 0 && len(pcs) < max && !s.Expired() {
		it := work[len(work)-1]
		work = work[:len(work)-1]
		p := eng.RunIteration(id, it.model, nil)
		if p.Aborted != "" {
			continue
		}
		key := dirKey(p.Steps, len(p.Steps))
		if seen[key] {
			continue
		}
		seen[key] = true
		var pc []*expr.Term
		for _, st := range p.Steps {
			if st.Cond != nil {
				pc = append(pc, st.Cond)
			}
		}
		pcs = append(pcs, pc)
		models = append(models, it.model)
		for i := len(p.Steps) - 1; i >= it.from; i-- {
			st := p.Steps[i]
			if st.Cond == nil || !st.Flippable {
				continue
			}
			k := dirKey(p.Steps, i) + fmt.Sprint(!st.Taken)
			if seen["flip "+k] {
				continue
			}
			seen["flip "+k] = true
			var terms []*expr.Term
			for _, x := range p.Steps[:i] {
				if x.Cond != nil {
					terms = append(terms, x.Cond)
				}
			}
			terms = append(terms, s.B.Not(st.Cond))
			s.Stats.SolverCalls++
			if s.Solver.Check(terms) == solver.Sat {
				work = append(work, item{shrink(terms, s.Solver.Model()), i + 1})
			}
		}
	}
	// The variables constrained by some path condition, in OOC order.
	used := map[string]bool{}
	for _, pc := range pcs {
		for _, v := range expr.Vars(pc...) {
			used[v.Name] = true
		}
	}
	inf := &inferred{cache: map[string]*engine.ModelSet{}}
	for _, v := range eng.OOCVars(id) {
		if t := v.Value.Type(); used[v.Name] && (t.Kind == ir.KInt || t.Kind == ir.KBool) {
			inf.vars = append(inf.vars, v)
		}
	}
	if len(inf.vars) == 0 {
		return nil
	}
	inf.paths = pcs
	ms := &engine.ModelSet{Source: "inferred"}
	dup := map[string]bool{}
	for i, pc := range pcs {
		md := ls.model(inf, shrink(pc, models[i]))
		if k := fmt.Sprint(md.Vals); !dup[k] {
			dup[k] = true
			ms.Models = append(ms.Models, md)
		}
	}
	ls.inf[id] = inf
	return ms
}

func (ls *loopState) model(inf *inferred, m solver.Model) engine.Model {
	var md engine.Model
	for _, v := range inf.vars {
		md.Vars = append(md.Vars, v.Value)
		name := v.Go
		if name == "" {
			name = v.Value.Name()
		}
		md.Names = append(md.Names, name)
		md.Vals = append(md.Vals, m[v.Name])
	}
	return md
}

func dirKey(steps []engine.Step, n int) string {
	var sb strings.Builder
	for _, st := range steps[:n] {
		if st.Taken {
			sb.WriteByte('1')
		} else {
			sb.WriteByte('0')
		}
	}
	return sb.String() + "|"
}

// refine is the engine's hook at the entry of a loop with inferred models: if
// no model is consistent with the context (the path condition so far and the
// entry values), each out-of-context path condition is strengthened with the
// context and solved again (paper §4.2, the refinement left as future work);
// the solutions are the models for this context.
func (ls *loopState) refine(id engine.LoopID, ms *engine.ModelSet, entry []*expr.Term, prefix []*expr.Term) *engine.ModelSet {
	inf := ls.inf[id]
	if inf == nil || ms.Source != "inferred" {
		return ms
	}
	key := fmt.Sprint(termIDs(prefix), termIDs(entry))
	if r, ok := inf.cache[key]; ok {
		return r
	}
	s, eng := ls.s, ls.s.Engine
	vars := engine.ModelVars(ms)
	at := map[ir.Value]*expr.Term{}
	for i, v := range vars {
		at[v] = entry[i]
	}
	s.Stats.SolverCalls++
	res := ms
	if s.Solver.Check(append(append([]*expr.Term(nil), prefix...), eng.ModelTerm(ms, at))) != solver.Sat {
		r := &engine.ModelSet{Source: "inferred"}
		dup := map[string]bool{}
		for _, pc := range inf.paths {
			terms := append(append([]*expr.Term(nil), prefix...), pc...)
			for _, v := range inf.vars {
				if e := at[v.Value]; e != nil {
					terms = append(terms, s.B.Eq(s.B.Var(v.Name, e.Width), e))
				}
			}
			s.Stats.SolverCalls++
			if s.Solver.Check(terms) != solver.Sat {
				continue
			}
			md := ls.model(inf, shrink(terms, s.Solver.Model()))
			if k := fmt.Sprint(md.Vals); !dup[k] {
				dup[k] = true
				r.Models = append(r.Models, md)
			}
		}
		name := engine.LoopName(id, s.Fn)
		if len(r.Models) > 0 {
			ls.warn("loop %s: inferred models %s conflict with the loop-entry context; refined with it to %s", name, ms.Describe(name), r.Describe(name))
			res = r
		} else {
			ls.warn("loop %s: inferred models %s conflict with the loop-entry context, and no path through one iteration is feasible in it", name, ms.Describe(name))
		}
	}
	inf.cache[key] = res
	return res
}

// checkModels reports the loops whose models no run could enter: no model is
// consistent with the loop-entry context on any path explored.
func (ls *loopState) checkModels() {
	entered := map[*ir.If]bool{}
	reached := map[*ir.If]bool{}
	var order []*ir.If
	ls.s.walk(ls.s.Root, func(n *Node) {
		if !engine.IsModelStep(n.If) {
			return
		}
		if !reached[n.If] {
			order = append(order, n.If)
		}
		reached[n.If] = true
		if n.State[1] == Feasible {
			entered[n.If] = true
		}
	})
	for _, p := range order {
		if entered[p] {
			continue
		}
		for id, ms := range ls.s.Engine.LoopCfg.Models {
			if id.Fn == p.Block().Func && cfg.Loops(id.Fn)[id.Num-1].Header == p.Block().Succs[0] {
				name := engine.LoopName(id, ls.s.Fn)
				ls.warn("loop %s: the %s models %s are infeasible: none is consistent with the loop-entry context on any path explored", name, ms.Source, ms.Describe(name))
			}
		}
	}
}

// stepsOf maps the tree nodes on the cases' paths to their steps.
func (s *Session) stepsOf() map[*Node]engine.Step {
	m := map[*Node]engine.Step{}
	for _, c := range s.Cases {
		n := s.Root
		for _, st := range c.Path.Steps {
			if n == nil || n.If != st.If {
				break
			}
			m[n] = st
			n = n.Child[ix(st.Taken)]
		}
	}
	return m
}

// raise doubles the bounds of the loops whose bounded sides may reach an
// uncovered objective, reopens those sides and explores them, until nothing
// is left to raise, every objective is covered, or time is up.
func (ls *loopState) raise() {
	s, eng := ls.s, ls.s.Engine
	for ls.opt.RaiseMax > 0 && !s.Done() {
		steps := s.stepsOf()
		want := map[engine.LoopID]bool{}
		release := map[engine.LoopID]bool{}
		s.walk(s.Root, func(n *Node) {
			for _, dir := range []bool{false, true} {
				st, ok := steps[n]
				if !ok || n.State[ix(dir)] != Bounded || st.BoundLoop.Fn == nil {
					continue // not bounded by a loop (a range over a map chose an order)
				}
				if ms := eng.LoopCfg.Models[st.BoundLoop]; st.BoundIter < 0 && ms != nil && ms.Source == "inferred" && !ms.Released && ls.reachesUncovered(n, dir) {
					release[st.BoundLoop] = true
				}
				if st.BoundIter < 0 || ls.opt.Fixed[st.BoundLoop] || want[st.BoundLoop] {
					continue
				}
				if eng.Bound(st.BoundLoop) < ls.opt.RaiseMax && ls.reachesUncovered(n, dir) {
					want[st.BoundLoop] = true
				}
			}
		})
		if len(want) == 0 && len(release) == 0 {
			return
		}
		for id := range release {
			eng.LoopCfg.Models[id].Released = true
			ls.warn("loop %s: inferred models leave branches uncovered; released (the loop is explored by its bound)", engine.LoopName(id, s.Fn))
		}
		for id := range want {
			eng.LoopCfg.Bounds[id] = min(2*eng.Bound(id), ls.opt.RaiseMax)
		}
		var reopen []*Node
		s.walk(s.Root, func(n *Node) {
			for _, dir := range []bool{false, true} {
				st, ok := steps[n]
				if !ok || n.State[ix(dir)] != Bounded || st.BoundLoop.Fn == nil {
					continue // not bounded by a loop (a range over a map chose an order)
				}
				if st.BoundIter < 0 {
					if release[st.BoundLoop] {
						n.State[ix(dir)], n.Reason[ix(dir)] = Unexplored, ""
						reopen = append(reopen, n)
					}
					continue
				}
				if !want[st.BoundLoop] {
					continue
				}
				if st.BoundIter < eng.Bound(st.BoundLoop) && st.Cond != nil {
					n.State[ix(dir)], n.Reason[ix(dir)] = Unexplored, ""
					reopen = append(reopen, n)
				} else {
					n.Reason[ix(dir)] = eng.BoundReason(st.BoundLoop, s.Fn)
				}
			}
		})
		sort.SliceStable(reopen, func(i, j int) bool { return reopen[i].Depth < reopen[j].Depth })
		if r, ok := ls.st.(Resumer); ok {
			r.Resume(s, reopen)
			continue
		}
		for _, n := range reopen {
			if s.Done() {
				return
			}
			dfs(s, chain(n), n.Depth)
		}
	}
}

func (ls *loopState) reachesUncovered(n *Node, dir bool) bool {
	for _, o := range ls.s.Objectives {
		if ls.s.coveredBy[o.Index] == nil && ls.s.reach.sideReaches(n.If, dir, o) {
			return true
		}
	}
	return false
}

// chain returns the nodes from the root to n.
func chain(n *Node) []*Node {
	nodes := make([]*Node, n.Depth+1)
	for x := n; x != nil; x = x.Parent {
		nodes[x.Depth] = x
	}
	return nodes
}
