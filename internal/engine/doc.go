// Package engine is the concolic interpreter: it runs an IR function on concrete
// inputs while building, for every value that depends on an input, the symbolic
// term (package expr) that computes it, and records the path: the sequence of
// branch instances with the constraint each direction taken imposes.
//
// # Values and memory
//
// One memory model serves every Go value the IR has (strings, slices, maps,
// structs, arrays, pointers; interfaces and closures build on it). It follows
// KLEE's memory objects (a fixed set of cells, each with its own contents,
// addressed by an object and an offset) and go/ssa/interp's value
// representation (aggregates as element lists, pointers as references to
// cells, slices as windows on an array, maps as references to a table).
//
//   - A scalar (bool, integer) is its concrete bits and, when it depends on
//     the inputs, the term computing it. Every other value is built from
//     scalars, so every symbolic question is a bit-vector question (QF_BV):
//     the solvers, the brute-force solver and the independent checker need
//     no other theory.
//   - Arrays and structs are immutable element lists (copied on write).
//   - Memory is a set of objects, each holding one value: a local whose
//     address is taken, new(T), a composite literal, a slice's backing
//     array, a map's table, a package-level variable, an input's pointee.
//     Objects never overlap: a pointer is an object and an access path
//     (fields, and element indices that may be symbolic). A load or store
//     through a symbolic index is an ite chain over the elements, so the
//     term is exact for every index in range (checks guarantee the range).
//   - A string is immutable: a length (an i64 scalar) and a list of byte
//     slots. Every length the string can have is at most the number of
//     slots, so a symbolic index or length still reads the right byte: the
//     term of s[i] is an ite over all slots, and bytes at or beyond the
//     length are never observed (the bounds checks see to it).
//   - A slice is a backing array object (a list of element slots), an offset,
//     a length and a capacity (scalars), or nil. Slicing and IndexAddr share
//     the array; append writes in place while the capacity suffices and
//     otherwise copies into a new array whose capacity follows Go's growth
//     rule for the element size (measured on the running Go's own append),
//     so aliasing is exactly what the compiled test will see. Whether an
//     append with a symbolic length reallocates is a decision recorded as an
//     internal step (both sides can be explored). The capacity of []byte(s)
//     and []rune(s) is gc's choice, made by escape analysis of the
//     function as compiled (the length, a 32-element stack buffer, or the
//     size class): where the choices differ it is a variable tainted as
//     what a test cannot fix, so a branch on it is neither covered nor
//     refuted; an append whose in-place-or-not it decides, unless every
//     choice agrees, makes a new array and marks the old one, whose next
//     read or write taints the run (convcap.go).
//   - A map is a reference to a table object: a list of entries (present, key,
//     value), each a term. Lookup is an ite chain over the entries, an insert
//     adds an entry (so the table is exact for every input, with no
//     capacity to guess), a delete clears a presence bit. A range over a map
//     visits the entries in table order; values that depend on that order
//     are marked, and a branch on them can be covered (if a test shows it)
//     but not refuted: Go's order is random.
//   - An interface value is a tag, the id of its dynamic type
//     (ir.Program.Types: Go's types, told apart by name; 0 for nil), a
//     32-bit scalar, and, for each id it may have, the value it holds
//     then. A value the program makes has a concrete tag and one value;
//     an input's tag depends on its choice variable and its values are
//     made on first use; a merge (ite) has an ite of the tags and the
//     values of both. Whatever depends on the tag stays exact for every
//     input: a type assertion's ok is a term on the tag and its value the
//     held value where the tag says so and the zero value elsewhere
//     (references become nil there through their nil-ness term, so no ite
//     between objects is needed); equality is "both nil, or the same id
//     and equal values". A method call (invoke) makes the tag concrete
//     where it is symbolic: internal decisions "the tag is id" in the
//     order of the ids, one per site and id, which the search flips like
//     any branch; the method comes from the dynamic type's method table.
//     A recovered run-time error is a value of its own (its message, no
//     dynamic type): only its nil-ness is modelled, and any other use of
//     it stops the run.
//   - A function value is a function of the program and the
//     values bound to its free variables (go/ssa's captured variables are
//     pointers, shared with the function that made the closure), or nil;
//     or a function input, a stub (stubs.go): the k-th call of it returns
//     fresh inputs named after the call (f#call[k].r0, ...), so that a
//     model chooses each call's answers, as a mock's table does; its
//     nil-ness is an input too. A symbolic choice between two different
//     function values stops the run.
//   - Deferred calls are kept on their frame, function and
//     arguments evaluated at the defer statement, and run in reverse order
//     at rundefers or when a panic unwinds the frame. A panic is a state
//     of the machine: its value (an interface; a run-time check's panic
//     has its message), the Panic that raised it, and the panic whose
//     unwinding it interrupted. recover() in a deferred call run by the
//     unwinding, called by it directly, returns the value and stops the
//     panic: the frame that deferred the call returns its RecoverResults
//     (its named results), after its remaining deferred calls. A panic in
//     a deferred call replaces the one being unwound. A run that ends in a
//     panic has the message fmt.Sprint of the value would print (an
//     error's Error(), a Stringer's String(), run by the engine on the
//     concrete value aside from the run; booleans, integers, strings and
//     composites of them printed as fmt prints them), or, when the engine
//     cannot tell, the value's type (Path.PanicType). Explicit panics that
//     a deferred call recovered are listed in Path.Recovered: they are
//     covered objectives too (a recovered run-time panic is covered by its
//     check's step).
//
// # Inputs
//
// The parameters are inputs; their leaves are solver variables named after
// their input path (ir.InputPath lists the names: x, x.f, x[2], x#nil,
// x#len, x#spare, x#aliasK, x#k[k], x#v[k], x#type, x#as(T)), so a model
// (name → bits) is an input.
//
// The candidates of an interface input are the dynamic types a test can
// construct that implement it (ir.Program.Candidates, sorted by name: the
// package's named types T, or *T when only that implements, for an
// interface with methods; the types the program converts to interfaces or
// asserts; errors.New's for error; int for an empty interface with no
// other). x#type in n+1..n+s (n candidates) holds the value of one of the
// s package-level variables of interface type the program uses whose
// values implement it (the test passes io.EOF or ErrBad
// itself; which one is an internal decision at first use). Beyond, it
// holds the program's other dynamic types implementing the interface, then
// a type the program does not know
// (whose behaviour is left free in the terms: an assertion to an
// interface, an equality, are fresh variables there), then nil: that x#type
// is at most n+s is a bound ("interface inputs bounded to the dynamic types
// a test can construct"), so a refutation that needs it is no proof, and
// an outcome only other types reach is unknown. A pointer an interface
// input holds is not nil by default; nested interfaces count as a level of
// depth, like pointers (nil beyond the depth bound). An interface the
// package does not implement has a stub among its candidates
// (ir.DynType.Stub): a pointer to an object of its own whose methods'
// calls the engine answers with inputs (x#stub.M#call[k].r0), Read and
// Write within io's contracts (0 <= n <= len(p), exact; a Write's n is
// len(p) and a Read's error io.EOF unless the model says otherwise; the
// bytes a Read returns are inputs x#stub.Read#call[k].p[i]). A function
// input is a stub (not nil by default as a parameter, nil by default inside
// another input); the calls of a stub beyond MaxLen return zero values, a
// bound ("stub calls bounded at N"), and more than 4*MaxLen calls cut the
// run. A stub stands for every function of its type, so an unreachable
// verdict holds for every real argument. A seam (a package-level variable
// of function type initialised to an environment reader, var now =
// time.Now, that no function of the package assigns: seams.go) holds such
// a stub in every run, at $seam.<name>, and the case that called it
// replaces the variable. The environment variables a function reads by a
// constant name are inputs too ($env.<NAME>: a string, unset by default;
// env.go); the clock, math/rand's numbers, the list os.Environ returns
// and the command line os.Args (at least one string: args.go) are not,
// and a branch on them is unknown with the reason. A time.Time
// input is what a test writes time.Unix(s, ns).UTC(): its seconds any
// int64, its nanoseconds below 1e9 (a fact), its monotonic reading and
// its location (nil, UTC) another package's state bounded to zero.
// The report gives each call's
// results and, for the emitted test to compare with what its stub
// records, the arguments a test compares exactly (StubCall.Args), and
// says when a branch after them hung on what a test cannot fix
// (Value.CallsUnfixed).
//
// A pointer is transparent in names: the pointee of p is named p (its
// fields p.f); p#nil says whether p is nil. A parameter's own pointer is
// not nil unless its model says so; a pointer inside an input (p.Next) is
// nil unless its model says otherwise, so first runs are short. Pointees
// are made lazily, on first use, so a recursive type (a list, a tree) is
// only as deep as the run looks; beyond the depth bound a pointer is nil.
//
// Sizes are bounded: every string, slice and map input has at most MaxLen
// elements and a recursive input at most MaxLen levels (Domain lists these
// constraints, tagged as bounds, with the exact ones: a nil slice or map is
// empty, keys are distinct). A side whose refutation needs a bound (a bound
// in its unsat core) is not infeasible but bounded: "input length bounded at
// N", never unreachable. An input pointer compared with an object of the
// package state (a sentinel error, a variable's address) reads a variable
// x#aliasK ("x points to the K-th object of the package state") that a
// bound holds false: the outcome that needs it is unknown ("pointer inputs
// bounded to fresh objects"), since Go lets a caller pass that object.
// An input of an opaque type (ir.Type.Opaque: sync.Mutex, atomic.Int32,
// unique.Handle, whose state a test cannot write; a channel, nil) is
// bounded to its zero value (replaced.go, an ir.ZeroBound): the outcome that needs another
// (a locked mutex, a Once already done) is unknown ("inputs a test cannot
// write ... bounded to their zero value"), never unreachable. So is a
// field a test of the target package cannot write (ir.StructField.
// Unwritable: bufio.Reader's buf inside a lexer, time.Time's wall): the
// search chooses only inputs the emitted test can build.
// Distinct inputs never share memory and inputs are
// acyclic; verdicts are relative to that, and the report says so for the
// functions where it matters (two inputs that could alias).
//
// The report form of an input or output (Value) is its concrete
// tree; an interface's names its dynamic type (Dyn) and holds its value,
// and an error's (a dynamic type that prints with Error) has its message
// and the package-level variable it equals or wraps (errors.Is: Unwrap
// methods followed), if any.
// Path.Outputs are the results, then the final value behind each parameter of
// pointer, slice or map type (the caller sees what the function did to it), in
// parameter order.
//
// # Execution
//
//   - Concrete results come from expr.Apply, the same function that folds
//     constants in terms: concrete and symbolic semantics cannot drift apart.
//   - Run-time panics are made explicit by the frontend as check branches
//     followed by Panic terminators; the engine needs no special cases for them.
//     A FatalPanic (a fatal error of Go's run time in a replacement body: a
//     deadlock of the one goroutine, an unlock of an unlocked mutex) or an
//     AbortPanic (what Go does is not modelled) aborts the run with its
//     message as the reason:
//     no deferred call runs, no recover sees it, and the search leaves what
//     the run took unknown (replaced.go). So does a call of an abort stub,
//     an external whose Unsupported says why leapfrog cannot run the Go
//     function it stands for (externals.go; lower's aborts.go). The builtins slicelen, sliceswap
//     and sametype reflect on the value an interface holds (sort.Slice's
//     swapper, atomic.Value's type checks). The reflect model's builtins
//     (reflect.go) read the program's type table and walk a value from an
//     interface by steps: rtypeof decides an input's dynamic type as a
//     method call does, a symbolic field index is decided the same way,
//     and a type outside the table or a step the model does not take
//     aborts the run. rnew and rmake make fresh variables, slices and maps
//     of the table's types; the map builtins (reflect_make.go) look up,
//     store and delete by a boxed key, and rmapkeys decides each entry's
//     presence as a range over a map does: with more than one key the run
//     depends on their order (Go does not fix it), as after such a range.
//     rslice, rappend and rcopy (reflect_slice.go) are Go's slice
//     expression, append and copy on what a Value reaches (an array in
//     memory sliced in place), so that reflect's Grow, Append and Copy
//     grow and alias as the compiled program does.
//   - Callees are executed (not summarised): a branch in a callee is recorded with
//     its call depth, and it is one source branch whatever the call site.
//     So are interface method calls, calls through function values and
//     deferred calls (at depth + 1).
//   - Except the standard library's string searches, trims, UTF-8 and
//     rune-class functions that package summary lists (when they are not
//     the package under test's): a call is one step, its results closed-form
//     terms over the arguments' lengths and byte slots (summaries*.go), so
//     a loop over a string does not fork a path per byte. A []byte
//     argument is read as a string of its window. Every argument concrete:
//     the real function runs natively. Otherwise the closed form is exact
//     for strings within their slots: a search is the first (or last) slot
//     where a match holds, ite over the slots; rune searches decode at every
//     slot and chain the rune starts (p starts a rune when one of the four
//     before starts one as wide as the gap); a trim is two bounds and a
//     substring (with a concrete set of runes, TrimSpace's or a cutset's
//     without RuneError, the bounds are where the chains of the set's
//     encodings from either end stop: no decoding, terms several times
//     smaller; summaries_trim.go); the rune classes are a balanced decision tree over their
//     ranges; EqualFold with one concrete side compares rune ranks with the
//     SimpleFold orbits of the concrete runes, with both symbolic it is
//     exact up to the first non-ASCII byte, a taint (externals.go) beyond.
//     A string longer than its slots (beyond the size bound) gets fresh
//     results constrained by the kind's postcondition, as a read beyond
//     the slots gets a fresh byte, so that no refutation rests on the
//     slots. Outside a merged region, the postcondition of the results is
//     recorded as a fact of the run (a DomainFact step: a consequence of
//     the call, so sound). strings.Fields and bytes.Fields, whose result
//     is a slice, are summarised apart (summaries_fields.go): the count
//     and bounds of the fields are terms over where the space runes'
//     encodings are, exact within the slots; a longer string is a
//     SizeFits decision whose other side stops the run. Engine.NoSummaries
//     interprets them instead.
//   - Package-level variables start with the values the package's
//     initializer (Program.Init, run once, concretely) gives them; writes
//     during a run are seen by the rest of the run.
//   - A precondition (the target's //leapfrog:assume, Engine.Assume) is a
//     function of the target's parameters returning bool. Once per engine,
//     its paths are enumerated by forced runs of it alone (no solver):
//     PreconditionFormula is the disjunction of each returning path's
//     condition and result, exact (a path is dropped only for a constant
//     condition contradicting it, a panic, or a constant false result). A
//     run then records one Precondition step at the target's entry, after
//     the inputs' domain facts: the formula, taken as it evaluates on the
//     model (the precondition does not run). When the enumeration cannot be
//     exact (a loop bound, a concretization, a native call, a write to the
//     inputs or the package state, more than Engine.PrePaths paths), the
//     precondition runs before the target, its branches recorded as steps,
//     and the step holds its result (recorded even when constant true: the
//     steps before it are the precondition's). An input that violates it
//     stops the run (Path.Excluded).
//   - Internal decisions (a loop's models, an append that may reallocate, a
//     size that must be concrete) are steps on pseudo branches: internal Ifs
//     outside the blocks, one per site and decision, so that the tree and the
//     search treat them as any branch without objectives. Each carries what
//     it decides (If.Pseudo, an ir.PseudoKind); its block's comment names it
//     for the reports ("bound s", "map entry 2").
//   - Loops: the natural loops of each function come from
//     cfg.Loops, numbered by their headers in source order (the SPF loops
//     paper's numbering); each active loop header counts its iterations since
//     the loop was entered. A symbolic branch instance in an iteration at or
//     beyond the loop's bound (LoopSettings.Bounds, else KBound; callee loops
//     are bounded too, named "Callee.N") is recorded as not flippable, with the
//     loop's number and position, so that the search can say "unknown: loop 1
//     bounded at 10" instead of claiming anything. The concrete run itself
//     always completes (within MaxSteps instructions), unless Engine.Deadline
//     passes first: the run is then abandoned ("timeout: ...", Path.TimedOut),
//     and the search leaves open the sides it was to take.
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
//     state at every step (Step.State): the call stack's positions,
//     the SSA values live there (terms for symbolic values, bits for concrete
//     ones; a function that may recover keeps its named results live), the
//     memory reachable from them, the active loops' iteration counts, each
//     frame's deferred calls, and the panics being unwound. Equal numbers mean equal continuations, which lets the search
//     reuse what it learnt about the suffixes from one state at every prefix
//     reaching it. Numbers are interned encodings, never hashes.
//   - Path merging finds each region's exit: in an acyclic
//     function, on the entry's chain of post-dominators that ignore the
//     panic sides of run-time checks (the first exit there that gives a
//     region gives the smallest); otherwise by trying every reachable block.
//     A merged region runs every block under its guard, whatever
//     the run's input, so that whether it merges depends on the prefix only:
//     an input pointer nil for this input yields its object's terms there.
//     A block whose guard is constant false is not run; its branches and
//     those of the callees it calls get false obligations naming the
//     constant condition (Obligation.Const), or the terms the builder
//     folded to false (Obligation.Folded): the search's proofs.
//   - Speed (BenchmarkInterp, ns and CPU ns per instruction): profiles show
//     the interpreter's cost is allocation and the collector, then
//     hash-consing, then map lookups; dispatch is small. So functions are
//     compiled once per engine (frame slots, operands resolved
//     to a slot or a constant, per block its loop header, back edges and
//     enclosing loops, a frame pool), values are immutable and shared where
//     they can be (small concrete scalars, zero scalars, one-field paths,
//     the field address a FieldAddr computed for the same pointer last
//     time), a pointer is allocated with its path and a small aggregate
//     with its elements, one result goes back without a slice, small
//     constant terms come from an engine table, and the builder allocates
//     nothing when it finds a term. In a search the interpreter is a few
//     per cent of the time: the solver dominates.
//
// # Floats
//
// A float is a scalar of width 32 or 64 holding its
// bits. Each operation is built once as a term through expr's float
// operators: on constants the Builder folds it (expr.ApplyFloat and
// ApplyConv, Go's semantics on amd64), on symbolic operands it is the term
// the solver reads through Z3's FloatingPoint theory. Float to integer
// conversions out of range give gc's amd64 values (FloatConv), which the
// engine's tests compare with compiled Go on random bit patterns.
package engine
