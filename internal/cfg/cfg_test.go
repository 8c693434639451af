// Golden tests of the analyses on small CFGs: testdata/*.txtar.

package cfg

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
	"leapfrog/internal/irparse"
)

var update = flag.Bool("update", false, "rewrite the expected sections of testdata/*.txtar")

// dump renders every analysis of every function of p.
func dump(p *ir.Program) string {
	var sb strings.Builder
	for _, f := range p.Funcs {
		fmt.Fprintf(&sb, "func %s\n", f.Name)
		fmt.Fprintf(&sb, "dom:\n%s", indent(DomTree(f).String()))
		fmt.Fprintf(&sb, "postdom:\n%s", indent(PostDomTree(f).String()))
		sb.WriteString("loops:\n")
		for _, l := range Loops(f) {
			fmt.Fprintf(&sb, "  %s\n", l)
		}
		sb.WriteString("reach:\n")
		for _, a := range f.Blocks {
			fmt.Fprintf(&sb, "  %s:", ir.BlockLabel(a))
			for _, b := range f.Blocks {
				if Reaches(a, b) {
					sb.WriteString(" " + ir.BlockLabel(b))
				}
			}
			sb.WriteByte('\n')
		}
	}
	if len(p.Branches) > 0 {
		sb.WriteString("branch reach (side: reachable branches):\n")
		for _, from := range p.Branches {
			for _, dir := range []bool{true, false} {
				fmt.Fprintf(&sb, "  #%d.%s:", from.ID, map[bool]string{true: "T", false: "F"}[dir])
				for _, to := range p.Branches {
					if BranchReaches(p, from, dir, to) {
						fmt.Fprintf(&sb, " #%d", to.ID)
					}
				}
				sb.WriteByte('\n')
			}
		}
	}
	return sb.String()
}

func indent(s string) string {
	return "  " + strings.ReplaceAll(strings.TrimSuffix(s, "\n"), "\n", "\n  ") + "\n"
}

func TestGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.txtar")
	if len(files) == 0 {
		t.Fatal("no testdata")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var input, want []byte
			var keep []txtar.File
			for _, f := range ar.Files {
				switch f.Name {
				case "input.ir":
					input = f.Data
					keep = append(keep, f)
				case "cfg":
					want = f.Data
				default:
					keep = append(keep, f)
				}
			}
			p, err := irparse.Parse("input.ir", input)
			if err != nil {
				t.Fatal(err)
			}
			got := dump(p)
			if *update {
				ar.Files = append(keep, txtar.File{Name: "cfg", Data: []byte(got)})
				if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if !bytes.Equal([]byte(got), want) {
				t.Errorf("cfg differs (run with -update to accept)\n--- got ---\n%s--- want ---\n%s", got, want)
			}
		})
	}
}
