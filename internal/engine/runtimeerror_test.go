// The text of recovered run-time errors against the Go runtime's.

package engine

import "testing"

// TestRuntimeErrorText: the texts runtimeErrorText calls exact are the
// runtime's own, panic by panic; the others are its start. (The recovered
// error of pkg/errors' WithMessagef printed "runtime error: nil pointer
// dereference" in a case the emitted test then failed.)
func TestRuntimeErrorText(t *testing.T) {
	var p *int
	var m map[int]int
	z, n := 0, -1
	var s []int
	for _, c := range []struct {
		kind string
		f    func()
	}{
		{"nil pointer dereference", func() { _ = *p }},
		{"integer divide by zero", func() { _ = 1 / z }},
		{"negative shift amount", func() { _ = 1 << n }},
		{"assignment to entry in nil map", func() { m[1] = 2 }},
		{"makeslice: len out of range", func() { _ = make([]int, n) }},
		{"makeslice: cap out of range", func() { _ = make([]int, 0, n) }},
		{"index out of range", func() { _ = s[z] }},
		{"slice bounds out of range", func() { _ = s[:z+1] }},
	} {
		got := func() (msg string) {
			defer func() {
				r := recover()
				e, ok := r.(interface {
					error
					RuntimeError()
				})
				if !ok {
					t.Fatalf("%s: recovered %v, not a runtime.Error", c.kind, r)
				}
				msg = e.Error()
			}()
			c.f()
			return ""
		}()
		text, exact := runtimeErrorText(c.kind)
		switch {
		case exact && got != text:
			t.Errorf("%s: Go says %q, runtimeErrorText %q (exact)", c.kind, got, text)
		case !exact && (len(got) < len(text) || got[:len(text)] != text):
			t.Errorf("%s: Go says %q, which does not start with %q", c.kind, got, text)
		}
	}
}
