// The concolic interpreter: runs an IR function on concrete inputs and records the path.

package engine

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"leapfrog/internal/cfg"
	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
	"leapfrog/internal/summary"
)

// Engine runs IR functions concolically. It is not safe for concurrent use; the
// Builder it holds may be shared.
type Engine struct {
	B        *expr.Builder
	KBound   int // iterations of a loop (per entry) whose branches may still be flipped
	MaxSteps int // instructions per run before the run is abandoned
	// Deadline, when set, abandons a run still going at that time: a single
	// run over large symbolic data can outlast the function's budget.
	Deadline time.Time
	MaxLen   int          // elements of an input string, slice or map; levels of a recursive input
	LoopCfg  LoopSettings // per-loop bounds and models (loops.go)
	// Assume maps a function to its precondition (a function of the same
	// parameters returning bool): a run of the function first runs it, and
	// an input for which it is false is outside the domain.
	Assume map[*ir.Function]*ir.Function
	// PrePaths bounds the paths of a precondition enumerated into one exact
	// formula (PreconditionFormula); beyond, it runs branch by branch.
	PrePaths int

	// NoSummaries turns the summaries of the standard library's string
	// and rune functions off (summaries.go): they are interpreted.
	NoSummaries bool

	// Merge, when set, merges loop-free regions (pm strategy; merge.go).
	Merge *Merger
	// States, when set, numbers the machine state at every step (Step.State;
	// state.go).
	States *States

	loops   map[*ir.Function]*loopInfo
	code    map[*ir.Function]*code
	ooc     map[LoopID][]OOCVar // fresh symbols of out-of-context iterations (models.go)
	pseudo  map[pseudoKey]*ir.If
	globals map[*ir.Program]*globalState
	pres    map[*ir.Function]*preFormula // preconditions as formulas (precondition.go)
	consts  map[*ir.Const]val
	cands   map[*ir.Type][]*ir.DynType     // interface inputs' candidates (ifaces.go)
	dynOf   map[progType]*ir.DynType       // the dynamic type of each type fmt boxes (fmt.go)
	ncands  map[*ir.Type]int               // how many of them a test can construct
	sents   map[*ir.Type][]sentinelCand    // the package-level variables they may hold (sentinels.go)
	summ    map[*ir.Function]*summary.Func // the summary of each callee, nil for none (summaries.go)
	classes map[classKey]*expr.Term        // rune classes applied to rune terms (summaries_class.go)
	kB      *expr.Builder                  // the builder of kterms
	kterms  *[5][256]*expr.Term            // small constant terms by width (constTerm)
	// stepHint is the longest path so far: the capacity a run's steps
	// start with.
	stepHint int
}

// DefaultMaxLen bounds input sizes unless told otherwise (see the README).
const DefaultMaxLen = 8

// New returns an engine with the given loop bound.
func New(b *expr.Builder, kbound int) *Engine {
	return &Engine{B: b, KBound: kbound, MaxSteps: 1_000_000, MaxLen: DefaultMaxLen, PrePaths: DefaultPrePaths,
		loops: map[*ir.Function]*loopInfo{}, code: map[*ir.Function]*code{}, pseudo: map[pseudoKey]*ir.If{},
		globals: map[*ir.Program]*globalState{}, pres: map[*ir.Function]*preFormula{}, consts: map[*ir.Const]val{}, cands: map[*ir.Type][]*ir.DynType{}, ncands: map[*ir.Type]int{},
		sents: map[*ir.Type][]sentinelCand{}, summ: map[*ir.Function]*summary.Func{}, classes: map[classKey]*expr.Term{}}
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
	// Domain marks a step that states a fact of the input domain (DomainFact,
	// DomainBound) or the precondition (Precondition): its other side is no
	// input at all, never explored.
	Domain Domain
	// Order marks a step taken after a range over a map chose an order of
	// its entries that Go may not choose, or after the run came to depend
	// on another value a test cannot fix (Unfixed says which: fmt printed
	// a pointer's address): a test cannot rely on it.
	Order   bool
	Unfixed string
	// State numbers the machine state at the branch instance, before the
	// branch (Engine.States; 0 when not numbered): equal numbers, equal
	// continuations.
	State int
}

// OrderReason is the reason of a side left open because the run depends on
// the order of a range over a map.
const OrderReason = "depends on the order of a range over a map (random in Go)"

