// Go benchmarks of the default strategy on the bench programs, with solver calls and cases as metrics.

package analysis_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"leapfrog/internal/analysis"
	"leapfrog/internal/lower"
	"leapfrog/internal/search"
	"leapfrog/internal/testutil"
)

// BenchmarkBench analyses every bench function with DFS. Besides ns/op it
// reports the papers' cost figures per run: solver-calls, cases (all generated),
// kept cases, infeasible paths. Compare runs with benchstat.
func BenchmarkBench(b *testing.B) {
	dst := testutil.BenchCopy(b)
	targets := []struct {
		pkg   string
		funcs []string
	}{
		{"tcas", []string{"AltSepTest12"}},
		{"wbs", []string{"Step", "Launch"}},
		{"paper", []string{"G", "Classify", "Count4Bits", "GetSetBits"}},
		{"synthpkg/s20k8", []string{"F"}},
		{"synthpkg/s36k6", []string{"F"}},
	}
	for _, tg := range targets {
		res, err := lower.Load(filepath.Join(dst, tg.pkg), tg.funcs)
		if err != nil || len(res.Errors) > 0 {
			b.Fatalf("%s: %v %v", tg.pkg, err, res.Errors)
		}
		for _, t := range res.Targets {
			b.Run(filepath.Base(tg.pkg)+"."+t.Name, func(b *testing.B) {
				cfg := analysis.Defaults()
				cfg.Strategy = search.DFS{}
				var calls, cases, kept, infeasible int
				for i := 0; i < b.N; i++ {
					ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
					res, err := analysis.Analyze(ctx, analysis.Target{Target: t, Package: tg.pkg}, cfg)
					cancel()
					if err != nil {
						b.Fatal(err)
					}
					r := res.Result
					calls += r.Stats.SolverCalls
					cases += r.Stats.Cases
					kept += r.Stats.Cases - r.Stats.Discarded
					infeasible += r.Stats.InfeasiblePaths
				}
				n := float64(b.N)
				b.ReportMetric(float64(calls)/n, "solver-calls/op")
				b.ReportMetric(float64(cases)/n, "cases/op")
				b.ReportMetric(float64(kept)/n, "kept-cases/op")
				b.ReportMetric(float64(infeasible)/n, "infeasible/op")
			})
		}
	}
}
