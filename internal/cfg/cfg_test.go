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

// dump renders the analyses of every function of p: the dominator tree
// and the loops.
func dump(p *ir.Program) string {
	var sb strings.Builder
	for _, f := range p.Funcs {
		fmt.Fprintf(&sb, "func %s\n", f.Name)
		fmt.Fprintf(&sb, "dom:\n%s", indent(Dominators(f).String()))
		sb.WriteString("loops:\n")
		for _, l := range Loops(f) {
			fmt.Fprintf(&sb, "  %s\n", l)
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
