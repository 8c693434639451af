// Package testutil holds helpers shared by the tests of several packages: the
// bundled bench programs (testdata/bench, a copy of the benchmark module the
// papers' numbers refer to) copied into a temporary directory, so that no test
// reads outside the repository or writes into the source tree.
package testutil
