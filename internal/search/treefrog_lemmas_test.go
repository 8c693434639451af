// TreeFrog's lemmas (§5.3): a conflict whose invariant sides dominate an objective proves it unreachable.

package search

import (
	"strings"
	"testing"
	"time"

	"leapfrog/internal/ir"
	"leapfrog/internal/report"
	"leapfrog/internal/solver/z3"
)

// lemmaSrc: a > 20 under a < 10 is infeasible, and b == 3 lies beneath it.
// The conflict {a < 10, a > 20} has two invariant sides (conditions over
// the parameters) that both dominate b == 3's block: the lemma proves a > 20
// true and both sides of b == 3 unreachable without a search towards them. b's other test,
// outside, stays reachable.
const lemmaSrc = `
func F(a i32, b i32) i32 {
entry:
	%1 = lt a, 10:i32
	if %1 t1 f1
t1:
	%2 = gt a, 20:i32
	if %2 t2 f2
t2:
	%3 = eq b, 3:i32
	if %3 t3 f3
t3:
	jump n4
f3:
	jump n4
f2:
	jump n4
f1:
	%4 = eq b, 4:i32
	if %4 t5 f5
t5:
	jump n4
f5:
	jump n4
n4:
	%5 = phi [t3: 1:i32, f3: 2:i32, f2: 3:i32, t5: 4:i32, f5: 5:i32]
	return %5
}
`

// TestLemmaUnreachable: TreeFrog learns {a < 10, a > 20} from the refuted
// flip and its lemma decides b == 3's two sides (the counter, the reason,
// the proof alone unsat for Z3); DFS agrees on every verdict.
func TestLemmaUnreachable(t *testing.T) {
	s, r := runOn(t, lemmaSrc, TreeFrog{})
	_, ref := runOn(t, lemmaSrc, DFS{})
	if s.Stats.Lemmas == 0 {
		t.Errorf("no lemma: %+v", s.Stats)
	}
	byLemma := 0
	for i, b := range r.Branches {
		if b.Verdict != ref.Branches[i].Verdict {
			t.Errorf("%s %s: treefrog %s (%s), dfs %s", b.Pos, b.Outcome, b.Verdict, b.Reason, ref.Branches[i].Verdict)
		}
		if b.Verdict != report.Unreachable {
			continue
		}
		if strings.Contains(b.Reason, "each condition the same on every path") {
			byLemma++
		}
		if got, err := z3.EvalSMT2(b.SMT2, 10*time.Second); err != nil || got != "unsat" {
			t.Errorf("%s %s: the proof alone is %q %v:\n%s", b.Pos, b.Outcome, got, err, b.SMT2)
		}
	}
	if byLemma != 3 {
		t.Errorf("%d verdicts decided by the lemma, want a > 20 true and b == 3's two sides", byLemma)
	}
}

// TestInvariantIf: conditions over parameters are invariant, a condition
// reading a phi is not.
func TestInvariantIf(t *testing.T) {
	s := irSession(t, `
func F(a i32) i32 {
entry:
	%1 = lt a, 10:i32
	if %1 t1 f1
t1:
	jump n2
f1:
	jump n2
n2:
	%2 = phi [t1: 1:i32, f1: a]
	%3 = add %2, a
	%4 = gt %3, 20:i32
	if %4 t3 f3
t3:
	return 1:i32
f3:
	return 0:i32
}
`, 10)
	tf := newTreeFrog(s)
	var got []bool
	for _, b := range s.Fn.Blocks {
		if in, ok := b.Terminator().(*ir.If); ok {
			got = append(got, tf.invariantIf(in))
		}
	}
	if len(got) != 2 || !got[0] || got[1] {
		t.Errorf("invariant: %v, want [true false]", got)
	}
}
