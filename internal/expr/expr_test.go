// Tests: concrete semantics against Go's own operators, and simplifier soundness.

package expr

import (
	"math/rand"
	"strings"
	"testing"
)

// TestApplyMatchesGo compares Apply with the Go compiler's arithmetic on every pair
// of 8-bit operands, signed and unsigned.
func TestApplyMatchesGo(t *testing.T) {
	for a := 0; a < 256; a++ {
		for b := 0; b < 256; b++ {
			x, y := int8(a), int8(b)
			ux, uy := uint8(a), uint8(b)
			check := func(name string, op Op, got uint64, want uint8) {
				t.Helper()
				if got != uint64(want) {
					t.Fatalf("%s(%d,%d): Apply gives %d, Go gives %d", name, a, b, got, want)
				}
			}
			u, v := uint64(ux), uint64(uy)
			check("add", OpAdd, Apply(OpAdd, 8, u, v), uint8(x+y))
			check("sub", OpSub, Apply(OpSub, 8, u, v), uint8(x-y))
			check("mul", OpMul, Apply(OpMul, 8, u, v), uint8(x*y))
			if y != 0 {
				check("sdiv", OpSDiv, Apply(OpSDiv, 8, u, v), uint8(x/y))
				check("srem", OpSRem, Apply(OpSRem, 8, u, v), uint8(x%y))
				check("udiv", OpUDiv, Apply(OpUDiv, 8, u, v), ux/uy)
				check("urem", OpURem, Apply(OpURem, 8, u, v), ux%uy)
			}
			check("shl", OpShl, Apply(OpShl, 8, u, v), ux<<uy)
			check("lshr", OpLShr, Apply(OpLShr, 8, u, v), ux>>uy)
			check("ashr", OpAShr, Apply(OpAShr, 8, u, v), uint8(x>>uy))
			check("slt", OpSlt, Apply(OpSlt, 8, u, v), uint8(b2u(x < y)))
			check("ule", OpUle, Apply(OpUle, 8, u, v), uint8(b2u(ux <= uy)))
		}
	}
}

// TestShiftWideCount checks shifts whose count is wider than the operand.
func TestShiftWideCount(t *testing.T) {
	b := NewBuilder()
	x := b.Var("x", 8)
	n := b.Var("n", 32)
	for _, c := range []uint64{0, 1, 7, 8, 9, 255, 256, 1 << 31} {
		m := map[string]uint64{"x": 0x96, "n": c}
		got := Eval(b.Shl(x, n), m)
		want := uint64(uint8(0x96) << c)
		if c >= 64 {
			want = 0
		}
		if got != want {
			t.Errorf("shl by %d: %d, want %d", c, got, want)
		}
		gotA := Eval(b.AShr(x, n), m)
		wantA := uint64(uint8(int8(-106) >> c))
		if gotA != wantA {
			t.Errorf("ashr by %d: %d, want %d", c, gotA, wantA)
		}
	}
}

// TestSimplifierSound builds random terms over variables and checks that the
// simplified term built with variables evaluates like the term built from the
// model's constants (which folds completely).
func TestSimplifierSound(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	b := NewBuilder()
	for iter := 0; iter < 3000; iter++ {
		model := map[string]uint64{"x": rng.Uint64() & 0xff, "y": rng.Uint64() & 0xff, "z": uint64(rng.Intn(3))}
		if rng.Intn(3) == 0 {
			model["y"] = model["x"]
		}
		symb := randTerm(b, rng, 4, 8, false, nil)
		rng2 := *rng
		_ = rng2
		got := Eval(symb, model)
		// Rebuild the same shape with constants by substituting the model.
		conc := substitute(b, symb, model)
		if !conc.IsConst() {
			t.Fatalf("substitution did not fold: %v", conc)
		}
		if conc.Val != got {
			t.Fatalf("term %v under %v: eval %d, folded %d", symb, model, got, conc.Val)
		}
	}
}

