// Package expr holds the symbolic expressions of the concolic engine: terms over
// booleans and fixed-width bit-vectors, with SMT-LIB (QF_BV) semantics.
//
// # Terms
//
// Terms are immutable and hash-consed by a Builder: structurally equal terms
// are one pointer, so terms can be map keys and caches can key on Term.ID.
// Every constructor folds constants and applies local, obviously sound
// rewrites (x+0, x&x, ¬¬p, p∧¬p, ite with equal arms, ...).
//
// # Semantics
//
// Folding uses Apply, the one definition of operator semantics, which the
// engine also uses for concrete execution: the concrete and the symbolic
// sides cannot disagree. Bit-vector semantics for equal widths coincide with
// Go's: wrapping arithmetic, division truncated toward zero (MinInt / -1 ==
// MinInt), shifts by a count at or beyond the width giving 0 (or the sign
// fill). Shifts by a count of another width are normalised in the
// constructor. Division by zero follows SMT-LIB; the engine never reaches it
// because divisions are guarded by checks.
//
// # Evaluation and scripts
//
// Eval evaluates a term under a model (used to validate solver models); SMT2
// prints a self-contained script (used as the proof attached to verdicts).
package expr
