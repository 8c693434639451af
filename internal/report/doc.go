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
// from the functions, no null list. Merge joins the reports of the shards of
// one run into the report of the whole run, the same bytes as a run without
// shards would write. Decode reads a report strictly.
package report
