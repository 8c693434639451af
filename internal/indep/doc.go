// Package indep re-proves reachability verdicts independently of the engine
// and of the search strategies: it encodes a whole function, every path at
// once, as one SMT-LIB2 formula over its inputs (bounded model checking, in
// the manner of CBMC's --cover) and asks a second solver, cvc5's command
// line, whether each objective can be reached. It imports only ir and expr
// (for the operator codes and their meaning on constants, expr.Apply), so
// that a bug in the engine's execution, in its symbolic terms, in the
// search's tree or in its proofs cannot also be here.
//
// # Parts
//
// The formula is a hash-consed DAG of its own, which folds constants only
// (and a few boolean identities), evaluates terms to check models, and
// prints as SMT-LIB2 text with shared or deep subterms as define-funs. The
// control-flow analyses are its own too (dominators, reducibility, natural
// loops, regions in topological order), not package cfg's. The encoder
// turns blocks into instances with guards, edges and phis, unrolls loops,
// inlines calls, and executes each instruction as Go's operator on terms,
// over symbolic values (scalars, aggregates, pointers, memory). Check and
// Script are the API; cvc5 runs as one process per function, with push and
// pop around each query, and CVC5 runs a whole script.
//
// # The encoding
//
// A block instance is a block in one iteration of each loop around it (and,
// in a callee, at one call site). Each has a guard, the boolean "this
// instance is reached": the entry's is true (a callee's: the guard of its
// call), another's is the disjunction of the guards of its incoming edge
// instances; an edge instance's guard is its source's guard after the last
// instruction, conjoined with the branch condition for an If. Instances are
// visited in a topological order of the unrolled graph (a region's blocks,
// its inner loops collapsed, in reverse postorder without its back edges), so
// every edge is known before its target. An instance whose guard folds to
// false is not created: constant trip counts unroll exactly that many times.
//
// A script never asserts a constant. When an objective's reach condition
// folds to one (a function of constants: wbs.Step runs NewWBS, whose fields
// its conditions test), its script comes from a second encoding in keep
// mode, where comparisons of constants stay comparisons, a condition and
// its negation (x == 12 under x != 12) stay a conjunction, and a branch
// condition that is still a constant (a bool constant of the program) is a
// defined name: guards and reach conditions stay formulas, and the solver,
// not the folding, refutes them. Check decides on the folded encoding.
// An objective no control-flow path reaches (a callee on the way always
// panics or never returns: its reach condition is false whatever the
// values) gets the control-flow graph's proof instead (cfg.NoPath): a
// reachability formula, unsat at any unwinding bound.
//
// Values are terms: bools as Bool, integers as (_ BitVec w). Phis are ite
// chains over the incoming edge instances (exactly one of whose guards holds
// when the block is reached). A value is looked up in the instance of its
// defining block with the same iterations of the loops they share; a value of
// a loop used after it is the ite, over the loop activation's exit edges, of
// its value in the iteration each exit left from.
//
// Objectives: side dir of an If is reached when some instance of its block is
// reached (after the block's calls returned) and its condition equals dir;
// an explicit Panic when some instance of its block is. Run-time checks are
// Ifs of the IR already (their failing side is Dir false).
//
// Memory is functional: a map from objects to values, carried along edges
// and joined with ites at merges. An object is created per Alloc instance
// (an Alloc in a loop makes a new object each iteration), and one per
// pointer parameter of the root. A pointer is a list of candidates (cond,
// object or nil, access path of fields and 64-bit index terms) with exclusive
// conditions; candidates of one object and path shape are joined with ites of
// their indices. A load is the ite over candidates of the selected part (a
// symbolic index selects by an ite chain over the elements); a store rewrites
// each candidate's object under its condition, down to the elements its index
// may select. Dereferencing a pointer that may be nil restricts the guard to
// where it is not nil: the frontend puts a NilCheck before every dereference
// that may fail, so this only removes paths on which the run would have
// panicked anyway. Pointer equality compares candidates: same object (or
// both nil) and equal paths.
//
// Calls are inlined at every call site (those of other packages' functions
// too, which the front end lowers like the package's own): the callee's
// blocks are encoded with
// the arguments' values, entered under the call's guard with the caller's
// memory; the results and the memory after the call are the ites over the
// callee's return instances, and the rest of the caller's block is guarded by
// "some return is reached" (a callee that panics ends the path).
//
// Loops are unrolled while their header may be reached, up to Options.Unwind
// back-edge traversals per loop entry. The edges into the next iteration are
// the loop's unwinding condition (CBMC's unwinding assertion): Check asks
// whether it is satisfiable first; if it is, the formula misses paths, and an
// unsat answer proves nothing ("input-dependent loop N at pos: more than U
// iterations possible", or "loop N at pos runs more than U iterations" when
// no input is needed to get there). Sat answers stand: every path of the
// formula is a real path. A loop whose unwinding condition is unsat (a
// constant trip count, a loop bounded by its data) is exact. Script asserts
// "objective reached OR some unwinding condition", so its unsat answer alone
// proves the objective unreachable. Loops are numbered per function like the
// engine's (by the position of the header's If, else of the loop's first If);
// a callee's loop is named Callee.N.
//
// # Preconditions
//
// A function's precondition (Options.Assume: the //leapfrog:assume
// function, of the same parameters, returning bool) is encoded as a callee
// of the root's entry on the root's parameters, whose result must be true:
// the root is entered under the disjunction, over the precondition's
// returns, of the return's guard and its result, with the memory it leaves.
// Inputs on which it panics or returns false are no inputs. Its branches and
// panics are encoded aside: a helper both call has the objectives the root
// reaches, not those the precondition's call reaches. A loop of the
// precondition the bound cuts is a cut like the root's.
//
// # Inputs
//
// Variables are named by their input paths (ir.InputPath), as the engine's
// are, so that a witness replays: a scalar parameter x is x, array elements
// a[2], struct fields s.f, nested s.f[1].g; a pointer parameter (a pointer
// receiver) names its pointee's leaves from the parameter's name (receiver
// t of *T{X int32}: t.X) and has a bool input t#nil (its NilVar), true when
// the pointer is nil. A string s has its length s#len and its bytes s[0],
// s[1], ...; a slice b also b#nil and b#spare (its capacity beyond its
// length) and its elements b[k]; a map m has m#nil, m#len and entries
// m#k[k], m#v[k]. Witnesses hold a value for every input, masked to its
// width, bools 0 or 1; each is checked against the formula with eval before
// it is returned.
//
// # Strings, slices, maps: unbounded lengths, bytes in slots
//
// Lengths are not bounded but by what Go can allocate (a string, a slice's
// backing array, a map at most 2^48 bytes, the runtime's maxAlloc on
// 64-bit systems), so that an unsat answer proves for inputs of every
// length a test can pass, as the engine's unreachable verdicts claim (the
// engine never claims one that needs its size bound). The contents are not all encoded: a string or slice input
// has Options.Slots bytes or elements (16), a map input as many entries,
// and a string's byte at a constant index beyond them is an input of its
// own (s[20]). A read of what the encoding does not know (a byte beyond the
// slots at a symbolic index, an element beyond an array that stands for a
// longer one, a comparison of strings longer than their slots, a lookup of
// a key in none of an input map's known entries) yields a fresh variable,
// one per value and index: the formula over-approximates every execution,
// so unsat still proves. A sat answer is a witness only where no such read
// happened: each read's condition is recorded, and a witness is sought
// with all of them false, with sizes at most 8 (the engine's bound, so
// that it replays), then 64, 4096, any. An objective reached only through
// such reads is undecided (SlotBound).
//
// A string value is its length and its slots (bytes, each known or not);
// substrings, concatenation, comparisons (==, <), conversions to and
// from []byte and from a rune (its UTF-8 encoding) work on them, and a
// range loop over a string decodes UTF-8 as Go does (an iterator object in
// memory holds the index). []rune(s) decodes the same way, rune after
// rune from the start, and string(rs) encodes each rune (an invalid one
// as U+FFFD), up to 8 runes each (a longer one is a cut). A slice is a
// pointer to its first element (candidates ending with an index into a
// backing array, the nil candidate the nil slice), a length and a
// capacity; make, slicing, append (in place when it fits, else a new array
// whose capacity is Go's growth, measured on the running Go's append),
// copy. The capacity of []byte(s) and []rune(s) is any gc can give (escape
// analysis decides: the length, 32, the size class), picked by fresh
// variables, so an objective is unreachable only under every choice. A map is a pointer to an object holding entries (present or not,
// a key, a value) and a length; lookups, updates, deletes and clear rewrite
// them; iteration over a map is not encoded (its order is Go's choice).
//
// # Package state and interfaces
//
// When the function (or a callee) uses a package-level variable, every
// variable of the program is an object, zero, and the package's initializer
// (Program.Init) is encoded first, as Go runs it before any test: the
// initial state is the constants it computes (its branches are not
// objectives). An interface value is a type tag (32 bits: 0 nil, else the
// dynamic type's ID) and a payload per dynamic type it may hold; an
// assertion tests the tag, a method call is one inlined call per dynamic
// type under "the tag is its", == compares tags then payloads. Interface
// inputs are not encoded (their candidates and stubs are the engine's). A
// function value is a set of candidates, each a function and the values
// bound to its free variables; a call through it is one inlined call per
// candidate.
//
// # Solving
//
// One cvc5 process per Check (cvc5 --incremental --bitblast=eager
// --tlimit-per=ms): the
// inputs are declared and every definition the queries need is given once,
// then each unwinding condition and each objective is asserted in a
// push/pop scope of its own; after sat, (get-value) of the inputs is the
// witness. Unknown answers and timeouts give Undecided with cvc5's reason.
//
// # Not encoded
//
// Calls of external functions (run natively by the engine, package
// externals), recursive calls, irreducible control flow, inputs of
// interface, function or channel types, iteration over maps, interface
// values holding interfaces compared,
// deferred calls and recover, and
// formulas beyond Options.Budget block instances give every objective
// Undecided with "construct ... not encoded": never a guess. Index out of
// range and division by zero need no special case (the IR guards them with
// checks; the formula gives the unchecked operation some value, which only
// unreachable paths see). A struct field named "nil" of a pointer
// parameter would clash with the nil flag's name.
//
// Floats are not encoded: an instruction reading or yielding a float, and
// a float input, answer "construct ... not encoded" (the verdict then rests
// on the engine's solver alone, and says so).
//
// Every undecided answer carries one named reason (Result.Why, a Reason:
// the class of construct not encoded, a loop beyond the unwinding bound,
// a read beyond the slots, cvc5 undecided, ...) and its detail
// (Result.Reason); the reports count them by name.
package indep
