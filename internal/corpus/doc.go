// Package corpus measures leapfrog on code it was not written for: a pinned
// list of public modules and copies of standard-library packages
// (corpus.txt), run as a new user would run leapfrog. cmd/corpus is its
// command line (go run ./cmd/corpus); the logic lives here so that it is
// tested like the rest of the module, without the network.
//
// # One module's run
//
// Each entry goes through the same steps, each a command whose output is kept
// (-out): prepare (go mod download through the module proxy, or a local
// directory in the module cache's layout with -modcache; a copy made
// writable; go mod tidy with the tests in place), build (the maintainers'
// _test.go files set aside, go build), gen (leapfrog gen -json -timeout
// ./..., the tool's default budget named on the command line and in the
// results), tests (go test -json -cover with the emitted tests alone, the
// maintainers' alone, then both), verify (every Nth function of the report,
// a fixed rule, named again to gen -verify, one run per package). A step that
// fails makes the row's status and ends the module's run; the rows of the
// other modules are unaffected, and a module's wall-time cap kills the whole
// process group of the step running (the go command's children, cvc5).
//
// leapfrog is driven as a binary and read through its JSON report
// (docs/report.schema.json), never imported: the corpus measures what a user
// gets. When gen fails, its stderr lines are the crashes; when it wrote
// nothing, the run is "aborted" and the functions are counted from the
// packages' sources (go list, go/parser), so that the totals keep them.
//
// # Counting
//
// A callee's objectives appear in the report of every caller, so outcomes
// are counted once per (package, position, outcome): covered if any report
// covers it, else the verdict of the report of the function that holds it
// (analysed over all its inputs), else unreachable only when every report
// says so. An outcome the holder proves unreachable and a caller covers is
// counted as a disagreement (package state set by the caller, or a false
// proof). Unreachable verdicts are split by who checked them ("independent"
// or the engine's word, with its reasons), unknown ones by reason, rejections
// by their first obstacle; reasons are normalised (positions and names
// dropped) so that they group.
//
// Statement coverage comes from the coverage profiles: the statements of a
// module are every block any of its three runs reports, each once, so the
// three percentages share one denominator. Maintainers' test files that do
// not build in a copy are left out (as the compiler names them), and a test
// that crashes or hangs its test binary (which then writes no profile) is
// skipped and the package run again; both are listed in the row.
//
// # Standard-library copies
//
// A standard-library package is copied from GOROOT into a module of its own,
// stdcopy/<path> (stdcopy.go): the files the build context selects, with
// import paths of internal packages rewritten to copies of them under the
// module, and the runtime-bound internal packages (bytealg, abi, godebug,
// reflectlite) replaced by the stand-ins of shims/, which delegate to the
// public standard library. A function the runtime provides through
// go:linkname gets a body from a small table (time's clock and timers), or
// one that panics, with a note; go:linkname directives on functions become
// comments. Edits keep every line in place, so positions in leapfrog's
// reports are those of GOROOT's sources. The package's own tests come along
// as the maintainers' tests; the list may leave some out by name (time's
// timer tests: the copy's timers are stand-ins).
//
// # Results
//
// The numbers go to a JSON file (Results) for before/after comparisons, and a
// markdown table to stdout: a row per module, the totals, the ten most
// frequent rejection reasons, unknown reasons and reasons of engine-only
// proofs, the crashes and the verify failures. Totals are always those of
// the entries run; with -only the table says the list was partial. Rows can
// be kept between runs (-cache), keyed by the leapfrog binary's hash, the
// entry and the settings, so that an interrupted run resumes.
package corpus
