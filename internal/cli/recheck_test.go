// Tests of the independent re-proof of unreachable verdicts: confirmed, undecided, engine wrong, encodings disagreeing.

package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"leapfrog/internal/engine"
	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
	"leapfrog/internal/lower"
	"leapfrog/internal/report"
	"leapfrog/internal/search"
	"leapfrog/internal/solver/z3"
)

// explore runs treefrog on fn within the budget (0: none) and returns the
// session, its engine and the report, as analyze does before rechecking.
func explore(t *testing.T, fn *ir.Function, budget time.Duration) (*search.Session, *engine.Engine, *report.Function) {
	t.Helper()
	slv := z3.New(10 * time.Second)
	t.Cleanup(slv.Close)
	eng := engine.New(expr.NewBuilder(), 10)
	var deadline time.Time
	if budget > 0 {
		deadline = time.Now().Add(budget)
	}
	s := search.NewSession(search.Config{Fn: fn, Engine: eng, Solver: slv, Deadline: deadline})
	search.ExploreLoops(s, search.TreeFrog{}, search.LoopOptions{})
	return s, eng, s.Report(fn.Name, "p", "treefrog")
}

func lowerTarget(t *testing.T, dir string, name string) *ir.Function {
	t.Helper()
	res, err := lower.Load(dir, []string{name})
	if err != nil || len(res.Errors) > 0 {
		t.Fatalf("%v %v", err, res.Errors)
	}
	return res.Targets[0].Func
}

// fakeUnreachable turns branch i into an unreachable claim with a bogus proof.
func fakeUnreachable(r *report.Function, i int) {
	b := &r.Branches[i]
	b.Verdict, b.Case, b.Reason = report.Unreachable, "", "fake"
	b.Conflict, b.SMT2 = []string{b.Pos + " " + b.Outcome}, "(assert false)\n(check-sat)\n"
}

// TestRecheckEngineWasWrong claims unreachable a branch that a run reaches:
// the re-check must find a witness, replay it, cover the branch with a new
// case and say so loudly.
func TestRecheckEngineWasWrong(t *testing.T) {
	fn := lowerTarget(t, filepath.Join(benchCopy(t), "tcas"), "AltSepTest12")
	s, eng, r := explore(t, fn, time.Nanosecond) // the first run only
	target := -1
	for i, b := range r.Branches {
		if b.Verdict == report.Unknown && b.Pos == "tcas.go:174:6" && b.Outcome == "true" {
			target = i
		}
	}
	if target < 0 {
		t.Fatal("no open branch tcas.go:174:6 true after one run")
	}
	before := r.Branches
	fakeUnreachable(r, target)
	var errb bytes.Buffer
	r = recheck(s, eng, r, options{solverTimeout: 10 * time.Second}, &errb)
	b := r.Branches[target]
	if b.Verdict != report.Covered || !strings.Contains(b.CheckReason, "ENGINE WAS WRONG") {
		t.Fatalf("after the re-check: %+v", b)
	}
	if want := "leapfrog: ENGINE WAS WRONG: tcas.go:174:6 true claimed unreachable, reached by Cur_Vertical_Sep="; !strings.HasPrefix(errb.String(), want) {
		t.Errorf("stderr %q, want it to start with %q", errb.String(), want)
	}
	found := false
	for _, c := range r.Cases {
		if c.Name == b.Case && !c.Discarded && strings.Contains(strings.Join(c.Covers, " "), b.ID) {
			found = true
		}
	}
	if !found {
		t.Errorf("no kept case %q covering %s in %+v", b.Case, b.ID, r.Cases)
	}
	// The other verdicts stay, but for what the new case covers too.
	for i, x := range r.Branches {
		if i != target && x.Verdict != before[i].Verdict && x.Verdict != report.Covered {
			t.Errorf("%s %s changed from %s to %s", x.Pos, x.Outcome, before[i].Verdict, x.Verdict)
		}
	}
}

// TestRecheckDisagreement: a witness the engine's replay does not confirm
// (here the replay is cut short) leaves the verdict unknown, with the reason.
func TestRecheckDisagreement(t *testing.T) {
	fn := lowerTarget(t, filepath.Join(benchCopy(t), "tcas"), "AltSepTest12")
	s, eng, r := explore(t, fn, time.Nanosecond)
	target := -1
	for i, b := range r.Branches {
		if b.Verdict == report.Unknown && b.Outcome == "true" {
			target = i
			break
		}
	}
	fakeUnreachable(r, target)
	eng.MaxSteps = 1
	var errb bytes.Buffer
	r = recheck(s, eng, r, options{solverTimeout: 10 * time.Second}, &errb)
	b := r.Branches[target]
	if b.Verdict != report.Unknown || !strings.Contains(b.Reason, "the two encodings disagree") || b.SMT2 == "" {
		t.Errorf("after the re-check: %+v", b)
	}
	if errb.Len() != 0 {
		t.Errorf("stderr %q", errb.String())
	}
}

// TestRecheckUndecided: an unreachable claim the independent encoding cannot
// settle (a loop beyond its unwinding bound) stays, vouched for by the
// engine only, with the reason.
func TestRecheckUndecided(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module p\n\ngo 1.22\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "p.go"), []byte(`package p

func Long(x uint8) int {
	n := 0
	for i := uint8(0); i < x; i++ {
		n++
	}
	if n > 255 {
		return 1
	}
	return 0
}
`), 0o644)
	fn := lowerTarget(t, dir, "Long")
	s, eng, r := explore(t, fn, 0)
	target := -1
	for i, b := range r.Branches {
		if b.Pos == "p.go:8:5" && b.Outcome == "true" {
			target = i
		}
	}
	if target < 0 {
		t.Fatalf("no objective p.go:8:5 true: %+v", r.Branches)
	}
	fakeUnreachable(r, target) // true, but the engine leaves it unknown (loop bound)
	r = recheck(s, eng, r, options{solverTimeout: 10 * time.Second}, &bytes.Buffer{})
	b := r.Branches[target]
	want := "input-dependent loop 1 at p.go:5:21: more than 64 iterations possible"
	if b.Verdict != report.Unreachable || b.Checked != report.CheckedEngine || b.CheckReason != want {
		t.Errorf("after the re-check: %+v, want checked engine: %s", b, want)
	}
	var out bytes.Buffer
	summarize(&out, r, r.Function)
	if !strings.Contains(out.String(), "\n              not re-proved independently: "+want+"\n") {
		t.Errorf("summary:\n%s", out.String())
	}
}
