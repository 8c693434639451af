// The inlined program: what the proofs refuse to follow, and what a loop header carries.

package invariant

import (
	"strings"
	"testing"
	"time"

	"leapfrog/internal/ir"
	"leapfrog/internal/irparse"
)

// panicOf returns the explicit panic of a function.
func panicOf(t *testing.T, fn *ir.Function) Objective {
	t.Helper()
	for _, b := range fn.Blocks {
		if p, ok := b.Terminator().(*ir.Panic); ok && p.Kind == ir.ExplicitPanic {
			return Objective{Panic: p}
		}
	}
	t.Fatalf("no panic in %s", fn.Name)
	return Objective{}
}

// TestNoProofWhereTheModelIsBlind: an objective in a function that may
// also run where the model does not follow the call (recursion, a call
// through a function value), or in a program that recovers panics, gets
// no proof, though it is unreachable in the functions inlined.
func TestNoProofWhereTheModelIsBlind(t *testing.T) {
	for _, c := range []struct{ name, src, why string }{
		{"recursion", `
func F(n i64) i64 {
	%0 = call G(n)
	return %0
}
func G(n i64) i64 {
b0:
	%0 = le n, 0:i64
	if %0 b1 b2
b1:
	return 0:i64
b2:
	%1 = sub n, 1:i64
	%2 = call G(%1)
	%3 = gt %2, 100:i64
	if %3 b3 b4
b3:
	panic "never"
b4:
	return %2
}
`, "may also run inside a call"},
		{"function value", `
func F(n i64) i64 {
	%0 = closure G
	%1 = call G(0:i64)
	%2 = callv %0(n)
	return %2
}
func G(n i64) i64 {
b0:
	%0 = gt n, 100:i64
	if %0 b1 b2
b1:
	panic "big"
b2:
	return n
}
`, "may also run inside a call"},
		{"recover", `
func F(n i64) i64 {
b0:
	%0 = call G(0:i64)
	%1 = call H()
	return %0
}
func G(n i64) i64 {
b0:
	%0 = gt n, 100:i64
	if %0 b1 b2
b1:
	panic "big"
b2:
	return n
}
func H() i64 {
	%0 = recover
	return 0:i64
}
`, "recover"},
	} {
		t.Run(c.name, func(t *testing.T) {
			prog, err := irparse.Parse(c.name+".ir", []byte(c.src))
			if err != nil {
				t.Fatal(err)
			}
			r := NewProver(prog.Func("F"), nil).Prove(panicOf(t, prog.Func("G")), DefaultOptions)
			if r.Proved || !strings.Contains(r.Why, c.why) {
				t.Errorf("proved %v, why %q; want no proof because %q", r.Proved, r.Why, c.why)
			}
		})
	}
}

// TestSlots: a loop header carries the parameters and the values computed
// before the loop that are read in it or after it, and its phis; not the
// values computed in the loop, nor those no longer read (n, %9).
func TestSlots(t *testing.T) {
	prog, err := irparse.Parse("slots.ir", []byte(`
func F(s string, n i64) i64 {
b0:
	%0 = len s
	%1 = add n, 1:i64
	%9 = add n, 2:i64
	jump b1
b1:
	%2 = phi [b0: 0:i64, b2: %4]
	%3 = lt %2, %0
	if %3 b2 b3
b2:
	%4 = add %2, 1:i64
	%5 = mul %4, 3:i64
	jump b1
b3:
	%7 = len s
	%8 = add %2, %1
	%6 = add %8, %7
	return %6
}
`))
	if err != nil {
		t.Fatal(err)
	}
	m := newModel(prog.Func("F"), nil)
	if len(m.cuts) != 1 {
		t.Fatalf("%d cut points, want 1", len(m.cuts))
	}
	var names []string
	for _, k := range m.slots[m.cuts[0]] {
		names = append(names, m.valueName(k))
	}
	if got, want := strings.Join(names, " "), "s F.%0 F.%1 F.%2"; got != want {
		t.Errorf("slots %q, want %q", got, want)
	}
}

// TestNoProofPastAnAbort: a callee whose body aborts the run with an
// AbortPanic (os.Remove's replacement: not modelled, while Go returns) is
// not inlined, so the outcomes after its call are not excluded for want
// of a path: H's b[i] at i == len(b) is reachable in Go. Before, the
// abstract interpretation proved it unreachable and cvc5 checked that
// certificate (the same model).
func TestNoProofPastAnAbort(t *testing.T) {
	fns := lowerGo(t, `package p

import "os"

func H(b []byte, name string, x int) int {
	if x > 0 {
		return 0
	}
	os.Remove(name)
	n := 0
	for i := 0; i <= len(b); i++ {
		n += int(b[i])
	}
	return n
}
`, "H")
	objs := checks(fns["H"])
	if len(objs) != 1 {
		t.Fatalf("%d checks, want b[i]'s", len(objs))
	}
	if r := NewProver(fns["H"], nil).Prove(objs[0], Options{AbsInt: true, Spacer: 10 * time.Second}); r.Proved {
		t.Fatalf("%v proved unreachable by %s: it is reachable (os.Remove returns in Go)", objs[0], r.Method)
	}
}

// TestProofPastAFatalError: a callee whose body ends in a FatalPanic (a
// fatal error of Go's run time, or os.Exit: Go never goes past it) is
// inlined, and the path that reaches it ends there: G's b[0] is reached
// only with len(b) > 0.
func TestProofPastAFatalError(t *testing.T) {
	fns := lowerGo(t, `package p

import "os"

func G(b []byte) byte {
	if len(b) == 0 {
		os.Exit(2)
	}
	return b[0]
}
`, "G")
	objs := checks(fns["G"])
	if len(objs) != 1 {
		t.Fatalf("%d checks, want b[0]'s", len(objs))
	}
	if r := NewProver(fns["G"], nil).Prove(objs[0], Options{AbsInt: true, Spacer: 10 * time.Second}); !r.Proved {
		t.Fatalf("%v not proved unreachable (%s): os.Exit does not return", objs[0], r.Why)
	}
}
