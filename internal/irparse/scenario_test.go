// Golden scenario tests: testdata/*.txtar (input.ir, expected print/error/ids).

package irparse

import (
	"fmt"
	"strings"
	"testing"

	"leapfrog/internal/ir"
	"leapfrog/internal/testutil"
)

// TestScenarios parses input.ir of every testdata/*.txtar and compares
// with the expected sections: "print" (the printed program) and "ids" (the
// branch and panic tables), or "error" (the parse errors). Every program
// that parses must pass Check and round-trip through the printer.
func TestScenarios(t *testing.T) {
	testutil.Goldens(t, "testdata/*.txtar", func(t *testing.T, g *testutil.Golden) {
		input, ok := g.Section("input.ir")
		if !ok {
			t.Fatal("no input.ir section")
		}
		got := map[string]string{}
		p, err := Parse("input.ir", []byte(input))
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
				t.Errorf("round trip differs:\n%s", testutil.Diff("first", out, "second", out2))
			}
		}
		g.Check(t, got, "print", "ids", "error")
	})
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
