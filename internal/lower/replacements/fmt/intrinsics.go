// Intrinsics: the reflection and concretization the engine answers (internal/engine/fmt.go); this file is only read by leapfrog.

//go:build leapfrog

package fmt

// kindOf is the kind of x's dynamic type (kInt and kUint for every
// integer kind); kInvalid for nil.
func kindOf(x any) int

// typeString is reflect.TypeOf(x).String().
func typeString(x any) string

// boolOf, intOf, uintOf, floatOf, stringOf and bytesOf are the value x
// holds, of a boolean, signed, unsigned, float, string or byte-slice
// kind.
func boolOf(x any) bool
func intOf(x any) int64
func uintOf(x any) uint64
func floatOf(x any) float64
func stringOf(x any) string
func bytesOf(x any) []byte

// lenOf is the length of a string, array, slice or map (a map's entries),
// and whether it was symbolic (the concrete length is returned).
func lenOf(x any) (int, bool)

// isNilValue reports whether a slice, map, pointer or function is nil,
// and whether that was symbolic.
func isNilValue(x any) (bool, bool)

// numField is the number of fields of a struct; fieldInfo the name of
// field i, whether it is exported and whether it is embedded.
func numField(x any) int
func fieldInfo(x any, i int) (name string, exported, embedded bool)

// partIface reports whether a part of x's type is an interface type, and
// names it: field i of a struct (i >= 0), the element of an array, slice,
// map or pointer (-1), the key of a map (-2).
func partIface(x any, i int) (bool, string)

// elemIsByte reports whether the elements of an array or slice have the
// kind uint8.
func elemIsByte(x any) bool

// field, index and elem are field i of a struct, element i of an array
// or slice and the value a non-nil pointer points to, boxed with their
// own type (a part of interface type: what it holds).
func field(x any, i int) any
func index(x any, i int) any
func elem(x any) any

// mapEntry is the key and the value of the i-th entry of a map (i below
// lenOf), in an order of the engine's.
func mapEntry(x any, i int) (key, val any)

// pointer is the address a pointer, slice, map or function holds (0 for
// nil). Go does not fix addresses: a result that depends on one is
// tainted under addressKey.
func pointer(x any) uintptr

// typeOrder orders the dynamic types of two interface keys (fmtsort
// compares their type descriptors' addresses, which Go does not fix).
func typeOrder(a, b any) int

// concreteUint, concreteBool, concreteString and concreteFloat are their
// argument with its concrete value, and what it depended on: "" (it was
// concrete), addressKey or runtimeTextKey (it depends on what a test
// cannot fix), or concretizedKey (another symbolic value).
func concreteUint(u uint64) (uint64, string)
func concreteBool(b bool) (bool, string)
func concreteString(s string) (string, string)
func concreteFloat(f float64) (float64, string)

// formatFloat is strconv.FormatFloat(f, verb, prec, size), f concrete.
func formatFloat(f float64, verb byte, prec, size int) string

// tainted is s made of fresh variables whose values are s's bytes: the
// result of fn, computed from concretized values, or (fn addressKey or
// runtimeTextKey) a text a test cannot fix.
func tainted(s, fn string) string

// runtimeError is the text of a recovered run-time error (its Error()),
// which the engine holds as no value of a dynamic type.
func runtimeError(x any) (string, bool)
