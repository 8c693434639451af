// Tests of the brute-force solver and of its compiled evaluator against expr.Eval.

package solvertest

import (
	"math/rand/v2"
	"slices"
	"testing"

	"leapfrog/internal/expr"
	"leapfrog/internal/solver"
)

func TestBrute(t *testing.T) {
	b := expr.NewBuilder()
	x, y, p := b.Var("x", 8), b.Var("y", 8), b.Var("p", 0)
	s := NewBrute()
	s.Assert(b.Eq(b.Mul(x, y), b.BVConst(8, 143)))
	s.Assert(b.Ult(b.BVConst(8, 1), x))
	s.Assert(b.Ult(x, y))
	if r := s.Check([]*expr.Term{p}); r != solver.Sat {
		t.Fatalf("Check = %v", r)
	}
	if m := s.Model(); m["x"]*m["y"]&0xff != 143 || m["p"] != 1 || len(m) != 3 {
		t.Errorf("model %v", m)
	}
	a1, a2 := b.Ult(y, b.BVConst(8, 12)), b.Not(p)
	s.Push()
	s.Assert(b.Eq(b.BAnd(x, b.BVConst(8, 1)), b.BVConst(8, 0))) // x even: 143 is odd
	if r := s.Check([]*expr.Term{a1, a2, a1}); r != solver.Unsat {
		t.Fatalf("Check = %v", r)
	}
	if core := s.Core(); !slices.Equal(core, []*expr.Term{a1, a2}) {
		t.Errorf("core %v, want every assumption once", core)
	}
	s.Pop()
	if r := s.Check([]*expr.Term{a2}); r != solver.Sat {
		t.Fatalf("after Pop: Check = %v", r)
	}
	if m := s.Model(); m["x"]*m["y"]&0xff != 143 || m["p"] != 0 {
		t.Errorf("model %v, want x*y=143 p=0", m)
	}
	if r := s.Check([]*expr.Term{b.Eq(b.Var("z", 9), b.BVConst(9, 0))}); r != solver.Unknown || s.Reason() == "" {
		t.Errorf("25 bits: %v %q, want unknown", r, s.Reason())
	}
	if s.Model() != nil || s.Core() != nil {
		t.Error("answers after unknown")
	}
}

func TestCompiledEvaluatorAgreesWithEval(t *testing.T) {
	b := expr.NewBuilder()
	vars := []*expr.Term{b.Var("x", 5), b.Var("y", 5), b.Var("w", 12), b.Var("p", 0)}
	g := &Gen{B: b, R: rand.New(rand.NewPCG(5, 6)), Vars: vars}
	for range 300 {
		f := g.Bool(4)
		prog := compile([]*expr.Term{f}, vars)
		vals := make([]uint64, len(prog.nodes))
		for range 20 {
			m := make(map[string]uint64)
			for i, v := range vars {
				m[v.Name] = g.R.Uint64() & expr.Mask(v.Width)
				if v.Width == 0 {
					m[v.Name] &= 1
				}
				vals[prog.varSlot[i]] = m[v.Name]
			}
			if got, want := prog.run(vals), expr.Eval(f, m) == 1; got != want {
				t.Fatalf("%v under %v: compiled %v, Eval %v", f, m, got, want)
			}
		}
	}
}
