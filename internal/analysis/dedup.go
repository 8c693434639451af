// Objectives deduplicated per package: callees analysed before their callers, whose searches take over what the callees decided.

package analysis

import (
	"fmt"

	"leapfrog/internal/ir"
	"leapfrog/internal/report"
	"leapfrog/internal/search"
)

// Plan is the order of a run's analyses: the call graph of its targets
// within each package, and what each takes over from the analyses of the
// targets it calls (doc.go, "Objectives decided once").
type Plan struct {
	deps [][]int // per target: the targets it calls, outside its own cycle, in order
}

// NewPlan builds the call graph of the targets: target i waits for target
// j when i may call j (ir.Callees: calls, interface method calls,
// function values, deferred calls; transitively) and j does not call i
// back. The functions of a cycle (a strongly connected component) are
// analysed side by side, taking nothing from one another.
func NewPlan(ts []Target) *Plan {
	keys, callees := make([]string, len(ts)), make([][]string, len(ts))
	for i, t := range ts {
		keys[i] = t.Package + "\x00" + t.Func.Name
		for _, name := range PackageCallees(t.Func) {
			callees[i] = append(callees[i], t.Package+"\x00"+name)
		}
	}
	return NewPlanOf(keys, callees)
}

// PackageCallees returns the IR names of the functions of f's package that
// f may call (ir.Callees), f excluded: the edges of f's target in the
// plan, to the targets among them. A caller that does not keep the
// targets' programs until the analyses records them (NewPlanOf).
func PackageCallees(f *ir.Function) []string {
	var names []string
	for _, c := range ir.Callees(f) {
		if c != f && c.Pkg == f.Pkg {
			names = append(names, c.Name)
		}
	}
	return names
}

// NewPlanOf is NewPlan from each target's key (its package path, a NUL
// and its IR name) and its callees' keys (PackageCallees, qualified so).
func NewPlanOf(keys []string, callees [][]string) *Plan {
	p := &Plan{deps: make([][]int, len(keys))}
	index := map[string]int{}
	for i, k := range keys {
		index[k] = i
	}
	calls := make([][]int, len(keys))
	for i := range keys {
		for _, c := range callees[i] {
			if j, ok := index[c]; ok && j != i {
				calls[i] = append(calls[i], j)
			}
		}
	}
	scc := components(calls)
	for i := range keys {
		for _, j := range calls[i] {
			if scc[j] != scc[i] {
				p.deps[i] = append(p.deps[i], j)
			}
		}
	}
	return p
}

// components numbers the strongly connected components of a graph
// (Tarjan's algorithm): scc[i] == scc[j] when i and j reach each other.
// Waiting only across components, the analyses' order is acyclic even where
// the programs of two targets see different interface implementations.
func components(edges [][]int) []int {
	n := len(edges)
	index, low, scc := make([]int, n), make([]int, n), make([]int, n)
	onStack := make([]bool, n)
	for i := range index {
		index[i], scc[i] = -1, -1
	}
	var stack []int
	next, comps := 0, 0
	var visit func(v int)
	visit = func(v int) {
		index[v], low[v] = next, next
		next++
		stack = append(stack, v)
		onStack[v] = true
		for _, w := range edges[v] {
			switch {
			case index[w] < 0:
				visit(w)
				low[v] = min(low[v], low[w])
			case onStack[w]:
				low[v] = min(low[v], index[w])
			}
		}
		if low[v] == index[v] {
			for {
				w := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				onStack[w] = false
				scc[w] = comps
				if w == v {
					break
				}
			}
			comps++
		}
	}
	for v := range edges {
		if index[v] < 0 {
			visit(v)
		}
	}
	return scc
}

// Deps returns the targets target i waits for.
func (p *Plan) Deps(i int) []int { return p.deps[i] }

