// The conflict shown with an unreachable verdict is one of its proof's disjuncts, the objective's own side first.

package search_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"leapfrog/internal/analysis"
	"leapfrog/internal/report"
	"leapfrog/internal/search"
)

// disjunctLine is a line of a combined proof's header: a disjunct's sides,
// the shown one marked.
var disjunctLine = regexp.MustCompile(`(?m)^;   (\d+)\. (.*?)(   <- the conflict shown)?$`)

// TestShownConflictInProof analyses bench functions with the strategies
// whose proofs are disjunctions of conflicts (the engine's proof: no
// re-proof) and checks every unreachable verdict's conflict: it is one of
// the disjuncts the proof's header lists (as many as the formula's), the
// one marked shown, and it holds the objective's own side whenever a
// disjunct does. TCAS's 132:41 false (the example: a conflict of
// another branch was shown) must show its own side.
func TestShownConflictInProof(t *testing.T) {
	dir := benchDir(t)
	runs := []struct {
		pkg, fn    string
		strategies []search.Strategy
	}{
		{"tcas", "AltSepTest12", []search.Strategy{search.DFS{}, search.TreeFrog{}, search.PM{}, search.MTElse{}}},
		{"paper", "Classify", []search.Strategy{search.DFS{}, search.TreeFrog{}, search.PM{}}},
		{"wbs", "Step", []search.Strategy{search.PM{}, search.TreeFrog{}}},
	}
	combined := 0
	for _, r := range runs {
		tg := load(t, dir+"/"+r.pkg, r.fn)[r.fn]
		for _, st := range r.strategies {
			res := analyze(t, tg, st, 0, func(c *analysis.Config) { c.Recheck = false })
			for _, b := range res.Branches {
				if b.Verdict != report.Unreachable {
					continue
				}
				at := fmt.Sprintf("%s %s %s %s", r.fn, st.Name(), b.Pos, b.Outcome)
				if len(b.Conflict) == 0 {
					t.Errorf("%s: unreachable without a conflict", at)
					continue
				}
				shown := strings.Join(b.Conflict, ", ")
				own := b.Pos.String() + " " + b.Outcome
				if !strings.Contains(b.SMT2, "distinct conflicts below") {
					continue // a single formula (constant condition, lemma, whole encoding)
				}
				combined++
				lines := disjunctLine.FindAllStringSubmatch(b.SMT2, -1)
				if n := strings.Count(b.SMT2, "\n  (and"); len(lines) != n {
					t.Errorf("%s: the header lists %d conflicts, the formula has %d disjuncts", at, len(lines), n)
				}
				marked, anyOwn := 0, false
				for _, l := range lines {
					anyOwn = anyOwn || strings.Contains(", "+l[2]+",", ", "+own+",")
					if l[3] != "" {
						marked++
						if l[2] != shown {
							t.Errorf("%s: the conflict shown (%s) is not the disjunct marked shown (%s)", at, shown, l[2])
						}
					}
				}
				if marked != 1 {
					t.Errorf("%s: %d disjuncts marked shown, want 1", at, marked)
				}
				if anyOwn && !strings.Contains(", "+shown+",", ", "+own+",") {
					t.Errorf("%s: a disjunct holds the objective's side, the conflict shown (%s) does not", at, shown)
				}
				if r.fn == "AltSepTest12" && own == "tcas.go:132:41 false" && !strings.Contains(shown, own) {
					t.Errorf("%s: the conflict shown (%s) does not hold the objective's side", at, shown)
				}
			}
		}
	}
	if combined < 10 {
		t.Errorf("%d verdicts with a combined proof checked; the bench functions give more", combined)
	}
}
