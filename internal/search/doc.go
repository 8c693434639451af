// Package search holds the search strategies and what they share: the
// objectives of a function (both sides of every source branch, the failing
// side of every run-time check, every explicit panic, and the function's
// entry), the execution tree, the coverage state, and the verdicts.
//
// # The tree
//
// A Session owns the execution tree. Execute runs an input and merges its
// path into the tree (one Node per branch instance; the side taken becomes
// Feasible, the other side Impossible when the condition was constant,
// Bounded when the instance lies beyond the loop bound). Flip asks the solver
// for an input taking a given side after the node's prefix; the prefix
// constraints are passed as assumptions, so an unsat answer comes with an
// unsat core, kept as the side's Proof (the conflicting branch sides and
// their SMT-LIB2 formula).
//
// # Strategies
//
// A Strategy only decides which sides to flip and in which order, all of them
// from the concolic-strategies paper. DFS (§III) flips the branches of each
// new suffix last first and explores each new suffix before backtracking.
// Eager (§IV) flips them first to last, still exploring each new suffix at
// once. Lookahead (§V) is Eager flipping only sides that may still lead to an
// uncovered objective in the control-flow graph (Session.CanReachUncovered).
// Else (§VI) makes only eager flips (uncovered side) going down a suffix and
// guided hopeful flips backtracking up it. MTElse (§VII, TreeFrog §4) is Else
// breadth-first: suffix treatments take turns, high priority while advancing,
// low while backtracking; here scheduled deterministically on one solver.
// From the reachability paper: PE (§2.2) is the path-exhaustive baseline, DFS
// that explores every feasible path and does not stop at full coverage. RG
// (§4) is DFS expanding a pending side only when it may reach an uncovered
// important objective (all of them unless -important names lines); RGCB (§5)
// adds conflict clauses learned from unsat cores (Session.Conflicts), never
// sends a side violating one to the solver, and backjumps to the latest
// pending decision of the core, postponing (not dropping) the ones jumped
// over, so it stays complete. A strategy may skip a side only when it cannot
// lead to an uncovered objective, so all give the same verdicts and differ
// only in cost.
//
// # Verdicts
//
// An uncovered objective is unreachable only when no unfinished side of the
// tree (Unexplored, Bounded, Undecided, Cut) may lead to it in the
// interprocedural control-flow graph: then every feasible path is in the tree
// and none covers it. Its proof is the disjunction of the distinct conflicts
// refuting the sides that lead towards it (each unsatisfiable); a verdict
// resting on a condition that is constant on its paths gives that
// condition's formula instead, which names the constant the engine
// computed (Branch.EngineFact says so: the re-proof of internal/analysis
// replaces it or withdraws the verdict). Otherwise it is unknown, with the reason of an
// unfinished side (loop bound, solver timeout, search timeout; a refutation
// needing a bound of the input domain: "input length bounded at N",
// "interface inputs bounded to the dynamic types a test can construct",
// "inputs of opaque types ... bounded to their zero value"). A side taken
// by a run that was aborted (a fatal error: a deadlock, an unlock of an
// unlocked mutex; the deadline) is feasible, yet no case covers it: its
// objective is unknown with the run's reason, never unreachable. The
// graph over-approximates: a call, an interface method call, a call through a
// function value and the deferred calls run (ir.Targets) enter every function
// they may; a panic may run any deferred call, a deferred call the next one,
// and one that recovers makes its function return to its callers. The
// objectives are those of the function and of every function it may so call
// (Callees); an explicit panic a deferred call recovered is covered by the
// run.
//
// # The conflict shown
//
// The conflict a verdict shows is one its proof uses. For a disjunction of
// conflicts (dfs and the strategies like it, TreeFrog's refuted subtrees,
// PM's refuted obligations) it is one of the disjuncts, read as the branch
// sides that carried its terms: those its proof recorded, or, for a core
// recorded as terms alone, sides of the tree or of the conflict database
// carrying the very same terms (terms are hash-consed, so a side carrying
// one carries exactly that constraint). Among the disjuncts it is the first
// of those holding the objective's own side (the reason its condition
// cannot take that direction), then those holding the other side of its
// branch, then the rest, the fewest sides first, then the earliest. The
// proof's header lists every disjunct's sides in the formula's order and
// marks the one shown (shown.go). For the whole-function encoding the proof
// is the objective's obligation; the conflict a reaching path learned is
// shown only when each of its constraints occurs in that obligation, the
// objective's side alone otherwise. A constant condition's proof shows that
// condition's side.
//
// # Objectives given by other analyses
//
// An outcome another function's analysis decided (a callee's:
// internal/analysis chooses them) can be given to the session before the
// search (given.go). The search may end with its objectives open
// (AllCovered does not wait for them). One given as covered is still a
// target of the strategies until a run covers it: flipping a callee's
// sides is how a caller's search reaches its own outcomes behind them, and
// without those flips Match in the standard library's path decided fewer
// of its own. One given as unreachable (a proof holding in every caller)
// counts as covered for every strategy (coveredBy holds a stand-in case):
// no side is flipped to reach it. A run that takes a given objective
// covers it, and the result gives the session's own case when a kept one
// does, else the verdict given, with the function that decided it.
//
// The package's own tests (gen completing them) give outcomes too, the
// entry among them: covered, with the tests named. These are not targets
// (coveredBy holds the stand-in case, as for a given unreachable one), no
// case is kept for them (keep counts them as had, and a function they
// cover entirely keeps none), and their verdict is their tests' even when
// a kept case covers them as well. A run is real: should the tree refute
// one anyway, the result keeps it covered and warns "ENGINE WAS WRONG".
//
// # The result
//
// Session.Result gathers the verdicts, the cases (kept ones first, each
// with its inputs and outputs as engine.Value trees and whether it
// panicked) and the costs into a Result; the analysis completes it
// (warnings, globals, precondition, the re-proof's checks), the emitter
// reads it, and Result.Report converts it, once, to the JSON report's form.
//
// # Readable cases
//
// The search shrinks each flip's model by evaluation, one variable at a
// time (shrink.go): cheap, and the paths it explores, so the solver calls
// the papers' tables count, depend on it. Once the search is over, Result
// makes the kept cases readable (minimise.go): each case's input is
// minimised jointly under its whole path condition, by evaluation to a
// fixpoint (single variables, then pairs sharing a constraint), then, when
// an integer is still large, with the solver asked for models with every
// integer within ±2^k (counted apart: Stats.MinimiseChecks); the inputs no
// branch reads get their best value. A case takes the smaller input only
// when the run on it takes exactly the steps the case took, so it covers
// the same objectives and the verdicts cannot move. Each kept case is
// named after the first objective it covered, in the source's words
// (casenames.go, from Config.SourceDir): "a+b <= c", "a != b",
// "t[i] panics: index out of range"; stable across runs, unique in its test
// (a repeated name gets its objective's line).
//
// # PM
//
// PM (the path-merging paper) sets the engine's Merger: a run reaching the
// entry of a single-entry, single-exit, loop-free region (small loop-free
// callees inlined; run-time checks only when their failing side is constant
// false) executes every block of the region under its guard, merges values at
// joins with ite on the edge guards (stores become guarded stores), continues
// concretely from the exit, and records one MergedRegion whose obligations
// are the guards of each branch outcome inside (the obligation variables,
// expanded). Its branches are not steps, so not flipped; the rest is DFS.
// After each path, the uncovered obligations of its region instances, each
// under its own prefix (the steps before the region), are solved as one
// disjunction; every model is run (the run is the case, its coverage real)
// until the disjunction is unsatisfiable, which refutes each of them on that
// instance. A region instance is keyed by the tree side ending its prefix. An
// objective inside merged regions is unreachable only when no unfinished side
// of the tree may lead to it and its obligation was refuted in every instance
// holding it; the proof is the disjunction of those refutations, or, when
// constant conditions made every obligation false (engine.Obligation.Const:
// the branches of blocks a constant condition keeps the region from entering,
// their callees' included), that condition's formula as for dfs. Heuristic: a
// summary above PM.Bound term nodes is undone and the region explored branch
// by branch; Stats.Merges, Queries and AvgQueryMs report the outcome (merging
// pays on long if-chains, WBS, and bit loops, GetSetBits; it makes queries
// larger).
//
// # TreeFrog
//
// Three strategies share this section. Whole (whole.go, auto.go) is the
// whole-function encoding: a forced merged run from the entry
// (engine.RunForcedMerged, no forced step). When it records no step (the
// function and its callees are loop-free, no run-time check or panic can
// happen inside a region, no summary exceeds the bound), each objective's
// obligation holds exactly for the inputs that take it, and the objectives
// are settled on them: one round per case, whose first check (the round's
// solver call) asks for the first open obligation and whose later checks keep
// adding the open obligations consistent with those kept (greedy packing, a
// scope per round, at most maxRoundFailures failed checks); an obligation
// unsatisfiable on its own refutes its objective, with the obligation as the
// proof (Session.decideWhole; the verdict rests on the encoding being exact,
// not on the tree). Where it does not apply, Whole runs PM. Auto, the
// default, chooses by the function's shape: Whole's encoding where it
// applies, TreeFrog otherwise; the result names the strategy that decided
// (Session.decidedBy, Result.Strategy).
//
// TreeFrog (the TreeFrog paper) is the conflict-learning search on every
// function. It keeps MTelse's eager phase but consults the conflict
// database before every flip, and learns from every refuted flip, from its
// whole prefix rather than the solver's core (§5.1): back-substitution from
// the last constraint backwards finds mis(p), every satisfiable fragment
// becoming a feasible sequence (§6), and deletion from either end shrinks
// mis(p) to one or two minimal cores. Lemmas (§5.3, treefrog_lemmas.go):
// resolution on complementary constraints (the path-cover rule, which needs
// no condition on paths for terms); a conflict with a side whose constraint
// is the same on every path (a condition over the parameters alone)
// propagates to the objectives that side dominates, refuting them from any
// prefix holding its other terms; and a conflict all of whose sides are so
// and dominate an objective proves it unreachable. Feasible sequences (§6)
// are reused twice: a fragment back-substitution meets that lies within a
// memorised sequence is known satisfiable and not checked (satCheck); and a
// sequence ending at the only uncovered target u of a side, starting at the
// side or at a branch after it, is reused at that side once mapped onto its
// prefix (treefrog_feasible.go): a guided run takes the sequence's sides
// after the prefix, and the constraints it records there, not the learnt
// ones, join the prefix in one query. Satisfiability checks use a solver of
// their own (Config.NewChecker, Session.Checker) incrementally (the
// conjuncts as assumptions), apart from the one whose models the search's
// queries get: Z3's answers depend on what it decided before, and the checks
// learning makes or spares must not change the cases. They are counted apart
// from solver calls. Conflicts are sets of constraint terms:
// terms are hash-consed over the inputs, so matching by term protects the
// def-use links that §5.2 protects with extra branches.
//
// Instead of hopeful flips (§8), each unexplored side b' that may lead to
// uncovered objectives is enumerated towards them, shallowest sides first,
// by explicit skeletons (treefrog_skeleton.go): a walk of the CFG from b'
// over the blocks that can reach a target u keeps the branch sides a path
// has no choice but to take (the other side cannot reach u, or completes
// a known conflict with the prefix and the skeleton so far), so that every
// CFG path to u lies in the class of some skeleton, and a skeleton closing
// a conflict or a lemma is refuted without a query. The suffix after b' is
// executed merged (engine.RunForcedMerged), which gives each side beyond
// b' its obligation over the inputs; each skeleton is checked alone
// (back-substitution of its constraints and obligations, satisfiability
// checks), then sent as one query with the prefix. Sat: its model is run
// and covers u. When every skeleton is refuted, one check of the prefix and
// u's obligation proves that no path through b' reaches u: the side is
// recorded as refuted on its node (Node.Refuted, the §8.3 conflict: the
// prefix sides the core needs, b' and u) and as an over-approximate
// conflict keyed by the engine's state number at b' (engine.States).
//
// Skeletons need the whole suffix merged (no loop or failing check after
// b') and b' and u in the function itself. Elsewhere suffixes are
// enumerated with guided runs, deepest sides first, engine decisions after
// the branches and shallowest first (deep decisions are the links of a
// recursion through an input, each level's enumeration repeating the
// levels below), each side first checked satisfiable with its prefix (an
// unsatisfiable one is infeasible, its core the proof: the guided runs
// choose by known conflicts, not by the solver, and would otherwise run
// every suffix beyond it) (treefrog_suffix.go):
// guided runs (engine.RunGuided) take the prefix and b', then at each branch
// instance a side that may still reach a target, does not complete a known
// conflict with the constraints so far, and is not refuted by an
// over-approximate conflict; a branch where only one side qualifies is the
// skeleton's, one where both do leaves the other for a later run, so each
// run fleshes out one whole suffix. Under pure TreeFrog, engine decisions
// are branch instances like the others: an interface input's dynamic type is a chain of
// decisions "the tag is k" (ifaces.go), each with its constraint, and a
// fact of the input domain met on the way (a stub's answer, an input made
// on first use, their bounds) is a side every input takes, its constraint
// one of the suffix's (a bound's: a refutation whose cores hold it proves
// nothing). At a target, the suffix's own
// constraints are back-substituted (satisfiability checks), then one solver
// call with the prefix asks for a test. When every suffix is refuted for a
// target, the side is refuted for it as above, and every side the
// enumeration took becomes an over-approximate conflict for its state.
// A suffix the enumeration cannot go on with (a loop past its bound, a
// run the engine abandons, such as a dispatch past an interface input's
// last candidate) is refuted by the conflict learnt from its check's core
// when unsatisfiable; otherwise
// the targets beyond it are left undecided (still aimed at by the other
// suffixes), and, when targets stay open, that suffix fleshed out as far
// as it goes is one query whose run goes on into the tree, so that its new
// sides are enumerated in turn (DFS's view of the same path). When the
// enumeration exceeds its budget, the suffix is merged and one
// query asks for every target beyond b'; when it settles nothing, the
// shallowest suffix the enumeration left pending (nearest b', no known
// conflict, a target beyond) is one more query, whose run goes on into
// the tree in the same way (a depth-first enumeration spends its budget
// deep in one subtree, never coming back to the alternatives near b').
// A side still open then stays
// undecided with the reason: pure TreeFrog makes no hopeful flip (Auto's
// TreeFrog stops its guided runs at decisions and flips hopefully). Queries
// towards targets are counted as target queries, neither eager nor hopeful.
// Auto's TreeFrog keeps the guided enumeration, the merged query and, when
// they leave a side open, a hopeful flip. Cases that later cases cover
// entirely are discarded (§9).
//
// # The entry objective
//
// The entry objective (outcome "entry", id "e<function>") is covered by every
// run that completes, returning or panicking, whatever the strategy: a
// branchless function still gets one case pinning its behaviour. It is never
// unreachable (unknown when no run completes). When every case panics,
// normalRun flips the unexplored ok sides of run-time checks (no strategy
// aims at them: they are no objective) until a run returns, and keep keeps
// that case too.
//
// # Counting flips
//
// Hopeful and eager flips are counted as in the papers: a flip is hopeful
// when the side it aims at is already covered.
//
// # Preconditions
//
// A precondition is TreeFrog's test context (§3). Every strategy starts with
// Session.First, which runs the initial input and, when it violates the
// precondition, makes one solver call (counted, neither eager nor hopeful)
// for the Precondition step's other side after the inputs' domain facts,
// and runs the solution. A violated Precondition step leaves its other side
// open (it is the domain); a satisfied one marks its other side Excluded (no
// input); one that is the constant false on its prefix (the precondition
// panics or returns false there) marks it Impossible, a constant condition
// like any. With the engine's exact formula the step is the first
// constraint of every path after the domain facts, so every query of every
// strategy assumes it, and the whole-function encoding (whole.go) forces it
// and passes it as an assumption of every check. Run branch by branch, the
// precondition's steps come before it: they cover no objective (a helper
// both call is covered by the function's calls only) and pm queries no
// obligation of theirs. A refutation whose conflict holds the precondition
// (its step, or a branch of a function only it calls) gives a verdict that
// reads "under the precondition".
package search
