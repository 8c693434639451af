// Path merging (pm) on the bench programs: paths and queries next to dfs, same verdicts.

package search_test

import (
	"testing"
	"time"

	"leapfrog/internal/engine"
	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
	"leapfrog/internal/report"
	"leapfrog/internal/search"
)

// pmRun explores fn and also returns the number of distinct paths in the tree.
func pmRun(t testing.TB, fn *ir.Function, st search.Strategy) (*search.Result, int, time.Duration) {
	t.Helper()
	s := search.NewSession(search.Config{Fn: fn, Engine: engine.New(expr.NewBuilder(), 10), Solver: search.NewTestSolver(t), Deadline: time.Now().Add(time.Minute)})
	start := time.Now()
	st.Explore(s)
	d := time.Since(start)
	return s.Result(fn.Name, "", st.Name()), leaves(s.Root), d
}

// leaves counts the distinct explored paths: Feasible sides with no child.
func leaves(n *search.Node) int {
	if n == nil {
		return 1
	}
	k := 0
	for i := 0; i < 2; i++ {
		switch {
		case n.Child[i] != nil:
			k += leaves(n.Child[i])
		case n.State[i] == search.Feasible:
			k++
		}
	}
	return k
}

func queries(r *search.Result) int {
	if r.Stats.Queries > 0 {
		return r.Stats.Queries
	}
	return r.Stats.SolverCalls + r.Stats.SatChecks
}

func sameVerdicts(t *testing.T, ref, r *search.Result) {
	t.Helper()
	if len(r.Branches) != len(ref.Branches) {
		t.Fatalf("%s: %d objectives, %s: %d", ref.Strategy, len(ref.Branches), r.Strategy, len(r.Branches))
	}
	for i, b := range r.Branches {
		if rb := ref.Branches[i]; b.ID != rb.ID || b.Verdict != rb.Verdict {
			t.Errorf("%s %s %s: %s says %s (%s), %s says %s (%s)", b.ID, b.Pos, b.Outcome, ref.Strategy, rb.Verdict, rb.Reason, r.Strategy, b.Verdict, b.Reason)
		}
	}
}

func classified(t *testing.T, r *search.Result) (covered int) {
	t.Helper()
	for _, b := range r.Branches {
		switch b.Verdict {
		case report.Covered:
			covered++
		case report.Unreachable:
		default:
			t.Errorf("%s: %s %s %s: %s", r.Strategy, b.ID, b.Pos, b.Verdict, b.Reason)
		}
	}
	return covered
}

// TestPMBench: pm against dfs on every bench function: same verdicts; the
// paper's GetSetBits in at most 9 paths, WBS Step in at most 10 queries.
func TestPMBench(t *testing.T) {
	dir := benchDir(t)
	cases := []struct {
		pkg        string
		funcs      []string
		maxPaths   map[string]int
		maxQueries map[string]int
	}{
		{"tcas", []string{"AltSepTest12"}, nil, nil},
		{"wbs", []string{"Step", "Launch"}, nil, map[string]int{"Step": 10}},
		{"paper", []string{"G", "Classify", "Count4Bits", "GetSetBits"}, map[string]int{"GetSetBits": 9}, nil},
	}
	for _, c := range cases {
		fns := load(t, dir+"/"+c.pkg, c.funcs...)
		for _, name := range c.funcs {
			t.Run(c.pkg+"."+name, func(t *testing.T) {
				if name == "Launch" && testing.Short() {
					t.Skip("-short: dfs takes seconds on Launch; runs in full without -short")
				}
				ref, refPaths, refTime := pmRun(t, fns[name].Func, search.DFS{})
				r, paths, d := pmRun(t, fns[name].Func, search.PM{})
				sameVerdicts(t, ref, r)
				cov := classified(t, r)
				t.Logf("%-8s %-6s paths %5d runs %5d queries %5d cases %3d covered %3d/%d merges %4d time %v",
					name, "dfs", refPaths, ref.Stats.Paths, queries(ref), ref.Stats.Cases, cov, len(ref.Branches), 0, refTime.Round(time.Millisecond))
				t.Logf("%-8s %-6s paths %5d runs %5d queries %5d cases %3d covered %3d/%d merges %4d time %v (avg query %.2f ms)",
					name, "pm", paths, r.Stats.Paths, queries(r), r.Stats.Cases, cov, len(r.Branches), r.Stats.Merges, d.Round(time.Millisecond), r.Stats.AvgQueryMs)
				if m, ok := c.maxPaths[name]; ok {
					if cov != len(r.Branches) {
						t.Errorf("pm: %d of %d outcomes covered, want all", cov, len(r.Branches))
					}
					if paths > m {
						t.Errorf("pm: %d paths, want at most %d", paths, m)
					}
				}
				if m, ok := c.maxQueries[name]; ok && queries(r) > m {
					t.Errorf("pm: %d queries, want at most %d", queries(r), m)
				}
			})
		}
	}
}
