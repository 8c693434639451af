// Tests of the float translation: Z3 against expr.ApplyFloat/ApplyConv on special values, against the brute-force solver on random float formulas, and the SMT-LIB2 scripts through Z3 and cvc5.

package z3

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os/exec"
	"strings"
	"testing"
	"time"

	"leapfrog/internal/expr"
	"leapfrog/internal/solver"
	"leapfrog/internal/solver/solvertest"
)

// floatValues are special values of width w and a few random ones.
func floatValues(w int, rng *rand.Rand) []uint64 {
	fs := []float64{0, math.Copysign(0, -1), 1, -1, 0.5, 1.0 / 3, -2.5, 3, 1e-300, 1e300, math.MaxFloat64,
		math.SmallestNonzeroFloat64, 0x1p-1022, math.Inf(1), math.Inf(-1), 127.5, -128.5, 0x1p31, -0x1p31 - 1,
		0x1p32, 0x1p53 + 1, 0x1p63, -0x1p63, 0x1p64, math.MaxFloat32, 0x1p-126, 0x1p-149, 0x1p24 + 1, 16777217}
	var out []uint64
	for _, f := range fs {
		if w == 32 {
			out = append(out, uint64(math.Float32bits(float32(f))))
		} else {
			out = append(out, math.Float64bits(f))
		}
	}
	if w == 32 {
		out = append(out, 0x7FC00000, 0xFFC00001, 0x7F800123)
	} else {
		out = append(out, 0x7FF8000000000000, 0xFFF8000000000001, 0x7FF0000000000123)
	}
	for range 6 {
		out = append(out, rng.Uint64()&expr.Mask(w))
	}
	return out
}

// TestFloatOperatorsAgreeWithApply fixes the operands to special values and
// reads the results of every operator from one Z3 model: the bits of a
// non-NaN result and every comparison must be ApplyFloat's (Go's); a NaN
// result must be a NaN. A third of the values each meet one other (one
// bit-blasted check per pair: all pairs would take minutes).
func TestFloatOperatorsAgreeWithApply(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	b := expr.NewBuilder()
	s := raw(t)
	ops := []expr.Op{expr.OpFAdd, expr.OpFSub, expr.OpFMul, expr.OpFDiv, expr.OpFEq, expr.OpFLt, expr.OpFLe}
	for _, w := range []int{32, 64} {
		x, y := b.Var(fmt.Sprint("x", w), w), b.Var(fmt.Sprint("y", w), w)
		res := make([]*expr.Term, len(ops))
		for k, op := range ops {
			var r, f *expr.Term
			switch op {
			case expr.OpFEq, expr.OpFLt, expr.OpFLe:
				r = b.Var(fmt.Sprint("p", w, op), 0)
				f = map[expr.Op]func(x, y *expr.Term) *expr.Term{expr.OpFEq: b.FEq, expr.OpFLt: b.FLt, expr.OpFLe: b.FLe}[op](x, y)
			default:
				r = b.Var(fmt.Sprint("r", w, op), w)
				f = map[expr.Op]func(x, y *expr.Term) *expr.Term{expr.OpFAdd: b.FAdd, expr.OpFSub: b.FSub, expr.OpFMul: b.FMul, expr.OpFDiv: b.FDiv}[op](x, y)
			}
			res[k] = r
			s.Assert(b.Eq(r, f))
		}
		vals := floatValues(w, rng)
		for i, xv := range vals {
			if i%3 != w/32 { // a third of the values, other ones in each width
				continue
			}
			for _, yv := range []uint64{vals[(i*7+3)%len(vals)]} {
				s.Push()
				s.Assert(b.Eq(x, b.BVConst(w, xv)))
				s.Assert(b.Eq(y, b.BVConst(w, yv)))
				if r := s.Check(nil); r != solver.Sat {
					t.Fatalf("%d (%#x, %#x): %v %s", w, xv, yv, r, s.Reason())
				}
				m := s.Model()
				s.Pop()
				for k, op := range ops {
					want, got := expr.ApplyFloat(op, w, xv, yv), m[res[k].Name]
					if !expr.ProducesFloat(op) || !expr.IsNaNBits(want, w) || !expr.IsNaNBits(got, w) {
						if got != want {
							t.Errorf("%s%d(%#x, %#x): z3 %#x, Apply %#x", op, w, xv, yv, got, want)
						}
					}
				}
			}
		}
	}
}

