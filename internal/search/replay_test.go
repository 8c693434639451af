// Replaying a search's inputs in another session: the same objectives covered, no solver call, a search after it complete.

package search

import (
	"testing"

	"leapfrog/internal/engine"
	"leapfrog/internal/expr"
	"leapfrog/internal/irparse"
	"leapfrog/internal/report"
)

// TestReplay: the inputs of a DFS search's first-covering cases, replayed
// in a fresh session, cover what that search covered without a solver
// call and drop their tree; a DFS search after them explores the whole
// tree again (the replayed sides are not left unexplored beneath), and
// reaches the same verdicts.
func TestReplay(t *testing.T) {
	prog, err := irparse.Parse("f.ir", []byte(theirsSrc))
	if err != nil {
		t.Fatal(err)
	}
	session := func() *Session {
		return NewSession(Config{Fn: prog.Funcs[0], Engine: engine.New(expr.NewBuilder(), 10000), Solver: NewTestSolver(t)})
	}
	first := session()
	DFS{}.Explore(first)
	want := first.Result("F", "p", "dfs")

	s := session()
	inputs := first.FirstInputs()
	if len(inputs) == 0 {
		t.Fatal("no input to replay")
	}
	s.Replay(inputs)
	if s.Root != nil || s.Stats.SolverCalls != 0 || len(s.Cases) != len(inputs) {
		t.Fatalf("after the replay: tree %v, %d solver calls, %d cases (want no tree, no call, %d cases)", s.Root != nil, s.Stats.SolverCalls, len(s.Cases), len(inputs))
	}
	for i, o := range s.Objectives {
		if covered := s.coveredBy[o.Index] != nil; covered != (want.Branches[i].Verdict == report.Covered) {
			t.Errorf("%s %s: covered %v after the replay, %s in the search", o.Pos(), o.Outcome, covered, want.Branches[i].Verdict)
		}
	}
	DFS{}.Explore(s)
	got := s.Result("F", "p", "dfs")
	for i, b := range got.Branches {
		if b.Verdict != want.Branches[i].Verdict {
			t.Errorf("%s %s: %s after the replay and a search, %s before (%s)", b.Pos, b.Outcome, b.Verdict, want.Branches[i].Verdict, b.Reason)
		}
	}
}
