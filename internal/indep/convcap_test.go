// The capacity of []byte(s) and []rune(s) against compiled Go: what a compiled function reaches is never unreachable.

package indep_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"leapfrog/internal/indep"
	"leapfrog/internal/ir"
	"leapfrog/internal/lower"
	"leapfrog/internal/testutil"
)

// TestConvCapAgainstGo runs testdata/convcap's package compiled (its
// reach_test.go prints the functions whose target line's if compiled Go
// takes: its last condition true), and checks that the encoding calls no such objective
// unreachable, and proves the one no string reaches (Never).
func TestConvCapAgainstGo(t *testing.T) {
	testutil.SkipShort(t, "compiles and runs a Go program")
	ar, err := txtar.ParseFile(filepath.Join("testdata", "convcap", "convcap.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var funcs []string
	targets := map[int]bool{} // lines of p.go marked target
	for _, f := range ar.Files {
		if f.Name == "funcs" {
			funcs = strings.Fields(string(f.Data))
			continue
		}
		if f.Name == "p.go" {
			for i, line := range strings.Split(string(f.Data), "\n") {
				if strings.HasSuffix(line, "// target") {
					targets[i+1] = true
				}
			}
		}
		if err := os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("go", "test", "-count=1", "-run", "TestReach", "-v", ".")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go test: %v\n%s", err, out)
	}
	reached := map[string]bool{}
	for _, line := range strings.Split(string(out), "\n") {
		if name, ok := strings.CutPrefix(line, "reach "); ok {
			reached[name] = true
		}
	}
	res, err := lower.Load(dir, funcs)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range res.Errors {
		t.Fatal(e)
	}
	for _, tg := range res.Targets {
		if reached[tg.Name] == (tg.Name == "Never") {
			t.Errorf("%s: compiled Go reaches its target %v: the scenario no longer tests what it says", tg.Name, reached[tg.Name])
		}
		// The target: the last condition of the marked line's if.
		var target *ir.If
		for _, b := range tg.Func.Blocks {
			if in, ok := b.Terminator().(*ir.If); ok && in.Kind == ir.SourceBranch && targets[in.Pos.Line] && (target == nil || in.Pos.Col > target.Pos.Col) {
				target = in
			}
		}
		if target == nil {
			t.Fatalf("%s: no target branch", tg.Name)
		}
		objs := []indep.Objective{{If: target, Dir: true}}
		for i, r := range indep.Check(tg.Func, objs, indep.Options{}) {
			unreachable := r.Status == indep.Unreachable
			switch {
			case reached[tg.Name] && unreachable:
				t.Errorf("%s: FALSE UNREACHABLE %s: compiled Go reaches it", tg.Name, objs[i])
			case !reached[tg.Name] && !unreachable:
				t.Errorf("%s: %s: %v, want unreachable (%s)", tg.Name, objs[i], r.Status, r.Reason)
			}
		}
	}
}
