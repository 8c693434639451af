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
