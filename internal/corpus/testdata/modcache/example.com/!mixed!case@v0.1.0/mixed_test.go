package mixed

import "testing"

func TestMax(t *testing.T) {
	if Max(1, 2) != 2 {
		t.Fatal("Max(1, 2)")
	}
}

func TestCrash(t *testing.T) {
	var m map[string]int
	m["x"] = 1 // the test binary panics: the corpus runs it again without TestCrash
}
