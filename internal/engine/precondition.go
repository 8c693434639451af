// Preconditions: the target's //leapfrog:assume as one exact formula over the inputs (its paths enumerated), else run branch by branch.

package engine

import (
	"fmt"

	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
)

// DefaultPrePaths is the default of Engine.PrePaths.
const DefaultPrePaths = 256

// preFormula is a precondition as a formula over the inputs: t holds
// exactly for the inputs on which the precondition returns true (nil when
// no exact formula was found; why says why).
type preFormula struct {
	t   *expr.Term
	why string
	// nilDefault holds the nil variables the enumeration's runs made that
	// are true when a model lacks them: a run evaluates t before it makes
	// the inputs t reads (pointees are made when first read).
	nilDefault map[string]bool
}

// PreconditionFormula returns the precondition of fn (Engine.Assume) as one
// formula over fn's inputs, exact: it holds for an input exactly when the
// precondition, run on it, returns true (and does not panic). It is the
// disjunction, over the paths of the precondition, of each path's
// condition and its result; the paths are enumerated by forced runs of the
// precondition alone, with no solver: a path is dropped only when a forced
// direction contradicts a constant condition, when it panics, or when its
// result is the constant false. The facts of the input domain (lengths are
// not negative, size bounds) are not in it: every run records them in steps
// of their own, before the precondition's.
//
// There is no exact formula (nil, and why) when an enumerated path holds a
// step that is not exact (beyond a loop bound, a concretized size, a
// decision that depends on a map's order), aborts, computes a result from
// concretized values (fmt printing a float, say), writes to the inputs
// or the package state, or when the precondition has more than
// Engine.PrePaths paths. An element read beyond the modelled ones (a
// symbolic index past a slice's bound) is a fresh variable, as in any run
// ("any#pre…": no run of the target names one so): the formula is exact
// on the inputs the engine models and over-approximates beyond.
// Runs then execute the precondition branch by branch: its branches are
// steps of the path, its result the Precondition step's condition on that
// path. Computed once per engine, so that every run of fn records the same
// steps.
func (e *Engine) PreconditionFormula(fn *ir.Function) (*expr.Term, string) {
	pre := e.Assume[fn]
	if pre == nil {
		return nil, "no precondition"
	}
	f := e.preFormulaOf(pre)
	return f.t, f.why
}

func (e *Engine) preFormulaOf(pre *ir.Function) *preFormula {
	if f := e.pres[pre]; f != nil {
		return f
	}
	// The enumeration's runs are no runs of the search: no state numbers,
	// no merging.
	states, merge := e.States, e.Merge
	e.States, e.Merge = nil, nil
	f := e.enumeratePre(pre)
	e.States, e.Merge = states, merge
	e.pres[pre] = f
	return f
}

// enumeratePre enumerates the paths of pre depth first: a forced run of
// the directions so far stops after peeking at the next step, whose sides
// (only the true one of a domain fact, only the one a constant condition
// takes) are pushed in turn.
func (e *Engine) enumeratePre(pre *ir.Function) *preFormula {
	var disj []*expr.Term
	stack := [][]bool{nil}
	paths := 0
	nilDefault := map[string]bool{}
	for len(stack) > 0 {
		dirs := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		r := e.preRun(pre, dirs)
		if r.why != "" {
			return &preFormula{why: r.why}
		}
		p := r.path
		for v := range p.nilDefault {
			nilDefault[v] = true
		}
		switch {
		case p.Conflict >= 0:
			continue // no input takes these directions
		case p.Stopped:
			st := p.Steps[len(dirs)]
			if why := inexactStep(st); why != "" {
				return &preFormula{why: why}
			}
			next := func(d bool) []bool { return append(append(make([]bool, 0, len(dirs)+1), dirs...), d) }
			switch {
			case st.Domain != NoDomain:
				stack = append(stack, next(true))
			case st.Cond == nil:
				stack = append(stack, next(st.Taken))
			default:
				stack = append(stack, next(true), next(false)) // false first
			}
			continue
		}
		if paths++; paths > e.PrePaths {
			return &preFormula{why: fmt.Sprintf("the precondition has more than %d paths", e.PrePaths)}
		}
		if r.result == nil {
			continue // it panics: the input is outside the domain
		}
		conj := []*expr.Term{}
		for _, st := range p.Steps {
			if st.Domain == NoDomain && st.Cond != nil {
				conj = append(conj, st.Cond)
			}
		}
		conj = append(conj, r.result)
		disj = append(disj, e.B.And(conj...))
	}
	t := e.B.Or(disj...)
	if len(disj) == 0 {
		t = e.B.BoolConst(false)
	}
	return &preFormula{t: t, nilDefault: nilDefault}
}

