// Package search holds the search strategies and what they share: the objectives
// of a function (both sides of every source branch, the failing side of every
// run-time check, every explicit panic, and the function's entry), the
// execution tree, the coverage state, and the verdicts.
//
// Design:
//
//   - A Session owns the execution tree. Execute runs an input and merges its path
//     into the tree (one Node per branch instance; the side taken becomes
//     Feasible, the other side Impossible when the condition was constant, Bounded
//     when the instance lies beyond the loop bound). Flip asks the solver for an
//     input taking a given side after the node's prefix; the prefix constraints
//     are passed as assumptions, so an unsat answer comes with an unsat core, kept
//     as the side's Proof (the conflicting branch sides and their SMT-LIB2
//     formula).
//   - A Strategy only decides which sides to flip and in which order, all of them
//     from the concolic-strategies paper. DFS (§III) flips the branches of each new
//     suffix last first and explores each new suffix before backtracking. Eager
//     (§IV) flips them first to last, still exploring each new suffix at once.
//     Lookahead (§V) is Eager flipping only sides that may still lead to an
//     uncovered objective in the control-flow graph (Session.CanReachUncovered).
//     Else (§VI) makes only eager flips (uncovered side) going down a suffix and
//     guided hopeful flips backtracking up it. MTElse (§VII, TreeFrog §4) is Else
//     breadth-first: suffix treatments take turns, high priority while advancing,
//     low while backtracking; here scheduled deterministically on one solver.
//     From the reachability paper: PE (§2.2) is the path-exhaustive baseline,
//     DFS that explores every feasible path and does not stop at full coverage.
//     RG (§4) is DFS expanding a pending side only when it may reach an
//     uncovered important objective (all of them unless -important names
//     lines); RGCB (§5) adds conflict clauses learned from unsat cores
//     (Session.Conflicts), never sends a side violating one to the solver, and
//     backjumps to the latest pending decision of the core, postponing (not
//     dropping) the ones jumped over, so it stays complete.
//     A strategy may skip a side only when it cannot lead to an uncovered
//     objective, so all give the same verdicts and differ only in cost.
//   - Verdicts (verdicts.go): an uncovered objective is unreachable only when no
//     unfinished side of the tree (Unexplored, Bounded, Undecided, Cut) may lead to
//     it in the interprocedural control-flow graph: then every feasible path is in
//     the tree and none covers it. Its proof is the shortest conflict among the
//     infeasible sides that lead towards it. Otherwise it is unknown, with the
//     reason of an unfinished side (loop bound, solver timeout, search timeout).
//   - PM (pm.go, path-merged-symbolic-execution-branch-coverage.txt) sets the
//     engine's Merger: a run reaching the entry of a single-entry, single-exit,
//     loop-free region (small loop-free callees inlined; run-time checks only
//     when their failing side is constant false) executes every block of the
//     region under its guard, merges values at joins with ite on the edge guards
//     (stores become guarded stores), continues concretely from the exit, and
//     records one MergedRegion whose obligations are the guards of each branch
//     outcome inside (the obligation variables, expanded). Its branches are not
//     steps, so not flipped; the rest is DFS. After each path, the uncovered
//     obligations of its region instances, each under its own prefix (the steps
//     before the region), are solved as one disjunction; every model is run (the
//     run is the case, its coverage real) until the disjunction is unsatisfiable,
//     which refutes each of them on that instance. A region instance is keyed by
//     the tree side ending its prefix. An objective inside merged regions is
//     unreachable only when no unfinished side of the tree may lead to it and its
//     obligation was refuted in every instance holding it (pm_verdicts.go); the
//     proof is the disjunction of those refutations. Heuristic: a summary above
//     PM.Bound term nodes is undone and the region explored branch by branch;
//     Stats.Merges, Queries and AvgQueryMs report the outcome (merging pays on
//     long if-chains, WBS, and bit loops, GetSetBits; it makes queries larger).
//   - TreeFrog (treefrog.go, treefrog-exhaustive-branch-coverage.txt; the
//     default strategy) keeps MTelse's eager phase but consults the conflict
//     database before every flip, and learns a conflict from every refuted flip:
//     back-substitution (bisected) finds mis(p), deletion shrinks it to a core
//     (satisfiability checks, counted apart from solver calls); satisfiable
//     fragments are feasible sequences, reused to reach an uncovered branch
//     directly (§6); lemmas come from resolution on complementary constraints.
//     Conflicts are sets of constraint terms (conflicts.go): terms are
//     hash-consed over the inputs, so matching by term protects the def-use
//     links that §5.2 protects with extra branches. Instead of hopeful flips,
//     for each uncovered objective u and unexplored side b' that may lead to
//     it, suffixes from b' to u are enumerated depth first with forced
//     symbolic runs (engine.RunForced), pruned by conflicts, by the CFG and by
//     small fragment checks (§8); when that does not finish within a budget,
//     the suffix is merged instead (engine.RunForcedMerged, path merging from
//     b' on) and one query asks for all uncovered objectives beyond b' at once;
//     from then on sides go to merged queries first. A side all of whose
//     suffixes are refuted for u is recorded on its node (Node.Refuted, the
//     over-approximate conflict of §8.3, kept on the node so that it is applied
//     only to the state it was learnt in), and the verdicts count it as
//     refuted. When nothing settles a side, it is flipped hopefully, so the
//     search stays exhaustive. Cases that later cases cover entirely are
//     discarded (§9).
//   - The entry objective (outcome "entry", id "e<function>") is covered by
//     every run that completes, returning or panicking, whatever the
//     strategy: a branchless function still gets one case pinning its
//     behaviour. It is never unreachable (unknown when no run completes). When
//     every case panics, normalRun flips the unexplored ok sides of run-time
//     checks (no strategy aims at them: they are no objective) until a run
//     returns, and keep keeps that case too.
//   - Hopeful and eager flips are counted as in the papers: a flip is hopeful when
//     the side it aims at is already covered.
package search
