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
//   - Loops (loops.go, models.go): the natural loops of each function come from
//     cfg.Loops, numbered by their headers in source order (the SPF loops
//     paper's numbering); each active loop header counts its iterations since
//     the loop was entered. A symbolic branch instance in an iteration at or
//     beyond the loop's bound (LoopSettings.Bounds, else KBound; callee loops
//     are bounded too, named "Callee.N") is recorded as not flippable, with the
//     loop's number and position, so that the search can say "unknown: loop 1
//     bounded at 10" instead of claiming anything. The concrete run itself
//     always completes (within MaxSteps instructions).
//   - Concretization (paper §3): a loop with models records, at each entry, a
//     constraint step "the entry values equal one of the models" on a pseudo
//     branch (an internal If outside the blocks, both sides leading to the
//     header). Its in-model side is never left (the other side is Bounded,
//     "loop N concretized"); a run outside the models may be flipped into them,
//     and its later branches are not flipped. Coverage under models is real
//     (the run is concrete); what models leave open is unknown, never
//     unreachable. RunIteration executes one iteration out of context (fresh
//     symbols for the values it reads) to infer models (paper §4); the search
//     refines them with the entry context through LoopSettings.Refine.
//   - Hooks for TreeFrog's suffix enumeration (minimal, for the search to
//     stay independent of the value model): RunGuided is RunForced whose
//     directions after the forced ones are chosen branch by branch by a
//     callback (one run follows a whole suffix); States numbers the machine
//     state at every step (Step.State, state.go): the call stack's positions,
//     the SSA values live there (terms for symbolic values, bits for concrete
//     ones), the memory reachable from them, the active loops' iteration
//     counts. Equal numbers mean equal continuations, which lets the search
//     reuse what it learnt about the suffixes from one state at every prefix
//     reaching it. Numbers are interned encodings, never hashes.
//   - Path merging finds each region's exit (merge_region.go): in an acyclic
//     function, on the entry's chain of post-dominators that ignore the
//     panic sides of run-time checks (the first exit there that gives a
//     region gives the smallest); otherwise by trying every reachable block.
package engine
