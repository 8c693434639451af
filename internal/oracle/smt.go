// smt.go: runs an SMT-LIB2 script through libz3 (cgo), to re-check the proofs of unreachable verdicts.

package oracle

/*
#cgo LDFLAGS: -lz3
#include <stdlib.h>
#include <z3.h>

static void lf_oracle_ignore_error(Z3_context c, Z3_error_code e) { (void)c; (void)e; }

static Z3_context lf_oracle_context(void) {
	Z3_config cfg = Z3_mk_config();
	Z3_set_param_value(cfg, "timeout", "20000");
	Z3_context ctx = Z3_mk_context(cfg);
	Z3_del_config(cfg);
	Z3_set_error_handler(ctx, lf_oracle_ignore_error);
	return ctx;
}
*/
import "C"

import (
	"fmt"
	"strings"
	"sync"
	"unsafe"
)

// contexts holds idle Z3 contexts: creating one costs more than most proofs.
var contexts = make(chan C.Z3_context, 8)

// evalMu serializes Z3_eval_smtlib2_string: evaluations in different
// contexts at the same time answered now and then for each other's script
// ("(error ... unknown constant y) sat" for a script over x alone); Z3
// redirects its output streams for the time of an evaluation.
var evalMu sync.Mutex

// evalSMT2 evaluates script in a Z3 context reset to its initial state and
// returns what Z3 prints for it (for a script ending in (check-sat): "sat",
// "unsat" or "unknown"). It is independent of leapfrog's own solver
// package: the proofs leapfrog prints are parsed from their text, as a user
// would.
func evalSMT2(script string) (string, error) {
	var ctx C.Z3_context
	select {
	case ctx = <-contexts:
	default:
		ctx = C.lf_oracle_context()
	}
	evalMu.Lock()
	defer evalMu.Unlock()
	reset := C.CString("(reset)")
	defer C.free(unsafe.Pointer(reset))
	C.Z3_eval_smtlib2_string(ctx, reset)
	cs := C.CString(script)
	defer C.free(unsafe.Pointer(cs))
	out := C.GoString(C.Z3_eval_smtlib2_string(ctx, cs))
	var err error
	if code := C.Z3_get_error_code(ctx); code != C.Z3_OK {
		err = fmt.Errorf("z3: %s", C.GoString(C.Z3_get_error_msg(ctx, code)))
	}
	select {
	case contexts <- ctx:
	default:
		C.Z3_del_context(ctx)
	}
	return strings.TrimSpace(out), err
}
