// Tests of the Z3 backend: answers, models, cores, scopes and indicators, timeouts, errors, concurrency.

package z3

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"leapfrog/internal/expr"
	"leapfrog/internal/solver"
	"leapfrog/internal/solver/solvertest"
)

type terms = []*expr.Term

// validated wraps a fresh Z3 solver in the validating layer, with another Z3
// solver as the second opinion on cores.
func validated(t *testing.T, timeout time.Duration) solver.Solver {
	t.Helper()
	s := solver.Validating(New(timeout), func() solver.Solver { return New(0) }, func(err error) {
		t.Helper()
		t.Error(err)
	})
	t.Cleanup(s.Close)
	return s
}

func raw(t *testing.T) *Solver {
	s := New(0)
	t.Cleanup(s.Close)
	return s
}

// checkCore asserts that core is a subset of assumptions (same pointers) and that
// the assertions plus the core are unsat for a brute-force solver too.
func checkCore(t *testing.T, assertions, assumptions, core terms) {
	t.Helper()
	for _, c := range core {
		if !slices.Contains(assumptions, c) {
			t.Fatalf("core member %v is not an assumption", c)
		}
	}
	br := solvertest.NewBrute()
	for _, a := range assertions {
		br.Assert(a)
	}
	if r := br.Check(core); r != solver.Unsat {
		t.Fatalf("assertions + core %v: brute force says %v (model %v)", core, r, br.Model())
	}
}

func TestSatUnsat(t *testing.T) {
	b := expr.NewBuilder()
	s := validated(t, 0)
	x, y := b.Var("x", 8), b.Var("y", 8)
	c := func(v uint64) *expr.Term { return b.BVConst(8, v) }
	as := terms{b.Eq(b.Add(x, y), c(10)), b.Ult(x, c(5))}
	for _, a := range as {
		s.Assert(a)
	}
	if r := s.Check(nil); r != solver.Sat {
		t.Fatalf("Check = %v, want sat", r)
	}
	m := s.Model()
	if m["x"] >= 5 || (m["x"]+m["y"])&0xff != 10 {
		t.Fatalf("bad model %v", m)
	}
	if s.Core() != nil || s.Reason() != "" {
		t.Errorf("after sat: Core %v, Reason %q", s.Core(), s.Reason())
	}

	irrelevant := b.Eq(b.Var("z", 8), c(1))
	ylt := b.Ult(y, c(5))
	assume := terms{irrelevant, ylt}
	if r := s.Check(assume); r != solver.Unsat {
		t.Fatalf("Check = %v, want unsat", r)
	}
	core := s.Core()
	if !slices.Equal(core, terms{ylt}) {
		t.Errorf("core = %v, want [%v]", core, ylt)
	}
	checkCore(t, as, assume, core)
	if s.Model() != nil {
		t.Errorf("Model after unsat = %v", s.Model())
	}

	// Assertions alone unsat: the core is empty.
	s.Push()
	s.Assert(b.Ult(y, c(5)))
	if r := s.Check(terms{irrelevant}); r != solver.Unsat {
		t.Fatalf("Check = %v, want unsat", r)
	}
	if core := s.Core(); core == nil || len(core) != 0 {
		t.Errorf("core = %#v, want empty", core)
	}
	s.Pop()
	if r := s.Check(terms{irrelevant}); r != solver.Sat {
		t.Fatalf("after Pop: Check = %v, want sat", r)
	}
	if m := s.Model(); m["z"] != 1 {
		t.Errorf("model %v, want z=1", m)
	}
}

func TestCoreSmallAndMappedBack(t *testing.T) {
	b := expr.NewBuilder()
	s := raw(t)
	x, y := b.Var("x", 8), b.Var("y", 8)
	c := func(v uint64) *expr.Term { return b.BVConst(8, v) }
	a1, a2, a3, a4 := b.Eq(x, c(3)), b.Eq(y, c(4)), b.Slt(y, x), b.Eq(b.Add(x, y), c(7))
	assume := terms{a1, a2, a3, a4, a1} // a duplicate too
	if r := s.Check(assume); r != solver.Unsat {
		t.Fatalf("Check = %v, want unsat", r)
	}
	core := s.Core()
	checkCore(t, nil, assume, core)
	if slices.Contains(core, a4) {
		t.Errorf("core %v contains the irrelevant %v", core, a4)
	}
	for i := range core {
		if slices.Contains(core[i+1:], core[i]) {
			t.Errorf("core %v repeats %v", core, core[i])
		}
	}
}

