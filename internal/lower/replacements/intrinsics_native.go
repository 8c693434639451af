// Intrinsics compiled natively, for the differential tests: the reflection leapfrog does not interpret.

//go:build !leapfrog

package replacements

import (
	"math/rand/v2"
	"os"
	"reflect"
)

// typeComparable reports whether the dynamic type of x is comparable.
func typeComparable(x error) bool {
	return x == nil || reflect.TypeOf(x).Comparable()
}

// sliceLen is the length of the slice x holds; it panics when x holds
// none (leapfrog aborts the run).
func sliceLen(x any) int {
	v := reflect.ValueOf(x)
	if v.Kind() != reflect.Slice {
		panic(unmodelled("reflection on a non-slice: reflect's panic is not modelled"))
	}
	return v.Len()
}

// sliceSwap swaps elements i and j of the slice x holds.
func sliceSwap(x any, i, j int) { reflect.Swapper(x)(i, j) }

// sameType reports whether x and y hold values of one dynamic type.
func sameType(x, y any) bool { return reflect.TypeOf(x) == reflect.TypeOf(y) }

// keyComparable reports whether x == x does not panic.
func keyComparable(x any) bool { return compares(x, x) }

// compares reports whether x == y does not panic.
func compares(x, y any) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	_ = x == y
	return true
}

// randomBits is 64 random bits.
func randomBits() uint64 { return rand.Uint64() }

// commandLine is the process's command line.
func commandLine() []string { return os.Args }
