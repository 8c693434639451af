// The concolic interpreter: runs an IR function on concrete inputs and records the path.

package engine

import (
	"fmt"

	"leapfrog/internal/cfg"
	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
	"leapfrog/internal/report"
)

// Engine runs IR functions concolically. It is not safe for concurrent use; the
// Builder it holds may be shared.
type Engine struct {
	B        *expr.Builder
	KBound   int          // iterations of a loop (per entry) whose branches may still be flipped
	MaxSteps int          // instructions per run before the run is abandoned
	LoopCfg  LoopSettings // per-loop bounds and models (loops.go)

	// Merge, when set, merges loop-free regions (pm strategy; merge.go).
	Merge *Merger
	// States, when set, numbers the machine state at every step (Step.State;
	// state.go).
	States *States

	loops map[*ir.Function]*loopInfo
	ooc   map[LoopID][]OOCVar // fresh symbols of out-of-context iterations (models.go)
}

// New returns an engine with the given loop bound.
func New(b *expr.Builder, kbound int) *Engine {
	return &Engine{B: b, KBound: kbound, MaxSteps: 1_000_000, loops: make(map[*ir.Function]*loopInfo)}
}

// Step is one executed branch instance.
type Step struct {
	If    *ir.If
	Taken bool       // true: Succs[0] (the condition held)
	Cond  *expr.Term // the constraint of the direction taken; nil when the condition was concrete
	// Flippable is false for concrete conditions and for instances beyond the
	// loop bound (then Bounded names the loop).
	Flippable bool
	Bounded   string
	BoundLoop LoopID // with Bounded: the loop; BoundIter its iteration (-1: models)
	BoundIter int
	Depth     int // call depth (0: the function under test)
	// State numbers the machine state at the branch instance, before the
	// branch (Engine.States; 0 when not numbered): equal numbers, equal
	// continuations.
	State int
}

// Path is the record of one run.
type Path struct {
	Steps   []Step
	Inputs  []report.Value // one per parameter (a pointer parameter: the value it points to)
	Outputs []report.Value // the results, then the final value behind a pointer receiver
	Panic   string         // the panic message, if the run panicked
	PanicAt *ir.Panic      // the Panic terminator reached
	// Aborted says why the run could not finish (no outputs then).
	Aborted string
	// Forced runs (RunForced) only: the index of the forced step whose
	// condition was constant the other way (-1: none), and whether the run
	// stopped after its last forced step.
	Conflict int
	Stopped  bool
	// Merged lists the regions executed as merged summaries (Engine.Merge).
	Merged []MergedRegion
}

// Bounded reports the first loop-bound reason in the path, or "".
func (p *Path) Bounded() string {
	for _, s := range p.Steps {
		if s.Bounded != "" {
			return s.Bounded
		}
	}
	return ""
}

// runError aborts a run: the engine met something it cannot model.
type runError string

type frame struct {
	fn    *ir.Function
	vals  map[ir.Value]val
	iters map[*ir.Block]int // iteration count of each active loop header
	call  *ir.Call          // the call this frame waits on (state numbers)
}

type machine struct {
	*Engine
	path   *Path
	steps  int
	forced []bool // RunForced: the directions of the first steps
	force  bool
	// mergeAfter (RunForcedMerged): go on after the forced steps, merging.
	mergeAfter bool
	guide      Guide    // RunGuided: the directions after the forced steps
	stack      []*frame // the active frames, outermost first
	root       *ir.Function
	missed     *LoopID   // a loop entered outside its models (loops.go)
	ooc        *cfg.Loop // out-of-context iteration of this loop (models.go)
	oocModel   map[string]uint64
}

// stopRun ends a forced run after its last forced step.
type stopRun struct{}

// InputNames returns the variable names of fn's inputs, in parameter order, for
// parameters of scalar type; aggregates use name.f and name[i].
func InputName(p *ir.Param) string { return p.Ident }

// Run executes fn on the inputs given by model (variable name → bits; missing
// variables are 0) and returns the path.
func (e *Engine) Run(fn *ir.Function, model map[string]uint64) (path *Path) {
	return e.run(fn, model, nil, false)
}

// RunForced executes fn symbolically along a given branch sequence: the i-th
// branch instance goes the way dirs[i] says, whatever the concrete values, and
// the run stops right after the last one. The steps' constraints are the path
// condition of that sequence (the concrete values are meaningless beyond the
// first step the model does not satisfy). When a forced step's condition is
// constant the other way, the run stops there with Path.Conflict set to its
// index. The step after the last forced one is recorded too (its direction is
// meaningless, its condition is not): it tells which branch instance comes
// next, so that a suffix can be extended one branch at a time. A run that ends
// before has fewer steps (Stopped false). Used to build the path condition of a
// suffix that no run took yet.
func (e *Engine) RunForced(fn *ir.Function, model map[string]uint64, dirs []bool) *Path {
	return e.run(fn, model, dirs, true)
}

