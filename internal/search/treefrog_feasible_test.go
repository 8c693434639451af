// TreeFrog's reuse of feasible sequences (§6): back-substitution spared within a known sequence (on the bench), a sequence learnt on one path covering its target from another prefix once remapped.

package search

import (
	"path/filepath"
	"testing"

	"leapfrog/internal/engine"
	"leapfrog/internal/expr"
	"leapfrog/internal/lower"
	"leapfrog/internal/report"
	"leapfrog/internal/solver"
	"leapfrog/internal/testutil"
)

// feasibleSrc: x is 5 or 7 by a's sign; x + b == 20, then x < b. The
// sequence (x + b == 20 true, x < b true) learnt where x = 5 is
// {5 + b == 20, 5 < b} (b = 15); where x = 7 the same sides need
// {7 + b == 20, 7 < b} (b = 13). Word for word, the learnt constraints
// contradict the prefix's own 7 + b == 20.
const feasibleSrc = `
func F(a i32, b i32) i32 {
entry:
	%1 = lt a, 0:i32
	if %1 t1 f1
t1:
	jump n2
f1:
	jump n2
n2:
	%2 = phi [t1: 5:i32, f1: 7:i32]
	%3 = add %2, b
	%4 = eq %3, 20:i32
	if %4 t3 f3
t3:
	%5 = lt %2, b
	if %5 t4 f4
t4:
	return 1:i32
f4:
	return 2:i32
f3:
	return 3:i32
}
`

// TestFeasibleSequenceRemapped: the sequence learnt on the path a < 0 is
// reused at x + b == 20 on the path a >= 0 (the first run's, all zeros): the
// guided run maps it onto that prefix, one solver call finds b = 13, and the
// run covers x < b true. Without the mapping the query is unsatisfiable.
func TestFeasibleSequenceRemapped(t *testing.T) {
	s := irSession(t, feasibleSrc, 10)
	fn, eng := s.Fn, s.Engine
	tf := newTreeFrog(s)
	// The sequence as learnt on the path a = -1, b = 15.
	old := eng.Run(fn, map[string]uint64{"a": uint64(0xffffffff), "b": 15})
	if len(old.Steps) != 3 || !old.Steps[1].Taken || !old.Steps[2].Taken {
		t.Fatalf("the run of a = -1, b = 15: %d steps", len(old.Steps))
	}
	fs := feasibleSeq{
		lits:  []Lit{{old.Steps[1].If, true}, {old.Steps[2].If, true}},
		terms: []*expr.Term{old.Steps[1].Cond, old.Steps[2].Cond},
	}
	tf.addSeq(fs.lits, fs.terms)
	nodes := s.First() // a = 0, b = 0: x = 7, x + b != 20
	if len(nodes) != 2 || nodes[1].If != fs.lits[0].If {
		t.Fatalf("first run: %d nodes", len(nodes))
	}
	n := nodes[1]
	u := s.objOfSide[fs.lits[1]]
	prefix, _ := tf.sideTerms(n, true)
	if tf.satCheck(append(append([]*expr.Term(nil), prefix...), fs.terms...)) != solver.Unsat {
		t.Error("word for word, the sequence should contradict the prefix")
	}
	if !tf.viaFeasibleSequence(n, true, u, prefix) || s.coveredBy[u.Index] == nil {
		t.Fatalf("the remapped sequence did not cover %s true: %+v", u.If.Pos, s.Stats)
	}
	if s.Stats.FeasibleReused != 1 || s.Stats.SolverCalls != 1 {
		t.Errorf("want one reuse and one solver call: %+v", s.Stats)
	}
}

