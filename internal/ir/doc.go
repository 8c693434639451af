// Package ir defines leapfrog's SSA intermediate representation, prints
// its text form, and checks its invariants. Package irparse reads the text
// form back.
//
// # Design
//
// The IR is small and language neutral: typed values (bool, integers of a
// given width and signedness, floats, strings, arrays, slices, structs,
// pointers, maps, iterators, tuples, interfaces, function values; types
// may be named, and named types may be recursive), package-level variables
// (globals, with an initializer function), dynamic types (the types
// interface values may hold, with their method tables), functions made of
// basic blocks in SSA form, and four terminators: If (a branch with a
// program-wide ID, a kind and a source position), Jump, Return and Panic
// (an objective with its own ID). Package lower translates go/ssa into
// it; the text form doubles as a hand-written "CFG model" input, as the
// golden format of tests, and as the readable dump of lowered code.
//
// Builders (the Go lowering, the parser, tests) fill in the exported
// fields and use the few constructors that keep the invariants a field
// cannot: NewRegister gives a value-producing instruction its number and
// type, Block.Append and SetBlock tie an instruction to its block. Check
// then verifies the whole program; every program that leaves a builder
// passes it, and every test runs it.
//
// # Types
//
// Type names are labels: types are identical when their structures are
// (see Identical), so a named type and its underlying structure mix
// freely. Type.Size is gc's size on amd64 (SizeOf), which the Go lowering
// takes from go/types and the parser computes. Floats are KFloat of Width
// 32 or 64 (f32, f64) holding IEEE 754 bits; BinOp applies + - * / (round
// to nearest even, never fused) and the comparisons (IEEE: NaN unordered,
// -0 == +0) to floats; UnOp neg flips the sign bit; Convert goes between
// floats and integers of every width and between the float types. An
// opaque named type (Type.Opaque: a mirror of sync.Mutex, atomic.Int32,
// unique.Handle) is a structure like any, but its inputs are bounded to its
// zero value, the only value of it a test can write.
//
// GrowCap is the capacity gc's append gives a slice grown to a length,
// measured on the running Go's append, for both engines.
//
// # Interfaces and function values
//
// An interface value is nil or a dynamic type with a value of it. Go
// tells types apart that the IR's structures do not (int and int64 are
// both i64, two named types may share a structure), so the program
// declares its dynamic types (Program.Types, sorted by name): each with
// the Go type's name as the package writes it ("int", "Sq", "*Rect"), its
// structure, and its method set, with each method's signature (optional:
// without one a method matches an interface's by name; with one, only an
// identical signature, as in Go) and the function implementing the
// methods the program may call on it (its first parameter is the
// receiver). Prints names the method Go's fmt calls to print a value of
// the type; Input marks the types a test can construct, the candidates of
// interface inputs (Program.Candidates); Stub the stubs an emitted test
// declares, whose calls the engine answers with inputs (a candidate of the
// one interface whose method set they have). A function literal's free
// variables are its first parameters, bound by MakeClosure; a function
// that defers calls says what it returns when a deferred call recovers a
// panic: per result, an alloc of the entry block holding the named result
// (loaded then) or a constant. A panic may carry its value (an interface),
// which recover returns. Targets lists the functions a call, an invoke, a
// call through a function value or a deferred call may enter, for the
// analyses that follow calls.
//
// Globals live in Program.Globals; a Global operand is a pointer to the
// variable. Program.Init (one of the functions, with no parameters or
// results) runs at the start of every run to give the globals their
// initial values.
//
// # Text form
//
// Print is deterministic: named types the program uses, sorted by name,
// then the dynamic types and the globals; functions in Program order,
// blocks in index order labelled b<index>, registers by their numbers,
// constants always typed (true:bool only when a parameter is named true),
// the short type names (i64, not int). A call or builtin whose result is
// the empty tuple is written without "%N =". Branch and panic IDs are
// written ("#id" on every If, resp. every Panic) exactly when they are not
// in order of appearance; unknown If and Panic positions are written "@-"
// and unknown function positions omitted, so that the text round-trips.
// The spellings the text form uses (operator, branch kind and builtin
// names, predeclared type names, identifiers, quoted names) are defined
// here, for the printer and the parser alike. The grammar, and what the
// parser infers from what the printer leaves out, are in package irparse.
// For every program p that passes Check, irparse.Parse(Print(p)) passes
// Check and prints to the same text.
//
// # Sanity checks
//
// Check verifies, for every function: at least one block; Block.Index is
// the position in Blocks and Block.Func the function; every block is
// non-empty, ends with exactly one terminator and has none elsewhere; phis
// come first and have one edge per predecessor; Succs match the terminator
// (If 2, Jump 1, Return and Panic 0) and Preds/Succs mirror each other as
// multisets; the entry block has no predecessors; every block is reachable
// from the entry (no unreachable block is allowed: go/ssa removes them and
// a hand-written model has no reason to keep them); register numbers are unique and
// types well formed (every cycle of the type graph passes through a named
// type and through a pointer, slice or map; map keys are comparable);
// every operand is a constant (masked to its width; only a string constant
// has contents; no constant of an iterator or tuple type), a parameter of
// the same function, a global of Program.Globals, or a value-producing
// instruction of the same function that dominates the use (for a phi edge:
// the end of the corresponding predecessor); operand and result types
// follow the rules of the instructions' documentation: binary operands
// identical except for shifts; add, the ordering comparisons, min and max on
// integers and strings; and and or on integers and bools (both operands
// evaluated: a check's conjunction); the other arithmetic on integers; eq
// and ne on comparable types (bools, integers, strings, pointers, and
// structs and arrays of those) and on slices and maps against the constant
// nil; convert between integers, from an integer to a string, and between a
// string and []u8 or []i32; index of an array or a string, indexaddr of a
// pointer to an array or a slice, with integer indices; len of a string,
// slice or map and cap of a slice (i64); slice of a string (no max; the
// result a string), a slice (the same type) or a pointer to an array (a
// slice of its element), with i64 bounds; makeslice of a slice type with
// i64 sizes, makemap of a map type; lookup and mapupdate with the map's key
// and value types, lookup with ok giving (value, bool); append and copy of
// a slice of the same element type, or of a string to []u8; delete with the
// map's key type; clear of a map or slice; makeiface of a value of its
// dynamic type's structure to an interface whose methods the dynamic
// type's table has; changeiface to an interface with a subset of the
// methods; typeassert of an interface; invoke of a method of the
// operand's interface, callv of a function value, defer of either, with
// arguments of the signature's parameter types; comparable of two values
// of one interface type; closure binding one value per free variable, of
// its type; recover giving the empty interface; an explicit panic's value
// an interface; slicetoarrayptr from []T to
// *[N]T; range over a string or map giving iter[X]; next of an iterator
// giving NextType; If condition bool and a known kind; Return matching the
// results; call arguments matching the callee's parameters, callee in the
// program; Store value matching the pointee. For the program: unique
// function names, Function.Prog set; Program.Branches / Program.Panics
// indexed by If.ID / Panic.ID covering exactly the Ifs and Panics of the
// program; Program.Globals indexed by Global.Index, of pointer types, with
// distinct identifier names; Program.Init a function of the program without
// parameters or results; Program.Types sorted by distinct names, indexed
// by DynType.Index, of types an interface can hold, with method tables
// sorted by name whose functions are in the program and take the dynamic
// type as receiver (a stub: an input, its methods with signatures and no
// functions); a function's free variables among its parameters, and
// its recover results (required when it defers calls) one per result, a
// constant of its type or a pointer to it allocated in the entry block;
// and one structure per type name.
package ir
