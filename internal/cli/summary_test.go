// The text summary of a function: an unreachable verdict the independent re-proof could not settle says why.

package cli

import (
	"bytes"
	"strings"
	"testing"

	"leapfrog/internal/report"
)

// TestSummaryNotReproved: the summary line of an unreachable verdict vouched
// for by the engine only is followed by the re-proof's reason.
func TestSummaryNotReproved(t *testing.T) {
	why := "input-dependent loop 1 at p.go:5:21: more than 64 iterations possible"
	r := &report.Function{Function: "Long", Strategy: "treefrog", Branches: []report.Branch{
		{ID: "b1", Pos: "p.go:8:5", Outcome: "true", Verdict: report.Unreachable, Reason: "conflict", Checked: report.CheckedEngine, CheckReason: why},
		{ID: "b2", Pos: "p.go:8:5", Outcome: "false", Verdict: report.Covered},
	}}
	var out bytes.Buffer
	summarize(&out, r, r.Function, false)
	if !strings.Contains(out.String(), "  unreachable p.go:8:5 ") || !strings.Contains(out.String(), "\n              not re-proved independently: "+why+"\n") {
		t.Errorf("summary:\n%s", out.String())
	}
}
