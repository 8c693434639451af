// The API: Check a function's objectives with cvc5, or render one objective's query as a Script.

package indep

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"leapfrog/internal/cfg"
	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
)

// Objective is one thing to reach: side Dir of If (a check's failing side
// is Dir false), or, when If is nil, the explicit Panic.
type Objective struct {
	If    *ir.If
	Dir   bool
	Panic *ir.Panic
}

func (o Objective) String() string {
	if o.If == nil {
		return fmt.Sprintf("%s panic", o.Panic.Pos)
	}
	if o.If.Kind != ir.SourceBranch && o.If.Kind != ir.InternalBranch && !o.Dir {
		return fmt.Sprintf("%s %s", o.If.Pos, o.If.Kind.PanicMessage())
	}
	return fmt.Sprintf("%s %v", o.If.Pos, o.Dir)
}

// Status is the answer about one objective.
type Status int

const (
	Undecided   Status = iota // see Result.Reason
	Unreachable               // the query is unsat: no input reaches it
	Reachable                 // the query is sat: Result.Witness reaches it
)

func (s Status) String() string {
	return [...]string{"undecided", "unreachable", "reachable"}[s]
}

// Result is the answer about one objective.
type Result struct {
	Status  Status
	Witness map[string]uint64 // Reachable: a value for every input (bits masked to the width; bools 0/1)
	Why     Reason            // Undecided: the named reason
	Reason  string            // Undecided: its detail (where, what)
	Script  string            // the self-contained SMT-LIB2 query (unsat: the proof)
}

// Options tune Check and Script; the zero value is usable.
type Options struct {
	Unwind  int           // back-edge traversals encoded per loop entry (0: DefaultUnwind)
	Timeout time.Duration // per cvc5 query (0: DefaultTimeout)
	Budget  int           // block instances the encoding may create (0: DefaultBudget)
	Slots   int           // bytes or elements encoded of a string or slice input (0: DefaultSlots)
	CVC5    string        // the cvc5 command ("": cvc5 on $PATH, else /usr/bin/cvc5)
	// Deadline ends the re-check (zero: none): the queries not made by
	// then are undecided (BudgetSpent), and no query runs past it by more
	// than a moment (the session's time limit is what is left).
	Deadline time.Time
	// Assume is the function's precondition (//leapfrog:assume: a function
	// of its parameters returning bool; nil: none): only inputs for which it
	// returns true are inputs.
	Assume *ir.Function
}

// Defaults of Options.
const (
	DefaultUnwind  = 64
	DefaultTimeout = 10 * time.Second
	DefaultBudget  = 200000
	DefaultSlots   = 16
)

func (o Options) withDefaults() Options {
	if o.Unwind <= 0 {
		o.Unwind = DefaultUnwind
	}
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	if o.Slots <= 0 {
		o.Slots = DefaultSlots
	}
	if o.Budget <= 0 {
		o.Budget = DefaultBudget
	}
	return o
}

// reach is the condition under which the objective is reached.
func (e *encoder) reach(o Objective) *term {
	ts := e.ts
	if o.If == nil {
		if g, ok := e.panics[o.Panic]; ok {
			return g
		}
		return ts.boolConst(false)
	}
	r := ts.boolConst(false)
	for _, in := range e.ifs[o.If] {
		c := in.cond
		if !o.Dir {
			c = ts.not(c)
		}
		r = ts.or(r, ts.and(in.guard, c))
	}
	return r
}

// cutReason says why an unsat answer proves nothing when loop c may run
// longer, or a run may reach the abort c.
func (e *encoder) cutReason(c *cut) string {
	if c.why == NotModelled {
		return fmt.Sprintf("a run reaches %s at %s, where leapfrog does not model what Go does (Go goes on)", c.what(), c.pos)
	}
	if c.guard.isTrue() { // no input is needed to get there
		return fmt.Sprintf("loop %s at %s runs more than %d iterations", c.name, c.pos, e.unwind)
	}
	return fmt.Sprintf("input-dependent loop %s at %s: more than %d iterations possible", c.name, c.pos, e.unwind)
}

