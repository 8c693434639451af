// Tests of the independent re-proof of unreachable verdicts: confirmed, undecided, engine wrong, encodings disagreeing.

package analysis

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"leapfrog/internal/lower"
	"leapfrog/internal/report"
	"leapfrog/internal/search"
	"leapfrog/internal/testutil"
)

// explore builds the pipeline as Analyze does, explores the function with
// the strategy, and returns the analysis and its result, not yet rechecked.
func explore(t *testing.T, tg Target, st search.Strategy) (*analysis, *search.Result) {
	t.Helper()
	cfg := Defaults()
	cfg.Strategy = st
	a, err := start(context.Background(), tg, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(a.close)
	return a, a.explore()
}

// firstRun is a strategy that stops after the first run.
type firstRun struct{}

func (firstRun) Name() string              { return "first-run" }
func (firstRun) Explore(s *search.Session) { s.Execute(s.Initial()) }

func lowerTarget(t *testing.T, dir string, name string) Target {
	t.Helper()
	res, err := lower.Load(dir, []string{name})
	if err != nil || len(res.Errors) > 0 {
		t.Fatalf("%v %v", err, res.Errors)
	}
	return Target{Target: res.Targets[0], Package: "p"}
}

// fakeUnreachable turns branch i into an unreachable claim with a bogus proof.
func fakeUnreachable(r *search.Result, i int) {
	b := &r.Branches[i]
	b.Verdict, b.Case, b.Reason = report.Unreachable, "", "fake"
	b.Conflict, b.SMT2 = []string{b.Pos.String() + " " + b.Outcome}, "(assert false)\n(check-sat)\n"
}

// TestRecheckEngineWasWrong claims unreachable a branch that a run reaches:
// the re-check must find a witness, replay it, cover the branch with a new
// case and say so loudly.
func TestRecheckEngineWasWrong(t *testing.T) {
	tg := lowerTarget(t, filepath.Join(testutil.BenchCopy(t), "tcas"), "AltSepTest12")
	a, r := explore(t, tg, firstRun{})
	target := -1
	for i, b := range r.Branches {
		if b.Verdict == report.Unknown && b.Pos.String() == "tcas.go:174:6" && b.Outcome == "true" {
			target = i
		}
	}
	if target < 0 {
		t.Fatal("no open branch tcas.go:174:6 true after one run")
	}
	before := r.Branches
	fakeUnreachable(r, target)
	r, loud := a.recheck(r)
	b := r.Branches[target]
	if b.Verdict != report.Covered || !strings.Contains(b.CheckReason, "ENGINE WAS WRONG") {
		t.Fatalf("after the re-check: %+v", b)
	}
	if want := "ENGINE WAS WRONG: tcas.go:174:6 true claimed unreachable, reached by Cur_Vertical_Sep="; len(loud) != 1 || !strings.HasPrefix(loud[0], want) {
		t.Errorf("said %q, want one line starting with %q", loud, want)
	}
	found := false
	for _, c := range r.Tests {
		if c.Name == b.Case && !c.Discarded && strings.Contains(strings.Join(c.Covers, " "), b.ID) {
			found = true
		}
	}
	if !found {
		t.Errorf("no kept case %q covering %s in %+v", b.Case, b.ID, r.Tests)
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
	tg := lowerTarget(t, filepath.Join(testutil.BenchCopy(t), "tcas"), "AltSepTest12")
	a, r := explore(t, tg, firstRun{})
	target := -1
	for i, b := range r.Branches {
		if b.Verdict == report.Unknown && b.Outcome == "true" {
			target = i
			break
		}
	}
	fakeUnreachable(r, target)
	a.eng.MaxSteps = 1
	r, loud := a.recheck(r)
	b := r.Branches[target]
	if b.Verdict != report.Unknown || !strings.Contains(b.Reason, "the two encodings disagree") || b.SMT2 == "" {
		t.Errorf("after the re-check: %+v", b)
	}
	if len(loud) != 0 {
		t.Errorf("said %q", loud)
	}
}

// TestRecheckUndecided: an unreachable claim the independent encoding cannot
// settle (a loop beyond its unwinding bound) keeps no engine formula (a
// disjunction of conflicts whose exhaustiveness only the search knows): it
// gets the invariant certificate, which states every iteration.
func TestRecheckUndecided(t *testing.T) {
	dir := testutil.WritePackage(t, "1.22", `package p

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
`)
	a, r := explore(t, lowerTarget(t, dir, "Long"), search.TreeFrog{})
	target := -1
	for i, b := range r.Branches {
		if b.Pos.String() == "p.go:8:5" && b.Outcome == "true" {
			target = i
		}
	}
	if target < 0 {
		t.Fatalf("no objective p.go:8:5 true: %+v", r.Branches)
	}
	fakeUnreachable(r, target) // true, but the engine leaves it unknown (loop bound)
	r, _ = a.recheck(r)
	b := r.Branches[target]
	if b.Verdict != report.Unreachable || b.Checked != report.CheckedIndependent || b.CheckReason != "" {
		t.Fatalf("after the re-check: %+v, want unreachable, checked independent", b)
	}
	if !strings.Contains(b.SMT2, "is unreachable for inputs of every length") {
		t.Errorf("the proof is not the invariant certificate:\n%s", b.SMT2)
	}
	if err := CheckProof(b.SMT2, 20*time.Second); err != nil {
		t.Error(err)
	}
}

// TestRecheckKeepsCertificate: an outcome an invariant certificate settled
// (checked by cvc5 already, for every length) is not handed to the
// independent encoding again, whose unrolling cannot settle a loop over an
// input of any length: it once came out "checked: engine" with the
// unrolling's reason, although cvc5 had checked its certificate.
func TestRecheckKeepsCertificate(t *testing.T) {
	dir := testutil.WritePackage(t, "1.22", `package p

func Sum(b []byte) int {
	s := 0
	for i := 0; i < len(b); i++ {
		s += int(b[i])
	}
	return s
}
`)
	a, r := explore(t, lowerTarget(t, dir, "Sum"), search.TreeFrog{})
	a.settle(r, time.Time{}, nil)
	target := -1
	for i, b := range r.Branches {
		if b.Pos.String() == "p.go:6:13" && b.Outcome == "index out of range" {
			target = i
		}
	}
	if target < 0 {
		t.Fatalf("no objective p.go:6:13 index out of range: %+v", r.Branches)
	}
	before := r.Branches[target]
	if before.Verdict != report.Unreachable || before.Checked != report.CheckedIndependent || !strings.Contains(before.Reason, "inductive invariant") {
		t.Fatalf("the invariant proof did not settle b[i]: %+v", before)
	}
	r, _ = a.recheck(r)
	if after := r.Branches[target]; after.Checked != report.CheckedIndependent || after.CheckReason != "" || after.SMT2 != before.SMT2 {
		t.Errorf("after the re-check: checked %q (%s), certificate kept: %v", after.Checked, after.CheckReason, after.SMT2 == before.SMT2)
	}
}
