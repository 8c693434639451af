// SolveHorn on small Horn problems: a safe loop with its invariant, an unsafe one, malformed rules.

package z3

import (
	"strings"
	"testing"
	"time"
)

const countUp = `
(assert (forall ((n Int)) (=> (>= n 0) (|inv loop| 0 n))))
(assert (forall ((i Int) (n Int) (j Int)) (=> (and (|inv loop| i n) (< i n) (= j (+ i 1))) (|inv loop| j n))))
(assert (forall ((i Int) (n Int)) (=> (and (|inv loop| i n) (< i n) (%s)) goal)))
`

func TestSolveHorn(t *testing.T) {
	rel := []Relation{{Name: "inv loop", Sorts: []string{"Int", "Int"}, Args: []string{"i", "n"}}}
	// Safe: in the loop, 0 <= i < n.
	res, err := SolveHorn(rel, "goal", strings.Replace(countUp, "%s", "not (and (<= 0 i) (< i n))", 1), 10*time.Second)
	if err != nil || res.Status != HornUnreachable || len(res.Interp) != 1 {
		t.Fatalf("safe loop: %+v, %v", res, err)
	}
	// The invariant is over the names given, and implies i >= 0.
	check, err := EvalSMT2("(declare-const i Int)(declare-const n Int)(assert "+res.Interp[0]+")(assert (< i 0))(check-sat)", 10*time.Second)
	if err != nil || check != "unsat" || !strings.Contains(res.Interp[0], "i") {
		t.Errorf("invariant %q: %s, %v (want one implying i >= 0)", res.Interp[0], check, err)
	}
	// Unsafe: i reaches n - 1 >= 1.
	res, err = SolveHorn(rel, "goal", strings.Replace(countUp, "%s", "= i 1", 1), 10*time.Second)
	if err != nil || res.Status != HornReachable {
		t.Errorf("unsafe loop: %+v, %v", res, err)
	}
	// Malformed rules are an error, not a crash.
	if _, err := SolveHorn(rel, "goal", "(assert (|inv loop| true))", time.Second); err == nil {
		t.Errorf("ill-sorted rule: no error")
	}
}

// squares is a loop whose safety Spacer does not settle quickly: s is the
// sum of the odd numbers up to 2i-1, i*i, never 2 mod 4.
const squares = `
(assert (forall ((i Int) (s Int)) (=> (and (= i 0) (= s 0)) (|inv sq| i s))))
(assert (forall ((i Int) (s Int) (i2 Int) (s2 Int)) (=> (and (|inv sq| i s) (= s2 (+ s i i 1)) (= i2 (+ i 1))) (|inv sq| i2 s2))))
(assert (forall ((i Int) (s Int)) (=> (and (|inv sq| i s) (= (mod s 4) 2)) goal)))
`

// TestSolveHornTimeout: queries stopped by their timeout, many in a row,
// return unknown (or a right answer) and leave the process alive (an
// interrupt used to leave the context cancelled, and deleting it aborted
// the process).
func TestSolveHornTimeout(t *testing.T) {
	rel := []Relation{{Name: "inv sq", Sorts: []string{"Int", "Int"}, Args: []string{"i", "s"}}}
	for k := 0; k < 20; k++ {
		res, err := SolveHorn(rel, "goal", squares, time.Duration(1+k%5)*time.Millisecond)
		if err != nil || res.Status == HornReachable {
			t.Fatalf("timeout %dms: %+v, %v", 1+k%5, res, err)
		}
	}
}