// inexactStep says why a step of the precondition cannot be part of an
// exact formula, or "".
func inexactStep(st Step) string {
	switch {
	case st.Order:
		return "the precondition depends on the order of a range over a map"
	case st.Bounded != "":
		return "the precondition's path is bounded: " + st.Bounded
	case st.Domain == NoDomain && st.Cond != nil && !st.Flippable:
		return "the precondition holds a decision that is not explored"
	}
	return ""
}

// preResult is one forced run of a precondition: its path, its result
// (nil when it panicked), or why it cannot be part of an exact formula.
type preResult struct {
	path   *Path
	result *expr.Term
	why    string
}

// preRun runs the precondition pre alone, forced along dirs (RunForced),
// on inputs named as the target's (its parameters carry the target's
// names).
func (e *Engine) preRun(pre *ir.Function, dirs []bool) (r preResult) {
	m := &machine{Engine: e, path: &Path{Conflict: -1}, forced: dirs, force: true, root: pre, stack: make([]*frame, 0, 8), anyTag: "pre"}
	r.path = m.path
	var args []val
	defer func() {
		if x := recover(); x != nil {
			switch x := x.(type) {
			case stopRun:
				m.path.Stopped = true
			case runError:
				r.why = "the precondition's run aborts: " + string(x)
			case excluded:
				r.why = "the precondition's run leaves the input domain: " + string(x)
			default:
				panic(x)
			}
		}
		if r.why == "" && (m.extN > 0 || wrote(m, args)) {
			r.why = "the precondition computes a result concretely (fmt), or writes to its inputs or the package state"
		}
	}()
	args = m.inputs(pre)
	res, panicked := m.call(pre, args, 0)
	if panicked {
		return r
	}
	c := res[0].(*scalar)
	r.result = c.s
	if c.s == nil {
		r.result = e.B.BoolConst(c.c == 1)
	}
	return r
}

// preModel is the run's model for the variables of f's formula, with the
// defaults of those the model lacks (the nil variables of pointees not made
// yet are known from the enumeration).
func (m *machine) preModel(f *preFormula) map[string]uint64 {
	out := map[string]uint64{}
	for _, v := range expr.Vars(f.t) {
		out[v.Name] = m.value(v.Name, v.Width, b2u(f.nilDefault[v.Name] || m.path.nilDefault[v.Name]))
	}
	return out
}

// wrote reports whether the run wrote to an object of the package state
// or one reachable from args (the inputs).
func wrote(m *machine, args []val) bool {
	if !m.pristine() && m.sharedObjs != nil {
		return true
	}
	c := &copier{seen: map[*object]*object{}}
	for _, a := range args {
		c.val(a)
	}
	for o := range c.seen {
		if o.dirty {
			return true
		}
	}
	return false
}

// precondition decides whether the input satisfies the target's
// precondition pre (a function of the target's parameters returning
// bool) and records it as a Precondition step: with an exact formula
// (PreconditionFormula), the formula evaluated on the model (pre does not
// run); otherwise pre runs on the arguments, its branches recorded as
// steps, and its result is the step's condition (the step is recorded even
// when the result is the constant true, so that the steps before it are
// known to be pre's, and when pre panics, as the constant false). The run
// goes on only when it holds.
func (m *machine) precondition(pre *ir.Function, args []val) {
	// The step's pseudo branch is at the directive.
	in := m.pseudoIf(m.root.Blocks[0], ir.Precondition, preconditionName, pre.Pos)
	if f := m.preFormulaOf(pre); f.t != nil {
		m.domain(m.root.Blocks[0], ir.Precondition, preconditionName, f.t, expr.Eval(f.t, m.preModel(f)) == 1)
		return
	}
	res, panicked := m.call(pre, args, 1)
	if panicked {
		// Recorded: on this path of the precondition, it is the constant
		// false.
		m.addFixed(Step{If: in, Taken: false, Domain: Precondition})
		panic(excluded("the precondition panics: " + m.path.Panic))
	}
	c := res[0].(*scalar)
	if c.s == nil && c.c == 1 {
		// Recorded all the same: the steps before it are the
		// precondition's, those after it the target's.
		m.addFixed(Step{If: in, Taken: true, Domain: Precondition})
		return
	}
	t := c.s
	if t == nil {
		t = m.B.BoolConst(false)
	}
	m.domain(m.root.Blocks[0], ir.Precondition, preconditionName, t, c.c == 1)
}
