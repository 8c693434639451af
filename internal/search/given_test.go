// Outcomes the package's own tests cover, given to a session: no case kept for them, never claimed otherwise, a proof against them loud.

package search

import (
	"strings"
	"testing"

	"leapfrog/internal/report"
)

const theirsSrc = `
func F(x i32) i32 {
b0:
    %1 = gt x, 10:i32
    if %1 b1 b4
b1:
    %2 = lt x, 5:i32
    if %2 b2 b3
b2:
    return 1:i32
b3:
    return 2:i32
b4:
    return 3:i32
}
`

// theirsRun explores F with the outcomes named ("entry", "b0.true" for
// the outcome true of the first condition, ...) given as covered by a
// test of the package's own.
func theirsRun(t *testing.T, src string, given ...string) *Result {
	t.Helper()
	s := irSession(t, src, 10000)
	var gs []Given
	for _, name := range given {
		found := false
		for _, o := range s.Objectives {
			if o.ID == name || name == "entry" && o.Entry {
				gs = append(gs, Given{Pos: o.Pos(), Outcome: o.Outcome, Branch: Branch{Verdict: report.Covered, Tests: []string{"TestTheirs"}}})
				found = true
			}
		}
		if !found {
			t.Fatalf("no objective %s", name)
		}
	}
	if n := s.Give(gs); n != len(given) {
		t.Fatalf("Give marked %d objectives, want %d", n, len(given))
	}
	TreeFrog{}.Explore(s)
	return s.Result("F", "p", "treefrog")
}

func verdictOf(t *testing.T, r *Result, id string) Branch {
	t.Helper()
	for _, b := range r.Branches {
		if b.ID == id || id == "entry" && b.Outcome == EntryOutcome {
			return b
		}
	}
	t.Fatalf("no branch %s in %+v", id, r.Branches)
	return Branch{}
}

// TestTheirsNotTargets: the outcomes their tests cover are covered by
// those tests, with no case; a case is kept only for what they miss, and
// the unreachable outcome keeps its proof.
func TestTheirsNotTargets(t *testing.T) {
	r := theirsRun(t, theirsSrc, "entry", "b0.true", "b1.false")
	for _, id := range []string{"entry", "b0.true", "b1.false"} {
		b := verdictOf(t, r, id)
		if b.Verdict != report.Covered || b.Case != "" || len(b.Tests) != 1 || b.Tests[0] != "TestTheirs" {
			t.Errorf("%s: %+v, want covered by TestTheirs with no case", id, b)
		}
	}
	if b := verdictOf(t, r, "b0.false"); b.Verdict != report.Covered || b.Case == "" || len(b.Tests) != 0 {
		t.Errorf("b0.false: %+v, want covered by a case", b)
	}
	if b := verdictOf(t, r, "b1.true"); b.Verdict != report.Unreachable {
		t.Errorf("b1.true: %+v, want unreachable", b)
	}
	kept := 0
	for _, c := range r.Tests {
		if !c.Discarded {
			kept++
		}
	}
	if kept != 1 {
		t.Errorf("%d cases kept, want 1 (x <= 10): %+v", kept, r.Tests)
	}
	if len(r.Warnings) != 0 {
		t.Errorf("warnings: %v", r.Warnings)
	}
}

// TestTheirsAllCovered: a function their tests cover entirely keeps no
// case, not even the returning one kept for its own sake.
func TestTheirsAllCovered(t *testing.T) {
	r := theirsRun(t, theirsSrc, "entry", "b0.true", "b0.false", "b1.false")
	for _, c := range r.Tests {
		if !c.Discarded {
			t.Errorf("case %s kept", c.Name)
		}
	}
}

// constSrc's second condition is constant: its side true is refuted on
// the way, though the search does not aim at it.
const constSrc = `
func F(x i32) i32 {
b0:
    %1 = gt x, 10:i32
    if %1 b1 b4
b1:
    %2 = mul x, 0:i32
    %3 = eq %2, 1:i32
    if %3 b2 b3
b2:
    return 1:i32
b3:
    return 2:i32
b4:
    return 3:i32
}
`

// TestTheirsAgainstProof: an outcome given as covered by their tests that
// the search proves unreachable (a measure or a proof is wrong) stays
// covered by the tests, a real run, and the result says so loudly.
func TestTheirsAgainstProof(t *testing.T) {
	r := theirsRun(t, constSrc, "b1.true")
	if b := verdictOf(t, r, "b1.true"); b.Verdict != report.Covered || len(b.Tests) == 0 {
		t.Errorf("b1.true: %+v, want covered by TestTheirs", b)
	}
	if len(r.Warnings) != 1 || !strings.HasPrefix(r.Warnings[0], "ENGINE WAS WRONG: ") || !strings.Contains(r.Warnings[0], "TestTheirs") {
		t.Errorf("warnings %q, want one ENGINE WAS WRONG naming TestTheirs", r.Warnings)
	}
}

// settledRun explores F with the outcome id settled unreachable before
// the search (Session.Settle, as analysis' proofs before the search do).
func settledRun(t *testing.T, st Strategy, ids ...string) *Result {
	t.Helper()
	s := irSession(t, theirsSrc, 10000)
	settle := map[string]bool{}
	for _, id := range ids {
		settle[id] = true
	}
	for _, o := range s.Objectives {
		if settle[o.ID] {
			s.Settle(o, Branch{ID: o.ID, Func: o.Func.Name, Pos: o.Pos(), Outcome: o.Outcome, Verdict: report.Unreachable, Reason: "settled by a proof", Checked: report.CheckedIndependent})
		}
	}
	st.Explore(s)
	return s.Result("F", "p", st.Name())
}

// TestSettled: an outcome settled before the search keeps its verdict and
// proof under every strategy, and the others are decided as without it.
func TestSettled(t *testing.T) {
	for _, st := range []Strategy{DFS{}, TreeFrog{}, Auto{}, PM{}} {
		r := settledRun(t, st, "b1.true")
		if b := verdictOf(t, r, "b1.true"); b.Verdict != report.Unreachable || b.Reason != "settled by a proof" || b.Checked != report.CheckedIndependent {
			t.Errorf("%s: b1.true %+v, want the settled verdict", st.Name(), b)
		}
		for _, id := range []string{"entry", "b0.true", "b0.false", "b1.false"} {
			if b := verdictOf(t, r, id); b.Verdict != report.Covered || b.Case == "" {
				t.Errorf("%s: %s %+v, want covered by a case", st.Name(), id, b)
			}
		}
		if len(r.Warnings) != 0 {
			t.Errorf("%s: warnings %q", st.Name(), r.Warnings)
		}
	}
}

// TestSettledWrong: a run that reaches outcomes settled unreachable (wrong
// proofs) makes them covered by a kept case, and the result says so
// loudly. The run to x > 10 covers nothing else first: it was once
// discarded, and the wrong verdicts stood.
func TestSettledWrong(t *testing.T) {
	r := settledRun(t, DFS{}, "b0.true", "b1.false") // x > 10 reaches both
	for _, id := range []string{"b0.true", "b1.false"} {
		if b := verdictOf(t, r, id); b.Verdict != report.Covered || b.Case == "" {
			t.Errorf("%s: %+v, want covered by a case", id, b)
		}
	}
	if len(r.Warnings) != 2 {
		t.Errorf("warnings %q, want two saying the proofs were wrong", r.Warnings)
	}
	for _, w := range r.Warnings {
		if !strings.Contains(w, "ENGINE WAS WRONG") || !strings.Contains(w, "settled by a proof") {
			t.Errorf("warning %q does not say the proof was wrong", w)
		}
	}
}
