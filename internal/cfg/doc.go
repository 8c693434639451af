// Package cfg holds the control-flow analyses of IR functions that the
// engine and the search share: dominators and natural loops.
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
// # Caching
//
// Both analyses are cached per *ir.Function in a bounded cache that is
// safe for concurrent use: the IR must not change once it was analysed,
// which holds for every program once lowered or parsed.
package cfg
