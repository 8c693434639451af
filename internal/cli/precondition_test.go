// Preconditions: every unreachable verdict under a precondition is re-proved by the independent encoding, which assumes it too.

package cli

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"leapfrog/internal/report"
	"leapfrog/internal/testutil"
)

// TestPreconditionRecheck runs gen (its -recheck on) on the precondition
// regression scenario under every strategy: each unreachable verdict must
// be checked "independent" (the independent encoding once ignored the
// precondition and reached G's division by zero with y = 0: "the two
// encodings disagree"), and those needing the precondition say so.
func TestPreconditionRecheck(t *testing.T) {
	dir := t.TempDir()
	funcs := strings.Fields(testutil.ReadTree(t, "testdata/regress/precondition.txtar", dir, "funcs", "want")["funcs"])
	for _, st := range regressStrategies {
		out := filepath.Join(t.TempDir(), "r.json")
		args := append([]string{"gen", "-q", "-strategy", st, "-json", out, "-o", filepath.Join(t.TempDir(), "x_test.go"), dir}, funcs...)
		var stdout, stderr bytes.Buffer
		if code := Main(args, &stdout, &stderr); code != 0 {
			t.Fatalf("%s: exit %d\n%s%s", st, code, stdout.String(), stderr.String())
		}
		under := 0
		for _, f := range readReport(t, out).Functions {
			for _, b := range f.Branches {
				if b.Verdict != report.Unreachable {
					continue
				}
				if b.Checked != report.CheckedIndependent {
					t.Errorf("%s: %s %s %s: checked %q (%s)", st, f.Function, b.Pos, b.Outcome, b.Checked, b.CheckReason)
				}
				if strings.HasPrefix(b.Reason, "under the precondition") {
					under++
				}
			}
		}
		if under < 3 { // G's division by zero, H's x < 100, Or's y <= 0
			t.Errorf("%s: %d unreachable verdicts say they need the precondition, want at least 3", st, under)
		}
	}
}