// UnfixedReason is the reason of the other side of a step taken after the
// run came to depend on what Go does not fix (Order).
func (st Step) UnfixedReason() string {
	if st.Unfixed != "" {
		return st.Unfixed
	}
	return OrderReason
}

// Domain says what kind of input-domain statement a step is.
type Domain uint8

const (
	NoDomain     Domain = iota
	DomainFact          // true of every input (a nil slice is empty, map keys are distinct)
	DomainBound         // a bound on input sizes (MaxLen): a refutation that needs it is not a proof
	Precondition        // the target's //leapfrog:assume
)

// Path is the record of one run.
type Path struct {
	Steps   []Step
	inputs  func() []Value // made on first use (InputValues)
	once    sync.Once
	ins     []Value
	Outputs []Value   // the results, then the final value behind each pointer, slice or map parameter
	Panic   string    // the panic message, if the run panicked
	PanicAt *ir.Panic // the Panic terminator reached
	// PanicType, when the run panicked with a value whose message the
	// engine cannot render (Panic is then "panic"), is the value's dynamic
	// type (defer.go).
	PanicType string
	// Recovered lists the explicit panics deferred calls recovered (the
	// run went on).
	Recovered []RecoveredPanic
	// Aborted says why the run could not finish (no outputs then).
	Aborted string
	// Excluded says why the input is outside the domain (a precondition or
	// a domain fact is false): the run stopped at that step, with no case.
	Excluded string
	// Forced runs (RunForced) only: the index of the forced step whose
	// condition was constant the other way (-1: none), and whether the run
	// stopped after its last forced step.
	Conflict int
	Stopped  bool
	// Merged lists the regions executed as merged summaries (Engine.Merge).
	Merged []MergedRegion
	// Instructions is the number of instructions executed.
	Instructions int
	// nilDefault holds the nil variables the run made that are true when
	// the model lacks them (ir.InputPath.NilByDefault); defaults the other
	// variables whose value the model lacks is not 0 (a stub Writer's n).
	nilDefault map[string]bool
	defaults   map[string]uint64
	// constructed are the paths of the values a constructor the test calls
	// builds (ir.Constructors): their unwritable fields are the
	// constructor's to set, not bounded to zero (inputs.go).
	constructed map[string]bool
	// stubs are the run's stubs by path (stubs.go): what they were asked.
	stubs map[string]*stubState
	// Env lists the environment variables the run read, in order, as
	// the case must fix them (env.go).
	Env []EnvVar
	// seamVals are the seams the run called (Seams, seams.go).
	seamVals []Seam
}

// InputValues returns the report form of the run's inputs, one per
// parameter: what the emitted test constructs. It is computed on first use
// (most runs never become a test); it is safe for concurrent use.
func (p *Path) InputValues() []Value {
	p.once.Do(func() {
		if p.inputs != nil {
			p.ins = p.inputs()
		}
	})
	return p.ins
}

// Panicked reports whether the run ended in a panic (Panic, PanicType).
func (p *Path) Panicked() bool { return p.PanicAt != nil }

// Bounded reports the first loop-bound reason in the path, or "".
func (p *Path) Bounded() string {
	for _, s := range p.Steps {
		if s.Bounded != "" {
			return s.Bounded
		}
	}
	return ""
}

// TimedOut reports whether the run was abandoned at the engine's deadline.
func (p *Path) TimedOut() bool { return strings.HasPrefix(p.Aborted, timeoutAbort) }

// timeoutAbort starts the reason of a run abandoned at the deadline.
const timeoutAbort = "timeout:"

// runError aborts a run: the engine met something it cannot model.
type runError string

// checkDeadline abandons the run when the engine's deadline has passed.
func (m *machine) checkDeadline() {
	if !m.Deadline.IsZero() && time.Now().After(m.Deadline) {
		panic(runError(timeoutAbort + " the budget ran out during a run"))
	}
}

// excluded stops a run whose input is outside the domain.
type excluded string

