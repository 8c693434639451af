// The capacity Go's append gives a grown slice.

package ir

import (
	"reflect"
	"sync"
)

var growth struct {
	sync.Mutex
	caps map[[3]int64]int
}

// GrowCap is the capacity Go's append gives a slice of length and capacity
// oldCap of elements of the given size (in bytes) grown to newLen elements
// (oldCap <= newLen): runtime.growslice's rule, rounded up to the
// allocator's size classes. GrowCap(0, v, size) is v rounded up to the
// size classes: the capacity of a slice grown from nothing. It is
// measured, and memoised, on the running Go's own append (reflect), so it
// is the toolchain's, for elements without pointers (it appends byte
// arrays). Not modelled: the allocator gives an object holding pointers
// above 512 bytes a header, which can change the rounding (append of 33
// strings to nil gives capacity 35; GrowCap(0, 33, 16) is 36).
func GrowCap(oldCap, newLen int, size int64) int {
	key := [3]int64{int64(oldCap), int64(newLen), size}
	growth.Lock()
	defer growth.Unlock()
	if c, ok := growth.caps[key]; ok {
		return c
	}
	et := reflect.ArrayOf(int(size), reflect.TypeOf(byte(0)))
	st := reflect.SliceOf(et)
	s := reflect.MakeSlice(st, oldCap, oldCap)
	add := reflect.MakeSlice(st, newLen-oldCap, newLen-oldCap)
	c := reflect.AppendSlice(s, add).Cap()
	if growth.caps == nil {
		growth.caps = map[[3]int64]int{}
	}
	growth.caps[key] = c
	return c
}