// smallSizes bound the sizes of the witnesses sought first: one the engine
// can replay (its inputs are at most its size bound long), then one a test
// can hold (not 2^62 bytes).
var smallSizes = []int{8, 64, 4096}

// unknownReason says why a sat answer is no witness: the paths reaching the
// objective read what the encoding does not know.
func (e *encoder) unknownReason() string {
	var sites []string
	for _, u := range e.unknowns {
		sites = append(sites, fmt.Sprintf("%s at %s", u.name, u.pos))
		if len(sites) == 3 {
			break
		}
	}
	return fmt.Sprintf("reached only through bytes or elements beyond the %d encoded (%s)", e.slots, strings.Join(sites, "; "))
}

// Script returns the self-contained SMT-LIB2 query of one objective: the
// disjunction of "the objective is reached" and of the unwinding condition
// of every loop the bound cuts. Unsat proves the objective unreachable.
func Script(fn *ir.Function, obj Objective, opts Options) (string, error) {
	if obj.If == nil && obj.Panic == nil {
		return "", fmt.Errorf("empty objective")
	}
	opts = opts.withDefaults()
	e, err := encode(fn, opts.Assume, opts, false)
	if err != nil {
		return "", err
	}
	r := e.reach(obj)
	if !r.isConst() {
		return e.script(obj), nil
	}
	if r.isFalse() {
		if script := noPath(fn, obj); script != "" {
			return script, nil
		}
	}
	k, err := encode(fn, opts.Assume, opts, true)
	if err != nil {
		return "", fmt.Errorf("the reach condition folds to a constant, and without folding: %v", err)
	}
	return k.script(obj), nil
}

func (e *encoder) script(obj Objective) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "; can %s be reached in %s? unsat: no input reaches it.\n", obj, e.root.Name)
	fmt.Fprintf(&sb, "; every path at once: callees inlined, loops unrolled up to %d iterations per entry.\n", e.unwind)
	if e.assume != nil {
		fmt.Fprintf(&sb, "; under the precondition %s: the function is entered where it returns true.\n", e.assume.Name)
	}
	sb.WriteString(cutsNote(e.cuts))
	goal := e.reach(obj)
	for _, c := range e.cuts {
		goal = e.ts.or(goal, c.guard)
	}
	return e.query(sb.String(), goal)
}

// query renders the script asserting goal, after the comment lines of
// header: the declarations goal needs, its definitions, the assertion.
func (e *encoder) query(header string, goal *term) string {
	var sb strings.Builder
	sb.WriteString(header)
	sb.WriteString("(set-logic QF_BV)\n")
	e.declarations(&sb, goal)
	p := newPrinter(&sb)
	p.define([]*term{goal})
	fmt.Fprintf(&sb, "(assert %s)\n(check-sat)\n", p.term(goal))
	return sb.String()
}

// noPath is the proof of an objective no control-flow path reaches (its
// reach condition folds to false whatever the values: a callee on the
// way always panics or never returns): the control-flow graph's
// (cfg.NoPath), which needs no unwinding. "" when there is a path: the
// condition folded for the values.
func noPath(fn *ir.Function, obj Objective) string {
	var b *ir.Block
	if obj.If != nil {
		b = obj.If.Block()
	} else {
		b = obj.Panic.Block()
	}
	script, _ := cfg.NoPath(fn, b, obj.String())
	return script
}

// varsOf is the names of the variables t reads.
func varsOf(t *term) map[string]bool {
	vars := map[string]bool{}
	seen := map[*term]bool{}
	var walk func(t *term)
	walk = func(t *term) {
		if seen[t] {
			return
		}
		seen[t] = true
		if t.op == expr.OpVar {
			vars[t.name] = true
		}
		for _, a := range t.args {
			walk(a)
		}
	}
	walk(t)
	return vars
}