type frame struct {
	fn    *ir.Function
	code  *code
	slots []val
	iters []int    // iteration count of each active loop header, by block index
	call  ir.Instr // the call (invoke, callv, rundefers, panic) this frame waits on (state numbers)
	// defers are the deferred calls registered so far (defer.go);
	// unwinding, for a deferred call run while a panic unwinds its
	// caller, is that panic (recover stops it).
	defers    []deferred
	unwinding *panicState
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
	stack      []*frame // the active frames, outermost first (state numbers)
	root       *ir.Function
	model      map[string]uint64
	missed     *LoopID   // a loop entered outside its models (loops.go)
	ooc        *cfg.Loop // out-of-context iteration of this loop (models.go)
	oocModel   map[string]uint64
	globals    []*object // this run's package-level variables (nil: not initialised yet)
	sharedObjs []*object // every object of the run's package state (globals and what they reach)
	written    bool      // an object of sharedObjs was written (pristine: never false again)
	at         *ir.Block // the block being executed
	orderDep   bool      // a range over a map chose an order Go may not choose
	unfixed    string    // why the run from here depends on what a test cannot fix (fmt.go), or ""
	// unfixedVars: fmt tainted a text under what a test cannot fix
	// (fmt.go): a branch on it makes the run unfixed.
	unfixedVars bool
	unfixedMemo map[*expr.Term]string // (fmt.go)
	addrs       map[any]uint64        // the addresses fmt printed, by object (fmt.go)
	merging     bool                  // inside a merged region: no step may be recorded
	anyN        int                   // fresh "any" variables made so far (anyLike)
	anyTag      string                // in their names: "pre" in a precondition's enumeration, whose formula outlives the run
	extN        int                   // fresh variables of externals' results made so far (externals.go)
	capOpts     map[*expr.Term][]int  // the capacities gc can give, of a tainted capacity variable, for this run's input (convcap.go)
	capSym      map[*expr.Term]bool   // capOpts that depend on a symbolic length (convcap.go)
	inInit      bool                  // the package initializer's run (globals.go): no steps on what is not an input
	capFloor    int                   // 1 + the smallest ID of a tainted capacity variable of the run, or 0 (convcap.go)
	capMemo     map[*expr.Term]string // (convcap.go)
	clockN      int                   // readings of the clock made so far (env.go)
	clockSeams  int                   // calls of time.Now through a function value under way (env.go)
	randN       int                   // random numbers drawn so far (env.go)
	env         map[string]envInput   // the environment variables read so far, by name (env.go)
	ret         [1]val                // the result of the last call with one result (callFrame)
	// panic is the panic being unwound, nil when none; deferring is the
	// panic the next frame is a deferred call for (defer.go).
	panic, deferring *panicState
}

// stopRun ends a forced run after its last forced step.
type stopRun struct{}

// InputName returns the variable name of a parameter's input.
func InputName(p *ir.Param) string { return p.Ident }

// Run executes fn on the inputs given by model (variable name → bits; missing
// variables take their defaults) and returns the path.
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
	return e.start(fn, model, dirs, true, false, guide)
}

func (e *Engine) run(fn *ir.Function, model map[string]uint64, dirs []bool, force bool) (path *Path) {
	return e.runMode(fn, model, dirs, force, false)
}

func (e *Engine) runMode(fn *ir.Function, model map[string]uint64, dirs []bool, force, mergeAfter bool) (path *Path) {
	return e.start(fn, model, dirs, force, mergeAfter, nil)
}

// start runs fn from its entry.
func (e *Engine) start(fn *ir.Function, model map[string]uint64, dirs []bool, force, mergeAfter bool, guide Guide) (path *Path) {
	m := &machine{Engine: e, path: &Path{Conflict: -1, Steps: make([]Step, 0, e.stepHint)}, forced: dirs, force: force, mergeAfter: mergeAfter, guide: guide, root: fn, model: model,
		stack: make([]*frame, 0, 8)}
	defer func() {
		m.path.Instructions = m.steps
		if n := len(m.path.Steps); n > e.stepHint {
			e.stepHint = n
		}
		if r := recover(); r != nil {
			switch r := r.(type) {
			case stopRun:
				m.path.Stopped = true
			case runError:
				m.path.Aborted = string(r)
			case excluded:
				m.path.Excluded = string(r)
			default:
				panic(r)
			}
			path = m.path
		}
	}()
	args := m.inputs(fn)
	if pre := e.Assume[fn]; pre != nil {
		m.precondition(pre, args)
	}
	m.path.inputs = func() []Value {
		rm := &machine{Engine: e, model: model, root: fn, path: m.path}
		ins := make([]Value, len(fn.Params))
		for i, p := range fn.Params {
			ins[i] = rm.reportInput(ir.ParamPath(p.Ident), p.Typ, 0)
		}
		m.path.seamVals = rm.reportSeams() // seams.go
		return ins
	}
	results, panicked := m.call(fn, args, 0)
	if panicked {
		why := m.unfixed
		if why == "" && m.panic != nil {
			why = m.unfixedIn(m.panic.value)
		}
		if why != "" {
			// A panic recovered on the way (fmt's of a String method) is
			// fine; one that escapes may say what a test cannot fix.
			panic(runError("panics after " + why[len("depends on "):]))
		}
		m.finishPanic()
		return m.path
	}
	for i, t := range fn.Results {
		m.path.Outputs = append(m.path.Outputs, m.report(results[i], t))
	}
	for i, p := range fn.Params {
		switch {
		case p.Typ.Kind == ir.KPointer && p.Typ.Opaque: // a channel (lower's chans.go), nil: nothing behind it
		case p.Typ.Kind == ir.KPointer, p.Typ.Kind == ir.KSlice, p.Typ.Kind == ir.KMap:
			m.path.Outputs = append(m.path.Outputs, m.report(args[i], p.Typ))
		}
	}
	return m.path
}

