// The control-flow proofs of unreachable places: which places get one, and Z3 and cvc5 refute each alone.

package cfg_test

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"leapfrog/internal/cfg"
	"leapfrog/internal/indep"
	"leapfrog/internal/ir"
	"leapfrog/internal/irparse"
	"leapfrog/internal/solver/z3"
)

// noReach: Spin never returns (a loop without exit), Rec neither (it calls
// itself first), Maybe returns when n < 0. F's blocks after a call of Spin
// or Rec are reached by no run (b4 only through them); after Maybe they
// are.
const noReach = `
func Spin(n i32) i32 {
b0:
	jump b1
b1:
	jump b1
}

func Rec(n i32) i32 {
b0:
	%1 = call Rec(n)
	return %1
}

func Maybe(n i32) i32 {
b0:
	%1 = lt n, 0:i32
	if %1 b1 b2 @f.go:2:5
b1:
	return 0:i32
b2:
	%2 = call Spin(n)
	return %2
}

func F(x i32) i32 {
b0:
	%1 = lt x, 0:i32
	if %1 b1 b2 @f.go:5:5
b1:
	%2 = call Spin(x)
	%3 = lt x, -5:i32
	if %3 b4 b5 @f.go:6:5
b2:
	%4 = call Maybe(x)
	%5 = lt x, 7:i32
	if %5 b3 b5 @f.go:7:5
b3:
	%6 = call Rec(x)
	%7 = lt x, 3:i32
	if %7 b4 b5 @f.go:8:5
b4:
	return 1:i32
b5:
	return 0:i32
}
`

// TestNoPath gives each block of F its proof when no run reaches its end,
// none when one does, and has Z3 and cvc5 refute each proof alone; without
// the ranks, the proof through Rec (a cycle that would reach itself) is
// satisfiable: they are what makes it a proof.
func TestNoPath(t *testing.T) {
	p, err := irparse.Parse("f.ir", []byte(noReach))
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Check(p); err != nil {
		t.Fatal(err)
	}
	var f *ir.Function
	for _, g := range p.Funcs {
		if g.Name == "F" {
			f = g
		}
	}
	want := map[string]bool{"b0": false, "b1": true, "b2": false, "b3": true, "b4": true, "b5": false}
	for _, b := range f.Blocks {
		script, ok := cfg.NoPath(f, b, "the end of "+ir.BlockLabel(b))
		if ok != want[ir.BlockLabel(b)] {
			t.Errorf("%s: proof %v, want %v", ir.BlockLabel(b), ok, want[ir.BlockLabel(b)])
		}
		if !ok {
			if script != "" {
				t.Errorf("%s: no proof, yet a script", ir.BlockLabel(b))
			}
			continue
		}
		if strings.Contains(script, "(assert false)") {
			t.Errorf("%s: the proof asserts false", ir.BlockLabel(b))
		}
		if got, err := z3.EvalSMT2(script, 20*time.Second); err != nil || got != "unsat" {
			t.Errorf("%s: Z3 says %q %v\n%s", ir.BlockLabel(b), got, err, script)
		}
		if got, err := indep.CVC5(script, 20*time.Second); err != nil || got != "unsat" {
			t.Errorf("%s: cvc5 says %q %v", ir.BlockLabel(b), got, err)
		}
		if ir.BlockLabel(b) == "b3" {
			unranked := regexp.MustCompile(` \(< \|step [^|]*\| \|step [^|]*\|\)`).ReplaceAllString(script, "")
			if unranked == script {
				t.Fatalf("b3: no rank in the proof\n%s", script)
			}
			if got, err := z3.EvalSMT2(unranked, 20*time.Second); err != nil || got != "sat" {
				t.Errorf("b3: without the ranks Z3 says %q %v, want sat (Rec's cycle reaching itself)", got, err)
			}
		}
	}
}

// TestNoPathDefers: a program that defers a call gets no proof (a panic
// may run the deferred call, which may recover it).
func TestNoPathDefers(t *testing.T) {
	p, err := irparse.Parse("f.ir", []byte(noReach))
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range p.Funcs {
		if g.Name == "Spin" {
			g.RecoverResults = []ir.Value{}
		}
	}
	for _, g := range p.Funcs {
		if g.Name == "F" {
			if _, ok := cfg.NoPath(g, g.Blocks[1], "b1"); ok {
				t.Error("a proof for a program that may recover a panic")
			}
		}
	}
}
