// Intrinsics compiled natively, for the differential tests: the reflection leapfrog does not interpret.

//go:build !leapfrog

package replacements

import "reflect"

// typeComparable reports whether the dynamic type of x is comparable.
func typeComparable(x error) bool {
	return x == nil || reflect.TypeOf(x).Comparable()
}
