// Translation of expr terms to Z3 ASTs, cached per Solver.

package z3

/*
#include <z3.h>
*/
import "C"

import (
	"fmt"
	"unsafe"

	"leapfrog/internal/expr"
)

// sort returns the Z3 sort of a width (0: Bool), cached with one reference.
func (s *Solver) sort(width int) C.Z3_sort {
	if so, ok := s.sorts[width]; ok {
		return so
	}
	var so C.Z3_sort
	if width == 0 {
		so = C.Z3_mk_bool_sort(s.ctx)
	} else {
		so = C.Z3_mk_bv_sort(s.ctx, C.uint(width))
	}
	if s.callErr != "" || so == nil {
		return nil
	}
	C.Z3_inc_ref(s.ctx, C.Z3_sort_to_ast(s.ctx, so))
	s.sorts[width] = so
	return so
}

// translate returns the Z3 AST of t, or nil after recording an error in s.callErr.
// Every AST is referenced once by the cache: Z3 keeps a fresh AST alive only until
// the next API call, so each one is referenced before anything else is built.
func (s *Solver) translate(t *expr.Term) C.Z3_ast {
	if a, ok := s.asts[t]; ok {
		return a
	}
	if s.callErr != "" {
		return nil
	}
	if t.Width < 0 || t.Width > 64 {
		s.callErr = fmt.Sprintf("z3: unsupported width %d in term %d", t.Width, t.ID)
		return nil
	}
	if n, ok := arity(t.Op); ok && n != len(t.Args) {
		s.callErr = fmt.Sprintf("z3: %s with %d operands in term %d", t.Op, len(t.Args), t.ID)
		return nil
	}
	if expr.IsFloatOp(t.Op) { // floats: translate_float.go
		a := s.floatBV(t)
		if a == nil {
			if s.callErr == "" {
				s.callErr = fmt.Sprintf("z3: cannot translate term %d (%s)", t.ID, t.Op)
			}
			return nil
		}
		s.asts[t] = a // floatBV's reference
		return a
	}
	args := make([]C.Z3_ast, len(t.Args))
	for i, x := range t.Args {
		if args[i] = s.translate(x); args[i] == nil {
			return nil
		}
	}
	c := s.ctx
	var a C.Z3_ast
	switch t.Op {
	case expr.OpConst:
		switch {
		case t.Width == 0 && t.Val != 0:
			a = C.Z3_mk_true(c)
		case t.Width == 0:
			a = C.Z3_mk_false(c)
		default:
			so := s.sort(t.Width)
			if so == nil {
				return nil
			}
			a = C.Z3_mk_unsigned_int64(c, C.uint64_t(t.Val&expr.Mask(t.Width)), so)
		}
	case expr.OpVar:
		if w, ok := s.varWidth[t.Name]; ok && w != t.Width {
			s.callErr = fmt.Sprintf("z3: variable %q used with widths %d and %d", t.Name, w, t.Width)
			return nil
		}
		so := s.sort(t.Width)
		if so == nil {
			return nil
		}
		s.varWidth[t.Name] = t.Width
		a = C.Z3_mk_const(c, s.symbol(t.Name), so)
	case expr.OpNot:
		a = C.Z3_mk_not(c, args[0])
	case expr.OpAnd, expr.OpOr:
		switch {
		case len(args) == 0:
			if t.Op == expr.OpAnd {
				a = C.Z3_mk_true(c)
			} else {
				a = C.Z3_mk_false(c)
			}
		case len(args) == 1:
			a = args[0]
		case t.Op == expr.OpAnd:
			a = C.Z3_mk_and(c, C.uint(len(args)), (*C.Z3_ast)(unsafe.Pointer(&args[0])))
		default:
			a = C.Z3_mk_or(c, C.uint(len(args)), (*C.Z3_ast)(unsafe.Pointer(&args[0])))
		}
	case expr.OpIte:
		a = C.Z3_mk_ite(c, args[0], args[1], args[2])
	case expr.OpEq:
		a = C.Z3_mk_eq(c, args[0], args[1])
	case expr.OpNeg:
		a = C.Z3_mk_bvneg(c, args[0])
	case expr.OpCompl:
		a = C.Z3_mk_bvnot(c, args[0])
	case expr.OpAdd:
		a = C.Z3_mk_bvadd(c, args[0], args[1])
	case expr.OpSub:
		a = C.Z3_mk_bvsub(c, args[0], args[1])
	case expr.OpMul:
		a = C.Z3_mk_bvmul(c, args[0], args[1])
	case expr.OpSDiv:
		a = C.Z3_mk_bvsdiv(c, args[0], args[1])
	case expr.OpUDiv:
		a = C.Z3_mk_bvudiv(c, args[0], args[1])
	case expr.OpSRem:
		a = C.Z3_mk_bvsrem(c, args[0], args[1])
	case expr.OpURem:
		a = C.Z3_mk_bvurem(c, args[0], args[1])
	case expr.OpBAnd:
		a = C.Z3_mk_bvand(c, args[0], args[1])
	case expr.OpBOr:
		a = C.Z3_mk_bvor(c, args[0], args[1])
	case expr.OpBXor:
		a = C.Z3_mk_bvxor(c, args[0], args[1])
	case expr.OpShl:
		a = C.Z3_mk_bvshl(c, args[0], args[1])
	case expr.OpLShr:
		a = C.Z3_mk_bvlshr(c, args[0], args[1])
	case expr.OpAShr:
		a = C.Z3_mk_bvashr(c, args[0], args[1])
	case expr.OpSlt:
		a = C.Z3_mk_bvslt(c, args[0], args[1])
	case expr.OpSle:
		a = C.Z3_mk_bvsle(c, args[0], args[1])
	case expr.OpUlt:
		a = C.Z3_mk_bvult(c, args[0], args[1])
	case expr.OpUle:
		a = C.Z3_mk_bvule(c, args[0], args[1])
	case expr.OpZExt, expr.OpSExt:
		ext := t.Width - t.Args[0].Width
		switch {
		case ext < 0 || t.Args[0].Width == 0:
			s.callErr = fmt.Sprintf("z3: %s from width %d to %d in term %d", t.Op, t.Args[0].Width, t.Width, t.ID)
			return nil
		case ext == 0:
			a = args[0]
		case t.Op == expr.OpZExt:
			a = C.Z3_mk_zero_ext(c, C.uint(ext), args[0])
		default:
			a = C.Z3_mk_sign_ext(c, C.uint(ext), args[0])
		}
	case expr.OpExtract:
		if t.Width == 0 || t.Width > t.Args[0].Width {
			s.callErr = fmt.Sprintf("z3: extract of width %d from width %d in term %d", t.Width, t.Args[0].Width, t.ID)
			return nil
		}
		if t.Width == t.Args[0].Width {
			a = args[0]
		} else {
			a = C.Z3_mk_extract(c, C.uint(t.Width-1), 0, args[0])
		}
	default:
		panic(fmt.Sprintf("z3: translate: unknown operator %d (%s)", t.Op, t.Op))
	}
	if s.callErr != "" || a == nil {
		if s.callErr == "" {
			s.callErr = fmt.Sprintf("z3: cannot translate term %d (%s)", t.ID, t.Op)
		}
		return nil
	}
	s.inc(a)
	s.asts[t] = a
	return a
}

// arity returns the number of operands of an operator with a fixed arity.
func arity(op expr.Op) (int, bool) {
	switch op {
	case expr.OpConst, expr.OpVar:
		return 0, true
	case expr.OpAnd, expr.OpOr:
		return 0, false
	case expr.OpNot, expr.OpNeg, expr.OpCompl, expr.OpZExt, expr.OpSExt, expr.OpExtract,
		expr.OpFToF, expr.OpSToF, expr.OpUToF, expr.OpFToSBV: // the float conversions too
		return 1, true
	case expr.OpIte:
		return 3, true
	default:
		return 2, true
	}
}
