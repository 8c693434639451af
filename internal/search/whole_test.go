// The whole-function encoding: when Auto chooses it, and its verdicts.

package search

import (
	"strings"
	"testing"

	"leapfrog/internal/report"
	"leapfrog/internal/solver/z3"
)

func treefrogOn(t *testing.T, src string) (*Session, *Result) {
	t.Helper()
	return runOn(t, src, Auto{})
}

// TestWholeFunction: a loop-free function is settled on its whole-function
// encoding (no flip, no enumeration), its unreachable outcome proved by its
// obligation; a function with a loop, or with a run-time check that can
// fail, is not (nor one returning from inside a branch: a merged region has
// one exit).
func TestWholeFunction(t *testing.T) {
	loopFree := `
func F(a i32, b i32) i32 {
entry:
	%1 = lt a, 10:i32
	if %1 t1 f1
t1:
	jump n2
f1:
	jump n2
n2:
	%2 = gt a, 20:i32
	if %2 t2 f2
t2:
	%3 = lt a, 15:i32
	if %3 t3 f3
t3:
	jump n4
f3:
	jump n4
f2:
	%4 = eq b, 3:i32
	if %4 t4 f4
t4:
	jump n4
f4:
	jump n4
n4:
	%5 = phi [t3: 1:i32, f3: 2:i32, t4: 3:i32, f4: 0:i32]
	return %5
}
`
	s, r := treefrogOn(t, loopFree)
	if s.whole == nil || r.Stats.Suffixes != 0 || r.Stats.InfeasiblePaths != 0 {
		t.Fatalf("loop-free: whole-function encoding not used: %+v", r.Stats)
	}
	for _, b := range r.Branches {
		unreachable := b.Pos.String() == "w.ir:15:2" && b.Outcome == "true" // a > 20 && a < 15
		switch {
		case unreachable && (b.Verdict != report.Unreachable || !strings.Contains(b.SMT2, "assert")):
			t.Errorf("%s %s: %s (%s), want unreachable with its obligation", b.Pos, b.Outcome, b.Verdict, b.SMT2)
		case !unreachable && b.Verdict != report.Covered:
			t.Errorf("%s %s: %s (%s), want covered", b.Pos, b.Outcome, b.Verdict, b.Reason)
		}
	}
	if r.Stats.SolverCalls > r.Stats.Cases+1 {
		t.Errorf("%d solver calls for %d cases and 1 unreachable outcome", r.Stats.SolverCalls, r.Stats.Cases)
	}

	withLoop := `
func G(n i32) i32 {
entry:
	jump h
h:
	%1 = phi [entry: 0:i32, body: %3]
	%2 = lt %1, n
	if %2 body exit
body:
	%3 = add %1, 1:i32
	jump h
exit:
	return %1
}
`
	if s, _ := treefrogOn(t, withLoop); s.whole != nil {
		t.Error("a loop: whole-function encoding used")
	}
	withCheck := `
func H(a i32, b i32) i32 {
entry:
	%1 = lt a, 10:i32
	if %1 t1 f1
t1:
	%2 = div a, b
	return %2
f1:
	return 0:i32
}
`
	if s, _ := treefrogOn(t, withCheck); s.whole != nil {
		t.Error("a division by a symbolic divisor: whole-function encoding used")
	}
}

// TestWholeFoldedObligation: an obligation the engine folds to false (y :=
// a & 0; y == 1) is refuted without a literal (assert false): the script
// names the folded obligation, says so, and is unsat for Z3 on its own.
func TestWholeFoldedObligation(t *testing.T) {
	src := `
func F(a i32) i32 {
entry:
	%1 = and a, 0:i32
	%2 = eq %1, 1:i32
	if %2 t f
t:
	jump n
f:
	jump n
n:
	%3 = phi [t: 1:i32, f: 0:i32]
	return %3
}
`
	s, r := treefrogOn(t, src)
	if s.whole == nil {
		t.Fatal("whole-function encoding not used")
	}
	found := false
	for _, b := range r.Branches {
		if b.Verdict != report.Unreachable {
			continue
		}
		found = true
		if strings.Contains(b.SMT2, "(assert false)") || !strings.Contains(b.SMT2, "the engine folded") {
			t.Errorf("%s %s: smt2\n%s", b.Pos, b.Outcome, b.SMT2)
		}
		if got, err := z3.EvalSMT2(b.SMT2, 0); err != nil || got != "unsat" {
			t.Errorf("%s %s: Z3 says %q %v on\n%s", b.Pos, b.Outcome, got, err, b.SMT2)
		}
	}
	if !found {
		t.Error("no unreachable outcome")
	}
}
