// SMT-LIB2 text through Z3: a self-contained script evaluated in a fresh context.

package z3

/*
#cgo LDFLAGS: -lz3
#include <stdlib.h>
#include <z3.h>

extern void leapfrogZ3Error(Z3_context c, Z3_error_code e);

static Z3_context lf_script_context(const char *timeout) {
	Z3_config cfg = Z3_mk_config();
	if (timeout != NULL) {
		Z3_set_param_value(cfg, "timeout", timeout);
	}
	Z3_context ctx = Z3_mk_context(cfg);
	Z3_del_config(cfg);
	Z3_set_error_handler(ctx, leapfrogZ3Error);
	return ctx;
}
*/
import "C"

import (
	"fmt"
	"strconv"
	"strings"
	"time"
	"unsafe"
)

// EvalSMT2 runs a self-contained SMT-LIB2 script (declarations, assertions,
// check-sat) through Z3_eval_smtlib2_string in a fresh context, with each
// check limited to timeout (0: none), and returns the answer of its last
// (check-sat): "sat", "unsat" or "unknown". It shares nothing with the
// Solver (no translation of terms): the script is read as a user would.
// An error Z3 reports, or a script without (check-sat), is an error.
func EvalSMT2(script string, timeout time.Duration) (string, error) {
	var ctm *C.char
	if timeout > 0 {
		ms := (timeout + time.Millisecond - 1) / time.Millisecond
		ctm = C.CString(strconv.FormatInt(int64(ms), 10))
		defer C.free(unsafe.Pointer(ctm))
	}
	newMu.Lock()
	ctx := C.lf_script_context(ctm)
	newMu.Unlock()
	var callErr string
	registerContext(ctx, &callErr)
	defer func() {
		unregisterContext(ctx)
		C.Z3_del_context(ctx)
	}()
	if timeout > 0 {
		// The context's timeout parameter does not reach the solver the
		// script's commands create; the script's own option does.
		ms := (timeout + time.Millisecond - 1) / time.Millisecond
		script = fmt.Sprintf("(set-option :timeout %d)\n", ms) + script
	}
	cs := C.CString(script)
	defer C.free(unsafe.Pointer(cs))
	out := C.GoString(C.Z3_eval_smtlib2_string(ctx, cs))
	if callErr != "" {
		return "", fmt.Errorf("%s", callErr)
	}
	answer := ""
	for _, line := range strings.Split(out, "\n") {
		switch line = strings.TrimSpace(line); line {
		case "sat", "unsat", "unknown":
			answer = line
		case "":
		default:
			if strings.HasPrefix(line, "(error") {
				return "", fmt.Errorf("z3: %s", line)
			}
		}
	}
	if answer == "" {
		return "", fmt.Errorf("z3: no check-sat answer in %q", strings.TrimSpace(out))
	}
	return answer, nil
}
