// Package invariant proves outcomes unreachable for inputs of every length
// and any number of iterations, where the search stops at its bounds: an
// inductive invariant at each loop header is the proof, and cvc5 checks it.
//
// # What it settles
//
// The search explores strings and slices up to -maxlen elements and loops
// up to -kbound iterations, so a run-time check under i < len(b) in a loop
// stays unknown ("input length bounded at 8") although no input of any
// length fails it; gc's prove pass removes such checks. Settle takes the
// outcomes the search left unknown for a loop or length bound, a
// concretized size or a timeout, and tries to prove each unreachable;
// what it proves becomes unreachable with the certificate as its formula,
// checked "independent". Nothing is claimed unless cvc5 finds each query of
// the certificate unsat: finding the invariant (by either method) is not
// enough.
//
// # The inlined program
//
// The function under test is inlined with its callees (graph.go): one
// frame per call site, up to a depth and a size, a block split after each
// inlined call, a callee's returns leading to the node after the call,
// where the call's result is defined; a parameter of an inlined frame is
// its call's argument. Cut points are the loop headers of every frame
// (cfg.Loops); between cut points the graph is acyclic (a cycle without a
// header, irreducible control flow, gives up). A cut point carries the
// values available there (defined at a node that dominates it in the
// inlined graph, or its phis) and read at or after it.
//
// What the model does not follow is over-approximated: a call beyond the
// limits, recursive, external or through an interface or a function value
// returns any values of its types; a deferred call is not run. That is
// sound for reaching the objective unless the objective's function may run
// inside such a call: then no proof is attempted. A panic ends the run, so
// a program that may recover one is not modelled at all.
//
// # The encoding
//
// A value is its atoms (atoms.go): a bool or an integer itself, a string
// its length, a slice its length and capacity, an iterator over a string
// that string's length. Contents are not atoms: reading a byte, an element,
// a field, through a pointer, from a map gives any value of its type. The
// theory is linear integer arithmetic (QF_LIA with define-fun): integers
// are mathematical, Go's wrapping explicit (an ite for one modulus, mod for
// more), multiplication, division, remainder and shifts by constants
// exact, masks by 2^k-1 a mod, other operators any value of the type
// (encode_test.go checks every operator against compiled Go on edge
// values). A length is at most 2^48 bytes (2^48/size elements): Go's
// largest allocation on 64-bit platforms (runtime.maxAlloc); a slice of
// zero-size elements up to MaxInt64.
//
// The paths from a cut point (or the entry) to the next cut points or to
// the objective form a region (encode.go), encoded in one formula: a reach
// literal per node (the disjunction of its incoming edges, each the reach
// of its source and the branch condition), SSA definitions as equalities
// (total functions of their operands, so asserted unconditionally), phis
// and call results as ite over the edges, and the side conditions a node
// needs (a string's length not negative, the index of a range below the
// length) guarded by its reach literal. Every run from the start's state
// satisfies the formula with its own values: the regions over-approximate
// the runs, which is what a proof of unreachability needs.
//
// # The certificate
//
// An invariant is a formula over a cut point's atoms. The certificate
// (cert.go) is three kinds of queries, each unsat:
//
//   - initiation, per header the entry reaches: a path from the entry
//     reaches it, its invariant false of the state it reaches it with;
//   - consecution, per header: from the header satisfying its invariant
//     (and the ranges of its atoms' types), a path reaches a header whose
//     invariant is false of the new state;
//   - safety, per region: from the entry, or from a header satisfying its
//     invariant, a path reaches the objective.
//
// By induction over a run's visits of the headers, every state at a header
// satisfies its invariant, and no segment of a run reaches the objective.
// Only the headers from which the objective can be reached need an
// invariant that holds; a function without a loop on the way has safety
// queries only. One query per header and region rather than one per kind:
// a solver decides the small ones where it gives up on their disjunction
// (path.Match's fourteen loops). The queries are separated by (reset) in
// the branch's smt2; cvc5 checks them in one process per function, a
// query shared by several objectives (initiation and consecution of the
// same invariants) once.
//
// # Finding invariants
//
// Two methods, tried in this order; each objective gets the first
// certificate that checks.
//
// The abstract interpretation (absint.go, zones.go) computes, once per
// function, a zone per node: a difference-bound matrix over the integer
// atoms live there (x - y <= c, x <= c, -x <= c), the relations to len that
// gc's prove pass keeps in its fact table and limits, found by iteration
// rather than by matching induction variables. Transfer functions follow
// the encoding: x + c exact when no wrap is provable from the bounds (the
// matrix cannot hold MaxInt64 as a bound, so the types' ranges of related
// atoms supply it: i < len(s) gives i+1 <= MaxInt64), sums and differences
// with their bounds, len, cap, slicing, make, append, copy, conversions;
// branches refine by their comparisons (through &&, ||, !). Widening at
// cut points after two visits, then two descending passes. Its invariant at
// each header is the matrix's bounds among the header's atoms. The bounds a
// transfer function derives (x - y's from x's and y's, an offset negated)
// are computed in big integers and weakened to what the matrix holds: in
// int64, -MinInt64 wraps to MinInt64, which once made strconv's bsearch
// loop body unreached. Its answer that the objective is unreachable is not
// trusted: the certificate is. It is still meant to be sound on its own,
// and brute_test.go checks it alone against compiled Go: every outcome
// excludes claims, on functions of testdata/brute and of the oracle's
// random generator, no run over small input domains may reach.
//
// Spacer (spacer.go) gets the same regions as constrained Horn clauses: a
// relation per header over its atoms, a rule per region and target, a rule
// per region reaching the objective implying the goal; Z3's fixedpoint
// engine (z3.SolveHorn) either derives the goal (the encoding reaches the
// objective: no proof), gives up, or returns an interpretation of each
// relation, the invariants. Spacer finds disjunctive and non-difference
// invariants the zones cannot express, at a higher price: a budget per
// objective (2s) and per call of ProveAll (10s), for the objectives the
// zones leave. Under a deadline (Options.Deadline), no problem is built and
// Spacer is not started once half the time to it has passed: building one
// encodes every region of the function (up to a second on large ones), and
// the certificates built need the other half for cvc5. Spacer is stopped by
// its own timeout only, never by Z3_interrupt (see z3.SolveHorn).
//
// Values are named in formulas after what they are: a parameter by its
// name, a register by its frame and number, a phi by the Go variable it
// stands for (Sum.i%1, from the lowering's phi names), a length or a
// capacity by a suffix (b.len).
//
// # Limits
//
// No contents: a proof that needs what a byte or an element holds
// (strings.Index's s[i:i+len(sep)] == sep) is out of reach, as are
// properties of memory (stores are not modelled: loads give any value).
// Bitwise operators other than masks, and products of two variables, give
// any value. Spacer's invariants can be any linear formula; the zones' only
// differences of two atoms.
package invariant