func randTerm(b *Builder, rng *rand.Rand, depth, width int, boolean bool, _ []*Term) *Term {
	if boolean {
		if depth == 0 {
			return b.Eq(randTerm(b, rng, 0, width, false, nil), randTerm(b, rng, 0, width, false, nil))
		}
		switch rng.Intn(6) {
		case 0:
			return b.Not(randTerm(b, rng, depth-1, width, true, nil))
		case 1:
			return b.And(randTerm(b, rng, depth-1, width, true, nil), randTerm(b, rng, depth-1, width, true, nil))
		case 2:
			return b.Or(randTerm(b, rng, depth-1, width, true, nil), randTerm(b, rng, depth-1, width, true, nil))
		case 3:
			return b.Slt(randTerm(b, rng, depth-1, width, false, nil), randTerm(b, rng, depth-1, width, false, nil))
		case 4:
			return b.Ule(randTerm(b, rng, depth-1, width, false, nil), randTerm(b, rng, depth-1, width, false, nil))
		default:
			return b.Ite(randTerm(b, rng, depth-1, width, true, nil), randTerm(b, rng, depth-1, width, true, nil), b.BoolConst(rng.Intn(2) == 0))
		}
	}
	if depth == 0 {
		switch rng.Intn(4) {
		case 0:
			return b.BVConst(width, uint64(rng.Intn(4))-1)
		case 1:
			return b.Var("x", width)
		case 2:
			return b.Var("y", width)
		default:
			return b.Var("z", width)
		}
	}
	x := randTerm(b, rng, depth-1, width, false, nil)
	y := randTerm(b, rng, depth-1, width, false, nil)
	switch rng.Intn(12) {
	case 0:
		return b.Add(x, y)
	case 1:
		return b.Sub(x, y)
	case 2:
		return b.Mul(x, y)
	case 3:
		return b.SDiv(x, y)
	case 4:
		return b.URem(x, y)
	case 5:
		return b.BAnd(x, y)
	case 6:
		return b.BXor(x, y)
	case 7:
		return b.Shl(x, b.Trunc(b.ZExt(y, 16), 4+rng.Intn(4)))
	case 8:
		return b.AShr(x, b.ZExt(y, 32))
	case 9:
		return b.Neg(x)
	case 10:
		return b.Convert(b.Convert(x, 16, true), width, false)
	default:
		return b.Ite(randTerm(b, rng, depth-1, width, true, nil), x, y)
	}
}

// substitute rebuilds t with the variables replaced by constants.
func substitute(b *Builder, t *Term, m map[string]uint64) *Term {
	args := make([]*Term, len(t.Args))
	for i, a := range t.Args {
		args[i] = substitute(b, a, m)
	}
	switch t.Op {
	case OpConst:
		return t
	case OpVar:
		return b.Const(t.Width, m[t.Name])
	case OpNot:
		return b.Not(args[0])
	case OpAnd:
		return b.And(args...)
	case OpOr:
		return b.Or(args...)
	case OpIte:
		return b.Ite(args[0], args[1], args[2])
	case OpEq:
		return b.Eq(args[0], args[1])
	case OpNeg, OpCompl:
		return b.unary(t.Op, args[0])
	case OpZExt:
		return b.ZExt(args[0], t.Width)
	case OpSExt:
		return b.SExt(args[0], t.Width)
	case OpExtract:
		return b.Trunc(args[0], t.Width)
	default:
		return b.binary(t.Op, args[0], args[1])
	}
}

func TestHashConsing(t *testing.T) {
	b := NewBuilder()
	x, y := b.Var("x", 32), b.Var("y", 32)
	if b.Add(x, y) != b.Add(y, x) {
		t.Error("x+y and y+x differ")
	}
	if b.And(b.Slt(x, y), b.Eq(x, y)) != b.And(b.Eq(y, x), b.Slt(x, y)) {
		t.Error("and is not canonical")
	}
	if got := b.And(b.Slt(x, y), b.Not(b.Slt(x, y))); !got.IsConst() || got.Val != 0 {
		t.Errorf("p and not p = %v", got)
	}
}

func TestSMT2(t *testing.T) {
	b := NewBuilder()
	x := b.Var("in.a[1]", 8)
	s := b.Add(x, b.BVConst(8, 3))
	got := SMT2([]*Term{b.Slt(s, b.Mul(s, s))})
	for _, want := range []string{"(declare-fun |in.a[1]| () (_ BitVec 8))", "(define-fun t", "(assert (bvslt", "(check-sat)"} {
		if !strings.Contains(got, want) {
			t.Errorf("SMT2 lacks %q:\n%s", want, got)
		}
	}
}