// RunForcedMerged is RunForced that does not stop after the forced steps: it
// goes on to the end of the function, merging the loop-free regions it meets
// with merger (path merging) and following the (meaningless) concrete values
// at the other branches, whose constraints the path records. The obligations
// of the merged regions after the forced steps then say, over the inputs, when
// each branch outcome there is taken after the forced prefix: TreeFrog uses
// them to solve for an uncovered branch beyond a flipped side in one query.
func (e *Engine) RunForcedMerged(fn *ir.Function, model map[string]uint64, dirs []bool, merger *Merger) *Path {
	saved := e.Merge
	e.Merge = merger
	defer func() { e.Merge = saved }()
	return e.runMode(fn, model, dirs, true, true)
}

// Guide chooses the direction of a branch instance in a guided run
// (RunGuided). It is given the index of the step in the path and the step as
// it would be recorded if the run followed the concrete values (Taken, and
// Cond for that direction; Cond nil when the condition is constant, then only
// that direction exists). It returns the direction to take, or stop to end
// the run right after recording this step as it is (the run is then Stopped).
// Choosing the other direction of a constant condition ends the run with
// Path.Conflict set to the step's index.
type Guide func(k int, st *Step) (dir bool, stop bool)

// RunGuided is RunForced that does not stop after the forced steps: from
// then on, guide chooses the direction of each branch instance (and of the
// model constraint at a loop's entry), so that one run follows a whole
// suffix chosen branch by branch (TreeFrog's suffix enumeration). The run
// ends when the function returns or panics, when guide says stop, or on a
// conflict.
func (e *Engine) RunGuided(fn *ir.Function, model map[string]uint64, dirs []bool, guide Guide) *Path {
	m := e.newMachine(fn, dirs, true, false)
	m.guide = guide
	return m.start(fn, model)
}

func (e *Engine) run(fn *ir.Function, model map[string]uint64, dirs []bool, force bool) (path *Path) {
	return e.runMode(fn, model, dirs, force, false)
}

func (e *Engine) newMachine(fn *ir.Function, dirs []bool, force, mergeAfter bool) *machine {
	return &machine{Engine: e, path: &Path{Conflict: -1}, forced: dirs, force: force, mergeAfter: mergeAfter, root: fn}
}

func (e *Engine) runMode(fn *ir.Function, model map[string]uint64, dirs []bool, force, mergeAfter bool) (path *Path) {
	return e.newMachine(fn, dirs, force, mergeAfter).start(fn, model)
}

// start runs the machine on fn from its entry.
func (m *machine) start(fn *ir.Function, model map[string]uint64) (path *Path) {
	e := m.Engine
	args := make([]val, len(fn.Params))
	var recv *object
	for i, p := range fn.Params {
		t := p.Typ
		if t.Kind == ir.KPointer {
			obj := &object{v: e.symbolic(p.Ident, t.Elem, model)}
			args[i] = &ptr{obj: obj}
			if i == 0 {
				recv = obj
			}
			m.path.Inputs = append(m.path.Inputs, concrete(obj.v, t.Elem))
			continue
		}
		args[i] = e.symbolic(p.Ident, t, model)
		m.path.Inputs = append(m.path.Inputs, concrete(args[i], t))
	}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(stopRun); ok {
				m.path.Stopped = true
				path = m.path
				return
			}
			msg, ok := r.(runError)
			if !ok {
				panic(r)
			}
			m.path.Aborted = string(msg)
			path = m.path
		}
	}()
	results, panicked := m.call(fn, args, 0)
	if panicked {
		return m.path
	}
	for i, t := range fn.Results {
		m.path.Outputs = append(m.path.Outputs, concrete(results[i], t))
	}
	if recv != nil {
		m.path.Outputs = append(m.path.Outputs, concrete(recv.v, fn.Params[0].Typ.Elem))
	}
	return m.path
}

