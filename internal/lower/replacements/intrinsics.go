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

// commandLine is the process's command line, os.Args (os.go): the engine
// answers a call with a slice whose length and strings are fresh
// variables a test cannot fix (its args.go).
func commandLine() []string

// The reflect model's intrinsics (reflect.go): type ids index the
// program's table of reflected types (0: none).

// rtypeof is the type id of x's dynamic type (0 for nil); the front end
// lowers a call of it to the IR's rtypeof, which decides a symbolic one.
func rtypeof(x any) int

// rtypeint is the integer property what (rt* constants) of type t; i is
// a field's index where the property is a field's.
func rtypeint(t, what, i int) int

// rtypestr is the string property what (rs* constants) of type t.
func rtypestr(t, what, i int) string

// rget is the value reached from root (of type rootT) by steps (a field's
// or an element's index, or a pointer's dereference), boxed as type t: as
// the interface itself when t is an interface type.
func rget(root any, rootT int, steps []int, t int) any

// rlen is the length of the slice or map reached so.
func rlen(root any, rootT int, steps []int) int

// rcap is the capacity of the slice reached so.
func rcap(root any, rootT int, steps []int) int

// risnil reports whether the pointer, slice, map, function or interface
// reached so is nil.
func risnil(root any, rootT int, steps []int) bool

// rset stores the value x holds (x itself for an interface type) where
// steps lead from root: in memory, past a dereference or a slice's element.
func rset(root any, rootT int, steps []int, x any)

// raddr is the address of what steps lead to from root (in memory), boxed
// as the pointer type t.
func raddr(root any, rootT int, steps []int, t int) any

// rnew is the address of a fresh variable of type t, zero, boxed as the
// pointer type to t.
func rnew(t int) any

// rmake is make(t, n, c) of the slice type t, or make(t) of the map type
// t, boxed as t; with c -1, the zero value of t (no interface type).
func rmake(t, n, c int) any

// rmapindex is the element at key of the map (of type mt) reached from
// root by steps: none where the key is absent. A key or an element
// crosses boxed as its type, or, for an interface type, as itself.
func rmapindex(root any, rootT int, steps []int, mt int, key any) []any

// rmapset stores elem at key in the map reached so (not nil).
func rmapset(root any, rootT int, steps []int, mt int, key, elem any)

// rmapdelete deletes key from the map reached so.
func rmapdelete(root any, rootT int, steps []int, mt int, key any)

// rmapkeys is the keys present in the map reached so, in an order Go
// does not fix: where there are several, the run depends on it.
func rmapkeys(root any, rootT int, steps []int, mt int) []any

// rslice is the slice expression x[i:j:k] (x[i:j] for k -1) of the
// slice, string or array x reached so (in place for an array in memory),
// boxed as type t; the bounds are checked.
func rslice(root any, rootT int, steps []int, i, j, k, t int) any

// rappend is append(x, y...) of the slices x and y hold (of one element
// type), boxed as x is.
func rappend(x, y any) any

// rcopy is copy(dst, src) of the slice dst holds from the slice (of its
// element type) or the string src holds.
func rcopy(dst, src any) int
