// The Z3 Solver: context and solver lifetime, scopes, assumptions with indicators, models, cores.

package z3

/*
#cgo LDFLAGS: -lz3
#include <stdlib.h>
#include <z3.h>

extern void leapfrogZ3Error(Z3_context c, Z3_error_code e);

static void lf_set_error_handler(Z3_context c) { Z3_set_error_handler(c, leapfrogZ3Error); }
*/
import "C"

import (
	"fmt"
	"math"
	"sync"
	"time"
	"unsafe"

	"leapfrog/internal/expr"
	"leapfrog/internal/solver"
)

// indicatorPrefix names the indicator constants of non-literal assumptions. Z3 makes
// the names unique (prefix!N); callers' variables must not use this prefix.
const indicatorPrefix = "leapfrog!assume"

// Solver is a solver.Solver backed by its own Z3 context. It must be used by one
// goroutine at a time and closed with Close.
type Solver struct {
	ctx     C.Z3_context
	slv     C.Z3_solver
	timeout time.Duration
	// deadline, when set, bounds every Check further: a check that could
	// outlast it is interrupted when it comes (Z3_interrupt), and a Check
	// after it answers Unknown at once. The parameter "timeout" never
	// changes: Z3 answers a query differently (another model) under another
	// timeout value, and a budget must not make the output depend on when
	// each query started.
	deadline time.Time

	callErr string // set by the error handler during a failing Z3 call

	asts     map[*expr.Term]C.Z3_ast // translation cache (one reference each)
	sorts    map[int]C.Z3_sort       // 0: Bool, w > 0: (_ BitVec w), -w: FloatingPoint of width w (one reference each)
	fp       fpCache                 // FloatingPoint views of terms, rounding modes (translate_float.go)
	varWidth map[string]int          // declared variables, to reject one name with two sorts

	scopes []scope                 // scopes[0] is the base scope
	seen   map[*expr.Term]struct{} // nodes of the asserted terms in scope
	ind    map[*expr.Term]C.Z3_ast // indicator constant of a non-literal assumption in scope
	failed string                  // a failure while asserting: Check answers Unknown ...
	failAt int                     // ... until the scope it happened in is popped

	// The last Check.
	last    solver.Result
	valid   bool                  // false once Push, Pop or Assert changed the state
	assumps []*expr.Term          // deduplicated assumptions
	litOf   map[uint][]*expr.Term // Z3 AST id of a literal -> the assumptions it stands for
	reason  string
	closed  bool
}

// scope records what a Pop of it must forget.
type scope struct {
	indicators []*expr.Term // assumptions whose indicator was created in this scope
	seen       []*expr.Term // nodes first asserted in this scope
	vars       []*expr.Term // variables first asserted in this scope
}

var _ solver.Solver = (*Solver)(nil)

// newMu serialises context creation: contexts are independent afterwards, but Z3's
// global initialisation (memory manager, symbol tables) is best not raced.
var newMu sync.Mutex

// New returns a Solver with its own Z3 context. A positive timeout bounds each Check
// (rounded up to whole milliseconds); when it expires, Check answers Unknown with
// Reason "timeout". Zero means no timeout.
func New(timeout time.Duration) *Solver {
	s := &Solver{
		timeout:  timeout,
		asts:     make(map[*expr.Term]C.Z3_ast),
		sorts:    make(map[int]C.Z3_sort),
		varWidth: make(map[string]int),
		scopes:   make([]scope, 1),
		seen:     make(map[*expr.Term]struct{}),
		ind:      make(map[*expr.Term]C.Z3_ast),
	}
	newMu.Lock()
	cfg := C.Z3_mk_config()
	s.ctx = C.Z3_mk_context_rc(cfg)
	C.Z3_del_config(cfg)
	newMu.Unlock()
	registerContext(s.ctx, &s.callErr)
	C.lf_set_error_handler(s.ctx)

	s.slv = C.Z3_mk_solver(s.ctx)
	C.Z3_solver_inc_ref(s.ctx, s.slv)

	s.setParams(timeout)
	if s.callErr != "" {
		s.failed, s.callErr = s.callErr, ""
	}
	return s
}

