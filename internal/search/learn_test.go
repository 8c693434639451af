// Conflict learning in isolation: the database's matching, slicing by shared variables, mis(p) and cores, lemmas.

package search

import (
	"testing"

	"leapfrog/internal/expr"
	"leapfrog/internal/solver"
)

func learnSession(t *testing.T) (*treefrog, *expr.Builder) {
	t.Helper()
	s := irSession(t, "func F(x i32) i32 {\nb0:\n    return x\n}\n", 10)
	return newTreeFrog(s), s.B
}

func TestConflictDB(t *testing.T) {
	b := expr.NewBuilder()
	x, y := b.Var("x", 8), b.Var("y", 8)
	p, q, r := b.Slt(x, b.BVConst(8, 3)), b.Slt(b.BVConst(8, 5), x), b.Eq(y, b.BVConst(8, 1))
	db := NewConflictDB()
	c := &Conflict{Lits: make([]Lit, 2), Terms: []*expr.Term{p, q}}
	if !db.Add(c) || db.Add(&Conflict{Lits: make([]Lit, 2), Terms: []*expr.Term{q, p}}) {
		t.Fatal("Add: a new conflict must be added once, in any order")
	}
	if db.Violated(map[*expr.Term]bool{p: true, r: true}) != nil {
		t.Error("a set holding part of a conflict violates it")
	}
	if db.Violated(map[*expr.Term]bool{p: true, q: true, r: true}) != c {
		t.Error("a superset of a conflict does not violate it")
	}
}

func TestIndependent(t *testing.T) {
	b := expr.NewBuilder()
	x, y, z := b.Var("x", 8), b.Var("y", 8), b.Var("z", 8)
	a := b.Slt(x, y)                      // x, y
	c := b.Eq(z, b.BVConst(8, 7))         // z alone
	d := b.Slt(y, b.BVConst(8, 9))        // y
	e := b.Eq(b.Add(x, z), b.Var("w", 8)) // x, z, w: joins everything
	lits := make([]Lit, 4)
	got, _ := independent([]*expr.Term{a, c, d}, lits[:3], d)
	if len(got) != 2 || got[0] != a || got[1] != d {
		t.Errorf("slice of y < 9: %v, want x < y and y < 9", got)
	}
	got, _ = independent([]*expr.Term{a, c, d, e}, lits, e)
	if len(got) != 4 {
		t.Errorf("slice through shared variables: %d terms, want all 4", len(got))
	}
}

// TestLearn: an infeasible sequence gives a minimal conflict (every proper
// subset satisfiable), the sequence being in path order with an irrelevant
// constraint in the middle; resolution then derives a lemma.
func TestLearn(t *testing.T) {
	tf, b := learnSession(t)
	x, y := b.Var("x", 32), b.Var("y", 32)
	five, two := b.BVConst(32, 5), b.BVConst(32, 2)
	gt5 := b.Slt(five, x)
	irrelevant := b.Slt(y, two)
	lt2 := b.Slt(x, two)
	terms := []*expr.Term{gt5, irrelevant, lt2}
	lits := []Lit{{nil, true}, {nil, false}, {nil, true}}
	c := tf.learn(terms, lits)
	if c == nil || len(c.Terms) != 2 || c.Terms[0] != gt5 || c.Terms[1] != lt2 {
		t.Fatalf("learn = %+v, want the conflict {5 < x, x < 2}", c)
	}
	for i := range c.Terms {
		rest := append(append([]*expr.Term(nil), c.Terms[:i]...), c.Terms[i+1:]...)
		if tf.satCheck(rest) != solver.Sat {
			t.Errorf("conflict not minimal: dropping %v stays unsat", c.Terms[i])
		}
	}
	if tf.s.Stats.SatChecks == 0 || tf.s.Stats.Conflicts != 1 {
		t.Errorf("stats %+v: want satisfiability checks and one conflict", tf.s.Stats)
	}
	// {x < 2, ¬(y < 2)... }: a second conflict containing ¬(5 < x) resolves
	// with the first on 5 < x into a lemma.
	le5 := b.Not(gt5)
	gt9 := b.Slt(b.BVConst(32, 9), x)
	if c2 := tf.learn([]*expr.Term{gt9, le5}, []Lit{{nil, true}, {nil, false}}); c2 == nil {
		t.Fatal("second conflict not learnt")
	}
	if tf.s.Stats.Lemmas == 0 {
		t.Error("no lemma resolved from {5 < x, x < 2} and {9 < x, ¬(5 < x)}")
	}
	if tf.s.Conflicts.Violated(map[*expr.Term]bool{gt9: true, lt2: true}) == nil {
		t.Error("the lemma {9 < x, x < 2} does not apply")
	}
}
