// Stand-in for internal/reflectlite: what sort.Slice uses, through the public reflect package.
package reflectlite

import "reflect"

// Swapper returns a function swapping the elements i and j of the slice s.
func Swapper(s any) func(i, j int) { return reflect.Swapper(s) }

// A Value holds a reflect.Value.
type Value struct{ v reflect.Value }

// ValueOf returns the Value of i.
func ValueOf(i any) Value { return Value{reflect.ValueOf(i)} }

// Len returns the length of v (an array, chan, map, slice or string).
func (v Value) Len() int { return v.v.Len() }
