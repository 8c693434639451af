// Golden tests of the analyses on small CFGs: testdata/*.txtar.

package cfg

import (
	"fmt"
	"strings"
	"testing"

	"leapfrog/internal/ir"
	"leapfrog/internal/irparse"
	"leapfrog/internal/testutil"
)

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
	testutil.Goldens(t, "testdata/*.txtar", func(t *testing.T, g *testutil.Golden) {
		input, _ := g.Section("input.ir")
		p, err := irparse.Parse("input.ir", []byte(input))
		if err != nil {
			t.Fatal(err)
		}
		g.Check(t, map[string]string{"cfg": dump(p)}, "cfg")
	})
}
