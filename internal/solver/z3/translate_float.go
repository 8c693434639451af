// Translation of float terms: Z3's floating-point theory (FloatingPoint views of bit-vector terms, bits of float operations).

package z3

/*
#include <z3.h>
*/
import "C"

import (
	"fmt"

	"leapfrog/internal/expr"
)

// fpCache holds the FloatingPoint views of terms (as expr/smt2_float.go
// defines them) and the rounding modes, one reference each.
type fpCache struct {
	asts     map[*expr.Term]C.Z3_ast
	rne, rtz C.Z3_ast
	used     bool        // a float term was translated (oneshot_float.go)
	tactic   C.Z3_tactic // the one-shot solver's pipeline (one reference)
	oneShot  C.Z3_solver // the solver of the last Check, when it was one-shot
}

// releaseFloats gives back the references of the float translation (Close).
func (s *Solver) releaseFloats() {
	for _, a := range s.fp.asts {
		s.dec(a)
	}
	for _, a := range []C.Z3_ast{s.fp.rne, s.fp.rtz} {
		if a != nil {
			s.dec(a)
		}
	}
	s.dropOneShot()
	if s.fp.tactic != nil {
		C.Z3_tactic_dec_ref(s.ctx, s.fp.tactic)
	}
	s.fp = fpCache{}
}

// fpSort returns the FloatingPoint sort of a float width (cached under the
// key -width in s.sorts).
func (s *Solver) fpSort(w int) C.Z3_sort {
	if so, ok := s.sorts[-w]; ok {
		return so
	}
	var so C.Z3_sort
	switch w {
	case 32:
		so = C.Z3_mk_fpa_sort_32(s.ctx)
	case 64:
		so = C.Z3_mk_fpa_sort_64(s.ctx)
	default:
		s.callErr = fmt.Sprintf("z3: no float sort of width %d", w)
		return nil
	}
	if s.callErr != "" || so == nil {
		return nil
	}
	C.Z3_inc_ref(s.ctx, C.Z3_sort_to_ast(s.ctx, so))
	s.sorts[-w] = so
	return so
}

func (s *Solver) roundingModes() bool {
	s.fp.used = true
	if s.fp.rne == nil {
		s.fp.rne = C.Z3_mk_fpa_rne(s.ctx)
		s.inc(s.fp.rne)
		s.fp.rtz = C.Z3_mk_fpa_rtz(s.ctx)
		s.inc(s.fp.rtz)
	}
	return s.callErr == ""
}

// temps holds references to intermediate ASTs until the result is built.
type temps struct {
	s  *Solver
	as []C.Z3_ast
}

// keep references a fresh AST (nil after an error).
func (tm *temps) keep(a C.Z3_ast) C.Z3_ast {
	if a == nil || tm.s.callErr != "" {
		return nil
	}
	tm.s.inc(a)
	tm.as = append(tm.as, a)
	return a
}

func (tm *temps) release() {
	for _, a := range tm.as {
		tm.s.dec(a)
	}
}

// floatBV translates a float operator's term itself (a bool for the
// comparisons, a bit-vector otherwise). The result holds one reference,
// which the caller owns; nil after an error.
func (s *Solver) floatBV(t *expr.Term) C.Z3_ast {
	if !s.roundingModes() {
		return nil
	}
	tm := &temps{s: s}
	defer tm.release()
	c := s.ctx
	var a C.Z3_ast
	switch t.Op {
	case expr.OpFEq, expr.OpFLt, expr.OpFLe:
		x, y := s.fpOf(t.Args[0]), s.fpOf(t.Args[1])
		if x == nil || y == nil {
			return nil
		}
		switch t.Op {
		case expr.OpFEq:
			a = C.Z3_mk_fpa_eq(c, x, y)
		case expr.OpFLt:
			a = C.Z3_mk_fpa_lt(c, x, y)
		default:
			a = C.Z3_mk_fpa_leq(c, x, y)
		}
	case expr.OpFToSBV:
		a = s.fToSBV(t, tm)
	default: // an operation giving float bits
		w := t.Width
		e := s.fpOf(t)
		bv := s.sort(w)
		fsort := s.fpSort(w)
		if e == nil || bv == nil || fsort == nil {
			return nil
		}
		// The bits: exact unless the result is a NaN, and then any NaN
		// pattern (k, forced to one): see expr/smt2_float.go.
		k := tm.keep(C.Z3_mk_const(c, s.symbol(fmt.Sprintf("leapfrog!bits!%d", t.ID)), bv))
		kNaN := tm.keep(C.Z3_mk_fpa_is_nan(c, tm.keep(C.Z3_mk_fpa_to_fp_bv(c, k, fsort))))
		defNaN := tm.keep(C.Z3_mk_unsigned_int64(c, C.uint64_t(expr.ApplyFloat(expr.OpFDiv, w, 0, 0)), bv))
		if kNaN == nil || defNaN == nil {
			return nil
		}
		anyNaN := tm.keep(C.Z3_mk_ite(c, kNaN, k, defNaN))
		isNaN := tm.keep(C.Z3_mk_fpa_is_nan(c, e))
		exact := tm.keep(C.Z3_mk_fpa_to_ieee_bv(c, e))
		if anyNaN == nil || isNaN == nil || exact == nil {
			return nil
		}
		a = C.Z3_mk_ite(c, isNaN, anyNaN, exact)
	}
	if s.callErr != "" || a == nil {
		return nil
	}
	s.inc(a)
	return a
}