// A query's budget is counted in Z3's resource units (the parameter
// "rlimit", per check), not in time: whether a check ends within it is then
// the same on every run, however loaded the machine. A wall-clock budget made
// the output depend on the load: a 3.6s query of (*Op).Error in the
// regression scenario errorsas timed out under the default 10s on a busy
// machine, and the function got 60 solver calls and 35 cases instead of 61
// and 36. workPerSecond converts a time budget into units: Z3 does about
// 1 to 2 million units a second on the heavy queries of the regression
// scenarios (measured on the reference machine, loaded). Z3 does not count
// all its work in units (a bit-blasting preprocess may take 100ms for a few
// thousand), so the parameter "timeout" stays as a backstop, wallFactor times
// the budget, far enough that a query ends by its units first.
const (
	workPerSecond = 2_000_000
	wallFactor    = 10
)

// workLimit is Z3's rlimit for a budget of timeout (> 0).
func workLimit(timeout time.Duration) uint64 {
	return min(max(uint64(timeout.Seconds()*workPerSecond), 1), math.MaxUint32)
}

// wallLimit is the wall-clock backstop for a budget of timeout (> 0).
func wallLimit(timeout time.Duration) time.Duration { return wallFactor * timeout }

// setParams sets the solver's parameters: timeout (0: none) and ctrl_c off
// (Z3 would otherwise install its own SIGINT handler around every check,
// racing with the Go runtime's handler and with the other workers' checks).
func (s *Solver) setParams(timeout time.Duration) {
	s.setSolverParams(s.slv, timeout, false)
}

// SetDeadline bounds every later Check by d as well as by the timeout given
// to New: a check still running at d is interrupted, and a check after d
// answers Unknown with Reason "timeout" without calling Z3. It is how a
// budget for a whole search (leapfrog gen -timeout) holds when a single query
// could take longer than what is left of it. The zero time removes the bound.
// The solver's parameters stay as New set them, so a query that ends before d
// is answered exactly as without a deadline.
func (s *Solver) SetDeadline(d time.Time) {
	s.mustBeOpen()
	s.deadline = d
}

// interruptAtDeadline arms, for a check about to start, an interrupt at the
// deadline when the deadline comes before the solver's own timeout would; it
// reports false when no time is left. The returned stop must be called when
// the check returns: no interrupt reaches a later call, and it reports
// whether the check was interrupted (Z3's context then stays cancelled until
// the next check, so the check's answer must not be used).
func (s *Solver) interruptAtDeadline() (stop func() (interrupted bool), ok bool) {
	none := func() bool { return false }
	if s.deadline.IsZero() {
		return none, true
	}
	left := time.Until(s.deadline)
	if left <= 0 {
		return nil, false
	}
	if s.timeout > 0 && left >= wallLimit(s.timeout) {
		return none, true
	}
	return interruptAfter(s.ctx, left), true
}

func (s *Solver) symbol(name string) C.Z3_symbol {
	cs := C.CString(name)
	defer C.free(unsafe.Pointer(cs))
	return C.Z3_mk_string_symbol(s.ctx, cs)
}

func (s *Solver) inc(a C.Z3_ast) { C.Z3_inc_ref(s.ctx, a) }
func (s *Solver) dec(a C.Z3_ast) { C.Z3_dec_ref(s.ctx, a) }

func (s *Solver) mustBeOpen() {
	if s.closed {
		panic("z3: use of a closed Solver")
	}
}

// invalidate forgets the answer of the last Check.
func (s *Solver) invalidate() {
	s.valid = false
	s.assumps = nil
	s.litOf = nil
}

// Push opens a scope.
func (s *Solver) Push() {
	s.mustBeOpen()
	s.invalidate()
	C.Z3_solver_push(s.ctx, s.slv)
	s.scopes = append(s.scopes, scope{})
	s.takeErr()
}