// call runs fn; it reports whether the run panicked.
func (m *machine) call(fn *ir.Function, args []val, depth int) ([]val, bool) {
	if fn.External {
		return m.callExternal(fn, nil, args), false
	}
	if f := m.summaryOf(fn); f != nil && depth > 0 {
		return m.callSummary(f, fn, args), false
	}
	fr := m.newFrame(fn)
	copy(fr.slots, args)
	return m.callFrame(fr, depth)
}

// callFrame runs the function of fr, whose parameter slots are set; it
// reports whether the run panicked. A frame that returns goes back to the
// engine's pool.
func (m *machine) callFrame(fr *frame, depth int) (res []val, panicked bool) {
	if depth > 200 {
		panic(runError("call depth above 200 (recursion)"))
	}
	fn := fr.fn
	fr.unwinding, m.deferring = m.deferring, nil
	m.stack = append(m.stack, fr)
	defer func() {
		m.stack = m.stack[:len(m.stack)-1]
		if !panicked {
			m.freeFrame(fr)
		}
	}()
	li := fr.code.li
	var prev *ir.Block
	b := fn.Blocks[0]
	if m.ooc != nil && depth == 0 {
		b = m.ooc.Header
	}
	for {
		if prev != nil && m.oocStop(fn, b, depth) {
			panic(stopRun{})
		}
		cb := &fr.code.blocks[b.Index]
		m.steps += len(cb.phis) // counted as instructions, as the block holds them
		// Phis read their edges simultaneously.
		if prev != nil {
			if len(cb.phis) > 0 {
				k := predIndex(b, prev)
				vals := make([]val, len(cb.phis))
				for i, ph := range cb.phis {
					vals[i] = m.operand(fr, ph.edges[k])
				}
				for i, ph := range cb.phis {
					fr.slots[ph.dst] = vals[i]
				}
			}
			if l := cb.header; l != nil {
				if slices.Contains(cb.back, prev) {
					fr.iters[b.Index]++
				} else {
					fr.iters[b.Index] = 0
					m.enterLoop(li, fr, l, depth)
				}
			}
		}
		if x := m.merged(fr, b, depth); x != nil {
			prev, b = nil, x
			continue
		}
		m.at = b
		var next *ir.Block
		for i := range cb.instrs {
			ci := &cb.instrs[i]
			m.steps++
			if m.steps > m.MaxSteps {
				panic(runError(fmt.Sprintf("more than %d instructions executed", m.MaxSteps)))
			}
			if m.steps&1023 == 0 {
				m.checkDeadline()
			}
			switch in := ci.in.(type) {
			case *ir.If:
				c := m.argsFacts(clockFacts(fr.fn, m.operand(fr, ci.ops[0]).(*scalar))) // env.go, args.go
				taken := m.branchIn(in, c, depth, li, fr, b)
				if taken {
					next = b.Succs[0]
				} else {
					next = b.Succs[1]
				}
			case *ir.Jump:
				next = b.Succs[0]
			case *ir.Return:
				// One result goes back in m.ret: every caller takes
				// res[0] before anything else runs.
				res := m.ret[:]
				if len(ci.ops) != 1 {
					res = make([]val, len(ci.ops))
				}
				for i, op := range ci.ops {
					res[i] = m.operand(fr, op)
				}
				return res, false
			case *ir.Panic:
				return m.raise(fr, in, depth) // defer.go: deferred calls may recover it
			default:
				m.at = b
				v, panicked := m.exec(fr, ci, depth)
				if panicked {
					return m.unwind(fr, depth)
				}
				if ci.dst >= 0 {
					fr.slots[ci.dst] = v
				}
			}
		}
		prev, b = b, next
	}
}

