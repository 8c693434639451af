// Distinct paths (the reachability paper's "paths explored"): the whole paths the runs took, each once.

package search_test

import (
	"sort"
	"strings"
	"testing"

	"leapfrog/internal/search"
)

// TestDistinctPaths: on TCAS (loop-free; every branch but the in-range side of
// ALIM's index check is an objective, and its other side ends the run) two
// runs took the same whole path exactly when they cover the same objectives,
// so the distinct paths are the distinct coverage sets of the cases; pe never
// repeats a path.
func TestDistinctPaths(t *testing.T) {
	fn := load(t, benchDir(t)+"/tcas", "AltSepTest12")["AltSepTest12"]
	for _, st := range []search.Strategy{search.DFS{}, search.PE{}, search.RGCB{}} {
		r := explore(t, fn, st)
		sets := map[string]bool{}
		for _, c := range r.Tests {
			cov := append([]string(nil), c.Covers...)
			sort.Strings(cov)
			sets[strings.Join(cov, " ")] = true
		}
		s := r.Stats
		t.Logf("%s: %d runs, %d distinct paths, %d coverage sets", st.Name(), s.Paths, s.DistinctPaths, len(sets))
		if s.DistinctPaths != len(sets) || s.DistinctPaths > s.Paths {
			t.Errorf("%s: %d distinct paths, %d distinct coverage sets, %d runs", st.Name(), s.DistinctPaths, len(sets), s.Paths)
		}
		if st.Name() == "pe" && s.DistinctPaths != s.Paths {
			t.Errorf("pe repeated a path: %d runs, %d distinct paths", s.Paths, s.DistinctPaths)
		}
	}
}
