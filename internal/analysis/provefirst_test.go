// Proofs before the search: the abstract interpretation's invariants settle a loop's run-time checks before any run, and the verdicts stand.

package analysis

import (
	"context"
	"strings"
	"testing"
	"time"

	"leapfrog/internal/report"
	"leapfrog/internal/testutil"
)

// TestProveFirst: Sum's index check in its loop over an input slice is
// proved unreachable, for every length, before the search starts (the
// bounded search could only call it unknown), and Analyze reports that
// verdict with its certificate; the branch after the loop is searched and
// covered as before. Without ProveFirst nothing is proved before the
// search.
func TestProveFirst(t *testing.T) {
	dir := testutil.WritePackage(t, "1.22", `package p

func Sum(b []byte) int {
	s := 0
	for i := 0; i < len(b); i++ {
		s += int(b[i])
	}
	if s > 300 {
		return 1
	}
	return 0
}
`)
	tg := lowerTarget(t, dir, "Sum")
	for _, first := range []bool{false, true} {
		cfg := Defaults()
		cfg.ProveFirst = first
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		a, err := start(ctx, tg, cfg)
		if err != nil {
			cancel()
			t.Fatal(err)
		}
		proved := len(a.proved)
		a.close()
		if first != (proved == 1) {
			t.Errorf("ProveFirst %v: %d outcomes proved before the search", first, proved)
		}
		res, err := Analyze(ctx, tg, cfg)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range res.Branches {
			switch {
			case b.Outcome == "index out of range":
				if b.Verdict != report.Unreachable || b.Checked != report.CheckedIndependent || !strings.Contains(b.Reason, "inductive invariant") || !strings.Contains(b.SMT2, "(check-sat)") {
					t.Errorf("ProveFirst %v: %s %s: %s (%s), checked %s", first, b.Pos, b.Outcome, b.Verdict, b.Reason, b.Checked)
				}
			case b.Verdict != report.Covered:
				t.Errorf("ProveFirst %v: %s %s: %s (%s), want covered", first, b.Pos, b.Outcome, b.Verdict, b.Reason)
			}
		}
	}
}
