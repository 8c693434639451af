// The pipeline's results pinned: per strategy, on bench functions, the verdicts, the costs and a hash of the whole report.

package analysis_test

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"leapfrog/internal/analysis"
	"leapfrog/internal/lower"
	"leapfrog/internal/report"
	"leapfrog/internal/testutil"
)

// TestPinned analyses bench functions with every strategy as gen does
// (re-proof included) and compares, per run, the verdict counts, the cost
// figures (solver calls, satisfiability checks, cases, paths) and a hash of
// the whole report without its timing (every case's input, every reason
// and proof) with testdata/pinned.txtar. Any change of what the pipeline
// computes shows here: a change of wiring must leave the file as it is; a
// change meant to alter results regenerates it with -update.
func TestPinned(t *testing.T) {
	dir := testutil.BenchCopy(t)
	runs := []struct {
		pkg, fn    string
		strategies []string
		loopModels bool
	}{
		{"tcas", "AltSepTest12", []string{"dfs", "eager", "lookahead", "else", "mtelse", "pm", "pe", "rg", "rgcb", "treefrog"}, false},
		{"wbs", "Step", []string{"pe", "rg", "rgcb", "auto", "treefrog"}, false},
		{"paper", "Count", []string{"treefrog", "pm"}, true},
		{"paper", "GetSetBits", []string{"treefrog", "dfs"}, false},
		{"synthpkg/s20k8", "F", []string{"auto", "whole", "treefrog"}, false},
	}
	var got strings.Builder
	for _, r := range runs {
		tg := benchTarget(t, dir, r.pkg, r.fn)
		for _, sn := range r.strategies {
			fmt.Fprintf(&got, "%s.%s %s: %s\n", r.pkg, r.fn, sn, pin(t, analyzeAsGen(t, tg, sn, r.loopModels)))
		}
	}
	testutil.ReadGolden(t, filepath.Join("testdata", "pinned.txtar")).Check(t, map[string]string{"want": got.String()}, "want")
}

// benchTarget lowers function fn of the bench package pkg (dir: the bench).
func benchTarget(t *testing.T, dir, pkg, fn string) analysis.Target {
	t.Helper()
	res, err := lower.Load(filepath.Join(dir, pkg), []string{fn})
	if err != nil || len(res.Errors) > 0 {
		t.Fatalf("%s: %v %v", pkg, err, res.Errors)
	}
	return analysis.Target{Target: res.Targets[0], Package: res.Pkg.PkgPath}
}

// analyzeAsGen analyses tg with the strategy as gen does (re-proof
// included) and returns its report.
func analyzeAsGen(t *testing.T, tg analysis.Target, strategy string, loopModels bool) *report.Function {
	t.Helper()
	return analyzeWithin(t, tg, strategy, loopModels, 0)
}

// analyzeWithin is analyzeAsGen within a time budget (0: none), as gen
// -timeout gives one.
func analyzeWithin(t *testing.T, tg analysis.Target, strategy string, loopModels bool, budget time.Duration) *report.Function {
	t.Helper()
	ctx, cancel := analysis.WithBudget(context.Background(), budget)
	defer cancel()
	cfg := analysis.Defaults()
	cfg.Recheck, cfg.LoopModels = true, loopModels
	var err error
	if cfg.Strategy, err = analysis.Strategy(strategy); err != nil {
		t.Fatal(err)
	}
	a, err := analysis.Analyze(ctx, tg, cfg)
	if err != nil {
		t.Fatalf("%s %s: %v", tg.Func.Name, strategy, err)
	}
	return a.Report("", 0, nil)
}

// pin renders a report as its verdict counts, its costs and the hash of its
// JSON without timing.
func pin(t *testing.T, r *report.Function) string {
	st := r.Stats
	cov, unr, unk := r.Count()
	r.Stats.TimeMs, r.Stats.AvgQueryMs = 0, 0
	js, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%d/%d/%d; %d cases, %d discarded, %d solver calls, %d sat checks, %d paths, %d infeasible, %d conflicts; %x",
		cov, unr, unk, st.Cases, st.Discarded, st.SolverCalls, st.SatChecks, st.Paths, st.InfeasiblePaths, st.Conflicts, sha256.Sum256(js))
}
