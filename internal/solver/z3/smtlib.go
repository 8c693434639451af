// SMT-LIB2 text through Z3: a self-contained script evaluated in a fresh context.

package z3

/*
#cgo LDFLAGS: -lz3
#include <stdlib.h>
#include <z3.h>

extern void leapfrogZ3Error(Z3_context c, Z3_error_code e);

static Z3_context lf_script_context(void) {
	Z3_config cfg = Z3_mk_config();
	Z3_context ctx = Z3_mk_context(cfg);
	Z3_del_config(cfg);
	Z3_set_error_handler(ctx, leapfrogZ3Error);
	return ctx;
}
*/
import "C"

import (
	"fmt"
	"strings"
	"sync"
	"time"
	"unsafe"
)

// evalMu serializes Z3_eval_smtlib2_string: Z3 redirects its output
// streams for the time of an evaluation, and evaluations in two contexts at
// once were seen (in the oracle's tests) answering for each other's script.
var evalMu sync.Mutex

// EvalSMT2 runs a self-contained SMT-LIB2 script (declarations, assertions,
// check-sat) through Z3_eval_smtlib2_string in a fresh context and returns
// the answer of its last (check-sat): "sat", "unsat" or "unknown". It shares
// nothing with the Solver (no translation of terms): the script is read as a
// user would. After timeout (0: none) the evaluation is interrupted
// (Z3_interrupt, repeatedly) and the checks left answer unknown: neither the context's
// timeout parameter (which the script's solver ignores) nor a
// (set-option :timeout) (which sets Z3's global parameters, for every
// context of the process) would do. An error Z3 reports, or a script without
// (check-sat), is an error.
func EvalSMT2(script string, timeout time.Duration) (string, error) {
	newMu.Lock()
	ctx := C.lf_script_context()
	newMu.Unlock()
	var callErr string
	registerContext(ctx, &callErr)
	stop := interruptAfter(ctx, timeout)
	defer func() {
		stop()
		unregisterContext(ctx)
		C.Z3_del_context(ctx)
	}()
	cs := C.CString(script)
	defer C.free(unsafe.Pointer(cs))
	evalMu.Lock()
	out := C.GoString(C.Z3_eval_smtlib2_string(ctx, cs))
	evalMu.Unlock()
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

// interruptAfter interrupts ctx once timeout has passed (0: never), and
// again every 20ms until the returned stop is called: a check starting
// after an interrupt clears it, so one is not enough. Call stop before
// deleting the context: the interrupt must not outlive it. stop reports
// whether ctx was interrupted (Z3's context then stays cancelled until the
// next check, so the interrupted call's answer must not be used).
func interruptAfter(ctx C.Z3_context, timeout time.Duration) (stop func() (interrupted bool)) {
	var mu sync.Mutex
	done, fired := false, false
	quit := make(chan struct{})
	if timeout > 0 {
		go func() {
			select {
			case <-quit:
				return
			case <-time.After(timeout):
			}
			tick := time.NewTicker(20 * time.Millisecond)
			defer tick.Stop()
			for {
				mu.Lock()
				if !done {
					C.Z3_interrupt(ctx)
					fired = true
				}
				mu.Unlock()
				select {
				case <-quit:
					return
				case <-tick.C:
				}
			}
		}()
	}
	return func() bool {
		mu.Lock()
		done = true
		mu.Unlock()
		close(quit)
		return fired
	}
}

// globalTimeout returns Z3's global "timeout" parameter ("" if unset), for
// the tests: EvalSMT2 must not set it.
func globalTimeout() string {
	name := C.CString("timeout")
	defer C.free(unsafe.Pointer(name))
	var v C.Z3_string
	if !C.Z3_global_param_get(name, &v) {
		return ""
	}
	return C.GoString(v)
}
