// Differential test: unique.Make and Handle.Value against the replacements.

package replacements

import (
	"fmt"
	"testing"
	"unique"
)

type detail struct {
	isV6 bool
	zone string
}

// checkUnique compares, for every pair of vals, whether their handles are
// equal, and every handle's value; and the zero handle's Value.
func checkUnique[T comparable](t *testing.T, vals []T) {
	t.Helper()
	for _, a := range vals {
		for _, b := range vals {
			got := (makeOf[T]{}).Make(a) == (makeOf[T]{}).Make(b)
			want := unique.Make(a) == unique.Make(b)
			if got != want {
				t.Errorf("Make(%v) == Make(%v): got %v, want %v", a, b, got, want)
			}
		}
		if got, want := (makeOf[T]{}).Make(a).Value(), unique.Make(a).Value(); got != want {
			t.Errorf("Make(%v).Value() = %v, want %v", a, got, want)
		}
	}
	var zr unique.Handle[T]
	var zm handle[T]
	got := outcomeOf(func() string { return fmt.Sprint(zm.Value()) })
	want := outcomeOf(func() string { return fmt.Sprint(zr.Value()) })
	if got != want {
		t.Errorf("the zero Handle's Value: got %s, want %s", got, want)
	}
	if zm == (makeOf[T]{}).Make(*new(T)) || zr == unique.Make(*new(T)) {
		t.Error("the zero Handle equals the handle of the zero value")
	}
}

func TestUnique(t *testing.T) {
	checkUnique(t, []string{"", "a", "b", "ab", "a"})
	checkUnique(t, []detail{{}, {true, ""}, {true, "eth0"}, {false, "eth0"}, {true, "eth0"}})
	checkUnique(t, [][2]int8{{0, 0}, {1, 0}, {0, 1}, {1, 0}})
	x, y := new(int), new(int)
	checkUnique(t, []*int{nil, x, y, x})
}
