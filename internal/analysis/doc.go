// Package analysis is the one way to analyse a function: Analyze takes a
// lowered function, a configuration and a context, and returns the function's
// report, every branch outcome with its verdict. The command line (gen,
// bench), the bench package and the tests that mean "analyse this function
// as a user would" all call it, so what the tests check is the configuration
// users get.
//
// # The pipeline
//
// An analysis owns everything it builds, and shares nothing with another but
// the read-only IR: one expression builder, one engine, one solver chain (a
// chain per worker for a parallel mtelse; Z3 contexts are not thread-safe),
// one search session. Analyze builds them in this order:
//
//   - the solver chain, from solver.NewChain: Z3 bounded by the per-query
//     timeout and by the analysis' deadline, wrapped in the validating
//     decorator when the configuration asks for validation (the first wrong
//     answer fails the analysis);
//   - the engine, with the loop bound, the input size bound, the target's
//     precondition (//leapfrog:assume) and its loop directives
//     (//leapfrog:kbound, //leapfrog:models; loops.go), a directive naming a
//     loop or a variable that does not exist being an error;
//   - the session, with the seed of the first input and the progress callback;
//     with -important lines, an error when none holds a branch.
//
// It then runs the strategy through search.ExploreLoops (which raises loop
// bounds and infers loop models as configured), builds the report, adds the
// loops' warnings, the precondition's text and the package-level variables
// the emitted tests must save and restore, and marks the objectives
// -important left untargeted.
//
// # One clock
//
// A function's time budget is the deadline of the context given to Analyze
// (callers make it with WithBudget from -timeout). Analyze reads it once and
// derives the one instant everything stops at: SearchBudget of the time left,
// a twelfth early, because Z3 notices its timeout tens of milliseconds late
// (hundreds on a loaded machine) and the report takes a moment, and a tenth
// (ProofShare) before that, the time of the invariant proofs. The session
// stops the search at that instant, the engine abandons a run still going (a
// single run over large symbolic data can outlast the budget), and every Z3
// query gets at most what is left of it. Bench uses SearchBudget too, to tell
// a run that spent its budget.
//
// # The re-proof
//
// With Recheck, every unreachable verdict is handed to package indep, an
// independent encoding of the whole function decided by cvc5 (recheck.go).
// A verdict re-proved there is marked so; one it cannot decide keeps the
// engine's proof with the reason; one its witness reaches is replayed by the
// engine: when the replay reaches the objective the engine was wrong, the run
// becomes a case and the verdict covered, and Result.EngineWrong says so for
// the caller to print loudly; when it does not, the two encodings disagree
// and the verdict becomes unknown.
//
// # Proofs for inputs of every length
//
// After the re-proof (whether or not it runs), the outcomes still unknown
// for a loop or length bound, a size made concrete or a timeout go to
// package invariant (invariants.go), which proves what it can unreachable
// for inputs of every length with an inductive invariant at each loop
// header, checked by cvc5; a proved outcome becomes unreachable, checked
// independently, the certificate its formula. The proofs stop at the end
// of ProofShare.
//
// # Strategies by name
//
// The command line names strategies; Strategy and StrategyNames are the one
// table of those names. Config holds the strategy itself, so a test can run
// one the table does not know.
package analysis
