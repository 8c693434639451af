// Package bench compares the search strategies on the same functions, as
// leapfrog bench does: it runs each strategy through analysis.Analyze (the
// configuration gen uses, the strategy and the budget per run set by the
// comparison), averages the cost figures over repeated runs, lists the
// branches whose verdicts differ, and writes the papers' cost tables.
//
// # Comparing
//
// Compare runs every strategy Runs times on a function. Each run gets its own
// budget. A strategy whose run spent it (its time reached
// analysis.SearchBudget of the budget, or an objective is open for a timeout)
// is marked timed out: its costs are lower bounds and its verdicts are left
// out of the comparison, since an open objective is no disagreement. The
// verdicts of every run of every other strategy must be the same, branch by
// branch; Differences lists those that are not, with who said what.
//
// # Tables
//
// A Function's table has a row per strategy with the mean cases, discarded
// cases, solver calls, eager and hopeful flips, satisfiability checks,
// conflicts, infeasible paths, paths and time; when pe, rg or rgcb is among
// the strategies it adds the columns of the reachability paper's Tables 2
// and 3 (blocked flips, largest backjump, conflict clauses).
//
// # The synthetic series
//
// Scale generates functions of growing size with the bench module's
// generator (synth, in a copy of the module: nothing is written where the
// module lives), compares the strategies on each, and writes a row per size
// and strategy with the least wall and CPU time over the runs and the ratio
// to the previous size: how each strategy's cost grows.
//
// The JSON report (Report) holds every comparison with the report of each
// strategy's first run.
package bench
