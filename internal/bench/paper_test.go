// Tests of bench -paper: the papers' count of TCAS, every paper row beside a measurement or marked absent, the golden tables.

package bench

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go/ast"
	"go/parser"
	"go/token"

	"leapfrog/internal/analysis"
	"leapfrog/internal/lower"
	"leapfrog/internal/report"
	"leapfrog/internal/testutil"
)

// TestPaperCountTCAS: TCAS counted as the papers count is 80 branches:
// leapfrog's 66 objectives without the entry and ALIM's index check (64
// outcomes, 5 of them unreachable), the 5 comparisons used as values
// (upward_preferred twice, Own_Below_Threat, Own_Above_Threat,
// tcas_equipped), ALIM's table of 4 as 3 conditions.
func TestPaperCountTCAS(t *testing.T) {
	res, err := lower.Load(filepath.Join(testutil.BenchCopy(t), "tcas"), []string{"AltSepTest12"})
	if err != nil || len(res.Errors) > 0 {
		t.Fatalf("%v %v", err, res.Errors)
	}
	tg := analysis.Target{Target: res.Targets[0], Package: res.Pkg.PkgPath}
	cfg := analysis.Defaults()
	r, err := analysis.Analyze(context.Background(), tg, cfg)
	if err != nil {
		t.Fatal(err)
	}
	c, err := CountAsPapers(tg, r.Report("", 0, nil))
	if err != nil {
		t.Fatal(err)
	}
	want := PaperCount{Objectives: 66, Outcomes: 64, Unreachable: 5, Dropped: 2, ValueCmps: 5, Tables: []int{4}, Funcs: 10, Loops: 0}
	if c.Branches() != 80 || c.Objectives != want.Objectives || c.Outcomes != want.Outcomes || c.Unreachable != want.Unreachable ||
		c.Dropped != want.Dropped || c.ValueCmps != want.ValueCmps || len(c.Tables) != 1 || c.Tables[0] != 4 || c.Funcs != want.Funcs || c.Loops != 0 {
		t.Errorf("TCAS as the papers count: %+v (%d branches), want %+v (80)", c, c.Branches(), want)
	}
	if m := c.Mapping(); m != "66 objectives − 2 (entry, run-time checks) + 2×5 (comparisons used as values) + 2×3 (table of 4) = 80 branches" {
		t.Errorf("mapping: %s", m)
	}
}

