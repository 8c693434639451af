// The capacity Go's append gives a grown slice.

package ir

import (
	"fmt"
	"reflect"
	"sync"
)

var growth struct {
	sync.Mutex
	caps map[growthKey]int
}

type growthKey struct {
	oldCap, newLen int
	size           int64
	pointers       bool
}

// GrowCap is the capacity Go's append gives a slice of length and capacity
// oldCap of elements of type elem grown to newLen elements (oldCap <=
// newLen): runtime.growslice's rule, rounded up to the allocator's size
// classes, which depend on the elements' size and on whether they hold
// pointers (the allocator gives an object holding pointers above 512 bytes
// a header). GrowCap(0, v, elem) is v rounded up to the size classes: the
// capacity of a slice grown from nothing. It is measured, and memoised, on
// the running Go's own append (reflect) of elements of the same size and
// pointer-holding, so it is the toolchain's. Elements of size 0 get
// capacity newLen (growslice allocates nothing for them).
func GrowCap(oldCap, newLen int, elem *Type) int {
	size := elem.Size
	if size == 0 {
		return newLen
	}
	key := growthKey{oldCap, newLen, size, HasPointers(elem)}
	growth.Lock()
	defer growth.Unlock()
	if c, ok := growth.caps[key]; ok {
		return c
	}
	et := reflect.ArrayOf(int(size), reflect.TypeOf(byte(0)))
	if key.pointers {
		if size%8 != 0 {
			panic(fmt.Sprintf("ir.GrowCap: elements of %s hold pointers and are %d bytes", elem, size))
		}
		et = reflect.ArrayOf(int(size/8), reflect.TypeOf((*byte)(nil)))
	}
	st := reflect.SliceOf(et)
	s := reflect.MakeSlice(st, oldCap, oldCap)
	add := reflect.MakeSlice(st, newLen-oldCap, newLen-oldCap)
	c := reflect.AppendSlice(s, add).Cap()
	if growth.caps == nil {
		growth.caps = map[growthKey]int{}
	}
	growth.caps[key] = c
	return c
}

// HasPointers reports whether a value of t holds a pointer for gc's
// allocator: a pointer, string, slice, map, interface or function value,
// or an array or struct holding one.
func HasPointers(t *Type) bool {
	switch t.Kind {
	case KBool, KInt, KFloat:
		return false
	case KPointer, KString, KSlice, KMap, KInterface, KFunc:
		return true
	case KArray:
		return t.Len > 0 && HasPointers(t.Elem)
	case KStruct:
		for _, f := range t.Fields {
			if HasPointers(f.Type) {
				return true
			}
		}
		return false
	}
	panic(fmt.Sprintf("ir.HasPointers: a value of kind %d", t.Kind))
}
