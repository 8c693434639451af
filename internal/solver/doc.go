// Package solver is the solver chain's narrow waist: the Solver interface the engine
// and the search strategies talk to, and decorators that wrap any Solver.
//
// # The interface
//
// A Solver checks the conjunction of the assertions in scope (Push/Pop/Assert, as in
// SMT-LIB) plus per-check assumptions, which are bool terms of any shape. After Sat
// it gives a Model with a value for every variable of the assertions and
// assumptions; after Unsat a Core, a subset of the assumptions (the same pointers)
// that is unsatisfiable with the assertions, which the learning layer turns into
// conflicts; after Unknown a Reason (timeout, error). Flipping a branch is one
// Check with the negated branch as an assumption, so the prefix stays asserted and
// the solver's incremental state is reused across flips.
//
// A Solver is used by one goroutine (Z3 contexts are not thread-safe): parallel
// strategies give each worker its own chain. All terms given to one chain come from
// one expr.Builder, since term IDs identify terms.
//
// # Backends
//
// solver/z3 is the real backend (cgo over the system libz3). solver/solvertest
// holds a brute-force Solver for small domains, a second opinion for tests.
//
// # The chain
//
// NewChain builds every solver of an analysis, KLEE's ConstructSolverChain in
// small: it takes a constructor of the backend (internal/analysis gives Z3
// bounded by the per-query timeout and the analysis' deadline) and wraps the
// backend in the decorators the options ask for. There is one today:
//
//	Validating(s, f, r)   re-evaluates every model, re-checks every unsat core
//	                      with a second backend from f, reports wrong answers
//	                      to r (gen -validate-solver, and the tests that build
//	                      a session by hand)
//
// A decorator is a small type that wraps a Solver and is a Solver. A query
// cache was one, and was removed: answering a repeated query from memory
// returns the first answer's unsat core where the backend, in its later
// incremental state, may give another, and the strategies that learn from
// cores (treefrog) then learn other conflicts, so the reports changed.
package solver
