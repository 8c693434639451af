// Package fakestd stands for a standard-library package in the corpus tests:
// it imports an internal package, a runtime-bound one (replaced by a stand-in)
// and declares a function the runtime would provide.
package fakestd

import (
	"internal/bytealg"
	"internal/fakeinternal"
	_ "unsafe"
)

// Index returns the index of c in s, or -1.
func Index(s string, c byte) int { return bytealg.IndexByteString(s, c) }

// Twice doubles x through the internal package.
func Twice(x int) int {
	if x > fakeinternal.Limit {
		return fakeinternal.Limit
	}
	return fakeinternal.Double(x)
}

//go:linkname nanotime runtime.nanotime
func nanotime() int64
