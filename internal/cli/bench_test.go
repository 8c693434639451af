// Tests of the bench subcommand: tables, JSON, verdict agreement, flag errors.

package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"leapfrog/internal/analysis"
	"leapfrog/internal/bench"
	"leapfrog/internal/testutil"
)

func TestBenchAgreement(t *testing.T) {
	dir := benchCopy(t)
	cases := []struct {
		pkg        string
		strategies string
		funcs      []string
	}{
		{"tcas", "", []string{"AltSepTest12"}},
		{"wbs", "", []string{"Step"}},
		{"paper", "", []string{"G", "Classify", "Count4Bits", "GetSetBits"}},
		// dfs and eager take seconds to a minute here (see the search tests).
		{"synthpkg/s36k6", "lookahead,else,mtelse", []string{"F"}},
	}
	for _, c := range cases {
		t.Run(c.pkg, func(t *testing.T) {
			js := filepath.Join(t.TempDir(), "b.json")
			args := []string{"bench", "-json", js}
			if c.strategies != "" {
				args = append(args, "-strategies", c.strategies)
			}
			args = append(args, filepath.Join(dir, c.pkg))
			args = append(args, c.funcs...)
			code, out, errs := run(args...)
			if code != 0 {
				t.Fatalf("exit %d\n%s\n%s", code, out, errs)
			}
			for _, h := range []string{"strategy", "cases", "discarded", "solver calls", "eager flips", "hopeful flips", "infeasible", "paths", "time", "same verdicts: yes"} {
				if !strings.Contains(out, h) {
					t.Errorf("output lacks %q:\n%s", h, out)
				}
			}
			data, err := os.ReadFile(js)
			if err != nil {
				t.Fatal(err)
			}
			var rep bench.Report
			if err := json.Unmarshal(data, &rep); err != nil {
				t.Fatal(err)
			}
			if len(rep.Functions) != len(c.funcs) {
				t.Fatalf("%d functions in the JSON, want %d", len(rep.Functions), len(c.funcs))
			}
			want := len(analysis.StrategyNames()) - 1 // all but pe
			if c.strategies != "" {
				want = len(strings.Split(c.strategies, ","))
			}
			for _, f := range rep.Functions {
				if !f.SameVerdicts || len(f.Strategies) != want {
					t.Errorf("%s: same verdicts %v, %d strategies", f.Function, f.SameVerdicts, len(f.Strategies))
				}
				ref := f.Strategies[0].Report
				for _, o := range f.Strategies[1:] {
					for i, b := range o.Report.Branches {
						if b.Verdict != ref.Branches[i].Verdict {
							t.Errorf("%s %s: %s says %s, %s says %s", f.Function, b.ID, ref.Strategy, ref.Branches[i].Verdict, o.Strategy, b.Verdict)
						}
					}
				}
			}
			// bench writes no test file.
			matches, _ := filepath.Glob(filepath.Join(dir, c.pkg, "*_leapfrog_test.go"))
			if len(matches) > 0 {
				t.Errorf("bench wrote %v", matches)
			}
		})
	}
}

func TestBenchRunsAndErrors(t *testing.T) {
	dir := benchCopy(t)
	code, out, errs := run("bench", "-runs", "2", "-strategies", "mtelse,else", filepath.Join(dir, "paper"), "Classify")
	if code != 0 || !strings.Contains(out, "means over 2 runs") {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"bench", "-strategies", "dfs,nope", filepath.Join(dir, "paper"), "G"}, `leapfrog bench: -strategies: unknown strategy "nope"`},
		{[]string{"bench", "-runs", "0", filepath.Join(dir, "paper"), "G"}, "leapfrog bench: -runs: must be at least 1, got 0\n"},
		{[]string{"bench", filepath.Join(dir, "paper"), "G", "Nope"}, "leapfrog bench: Nope: no function Nope in package leapfrogbench/paper\n"},
		{[]string{"bench", filepath.Join(dir, "nowhere"), "G"}, "leapfrog bench: " + filepath.Join(dir, "nowhere") + ": no such directory\n"},
	} {
		code, _, errs := run(c.args...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, stderr %q, want 2 and %q", c.args[1:], code, errs, c.want)
		}
	}
}

// TestBenchScale: bench -scale generates the synthetic series from the bench
// module (left untouched), prints a row per size and strategy with the
// ratio to the previous size, and the strategies agree.
func TestBenchScale(t *testing.T) {
	testutil.SkipShort(t, "bench -scale builds and runs the synthetic series")
	dir := benchCopy(t)
	before, err := os.ReadDir(filepath.Join(dir, "synthpkg"))
	if err != nil {
		t.Fatal(err)
	}
	js := filepath.Join(t.TempDir(), "s.json")
	code, out, errs := run("bench", "-scale", "20,40", "-strategies", "treefrog,pm,rgcb", "-timeout", "60s", "-json", js, dir)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	rows := 0
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		if len(f) == 12 && (f[0] == "20" || f[0] == "40") {
			rows++
			if f[0] == "40" && f[11] == "-" {
				t.Errorf("no ratio on the second size: %q", line)
			}
			if f[5] != "0" {
				t.Errorf("unknown verdicts: %q", line)
			}
		}
	}
	if rows != 6 || !strings.Contains(out, "treefrog: time(40)/time(20) = ") {
		t.Errorf("want 6 rows (2 sizes, 3 strategies) and the overall ratio:\n%s", out)
	}
	var rep bench.Report
	data, err := os.ReadFile(js)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &rep); err != nil || len(rep.Functions) != 2 || !rep.Functions[0].SameVerdicts || !rep.Functions[1].SameVerdicts {
		t.Errorf("JSON: %v, %d functions", err, len(rep.Functions))
	}
	after, _ := os.ReadDir(filepath.Join(dir, "synthpkg"))
	if len(after) != len(before) {
		t.Errorf("bench -scale wrote into the module: %d packages before, %d after", len(before), len(after))
	}
	if code, _, errs := run("bench", "-scale", "20,x", dir); code != 2 || !strings.Contains(errs, "bad size") {
		t.Errorf("bad size: exit %d, %q", code, errs)
	}
}

// TestBenchPaper: bench -paper prints the selected papers' tables beside
// leapfrog's figures on the bench module (TCAS counted as 80 branches), and
// rejects what it cannot do with a usage error.
func TestBenchPaper(t *testing.T) {
	dir := benchCopy(t)
	code, out, errs := run("bench", "-paper", "-tables", "treefrog-1", dir)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	for _, want := range []string{"TreeFrog, Table 1: Tcas  [treefrog-1]", "= 80 branches", "  Tcas               TreeFrog   paper     80", "  tcas.AltSepTest12  treefrog   leapfrog  80"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"bench", "-paper"}, "-paper: need the bench module's directory, got 0 arguments"},
		{[]string{"bench", "-paper", filepath.Join(dir, "paper")}, "is not the bench module"},
		{[]string{"bench", "-paper", "-tables", "nope", dir}, `-paper: no table "nope"`},
		{[]string{"bench", "-tables", "treefrog-1", filepath.Join(dir, "paper"), "G"}, "-tables: only with -paper"},
		{[]string{"bench", "-paper", "-scale", "20", dir}, "-paper and -scale exclude each other"},
	} {
		code, _, errs := run(c.args...)
		if code == 0 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, stderr %q, want an error with %q", c.args[1:], code, errs, c.want)
		}
	}
}