// Pop discards the innermost scope: its assertions, the indicators of assumptions
// created in it, and its variables.
func (s *Solver) Pop() {
	s.mustBeOpen()
	if len(s.scopes) == 1 {
		panic("z3: Pop without Push")
	}
	s.invalidate()
	C.Z3_solver_pop(s.ctx, s.slv, 1)
	top := s.scopes[len(s.scopes)-1]
	for _, t := range top.indicators {
		s.dec(s.ind[t])
		delete(s.ind, t)
	}
	for _, t := range top.seen {
		delete(s.seen, t)
	}
	s.scopes = s.scopes[:len(s.scopes)-1]
	if s.failed != "" && s.failAt >= len(s.scopes) {
		s.failed = ""
	}
	s.takeErr()
}

// Assert adds t at the current scope. A term Z3 rejects makes every Check answer
// Unknown until its scope is popped.
func (s *Solver) Assert(t *expr.Term) {
	s.mustBeOpen()
	s.invalidate()
	s.track(t)
	if s.failed != "" {
		return
	}
	if !t.IsBool() {
		s.fail(fmt.Sprintf("z3: asserted term has width %d, not bool", t.Width))
		return
	}
	a := s.translate(t)
	if a != nil {
		C.Z3_solver_assert(s.ctx, s.slv, a)
	}
	if e := s.takeErr(); e != "" {
		s.fail(e)
	}
}

func (s *Solver) fail(msg string) {
	if s.failed == "" {
		s.failed = msg
		s.failAt = len(s.scopes) - 1
	}
}

// takeErr returns and clears the error recorded by the handler.
func (s *Solver) takeErr() string {
	e := s.callErr
	s.callErr = ""
	return e
}

// track records the nodes and variables of an asserted term in the current scope.
func (s *Solver) track(t *expr.Term) {
	top := &s.scopes[len(s.scopes)-1]
	var walk func(t *expr.Term)
	walk = func(t *expr.Term) {
		if _, ok := s.seen[t]; ok {
			return
		}
		s.seen[t] = struct{}{}
		top.seen = append(top.seen, t)
		if t.Op == expr.OpVar {
			top.vars = append(top.vars, t)
		}
		for _, a := range t.Args {
			walk(a)
		}
	}
	walk(t)
}

// isLiteral reports whether t can be passed to Z3 as an assumption directly: a bool
// variable or its negation.
func isLiteral(t *expr.Term) bool {
	if t.Op == expr.OpNot && len(t.Args) == 1 {
		t = t.Args[0]
	}
	return t.Op == expr.OpVar && t.IsBool()
}

// literal returns the Z3 literal standing for assumption t: t itself when it is a
// literal, else an indicator constant p with (=> p t) asserted at the current scope.
func (s *Solver) literal(t *expr.Term) C.Z3_ast {
	if isLiteral(t) {
		return s.translate(t)
	}
	if p, ok := s.ind[t]; ok {
		return p
	}
	a := s.translate(t)
	if a == nil {
		return nil
	}
	prefix := C.CString(indicatorPrefix)
	defer C.free(unsafe.Pointer(prefix))
	p := C.Z3_mk_fresh_const(s.ctx, prefix, s.sort(0))
	if s.callErr != "" {
		return nil
	}
	s.inc(p)
	imp := C.Z3_mk_implies(s.ctx, p, a)
	if s.callErr != "" {
		s.dec(p)
		return nil
	}
	s.inc(imp)
	C.Z3_solver_assert(s.ctx, s.slv, imp)
	s.dec(imp)
	if s.callErr != "" {
		s.dec(p)
		return nil
	}
	s.ind[t] = p
	top := &s.scopes[len(s.scopes)-1]
	top.indicators = append(top.indicators, t)
	return p
}

