// Determinism of gen under load and parallelism: a solver query's budget is counted in work, not in time.

package cli

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"leapfrog/internal/report"
	"leapfrog/internal/testutil"
)

// TestDeterministicSolverBudget: (*Op).Error of the errorsas scenario makes
// a query that takes Z3 2 to 4 seconds on a loaded machine. When the
// per-query budget (-solver-timeout) was wall-clock time, that query timed
// out on a busy machine under the default 10s and the function got 60
// solver calls and 35 cases instead of 61 and 36. The budget is now Z3's
// resource count (z3.workLimit): the function's analysis must be the same
// alone (-p 1), beside another function (-p 2, sharing the cores), and
// under a 2s budget, whose work (4M units) suffices for that query (3.1M)
// however long it takes (the 2s wall-clock budget cut it).
func TestDeterministicSolverBudget(t *testing.T) {
	testutil.SkipShort(t, "three runs of gen on a function with a slow query")
	dir := t.TempDir()
	testutil.ReadTree(t, "testdata/regress/errorsas.txtar", dir, "funcs", "flags", "want")
	const fn = "(*Op).Error"
	runs := []struct {
		name  string
		flags []string
		funcs []string
	}{
		{"alone", []string{"-p", "1"}, []string{fn}},
		{"beside Joined", []string{"-p", "2"}, []string{fn, "Joined"}},
		{"2s budget", []string{"-p", "1", "-solver-timeout", "2s"}, []string{fn}},
	}
	var first []byte
	for i, r := range runs {
		js := filepath.Join(t.TempDir(), "r.json")
		args := append([]string{"gen", "-q", "-complete=false", "-timeout", "0", "-strategy", "dfs", "-json", js, "-o", filepath.Join(t.TempDir(), "x_test.go")}, r.flags...)
		args = append(append(args, dir), r.funcs...)
		if code, out, errs := run(args...); code != 0 {
			t.Fatalf("%s: exit %d: %s%s", r.name, code, out, errs)
		}
		var got *report.Function
		rep := readReport(t, js)
		for j := range rep.Functions {
			if rep.Functions[j].Function == fn {
				got = rep.Functions[j]
			}
		}
		if got == nil {
			t.Fatalf("%s: no %s in the report", r.name, fn)
		}
		data, err := json.MarshalIndent(got, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			first = data
			continue
		}
		if !bytes.Equal(first, data) {
			t.Errorf("%s: the report of %s differs from the run alone:\n%s", r.name, fn, testutil.Diff(runs[0].name, strings.TrimSpace(string(first))+"\n", r.name, strings.TrimSpace(string(data))+"\n"))
		}
	}
}
