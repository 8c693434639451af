// Tests of EvalSMT2: answers of self-contained scripts, errors, timeouts.

package z3

import (
	"testing"
	"time"

	"leapfrog/internal/expr"
)

func TestEvalSMT2Answers(t *testing.T) {
	b := expr.NewBuilder()
	x := b.Var("x", 8)
	unsat := expr.SMT2([]*expr.Term{b.Ult(x, b.BVConst(8, 3)), b.Ult(b.BVConst(8, 5), x)})
	sat := expr.SMT2([]*expr.Term{b.Ult(x, b.BVConst(8, 3))})
	for _, c := range []struct{ script, want string }{
		{unsat, "unsat"},
		{sat, "sat"},
		{"(assert false)\n(check-sat)\n", "unsat"},
		// The last check-sat counts.
		{"(declare-fun p () Bool)\n(push 1)\n(assert (and p (not p)))\n(check-sat)\n(pop 1)\n(check-sat)\n", "sat"},
	} {
		got, err := EvalSMT2(c.script, 10*time.Second)
		if err != nil || got != c.want {
			t.Errorf("EvalSMT2(%q) = %q, %v; want %q", c.script, got, err, c.want)
		}
	}
}

func TestEvalSMT2Errors(t *testing.T) {
	for _, script := range []string{
		"(assert (= y 1))\n(check-sat)\n", // undeclared
		"(declare-fun x () Bool)\n",       // no check-sat
		"(check-sat",                      // unbalanced
	} {
		if got, err := EvalSMT2(script, time.Second); err == nil {
			t.Errorf("EvalSMT2(%q) = %q, no error", script, got)
		}
	}
	// The context is usable again afterwards.
	if got, err := EvalSMT2("(check-sat)\n", time.Second); err != nil || got != "sat" {
		t.Errorf("after errors: %q, %v", got, err)
	}
}

func TestEvalSMT2Timeout(t *testing.T) {
	// Factoring a 64-bit semiprime by multiplication: hard enough for 10ms.
	script := `(set-logic QF_BV)
(declare-fun a () (_ BitVec 64))
(declare-fun b () (_ BitVec 64))
(assert (= (bvmul a b) #xe3b0c44298fc1c15))
(assert (bvugt a #x0000000000000001))
(assert (bvugt b #x0000000000000001))
(assert (bvult a #x00000000ffffffff))
(assert (bvult b #x00000000ffffffff))
(check-sat)
`
	// Without the timeout Z3 takes minutes on it. A timeout that expires
	// before the check starts must hold too.
	for _, timeout := range []time.Duration{time.Nanosecond, 10 * time.Millisecond} {
		start := time.Now()
		got, err := EvalSMT2(script, timeout)
		if err != nil {
			t.Fatal(err)
		}
		if got != "unknown" || time.Since(start) > 5*time.Second {
			t.Errorf("timeout %v: answer %q after %v, want unknown within the timeout", timeout, got, time.Since(start))
		}
	}
	// The other contexts of the process keep their limits: Z3's global
	// timeout is untouched.
	if g := globalTimeout(); g != "" && g != "4294967295" {
		t.Errorf("Z3's global timeout is %q after EvalSMT2", g)
	}
}
