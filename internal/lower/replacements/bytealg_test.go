// Differential tests: each replacement against its original, through the exported wrappers of strings and bytes.

package replacements

import (
	"bytes"
	"strings"
	"testing"
)

// words are every string of length 0 to 4 over a three-letter alphabet.
func words() []string {
	out := []string{""}
	prev := []string{""}
	for n := 1; n <= 4; n++ {
		var next []string
		for _, w := range prev {
			for _, c := range []byte{'a', 'b', 0xff} {
				next = append(next, w+string([]byte{c}))
			}
		}
		out = append(out, next...)
		prev = next
	}
	return out
}

func TestReplacements(t *testing.T) {
	ws := words()
	for _, a := range ws {
		for _, c := range []byte{'a', 'b', 0xff, 'z'} {
			if got, want := IndexByteString(a, c), strings.IndexByte(a, c); got != want {
				t.Errorf("IndexByteString(%q, %q) = %d, want %d", a, c, got, want)
			}
			if got, want := IndexByte([]byte(a), c), bytes.IndexByte([]byte(a), c); got != want {
				t.Errorf("IndexByte(%q, %q) = %d, want %d", a, c, got, want)
			}
			if got, want := CountString(a, c), strings.Count(a, string([]byte{c})); got != want {
				t.Errorf("CountString(%q, %q) = %d, want %d", a, c, got, want)
			}
			if got, want := Count([]byte(a), c), bytes.Count([]byte(a), []byte{c}); got != want {
				t.Errorf("Count(%q, %q) = %d, want %d", a, c, got, want)
			}
		}
		for _, b := range ws {
			if got, want := CompareString(a, b), strings.Compare(a, b); got != want {
				t.Errorf("CompareString(%q, %q) = %d, want %d", a, b, got, want)
			}
			if got, want := Compare([]byte(a), []byte(b)), bytes.Compare([]byte(a), []byte(b)); got != want {
				t.Errorf("Compare(%q, %q) = %d, want %d", a, b, got, want)
			}
			if got, want := IndexString(a, b), strings.Index(a, b); got != want {
				t.Errorf("IndexString(%q, %q) = %d, want %d", a, b, got, want)
			}
			if got, want := Index([]byte(a), []byte(b)), bytes.Index([]byte(a), []byte(b)); got != want {
				t.Errorf("Index(%q, %q) = %d, want %d", a, b, got, want)
			}
		}
	}
}

// TestMakeNoZero compares the capacity with the run time's, as
// strings.Builder.Grow exposes it (it allocates MakeNoZero(n) when empty).
func TestMakeNoZero(t *testing.T) {
	for n := 0; n <= 5000; n++ {
		var sb strings.Builder
		sb.Grow(n)
		s := MakeNoZero(n)
		if len(s) != n || cap(s) != sb.Cap() || s == nil {
			t.Fatalf("MakeNoZero(%d): len %d cap %d nil %v, want len %d cap %d", n, len(s), cap(s), s == nil, n, sb.Cap())
		}
	}
}
