// Package report defines the data model of leapfrog's results, what -json
// writes (schema: docs/report.schema.json): the tool's version and flags, the
// packages matched with their totals, per function analysed the verdict of
// every objective with its case, reason or proof, the cases and the
// statistics named like the papers' table columns, and the functions
// rejected with the reason.
//
// # Schema only
//
// It is the JSON schema and nothing else: it imports no other package of
// leapfrog, and none of its fields is hidden from the JSON. The analysis
// has its own result (search.Result: verdicts, cases with their values as
// engine.Value trees, costs), which the emitter reads; one conversion at
// the end (search.Result.Report, given the cases' values rendered as Go
// literals) makes a Function of it.
//
// # Finished reports, merged shards
//
// A report is finished (Finish) before it is written: canonical order
// (packages by path, functions by package, file and line), totals computed
// from the functions, no null list. Decode reads a report strictly.
//
// # Distinct outcomes
//
// A callee's branch is an objective of every analysed function calling it,
// so the functions' objectives count a source outcome once per caller. The
// totals count distinct source outcomes (Outcomes): each (position,
// outcome) of a package once, with one verdict over the functions that
// have it (Decide): covered when some function's case covers it;
// unreachable when a proof that holds in every caller says so
// (Branch.HoldsInCallers: the function containing it depends on its
// arguments alone) or when every function proved it from its own inputs;
// unknown otherwise, since a function may reach it from the package state
// it sets or the arguments it passes. Totals.PerFunction keeps the sums of
// the functions' own views beside them. The HTML report colours its marks
// by the same rule.
//
// # Merging shards
//
// Merge joins the reports of the shards of one run into the report of the
// whole run. The distinct outcomes are counted after the merge, from the
// functions, so the totals are those of a run without shards. The bytes
// are too, unless a function and a function it calls fell into different
// shards: the caller's shard cannot take over the callee's verdicts
// (internal/analysis, "Objectives decided once") and searches those
// outcomes itself, so the caller's own view may differ (a verdict its own
// where the whole run has it decided in the callee, or unknown where its
// budget ran out); its outcomes' package verdicts do not.
package report