// TestFloatConversionsAgreeWithApply does the same for the conversions.
func TestFloatConversionsAgreeWithApply(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	b := expr.NewBuilder()
	s := raw(t)
	type conv struct {
		op       expr.Op
		from, to int
	}
	var convs []conv
	for _, w := range []int{32, 64} {
		convs = append(convs, conv{expr.OpFToF, w, 96 - w})
		for _, n := range []int{8, 16, 32, 64} {
			convs = append(convs, conv{expr.OpFToSBV, w, n}, conv{expr.OpSToF, n, w}, conv{expr.OpUToF, n, w})
		}
	}
	for _, c := range convs {
		x, r := b.Var(fmt.Sprintf("x%d", c.from), c.from), b.Var(fmt.Sprintf("r%d", c.to), c.to)
		var vals []uint64
		if c.op == expr.OpSToF || c.op == expr.OpUToF {
			vals = []uint64{0, 1, expr.Mask(c.from), 1 << uint(c.from-1), 1<<uint(c.from-1) - 1, 1<<24 + 1, 1<<53 + 1, 1<<63 + 1<<39 + 1}
			for range 20 {
				vals = append(vals, rng.Uint64())
			}
		} else {
			vals = floatValues(c.from, rng)
		}
		for _, v := range vals {
			v &= expr.Mask(c.from)
			var term *expr.Term
			switch c.op {
			case expr.OpFToF:
				term = b.FToF(x, c.to)
			case expr.OpFToSBV:
				term = b.FToSBV(x, c.to)
			case expr.OpSToF:
				term = b.SToF(x, c.to)
			default:
				term = b.UToF(x, c.to)
			}
			s.Push()
			s.Assert(b.Eq(x, b.BVConst(c.from, v)))
			s.Assert(b.Eq(r, term))
			if res := s.Check(nil); res != solver.Sat {
				t.Fatalf("%s %d->%d of %#x: %v %s", c.op, c.from, c.to, v, res, s.Reason())
			}
			got := s.Model()[r.Name]
			s.Pop()
			want := expr.ApplyConv(c.op, c.from, c.to, v)
			if got != want && !(c.op == expr.OpFToF && expr.IsNaNBits(want, c.to) && expr.IsNaNBits(got, c.to)) {
				t.Errorf("%s %d->%d of %#x: z3 %#x, Apply %#x", c.op, c.from, c.to, v, got, want)
			}
		}
	}
}

// TestFloatBitsOverApproximateNaNs: the bits of a float operation are exact
// when it is not a NaN, and any NaN pattern when it is (SMT-LIB has one NaN).
func TestFloatBitsOverApproximateNaNs(t *testing.T) {
	b := expr.NewBuilder()
	x := b.Var("x", 64)
	one := b.BVConst(64, math.Float64bits(1))
	sum := b.FAdd(x, one)
	check := func(want solver.Result, fs ...*expr.Term) {
		t.Helper()
		s := raw(t)
		for _, f := range fs {
			s.Assert(f)
		}
		if got := s.Check(nil); got != want {
			t.Errorf("%v: %v, want %v", fs, got, want)
		}
	}
	isX := func(v uint64) *expr.Term { return b.Eq(x, b.BVConst(64, v)) }
	check(solver.Sat, isX(math.Float64bits(1)), b.Eq(sum, b.BVConst(64, math.Float64bits(2))))
	check(solver.Unsat, isX(math.Float64bits(1)), b.Eq(sum, b.BVConst(64, math.Float64bits(2)+1)))
	// x a quiet NaN: ApplyFloat gives x itself; any other NaN is possible
	// for the solver, a number is not.
	check(solver.Sat, isX(0x7FF8000000000005), b.Eq(sum, b.BVConst(64, 0xFFF0000000000001)))
	check(solver.Unsat, isX(0x7FF8000000000005), b.Eq(sum, one))
	// -0 + -0 is -0, and its bits say so.
	negz := b.BVConst(64, 1<<63)
	check(solver.Unsat, b.Eq(x, negz), b.Eq(b.FAdd(x, x), b.BVConst(64, 0)))
	check(solver.Sat, b.Eq(x, negz), b.Eq(b.FAdd(x, x), negz))
	// A bit operation on the bits of a computed NaN keeps every NaN
	// possible: Abs(x+1) with x NaN can be any positive NaN.
	check(solver.Sat, isX(0xFFF8000000000000), b.Eq(b.FAbs(sum), b.BVConst(64, 0x7FF0000000000100)))
	check(solver.Unsat, isX(0xFFF8000000000000), b.Slt(b.FAbs(sum), b.BVConst(64, 0)))
}