// cutsNote is the script's comment line on the cuts its goal includes
// ("" when none).
func cutsNote(cuts []*cut) string {
	loops, aborts := 0, 0
	for _, c := range cuts {
		if c.why == NotModelled {
			aborts++
		} else {
			loops++
		}
	}
	var s string
	if loops > 0 {
		s += fmt.Sprintf("; the query includes the unwinding condition of the %d loops the bound cuts: unsat also proves it enough.\n", loops)
	}
	if aborts > 0 {
		s += fmt.Sprintf("; the query includes the reach condition of the %d places where leapfrog does not model what Go does: unsat also proves no run gets there.\n", aborts)
	}
	return s
}

// entryGoal is "the root is entered, or a loop of the package initializer
// or of the precondition runs beyond the bound": unsat, no input satisfies
// the precondition, and no objective of the root is reached (each is
// reached under the entry's guard).
func (e *encoder) entryGoal() *term {
	goal := e.entry
	for _, c := range e.cuts[:e.entryCuts] {
		goal = e.ts.or(goal, c.guard)
	}
	return goal
}

// entryScript is the proof of obj when no input satisfies the
// precondition: the same for every objective but its first line, and the
// size of the precondition's encoding, not of the function's.
func (e *encoder) entryScript(obj Objective) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "; can %s be reached in %s? unsat: no input reaches it.\n", obj, e.root.Name)
	fmt.Fprintf(&sb, "; no input satisfies the precondition %s (callees inlined, loops unrolled up to %d iterations per entry): no objective of %s is reached.\n", e.assume.Name, e.unwind, e.root.Name)
	sb.WriteString(cutsNote(e.cuts[:e.entryCuts]))
	return e.query(sb.String(), e.entryGoal())
}

// declarations declares the inputs, the fresh variables goal reads (every
// one when goal is nil: a session's) and the constants of the program.
func (e *encoder) declarations(sb *strings.Builder, goal *term) {
	for _, in := range e.inputs {
		fmt.Fprintf(sb, "(declare-fun %s () %s)\n", symbol(in.name), sortOf(in.w))
	}
	fresh := e.freshVars
	if goal != nil {
		used := varsOf(goal)
		fresh = slices.DeleteFunc(slices.Clone(fresh), func(in input) bool { return !used[in.name] })
	}
	if len(fresh) > 0 {
		sb.WriteString("; values the encoding does not know (bytes or elements beyond the slots), any value:\n")
	}
	for _, in := range fresh {
		fmt.Fprintf(sb, "(declare-fun %s () %s)\n", symbol(in.name), sortOf(in.w))
	}
	if len(e.kept) > 0 {
		sb.WriteString("; branch conditions that are constants of the program:\n")
	}
	for _, k := range e.kept {
		fmt.Fprintf(sb, "(define-fun %s () Bool %v) ; %s\n", k.name, k.val.isTrue(), k.pos)
	}
}

// Check decides each objective of fn with cvc5, in one process: the
// unwinding condition of each loop the bound cuts first, then each
// objective's reachability in a push/pop scope of its own.
//
// The loops are unrolled firstUnwind times first: most loops of real code
// and of the random programs end within it, and then the encoding is exact,
// its proofs an eighth of the size and the encoding much faster. The
// objectives that bound leaves undecided (LoopBound) are checked again
// with opts.Unwind. Both answers stand: a witness is a real path at any
// bound, and an unsat answer at the small bound came with every cut
// loop's unwinding condition unsat.
func Check(fn *ir.Function, objs []Objective, opts Options) []Result {
	for _, o := range objs {
		if o.If == nil && o.Panic == nil {
			panic("indep.Check: empty objective")
		}
	}
	opts = opts.withDefaults()
	if opts.Unwind <= firstUnwind {
		return check(fn, objs, opts)
	}
	first := opts
	first.Unwind = firstUnwind
	res := check(fn, objs, first)
	var again []int
	var againObjs []Objective
	for i, r := range res {
		if r.Status == Undecided && r.Why == LoopBound {
			again, againObjs = append(again, i), append(againObjs, objs[i])
		}
	}
	if len(again) > 0 {
		for k, r := range check(fn, againObjs, opts) {
			res[again[k]] = r
		}
	}
	return res
}

