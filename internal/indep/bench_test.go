// The bench programs: every objective decided, the unreachable ones as in the ground truth, every witness replayed.

package indep_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"leapfrog/internal/engine"
	"leapfrog/internal/expr"
	"leapfrog/internal/indep"
	"leapfrog/internal/ir"
	"leapfrog/internal/lower"
	"leapfrog/internal/testutil"
)

// TestBench decides every objective of bench functions and compares the
// unreachable ones with testdata/bench/README.md (source outcomes: TCAS 5,
// WBS Step 29 and Launch 27, Classify 1); every witness must reach its
// objective when the engine and the reference interpreter run it.
func TestBench(t *testing.T) {
	dir := testutil.BenchCopy(t)
	for _, c := range []struct {
		pkg, fn string
		count   int      // unreachable source outcomes
		at      []string // all unreachable objectives, when listed
	}{
		{"tcas", "AltSepTest12", 5, []string{"tcas.go:132:41 false", "tcas.go:134:37 false", "tcas.go:145:37 false", "tcas.go:147:41 false", "tcas.go:174:24 true"}},
		{"wbs", "Step", 29, nil},
		{"wbs", "Launch", 27, nil},
		{"paper", "Classify", 1, []string{"paper.go:93:7 false"}},
		{"paper", "GetSetBits", 0, nil}, // a loop bounded by its data (32 iterations)
		{"synthpkg/s20k8", "F", 0, nil},
	} {
		t.Run(c.pkg+"."+c.fn, func(t *testing.T) {
			res, err := lower.Load(filepath.Join(dir, c.pkg), []string{c.fn})
			if err != nil || len(res.Errors) > 0 {
				t.Fatalf("%v %v", err, res.Errors)
			}
			fn := res.Targets[0].Func
			objs := allObjectives(fn)
			eng := engine.New(expr.NewBuilder(), 10)
			var unreachable []string
			source := 0
			for i, r := range indep.Check(fn, objs, indep.Options{}) {
				o := objs[i]
				switch r.Status {
				case indep.Unreachable:
					unreachable = append(unreachable, o.String())
					if o.If != nil && o.If.Kind == ir.SourceBranch {
						source++
					}
				case indep.Reachable:
					p := eng.Run(fn, r.Witness)
					hit := false
					for _, st := range p.Steps {
						hit = hit || o.If != nil && st.If == o.If && st.Taken == o.Dir
					}
					hit = hit || o.If == nil && p.PanicAt == o.Panic
					if !hit || !reaches(refRun(fn, r.Witness), o) {
						t.Errorf("%v: the witness %v does not reach it", o, r.Witness)
					}
				default:
					t.Errorf("%v: undecided: %s", o, r.Reason)
				}
			}
			slices.Sort(unreachable)
			if source != c.count || c.at != nil && !slices.Equal(unreachable, c.at) {
				t.Errorf("%d unreachable source outcomes %s; want %d %s", source, strings.Join(unreachable, ", "), c.count, strings.Join(c.at, ", "))
			}
		})
	}
}
