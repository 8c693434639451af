// Differential test: ValueOf(x).Len() and Swapper against reflect's, on slices of several element types.

package replacements

import (
	"fmt"
	"math/rand"
	"reflect"
	"testing"
)

type pair struct {
	a int8
	s string
}

// checkSwapper swaps random pairs of elements of two copies of s, one by
// Swapper, one by reflect.Swapper: the copies must stay equal; an index
// out of range panics in both (the replacement aborts the run).
func checkSwapper[E any](t *testing.T, r *rand.Rand, s []E) {
	t.Helper()
	a, b := append([]E(nil), s...), append([]E(nil), s...)
	if got, want := ValueOf(a).Len(), reflect.ValueOf(b).Len(); got != want {
		t.Errorf("ValueOf(%v).Len() = %d, want %d", s, got, want)
	}
	if got, want := ReflectValueOf(a).Len(), reflect.ValueOf(b).Len(); got != want {
		t.Errorf("ReflectValueOf(%v).Len() = %d, want %d", s, got, want)
	}
	sa, sb := Swapper(a), reflect.Swapper(b)
	for k := 0; k < 20; k++ {
		i, j := r.Intn(len(s)+2)-1, r.Intn(len(s)+2)-1
		got := outcomeOf(func() string { sa(i, j); return "" })
		want := outcomeOf(func() string { sb(i, j); return "" })
		inRange := i >= 0 && j >= 0 && i < len(s) && j < len(s)
		if inRange && got != want || !inRange && (got == "" || want == "") {
			t.Errorf("swap(%d, %d) of %v: got %q, want %q", i, j, s, got, want)
		}
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("after swap(%d, %d): %v, want %v", i, j, a, b)
		}
	}
}

func TestSwapper(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	for n := 0; n <= 5; n++ {
		ints := make([]int, n)
		strs := make([]string, n)
		pairs := make([]pair, n)
		ptrs := make([]*int, n)
		for i := range n {
			ints[i], strs[i], pairs[i], ptrs[i] = i, fmt.Sprint(i), pair{int8(i), fmt.Sprint(i)}, new(int)
		}
		checkSwapper(t, r, ints)
		checkSwapper(t, r, strs)
		checkSwapper(t, r, pairs)
		checkSwapper(t, r, ptrs)
		checkSwapper(t, r, []byte(fmt.Sprint(ints)))
	}
	// A non-slice: reflect panics, the replacement aborts.
	if got := outcomeOf(func() string { Swapper(3); return "" }); got == "" {
		t.Error("Swapper of an int does not stop")
	}
	if got := outcomeOf(func() string { return fmt.Sprint(ValueOf(nil).Len()) }); got == "" {
		t.Error("ValueOf(nil).Len() does not stop")
	}
}
