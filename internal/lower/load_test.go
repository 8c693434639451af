// Tests of Package: a function lowered again, in any order, after the package lowered every function once is the same program.

package lower

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"leapfrog/internal/ir"
	"leapfrog/internal/testutil"
)

// fingerprint is everything of a target the stages after lowering read, as
// text: the program, its types' names, the phis' Go names, the
// precondition, the directives, the dynamic types and the signature.
func fingerprint(tg *Target) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s %s %v %q %q\n", tg.Name, tg.Func.Name, tg.PtrRecv, tg.Params, tg.TypeArgs)
	sb.WriteString(ir.Print(tg.Prog))
	ir.WalkTypes(tg.Prog, func(ty *ir.Type) { fmt.Fprintf(&sb, "type %q %q %v\n", ty.Name, ty.ReflectName, ty.Opaque) })
	for _, f := range tg.Prog.Funcs {
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				if p, ok := in.(*ir.Phi); ok {
					fmt.Fprintf(&sb, "phi %q\n", tg.PhiNames[p])
				}
			}
		}
	}
	if tg.Assume != nil {
		sb.WriteString(tg.AssumeText + "\n" + ir.PrintFunc(tg.Assume))
	}
	fmt.Fprintf(&sb, "%#v %#v\n", tg.KBounds, tg.Models)
	var dyns []string
	for name, t := range tg.DynTypes {
		dyns = append(dyns, name+" "+t.String())
	}
	sort.Strings(dyns)
	fmt.Fprintf(&sb, "%q %s\n", dyns, tg.Sig)
	return sb.String()
}

// checkLowerAgain lowers every name of the package in dir in order, then
// again in reverse order from the same Package, and wants the same
// fingerprints (gen lowers a package whole, then each function again for
// its analysis, in the order the analyses run).
func checkLowerAgain(t *testing.T, dir string, names []string) {
	t.Helper()
	p, err := Open(dir, names)
	if err != nil {
		return // the scenarios of load errors
	}
	defer p.Release()
	first := map[string]string{}
	for _, n := range names {
		if tg, err := p.Lower(n); err == nil {
			first[n] = fingerprint(tg)
		}
	}
	if len(first) == 0 {
		return
	}
	for i := len(names) - 1; i >= 0; i-- {
		n := names[i]
		tg, err := p.Lower(n)
		if (err == nil) != (first[n] != "") {
			t.Errorf("%s: lowered first %v, again %v (%v)", n, first[n] != "", err == nil, err)
			continue
		}
		if err == nil {
			if got := fingerprint(tg); got != first[n] {
				t.Errorf("%s: lowered again differs:\n%s\n--- first ---\n%s", n, got, first[n])
			}
		}
	}
}

// TestLowerAgain checks every scenario of testdata, and a module whose
// two packages named a declare a type T: the IR names a.T and a.T$2 go to
// the first met, so a program lowered again must meet the loader's names.
func TestLowerAgain(t *testing.T) {
	t.Run("collision", func(t *testing.T) {
		dir := t.TempDir()
		files := map[string]string{
			"go.mod":   "module m\n\ngo 1.22\n",
			"x/a/a.go": "package a\n\ntype T struct{ X int }\n\nfunc (t *T) Get() int { if t.X > 0 { return t.X }; return 0 }\n",
			"y/a/a.go": "package a\n\ntype T struct{ Y string }\n\nfunc (t T) Len() int { return len(t.Y) }\n",
			"p/p.go":   "package p\n\nimport (\n\txa \"m/x/a\"\n\tya \"m/y/a\"\n)\n\nfunc F1(t *xa.T) int { if t == nil { return -1 }; return t.Get() }\n\nfunc F2(t ya.T) int { if t.Len() > 2 { return 1 }; return 0 }\n\nfunc F3(u *xa.T, v ya.T) int { return F1(u) + F2(v) }\n\nfunc F4(n int) func() int { return func() int { if n > 0 { return n }; return 0 } }\n",
		}
		for name, text := range files {
			path := filepath.Join(dir, name)
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		names := []string{"F2", "F1", "F3", "F4"}
		p, err := Open(filepath.Join(dir, "p"), names)
		if err != nil {
			t.Fatal(err)
		}
		tg, err := p.Lower("F3")
		p.Release()
		if err != nil {
			t.Fatal(err)
		}
		if text := fingerprint(tg); !strings.Contains(text, `"a.T$2"`) {
			t.Fatalf("no colliding type names in the program; the test checks nothing:\n%s", text)
		}
		checkLowerAgain(t, filepath.Join(dir, "p"), names)
	})
	testutil.Goldens(t, "testdata/*.txtar", func(t *testing.T, g *testutil.Golden) {
		dir, names := writeScenario(t, g)
		checkLowerAgain(t, dir, names)
	})
}
