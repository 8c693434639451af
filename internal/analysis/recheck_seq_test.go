// Re-proof of verdicts on strings and slices: proved checks re-proved independently, a false claim caught.

package analysis

import (
	"strings"
	"testing"

	"leapfrog/internal/report"
	"leapfrog/internal/search"
	"leapfrog/internal/testutil"
)

const headSrc = `package p

func Head(s string, b []byte) int {
	if len(s) > 2 && s[2] == '/' {
		return int(s[1])
	}
	if len(b) > 0 && b[len(b)-1] == 'x' {
		return 2
	}
	return 0
}
`

func headTarget(t *testing.T) Target {
	dir := testutil.WritePackage(t, "1.22", headSrc)
	return lowerTarget(t, dir, "Head")
}

// TestRecheckStrings: the index checks on a string and a byte slice the
// engine proves are re-proved by the independent encoding.
func TestRecheckStrings(t *testing.T) {
	a, r := explore(t, headTarget(t), search.TreeFrog{})
	r, loud := a.recheck(r)
	if len(loud) != 0 {
		t.Errorf("said %q", loud)
	}
	checks := 0
	for _, b := range r.Branches {
		if b.Outcome != "index out of range" {
			continue
		}
		checks++
		if b.Verdict != report.Unreachable || b.Checked != report.CheckedIndependent {
			t.Errorf("%s %s: %s, checked %q (%s); want unreachable, checked independent", b.Pos, b.Outcome, b.Verdict, b.Checked, b.CheckReason)
		}
	}
	if checks != 3 {
		t.Errorf("%d index checks, want 3", checks)
	}
}

// TestRecheckStringsEngineWrong: a reachable side claimed unreachable is
// reached by the independent encoding's witness (a string of a few bytes),
// which the engine's replay confirms.
func TestRecheckStringsEngineWrong(t *testing.T) {
	a, r := explore(t, headTarget(t), firstRun{})
	target := -1
	for i, b := range r.Branches {
		if b.Verdict == report.Unknown && b.Pos.String() == "p.go:4:19" && b.Outcome == "true" {
			target = i
		}
	}
	if target < 0 {
		t.Fatalf("no open branch p.go:4:19 true after one run: %+v", r.Branches)
	}
	fakeUnreachable(r, target)
	r, loud := a.recheck(r)
	b := r.Branches[target]
	if b.Verdict != report.Covered || !strings.Contains(b.CheckReason, "ENGINE WAS WRONG") || len(loud) != 1 || !strings.Contains(loud[0], `s="`) {
		t.Fatalf("after the re-check: %+v, said %q", b, loud)
	}
}
