// The solver of the tests that build a session by hand, from the one chain constructor.

package search

import (
	"testing"

	"leapfrog/internal/solver"
	"leapfrog/internal/solver/z3"
)

// NewTestSolver returns the solver chain of a test that checks the search's
// internals and builds its session by hand (the others go through
// analysis.Analyze): Z3 without a timeout, every answer validated, a wrong
// one failing the test. With -short answers are not validated: validation
// takes three to four times the time of the random programs and of pm's
// merged queries (Z3's answers are checked against brute force in
// internal/solver). The solver is closed when the test ends (closing it
// earlier is fine). Exported for the external tests of package search_test.
func NewTestSolver(tb testing.TB) solver.Solver {
	s := solver.NewChain(func() solver.Solver { return z3.New(0) },
		solver.ChainOptions{Validate: !testing.Short(), Invalid: func(err error) { tb.Error(err) }})
	tb.Cleanup(s.Close)
	return s
}
