// Tests of the golden-file harness: where -update writes sections, and what Check reports.

package testutil

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

const archive = `comment
-- input --
in
-- a --
old a
-- keep --
k
-- b --
old b
`

// recorder is a testing.TB that records the errors reported to it.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

func TestGoldenSet(t *testing.T) {
	g := &Golden{Archive: txtar.Parse([]byte(archive))}
	// a rewritten in place, b not produced (removed), c new (appended).
	g.set(map[string]string{"a": "new a\n", "c": "c\n", "unnamed": "x"}, []string{"a", "b", "c"})
	want := "comment\n-- input --\nin\n-- a --\nnew a\n-- keep --\nk\n-- c --\nc\n"
	if got := string(txtar.Format(g.Archive)); got != want {
		t.Errorf("after set:\n%s", Diff("want", want, "got", got))
	}
}

func TestGoldenCheck(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.txtar")
	if err := os.WriteFile(path, []byte(archive), 0o644); err != nil {
		t.Fatal(err)
	}
	g := ReadGolden(t, path)
	r := &recorder{TB: t}
	g.Check(r, map[string]string{"a": "old a\n", "b": "old b\ninserted\n", "c": "c\n"}, "a", "b", "c", "keep")
	if len(r.errs) != 3 {
		t.Fatalf("%d errors, want 3 (b differs, c missing, keep not produced):\n%s", len(r.errs), strings.Join(r.errs, "\n"))
	}
	// The diff shows the one inserted line, not the whole section.
	if !strings.Contains(r.errs[0], "section b differs") || !strings.Contains(r.errs[0], "\n+inserted\n") || strings.Contains(r.errs[0], "-old b") {
		t.Errorf("b: %s", r.errs[0])
	}
	if !strings.Contains(r.errs[1], "no section c") || !strings.Contains(r.errs[2], "section keep not produced") {
		t.Errorf("c, keep: %s", strings.Join(r.errs[1:], "\n"))
	}
	if data, err := os.ReadFile(path); err != nil || string(data) != archive {
		t.Errorf("Check without -update changed the file (%v):\n%s", err, data)
	}
}
