// Every unreachable verdict's smt2 of the scenarios (regressions, scripts) stands on its own: unsat for Z3 and for cvc5, no (assert false).

package cli

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"leapfrog/internal/analysis"
	"leapfrog/internal/report"
	"leapfrog/internal/testutil"
)

// checkStandAlone checks an unreachable verdict's smt2 alone
// (analysis.CheckProof: a kind that states the whole argument, no (assert
// false), every query unsat for Z3 and cvc5).
func checkStandAlone(t *testing.T, at, smt2 string) {
	t.Helper()
	if err := analysis.CheckProof(smt2, 20*time.Second); err != nil {
		t.Errorf("%s: %v", at, err)
	}
}

// scriptNoReport are the script modules gen analyses nothing of, by design
// of their scenario, and why.
var scriptNoReport = map[string]string{
	"nomod/mod":  "the module holds no package",
	"relpos/sub": "one of its packages does not build",
}

// shortScriptProofs are the scripts TestScriptProofs runs with -short: those
// a lemma, a conflict in the caller of a callee holding in every caller, the shapes example.
var shortScriptProofs = map[string]bool{"complete": true, "dedup": true, "flags_after": true}

// TestScriptProofs analyses every module of every script scenario
// (testdata/script/*.txtar: each directory holding a go.mod) whole, with
// gen's defaults (re-proof included) under auto, and, without -short, dfs
// and pm too, and checks every unreachable verdict's smt2 alone
// (checkStandAlone); TestRegressions does the same for the regression
// scenarios under every strategy.
func TestScriptProofs(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "script", "*.txtar"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no scripts: %v", err)
	}
	strategies := []string{"auto"}
	if !testing.Short() {
		strategies = append(strategies, "dfs", "pm")
	}
	proofs := 0
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".txtar")
		if testing.Short() && !shortScriptProofs[name] {
			continue
		}
		dir := t.TempDir()
		testutil.ReadTree(t, file, dir)
		var mods []string
		filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && d.Name() == "go.mod" {
				mods = append(mods, filepath.Dir(p))
			}
			return err
		})
		sort.Strings(mods)
		for _, mod := range mods {
			rel, _ := filepath.Rel(dir, mod)
			key := filepath.ToSlash(filepath.Join(name, rel))
			for _, st := range strategies {
				out := filepath.Join(t.TempDir(), "r.json")
				var stdout, stderr bytes.Buffer
				code := func() int {
					wd, _ := os.Getwd()
					if err := os.Chdir(mod); err != nil {
						t.Fatal(err)
					}
					defer os.Chdir(wd)
					return Main([]string{"gen", "-q", "-complete=false", "-cache", "off", "-strategy", st, "-json", out, "./..."}, &stdout, &stderr)
				}()
				if why, ok := scriptNoReport[key]; ok {
					if code == 0 {
						t.Errorf("%s: gen succeeded; the scenario meant it to analyse nothing (%s)", key, why)
					}
					continue
				}
				if code != 0 && code != 3 {
					t.Errorf("%s %s: gen exit %d\n%s", key, st, code, stderr.String())
					continue
				}
				for _, f := range readReport(t, out).Functions {
					for _, b := range f.Branches {
						if b.Verdict == report.Unreachable && b.DecidedIn == "" {
							proofs++
							checkStandAlone(t, key+" "+st+" "+f.Function+" "+b.Pos+" "+b.Outcome, b.SMT2)
						}
					}
				}
			}
		}
	}
	want := 4 // Clamp's lemma, Size's, the shapes example's two
	if !testing.Short() {
		want = 30
	}
	if proofs < want {
		t.Errorf("%d unreachable verdicts checked; the scripts' modules hold at least %d", proofs, want)
	}
	t.Logf("%d unreachable verdicts checked", proofs)
}