func TestLiteralAssumptionsNeedNoIndicator(t *testing.T) {
	b := expr.NewBuilder()
	s := raw(t)
	p, q := b.Var("p", 0), b.Var("q", 0)
	s.Assert(b.Or(p, q))
	np, nq := b.Not(p), b.Not(q)
	if r := s.Check(terms{np, nq}); r != solver.Unsat {
		t.Fatalf("Check = %v, want unsat", r)
	}
	if core := s.Core(); !slices.Equal(core, terms{np, nq}) {
		t.Errorf("core = %v, want [%v %v]", core, np, nq)
	}
	if r := s.Check(terms{np}); r != solver.Sat {
		t.Fatalf("Check = %v, want sat", r)
	}
	if m := s.Model(); m["p"] != 0 || m["q"] != 1 {
		t.Errorf("model %v, want p=0 q=1", m)
	}
	if r := s.Check(terms{p}); r != solver.Sat {
		t.Fatalf("Check = %v, want sat", r)
	}
	if m := s.Model(); m["p"] != 1 {
		t.Errorf("model %v, want p=1", m)
	}
	if n := s.numIndicators(); n != 0 {
		t.Errorf("%d indicators for literal assumptions", n)
	}
}

func TestPushPopAndIndicators(t *testing.T) {
	b := expr.NewBuilder()
	s := raw(t)
	x := b.Var("x", 32)
	c := func(v uint64) *expr.Term { return b.BVConst(32, v) }
	s.Assert(b.Ult(c(10), x))
	base := s.numZ3Assertions()

	// An assertion in a scope disappears with it.
	s.Push()
	s.Assert(b.Ult(x, c(5)))
	if r := s.Check(nil); r != solver.Unsat {
		t.Fatalf("Check = %v, want unsat", r)
	}
	s.Pop()
	if r := s.Check(nil); r != solver.Sat {
		t.Fatalf("after Pop: Check = %v, want sat", r)
	}

	// An indicator made in a scope is reused there and dropped with it.
	is3, is20 := b.Eq(x, c(3)), b.Eq(x, c(20))
	s.Push()
	if r := s.Check(terms{is20}); r != solver.Sat {
		t.Fatalf("Check = %v, want sat", r)
	}
	if m := s.Model(); m["x"] != 20 {
		t.Errorf("model %v, want x=20", m)
	}
	if r := s.Check(terms{is20}); r != solver.Sat {
		t.Fatalf("Check = %v, want sat", r)
	}
	if n, m := s.numIndicators(), s.numZ3Assertions(); n != 1 || m != base+1 {
		t.Errorf("%d indicators and %d Z3 assertions, want 1 and %d", n, m, base+1)
	}
	if r := s.Check(terms{is3}); r != solver.Unsat {
		t.Fatalf("Check = %v, want unsat", r)
	}
	s.Pop()
	if n, m := s.numIndicators(), s.numZ3Assertions(); n != 0 || m != base {
		t.Errorf("after Pop: %d indicators and %d Z3 assertions, want 0 and %d", n, m, base)
	}
	// Reusing a forgotten indicator would lose its implication and answer sat.
	if r := s.Check(terms{is3}); r != solver.Unsat {
		t.Fatalf("after Pop: Check(x=3) = %v, want unsat", r)
	}
	if core := s.Core(); !slices.Equal(core, terms{is3}) {
		t.Errorf("core = %v", core)
	}

	// An indicator made at the base survives deeper scopes.
	s.Push()
	s.Push()
	if r := s.Check(terms{is3}); r != solver.Unsat {
		t.Fatalf("Check = %v, want unsat", r)
	}
	s.Pop()
	s.Pop()
	if n := s.numIndicators(); n != 1 {
		t.Errorf("%d indicators, want the base one", n)
	}
	// Unassumed indicators constrain nothing.
	if r := s.Check(nil); r != solver.Sat {
		t.Fatalf("Check = %v, want sat", r)
	}
	if m := s.Model(); m["x"] <= 10 {
		t.Errorf("model %v", m)
	}
}