// branch records the step of the internal If in on condition c and returns
// the direction taken (flippable whenever symbolic).
func (m *machine) branch(in *ir.If, c *scalar, depth int) bool {
	return m.branchIn(in, c, depth, nil, nil, nil)
}

// branchIn records the step of If in on condition c, executed in block b of
// frame fr (nil for an internal decision), and returns the direction
// taken. Loop bounds and models decide the step's flippability.
func (m *machine) branchIn(in *ir.If, c *scalar, depth int, li *loopInfo, fr *frame, b *ir.Block) bool {
	taken := c.c == 1
	if k := len(m.path.Steps); m.force && k < len(m.forced) {
		if c.s == nil && taken != m.forced[k] {
			m.path.Conflict = k
			panic(stopRun{})
		}
		taken = m.forced[k]
	}
	st := m.makeStep(in, c, taken, depth, li, fr, b)
	if m.States != nil && fr != nil {
		st.State = m.States.number(m, in, b)
	}
	if k := len(m.path.Steps); m.guide != nil && k >= len(m.forced) {
		st = m.guided(k, st, c.s == nil, func(dir bool) Step { return m.makeStep(in, c, dir, depth, li, fr, b) })
		taken = st.Taken
	}
	m.addStep(st)
	return taken
}

// makeStep is the step of If in on condition c taken the way dir says.
func (m *machine) makeStep(in *ir.If, c *scalar, dir bool, depth int, li *loopInfo, fr *frame, b *ir.Block) Step {
	if m.unfixedVars && c.s != nil && m.unfixed == "" {
		m.unfixed = m.unfixedOf(c.s) // this branch goes where an address (or ...) takes it
	}
	if m.capFloor > 0 && c.s != nil && m.unfixed == "" {
		if key := m.capKey(c.s); key != "" && !m.capDecided(c.s, c.c) {
			m.unfixed = unfixedReason(key) // or a conversion's capacity (convcap.go)
		}
	}
	st := Step{If: in, Taken: dir, Depth: depth, Order: m.orderDep || m.unfixed != "", Unfixed: m.unfixed}
	if c.s != nil {
		st.Cond = c.s
		if !dir {
			st.Cond = m.B.Not(c.s)
		}
		st.Flippable = true
		if fr != nil {
			m.markStep(li, fr, b, &st)
		}
		if st.Order && st.Flippable {
			st.Flippable, st.Bounded = false, st.UnfixedReason()
		}
	}
	return st
}

// addStep appends a step; a forced run stops after the step following its
// forced ones (that step is only peeked at).
func (m *machine) addStep(st Step) {
	if m.merging {
		panic(mergeFail("a decision inside the region"))
	}
	m.path.Steps = append(m.path.Steps, st)
	if m.force && !m.mergeAfter && m.guide == nil && len(m.path.Steps) == len(m.forced)+1 {
		panic(stopRun{}) // the step after the forced ones is only peeked at
	}
}

// addFixed appends a step whose other side is never explored (a fact of the
// input domain, a concretization): a guided run's guide sees it too, and
// asking for the other side ends the run as a constant condition would.
func (m *machine) addFixed(st Step) {
	if k := len(m.path.Steps); m.guide != nil && k >= len(m.forced) {
		st = m.guided(k, st, true, nil)
	}
	m.addStep(st)
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

// get returns the run-time value of an operand given as an IR value (the
// slow path, for the loop and merge machinery; instructions use operand).
func (m *machine) get(fr *frame, v ir.Value) val {
	return m.operand(fr, fr.code.operandOf(m.Engine, v))
}

// operand returns the run-time value of a compiled operand.
func (m *machine) operand(fr *frame, op operand) val {
	if op.slot < 0 {
		if op.global >= 0 {
			return m.global(fr.fn.Prog, op.global)
		}
		return op.c
	}
	if x := fr.slots[op.slot]; x != nil {
		return x
	}
	if x, ok := m.oocValue(fr, op.v); ok {
		return x
	}
	panic(fmt.Sprintf("engine: %s used before definition in %s", op.v.Name(), fr.fn.Name))
}

// set stores the value of an IR value defined outside the instruction
// stream (merged regions, out-of-context symbols).
func (m *machine) set(fr *frame, v ir.Value, x val) {
	fr.slots[fr.code.slotOf(v)] = x
}