// firstUnwind is the unwinding bound Check tries first.
const firstUnwind = 8

// check is Check at the unwinding bound opts.Unwind.
func check(fn *ir.Function, objs []Objective, opts Options) []Result {
	res := make([]Result, len(objs))
	e, err := encode(fn, opts.Assume, opts, false)
	if err != nil {
		n := err.(notEncoded)
		for i := range res {
			res[i] = Result{Status: Undecided, Why: n.why, Reason: n.msg}
		}
		return res
	}
	reach := make([]*term, len(objs))
	var roots []*term
	var kept *encoder                   // the encoding without folding, for the scripts of constant reach conditions
	cfgProof := make([]bool, len(objs)) // proved by the control-flow graph: no unwinding needed
	keptErr := ""
	for i, o := range objs {
		reach[i] = e.reach(o)
		res[i].Script = e.script(o)
		roots = append(roots, reach[i])
		if !reach[i].isConst() {
			continue
		}
		if reach[i].isFalse() {
			if script := noPath(fn, o); script != "" {
				res[i].Script, cfgProof[i] = script, true
				continue
			}
		}
		if kept == nil && keptErr == "" {
			if kept, err = encode(fn, opts.Assume, opts, true); err != nil {
				keptErr = err.Error()
			}
		}
		if kept != nil {
			res[i].Script = kept.script(o)
		} else {
			res[i].Script = "" // below: undecided
		}
	}
	for _, c := range e.cuts {
		roots = append(roots, c.guard)
	}
	// No input at all (a precondition no input satisfies): one proof
	// for every objective, of the entry alone (noEntry).
	noEntry := e.entryGoal()
	if e.assume != nil && !noEntry.isConst() {
		roots = append(roots, noEntry)
	}
	// A sat answer is a real path where no read of what the encoding does
	// not know happened (known); witnesses are sought with small sizes
	// first (small), that the engine can replay.
	known := e.ts.boolConst(true)
	for _, u := range e.unknowns {
		known = e.ts.and(known, e.ts.not(u.guard))
	}
	var small []*term // sizes at most 8, 4096, any
	for _, bound := range smallSizes {
		sz := e.ts.boolConst(true)
		for _, v := range e.sizeVars {
			sz = e.ts.and(sz, e.ule(v, e.u64(bound)))
		}
		small = append(small, sz)
	}
	small = append(small, e.ts.boolConst(true))
	roots = append(roots, known)
	roots = append(roots, small...)
	widths := map[string]int{}
	for _, in := range e.inputs {
		widths[in.name] = in.w
	}
	var s *checkSession
	spent := false // a query was not made for the deadline
	undecided := func() Reason {
		if spent {
			return BudgetSpent
		}
		return SolverUndecided
	}
	solve := func(t *term) (string, string, map[string]uint64) {
		if t.isFalse() {
			return "unsat", "", nil
		}
		if t.isTrue() {
			return "sat", "", map[string]uint64{}
		}
		if !opts.Deadline.IsZero() && !time.Now().Before(opts.Deadline) {
			spent = true
			return "unknown", "the re-check's time budget ran out before this query", nil
		}
		if s == nil {
			var err error
			sopts := opts
			if !opts.Deadline.IsZero() {
				sopts.Timeout = min(opts.Timeout, max(time.Until(opts.Deadline), 100*time.Millisecond))
			}
			if s, err = e.startSession(sopts, roots); err != nil {
				return "unknown", err.Error(), nil
			}
		}
		if s.broken != "" {
			return "unknown", s.broken, nil
		}
		p := newPrinter(&strings.Builder{})
		p.named = s.named
		s.send(fmt.Sprintf("(push 1)\n(assert %s)\n", p.term(t)))
		a, why := s.check()
		var model map[string]uint64
		if a == "sat" {
			var names []string
			for _, in := range e.inputs {
				names = append(names, symbol(in.name))
			}
			if len(names) > 0 {
				s.send("(get-value (" + strings.Join(names, " ") + "))\n")
				m, err := parseModel(s.answer(), widths)
				if err != nil {
					a, why = "unknown", err.Error()
				}
				model = m
			} else {
				model = map[string]uint64{}
			}
		}
		s.send("(pop 1)\n")
		return a, why, model
	}
	defer func() {
		if s != nil {
			s.close()
		}
	}()
	if e.assume != nil && !noEntry.isConst() {
		if a, _, _ := solve(noEntry); a == "unsat" {
			for i, o := range objs {
				res[i] = Result{Status: Unreachable, Script: e.entryScript(o)}
			}
			return res
		}
	}
	// The unwinding checks: an unsat answer below proves nothing while a
	// loop may run beyond the bound.
	incomplete, incompleteWhy := "", NoReason
	for _, c := range e.cuts {
		a, why, _ := solve(c.guard)
		switch a {
		case "sat":
			incomplete, incompleteWhy = e.cutReason(c), c.why
		case "unknown":
			incomplete, incompleteWhy = fmt.Sprintf("unwinding check of %s at %s undecided: %s", c.what(), c.pos, why), undecided()
		}
		if incomplete != "" {
			break
		}
	}
	for i := range objs {
		a, why, model := solve(reach[i])
		switch a {
		case "unsat":
			if res[i].Script == "" {
				res[i].Status, res[i].Why, res[i].Reason = Undecided, FoldedConstant, "the reach condition folds to false, and the encoding without folding fails: "+keptErr
			} else if incomplete != "" && !cfgProof[i] {
				res[i].Status, res[i].Why, res[i].Reason = Undecided, incompleteWhy, incomplete
			} else {
				res[i].Status = Unreachable
			}
		case "sat":
			if !known.isTrue() || !small[0].isTrue() {
				for _, sz := range small {
					if a, why, model = solve(e.ts.and(reach[i], e.ts.and(known, sz))); a != "unsat" {
						break
					}
				}
				switch a {
				case "unsat":
					res[i].Status, res[i].Why, res[i].Reason = Undecided, SlotBound, e.unknownReason()
					continue
				case "unknown":
					res[i].Status, res[i].Why, res[i].Reason = Undecided, undecided(), why
					continue
				}
			}
			w := map[string]uint64{}
			for _, in := range e.inputs {
				w[in.name] = model[in.name]
			}
			if eval(reach[i], w, map[*term]uint64{}) != 1 {
				res[i].Status, res[i].Why, res[i].Reason = Undecided, ModelMismatch, "internal: cvc5's model does not satisfy the encoded formula"
				continue
			}
			res[i].Status, res[i].Witness = Reachable, w
		default:
			res[i].Status, res[i].Why, res[i].Reason = Undecided, undecided(), why
		}
	}
	return res
}

// checkSession is a cvc5 session holding the definitions of an encoding.
type checkSession struct {
	*session
	named map[*term]string
}

// startSession starts cvc5 and gives it the inputs and every definition the
// roots need.
func (e *encoder) startSession(opts Options, roots []*term) (*checkSession, error) {
	s, err := startSession(opts.CVC5, opts.Timeout)
	if err != nil {
		return nil, err
	}
	var sb strings.Builder
	sb.WriteString("(set-option :produce-models true)\n(set-logic QF_BV)\n")
	e.declarations(&sb, nil)
	p := newPrinter(&sb)
	p.define(roots)
	s.send(sb.String())
	return &checkSession{session: s, named: p.named}, nil
}
