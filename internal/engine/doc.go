// Package engine is the concolic interpreter: it runs an IR function on concrete
// inputs while building, for every value that depends on an input, the symbolic
// term (package expr) that computes it, and records the path: the sequence of
// branch instances with the constraint each direction taken imposes.
//
// Design:
//
//   - A run-time value is a scalar (concrete bits plus an optional term), an
//     aggregate (array or struct, copied on write), a pointer (a memory object and
//     an access path of fields and possibly symbolic indices) or a tuple.
//   - Memory is a set of objects, one per Alloc (locals, new(T)) and one per
//     pointer parameter. A load or store through a symbolic index becomes an ite
//     chain over the elements, so no array theory is needed.
//   - Concrete results come from expr.Apply, the same function that folds
//     constants in terms: concrete and symbolic semantics cannot drift apart.
//   - Run-time panics are made explicit by the frontend as check branches
//     followed by Panic terminators; the engine needs no special cases for them.
//   - Callees are executed (not summarised): a branch in a callee is recorded with
//     its call depth, and it is one source branch whatever the call site.
//   - Loops: back edges are found per function; each active loop header counts its
//     iterations since the loop was entered. A symbolic branch instance in an
//     iteration at or beyond the k-bound is recorded as not flippable, with the
//     loop's number and position, so that the search can say "unknown: loop 1
//     bounded at 10" instead of claiming anything. The concrete run itself always
//     completes (within MaxSteps instructions).
package engine
