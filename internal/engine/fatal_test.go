// A fatal error of a replacement body whose message is computed aborts the run, as a constant one does.

package engine

import (
	"strings"
	"testing"

	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
	"leapfrog/internal/lower"
	"leapfrog/internal/testutil"
)

// TestComputedFatal: reflect's panics on a Value of the wrong kind are not
// modelled (Go panics with a *reflect.ValueError); the replacement body
// says so with panic(fatal("reflect: call of reflect.Value." + method +
// ...)), a message it computes. The run is aborted with that message, as
// for a constant one, and is no panic outcome: it was lowered as an
// explicit panic, and the emitted test of yaml.v3's encoder.boolv expected
// a panic with leapfrog's text where Go's is "... on zero Value".
func TestComputedFatal(t *testing.T) {
	dir := testutil.WritePackage(t, "1.22", `package p

import "reflect"

func Bool(v reflect.Value) bool { return v.Bool() }
`)
	res, err := lower.Load(dir, []string{"Bool"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Errors) != 0 || len(res.Targets) != 1 {
		t.Fatalf("rejected: %v", res.Errors)
	}
	tg := res.Targets[0]
	if err := ir.Check(tg.Prog); err != nil {
		t.Fatal(err)
	}
	p := New(expr.NewBuilder(), 10).Run(tg.Func, nil)
	if p.Panic != "" || p.PanicAt != nil {
		t.Errorf("the run panicked (%q), want it aborted", p.Panic)
	}
	if !strings.Contains(p.Aborted, "reflect: call of reflect.Value.Bool on invalid Value") {
		t.Errorf("aborted %q, want the computed message of reflect's fatal", p.Aborted)
	}
}
