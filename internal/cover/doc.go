// doc.go: package documentation.

// Package cover measures the branch coverage of a package by its own tests
// (leapfrog cover): for every objective gen lists, whether the tests take
// it, and which.
//
// # The outcomes
//
// The outcome list is gen's: the objectives of the lowering (search
// Objectives), with the same ids, positions and outcome names, so that
// cover's report and gen's join on position and outcome. Each function
// lists its own objectives and its function literals'; the other
// functions of the package it calls are listed under their own names (gen
// lists them under every caller, since its cases are per function). A
// function the lowering rejects has no objectives: it is reported
// rejected, as gen does.
//
// # Recording
//
// cover reuses -verify's instrumenter (verify.Instrument) rather than a
// second one: the package is instrumented in a copy of its module, every
// condition site, function entry and panic passing through a function
// recorded to the file $LEAPFROG_REC names, and the records are matched
// with the objectives as -verify matches claims (verify.Instrumented
// Checkable and verify.Seen Took): branch outcomes and entries by
// position, panics by kind and line. A panic a function recovers itself
// is recorded too, where its deferred function recovers it
// (verify.InstrumentOptions.Recovered): its objective was taken. An
// objective the instrumenter cannot
// match (a skipped declaration, a position that is no site) is unchecked,
// with the reason, never "not covered".
//
// # Tests by name
//
// The test binary is built once (go test -c, with the build flags given),
// its tests listed (-test.list: tests, fuzz targets, whose seed corpus
// runs as a test, and examples with output), and each top-level test run
// in a process of its own with its own record file. The alternatives were
// a recorder keyed by the running test's name, which Go does not expose to
// the code under test (a stack walk would miss the goroutines a test
// starts and cost a walk per record), or TestMain, which runs all tests in
// one m.Run. A process per test is exact whatever the test does
// (goroutines, t.Parallel, subtests: a subtest counts for its top-level
// test), costs one process start per test, and runs the tests one after
// another as go test does within a package; a test that depends on
// another having run before it in the same process is the one case it
// changes. A failing test still covers what it ran; the report says it
// failed.
//
// # What it agrees with
//
// The tests check cover against go test -coverprofile on the same tests:
// an outcome a test takes lies in a statement block that ran; a block that
// ran and evaluates conditions has an outcome taken; the body of an if or
// a case runs exactly when the outcome entering it is taken. Statement
// coverage cannot see everything cover does: a later operand of || made
// true when the body ran anyway, a case's later value.
package cover
