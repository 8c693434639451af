// Package z3 is the Z3 backend of the solver chain: a thin cgo layer over the
// system libz3 (Debian libz3-dev, linked with -lz3).
//
// # One context per Solver, one goroutine per Solver
//
// Each Solver owns a Z3 context created with Z3_mk_context_rc and one Z3 solver in
// it. Z3 contexts are not thread-safe, and everything built in a context (ASTs,
// sorts, models) belongs to it, so a Solver must be used by one goroutine at a time;
// parallel search strategies give every worker its own Solver. Different Solvers in
// different goroutines are independent. A Solver must be closed: Close releases
// every reference it holds and deletes the context.
//
// # Translation and reference counting
//
// Terms are translated bottom-up to Z3 ASTs and cached per Solver keyed by the term
// (hash-consed terms of one expr.Builder: the pointer and the ID identify the same
// term). In a reference-counting context a fresh AST survives only until the next
// API call, so every AST is referenced as soon as it is made; the cache owns one
// reference per entry and gives them back in Close. Z3 hash-conses ASTs too, so a
// term reached twice is one AST. OpExtract keeps the low Width bits of its operand,
// OpZExt/OpSExt extend to Width, OpAnd/OpOr are n-ary. Widths above 64 are rejected
// (models are uint64).
//
// # Assumptions and indicators
//
// Z3_solver_check_assumptions only accepts boolean constants and their negations.
// A bool variable (or its negation) is passed as is. Any other assumption t gets an
// indicator: a fresh boolean constant p (named leapfrog!assume!N, a prefix callers'
// variables must not use) with (=> p t) asserted at the current scope, and p is
// assumed instead. The indicator is remembered per scope and reused by later checks
// at that depth or deeper; Pop forgets the indicators created in the popped scope,
// whose implications Z3 drops with it. When p is not assumed it is unconstrained,
// so indicators never change the meaning of the assertions. They do cost: every
// later check at that depth carries the definitions of all of them, so check
// flips inside a Push/Pop of the prefix (as the engine does) rather than with
// many distinct non-literal assumptions in one long-lived scope. The unsat core Z3
// returns is a set of literals; each is mapped back to the caller's assumption
// terms (the same pointers, in the caller's order).
//
// # Errors and timeouts
//
// Z3's default error handler exits the process. Every context installs a Go
// callback instead that records the message; the Solver method that made the call
// turns it into an Unknown answer whose Reason is the message. A term Z3 rejects in
// Assert makes every Check answer Unknown until its scope is popped. New(timeout)
// sets the solver parameter "rlimit", Z3's count of its own work, to the
// budget's worth of work (workLimit), and the parameter "timeout" (in ms) to
// a backstop far behind it (wallLimit); an expired check answers Unknown with
// Reason "timeout", and the Solver stays usable. A budget in work, not in
// time, makes the answers the same on a loaded machine as on an idle one. The parameter ctrl_c is
// switched off so that Z3 never installs a SIGINT handler of its own.
//
// A deadline (SetDeadline: the budget of a whole search) never changes that
// parameter: Z3 answers a satisfiable query with another model under another
// timeout value, so lowering it to the time left made a budgeted run's cases
// depend on when each query started. A check that could outlast the deadline
// is interrupted when the deadline comes (Z3_interrupt, repeated until the
// check returns, since a check clears an interrupt that precedes it), and its
// answer is then Unknown with Reason "timeout" whatever Z3 returned.
//
// # Models
//
// Model evaluates, with model completion, every variable occurring in the
// assertions in scope and in the last assumptions (never indicators):
// Z3_get_numeral_uint64 for bit-vectors, Z3_get_bool_value for bools.
package z3
