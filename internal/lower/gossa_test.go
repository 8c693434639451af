// Tests: txtar scenarios (source, names, expected IR or errors) and the bench packages.

package lower

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"leapfrog/internal/ir"
	"leapfrog/internal/irparse"
	"leapfrog/internal/testutil"
)

// TestScenarios runs every testdata/*.txtar: the files other than "names" and
// "want" are written to a temporary directory, the names (one a line) are
// lowered, and the outcome (load error, or per-name errors, targets and the
// printed program) is compared with "want".
func TestScenarios(t *testing.T) { testutil.Goldens(t, "testdata/*.txtar", runScenario) }

func runScenario(t *testing.T, g *testutil.Golden) {
	dir, names := writeScenario(t, g)
	g.Check(t, map[string]string{"want": outcome(t, dir, names)}, "want")
}

// writeScenario writes the files of a scenario but "names" and "want" to
// a temporary directory, and returns it and the names.
func writeScenario(t *testing.T, g *testutil.Golden) (dir string, names []string) {
	dir = t.TempDir()
	for _, f := range g.Archive.Files {
		switch f.Name {
		case "names":
			names = strings.Fields(string(f.Data))
		case "want":
		default:
			path := filepath.Join(dir, f.Name)
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, f.Data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	return dir, names
}

// outcome loads dir and renders everything a scenario checks, with the
// temporary directory replaced by $DIR.
func outcome(t *testing.T, dir string, names []string) string {
	res, err := Load(dir, names)
	if err != nil {
		return "load error: " + strings.ReplaceAll(err.Error(), dir, "$DIR") + "\n"
	}
	checkProgram(t, res)
	var sb strings.Builder
	for _, e := range res.Errors {
		fmt.Fprintf(&sb, "error: %v\n", e)
	}
	for _, tg := range res.Targets {
		fmt.Fprintf(&sb, "target %s: func %s, ptrrecv %v, params [%s]\n", tg.Name, tg.Func.Name, tg.PtrRecv, strings.Join(tg.Params, " "))
		if tg.Assume != nil {
			fmt.Fprintf(&sb, "\tassume %s: %s\n", tg.Assume.Name, tg.AssumeText)
		}
		for _, a := range tg.Aborts {
			fmt.Fprintf(&sb, "\taborts: %s\n", a)
		}
	}
	// Each target's program; a program printed already for an earlier
	// target with the same text is named, not repeated.
	printed := map[string]string{}
	for _, tg := range res.Targets {
		text := ir.Print(tg.Prog)
		if first, ok := printed[text]; ok {
			fmt.Fprintf(&sb, "\nprogram of %s: as for %s\n", tg.Name, first)
			continue
		}
		printed[text] = tg.Name
		fmt.Fprintf(&sb, "\nprogram of %s:\n%s", tg.Name, text)
	}
	return strings.ReplaceAll(sb.String(), dir, "$DIR")
}

// checkProgram runs the IR sanity checker and the frontend's own invariants
// that the checker does not know about.
func checkProgram(t *testing.T, res *Result) {
	t.Helper()
	for _, tg := range res.Targets {
		if err := ir.Check(tg.Prog); err != nil {
			t.Fatalf("ir.Check: %v\n%s", err, ir.Print(tg.Prog))
		}
		roundTrip(t, tg.Prog)
		if tg.Assume != nil && (tg.Prog.Func(tg.Assume.Name) != tg.Assume || len(tg.Assume.Params) != len(tg.Func.Params)) {
			t.Errorf("target %s: precondition %s not in the program or with other parameters", tg.Name, tg.Assume.Name)
		}
		if tg.Func == nil || tg.GoFunc == nil || !filepath.IsAbs(tg.File) {
			t.Errorf("target %s incomplete: %+v", tg.Name, tg)
		}
		if len(tg.Params) != len(tg.Func.Params) {
			t.Errorf("target %s: %d names for %d params", tg.Name, len(tg.Params), len(tg.Func.Params))
		}
	}
	for _, tg := range res.Targets {
		for _, f := range tg.Prog.Funcs {
			for _, b := range f.Blocks {
				switch term := b.Terminator().(type) {
				case *ir.If:
					if term.Kind != ir.InternalBranch && !term.Pos.IsValid() {
						t.Errorf("%s: %s branch without position", f.Name, term.Kind)
					}
					if term.Kind != ir.SourceBranch && term.Kind != ir.InternalBranch {
						p, ok := b.Succs[1].Terminator().(*ir.Panic)
						if !ok || p.Kind != ir.CheckPanic || p.Msg != term.Kind.PanicMessage() {
							t.Errorf("%s: %s check's else side does not panic", f.Name, term.Kind)
						}
					}
				case *ir.Panic:
					if !term.Pos.IsValid() {
						t.Errorf("%s: panic without position", f.Name)
					}
				}
			}
		}
	}
}

// roundTrip checks that the printed program parses back to the same text,
// and that every type's Size (from go/types) is the size the parser
// computes for it (ir.SizeOf).
func roundTrip(t *testing.T, p *ir.Program) {
	t.Helper()
	text := ir.Print(p)
	p2, err := irparse.Parse("print.ir", []byte(text))
	if err != nil {
		t.Fatalf("the printed program does not parse: %v\n%s", err, text)
	}
	if text2 := ir.Print(p2); text2 != text {
		t.Errorf("round trip differs:\n%s\n--- reprinted ---\n%s", text, text2)
	}
	ir.WalkTypes(p, func(typ *ir.Type) {
		if want := ir.SizeOf(typ); typ.Size != want {
			t.Errorf("type %s has Size %d, ir.SizeOf says %d", typ, typ.Size, want)
		}
	})
}

// reachableFuncs returns f and its transitive callees.
func reachableFuncs(f *ir.Function) []*ir.Function {
	seen := map[*ir.Function]bool{f: true}
	list := []*ir.Function{f}
	for i := 0; i < len(list); i++ {
		for _, b := range list[i].Blocks {
			for _, instr := range b.Instrs {
				if c, ok := instr.(*ir.Call); ok && !seen[c.Callee] {
					seen[c.Callee] = true
					list = append(list, c.Callee)
				}
			}
		}
	}
	return list
}

// countIfs counts the Ifs of the given kind in fs.
func countIfs(fs []*ir.Function, kind ir.BranchKind) int {
	n := 0
	for _, f := range fs {
		for _, b := range f.Blocks {
			if i, ok := b.Terminator().(*ir.If); ok && i.Kind == kind {
				n++
			}
		}
	}
	return n
}

func TestBench(t *testing.T) {
	dir := testutil.BenchCopy(t)
	cases := []struct {
		pkg     string
		names   []string
		sources map[string]int // source branches reachable from a target
	}{
		{"tcas", []string{"AltSepTest12", "AltSepTest"}, map[string]int{"AltSepTest12": 32, "AltSepTest": 32}},
		{"wbs", []string{"Step", "Launch"}, map[string]int{"Step": 44, "Launch": 44}},
		{"paper", []string{"G", "M", "Count", "GetSetBits", "Classify", "Count4Bits"},
			map[string]int{"G": 2, "M": 2, "Count": 2, "GetSetBits": 6, "Classify": 7, "Count4Bits": 4}},
	}
	for _, c := range cases {
		t.Run(c.pkg, func(t *testing.T) {
			res, err := Load(filepath.Join(dir, c.pkg), c.names)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Errors) > 0 {
				t.Fatalf("errors: %v", res.Errors)
			}
			checkProgram(t, res)
			if len(res.Targets) != len(c.names) {
				t.Fatalf("got %d targets for %d names", len(res.Targets), len(c.names))
			}
			for i, tg := range res.Targets {
				if tg.Name != c.names[i] {
					t.Errorf("target %d is %s, want %s", i, tg.Name, c.names[i])
				}
				fs := reachableFuncs(tg.Func)
				if got, want := countIfs(fs, ir.SourceBranch), c.sources[tg.Name]; got != want {
					t.Errorf("%s: %d source branches, want %d", tg.Name, got, want)
				}
				if n := countIfs(fs, ir.NilCheck); n != 0 {
					t.Errorf("%s: %d nil checks, want none", tg.Name, n)
				}
			}
			if c.pkg == "tcas" {
				alim := res.Targets[0].Prog.Func("(*state).ALIM")
				if alim == nil {
					t.Fatal("no (*state).ALIM")
				}
				if n := countIfs([]*ir.Function{alim}, ir.IndexCheck); n != 1 {
					t.Errorf("ALIM has %d index checks, want 1", n)
				}
			}
		})
	}
}

// TestOrderFallback: when go/ssa cannot build what order.go wrote (a bug
// of the rewrite: julienschmidt/httprouter lost its whole package to one),
// the package is loaded again without rewrites, the functions that need
// one are rejected with the failure, and the others are lowered.
func TestOrderFallback(t *testing.T) {
	dir := t.TempDir()
	for name, src := range map[string]string{
		"go.mod": "module p\n\ngo 1.22\n",
		"p.go": `package p

func g(y int8) int8 { return 10 / y }

func Operand(a [2]int8, i uint8, y int8) bool {
	return y > 0 && a[i] > g(y)
}

func Plain(y int8) int8 {
	if y > 0 {
		return g(y)
	}
	return 0
}
`,
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	breakRewrite = true
	defer func() { breakRewrite = false }()
	res, err := Load(dir, []string{"Operand", "Plain"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Errors) != 1 || !strings.Contains(res.Errors[0].Error(), "p.go:6:18: unsupported: evaluation order:") ||
		!strings.Contains(res.Errors[0].Error(), "the rewrite into gc's order failed in this package (internal error of go/ssa on it: no ssa.Value for var order$broken") {
		t.Errorf("errors %v, want Operand's evaluation order, with the failure", res.Errors)
	}
	if len(res.Targets) != 1 || res.Targets[0].Name != "Plain" {
		t.Errorf("targets %v, want Plain", res.Targets)
	}
}
