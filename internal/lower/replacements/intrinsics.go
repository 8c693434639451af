// Intrinsics: functions the front end lowers to IR instructions (this file is only read by leapfrog).

//go:build leapfrog

package replacements

// typeComparable reports whether the dynamic type of x is comparable, as
// reflect.TypeOf(x).Comparable() does (true for nil). The front end lowers
// a call of it to the IR's one-operand comparable.
func typeComparable(x error) bool

// sliceLen is the length of the slice x holds. The front end lowers a
// call of it to the IR's slicelen: the run aborts when x holds no slice.
func sliceLen(x any) int

// sliceSwap swaps elements i and j (in range) of the slice x holds, as
// reflect.Swapper(x)(i, j) does. The front end lowers a call of it to the
// IR's sliceswap.
func sliceSwap(x any, i, j int)

// sameType reports whether x and y hold values of one dynamic type (true
// when both are nil). The front end lowers a call of it to the IR's
// sametype.
func sameType(x, y any) bool

// keyComparable reports whether x == x does not panic: whether x can be
// a map's key (Go's hash panics exactly where == does). The front end
// lowers a call of it to the IR's comparable x, x.
func keyComparable(x any) bool

// compares reports whether x == y does not panic. The front end lowers a
// call of it to the IR's comparable x, y.
func compares(x, y any) bool

// randomBits is 64 random bits (rand.go): the engine answers a call with
// fresh variables that a test cannot fix (its env.go).
func randomBits() uint64
