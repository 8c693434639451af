// knownbugs_test.go: TestKnownBugs, the reproducers of the bugs the random test found and that are not fixed yet.

package oracle

import (
	"flag"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/txtar"
)

const defaultBugScenarios = "testdata/bugs/*.txtar"

var bugScenarios = flag.String("bugs", defaultBugScenarios, "TestKnownBugs: the reproducers to run (a glob)")

// TestKnownBugs runs each testdata/bugs/*.txtar scenario (the format of
// testdata/*.txtar plus a want section of "class row" lines, row "*" for
// any) and checks that the bug still shows: every wanted disagreement must
// be found. When one is not, the bug may be fixed: move the scenario to
// testdata/ (TestOracle then requires it to pass) and delete its knownBugs
// entry, which re-enables the feature in TestRandomPrograms. Every knownBugs
// entry names one of these reproducers.
func TestKnownBugs(t *testing.T) {
	files, err := filepath.Glob(*bugScenarios)
	if err != nil {
		t.Fatal(err)
	}
	have := map[string]bool{}
	for _, f := range files {
		have[filepath.Base(f)] = true
	}
	for _, k := range knownBugs {
		if !have[k.repro] && *bugScenarios == defaultBugScenarios {
			t.Errorf("knownBugs entry %q: no reproducer testdata/bugs/%s", k.bug, k.repro)
		}
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			t.Parallel()
			checkKnownBug(t, file)
		})
	}
}

// wanted is one disagreement a bug reproducer must show.
type wanted struct{ class, row string }

func checkKnownBug(t *testing.T, file string) {
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var want []wanted
	rowSet := map[string]bool{}
	for _, f := range ar.Files {
		if f.Name != "want" {
			continue
		}
		for _, l := range strings.Split(string(f.Data), "\n") {
			if fs := strings.Fields(l); len(fs) == 2 {
				want = append(want, wanted{fs[0], fs[1]})
				rowSet[fs[1]] = true
			} else if len(fs) != 0 {
				t.Fatalf("bad want line %q (want \"class row\")", l)
			}
		}
	}
	if len(want) == 0 {
		t.Fatal("no want section")
	}
	opts := oracleOptions{limit: 5 * time.Minute}
	for _, r := range rows {
		// Only the rows named (dfs too: the reference of strategies-disagree).
		if rowSet["*"] || rowSet[r.name] || r.name == "dfs" {
			opts.rows = append(opts.rows, r)
		}
	}
	tmp := t.TempDir()
	src, names := extractScenario(t, file, tmp, "want")
	o, err := runOracle(src, tmp, names, opts)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range o.found {
		got = append(got, d.String())
	}
	for _, w := range want {
		found := false
		for _, d := range o.found {
			found = found || d.class == w.class && (w.row == "*" || d.row == w.row)
		}
		if !found {
			t.Errorf("no %s disagreement in row %s any more: the bug may be fixed; move %s to testdata/ and delete its knownBugs entry.\nDisagreements found:\n%s",
				w.class, w.row, filepath.Base(file), strings.Join(got, "\n"))
		}
	}
	if !t.Failed() {
		t.Logf("%d disagreements, as expected:\n%s", len(got), fmt.Sprint(strings.Join(got, "\n")))
	}
}
