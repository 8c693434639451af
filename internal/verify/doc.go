// doc.go: package documentation.

// Package verify checks leapfrog's verdicts from outside the engine, with
// the real Go compiler (the -verify flag).
//
// leapfrog claims, for every objective of a function (a branch outcome, a
// run-time check failing, an explicit panic), covered (by an emitted test
// case), unreachable (with a proof) or unknown. A [Session] checks those
// claims, one package at a time ([Run]: a session for one check):
//
//  1. It copies the whole module to a temporary directory (skipping .git, so
//     that imports of sibling packages keep working) and adds the test files
//     written outside the package (gen -o) to the package there. It builds
//     the package's test binary there with go test -c -cover, then
//     instruments the package in the copy with [Instrument], makes the
//     precondition check of each emitted test case run unrecorded
//     ([UnrecordChecks]: the outcomes, entries and panics of the package
//     code the check calls are not the function's), and builds the
//     instrumented test binary: two builds per package, whatever the
//     number of functions checked (the builds were 12 s a function on
//     yaml.v3 when each check built its own).
//  2. Each check ([Session.Check]) runs the selected tests (normally the
//     emitted TestLeapfrog_F) in the plain binary with -test.v and
//     -test.coverprofile, reports failures with their output and the
//     statement coverage of the package. A run that selects no test is an
//     error: nothing would be checked.
//  3. It runs the same tests in the instrumented binary with
//     $LEAPFROG_REC naming a record file of that check's own, reads the
//     branch outcomes seen with [Observed] and the panics with
//     [ObservedPanics], and compares them with the claims: a covered claim
//     must be observed; an observed objective claimed unreachable is the
//     worst bug leapfrog can have and is reported as FALSE UNREACHABLE; an
//     observed objective claimed unknown is a note (the engine was too
//     pessimistic); a branch claim at a position that is not a site (an
//     entry claim at no function's name) means the two countings disagree
//     and is an error. Panics are compared by
//     kind and line (a stack trace has no column): a covered panic claim
//     must have been seen, and a panic seen is a FALSE UNREACHABLE only when
//     every claim of that kind on that line is unreachable. The claims of a
//     declaration the instrumenter skipped are notes ("not checked"). Only
//     claimed objectives are compared. The claims of one position and
//     outcome (the instances of a generic function share their source)
//     are checked as one, the strongest: covered if one is, unknown if
//     one is, unreachable if all are.
//
// # Counting sites
//
// The engine's branches come from golang.org/x/tools/go/ssa, so the
// instrumenter counts exactly as go/ssa's builder emits If instructions,
// working on the syntax tree with type information (go/types, the
// dependencies' export data coming from "go list -export"):
//
//   - Condition context (if and for conditions, the cases of a tagless
//     switch, the left operand of every value-context && / ||), as
//     builder.cond: parentheses are stripped; !x is x (the site records x's
//     own value); x && y and x || y are x then y; anything else is one site.
//   - Value context (everything else), as builder.logicalBinop: for a && b
//     or a || b the left operand is in condition context; the right operand,
//     parentheses stripped, is handled recursively if it is itself && / ||,
//     or a negation (through any number of !) of one; otherwise the whole
//     operand, including its !, is one site recording its value.
//   - A switch with a tag has one site per case value v, recording tag == v.
//   - A type switch has one site per type T of each case (x.(T), comma-ok),
//     or x == nil for case nil, at the type as written.
//   - Expressions whose value the type checker knows (constants) are not
//     sites.
//
// A site's key is "file.go:line:col" of the start of the wrapped expression
// (parentheses stripped), the position go/ssa gives the condition; for a
// case value of a switch with a tag it is the start of the value as written
// (parentheses included), the position go/ssa gives the comparison.
// Conditions inside function literals count like any other. Range loops
// and select statements have no sites. A case value of "switch true" that
// is an && or || expression is no site (its operands are; the frontend
// makes go/ssa's comparison of true with it internal). A declaration the
// instrumenter cannot rewrite (two sites at one position, a condition whose
// type cannot be named in the file) is skipped and named: its claims are
// not checked.
// The operand X of a type switch is evaluated once into a temporary, handed
// to a function literal that records the case tests the switch is about to
// make on its value, in order up to the first that holds, and the switch is
// made on the temporary (typeswitch.go).
//
// # Rewriting
//
// The instrumenter does not print a modified syntax tree: it inserts text at
// the byte offsets of the parsed expressions, which keeps comments, line
// numbers and formatting of the original intact. Each site e becomes
// __leapfrogRec(id, e), which records the outcome and returns e's value; if
// e's type is a named boolean type or a type parameter (also when e is an
// untyped comparison the type checker converted to such a type) it becomes
// T(__leapfrogRec(id, bool(e))), so the surrounding expression keeps its
// type. A switch with a tag becomes a tagless switch over a copy of the tag,
// which keeps the evaluation order of the spec (init, tag once, then the
// case values left to right, top to bottom, up to the first match) and the
// meaning of break, labelled break and fallthrough:
//
//	switch tag { case v1, v2: ... }
//	  => switch __lfTag1 := tag;  { case __leapfrogRec(4, __lfTag1 == (v1)), __leapfrogRec(5, __lfTag1 == (v2)): ... }
//	switch init; tag { ... }
//	  => switch init; { default: switch __lfTag1 := tag;  { ... } }
//
// Every function body also starts with __leapfrogEnter("file.go:line:col")
// (the position of the function's name, where the engine places its entry
// objective; the record is "entry<TAB>key", read by [ObservedEntries]) and
// "defer __leapfrogPanicRec();", both on the line of its opening brace, so
// that line numbers stay. The panic recorder, deferred first, runs last: it
// records a panic passing through (the kind from the run-time
// error's text, "panic" for any other value; the line from the stack: the
// first frame under runtime.gopanic that is neither the runtime's, nor a
// compiler-generated equality function's (type:.eq.T), nor the
// recorder's) and panics again with the same value, so that the tests see
// the same panic. A panic the function recovers itself is not recorded,
// unless InstrumentOptions.Recovered (leapfrog cover) wraps each call of
// the builtin recover in __leapfrogRecovered, which records a panic where
// a deferred function recovers it, its stack still below the deferred
// call (defer recover() is left alone: it recovers nothing).
//
// A declaration the instrumenter cannot rewrite (a condition whose named
// boolean type it cannot spell in the file, two sites at one position) is
// left as it is and listed in [Instrumented].Skipped with the reason; the
// other declarations are instrumented all the same.
//
// The added file zz_leapfrog_rec.go holds __leapfrogRec: under a mutex it
// appends "id true|false" to $LEAPFROG_REC (read once, when the package is
// initialised: a test may clear the environment) (O_APPEND, one write per record,
// at once, so that a test that panics later still leaves its records) the
// first time each (id, outcome) is seen, and __leapfrogPanicRec, which
// appends "panic<TAB>kind<TAB>file.go:line" once per kind and line. Its
// imports are renamed so that they cannot clash with the package's own
// identifiers.
//
// # Old go lines
//
// The instrumented copy is compiled under the go line of the module's
// go.mod, which may be as old as go 1.12 (-lang=go1.12): everything the
// instrumenter writes, the recorder file and the rewrites, uses no any, no
// generics and no 0o literals, so that it compiles wherever the package
// does (leapfrog cover runs modules at go 1.13 too). The scenario old.txtar
// checks it with a go 1.12 module.
package verify
