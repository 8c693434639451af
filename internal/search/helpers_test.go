// The package's tests' session over a function written in the IR text form, and a search of it.

package search

import (
	"testing"

	"leapfrog/internal/engine"
	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
	"leapfrog/internal/irparse"
)

// irSession parses src, a program in the IR text form, checks it (the IR
// sanity check), and returns a fresh session over its first function: an
// engine of the given loop bound, the tests' solver.
func irSession(t *testing.T, src string, bound int) *Session {
	t.Helper()
	prog, err := irparse.Parse("w.ir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Check(prog); err != nil {
		t.Fatal(err)
	}
	return NewSession(Config{Fn: prog.Funcs[0], Engine: engine.New(expr.NewBuilder(), bound), Solver: NewTestSolver(t)})
}

// runOn explores the first function of src with st (an engine of loop
// bound 10) and returns the session and its result.
func runOn(t *testing.T, src string, st Strategy) (*Session, *Result) {
	t.Helper()
	s := irSession(t, src, 10)
	st.Explore(s)
	return s, s.Result(s.Fn.Name, "", st.Name())
}
