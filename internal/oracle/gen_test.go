// gen_test.go: the generator's own tests: generated packages compile and are vet-clean, generation is deterministic, disabled features stay out.

package oracle

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGenerate generates units with every feature and with each feature
// turned off, and checks that the packages build and are go vet clean,
// that a seed gives the same source twice, and that a disabled feature is
// never used.
func TestGenerate(t *testing.T) {
	t.Parallel()
	var units []Unit
	used := map[Feature]int{}
	for i := 0; i < 150; i++ {
		u := GenerateUnit(UnitSeed(*randSeed+10, i), fmt.Sprintf("F%d", i), nil)
		if again := GenerateUnit(UnitSeed(*randSeed+10, i), fmt.Sprintf("F%d", i), nil); again.Source != u.Source {
			t.Fatalf("unit %d: two generations from one seed differ", i)
		}
		for _, f := range u.Features {
			used[f]++
		}
		units = append(units, u)
	}
	for _, f := range Features {
		off := map[Feature]bool{f: true}
		for i := 0; i < 20; i++ {
			u := GenerateUnit(UnitSeed(*randSeed+11, i), fmt.Sprintf("G%s%d", sanitize(string(f)), i), off)
			for _, g := range u.Features {
				if g == f {
					t.Errorf("%s disabled but used by %s:\n%s", f, u.Name, u.Source)
				}
				used[g]++
			}
			units = append(units, u)
		}
	}
	for _, f := range Features {
		if used[f] == 0 {
			t.Errorf("no unit of %d uses %s", len(units), f)
		}
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(goMod), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte(Source(units...)), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := goCmd(dir, "vet", "."); err != nil {
		t.Fatalf("go vet of %d generated units: %v\n%s", len(units), err, out)
	}
	if !strings.Contains(Source(units[0]), "func "+units[0].Func) && !strings.Contains(Source(units[0]), ") "+units[0].Func+"(") {
		t.Errorf("Source lacks the unit's function")
	}
}
