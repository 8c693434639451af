// Package testutil holds what the tests of several packages share: golden
// files, and copies of the bench programs.
//
// # Golden files
//
// A golden test reads a txtar archive of testdata: the sections it takes as
// input (a program, the names to analyse, flags) and the sections it
// produces (a printed program, verdicts, an emitted test). Golden.Check
// compares the produced sections with the archive's and reports each one
// that differs as a unified diff (go-internal's), so that one inserted line
// shows as one line. Every test binary that imports this package has the
// -update flag: Check then rewrites the produced sections in place instead
// of comparing, and a test run with -update on unchanged code leaves every
// archive byte for byte as it was. A reviewer reads what -update changed
// with git diff.
//
// # The bench programs
//
// testdata/bench is a copy of the benchmark module the papers' numbers
// refer to, a module of its own. BenchCopy copies it into a temporary
// directory, so that no test reads outside the repository or writes into
// the source tree.
package testutil