// TestFeasibleSequenceAfterSide: a sequence starting after the side is
// appended to it (the paper's example appends b5, b10' after the flipped
// b7'). Learnt where x = 7 (a >= 0, b = 13), (x + b == 20 true, x < b true)
// is reused at the side a < 0 of the first run (a = 0, b = 0): mapped onto
// x = 5 it asks 5 + b == 20 and 5 < b, and the model (b = 15) covers x < b
// true; the learnt words (7 + b == 20, b = 13) would run to x + b == 18.
func TestFeasibleSequenceAfterSide(t *testing.T) {
	s := irSession(t, feasibleSrc, 10)
	fn, eng := s.Fn, s.Engine
	tf := newTreeFrog(s)
	old := eng.Run(fn, map[string]uint64{"a": 0, "b": 13})
	if len(old.Steps) != 3 || !old.Steps[1].Taken || !old.Steps[2].Taken {
		t.Fatalf("the run of a = 0, b = 13: %d steps", len(old.Steps))
	}
	tf.addSeq([]Lit{{old.Steps[1].If, true}, {old.Steps[2].If, true}}, []*expr.Term{old.Steps[1].Cond, old.Steps[2].Cond})
	nodes := s.First() // a = 0, b = 0
	n := nodes[0]
	u := s.objOfSide[Lit{old.Steps[2].If, true}]
	prefix, _ := tf.sideTerms(n, true)
	if !tf.viaFeasibleSequence(n, true, u, prefix) || s.coveredBy[u.Index] == nil {
		t.Fatalf("the sequence appended after a < 0 did not cover %s true: %+v", u.If.Pos, s.Stats)
	}
	if s.Stats.FeasibleRemapped != 1 || s.Stats.SolverCalls != 1 {
		t.Errorf("want one remapped sequence and one solver call: %+v", s.Stats)
	}
}

// TestFeasibleSequencesSpareChecks: on the bench's s61k1 (61 conditions, 1
// injected conflict), pure TreeFrog's back-substitution meets fragments
// lying within feasible sequences it memorised before, and checks none of
// them (§6's first reuse). The search is otherwise the same: the checks of
// learning have a solver of their own (Config.NewChecker), and whether a
// fragment is satisfiable does not depend on how it is known, so the same
// conflicts are learnt, the queries get the same models, and the same cases
// and verdicts come out; the sat checks differ by exactly the reuses.
// Without the reuse (noSeqReuse) the counter is 0 and the checks are made.
// Lemmas (§5.3) are derived there too.
func TestFeasibleSequencesSpareChecks(t *testing.T) {
	res, err := lower.Load(filepath.Join(testutil.BenchCopy(t), "synthpkg", "s61k1"), []string{"F"})
	if err != nil || len(res.Errors) > 0 {
		t.Fatalf("%v %v", err, res.Errors)
	}
	fn := res.Targets[0].Func
	run := func(noReuse bool) (report.Stats, *Result) {
		s := NewSession(Config{Fn: fn, Engine: engine.New(expr.NewBuilder(), 10), Solver: NewTestSolver(t),
			NewChecker: func() solver.Solver { return NewTestSolver(t) }})
		defer s.Close()
		tf := newTreeFrog(s)
		tf.pure, tf.noSeqReuse = true, noReuse
		tf.search()
		return s.Stats, s.Result(fn.Name, "", "treefrog")
	}
	with, rw := run(false)
	without, ro := run(true)
	spared := with.FeasibleReused - with.FeasibleRemapped
	if spared == 0 {
		t.Fatalf("no back-substitution spared by a feasible sequence: %+v", with)
	}
	if with.Lemmas == 0 {
		t.Errorf("no lemma on s61k1 (§5.3): %+v", with)
	}
	if without.FeasibleReused != without.FeasibleRemapped {
		t.Errorf("noSeqReuse: %d reuses, %d of them remapped queries", without.FeasibleReused, without.FeasibleRemapped)
	}
	if without.SatChecks != with.SatChecks+spared {
		t.Errorf("sat checks: %d with the reuse (%d spared), %d without, want %d", with.SatChecks, spared, without.SatChecks, with.SatChecks+spared)
	}
	if with.Cases != without.Cases || with.SolverCalls != without.SolverCalls || with.Conflicts != without.Conflicts {
		t.Errorf("the search changed: with %+v, without %+v", with, without)
	}
	for i, b := range rw.Branches {
		if ob := ro.Branches[i]; b.Verdict != ob.Verdict || b.Verdict == report.Unknown {
			t.Errorf("%s %s: %s with the reuse, %s without", b.Pos, b.Outcome, b.Verdict, ob.Verdict)
		}
	}
	t.Logf("with: %d sat checks, %d spared; without: %d", with.SatChecks, spared, without.SatChecks)
}
