// Whole-package runs on the bench module: -p does not change a byte, shards merge into the whole run, the tests pass, the report fits its schema.

package cli

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"leapfrog/internal/report"
	"leapfrog/internal/testutil"
)

// benchSubset selects the bench module's functions that take well under a
// second each (the whole module, s270u2 and Launch included, is run in the
// README's session): enough for every package, several files, methods,
// abort stubs, unreachable branches.
var benchSubset = []string{"-run", `^(G|M|GetSetBits|Count4Bits|Classify|F|Step|\(\*WBS\)\.Outputs|\(\*state\)\.(ALIM|initialize|Own_.*)|with|main)$`,
	"./paper", "./tcas", "./wbs", "./synth", "./synthpkg/s20k8", "./synthpkg/s36k6"}

// genIn runs gen in dir (the working directory) and returns stdout.
func genIn(t *testing.T, dir string, args ...string) string {
	t.Helper()
	wd, _ := os.Getwd()
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	code, out, errs := run(append([]string{"gen", "-q", "-complete=false", "-timeout", "30s"}, args...)...)
	if code != 0 {
		t.Fatalf("gen %v: exit %d\n%s%s", args, code, out, errs)
	}
	return out
}

// generated returns the generated test files under dir and their contents.
func generated(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	filepath.Walk(dir, func(p string, fi os.FileInfo, err error) error {
		if err == nil && strings.Contains(filepath.Base(p), "_leapfrog") && strings.HasSuffix(p, "_test.go") {
			data, _ := os.ReadFile(p)
			rel, _ := filepath.Rel(dir, p)
			files[rel] = data
		}
		return nil
	})
	return files
}

var wholeRunOnce struct {
	sync.Once
	bench, out string
	err        string
}

// wholeRun runs gen -p 4 on benchSubset once for the tests that need it (the
// browser test reads its HTML): it returns the bench copy (holding the test
// files) and the directory of p4.json and p4.html. Both directories live
// until the test binary exits.
func wholeRun(t *testing.T) (bench, out string) {
	w := &wholeRunOnce
	w.Do(func() {
		b, err := os.MkdirTemp("", "leapfrog-bench")
		if err == nil {
			err = os.CopyFS(b, os.DirFS(testutil.BenchSrc()))
		}
		if err != nil {
			w.err = err.Error()
			return
		}
		w.bench, w.out = b, filepath.Join(b, ".out")
		os.Mkdir(w.out, 0o755)
		wd, _ := os.Getwd()
		os.Chdir(b)
		args := append([]string{"gen", "-q", "-complete=false", "-timeout", "30s", "-p", "4", "-json", filepath.Join(w.out, "p4.json"), "-html", filepath.Join(w.out, "p4.html")}, benchSubset...)
		code, stdout, stderr := run(args...)
		os.Chdir(wd)
		if code != 0 {
			w.err = fmt.Sprintf("gen %v: exit %d\n%s%s", args, code, stdout, stderr)
		}
	})
	if w.err != "" {
		t.Fatal(w.err)
	}
	return w.bench, w.out
}

