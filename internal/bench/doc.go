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
// # The papers' tables
//
// Paper (bench -paper) prints each table of the papers with, under each of
// the paper's rows, leapfrog's figures for the same program and strategy of
// the bench module, measured in the same run: every function once per
// configuration, with every strategy its rows name, through Compare. The
// papers' figures are data (papers.go), copied with the place they come
// from; a row whose program the module does not hold says so. Each column
// is defined per paper (README, "The papers' tables"); paperCell maps
// leapfrog's counters to it, and panics on a column it does not know.
//
// The papers count branches, not objectives. CountAsPapers reconstructs
// their rule from the program itself: leapfrog's two-sided objectives, less
// the entry and the run-time checks' panics, plus two branches per
// comparison used as a value (found in the source: any comparison that is
// not an if, for or case condition nor an operand of && or ||, through
// parentheses and !) and the if-chain a lookup in a constant-length table
// by a variable index stands for (found in the IR: an index check against a
// constant length). On TCAS this gives the papers' 80 from leapfrog's 66.
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
