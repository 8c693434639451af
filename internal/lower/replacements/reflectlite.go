// internal/reflectlite as sort.Slice, SliceStable and SliceIsSorted use it: ValueOf(x).Len(), Swapper(x).

package replacements

// liteValue replaces internal/reflectlite.Value: the interface it was
// made of. Its Len is a slice's only: sort.Slice's argument must be one
// (for another value, reflect panics with a message that names its kind:
// the run is aborted instead).
type liteValue struct {
	v any
	_ uintptr
}

// ValueOf replaces internal/reflectlite.ValueOf.
func ValueOf(i any) liteValue { return liteValue{v: i} }

// Len replaces (internal/reflectlite.Value).Len.
func (v liteValue) Len() int { return sliceLen(v.v) }

// Swapper replaces internal/reflectlite.Swapper: a function swapping two
// elements of the slice (its header as it is now). An index out of range
// (which sort never passes) aborts the run: reflect's panic depends on
// the element type.
func Swapper(slice any) func(i, j int) {
	n := sliceLen(slice)
	return func(i, j int) {
		if uint(i) >= uint(n) || uint(j) >= uint(n) {
			panic(unmodelled("reflect.Swapper: index out of range (reflect's panic is not modelled)"))
		}
		sliceSwap(slice, i, j)
	}
}

// ReflectSwapper replaces reflect.Swapper.
func ReflectSwapper(slice any) func(i, j int) { return Swapper(slice) }
