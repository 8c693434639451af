// Golden scenario tests: testdata/*.txtar (input.ir, expected print/error/ids).

package irparse

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"leapfrog/internal/ir"
)

var update = flag.Bool("update", false, "rewrite the expected sections of testdata/*.txtar")

// TestScenarios parses input.ir of every testdata/*.txtar and compares
// with the expected sections: "print" (the printed program) and "ids" (the
// branch and panic tables), or "error" (the parse errors). Every program
// that parses must pass Check and round-trip through the printer.
func TestScenarios(t *testing.T) {
	files, err := filepath.Glob("testdata/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenarios: %v", err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var input []byte
			for _, f := range ar.Files {
				if f.Name == "input.ir" {
					input = f.Data
				}
			}
			if input == nil {
				t.Fatal("no input.ir section")
			}
			got := map[string]string{}
			p, err := Parse("input.ir", input)
			if err != nil {
				got["error"] = err.Error() + "\n"
			} else {
				if err := ir.Check(p); err != nil {
					t.Fatalf("Check after Parse: %v", err)
				}
				out := ir.Print(p)
				got["print"] = out
				got["ids"] = idTable(p)
				p2, err := Parse("print.ir", []byte(out))
				if err != nil {
					t.Fatalf("parse of printed text: %v\n%s", err, out)
				}
				if out2 := ir.Print(p2); out2 != out {
					t.Errorf("round trip differs:\n--- first ---\n%s--- second ---\n%s", out, out2)
				}
			}
			compareSections(t, file, ar, got, []string{"print", "ids", "error"})
		})
	}
}

func idTable(p *ir.Program) string {
	var sb strings.Builder
	for i, b := range p.Branches {
		fmt.Fprintf(&sb, "branch %d: %s %s %s %s\n", i, b.Block().Func.Name, ir.BlockLabel(b.Block()), b.Kind, b.Pos)
	}
	for i, pn := range p.Panics {
		fmt.Fprintf(&sb, "panic %d: %s %s %d %q %s\n", i, pn.Block().Func.Name, ir.BlockLabel(pn.Block()), pn.Kind, pn.Msg, pn.Pos)
	}
	return sb.String()
}

// compareSections checks got against the archive's sections named in
// order, or rewrites them with -update (sections not in got are removed).
func compareSections(t *testing.T, file string, ar *txtar.Archive, got map[string]string, order []string) {
	t.Helper()
	if *update {
		var files []txtar.File
		for _, f := range ar.Files {
			if _, generated := got[f.Name]; !generated && !contains(order, f.Name) {
				files = append(files, f)
			}
		}
		for _, name := range order {
			if s, ok := got[name]; ok {
				files = append(files, txtar.File{Name: name, Data: []byte(s)})
			}
		}
		ar.Files = files
		if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	have := map[string][]byte{}
	for _, f := range ar.Files {
		have[f.Name] = f.Data
	}
	for _, name := range order {
		want, inArchive := have[name]
		g, inGot := got[name]
		switch {
		case inGot && !inArchive:
			t.Errorf("section %s missing from %s (run with -update); got:\n%s", name, file, g)
		case !inGot && inArchive:
			t.Errorf("section %s expected but not produced; want:\n%s", name, want)
		case inGot && !bytes.Equal(want, []byte(g)):
			t.Errorf("section %s differs (run with -update to accept)\n--- got ---\n%s--- want ---\n%s", name, g, want)
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
