// A fatal error of a replacement body whose message is computed aborts the run, as a constant one does; so does a call of an abort stub.

package engine

import (
	"strings"
	"testing"

	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
	"leapfrog/internal/irparse"
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

// TestAbortStub: a call of an abort stub (an external whose Unsupported
// says why leapfrog cannot run it: lower's aborts.go) aborts the run with
// that reason, with no outputs; a run that does not reach the call
// completes.
func TestAbortStub(t *testing.T) {
	src := `extern func g(x i64) i64 aborts "call to p.g, which leapfrog cannot run: why"

func F(x i64) i64 {
b0:
    %0 = gt x, 5:i64
    if %0 b1 b2
b1:
    %1 = call g(x)
    return %1
b2:
    return 0:i64
}
`
	prog, err := irparse.Parse("a.lf", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Check(prog); err != nil {
		t.Fatal(err)
	}
	fn := prog.Func("F")
	e := New(expr.NewBuilder(), 10)
	if p := e.Run(fn, map[string]uint64{"x": 1}); p.Aborted != "" || p.Outputs == nil {
		t.Fatalf("x=1: aborted %q, outputs %v; want a complete run", p.Aborted, p.Outputs)
	}
	p := e.Run(fn, map[string]uint64{"x": 7})
	if p.Aborted != "call to p.g, which leapfrog cannot run: why" || p.Outputs != nil {
		t.Fatalf("x=7: aborted %q, outputs %v; want the stub's reason", p.Aborted, p.Outputs)
	}
}
