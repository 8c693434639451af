// Constrained Horn clauses through Z3's fixedpoint API (the Spacer engine): is a goal derivable, and if not, the invariants that show it.

package z3

/*
#cgo LDFLAGS: -lz3
#include <stdlib.h>
#include <z3.h>

extern void leapfrogZ3Error(Z3_context c, Z3_error_code e);

static Z3_context lf_horn_context(void) {
	Z3_config cfg = Z3_mk_config();
	Z3_context ctx = Z3_mk_context(cfg);
	Z3_del_config(cfg);
	Z3_set_error_handler(ctx, leapfrogZ3Error);
	Z3_set_ast_print_mode(ctx, Z3_PRINT_SMTLIB2_COMPLIANT);
	return ctx;
}

static Z3_fixedpoint lf_horn_fixedpoint(Z3_context ctx, unsigned timeout_ms) {
	Z3_fixedpoint fp = Z3_mk_fixedpoint(ctx);
	Z3_fixedpoint_inc_ref(ctx, fp);
	Z3_params p = Z3_mk_params(ctx);
	Z3_params_inc_ref(ctx, p);
	Z3_params_set_symbol(ctx, p, Z3_mk_string_symbol(ctx, "engine"), Z3_mk_string_symbol(ctx, "spacer"));
	if (timeout_ms > 0) {
		Z3_params_set_uint(ctx, p, Z3_mk_string_symbol(ctx, "timeout"), timeout_ms);
	}
	Z3_fixedpoint_set_params(ctx, fp, p);
	Z3_params_dec_ref(ctx, p);
	return fp;
}

static Z3_sort lf_sort(Z3_context ctx, int isBool) {
	return isBool ? Z3_mk_bool_sort(ctx) : Z3_mk_int_sort(ctx);
}

static void lf_set_sort(Z3_sort *a, unsigned i, Z3_sort s) { a[i] = s; }
static void lf_set_decl(Z3_func_decl *a, unsigned i, Z3_func_decl d) { a[i] = d; }
static void lf_set_symbol(Z3_symbol *a, unsigned i, Z3_symbol s) { a[i] = s; }
static void lf_set_ast(Z3_ast *a, unsigned i, Z3_ast x) { a[i] = x; }
*/
import "C"

import (
	"fmt"
	"time"
	"unsafe"
)

// Relation is an unknown predicate of a Horn problem.
type Relation struct {
	Name  string   // its symbol in the rules (written |Name| there when it needs quoting)
	Sorts []string // the sorts of its arguments: "Int" or "Bool"
	Args  []string // the names its arguments get in the answer
}

// Horn outcomes.
const (
	HornUnreachable = "unreachable" // the goal is not derivable: Interp holds the invariants
	HornReachable   = "reachable"   // the goal is derivable
	HornUnknown     = "unknown"     // timeout, or Spacer gave up (Reason)
)

// HornResult is Spacer's answer.
type HornResult struct {
	Status string
	// Interp is, when the goal is unreachable, each relation's
	// interpretation: an SMT-LIB2 formula over the relation's Args that
	// holds of every derivable fact and from which the goal does not
	// follow.
	Interp []string
	Reason string
}

