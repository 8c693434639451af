// Package oracle checks leapfrog's verdicts against brute force: on
// hand-written scenarios (TestOracle), on randomly generated programs
// (TestRandomPrograms) and on the reproducers of known bugs
// (TestKnownBugs). It holds a random program generator and a proof checker
// (cvc5, then Z3); everything else is in its tests.
//
// # The generator
//
// GenerateUnit(seed, name, disabled) returns a unit: a Go function under
// test with its own helpers and (if it uses methods) its own struct type
// with pointer-receiver methods Get and Set, deterministic from the seed.
// Units share nothing, so a unit alone is a package (Source), and a batch of
// units is one package compiled once. Inputs are int8, uint8, bool, small
// arrays ([2]int8, [2]bool, [3]bool) and structs of those (S1, S2 of
// Prelude), at most 16 bits in all, or a method's receiver (nil, or a
// pointer to 9 bits) and booleans: every input can be enumerated. Bodies accumulate into an int32
// r and return r, a bool, or both. Every unit has if/else chains,
// comparisons and && / || in conditions; the Features come on top, each of
// which can be disabled: && / || in value context, a bool local holding
// one as the last operand of another, switches (tagged with constant and
// non-constant case values, fallthrough; tagless), loops with constant trip
// counts and range loops, input-dependent loops (at most 8 iterations, or up
// to 255: long loops), break and continue, helper calls from several
// sites, division and remainder by constants, by input-derived values and
// by a local holding zero, shifts by input-derived counts (signed counts
// may be negative), indices out of range, stores through symbolic indices
// read by later indices, pointers to locals and to array elements compared
// with ==, methods on receivers that may be nil, a method with a pointer
// receiver as the function under test, explicit panics, infeasible
// conditions (x == c inside x != c, x&3 == 5, x > 5 && x < 3), early
// returns, loops over strings and slices made with an input-dependent
// length up to 31 (beyond -kbound and -maxlen: sums, range loops,
// reversal, pairs, trimming and skipping spaces, searching a byte and
// slicing around it, counting, scanning by runes with
// utf8.DecodeRuneInString, and off-by-one variants that fail under a
// condition), whose checks the invariant proofs settle; calls of the
// standard library's summaries on words of up to four bytes drawn by the
// input's bits from small alphabets (ASCII separators, 'é' and its bytes
// alone, an invalid byte, '€': strings and bytes searches, trims, cuts,
// Fields, Compare, EqualFold; unicode/utf8's decoding, counting and
// validity, unicode's classes, a range over the word's runes); fmt's
// Sprintf, Sprint, Sprintln and Errorf (%w over the unit's sentinel, its
// error type, another error or nil; errors.Is, As, Unwrap) with the
// verbs, widths and flags go vet admits for basic, named, struct, pointer,
// slice and float values and a Stringer of the unit's (those the engine
// formats natively, which leave the text unknown, are the feature
// fmt-native, gated in knownBugs); the primitives the
// engine replaces (sync's Mutex, RWMutex, Once, OnceFunc, OnceValue(s),
// WaitGroup, Pool, Map; sync/atomic's functions and typed forms;
// unique.Make; sort.Slice and SliceStable; the iterators of slices and
// maps, over maps of one entry), in sequences that never deadlock or
// hit a fatal error (a negative WaitGroup counter panics); conditions
// that no input satisfies among them (r += 77 // unreachable) for the
// proofs; and a precondition
// (//leapfrog:assume, a quarter of the units: a condition over the
// parameters, helper calls included, drawn from a stream of its own, so
// that the rest of the unit is the same without it). Loops are bounded by
// construction, so every program terminates on every input; generated
// packages build and are go vet clean (TestGenerate). A function with
// input-dependent loops carries LoopsDirective in its doc comment.
//
// # One oracle run
//
// runOracle checks the functions of a package:
//
//  1. leapfrog gen -json -validate-solver runs once per row (a strategy and
//     flags: dfs, pm, treefrog, rgcb, mtelse, and treefrog with
//     -loop-models auto; the treefrog row keeps gen's independent re-proof
//     of unreachable verdicts, -recheck, the others turn it off; the random
//     programs run the dfs and treefrog rows, -randallrows every row, and
//     validate the solver on dfs and treefrog only) as a
//     subprocess of the test binary (TestMain turns it into the command
//     line), so that a crash or a hang is a finding that names its row and,
//     after a rerun per function, its function; the others are still
//     checked;
//  2. verify.Instrument copies the package and records every branch
//     outcome, panic and function entry the compiled code takes; the
//     generated enum_test.go has one TestEnum per function running every
//     input that satisfies its precondition, if any (checked through
//     verify's __leapfrogUnrecorded: what the check executes is not the
//     function's; the others count as inputs, not run) (a pointer receiver
//     is an input too: nil, then a pointer to a
//     copy of each value; a parameter of interface type T ranges over the
//     values the scenario's _test.go lists in lfDomain<T>(), lfDomainAny()
//     or lfDomainError(): nil and every value of every type a test can
//     construct that implements T, exactly the engine's candidates; a
//     parameter of function type over the factories lfDomain<T>() lists, a
//     sample of the functions of the type, one fresh function per call),
//     each
//     call under a recover that classifies the
//     panic and finds its line from the stack (cross-checked with verify's
//     own panic records); replay_test.go runs every case of every report alone
//     (kept and discarded), clearing the recorder's memory before each; the
//     emitted tests of every row join the same test binary;
//  3. the emitted tests must pass against the compiled code (the engine's
//     concrete outputs and panics against Go's); each case's replay must
//     reach every objective the case claims to cover and panic exactly when
//     the report says;
//  4. per row and function: a covered objective must have been observed for
//     some input; an unreachable one must not have been (a false unreachable
//     is reported with the witness input, the conflict and the smt2); every
//     outcome observed in the function or what it calls must have an
//     objective, and every site of its own body both; panics are compared
//     by kind and line, the entry by position; no objective is unknown
//     unless the reason is a loop bound in a function with LoopsDirective
//     (or there the length bound, or a size made concrete), the entry of a
//     function whose precondition no input satisfies (the reason must say
//     so; it then has no case and no emitted test), a
//     loop the models concretized, a time budget (logged), or, in a function
//     with interface parameters, their bound ("interface inputs bounded to
//     the dynamic types a test can construct"), which no input of the
//     domains may then reach; in a function that recovers (itself or a
//     function it may call calls recover), panics are checked where they
//     escape only (the enumeration and the replay do not see a recovered
//     one); a verdict gen
//     -recheck had to correct ("ENGINE WAS WRONG") is reported too;
//  5. every row gives every objective the same verdict, an accepted unknown
//     agreeing with anything; the smt2 of every unreachable verdict must be
//     unsat (an invariant's certificate: each of its queries), read from
//     its text (cvc5's command line, then Z3's
//     text evaluator when cvc5 cannot decide within a minute; not
//     leapfrog's translation of terms); and a self-check breaks each correct report in several ways
//     and expects the comparison to object, so that it cannot pass vacuously.
//
// Each contradiction is a disagreement with a class (the symptom: see the
// cls* constants), the row, the function, the objective, the verdict and
// the witness input.
//
// # The tests
//
// TestOracle runs the testdata/*.txtar scenarios (go.mod, a funcs section,
// the package's files, for interface parameters a _test.go file with their
// domains; ifaces_*: interfaces, errors, closures, defer and recover;
// stubs_funcs: function parameters, whose stubs answer each call with what
// the search chose; stdlib: calls into the standard library; stdlib_machinery: strings.Builder,
// bytes.Buffer and what is built on them; unsafe_views: package unsafe's
// views; linkname: variables bound to the runtime's; sync: sync,
// sync/atomic, unique and sort.Slice through their replacements;
// iterators: range over the package's own functions; iterators_std: over
// those of slices and maps), which must show no
// disagreement. TestRandomPrograms
// generates -randprogs functions from -randseed, -randbatch per package,
// and fails with, per failing function, its disagreements and a txtar
// scenario of the unit alone (checked again alone, so that positions are
// its own); -randout writes them and a summary of classes and features;
// -randwith keeps only the functions using the features it names (the
// next ones generated take the others' places).
// The features and rows of knownBugs are not generated or run by default
// (-randbugs, -randlift lift them); each entry names a reproducer in
// testdata/bugs/, which TestKnownBugs requires to still show the bug, so
// that a fix is noticed and the gate removed. TestShrinkTool reduces a
// failing scenario to a minimal one keeping a disagreement class. With
// -short, TestOracle runs five quick scenarios (shortScenarios) and
// TestRandomPrograms ten functions: the fast loop's share of the oracle.
//
// The enumeration does not check that an unreachable verdict's conflict is
// the right proof (the branches every path towards the objective takes); it
// checks the verdict itself, and Z3 checks that the proof's formula is unsat.
//
// # Floats
//
// A float32 input is not enumerated but sampled (lfFloat32s: the
// special values and a grid). For such a function an outcome the
// enumeration does not observe is inconclusive, a covered claim rests on
// its case's replay, and an unknown with a reason is accepted; an
// unreachable verdict on an observed outcome is still an error.
package oracle
