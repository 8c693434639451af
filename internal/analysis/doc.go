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
// # The default budget
//
// gen without -timeout gives each function DefaultBudget, 5 seconds (a
// whole module must end in minutes, not hours); bench and the tests that
// need exhaustive runs set their own (none, -timeout 0). The value is the
// knee of a measurement: gen on copies of google/shlex, path, dustin/
// go-humanize and strconv (the standard library's, its internal/strconv
// included, copied outside GOROOT; 141 functions analysed, 1852 distinct
// outcomes), with objectives decided once, at -p 2 on a 2-core machine
// whose load average was about 20 (so a function got about a quarter of a
// core: wall time per function is about four times its CPU time):
//
//	budget  decided (covered or unreachable)  wall    CPU
//	2s      1220 (65.9%)                      156s    26s
//	5s      1362 (73.5%)                      224s    66s
//	10s     1387 (74.9%)                      435s   110s
//	20s     1405 (75.9%)                      750s   187s
//	40s     1430 (77.2%)                     1311s   343s
//
// The re-check of the unreachable verdicts (recheck.go, package indep)
// has as much time again: a function costs at most about twice its budget
// (random functions reading a package state cvc5 was slow on ran for two
// minutes each under -timeout 5s before the re-check had a deadline).
//
// Beyond 5 seconds each doubling of the budget doubles the wall time and
// decides one more outcome in a hundred: the functions that run out of
// time (56 of 116 in strconv at 5s, 47 at 40s) keep running out, their
// open outcomes needing proofs (loops over strings of any length) rather
// than time. On an idle machine 5 seconds buys several times the CPU, past
// the knee. (github.com/pkg/errors was left out: the engine exhausts
// memory building a recursive interface input there, whatever the budget.)
// The corpus tool agrees (go run ./cmd/corpus -only go-humanize -j 1
// -verify-every 0): with callees' covered outcomes given as decided (the
// first design, "What deciding once changes"), go-humanize decided 106 of
// its 134 outcomes with gen taking 51 s at 5s, 110 in 83 s at 10s; as it
// is now, 110 in 53 s at 5s.
//
// # Objectives decided once
//
// The objectives of a function are the outcomes of its package's branches
// it may reach, its callees' included: a callee's outcome is an objective
// of every caller, and each caller would search it again. A run analyses a
// package's callees before their callers (Plan: the call graph of the
// targets, ir.Callees; the functions of a cycle side by side, taking
// nothing from one another), and gives each caller's search what its
// callees' analyses decided (Config.Given, search.Session.Give): the
// caller's search may end with those objectives open. One given as
// unreachable counts as covered for the strategies, so no side is flipped
// to reach it; one given as covered is still flipped towards until the
// caller's runs cover it, since those runs are how the caller reaches its
// own outcomes behind its callees' sides ("What deciding once changes").
// An objective given and not covered by the caller's own cases keeps the
// verdict its own function reached, with DecidedIn naming that function. What is given depends on
// the callees' results only, never on which analysis finished first, so
// the output is the same whatever -p.
//
// A covered outcome is always given: a test runs it. An unreachable one is
// given only when the proof holds in every caller (HoldsInCallers). A
// function's proof is relative to its own input domain and to the
// package's initial state, and a caller may call it outside both: it may
// write a package-level variable first, and pass arguments the callee's
// domain does not hold (two pointers to one object, a pointer into the
// package state, a value of a type the callee's interface inputs were not
// bounded to, one outside its precondition). The proof of an unreachable
// outcome holds for every call of the function G containing it when:
//
//   - G has no precondition, and its parameters are of types with no
//     reference in them (booleans, numbers, strings, arrays and structs of
//     them): every value a caller can pass is an input G's analysis
//     considered (strings of any length: a proof resting on the length
//     bound is unknown, never unreachable);
//   - neither G nor anything it may call uses a package-level variable of
//     any package: nothing a caller did before the call changes what G
//     does (natives are free variables in the proof: any value they return
//     is considered);
//   - the outcome lies in G's own body (not in a function G calls, which a
//     caller may call directly with other arguments, nor in a function
//     literal G makes, which a caller may call once G returns it).
//
// Then a run of any caller reaching the outcome reaches it in some call of
// G, with arguments in G's domain from a state G does not read: a run of G
// alone would reach it, which the proof excludes. Any other unreachable
// verdict of a callee is searched again by each caller (the regression
// test: a caller that sets a package variable and then calls a function
// whose branch on it is unreachable from the initial state covers it).
// The report counts each source outcome once per package with one verdict
// (package report, "Distinct outcomes"); an objective given as unreachable
// that a caller's own case covers would contradict the proof, and is said
// as loudly as a verdict the re-proof refutes.
//
// # What deciding once changes
//
// Without a budget it changes no verdict: TestDedupKeepsVerdicts analyses
// a package of calls (state set by a caller, proofs that hold in callers,
// run-time checks, a loop, a cycle, a method), TCAS and WBS twice, each
// caller searching everything and taking over what its callees decided,
// and compares every distinct outcome's verdict. What it saves is the
// search's end: a caller stops once its own objectives and the ones not
// given are decided, and never flips towards an outcome proved unreachable
// for every call. Measured on a copy of the standard library's path
// package (14 functions, 267 distinct outcomes, 557 objectives counted per
// function) at -p 1 on a loaded machine, outcomes decided and CPU time:
//
//	budget  per caller      given as decided    given, covered still flipped
//	5s      190, 8.0 s      186, 8.4 s          198, 9.2 s
//	20s     201, 28.8 s     194, 25.6 s         201, 24.8 s
//
// Giving covered outcomes as decided (no side flipped towards them, the
// first design) halved the solver calls at 20s (1885 to 1016), but
// path.Match then decided fewer of its own outcomes and of matchChunk's:
// the runs that flip its callees' sides are the ones that reach them. So a
// covered outcome stays a target of the caller until its runs cover it
// (callers took over 68 to 76 verdicts, against 148 to 167).
//
// # The re-proof
//
// With Recheck, every unreachable verdict is handed to package indep, an
// independent encoding of the whole function decided by cvc5 (recheck.go).
// A verdict re-proved there is marked so, and its smt2 becomes indep's
// script: the whole function as one formula, unsat by itself, where the
// engine's smt2 was the disjunction of its search's conflicts, whose
// completeness (every path towards the objective passes one of them) the
// formula does not state. The engine's conflict stays as the short
// explanation (Conflict); the script does not single it out. An objective
// no control-flow path reaches gets the control-flow graph's formula
// (cfg.NoPath). A verdict indep cannot decide, or whose script folded to a
// literal (assert false), has no formula that stands alone: the engine's
// disjunction (or a lemma's conflict) is unsat, but its exhaustiveness is
// the search's knowledge, and a proof that states no formula over the
// inputs (search.Branch.EngineFact: a condition constant on its paths,
// from constants, the package state and the bounds of the inputs; the
// function's single path; an obligation folded to false) asserts a value
// the engine computed. Such a verdict gets an invariant certificate when
// package invariant proves it (every iteration of every loop stated), the
// control-flow graph's formula when no path reaches it; otherwise it
// becomes unknown, "no proof over the inputs: ...", naming what the
// engine's proof rests on, why indep could not re-prove it and why no
// certificate was found. Without Recheck
// such a proof stays as the engine gives it. One its witness reaches is replayed by the
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
// gen -prove-first tries the abstract interpretation's half of those
// proofs before the search (Config.ProveFirst, provefirst.go): for a
// function with a loop, every objective, with a fifth of the budget taken
// from the search's; the outcomes its invariants exclude and whose
// certificate cvc5 checks are settled in the session
// (search.Session.Settle): no strategy searches a path to them. A run that
// reaches a settled outcome anyway covers it, and the result says the
// proof was wrong. Spacer waits for the proofs after the search. It is off
// by default: measured side by side on the corpus's strconv, unicode/utf8,
// path and encoding/hex at the 5 s default (one run each, under load),
// unicode/utf8 gained 4 outcomes, hex and path none, strconv lost 17 of
// 388 (its quote functions inline unicode's tables: the proofs there take
// the fifth and settle nothing), 971 → 958 decided in all, while the
// unreachable verdicts checked independently went 66 → 79; on encoding/hex.Decode alone
// (run-time checks in a loop over a slice) it leaves 1 outcome unknown of
// 7. Proving after a first phase of the search, on what it left open,
// would cost nothing where the search decides everything; not built. The
// re-proof leaves alone what a certificate settled: it was checked, for
// every length.
//
// # The adaptive size bound
//
// Inputs are bounded (Config.MaxLen, -maxlen: elements of a string, slice
// or map, levels of a recursive input, answers of a stub), and a
// refutation that needs the bound proves nothing: its outcome is unknown,
// "input length bounded at 8" (search.Branch.Bound says which bound).
// When the search ends with such outcomes and time left, the analysis
// searches the function again under a bound twice as large, up to
// Config.MaxLenRaise (-maxlen-raise), as ExploreLoops raises loop bounds
// (lengths.go). First the invariant proofs try those outcomes: they need
// no bound, and an outcome unreachable for every length gains nothing
// from a larger one (Sum's b[i] under i < len(b)). The raised search
// cannot reuse the tree: its terms describe inputs within the smaller
// bound only (a read beyond the slots is a fresh value, a summary beyond
// them a postcondition, and a refutation that excludes longer inputs
// holds the bound). So it builds a new engine and session on the same
// deadline, replays the inputs of the cases so far (what was covered
// stays covered, without a solver call), and explores afresh. A verdict
// the search before reached as unreachable stays so if the raised search
// leaves it open (an unreachable verdict never needs the bound). Every
// refutation that needs the raised bound keeps its outcome unknown, the
// reason naming it ("input length bounded at 32"). The search's models
// are shrunk towards zero, lengths included, so the case of
// len(s) > 20 && s[20] == 'x' has 21 bytes.
//
// A function the bound keeps nothing open of is searched once, as
// before: its verdicts, cases and costs do not change (the bench: TCAS,
// WBS, paper and shapes give the same verdicts and solver calls under
// every strategy). A raised one costs a search per doubling, each larger
// than the last (every symbolic index reads through MaxLen slots).
//
// The cap, 32, is the knee of a measurement: gen -timeout 10s -recheck=
// false -p 2 on the functions of the corpus whose outcomes the bound kept
// open (copies of google/uuid v1.6.0: FromBytes, UnmarshalBinary twice,
// encodeHex; golang.org/x/mod/semver: Build, Canonical, IsValid, Major,
// MajorMinor, Prerelease, parse; hashicorp/go-version v1.9.0: Segments,
// Constraints.Equals), on a 2-core machine at a load average of 35.
// Distinct outcomes decided, unknown outcomes (per function) naming the
// length bound, solver calls:
//
//	cap         uuid (18)      x/mod/semver (171)  go-version (129)
//	none        8, 12, 10      127, 36, 871        6, 122, 26
//	16          15, 3, 14      127, 0, 677         6, 122, 65
//	32          18, 0, 19      127, 0, 590         6, 122, 136
//	64          18, 0, 19      127, 0, 628         6, 122, 196
//
// uuid's 16-byte inputs need 16, its hex buffer 32; semver's outcomes
// the bound kept open become timeouts (the raised search starts but does
// not finish in the budget; nothing decided is lost, the replayed cases
// keep it); go-version's are index checks in loops over a field's
// slice, which hold for every length but that no bound settles and the
// invariant proofs do not reach: pure cost, growing with the cap (26,
// 65, 136, 196 calls). 64 decides nothing 32 does not. Wall time moved
// within the machine's noise (uuid 34 s, 41 s, 41 s, 27 s for the four
// rows). On whole modules at the 5 s default budget and that load
// (google/shlex, joho/godotenv, iancoleman/strcase: 822 unknown outcomes
// per function, all timeouts) the bound keeps nothing open and the
// search is never raised.
//
// # Strategies by name
//
// The command line names strategies; Strategy and StrategyNames are the one
// table of those names. Config holds the strategy itself, so a test can run
// one the table does not know.
package analysis
