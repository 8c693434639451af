package fakestd_test

import (
	"fakestd"
	"testing"
)

func TestIndex(t *testing.T) {
	if fakestd.Index("abc", 'c') != 2 {
		t.Fatal("Index")
	}
}
