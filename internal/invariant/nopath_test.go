// An objective no path of the inlined program reaches: its certificate is the control-flow graph's.

package invariant

import (
	"strings"
	"testing"
	"time"

	"leapfrog/internal/indep"
	"leapfrog/internal/ir"
	"leapfrog/internal/solver/z3"
)

const noPathSrc = `package p

func fail(n int) {
	for i := 0; i < n; i++ {
	}
	panic("always")
}

func After(b []byte, n int) byte {
	fail(n)
	return b[n]
}

func Before(b []byte, n int) byte {
	if n > 3 {
		fail(n)
	}
	return b[n]
}
`

// TestNoPathCertificate: After's index check follows a call of a function
// that always panics (after a loop): proved, by a certificate with no
// invariant whose one query is the control-flow graph's (the inlined
// callee's returns lead nowhere), unsat for Z3 and cvc5, no (assert
// false). Before's check, reached when n <= 3, is not proved.
func TestNoPathCertificate(t *testing.T) {
	tgs := lowerTargets(t, noPathSrc, "After", "Before")
	for _, c := range []struct {
		name  string
		proof bool
	}{{"After", true}, {"Before", false}} {
		tg := tgs[c.name]
		var obj Objective
		for _, o := range checks(tg.Func) {
			if o.If.Kind == ir.IndexCheck {
				obj = o
			}
		}
		if obj.If == nil {
			t.Fatalf("%s: no index check", c.name)
		}
		r := NewProver(tg.Func, tg.PhiNames).Prove(obj, DefaultOptions)
		if r.Proved != c.proof {
			t.Fatalf("%s: proved %v, want %v (%s)", c.name, r.Proved, c.proof, r.Why)
		}
		if !r.Proved {
			continue
		}
		if r.Loops != 0 || !strings.Contains(r.SMT2, "no control-flow path leads there") || strings.Contains(r.SMT2, "(assert false)") {
			t.Errorf("%s: not the control-flow graph's certificate (loops %d):\n%s", c.name, r.Loops, r.SMT2)
		}
		if got, err := z3.EvalSMT2(r.SMT2, 20*time.Second); err != nil || got != "unsat" {
			t.Errorf("%s: Z3 says %q %v", c.name, got, err)
		}
		if got, err := indep.CVC5(r.SMT2, 20*time.Second); err != nil || got != "unsat" {
			t.Errorf("%s: cvc5 says %q %v", c.name, got, err)
		}
	}
}
