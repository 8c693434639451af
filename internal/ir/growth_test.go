// Differential test of GrowCap against the compiled append, on elements with and without pointers.

package ir_test

import (
	"testing"
	"unsafe"

	"leapfrog/internal/ir"
	"leapfrog/internal/irparse"
)

// appendCap is the capacity of a slice of len and cap oldCap of T grown by
// the compiled append to newLen elements.
func appendCap[T any](oldCap, newLen int) int {
	s := make([]T, oldCap)
	return cap(append(s, make([]T, newLen-oldCap)...))
}

// checkGrowth compares GrowCap with the compiled append of T for every old
// capacity below 600 grown by 0 to 40 elements, and from nothing to every
// length below 600: across growslice's doubling, its quarter steps past 256
// and the size classes.
func checkGrowth[T any](t *testing.T, name string, elem *ir.Type) {
	if size := int64(unsafe.Sizeof(*new(T))); elem.Size != size {
		t.Fatalf("%s: the IR type %s has size %d, want %d", name, elem, elem.Size, size)
	}
	for oldCap := range 600 {
		for k := range 41 {
			newLen := oldCap + k
			if got, want := ir.GrowCap(oldCap, newLen, elem), appendCap[T](oldCap, newLen); got != want {
				t.Fatalf("GrowCap(%d, %d, %s) = %d; append of %s gives %d", oldCap, newLen, elem, got, name, want)
			}
		}
		if got, want := ir.GrowCap(0, oldCap, elem), appendCap[T](0, oldCap); got != want {
			t.Fatalf("GrowCap(0, %d, %s) = %d; append of %s gives %d", oldCap, elem, got, name, want)
		}
	}
}

// irType is the IR type of a Go type written in the text form, with its
// size.
func irType(t *testing.T, decl string) *ir.Type {
	t.Helper()
	prog, err := irparse.Parse("g.ir", []byte("func F(x "+decl+") i64 {\nb0:\n    return 0:i64\n}\n"))
	if err != nil {
		t.Fatal(err)
	}
	return prog.Funcs[0].Params[0].Type()
}

func TestGrowCapIsAppends(t *testing.T) {
	checkGrowth[byte](t, "byte", irType(t, "u8"))
	checkGrowth[int16](t, "int16", irType(t, "i16"))
	checkGrowth[[3]byte](t, "[3]byte", irType(t, "[3]u8"))
	checkGrowth[int64](t, "int64", irType(t, "i64"))
	checkGrowth[struct{ a, b, c int64 }](t, "struct{a, b, c int64}", irType(t, "struct{a i64; b i64; c i64}"))
	checkGrowth[[5]int32](t, "[5]int32", irType(t, "[5]i32"))
	checkGrowth[[100]byte](t, "[100]byte", irType(t, "[100]u8"))
	// Elements holding pointers: above 512 bytes the allocator adds a
	// header, and the capacities differ from pointer-free ones'.
	checkGrowth[*int](t, "*int", irType(t, "*i64"))
	checkGrowth[string](t, "string", irType(t, "string"))
	checkGrowth[[]int](t, "[]int", irType(t, "[]i64"))
	checkGrowth[struct {
		n int64
		p *int
	}](t, "struct{n int64; p *int}", irType(t, "struct{n i64; p *i64}"))
	checkGrowth[[3]string](t, "[3]string", irType(t, "[3]string"))
	checkGrowth[[2]int64](t, "[2]int64", irType(t, "[2]i64"))
	// Zero-sized elements: capacity newLen.
	checkGrowth[struct{}](t, "struct{}", irType(t, "struct{}"))
	checkGrowth[[0]int64](t, "[0]int64", irType(t, "[0]i64"))
}