func TestModelHasEveryVariable(t *testing.T) {
	b := expr.NewBuilder()
	s := validated(t, 0)
	names := []string{"a.b[3]", "s|t", "x y", "(weird)", "ünï"}
	vs := make(terms, len(names))
	for i, n := range names {
		vs[i] = b.Var(n, 8)
	}
	p := b.Var("flag.ok", 0)
	// vs[0] is asserted, vs[1] only assumed, vs[2] occurs under an indicator;
	// vs[3] only in a popped scope, vs[4] nowhere.
	s.Assert(b.Eq(b.BXor(vs[0], vs[0]), b.BVConst(8, 0))) // the builder may fold it; Z3 would
	s.Assert(b.Ult(vs[0], b.BVConst(8, 200)))
	s.Push()
	s.Assert(b.Eq(vs[3], b.BVConst(8, 9)))
	s.Pop()
	if r := s.Check(terms{b.Eq(vs[1], b.BVConst(8, 7)), b.Or(p, b.Ult(vs[2], vs[0]))}); r != solver.Sat {
		t.Fatalf("Check = %v", r)
	}
	m := s.Model()
	for _, n := range []string{names[0], names[1], names[2], "flag.ok"} {
		if _, ok := m[n]; !ok {
			t.Errorf("model %v lacks %q", m, n)
		}
	}
	for _, n := range names[3:] {
		if _, ok := m[n]; ok {
			t.Errorf("model %v has %q, which is not in scope", m, n)
		}
	}
	for k := range m {
		if strings.HasPrefix(k, indicatorPrefix) {
			t.Errorf("model %v shows an indicator", m)
		}
	}
	if m[names[1]] != 7 {
		t.Errorf("model %v", m)
	}
}

