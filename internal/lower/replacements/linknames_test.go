// Differential test: the run-time errors of linknames.go against the runtime's own, as math/bits panics with them.

package replacements

import (
	"math/bits"
	"runtime"
	"testing"
)

// panicValue returns the value f panics with.
func panicValue(f func()) (r any) {
	defer func() { r = recover() }()
	f()
	return nil
}

func TestRuntimeErrors(t *testing.T) {
	zero := uint(0)
	for _, c := range []struct {
		name string
		real any
		ours error
	}{
		{"divide by a zero variable", panicValue(func() { _ = 1 / zero }), divideError},
		{"bits.Div64 by zero", panicValue(func() { bits.Div64(0, 1, 0) }), divideError},
		{"bits.Div64 overflow", panicValue(func() { bits.Div64(2, 0, 1) }), overflowError},
		{"bits.Rem32 by zero", panicValue(func() { bits.Rem32(0, 1, 0) }), divideError},
		{"bits.Div32 overflow", panicValue(func() { bits.Div32(3, 0, 2) }), overflowError},
	} {
		re, ok := c.real.(runtime.Error)
		if !ok {
			t.Fatalf("%s: Go panicked with %v (%T), not a runtime.Error", c.name, c.real, c.real)
		}
		if _, ok := c.ours.(runtime.Error); !ok {
			t.Errorf("%s: %T is no runtime.Error", c.name, c.ours)
		}
		if re.Error() != c.ours.Error() {
			t.Errorf("%s: message %q, want Go's %q", c.name, c.ours.Error(), re.Error())
		}
	}
}