// Check decides the assertions in scope plus the assumptions.
func (s *Solver) Check(assumptions []*expr.Term) solver.Result {
	s.mustBeOpen()
	s.invalidate()
	s.valid = true
	s.takeErr()
	if s.failed != "" {
		return s.unknown(s.failed)
	}
	if !s.deadline.IsZero() && !time.Now().Before(s.deadline) {
		return s.unknown("timeout")
	}
	s.litOf = make(map[uint][]*expr.Term, len(assumptions))
	lits := make([]C.Z3_ast, 0, len(assumptions))
	dup := make(map[*expr.Term]bool, len(assumptions))
	for _, t := range assumptions {
		if dup[t] {
			continue
		}
		dup[t] = true
		if !t.IsBool() {
			return s.unknown(fmt.Sprintf("z3: assumption has width %d, not bool", t.Width))
		}
		s.assumps = append(s.assumps, t)
		l := s.literal(t)
		if e := s.takeErr(); e != "" || l == nil {
			if e == "" {
				e = "z3: cannot translate assumption"
			}
			return s.unknown(e)
		}
		id := uint(C.Z3_get_ast_id(s.ctx, l))
		if len(s.litOf[id]) == 0 {
			lits = append(lits, l)
		}
		s.litOf[id] = append(s.litOf[id], t)
	}
	var ptr *C.Z3_ast
	if len(lits) > 0 {
		ptr = &lits[0]
	}
	slv := s.checkSolver(assumptions) // s.slv, or a one-shot solver for floats (oneshot_float.go)
	stop, ok := s.interruptAtDeadline()
	if !ok {
		return s.unknown("timeout")
	}
	r := C.Z3_solver_check_assumptions(s.ctx, slv, C.uint(len(lits)), ptr)
	interrupted := stop()
	if e := s.takeErr(); e != "" {
		return s.unknown(e)
	}
	if interrupted {
		return s.unknown("timeout")
	}
	switch r {
	case C.Z3_L_TRUE:
		s.last = solver.Sat
	case C.Z3_L_FALSE:
		s.last = solver.Unsat
	default:
		reason := C.GoString(C.Z3_solver_get_reason_unknown(s.ctx, slv))
		s.takeErr()
		if (s.timeout > 0 || !s.deadline.IsZero()) && (reason == "canceled" || reason == "timeout") {
			reason = "timeout"
		}
		if reason == "" {
			reason = "unknown"
		}
		return s.unknown(reason)
	}
	return s.last
}

func (s *Solver) unknown(reason string) solver.Result {
	s.last = solver.Unknown
	s.reason = reason
	return solver.Unknown
}

// Model returns, after Sat, the value of every variable of the assertions in scope
// and of the assumptions of the last Check (Z3's model completion fills the rest).
// It returns nil when the last Check was not Sat or the state changed since.
func (s *Solver) Model() solver.Model {
	s.mustBeOpen()
	if !s.valid || s.last != solver.Sat {
		return nil
	}
	m := C.Z3_solver_get_model(s.ctx, s.lastSolver())
	if e := s.takeErr(); e != "" || m == nil {
		return nil
	}
	C.Z3_model_inc_ref(s.ctx, m)
	defer C.Z3_model_dec_ref(s.ctx, m)

	out := make(solver.Model)
	eval := func(v *expr.Term) {
		if _, ok := out[v.Name]; ok {
			return
		}
		a := s.translate(v)
		if a == nil {
			return
		}
		var r C.Z3_ast
		if !C.Z3_model_eval(s.ctx, m, a, C.bool(true), &r) || r == nil {
			return
		}
		s.inc(r)
		defer s.dec(r)
		if v.IsBool() {
			if C.Z3_get_bool_value(s.ctx, r) == C.Z3_L_TRUE {
				out[v.Name] = 1
			} else {
				out[v.Name] = 0
			}
			return
		}
		var u C.uint64_t
		if C.Z3_get_numeral_uint64(s.ctx, r, &u) {
			out[v.Name] = uint64(u) & expr.Mask(v.Width)
		}
	}
	for _, sc := range s.scopes {
		for _, v := range sc.vars {
			eval(v)
		}
	}
	visited := make(map[*expr.Term]bool)
	var walk func(t *expr.Term)
	walk = func(t *expr.Term) {
		if visited[t] {
			return
		}
		visited[t] = true
		if _, ok := s.seen[t]; ok {
			return
		}
		if t.Op == expr.OpVar {
			eval(t)
		}
		for _, a := range t.Args {
			walk(a)
		}
	}
	for _, t := range s.assumps {
		walk(t)
	}
	s.takeErr()
	return out
}