// TestWideOperators checks each operator at width 64 (and a few odd widths) against
// expr.Apply, including the corner cases: division by zero, MinInt / -1, shifts by
// counts at or beyond the width.
func TestWideOperators(t *testing.T) {
	b := expr.NewBuilder()
	s := raw(t)
	ops := []expr.Op{expr.OpAdd, expr.OpSub, expr.OpMul, expr.OpSDiv, expr.OpUDiv, expr.OpSRem,
		expr.OpURem, expr.OpBAnd, expr.OpBOr, expr.OpBXor, expr.OpShl, expr.OpLShr, expr.OpAShr,
		expr.OpSlt, expr.OpSle, expr.OpUlt, expr.OpUle, expr.OpEq}
	build := map[expr.Op]func(x, y *expr.Term) *expr.Term{
		expr.OpAdd: b.Add, expr.OpSub: b.Sub, expr.OpMul: b.Mul, expr.OpSDiv: b.SDiv,
		expr.OpUDiv: b.UDiv, expr.OpSRem: b.SRem, expr.OpURem: b.URem, expr.OpBAnd: b.BAnd,
		expr.OpBOr: b.BOr, expr.OpBXor: b.BXor, expr.OpShl: b.Shl, expr.OpLShr: b.LShr,
		expr.OpAShr: b.AShr, expr.OpSlt: b.Slt, expr.OpSle: b.Sle, expr.OpUlt: b.Ult,
		expr.OpUle: b.Ule, expr.OpEq: b.Eq,
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, w := range []int{64, 33, 7, 1} {
		x, y := b.Var(fmt.Sprintf("x%d", w), w), b.Var(fmt.Sprintf("y%d", w), w)
		m := expr.Mask(w)
		vals := []uint64{0, 1, m, m >> 1, (m >> 1) + 1, uint64(w), uint64(w + 1)}
		for range 6 {
			vals = append(vals, rng.Uint64()&m)
		}
		for _, op := range ops {
			for i := 0; i < 12; i++ {
				xv, yv := vals[rng.IntN(len(vals))]&m, vals[rng.IntN(len(vals))]&m
				want := expr.Apply(op, w, xv, yv)
				term := build[op](x, y)
				rw := 0
				if !term.IsBool() {
					rw = w
				}
				r := b.Var("r", 0)
				if rw > 0 {
					r = b.Var("r"+strings.Repeat("'", rw), rw)
				}
				s.Push()
				s.Assert(b.Eq(x, b.BVConst(w, xv)))
				s.Assert(b.Eq(y, b.BVConst(w, yv)))
				s.Assert(b.Eq(r, term))
				if got := s.Check(nil); got != solver.Sat {
					t.Fatalf("%v w=%d: %v", op, w, got)
				}
				if got := s.Model()[r.Name]; got != want {
					t.Errorf("%v(%#x, %#x) at width %d: z3 %#x, expr.Apply %#x", op, xv, yv, w, got, want)
				}
				s.Pop()
			}
		}
		// Unary operators and extensions.
		xv := vals[rng.IntN(len(vals))] & m
		fx := b.Eq(x, b.BVConst(w, xv))
		for _, c := range []struct {
			term *expr.Term
			want uint64
		}{
			{b.Neg(x), expr.Apply(expr.OpNeg, w, xv)},
			{b.Compl(x), expr.Apply(expr.OpCompl, w, xv)},
		} {
			r := b.Var("u"+strings.Repeat("'", w), w)
			if got := s.Check(terms{fx, b.Eq(r, c.term)}); got != solver.Sat || s.Model()[r.Name] != c.want {
				t.Errorf("%v: %v %v, want %#x", c.term, got, s.Model(), c.want)
			}
		}
	}
	// Extensions and extraction from and to 64 bits.
	x8, x64 := b.Var("e8", 8), b.Var("e64", 64)
	r64, r8 := b.Var("r64", 64), b.Var("r8", 8)
	check := func(fix, def *expr.Term, r *expr.Term, want uint64) {
		t.Helper()
		if got := s.Check(terms{fix, b.Eq(r, def)}); got != solver.Sat || s.Model()[r.Name] != want {
			t.Errorf("%v: %v %v, want %#x", def, got, s.Model(), want)
		}
	}
	check(b.Eq(x8, b.BVConst(8, 0x80)), b.SExt(x8, 64), r64, 0xffffffffffffff80)
	check(b.Eq(x8, b.BVConst(8, 0x80)), b.ZExt(x8, 64), r64, 0x80)
	check(b.Eq(x64, b.BVConst(64, 0x1234567890abcdef)), b.Trunc(x64, 8), r8, 0xef)
}

// TestDifferentialAgainstBruteForce checks random formulas, split into assertions
// in a scope and assumptions, against enumeration; models and cores go through
// the validating layer with brute force as the second opinion.
func TestDifferentialAgainstBruteForce(t *testing.T) {
	runDifferential(t, 1, 300)
}

func runDifferential(t *testing.T, seed uint64, n int) {
	b := expr.NewBuilder()
	z := solver.Validating(New(0), func() solver.Solver { return solvertest.NewBrute() }, func(err error) { t.Error(err) })
	defer z.Close()
	br := solvertest.NewBrute()
	g := &solvertest.Gen{B: b, R: rand.New(rand.NewPCG(seed, 7)),
		Vars: terms{b.Var("x", 3), b.Var("y", 3), b.Var("w", 6), b.Var("p", 0)}}
	var sat, unsat int
	for i := range n {
		asserted := terms{g.Bool(3)}
		if g.R.IntN(2) == 0 {
			asserted = append(asserted, g.Bool(2))
		}
		var assume terms
		for range g.R.IntN(4) {
			assume = append(assume, g.Bool(2))
		}
		z.Push()
		br.Push()
		for _, a := range asserted {
			z.Assert(a)
			br.Assert(a)
		}
		rz, rb := z.Check(assume), br.Check(assume)
		if rz != rb {
			t.Fatalf("formula %d: z3 %v, brute force %v\nassert %v\nassume %v", i, rz, rb, asserted, assume)
		}
		if rz == solver.Unsat {
			unsat++
			checkCore(t, asserted, assume, z.Core())
		} else {
			sat++
		}
		z.Pop()
		br.Pop()
	}
	if sat == 0 || unsat == 0 {
		t.Errorf("degenerate sample: %d sat, %d unsat", sat, unsat)
	}
}

// factoring returns x*y = n over 64 bits with 1 < x, y < 2^32, for n the product
// of two 31-bit primes: satisfiable, and far too hard for a millisecond.
func factoring(b *expr.Builder) (x, y *expr.Term, f terms) {
	const p, q = 2147483647, 2147483629
	x, y = b.Var("fx", 64), b.Var("fy", 64)
	c := func(v uint64) *expr.Term { return b.BVConst(64, v) }
	return x, y, terms{
		b.Eq(b.Mul(x, y), c(p*q)),
		b.Ult(c(1), x), b.Ult(c(1), y),
		b.Ult(x, c(1<<32)), b.Ult(y, c(1<<32)),
	}
}

func TestTimeout(t *testing.T) {
	for _, timeout := range []time.Duration{time.Millisecond, 50 * time.Millisecond} {
		b := expr.NewBuilder()
		s := New(timeout) // not validated: a second opinion would have no timeout
		defer s.Close()
		_, _, f := factoring(b)
		s.Push()
		for _, a := range f[1:] {
			s.Assert(a)
		}
		start := time.Now()
		r := s.Check(f[:1]) // the hard part as an assumption: through an indicator
		elapsed := time.Since(start)
		switch r {
		case solver.Unknown:
			if s.Reason() != "timeout" {
				t.Errorf("timeout %v: Reason = %q, want timeout", timeout, s.Reason())
			}
		case solver.Sat:
			t.Logf("timeout %v: solved anyway in %v", timeout, elapsed)
			for _, a := range f {
				if expr.Eval(a, s.Model()) != 1 {
					t.Errorf("timeout %v: model %v violates %v", timeout, s.Model(), a)
				}
			}
		default:
			t.Fatalf("timeout %v: %v on a satisfiable formula", timeout, r)
		}
		// Without the timeout this takes far longer than the bound.
		if elapsed > 5*time.Second+20*timeout {
			t.Errorf("timeout %v: Check took %v", timeout, elapsed)
		}
		// The solver stays usable.
		s.Pop()
		x := b.Var("easy", 8)
		if r := s.Check(terms{b.Eq(x, b.BVConst(8, 42))}); timeout >= 50*time.Millisecond && r != solver.Sat {
			t.Errorf("timeout %v: easy check after a timeout: %v (%s)", timeout, r, s.Reason())
		}
	}
}

// TestDeadline: a deadline cuts a check that the solver's own timeout would
// let run on, and a check after the deadline answers at once.
func TestDeadline(t *testing.T) {
	b := expr.NewBuilder()
	s := New(time.Minute)
	defer s.Close()
	_, _, f := factoring(b)
	s.SetDeadline(time.Now().Add(300 * time.Millisecond))
	s.Push()
	s.Assert(f[0])
	start := time.Now()
	r := s.Check(f[1:])
	elapsed := time.Since(start)
	if r == solver.Unknown && s.Reason() != "timeout" {
		t.Errorf("Reason = %q, want timeout", s.Reason())
	}
	s.Pop() // after an interrupted check, the solver stays usable
	if elapsed > 600*time.Millisecond {
		t.Errorf("a check under a deadline 300ms away took %v (%v)", elapsed, r)
	}
	time.Sleep(time.Until(start.Add(310 * time.Millisecond)))
	x := b.Var("easy", 8)
	start = time.Now()
	if r := s.Check(terms{b.Eq(x, b.BVConst(8, 42))}); r != solver.Unknown || s.Reason() != "timeout" || time.Since(start) > 50*time.Millisecond {
		t.Errorf("check after the deadline: %v (%s) in %v, want unknown (timeout) at once", r, s.Reason(), time.Since(start))
	}
	s.SetDeadline(time.Time{})
	if r := s.Check(terms{b.Eq(x, b.BVConst(8, 42))}); r != solver.Sat {
		t.Errorf("check after the deadline was removed: %v (%s)", r, s.Reason())
	}
}

func TestErrorsBecomeUnknown(t *testing.T) {
	b := expr.NewBuilder()
	s := raw(t)
	x := b.Var("x", 8)
	s.Assert(b.Ult(x, b.BVConst(8, 3)))
	p := b.Var("p", 0)
	// Ill-sorted terms no Builder would make: Z3 rejects them.
	badEq := &expr.Term{Op: expr.OpEq, Args: terms{p, x}, ID: 1 << 30}
	badWidth := &expr.Term{Op: expr.OpUlt, Args: terms{&expr.Term{Op: expr.OpVar, Name: "huge", Width: 65, ID: 1<<30 + 1}, x}, ID: 1<<30 + 2}
	badExtract := &expr.Term{Op: expr.OpEq, ID: 1<<30 + 4, Args: terms{
		&expr.Term{Op: expr.OpExtract, Width: 16, Args: terms{x}, ID: 1<<30 + 3}, b.Var("x16", 16)}}

	for _, bad := range (terms{badEq, badWidth, badExtract}) {
		s.Push()
		s.Assert(bad)
		if r := s.Check(nil); r != solver.Unknown || !strings.HasPrefix(s.Reason(), "z3: ") {
			t.Errorf("assert %v: %v %q, want unknown with a z3 message", bad, r, s.Reason())
		}
		s.Push()
		if r := s.Check(nil); r != solver.Unknown {
			t.Errorf("assert %v: deeper scope answers %v", bad, r)
		}
		s.Pop()
		s.Pop()
		if r := s.Check(nil); r != solver.Sat {
			t.Errorf("after popping %v: %v (%s)", bad, r, s.Reason())
		}

		if r := s.Check(terms{bad}); r != solver.Unknown || !strings.HasPrefix(s.Reason(), "z3: ") {
			t.Errorf("assume %v: %v %q, want unknown with a z3 message", bad, r, s.Reason())
		}
		if r := s.Check(terms{b.Eq(x, b.BVConst(8, 2))}); r != solver.Sat {
			t.Errorf("after assuming %v: %v (%s)", bad, r, s.Reason())
		}
	}
	s.Assert(x) // not bool
	if r := s.Check(nil); r != solver.Unknown || !strings.Contains(s.Reason(), "not bool") {
		t.Errorf("asserting a bit-vector: %v %q", r, s.Reason())
	}
}

func TestStaleAnswers(t *testing.T) {
	b := expr.NewBuilder()
	s := raw(t)
	x := b.Var("x", 8)
	if s.Check(terms{b.Eq(x, b.BVConst(8, 1))}) != solver.Sat || s.Model() == nil {
		t.Fatal("no model")
	}
	s.Push()
	if s.Model() != nil || s.Core() != nil || s.Reason() != "" {
		t.Error("answers survive Push")
	}
	s.Pop()
}

func TestConcurrentSolvers(t *testing.T) {
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			runDifferential(t, uint64(100+i), 25)
		}()
	}
	wg.Wait()
}