// TestFloatDifferentialAgainstBruteForce compares Z3 with the brute-force
// solver on random formulas over small integers converted to floats and
// special float constants, through every float operator.
func TestFloatDifferentialAgainstBruteForce(t *testing.T) {
	b := expr.NewBuilder()
	z := solver.Validating(New(5*time.Second), func() solver.Solver { return solvertest.NewBrute() }, func(err error) { t.Error(err) })
	defer z.Close()
	br := solvertest.NewBrute()
	g := &solvertest.Gen{B: b, R: rand.New(rand.NewPCG(11, 7)), Floats: true,
		Vars: terms{b.Var("x", 3), b.Var("y", 4), b.Var("w", 7), b.Var("p", 0)}}
	var sat, unsat, unknown int
	for i := range 120 {
		asserted := terms{g.Bool(2)}
		var assume terms
		for range g.R.IntN(3) {
			assume = append(assume, g.Bool(1))
		}
		z.Push()
		br.Push()
		for _, a := range asserted {
			z.Assert(a)
			br.Assert(a)
		}
		start := time.Now()
		rz, rb := z.Check(assume), br.Check(assume)
		if d := time.Since(start); d > time.Second {
			t.Logf("formula %d: %v, %v\nassert %v\nassume %v", i, d, rz, asserted, assume)
		}
		if rz == solver.Unknown {
			unknown++
			z.Pop()
			br.Pop()
			continue
		}
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
	if sat < 20 || unsat < 20 || unknown > 6 {
		t.Errorf("degenerate sample: %d sat, %d unsat, %d unknown", sat, unsat, unknown)
	}
}

// TestFloatScriptsAcceptedByZ3AndCVC5 renders random float formulas as
// SMT-LIB2 scripts (expr.SMT2, QF_BVFP) and checks that Z3 (on the text)
// and cvc5 give the answer of the Z3 backend: 24 formulas, 8 with -short.
func TestFloatScriptsAcceptedByZ3AndCVC5(t *testing.T) {
	n := 24
	if testing.Short() {
		n = 8
		t.Logf("-short: %d formulas; 24 without -short", n)
	}
	cvc5, err := exec.LookPath("cvc5")
	if err != nil {
		t.Fatalf("cvc5 (Debian package cvc5) is needed: %v", err)
	}
	b := expr.NewBuilder()
	g := &solvertest.Gen{B: b, R: rand.New(rand.NewPCG(5, 9)), Floats: true,
		Vars: terms{b.Var("x", 8), b.Var("f", 32), b.Var("d", 64), b.Var("p", 0)}}
	answers := map[string]int{}
	undecided := 0 // a text evaluation out of time (a loaded machine): no contradiction
	for i := range n {
		fs := terms{g.Bool(3), g.Bool(2)}
		if i%3 == 0 { // read the bits of a float operation too
			fs = append(fs, b.Ult(b.FAdd(b.Var("d", 64), b.SToF(b.Var("x", 8), 64)), b.BVConst(64, 1<<62)))
		}
		if i%4 == 1 { // variables read as floats
			fs = append(fs, b.FLt(b.Var("f", 32), b.FToF(b.Var("d", 64), 32)))
		}
		s := raw(t)
		for _, f := range fs {
			s.Assert(f)
		}
		want := s.Check(nil).String()
		script := expr.SMT2(fs)
		got, err := EvalSMT2(script, 20*time.Second)
		switch {
		case err == nil && got == "unknown":
			undecided++
		case err != nil || got != want:
			t.Fatalf("formula %d: Z3 on the script: %q %v, the backend %s\n%s", i, got, err, want, script)
		}
		cmd := exec.Command(cvc5, "--lang=smt2", "--tlimit=20000")
		cmd.Stdin = strings.NewReader(script)
		out, err := cmd.CombinedOutput()
		switch a := strings.TrimSpace(string(out)); {
		case a == "unknown" || strings.Contains(a, "interrupted by timeout"):
			undecided++
		case a != want:
			t.Fatalf("formula %d: cvc5 says %q (%v), the backend %s\n%s", i, out, err, want, script)
		}
		answers[want]++
	}
	if answers["sat"] == 0 || answers["unsat"] == 0 || undecided > n/4 {
		t.Errorf("degenerate sample: %v, %d answers out of time", answers, undecided)
	}
}
