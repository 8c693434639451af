// One-shot solving of float queries: a fresh bit-blasting solver per check, which Z3's incremental core is much slower than on FloatingPoint.

package z3

/*
#include <stdlib.h>
#include <z3.h>
*/
import "C"

import (
	"time"
	"unsafe"

	"leapfrog/internal/expr"
)

// floatTactic is the pipeline of the one-shot solver: Z3's translation of
// FloatingPoint to bit-vectors, then bit-blasting into its SAT solver. On
// small float queries it is 3 to 10 times faster than Z3's incremental
// solver (whose FloatingPoint theory lives in the SMT core), and it keeps
// assumptions, cores and models.
var floatTactic = []string{"simplify", "propagate-values", "fpa2bv", "simplify", "bit-blast", "sat"}

// checkSolver returns the Z3 solver that decides this Check: the Solver's
// own, or, when the assertions in scope or the assumptions hold a float
// operator, a one-shot solver made from floatTactic holding a copy of the
// own solver's assertions (indicator implications included), which the
// Check's assumption literals refer to as well.
func (s *Solver) checkSolver(assumptions []*expr.Term) C.Z3_solver {
	s.dropOneShot()
	if !s.fp.used || !s.floatsInQuery(assumptions) {
		return s.slv
	}
	c := s.ctx
	if s.fp.tactic == nil {
		var t C.Z3_tactic
		for _, name := range floatTactic {
			cs := C.CString(name)
			next := C.Z3_mk_tactic(c, cs)
			C.free(unsafe.Pointer(cs))
			if s.callErr != "" || next == nil {
				return s.slv // Check reports the error
			}
			C.Z3_tactic_inc_ref(c, next)
			if t == nil {
				t = next
				continue
			}
			both := C.Z3_tactic_and_then(c, t, next)
			C.Z3_tactic_inc_ref(c, both)
			C.Z3_tactic_dec_ref(c, t)
			C.Z3_tactic_dec_ref(c, next)
			t = both
		}
		s.fp.tactic = t
	}
	slv := C.Z3_mk_solver_from_tactic(c, s.fp.tactic)
	if s.callErr != "" || slv == nil {
		return s.slv
	}
	C.Z3_solver_inc_ref(c, slv)
	s.fp.oneShot = slv
	s.setSolverParams(slv, s.timeout, true)
	v := C.Z3_solver_get_assertions(c, s.slv)
	C.Z3_ast_vector_inc_ref(c, v)
	for i, n := C.uint(0), C.Z3_ast_vector_size(c, v); i < n; i++ {
		C.Z3_solver_assert(c, slv, C.Z3_ast_vector_get(c, v, i))
	}
	C.Z3_ast_vector_dec_ref(c, v)
	return slv
}

// lastSolver is the Z3 solver of the last Check (models, cores, reasons).
func init() {
	cs, cv := C.CString("rewriter.hi_fp_unspecified"), C.CString("true")
	C.Z3_global_param_set(cs, cv)
	C.free(unsafe.Pointer(cs))
	C.free(unsafe.Pointer(cv))
}

func (s *Solver) lastSolver() C.Z3_solver {
	if s.fp.oneShot != nil {
		return s.fp.oneShot
	}
	return s.slv
}

func (s *Solver) dropOneShot() {
	if s.fp.oneShot != nil {
		C.Z3_solver_dec_ref(s.ctx, s.fp.oneShot)
		s.fp.oneShot = nil
	}
}

// floatsInQuery reports whether a float operator occurs in the assertions
// in scope or in the assumptions.
func (s *Solver) floatsInQuery(assumptions []*expr.Term) bool {
	for t := range s.seen {
		if expr.IsFloatOp(t.Op) {
			return true
		}
	}
	seen := map[*expr.Term]bool{}
	var walk func(t *expr.Term) bool
	walk = func(t *expr.Term) bool {
		if seen[t] {
			return false
		}
		seen[t] = true
		if expr.IsFloatOp(t.Op) {
			return true
		}
		for _, a := range t.Args {
			if walk(a) {
				return true
			}
		}
		return false
	}
	for _, t := range assumptions {
		if walk(t) {
			return true
		}
	}
	return false
}

// setSolverParams sets the budget (0: none; see workPerSecond) and ctrl_c
// off on slv, and unsat_core when cores is set (a solver made from a tactic
// tracks the assumptions only then).
func (s *Solver) setSolverParams(slv C.Z3_solver, timeout time.Duration, cores bool) {
	p := C.Z3_mk_params(s.ctx)
	C.Z3_params_inc_ref(s.ctx, p)
	if cores {
		C.Z3_params_set_bool(s.ctx, p, s.symbol("unsat_core"), C.bool(true))
	}
	if timeout > 0 {
		C.Z3_params_set_uint(s.ctx, p, s.symbol("rlimit"), C.uint(workLimit(timeout)))
		ms := (wallLimit(timeout) + time.Millisecond - 1) / time.Millisecond
		if ms > 1<<31 {
			ms = 1 << 31
		}
		C.Z3_params_set_uint(s.ctx, p, s.symbol("timeout"), C.uint(ms))
	}
	C.Z3_params_set_bool(s.ctx, p, s.symbol("ctrl_c"), C.bool(false))
	C.Z3_solver_set_params(s.ctx, slv, p)
	C.Z3_params_dec_ref(s.ctx, p)
}