func TestCloseTwiceAndUseAfterClose(t *testing.T) {
	s := New(time.Second)
	s.Close()
	s.Close()
	defer func() {
		if recover() == nil {
			t.Error("Check after Close did not panic")
		}
	}()
	s.Check(nil)
}

func TestPopWithoutPushPanics(t *testing.T) {
	s := raw(t)
	defer func() {
		if recover() == nil {
			t.Error("Pop without Push did not panic")
		}
	}()
	s.Pop()
}

// BenchmarkFlip measures the engine's typical query: a scope per prefix branch and
// the negated next branch as an assumption.
func BenchmarkFlip(b *testing.B) {
	eb := expr.NewBuilder()
	g := &solvertest.Gen{B: eb, R: rand.New(rand.NewPCG(9, 9)),
		Vars: terms{eb.Var("a", 32), eb.Var("b", 32), eb.Var("c", 16), eb.Var("q", 0)}}
	conds := make(terms, 64)
	for i := range conds {
		conds[i] = g.Bool(2)
	}
	s := New(time.Second)
	defer s.Close()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c := conds[i%len(conds)]
		s.Check(terms{eb.Not(c)})
		if s.Check(terms{c}) == solver.Sat {
			s.Push()
			s.Assert(c)
		}
		if i%16 == 15 {
			for range 8 {
				if len(s.scopes) > 1 {
					s.Pop()
				}
			}
		}
	}
}