// TestCountBody: what counts as a comparison used as a value.
func TestCountBody(t *testing.T) {
	src := `package p
func F(a, b int, s []int) bool {
	x := a < b                 // value
	y := a == 1 && !(b >= 2)   // two conditions
	if x || a != b { return y } // conditions
	for i := 0; i < len(s); i++ { _ = s[i] > 0 } // a condition, a value
	switch { case a > 3: }     // a condition
	f := func() bool { return a > b } // counted with the literal, not here
	_ = f
	return a <= b              // value
}`
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	af, err := parser.ParseFile(token.NewFileSet(), filepath.Join(dir, "p.go"), nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var c PaperCount
	countBody(af.Decls[0].(*ast.FuncDecl).Body, &c)
	if c.ValueCmps != 3 || c.Loops != 1 {
		t.Errorf("value comparisons %d (want 3), loops %d (want 1)", c.ValueCmps, c.Loops)
	}
}

// TestPaperRows: every row of every paper table is printed with a leapfrog
// line, a measurement of a program of the bench module or "not in the
// repository"; every measured row names a column leapfrog fills (paperCell
// panics on an unknown one), and the tables' ids are distinct.
func TestPaperRows(t *testing.T) {
	seen := map[string]bool{}
	for _, tb := range paperTables {
		if seen[tb.id] {
			t.Errorf("table id %s twice", tb.id)
		}
		seen[tb.id] = true
		for _, r := range tb.rows {
			if len(r.cells) != len(tb.cols) {
				t.Errorf("%s: %s %s: %d cells for %d columns", tb.id, r.program, r.strategy, len(r.cells), len(tb.cols))
			}
			if r.ours != nil {
				if _, err := os.Stat(filepath.Join(testutil.BenchSrc(), r.ours.pkg)); err != nil {
					t.Errorf("%s: %s: %v", tb.id, r.program, err)
				}
			}
		}
	}
	for _, id := range []string{"treefrog-1", "treefrog-2", "concolic-examples", "rgcb-2", "rgcb-3", "rgcb-4", "jr-benchmarks", "jr-rq1", "jr-rq3", "pm-getsetbits", "spf-loops"} {
		if !seen[id] {
			t.Errorf("no table %s", id)
		}
	}
}

// TestPaperGolden runs the tables whose runs finish in seconds without a
// budget (their figures do not depend on the machine's speed) and compares
// them with testdata/paper.txtar (times masked; -update rewrites it): the
// papers' rows, leapfrog's beside them, "not in the repository" for the
// programs the module lacks.
func TestPaperGolden(t *testing.T) {
	if testing.Short() {
		t.Skip("runs dfs, mtelse and treefrog on TCAS and the papers' loop examples (seconds)")
	}
	var out bytes.Buffer
	o := Options{Runs: 1, Config: analysis.Defaults()}
	tables := []string{"treefrog-1", "concolic-examples", "spf-loops"}
	rep, err := Paper(context.Background(), testutil.BenchCopy(t), o, PaperOptions{Tables: tables, MaskTimes: true}, &out)
	if err != nil {
		t.Fatal(err)
	}
	for _, bf := range rep.Functions {
		if !bf.SameVerdicts {
			t.Errorf("%s: strategies disagree: %q", bf.Function, bf.Differences)
		}
	}
	got := out.String()
	for _, want := range []string{"= 80 branches", "not in the repository", "tcas.AltSepTest12  treefrog"} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	testutil.ReadGolden(t, filepath.Join("testdata", "paper.txtar")).Check(t, map[string]string{"stdout": got}, "stdout")
	if _, err := Paper(context.Background(), testutil.BenchCopy(t), o, PaperOptions{Tables: []string{"nope"}}, &out); err == nil || !strings.Contains(err.Error(), `no table "nope"`) {
		t.Errorf("unknown table: %v", err)
	}
}

// TestPaperTablesRender renders every table from made-up measurements (no
// analysis): each paper row is followed by leapfrog's line, or, after the
// last row of a program that is absent, by one line saying why; every
// column of every table has a figure (paperCell panics on a column it does
// not know, and fails on a target it cannot find).
func TestPaperTablesRender(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "x.go")
	src := "// Code generated by synth -conds 20 -conflicts 8\nif i == 10 {\nif j == 20 {\n"
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	rep := &report.Function{Branches: []report.Branch{
		{ID: "b0.true", Pos: "x.go:2:4", Outcome: "true", Verdict: report.Covered},
		{ID: "b1.true", Pos: "x.go:3:4", Outcome: "true", Verdict: report.Unknown, Reason: "loop bounded"},
		{ID: "e", Pos: "x.go:1:1", Outcome: "entry", Verdict: report.Covered},
	}}
	jobs := map[string]*job{}
	for _, tb := range paperTables {
		for _, r := range tb.rows {
			if r.ours == nil {
				continue
			}
			j := jobs[r.ours.key()]
			if j == nil {
				j = &job{pkg: r.ours.pkg, fn: r.ours.fn, fn0: &Function{}, target: analysis.Target{Target: &lower.Target{File: file}}}
				jobs[r.ours.key()] = j
			}
			for _, st := range strings.Split(r.ours.strategy, "|") {
				j.fn0.Strategies = append(j.fn0.Strategies, &Outcome{Strategy: st, Runs: 1, Report: rep})
			}
		}
	}
	for _, tb := range paperTables {
		var out bytes.Buffer
		if err := writePaperTable(&out, tb, jobs, PaperOptions{MaskTimes: true}); err != nil {
			t.Errorf("%s: %v", tb.id, err)
			continue
		}
		var want, got []string
		absent := 0
		for i, r := range tb.rows {
			want = append(want, "paper")
			if r.ours != nil {
				want = append(want, "leapfrog")
			} else if next := i + 1; next == len(tb.rows) || tb.rows[next].program != r.program || tb.rows[next].ours != nil || tb.rows[next].none != r.none {
				want = append(want, "leapfrog")
				if r.none == "" {
					absent++
				}
			}
		}
		lines := strings.Split(out.String(), "\n")
		for i, line := range lines {
			if strings.HasPrefix(line, "  program ") {
				for _, l := range lines[i+1:] {
					switch {
					case strings.Contains(l, " paper "):
						got = append(got, "paper")
					case strings.Contains(l, " leapfrog "), strings.HasSuffix(l, " leapfrog"):
						got = append(got, "leapfrog")
					}
				}
				break
			}
		}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s: lines %v, want %v:\n%s", tb.id, got, want, out.String())
		}
		if n := strings.Count(out.String(), "not in the repository"); n != absent {
			t.Errorf("%s: %d lines 'not in the repository', want %d", tb.id, n, absent)
		}
	}
}
