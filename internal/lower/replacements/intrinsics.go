// Intrinsics: functions the front end lowers to IR instructions (this file is only read by leapfrog).

//go:build leapfrog

package replacements

// typeComparable reports whether the dynamic type of x is comparable, as
// reflect.TypeOf(x).Comparable() does (true for nil). The front end lowers
// a call of it to the IR's one-operand comparable.
func typeComparable(x error) bool
