// Test: the loop-bound raise skips the sides a range over a map left open (they name no loop).

package search_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"leapfrog/internal/engine"
	"leapfrog/internal/expr"
	"leapfrog/internal/report"
	"leapfrog/internal/search"
)

// TestRaiseSkipsMapOrder: a range over a map, then a loop. The sides after
// the range are bounded by the map's order, not by a loop: raising the
// loops' bounds must leave them (it took one for a loop and crashed).
func TestRaiseSkipsMapOrder(t *testing.T) {
	dir := t.TempDir()
	src := `package p

func Keys(m map[int8]int8) int {
	n := 0
	for k := range m {
		if k > 0 {
			n++
		}
	}
	for i := 0; i < n; i++ {
		if i == 2 {
			return 1
		}
	}
	return 0
}
`
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module p\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	fn := load(t, dir, "Keys")["Keys"].Func
	s := search.NewSession(search.Config{Fn: fn, Engine: engine.New(expr.NewBuilder(), 4), Solver: search.NewTestSolver(t)})
	search.ExploreLoops(s, search.TreeFrog{}, search.LoopOptions{RaiseMax: 16, Fixed: map[engine.LoopID]bool{}})
	r := s.Result(fn.Name, "p", "treefrog")
	order := 0
	for _, b := range r.Branches {
		if b.Verdict == report.Unreachable {
			t.Errorf("%s %s: unreachable", b.Pos, b.Outcome)
		}
		if b.Verdict == report.Unknown && strings.Contains(b.Reason, "order of a range over a map") {
			order++
		}
	}
	if order == 0 {
		t.Errorf("no outcome is left to the map's order: %+v", r.Branches)
	}
}
