package tiny

import "testing"

func TestAbs(t *testing.T) {
	if Abs(-2) != 2 {
		t.Fatal("Abs(-2)")
	}
}
