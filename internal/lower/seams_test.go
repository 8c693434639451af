// Tests: which package-level variables of function type a function of the package assigns (ir.Global.Assigned).

package lower

import (
	"os"
	"path/filepath"
	"testing"
)

const usesSeams = `package p

import "time"

var (
	now     = time.Now // only loaded: a seam
	clock   = time.Now // assigned by SetClock
	addr    = time.Now // its address taken
	viaLit  = time.Now // assigned inside a function literal
	setInit = time.Now // assigned by an init function only: a seam
	generic = time.Now // assigned by a method of a generic type
	n       int        // not of function type
)

func init() { setInit = time.Now }

func SetClock(f func() time.Time) { clock = f }

func take() *func() time.Time { return &addr }

func lit() func() { return func() { viaLit = nil } }

type box[T any] struct{ v T }

func (b *box[T]) set() { generic = nil }

func Use() int64 {
	n++
	return now().Unix() + clock().Unix() + addr().Unix() + viaLit().Unix() + setInit().Unix() + generic().Unix()
}
`

// TestAssignedGlobals lowers Use, which reads every variable, and checks
// Assigned: set for those a function (a literal included) other than the
// initializers assigns or takes the address of, whatever the program
// lowered (SetClock, take and lit are not Use's callees).
func TestAssignedGlobals(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string]string{"go.mod": "module p\n\ngo 1.26\n", "p.go": usesSeams} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res, err := Load(dir, []string{"Use"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Targets) != 1 {
		t.Fatalf("targets %v, errors %v", res.Targets, res.Errors)
	}
	want := map[string]bool{"now": false, "clock": true, "addr": true, "viaLit": true, "setInit": false, "generic": true, "n": false}
	seen := 0
	for _, g := range res.Targets[0].Prog.Globals {
		w, ok := want[g.Ident]
		if !ok || g.Pkg != "" {
			continue
		}
		seen++
		if g.Assigned != w {
			t.Errorf("%s: Assigned %v, want %v", g.Ident, g.Assigned, w)
		}
	}
	if seen != len(want) {
		t.Errorf("%d of the %d variables in the program", seen, len(want))
	}
}
