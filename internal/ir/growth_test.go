// Differential test of GrowCap against the compiled append.

package ir_test

import (
	"testing"
	"unsafe"

	"leapfrog/internal/ir"
)

// appendCap is the capacity of a slice of len and cap oldCap of T grown by
// the compiled append to newLen elements.
func appendCap[T any](oldCap, newLen int) int {
	s := make([]T, oldCap)
	return cap(append(s, make([]T, newLen-oldCap)...))
}

// checkGrowth compares GrowCap with the compiled append of T for every old
// capacity below 600 grown by 0 to 40 elements, and from nothing to every
// length below 600: across growslice's doubling, its quarter steps past 256
// and the size classes.
func checkGrowth[T any](t *testing.T, name string) {
	var zero T
	size := int64(unsafe.Sizeof(zero))
	for oldCap := range 600 {
		for k := range 41 {
			newLen := oldCap + k
			if got, want := ir.GrowCap(oldCap, newLen, size), appendCap[T](oldCap, newLen); got != want {
				t.Fatalf("GrowCap(%d, %d, %d) = %d; append of %s gives %d", oldCap, newLen, size, got, name, want)
			}
		}
		if got, want := ir.GrowCap(0, oldCap, size), appendCap[T](0, oldCap); got != want {
			t.Fatalf("GrowCap(0, %d, %d) = %d; append of %s gives %d", oldCap, size, got, name, want)
		}
	}
}

func TestGrowCapIsAppends(t *testing.T) {
	checkGrowth[byte](t, "byte")
	checkGrowth[int16](t, "int16")
	checkGrowth[[3]byte](t, "[3]byte")
	checkGrowth[int64](t, "int64")
	checkGrowth[struct{ a, b, c int64 }](t, "struct{a, b, c int64}")
	checkGrowth[[5]int32](t, "[5]int32")
	checkGrowth[[100]byte](t, "[100]byte")
}