func BenchmarkNew(b *testing.B) {
	for i := 0; i < b.N; i++ {
		New(time.Second).Close()
	}
}

// TestDeadlineKeepsModels: a deadline that a query does not reach leaves its
// answer as it is without one. Z3 answers some satisfiable queries with
// another model under another value of its "timeout" parameter; a deadline
// that lowered that parameter to the time left made a budgeted run's cases
// depend on when each query started.
func TestDeadlineKeepsModels(t *testing.T) {
	queries := func(b *expr.Builder) [][]*expr.Term {
		var qs [][]*expr.Term
		for k := uint64(0); k < 12; k++ {
			x, y, z := b.Var("x", 32), b.Var("y", 32), b.Var("z", 32)
			c := func(v uint64) *expr.Term { return b.BVConst(32, v) }
			qs = append(qs, []*expr.Term{
				b.Eq(b.Add(b.Mul(x, c(3+k)), y), b.Add(z, c(1000+k))),
				b.Ult(c(k), b.BXor(x, z)),
				b.Not(b.Eq(y, c(0))),
			})
		}
		return qs
	}
	answers := func(deadline func(i int) time.Time) []string {
		b := expr.NewBuilder()
		s := New(10 * time.Second)
		defer s.Close()
		var out []string
		for i, q := range queries(b) {
			s.SetDeadline(deadline(i))
			s.Push()
			if r := s.Check(q); r != solver.Sat {
				t.Fatalf("query %d: %v (%s)", i, r, s.Reason())
			}
			m := s.Model()
			out = append(out, fmt.Sprint(m["x"], m["y"], m["z"]))
			s.Pop()
		}
		return out
	}
	want := answers(func(int) time.Time { return time.Time{} })
	got := answers(func(i int) time.Time { return time.Now().Add(time.Second + time.Duration(i)*397*time.Millisecond) })
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("query %d: model %s under a deadline, %s without", i, got[i], want[i])
		}
	}
}