// call runs fn; it reports whether the run panicked.
func (m *machine) call(fn *ir.Function, args []val, depth int) ([]val, bool) {
	if depth > 200 {
		panic(runError("call depth above 200 (recursion)"))
	}
	fr := &frame{fn: fn, vals: make(map[ir.Value]val), iters: make(map[*ir.Block]int)}
	for i, p := range fn.Params {
		fr.vals[p] = args[i]
	}
	m.stack = append(m.stack, fr)
	defer func() { m.stack = m.stack[:len(m.stack)-1] }()
	li := m.loopInfo(fn)
	var prev *ir.Block
	b := fn.Blocks[0]
	if m.ooc != nil && depth == 0 {
		b = m.ooc.Header
	}
	for {
		if prev != nil && m.oocStop(fn, b, depth) {
			panic(stopRun{})
		}
		// Phis read their edges simultaneously.
		if prev != nil {
			k := predIndex(b, prev)
			var phis []val
			for _, in := range b.Instrs {
				phi, ok := in.(*ir.Phi)
				if !ok {
					break
				}
				phis = append(phis, m.get(fr, phi.Edges[k]))
			}
			for i, v := range phis {
				fr.vals[b.Instrs[i].(*ir.Phi)] = v
			}
			if l := li.loopOf[b]; l != nil {
				if li.back[edge{prev, b}] {
					fr.iters[b]++
				} else {
					fr.iters[b] = 0
					m.enterLoop(li, fr, l, depth)
				}
			}
		}
		if x := m.merged(fr, b, depth); x != nil {
			prev, b = nil, x
			continue
		}
		var next *ir.Block
		for _, in := range b.Instrs {
			m.steps++
			if m.steps > m.MaxSteps {
				panic(runError(fmt.Sprintf("more than %d instructions executed", m.MaxSteps)))
			}
			switch in := in.(type) {
			case *ir.Phi:
				// done above
			case *ir.If:
				c := m.get(fr, in.Cond).(*scalar)
				taken := c.c == 1
				k := len(m.path.Steps)
				if m.force && k < len(m.forced) {
					if c.s == nil && taken != m.forced[k] {
						m.path.Conflict = k
						panic(stopRun{})
					}
					taken = m.forced[k]
				}
				mkStep := func(taken bool) Step {
					st := Step{If: in, Taken: taken, Depth: depth}
					if c.s != nil {
						st.Cond = c.s
						if !taken {
							st.Cond = m.B.Not(c.s)
						}
						st.Flippable = true
						m.markStep(li, fr, b, &st)
					}
					return st
				}
				st := mkStep(taken)
				if m.States != nil {
					st.State = m.States.number(m, in, b)
				}
				if m.guide != nil && k >= len(m.forced) {
					st = m.guided(k, st, c.s == nil, mkStep)
					taken = st.Taken
				}
				m.path.Steps = append(m.path.Steps, st)
				if m.force && !m.mergeAfter && m.guide == nil && len(m.path.Steps) == len(m.forced)+1 {
					panic(stopRun{}) // the step after the forced ones is only peeked at
				}
				if taken {
					next = b.Succs[0]
				} else {
					next = b.Succs[1]
				}
			case *ir.Jump:
				next = b.Succs[0]
			case *ir.Return:
				res := make([]val, len(in.Results))
				for i, r := range in.Results {
					res[i] = m.get(fr, r)
				}
				return res, false
			case *ir.Panic:
				m.path.Panic = in.Msg
				if in.Kind == ir.ExplicitPanic && in.Msg == "" {
					m.path.Panic = "panic"
				}
				m.path.PanicAt = in
				return nil, true
			default:
				v, panicked := m.exec(fr, in, depth)
				if panicked {
					return nil, true
				}
				if v != nil {
					fr.vals[in.(ir.Value)] = v
				}
			}
		}
		prev, b = b, next
	}
}

// guided asks the guide for the direction of step k, st as the concrete
// values take it (constant: its condition is constant), and returns the
// step to record, rebuilt by remake for another direction; it ends the run
// when the guide says stop, or on the other side of a constant condition.
func (m *machine) guided(k int, st Step, constant bool, remake func(bool) Step) Step {
	dir, stop := m.guide(k, &st)
	if stop {
		m.path.Steps = append(m.path.Steps, st)
		panic(stopRun{})
	}
	if dir != st.Taken {
		if constant {
			m.path.Conflict = k
			panic(stopRun{})
		}
		state := st.State
		st = remake(dir)
		st.State = state
	}
	return st
}

func predIndex(b, pred *ir.Block) int {
	for i, p := range b.Preds {
		if p == pred {
			return i
		}
	}
	panic(fmt.Sprintf("engine: b%d is not a predecessor of b%d", pred.Index, b.Index))
}

// get returns the run-time value of an operand.
func (m *machine) get(fr *frame, v ir.Value) val {
	switch v := v.(type) {
	case *ir.Const:
		if v.Typ.Kind == ir.KPointer {
			return &ptr{}
		}
		return &scalar{c: v.Val, width: widthOf(v.Typ)}
	}
	x, ok := fr.vals[v]
	if !ok {
		if x, ok := m.oocValue(fr, v); ok {
			return x
		}
		panic(fmt.Sprintf("engine: %s used before definition in %s", v.Name(), fr.fn.Name))
	}
	return x
}