// SolveHorn asks Spacer whether the nullary relation goal is derivable from
// rules: SMT-LIB2 assertions (universally quantified implications) over the
// relations and goal, in a fresh context of its own. timeout bounds the
// query (the engine's parameter, which Spacer may notice late).
func SolveHorn(rels []Relation, goal string, rules string, timeout time.Duration) (HornResult, error) {
	newMu.Lock()
	ctx := C.lf_horn_context()
	newMu.Unlock()
	var callErr string
	registerContext(ctx, &callErr)
	// Only the engine's own timeout, never Z3_interrupt: the query's timer
	// cancels and restores the context's limit, but an interrupt leaves it
	// cancelled, and the fixedpoint's destructor then throws from its
	// rewriter, which aborts the process (seen: terminate called after
	// throwing 'rewriter_exception' in Z3_fixedpoint_dec_ref, Spacer having
	// overrun its timeout by a tenth on a loaded machine).
	defer func() {
		unregisterContext(ctx)
		C.Z3_del_context(ctx)
	}()
	ms := C.uint(0)
	if timeout > 0 {
		ms = C.uint((timeout + time.Millisecond - 1) / time.Millisecond)
	}
	fp := C.lf_horn_fixedpoint(ctx, ms)
	defer C.Z3_fixedpoint_dec_ref(ctx, fp)
	if callErr != "" {
		return HornResult{}, fmt.Errorf("%s", callErr)
	}
	cstr := func(s string) *C.char { return C.CString(s) }
	n := len(rels) + 1
	decls := (*C.Z3_func_decl)(C.malloc(C.size_t(n) * C.size_t(unsafe.Sizeof(C.Z3_func_decl(nil)))))
	defer C.free(unsafe.Pointer(decls))
	names := (*C.Z3_symbol)(C.malloc(C.size_t(n) * C.size_t(unsafe.Sizeof(C.Z3_symbol(nil)))))
	defer C.free(unsafe.Pointer(names))
	declOf := make([]C.Z3_func_decl, n)
	for i := 0; i < n; i++ {
		var name string
		var sorts []string
		if i < len(rels) {
			name, sorts = rels[i].Name, rels[i].Sorts
		} else {
			name = goal
		}
		cs := cstr(name)
		sym := C.Z3_mk_string_symbol(ctx, cs)
		C.free(unsafe.Pointer(cs))
		var dom *C.Z3_sort
		if len(sorts) > 0 {
			dom = (*C.Z3_sort)(C.malloc(C.size_t(len(sorts)) * C.size_t(unsafe.Sizeof(C.Z3_sort(nil)))))
			for j, s := range sorts {
				isBool := C.int(0)
				if s == "Bool" {
					isBool = 1
				}
				C.lf_set_sort(dom, C.uint(j), C.lf_sort(ctx, isBool))
			}
		}
		d := C.Z3_mk_func_decl(ctx, sym, C.uint(len(sorts)), dom, C.Z3_mk_bool_sort(ctx))
		if dom != nil {
			C.free(unsafe.Pointer(dom))
		}
		declOf[i] = d
		C.lf_set_decl(decls, C.uint(i), d)
		C.lf_set_symbol(names, C.uint(i), sym)
		C.Z3_fixedpoint_register_relation(ctx, fp, d)
	}
	crules := cstr(rules)
	vec := C.Z3_parse_smtlib2_string(ctx, crules, 0, nil, nil, C.uint(n), names, decls)
	C.free(unsafe.Pointer(crules))
	if callErr != "" {
		return HornResult{}, fmt.Errorf("%s", callErr)
	}
	for i := C.uint(0); i < C.Z3_ast_vector_size(ctx, vec); i++ {
		C.Z3_fixedpoint_add_rule(ctx, fp, C.Z3_ast_vector_get(ctx, vec, i), nil)
	}
	if callErr != "" {
		return HornResult{}, fmt.Errorf("%s", callErr)
	}
	ans := C.Z3_fixedpoint_query(ctx, fp, C.Z3_mk_app(ctx, declOf[n-1], 0, nil))
	switch ans {
	case C.Z3_L_TRUE:
		return HornResult{Status: HornReachable}, nil
	case C.Z3_L_UNDEF:
		why := C.GoString(C.Z3_fixedpoint_get_reason_unknown(ctx, fp))
		if callErr != "" && why == "" {
			why = callErr
		}
		return HornResult{Status: HornUnknown, Reason: why}, nil
	}
	res := HornResult{Status: HornUnreachable}
	for i, r := range rels {
		cover := C.Z3_fixedpoint_get_cover_delta(ctx, fp, -1, declOf[i])
		if len(r.Args) > 0 {
			to := (*C.Z3_ast)(C.malloc(C.size_t(len(r.Args)) * C.size_t(unsafe.Sizeof(C.Z3_ast(nil)))))
			for j, a := range r.Args {
				cs := cstr(a)
				isBool := C.int(0)
				if r.Sorts[j] == "Bool" {
					isBool = 1
				}
				C.lf_set_ast(to, C.uint(j), C.Z3_mk_const(ctx, C.Z3_mk_string_symbol(ctx, cs), C.lf_sort(ctx, isBool)))
				C.free(unsafe.Pointer(cs))
			}
			cover = C.Z3_substitute_vars(ctx, cover, C.uint(len(r.Args)), to)
			C.free(unsafe.Pointer(to))
		}
		res.Interp = append(res.Interp, C.GoString(C.Z3_ast_to_string(ctx, cover)))
	}
	if callErr != "" {
		return HornResult{}, fmt.Errorf("%s", callErr)
	}
	return res, nil
}
