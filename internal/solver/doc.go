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
// # Decorators
//
// Each decorator is a small type that wraps a Solver and is a Solver. The usual
// stack, innermost first:
//
//	z3.New(timeout)       the backend; a timeout turns into Unknown
//	Validating(s, f, r)   tests only: re-evaluates models, re-checks cores with f()
//	WithCache(s)          answers repeated queries (same assertion set, same
//	                      assumptions) from memory, models and cores included
//	WithStats(s, &st)     counts checks and answers, sums the time
//
// Putting WithStats outside WithCache counts the engine's queries; inside, the
// backend's. The cache keys on the set of term IDs, so it is correct under
// push/pop and insensitive to the order of assertions and assumptions.
package solver
