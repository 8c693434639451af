// Package solvertest holds helpers for testing solvers and their users.
//
// # A brute-force solver
//
// Brute is a solver.Solver that decides a query by enumerating every assignment of
// its variables, up to MaxBits bits in all (Unknown beyond). It shares no code with
// the Z3 backend except expr's operator semantics (expr.Apply, expr.Extend, and
// expr.Eval, which confirms every model it finds), so it is an independent second
// opinion on unsat answers: plug it into solver.Validating as the factory, or
// compare answers query by query. Its cores are all the assumptions: valid, not
// minimal.
//
// # Random terms
//
// Gen builds random well-sorted terms over given variables, covering every
// operator, for differential tests (Z3 against Brute, compiled evaluator against
// expr.Eval, strategies against each other).
package solvertest