// TestWholeRun is issue 13's "done when" on a subset of the bench module:
// one test file per source file whose tests pass; -p 1 and -p 4 give the
// same bytes (tests, JSON, HTML); -shard 1/2 and 2/2 merged give the
// totals and the verdicts of the distinct outcomes of the whole run; the JSON fits docs/report.schema.json and has no null.
func TestWholeRun(t *testing.T) {
	testutil.SkipShort(t, "a whole run of the bench, with go test on the generated files")
	bench, out := wholeRun(t)
	js := func(name string) string { return filepath.Join(out, name) }
	files4 := generated(t, bench)
	genIn(t, bench, append([]string{"-p", "1", "-json", js("p1.json"), "-html", js("p1.html")}, benchSubset...)...)
	files1 := generated(t, bench)

	var names []string
	for f := range files4 {
		names = append(names, f)
	}
	sort.Strings(names)
	want := []string{"paper/paper_leapfrog_test.go", "synth/main_leapfrog_test.go", "synthpkg/s20k8/s20k8_leapfrog_test.go", "synthpkg/s36k6/s36k6_leapfrog_test.go", "tcas/tcas_leapfrog_test.go", "wbs/wbs_leapfrog_test.go"}
	if strings.Join(names, " ") != strings.Join(want, " ") {
		t.Errorf("test files %v, want one per source file with an analysed function: %v", names, want)
	}
	for _, f := range names {
		if !bytes.Equal(files1[f], files4[f]) {
			t.Errorf("%s differs between -p 1 and -p 4", f)
		}
	}
	for _, f := range []string{"p1.json", "p1.html"} {
		a, _ := os.ReadFile(js(f))
		b, _ := os.ReadFile(js(strings.Replace(f, "p1", "p4", 1)))
		if len(a) == 0 || !bytes.Equal(a, b) {
			t.Errorf("%s differs between -p 1 and -p 4 (or is empty)", f)
		}
	}

	whole, _ := os.ReadFile(js("p1.json"))
	rep, err := report.Decode(whole)
	if err != nil {
		t.Fatalf("the report does not decode strictly: %v", err)
	}
	// The bench module has no function leapfrog rejects any more (the
	// generator's calls it cannot run are abort stubs): those give the
	// report its aborts; rejections and -p are script wholepkg's.
	aborts := 0
	for _, f := range rep.Functions {
		aborts += len(f.Aborts)
	}
	if aborts == 0 || rep.Summary.Unreachable == 0 || rep.Summary.Analysed < 12 {
		t.Errorf("summary %+v, %d aborts: want abort stubs, unreachable outcomes and at least 12 functions", rep.Summary, aborts)
	}
	schema, err := os.ReadFile(filepath.Join(testutil.Root(), "docs", "report.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	if errs := testutil.CheckJSONSchema(schema, whole); len(errs) > 0 {
		t.Errorf("the report does not fit docs/report.schema.json:\n%s", strings.Join(errs, "\n"))
	}
	if bytes.Contains(whole, []byte("null")) {
		t.Error("the report holds null")
	}

	// Shards: run in copies of their own, as on other machines.
	var shards []string
	for _, k := range []string{"1/2", "2/2"} {
		dir := benchCopy(t)
		name := js("shard" + k[:1] + ".json")
		genIn(t, dir, append([]string{"-shard", k, "-json", name}, benchSubset...)...)
		shards = append(shards, name)
	}
	merged := js("merged.json")
	wd, _ := os.Getwd()
	os.Chdir(bench) // the paths in the reports are relative to where gen ran
	code, stdout, errs := run("merge", "-json", merged, "-html", js("merged.html"), shards[1], shards[0])
	os.Chdir(wd)
	if code != 0 {
		t.Fatalf("merge: exit %d\n%s%s", code, stdout, errs)
	}
	// A caller whose callee fell into the other shard searched the
	// callee's outcomes itself: the functions' own views may differ, the
	// distinct outcomes and their verdicts do not.
	m, _ := os.ReadFile(merged)
	mrep, err := report.Decode(m)
	if err != nil {
		t.Fatalf("the merged report does not decode: %v", err)
	}
	if d, w := distinct(mrep), distinct(rep); d != w {
		t.Errorf("the merged shards count\n%s\nthe whole run\n%s", d, w)
	}
	if mh, _ := os.ReadFile(js("merged.html")); len(mh) == 0 {
		t.Error("merge wrote no HTML")
	}

	cmd := exec.Command("go", "test", "./...")
	cmd.Dir = bench
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go test on the generated tests: %v\n%s", err, out)
	}
}

// distinct renders the counts of a report's distinct outcomes and each
// outcome's verdict, one line each.
func distinct(r *report.Report) string {
	var b strings.Builder
	for _, p := range r.Packages {
		fmt.Fprintf(&b, "%s: %d functions, %d analysed, %d rejected; %d outcomes: %d covered, %d unreachable, %d unknown\n",
			p.Path, p.Functions, p.Analysed, p.Rejected, p.Objectives, p.Covered, p.Unreachable, p.Unknown)
	}
	for _, o := range r.Outcomes() {
		fmt.Fprintf(&b, "%s %s %s: %s\n", o.Package, o.Pos, o.Outcome, o.Verdict)
	}
	return b.String()
}