// fToSBV: fp.to_sbv RTZ where the truncation fits, else 1<<(n-1).
func (s *Solver) fToSBV(t *expr.Term, tm *temps) C.Z3_ast {
	c := s.ctx
	x := s.fpOf(t.Args[0])
	w, n := t.Args[0].Width, t.Width
	if x == nil {
		return nil
	}
	lo, hi, incl := expr.FToSBVBounds(w, n)
	fk := func(bits uint64) C.Z3_ast {
		return tm.keep(C.Z3_mk_fpa_to_fp_bv(c, tm.keep(C.Z3_mk_unsigned_int64(c, C.uint64_t(bits), s.sort(w))), s.fpSort(w)))
	}
	loA, hiA := fk(lo), fk(hi)
	if loA == nil || hiA == nil {
		return nil
	}
	var above C.Z3_ast
	if incl {
		above = tm.keep(C.Z3_mk_fpa_leq(c, loA, x))
	} else {
		above = tm.keep(C.Z3_mk_fpa_lt(c, loA, x))
	}
	below := tm.keep(C.Z3_mk_fpa_lt(c, x, hiA))
	if above == nil || below == nil {
		return nil
	}
	both := [2]C.Z3_ast{above, below}
	in := tm.keep(C.Z3_mk_and(c, 2, &both[0]))
	conv := tm.keep(C.Z3_mk_fpa_to_sbv(c, s.fp.rtz, x, C.uint(n)))
	indef := tm.keep(C.Z3_mk_unsigned_int64(c, C.uint64_t(uint64(1)<<uint(n-1)), s.sort(n)))
	if in == nil || conv == nil || indef == nil {
		return nil
	}
	return C.Z3_mk_ite(c, in, conv, indef)
}

// fpOf returns the FloatingPoint view of a term of width 32 or 64 (cached,
// one reference owned by the cache); nil after an error.
func (s *Solver) fpOf(t *expr.Term) C.Z3_ast {
	if a, ok := s.fp.asts[t]; ok {
		return a
	}
	if s.callErr != "" || !s.roundingModes() {
		return nil
	}
	w := t.Width
	so := s.fpSort(w)
	if so == nil {
		return nil
	}
	c := s.ctx
	var a C.Z3_ast
	if x, ok := expr.AsFNeg(t); ok {
		if fx := s.fpOf(x); fx != nil {
			a = C.Z3_mk_fpa_neg(c, fx)
		}
	} else if x, ok := expr.AsFAbs(t); ok {
		if fx := s.fpOf(x); fx != nil {
			a = C.Z3_mk_fpa_abs(c, fx)
		}
	} else {
		switch t.Op {
		case expr.OpFAdd, expr.OpFSub, expr.OpFMul, expr.OpFDiv:
			x, y := s.fpOf(t.Args[0]), s.fpOf(t.Args[1])
			if x == nil || y == nil {
				return nil
			}
			switch t.Op {
			case expr.OpFAdd:
				a = C.Z3_mk_fpa_add(c, s.fp.rne, x, y)
			case expr.OpFSub:
				a = C.Z3_mk_fpa_sub(c, s.fp.rne, x, y)
			case expr.OpFMul:
				a = C.Z3_mk_fpa_mul(c, s.fp.rne, x, y)
			default:
				a = C.Z3_mk_fpa_div(c, s.fp.rne, x, y)
			}
		case expr.OpFToF:
			if x := s.fpOf(t.Args[0]); x != nil {
				a = C.Z3_mk_fpa_to_fp_float(c, s.fp.rne, x, so)
			}
		case expr.OpSToF, expr.OpUToF:
			if x := s.translate(t.Args[0]); x != nil {
				if t.Op == expr.OpSToF {
					a = C.Z3_mk_fpa_to_fp_signed(c, s.fp.rne, x, so)
				} else {
					a = C.Z3_mk_fpa_to_fp_unsigned(c, s.fp.rne, x, so)
				}
			}
		case expr.OpIte:
			cond, x, y := s.translate(t.Args[0]), s.fpOf(t.Args[1]), s.fpOf(t.Args[2])
			if cond != nil && x != nil && y != nil {
				a = C.Z3_mk_ite(c, cond, x, y)
			}
		default: // the bits of any other bit-vector, a constant or a variable
			if x := s.translate(t); x != nil {
				a = C.Z3_mk_fpa_to_fp_bv(c, x, so)
			}
		}
	}
	if s.callErr != "" || a == nil {
		if s.callErr == "" {
			s.callErr = fmt.Sprintf("z3: cannot translate the float view of term %d (%s)", t.ID, t.Op)
		}
		return nil
	}
	s.inc(a)
	if s.fp.asts == nil {
		s.fp.asts = make(map[*expr.Term]C.Z3_ast)
	}
	s.fp.asts[t] = a
	return a
}