// Core returns, after Unsat, the assumptions of the last Check that Z3's unsat core
// names, in the caller's order. It returns nil when the last Check was not Unsat or
// the state changed since.
func (s *Solver) Core() []*expr.Term {
	s.mustBeOpen()
	if !s.valid || s.last != solver.Unsat {
		return nil
	}
	v := C.Z3_solver_get_unsat_core(s.ctx, s.lastSolver())
	if e := s.takeErr(); e != "" || v == nil {
		// Fall back on every assumption: a valid, if weak, core.
		return append([]*expr.Term{}, s.assumps...)
	}
	C.Z3_ast_vector_inc_ref(s.ctx, v)
	defer C.Z3_ast_vector_dec_ref(s.ctx, v)
	in := make(map[*expr.Term]bool)
	n := C.Z3_ast_vector_size(s.ctx, v)
	for i := C.uint(0); i < n; i++ {
		id := uint(C.Z3_get_ast_id(s.ctx, C.Z3_ast_vector_get(s.ctx, v, i)))
		for _, t := range s.litOf[id] {
			in[t] = true
		}
	}
	core := make([]*expr.Term, 0, len(in))
	for _, t := range s.assumps {
		if in[t] {
			core = append(core, t)
		}
	}
	s.takeErr()
	return core
}

// Reason says why the last Check answered Unknown.
func (s *Solver) Reason() string {
	if !s.valid || s.last != solver.Unknown {
		return ""
	}
	return s.reason
}

// Close releases every Z3 object and the context. Closing twice is harmless.
func (s *Solver) Close() {
	if s.closed {
		return
	}
	s.closed = true
	s.invalidate()
	for _, p := range s.ind {
		s.dec(p)
	}
	for _, a := range s.asts {
		s.dec(a)
	}
	s.releaseFloats() // and the one-shot solver
	for _, so := range s.sorts {
		C.Z3_dec_ref(s.ctx, C.Z3_sort_to_ast(s.ctx, so))
	}
	s.ind, s.asts, s.sorts, s.seen = nil, nil, nil, nil
	C.Z3_solver_dec_ref(s.ctx, s.slv)
	unregisterContext(s.ctx)
	C.Z3_del_context(s.ctx)
	s.ctx, s.slv = nil, nil
}

// numZ3Assertions returns how many formulas the Z3 solver holds (assertions and
// indicator implications); tests use it to see what Pop drops.
func (s *Solver) numZ3Assertions() int {
	v := C.Z3_solver_get_assertions(s.ctx, s.slv)
	C.Z3_ast_vector_inc_ref(s.ctx, v)
	defer C.Z3_ast_vector_dec_ref(s.ctx, v)
	return int(C.Z3_ast_vector_size(s.ctx, v))
}

// numIndicators returns how many indicator constants are in scope.
func (s *Solver) numIndicators() int { return len(s.ind) }

// Reset removes every assertion, scope and assumption indicator, returning the
// solver to its initial state while keeping the context and its translation
// cache. A solver that has not been pushed nor given assumptions since its last
// reset lets Z3 use its fast non-incremental procedure (bit-blasting) for a
// one-shot check of asserted terms, which is much faster than the incremental
// core for small bit-vector problems.
func (s *Solver) Reset() {
	s.mustBeOpen()
	s.invalidate()
	C.Z3_solver_reset(s.ctx, s.slv)
	for t, p := range s.ind {
		s.dec(p)
		delete(s.ind, t)
	}
	s.seen = make(map[*expr.Term]struct{})
	s.scopes = make([]scope, 1)
	s.failed = ""
	s.takeErr()
}