// Given returns what target i's analysis takes over from the results of
// the targets it waits for (results indexed like the targets; nil for a
// failed analysis): every outcome one of them covered with its own case,
// and every unreachable verdict that holds in every caller. The first
// target in order that decided an outcome names it.
func (p *Plan) Given(i int, results []*Result) []search.Given {
	var gs []search.Given
	for _, j := range p.deps[i] {
		r := results[j]
		if r == nil {
			continue
		}
		for _, b := range r.Branches {
			if b.DecidedIn != "" || b.Outcome == search.EntryOutcome {
				continue
			}
			var g search.Branch
			switch {
			case len(b.Tests) > 0: // the package's own tests cover it: so for every caller
				gs = append(gs, search.Given{Pos: b.Pos, Outcome: b.Outcome, Branch: search.Branch{Verdict: report.Covered, Tests: b.Tests}})
				continue
			case b.Verdict == report.Covered:
				g = search.Branch{Verdict: report.Covered}
			case b.Verdict == report.Unreachable && b.HoldsInCallers:
				g = b
			default:
				continue
			}
			g.DecidedIn = r.Function
			gs = append(gs, search.Given{Pos: b.Pos, Outcome: b.Outcome, Branch: g})
		}
	}
	return gs
}

// holdsInCallers reports whether the unreachable verdicts of t's analysis
// on t's own branches hold for every call of t, whoever the caller: t has
// no precondition, its parameters are of types whose every value its
// analysis considers (booleans, numbers, strings, and arrays and structs
// of them: no pointer, slice, map, interface or function a caller could
// make alias, point into the package state or hold another type), and
// neither t nor anything it may call uses a package-level variable of any
// package (a caller may have set one before the call). Its behaviour then
// depends on its arguments alone, and every argument is in its domain.
func holdsInCallers(t Target) bool {
	if t.Assume != nil || t.Func.NumFree > 0 {
		return false
	}
	for _, p := range t.Func.Params {
		if !closedType(p.Typ) {
			return false
		}
	}
	for _, f := range ir.Callees(t.Func) {
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				for _, op := range in.Operands() {
					if _, ok := op.(*ir.Global); ok {
						return false
					}
				}
			}
		}
	}
	return true
}

// closedType reports whether every value of t is an input the engine
// considers: a value with no reference in it.
func closedType(t *ir.Type) bool {
	switch t.Kind {
	case ir.KBool, ir.KInt, ir.KFloat, ir.KString:
		return true
	case ir.KArray:
		return closedType(t.Elem)
	case ir.KStruct:
		for _, f := range t.Fields {
			if !closedType(f.Type) {
				return false
			}
		}
		return true
	case ir.KPointer, ir.KSlice, ir.KMap, ir.KInterface, ir.KFunc, ir.KTuple, ir.KIter:
		return false
	}
	panic(fmt.Sprintf("analysis: type kind %d", t.Kind))
}

// takeOver completes a result with what dedup needs: the unreachable
// verdicts that hold in callers are marked, and an objective given as
// unreachable that a case of this function covers is said loudly (a proof
// was wrong). It returns the loud lines.
func (a *analysis) takeOver(r *search.Result) []string {
	holds := holdsInCallers(a.t)
	given := map[string]search.Given{}
	for _, g := range a.cfg.Given {
		given[g.Pos.String()+" "+g.Outcome] = g
	}
	var loud []string
	for i := range r.Branches {
		b := &r.Branches[i]
		o := a.s.Objectives[i]
		if b.Verdict == report.Unreachable && b.DecidedIn == "" && holds && o.Func == a.t.Func {
			b.HoldsInCallers = true
		}
		if g, ok := given[b.Pos.String()+" "+b.Outcome]; ok && b.Verdict == report.Covered && g.Branch.Verdict == report.Unreachable {
			loud = append(loud, fmt.Sprintf("ENGINE WAS WRONG: %s %s claimed unreachable in %s, covered by %s's case %q", b.Pos, b.Outcome, g.Branch.DecidedIn, r.Function, b.Case))
		}
	}
	return loud
}
