// Package cfg holds the control-flow analyses of IR functions that the
// engine and the search share: dominators and natural loops; and the
// proofs, as formulas, that no control-flow path reaches a place.
//
// # Dominators
//
// Dominators computes a function's dominator tree with Cooper, Harvey and
// Kennedy's iterative algorithm over the blocks reachable from the entry
// (ir.Check rejects the others anyway). Dominates answers "does a dominate
// b", reflexively, from a tree computed once per function: the engine's
// path merging uses it to find the regions it can merge.
//
// # Loops
//
// Loops returns a function's natural loops. A back edge is an edge whose
// target dominates its source; the natural loops of the back edges sharing
// a header are one Loop, with its body, back edges, exits, enclosing loop
// and depth. The retreating edges of an irreducible region are no back
// edges, so such a region forms no loop of its own. Loops are numbered in
// source order of their headers, the SPF loops paper's numbering (loop 1,
// loop 2, ...), which the loop bounds, the loop models and the reasons of
// unknown verdicts name; InnermostLoop finds the loop a block belongs to.
//
// # Proofs that no path reaches a place
//
// NoPath proves that no run of a function reaches the end of a block (of
// the function or of a callee), as an SMT-LIB2 script that Z3 and cvc5
// refute on their own: the unreachable verdicts whose argument is the
// control flow (code after a call of a callee that always panics or never
// returns) get it as their smt2. The graph (Reach) is the blocks, split
// after each call: a callee's entry follows any call of it, and the code
// after a direct call of a function of the package follows the call and
// "the callee returns", which follows the callee's returning blocks. Other
// calls are taken to return (another package's functions may be replaced
// or stubbed); a program that defers a call gets no proof (a deferred call
// may recover a panic). The formula has a Boolean per place (reached) and
// an integer (the step it is first reached at): the start is reached, any
// other place only after one of its alternatives, at a smaller step. The
// steps matter: without them a cycle of places no run reaches (a function
// that calls itself before it returns) would reach itself. Reach.Proof
// first computes the least fixpoint, so a script is written only when it
// is unsat, over the places the target depends on alone.
//
// # Caching
//
// Both analyses are cached per *ir.Function in a bounded cache that is
// safe for concurrent use: the IR must not change once it was analysed,
// which holds for every program once lowered or parsed.
package cfg
