// Test helpers: Go source lowered to IR in a temporary module, and the objectives of a function.

package invariant

import (
	"os"
	"path/filepath"
	"testing"

	"leapfrog/internal/ir"
	"leapfrog/internal/lower"
)

// lowerGo writes src as package p of a fresh module and lowers the named
// functions.
func lowerGo(t testing.TB, src string, names ...string) map[string]*ir.Function {
	fns := map[string]*ir.Function{}
	for name, tg := range lowerTargets(t, src, names...) {
		fns[name] = tg.Func
	}
	return fns
}

// lowerTargets is lowerGo's, with the targets.
func lowerTargets(t testing.TB, src string, names ...string) map[string]*lower.Target {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module p\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := lower.Load(dir, names)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range res.Errors {
		t.Fatal(e)
	}
	tgs := map[string]*lower.Target{}
	for _, tg := range res.Targets {
		if err := ir.Check(tg.Prog); err != nil {
			t.Fatal(err)
		}
		tgs[tg.Name] = tg
	}
	return tgs
}

// checks returns the failing sides of fn's own run-time checks.
func checks(fn *ir.Function) []Objective {
	var objs []Objective
	for _, b := range fn.Blocks {
		if t, ok := b.Terminator().(*ir.If); ok && t.Kind != ir.SourceBranch && t.Kind != ir.InternalBranch {
			objs = append(objs, Objective{If: t, Dir: false})
		}
	}
	return objs
}
