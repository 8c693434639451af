package fakestd

import "testing"

// TestBroken does not build: the corpus leaves this file out.
func TestBroken(t *testing.T) { undefinedInTheCopy() }
