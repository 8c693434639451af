// The Z3 error handler: a Go callback that records Z3's errors instead of letting Z3 exit the process.

package z3

/*
#cgo LDFLAGS: -lz3
#include <z3.h>
*/
import "C"

import (
	"strconv"
	"sync"
	"unsafe"
)

// Z3's default error handler prints the message and calls exit(1). Every context we
// create installs leapfrogZ3Error instead (see lf_set_error_handler in z3.go). The
// handler runs synchronously inside the failing API call, so on the goroutine that
// owns the context; it only records the first message, and the Solver method that
// made the call turns it into an Unknown result.

var (
	errMu    sync.Mutex
	errSlots = make(map[uintptr]*string) // context -> the owning Solver's error slot
)

func registerContext(ctx C.Z3_context, slot *string) {
	errMu.Lock()
	errSlots[uintptr(unsafe.Pointer(ctx))] = slot
	errMu.Unlock()
}

func unregisterContext(ctx C.Z3_context) {
	errMu.Lock()
	delete(errSlots, uintptr(unsafe.Pointer(ctx)))
	errMu.Unlock()
}

//export leapfrogZ3Error
func leapfrogZ3Error(ctx C.Z3_context, code C.Z3_error_code) {
	msg := C.GoString(C.Z3_get_error_msg(ctx, code))
	if msg == "" {
		msg = "error code " + strconv.Itoa(int(code))
	}
	errMu.Lock()
	slot := errSlots[uintptr(unsafe.Pointer(ctx))]
	errMu.Unlock()
	if slot != nil && *slot == "" {
		*slot = "z3: " + msg
	}
}
