// pe, rg and rgcb: same verdicts as dfs, conflict clauses on the synthetic programs, -important.

package search_test

import (
	"testing"

	"leapfrog/internal/analysis"
	"leapfrog/internal/report"
	"leapfrog/internal/search"
)

func rgSameVerdicts(t *testing.T, ref, r *search.Result) {
	t.Helper()
	if len(r.Branches) != len(ref.Branches) {
		t.Fatalf("%s: %d objectives, %s: %d", ref.Strategy, len(ref.Branches), r.Strategy, len(r.Branches))
	}
	for i, b := range r.Branches {
		if rb := ref.Branches[i]; b.ID != rb.ID || b.Verdict != rb.Verdict {
			t.Errorf("%s %s %s: %s says %s, %s says %s", b.ID, b.Pos, b.Outcome, ref.Strategy, rb.Verdict, r.Strategy, b.Verdict)
		}
		if b.Verdict == report.Unreachable && (b.SMT2 == "" || len(b.Conflict) == 0) {
			t.Errorf("%s %s: unreachable without a proof", r.Strategy, b.ID)
		}
	}
}

// TestRGAgree: pe, rg and rgcb decide every objective of the small loop-free
// bench functions as dfs does (design invariant 2, the paper's §5.3).
func TestRGAgree(t *testing.T) {
	dir := benchDir(t)
	for _, c := range []struct {
		pkg   string
		funcs []string
	}{
		{"tcas", []string{"AltSepTest12"}},
		{"wbs", []string{"Step"}},
		{"paper", []string{"G", "Classify"}},
	} {
		fns := load(t, dir+"/"+c.pkg, c.funcs...)
		for _, name := range c.funcs {
			t.Run(c.pkg+"."+name, func(t *testing.T) {
				ref := explore(t, fns[name], search.DFS{})
				var pe *search.Result
				for _, st := range []search.Strategy{search.PE{}, search.RG{}, search.RGCB{}} {
					r := explore(t, fns[name], st)
					rgSameVerdicts(t, ref, r)
					if st.Name() == "pe" {
						pe = r
					} else if r.Stats.Paths > pe.Stats.Paths {
						t.Errorf("%s explored %d paths, more than pe's %d", r.Strategy, r.Stats.Paths, pe.Stats.Paths)
					}
				}
			})
		}
	}
}

// TestRGCBConflicts: on the synthetic programs with injected conflicts, rgcb
// meets at most one infeasible path per conflict plus two, at least 10× fewer
// than rg on s20k8 (paper, Table 3, tc2 with 8 conflicts: 5574 vs 9), and
// decides every objective as the other strategies do.
func TestRGCBConflicts(t *testing.T) {
	dir := benchDir(t)
	for _, c := range []struct {
		pkg       string
		conflicts int
		rg        bool // rg takes minutes on s36k6
	}{
		{"synthpkg/s20k8", 8, true},
		{"synthpkg/s36k6", 6, false},
	} {
		t.Run(c.pkg, func(t *testing.T) {
			fn := load(t, dir+"/"+c.pkg, "F")["F"]
			ref := explore(t, fn, search.MTElse{})
			cb := explore(t, fn, search.RGCB{})
			rgSameVerdicts(t, ref, cb)
			st := cb.Stats
			t.Logf("rgcb: %d paths, %d infeasible, %d blocked, largest jump %d, %d clauses", st.Paths, st.InfeasiblePaths, st.Blocked, st.LargestBackjump, st.ConflictClauses)
			if st.InfeasiblePaths > c.conflicts+2 {
				t.Errorf("rgcb: %d infeasible paths for %d injected conflicts", st.InfeasiblePaths, c.conflicts)
			}
			if st.ConflictClauses == 0 || st.ConflictClauses > st.InfeasiblePaths {
				t.Errorf("rgcb: %d conflict clauses for %d infeasible paths", st.ConflictClauses, st.InfeasiblePaths)
			}
			if !c.rg {
				return
			}
			rg := explore(t, fn, search.RG{})
			rgSameVerdicts(t, ref, rg)
			t.Logf("rg: %d paths, %d infeasible", rg.Stats.Paths, rg.Stats.InfeasiblePaths)
			if rg.Stats.InfeasiblePaths < 10*st.InfeasiblePaths {
				t.Errorf("rg: %d infeasible paths, rgcb %d: want at least 10× fewer", rg.Stats.InfeasiblePaths, st.InfeasiblePaths)
			}
		})
	}
}

// TestImportant: with -important, rg and rgcb decide the targets, stop early,
// and leave the others unknown (not targeted) unless covered on the way.
func TestImportant(t *testing.T) {
	fn := load(t, benchDir(t)+"/synthpkg/s20k8", "F")["F"]
	lines := []search.Line{{File: "s20k8.go", Line: 53}} // if k0 > 38
	for _, st := range []search.Strategy{search.RG{}, search.RGCB{}} {
		full := explore(t, fn, st)
		r := analyze(t, fn, st, 0, func(c *analysis.Config) { c.Important = lines })
		notTargeted, targeted := 0, 0
		for i, b := range r.Branches {
			on := b.Pos.File == "s20k8.go" && b.Pos.Line == 53
			if on {
				targeted++
			}
			switch {
			case on && b.Verdict != full.Branches[i].Verdict:
				t.Errorf("%s: target %s %s: %s, want %s", st.Name(), b.Pos, b.Outcome, b.Verdict, full.Branches[i].Verdict)
			case !on && b.Verdict != report.Covered:
				if b.Verdict != report.Unknown || b.Reason != search.NotTargeted {
					t.Errorf("%s: %s %s: %s (%s), want unknown: %s", st.Name(), b.Pos, b.Outcome, b.Verdict, b.Reason, search.NotTargeted)
				}
				notTargeted++
			}
		}
		if notTargeted == 0 || targeted != 2 {
			t.Errorf("%s: %d objectives left not targeted, %d targeted", st.Name(), notTargeted, targeted)
		}
		if r.Stats.Paths >= full.Stats.Paths {
			t.Errorf("%s: %d paths with one target, %d without", st.Name(), r.Stats.Paths, full.Stats.Paths)
		}
	}
	if _, err := search.ParseLines("s.go"); err == nil {
		t.Error("ParseLines accepts a missing line number")
	}
	if l, err := search.ParseLines("a/b/s.go:3, s.go:4"); err != nil || len(l) != 2 || l[0] != (search.Line{File: "s.go", Line: 3}) {
		t.Errorf("ParseLines: %v %v", l, err)
	}
}
