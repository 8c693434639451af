// doc.go: package documentation.

// Package verify checks leapfrog's branch verdicts from outside the engine,
// with the real Go compiler (the -verify flag).
//
// leapfrog claims, for every branch outcome of a function, covered (by an
// emitted test case), unreachable (with a proof) or unknown. [Run] checks
// those claims in two steps:
//
//  1. It runs the selected tests (normally the emitted TestLeapfrog*) in the
//     real package with go test -coverprofile, reports failures with their
//     output and the statement coverage of the package.
//  2. It copies the whole module to a temporary directory (skipping .git, so
//     that imports of sibling packages keep working), instruments the
//     package in the copy with [Instrument], runs the same tests there with
//     $LEAPFROG_REC naming a record file, reads the outcomes seen with
//     [Observed] and compares them with the claims: a covered claim must be
//     observed; an observed outcome claimed unreachable is the worst bug
//     leapfrog can have and is reported as FALSE UNREACHABLE; an observed
//     outcome claimed unknown is a note (the engine was too pessimistic); a
//     claim at a position that is not a site means the two countings
//     disagree and is an error. Only claimed positions are compared.
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
// (parentheses stripped), the position go/ssa gives the condition.
// Conditions inside function literals count like any other. Range loops
// and select statements have no sites. Two sites at one
// position (only possible as "switch true { case a || b: }") are refused.
// The operand X of a type switch becomes __leapfrogTypeSwitch(X, func(__lfV
// any) { _ = rec(id1, test1) || rec(id2, test2) || ... }), a generic helper
// (zz_leapfrog_typeswitch.go, written when a type switch is instrumented;
// go1.18 or later) that evaluates X once, records the case tests the
// switch is about to make on its value, in order up to the first that
// holds, and returns it unchanged, with its type.
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
// The added file zz_leapfrog_rec.go holds __leapfrogRec: under a mutex it
// appends "id true|false" to $LEAPFROG_REC (O_APPEND, one write per record,
// at once, so that a test that panics later still leaves its records) the
// first time each (id, outcome) is seen. Its imports are renamed so that
// they cannot clash with the package's own identifiers.
package verify
