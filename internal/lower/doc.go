// Package lower is the Go frontend: it loads a Go package with go/packages,
// builds it with go/ssa (ssa.GlobalDebug, for DebugRef instructions) and
// lowers each requested function, and everything it calls, into an
// ir.Program of its own (Target.Prog): what a target receives differs from
// what the package's call sites pass (a pointer parameter may be nil), and
// a function's IR, so its verdicts, must not depend on which other
// functions were asked for. The program also holds the target's
// precondition (Target.Assume) and, when it uses package-level variables,
// the package initializer (Program.Init) and what they call.
//
// # How a package is lowered
//
// Load loads the package (its build errors are the targets' errors) and
// looks the targets up (Open, then Lower per target: a caller that
// analyses the functions one by one lowers each when it needs it, from the
// package kept open, and holds one program per analysis, not one per
// function; once every function was lowered, one lowered again is the
// same program, as the names the loader gives types and wrappers in the
// order first met were all given); generic targets are named with type arguments
// (F[int]), or without: the first instance the package itself uses (by the
// position of its first use), else its canonical instance (see Generic
// functions). Before go/ssa
// builds the package, the statements whose order of
// evaluation go/ssa would get wrong are rewritten to gc's order (calls
// before the indexing and reads to their left), and the preconditions are
// added (see Preconditions); //leapfrog:kbound and //leapfrog:models
// directives are read for the loops. A target is lowered lazily with its
// transitive callees, all committed or none, then its precondition and,
// when it uses package-level variables, the initializer; the functions,
// globals, branches and panics are put in their final order last.
//
// Types map from go/types (named and recursive types, sizes). One ssa
// function becomes one ir function: blocks, instructions and the wiring of
// the CFG; ssa values become operands (constants, parameters, globals).
// Operators, conversions, calls, the instructions on strings, slices and
// maps, the builtins, floats (constants, operators and conversions, float
// bits) and package-level variables each have their own lowering. Run-time
// checks become pseudo-branches, with the analysis of which pointers may be
// nil; branches are added on the right operand of value-context && and ||,
// and restored where go/ssa dropped them (empty if bodies); every branch
// and call gets its source position. Interface and function types, dynamic
// types, interface values, assertions, type switch cases, method calls and
// comparisons, function literals, function values, wrappers, defer and
// recover are lowered as described below, and so are the candidates of
// interface inputs, the method tables and the functions that may be called
// dynamically.
//
// Functions of other packages are interpreted (their Go bodies lowered
// like the package's own, their function literals and wrappers
// included), replaced, or external. Their package-level
// variables come with their initializers, whole or the slice giving the
// used variables their values (the variables a whole attempt that failed
// met are forgotten first: they are not the program's). fmt's printing functions (Errorf
// included) are replaced by a port of fmt (replacements/fmt, a package
// of its own that imports fmt's dependencies), whose reflection is
// answered by externals the engine implements (fmt.go). The replacement
// package holds Go bodies for bytealg's assembly, errors.Is and As,
// channels' operations (see Channels), sync, sync/atomic, unique, os.File's Write and WriteString (os.Stdin,
// os.Stdout and os.Stderr, of package os, which is not interpreted, are
// bound to its Files: a write to the output or the error succeeds whole,
// as under go test, one to the input is aborted; os.Args to its
// variable args, which its intrinsic commandLine initializes: values a
// test cannot fix, engine/args.go), os.File's Name and Fd, and os's
// functions and File methods that reach the file system or the process
// (a run calling one is aborted, with its name),
// reflectlite's ValueOf, Len and Swapper, a
// model of reflect (see The reflect model), the mirror types standing
// for their types, its intrinsics, and the
// runtime's variables other packages bind by //go:linkname (see
// Replacements). A function with no Go body (assembly) runs as the Go
// fallback its package runs on builds without the assembly, when the
// package names one by the standard library's conventions (a file built
// under the purego or math_big_pure_go tag forwarding to a Go function,
// as math/big's addVV to addVV_g; math's archX, guarded by haveArchX,
// beside x), and when the two cannot differ: integer arithmetic, or
// floating-point results IEEE 754 fixes exactly (floor, ceil, trunc, max,
// min; math's assembly Exp, Log and Hypot round differently from their
// fallbacks: they are externals the engine runs natively on concrete
// arguments, externals.Native). In those functions of other packages, an
// If on a constant (go/ssa keeps "if debug { ... }") is a jump: the side
// the constant rules out is not lowered, so a debugging print there
// rejects no caller. A range over a function becomes its yield function and
// the bookkeeping go/ssa adds around it. Package unsafe, compiler hints
// and variables bound elsewhere have a section of their own below.
//
// # Supported subset
//
// Types: bool, every integer type (int, uint and uintptr are 64 bits),
// string, arrays, slices, structs, pointers, maps and channels of
// supported types, interfaces (their method sets) and function types,
// nested, named or not, as parameters, receivers, results, locals and
// package-level variables (a channel is a pointer to a queue of the
// replacement package, see Channels). A struct field of a channel type
// of an unsupported element type, or of a function type
// whose signature names a type the IR has not, is an opaque reference,
// nil in every run (opaque.go): its type stays unmapped elsewhere, so a
// function that reads it, or makes a value of its type, is rejected,
// while the functions that only carry the struct are not (a parameter
// holding a function is a stub the emitted test
// writes, rejected when its signature names a type a test cannot; a
// result holding one is not checked). A named type keeps its name (ir.Type.Name: the
// Go name, qualified by the package name for another package's, with a
// "$N" suffix for a second type of the same name, as a type declared in a
// function); while its underlying type is mapped the named type is a
// placeholder, so a recursive type (type Node struct{ Next *Node }) maps
// to a cyclic ir.Type. Every type has its size (go/types' gc sizes on
// amd64).
//
// Instructions: locals, address-taken locals, new(T), composite literals
// (ssa.Alloc on the heap or not), FieldAddr, Field, IndexAddr (arrays
// through a pointer, slices), Index (arrays, strings), loads and stores;
// static calls to functions and methods of the same package (the callee
// is lowered too and executed by the engine, not summarised), Extract of
// multiple results, Phi; every integer BinOp and comparison, + and the
// comparisons on strings, == and != on every comparable type (bools,
// integers, strings, pointers, and structs and arrays of those) and on
// slices and maps against nil; UnOp (-x, !b, ^x, *p); Convert between
// integer types (a no-op when the IR types are identical, e.g. int to
// int64), from an integer to a string, and between a string and []byte or
// []rune; ChangeType (always a no-op: IR types are identical modulo
// names); Slice (strings, slices, pointers to arrays), MakeSlice (and
// make([]T, n, C) with a constant C, which go/ssa builds as new([C]T)[:n]),
// MakeMap, Lookup of a map (with and without comma-ok), MapUpdate, Range and
// Next over strings and maps (ranges over arrays, slices and integers are
// plain loops in go/ssa), SliceToArrayPointer; the builtins len and cap
// (IR Len and Cap; of an array or a pointer to an array, a constant),
// append (go/ssa passes the elements as a slice of a fresh array), copy,
// delete, clear, min and max (integers and strings; folded pairwise into
// BinOp Min and Max); Global (a package-level variable of the package: a
// pointer to it); If, Jump, Return and Panic. DebugRef instructions are
// skipped. Constants become ir.Const: integer bits masked to the width,
// string bytes, and Val 0 for nil pointers, slices and maps and zero
// structs and arrays (the IR's "zero:T").
//
// Package-level variables: a function that uses one makes the program
// list it (Program.Globals, in source order) and lower go/ssa's package
// initializer "init" (the variables' initializers in dependency order, the
// init functions, and their callees) as Program.Init; its calls to
// imported packages' initializers are skipped (no code of another package
// runs in the IR). When the initializer cannot be lowered, every target
// that uses a package-level variable fails with its reason. Another
// package's variables are unsupported. A variable of function type of the
// package is marked Assigned when a function of the package other than
// its initializers stores into it or uses it otherwise than by a load
// (the whole package scanned once, whatever the program lowered): the
// others holding an environment reader are the engine's seams.
//
// Interfaces and function values: MakeInterface (its dynamic type, see
// below), ChangeInterface, TypeAssert, method calls on interfaces
// (invoke), comparisons of interfaces, function literals (MakeClosure),
// functions used as values, calls through function values, go/ssa's
// wrappers (bound methods t.M, method expressions T.M, methods through a
// pointer or an embedded field), Defer and RunDefers, recover, and panics
// with their value (section Interfaces and function values).
//
// Everything else fails with "file:line:col: unsupported: <what>" at the
// position of the offending instruction (calls and conversions: the start of
// the call expression), value or parameter: complex numbers, maps keyed
// by floats (float32 and float64 are lowered: constants as IEEE bits,
// + - * / and comparisons, unary minus, conversions; no division check),
// go statements, deferred close, channels in interfaces, the uses of unsafe.Pointer the section on package unsafe
// does not model, calls of functions that cannot run, the other builtins
// (print, println, complex, real, imag, close), defer of a builtin,
// comparisons of structs or arrays holding interfaces, generic functions
// and methods of generic types for whose constraints no canonical type
// argument is found (see Generic functions), variables
// whose value comes from elsewhere and is not known. Go statements, then
// calls out of the package, are looked for before lowering so that their
// message wins over the messages of the values they need. A target fails
// with its own body's error, its precondition's, or (when it uses a
// package-level variable) the package initializer's, or a method table's.
//
// # Abort stubs
//
// A function the target's closure reaches and that cannot be lowered (a
// function of a package not interpreted, an assembly function with no
// fallback, a body holding a construct above) does not reject the target:
// it is stood for by an abort stub (aborts.go), an external function with
// its signature whose Unsupported says why; a call of it aborts the run with
// that reason, so that what only such runs reach stays unknown, never
// unreachable, and the static encodings take the call as any external's
// (results and effects unknown). A function whose body fails after it
// called others makes the target lowered again, from scratch, with it
// stubbed, so that nothing only it reached (a callee whose branches would
// be objectives no run reaches) stays in the program. Function literals
// and wrappers get no stub (a stub would not bind their free variables;
// their callers fail, and are stubbed), nor does a function whose
// signature cannot be lowered (its call cannot be), nor anything the
// package initializers and method tables reach (an initializer that fails
// is lowered in part instead, and a run through an aborting initializer
// would reach nothing). Target.Aborts lists the stubs, and the report's
// "aborts" with it. At most maxAborted functions are stubbed after a
// failed body; past that the target is rejected.
//
// Function names are "F", "T.M" for value receivers and "(*T).M" for pointer
// receivers; params are the receiver (if any) then the parameters, named as
// in Go ("recv" for an unnamed receiver, "argN" for an unnamed or blank
// parameter at IR index N). Program.Funcs is in source order; Branches and
// Panics are numbered in function, block and instruction order.
//
// # Generic functions
//
// go/ssa builds an instance only where code refers to it. An instance
// named by its type arguments (F[int]) gets a function appended to F's
// file in the load's overlay that returns it, the type checker's
// complaint being the name's error. A generic function named without type
// arguments is analysed as the first instance the package's own code uses
// (the functions appended for named instances are no such code); when it
// uses none, as its canonical instance: for each type parameter, the
// first of int, string, byte, float64, bool that satisfies its constraint,
// else the first term of the constraint that does, written without an
// import (~[]E gives []E, E replaced by its own choice: a constraint that
// names other type parameters waits for theirs), the whole checked by
// types.Instantiate. No reload is needed: the functions returning the
// canonical instances are declared in a file of their own,
// _leapfrog_canonical.go (a name the go tool ignores, so no file of the
// package has it), type-checked into the loaded package by a checker of
// its own (go/types adds files to a package incrementally) before go/ssa
// builds it. Neither kind of appended function counts as the package's
// code where its members are searched (its instances, dynamic types, nil
// facts), so a target's program does not depend on the others named. A
// constraint no candidate satisfies (a method, a term of another
// package's type, a struct) rejects the function, naming the type
// parameter and the constraint. A method of a generic type is analysed
// the same way, its type's parameters chosen: the canonical file returns
// the method expression of the instantiated type with the method's own
// receiver (T[int].M, (*T[int]).M), whose go/ssa thunk calls the instance
// of the method.
//
// # Unsafe, compiler hints, bound variables
//
// The IR has no unsafe.Pointer and no addresses; the front end lowers
// the uses of package unsafe that are views of memory the IR has. An
// instruction yielding an unsafe.Pointer (a conversion from a pointer,
// abi.NoEscape of one) emits nothing; its consumers look through it to
// the typed pointer it came from. (*U)(unsafe.Pointer(p)) for p a *T is p
// when T and U have one IR structure (field names included: the round
// trip of strings.Builder's copy check); otherwise only a load or a store
// through it is lowered, as a reinterpretation: a []byte's header read as
// a string is a string conversion (*(*string)(unsafe.Pointer(&b))), a
// number's bits read or written as another number of its width a
// conversion (a bitcast for floats). unsafe.String(ptr, n) and
// unsafe.Slice(ptr, n), where ptr is the start of a slice
// (unsafe.SliceData(s), &s[0]), a string (unsafe.StringData(s)) or an array
// (&a[0]) of the view's element type and n its whole length (len, or cap
// for unsafe.Slice of a slice; a constant up to an array's length; the
// same value, or two loads of one address with nothing that may write
// between them, as strings.Builder.String loads b.buf twice), are the views
// they are: unsafe.Slice is x[:n:n], the same memory; unsafe.String is the
// string itself, or a conversion copying the slice's or array's bytes.
// The copy is exact because Go forbids modifying the bytes a string views
// while it is used (a program that did would see its string change in Go
// and not in leapfrog). Everything else fails, with a reason that says
// what: unsafe.Add and any pointer arithmetic, an address as an integer
// (uintptr(unsafe.Pointer(p))) or an unsafe.Pointer made from one, views
// of part of a slice, unsafe.SliceData or StringData used alone, a
// string's header read as a []byte (its capacity is whatever follows it
// in memory), unsafe.Slice of a string (whether the view of an empty
// string is nil depends on where the string came from: gc's is nil for
// "" and string(nil), not for s[1:1]).
//
// String and slice headers are views too (headers.go):
// (*reflect.SliceHeader)(unsafe.Pointer(&b)), reflect.StringHeader, and a
// package's own header structs (a first field unsafe.Pointer or uintptr,
// then Len and Cap ints) over a string or slice variable. Reading a field
// reads the variable (its length, capacity, or its data pointer, which
// has no IR value and may only be stored into another header's Data or
// compared, see below);
// the stores into one header's fields that follow each other, with
// nothing between them that reads the variable or calls, are one write of
// the whole string or slice: the Data's source x sliced x[:len:cap] (the
// same memory), or a copy when a string views a []byte's bytes (exact
// under Go's rule that a string's bytes are not written while it is
// used) or a []byte a string's (read-only, ir.ReadOnly: a write into it
// aborts the run; in Go it faults or changes the string). A
// header variable converted to a *string or *[]T, or assigned such a
// header, is lowered as that string or slice, and so are the header
// variables copied to or from it (bh := sliceHeader{data: sh.data, ...},
// which go/ssa builds as a composite literal's variable copied into bh:
// headers_values.go). A data pointer (a header's, unsafe.SliceData's,
// unsafe.StringData's) compared with nil is the slice's
// nil-ness (a nil slice's data is nil, make([]T, 0)'s is not), false for
// a non-empty string, and for an empty string, whose data is nil or not
// by where it came from, an aborted run (ir.Within); unsafe.Pointers
// converted from pointers of one IR type compare as those pointers; any
// other comparison of unsafe.Pointers is rejected. A phi of
// unsafe.Pointers whose values are nil or pointers of one IR type
// converted (var p unsafe.Pointer; if c { p = unsafe.Pointer(&x) }) is a
// phi of that pointer type, converted back to it or compared as above
// (unsafe_phis.go). An unsafe.Pointer held anywhere else (a field of a
// struct that is no header, another phi, a parameter or result) is
// rejected. Where the view would reach
// beyond its source's memory, or a []byte would view an empty string's
// bytes (nil or not by where the string came from), ir.Within aborts the
// run: a decision the search flips, whose aborted side refutes nothing.
// uintptr(a.Data) - uintptr(b.Data) of two strings' headers is
// ir.DataOff, their offset when both are sliced from one string (gc does
// not advance an empty substring's pointer), an aborted run otherwise;
// any other arithmetic or comparison of addresses is rejected.
//
// Compiler hints change no value: internal/abi's NoEscape, Escape and
// EscapeToResultNonString are identities (the call's value is its
// argument), runtime.KeepAlive, abi.EscapeNonString and the race
// detector's hooks (internal/race, empty without -race) are dropped, with
// the interface conversions made only for their arguments.
//
// A package-level variable whose value comes from elsewhere,
// "//go:linkname local pkg.name" (its Go declaration has no initializer)
// or defined in assembly (GLOBL), is never its zero value: it is the
// variable it is bound to, a variable of an interpreted package or one of
// the replacement package's binding the runtime's (runtime.divideError
// and overflowError, which math/bits binds, runtime.Errors with the
// runtime's messages); a use of any other fails with the reason.
//
// # Blocks
//
// ssa blocks map 1:1 to IR blocks, in ssa order, except that a run-time
// check splits a block: the instructions after the checked operation continue
// in a new block, and the failing side is a new block ending in the check's
// Panic. The last block of the chain holds the ssa terminator and is the
// predecessor seen by the successors' phis. Blocks go/ssa left unreachable
// are dropped. Register numbers are assigned in block order.
//
// # Run-time checks
//
// The engine relies on these being explicit. Each is an If whose true side
// continues and whose false side panics (Panic{Kind: CheckPanic, Msg:
// kind.PanicMessage()}); the If's Pos is the operation's (the ssa
// instruction's position).
//
//   - DivCheck "y != 0" before x/y and x%y unless the divisor is a non-zero
//     constant (go/ssa propagates a local holding zero as the constant 0).
//   - IndexCheck "u64(i) < len" before Index/IndexAddr with a non-constant
//     index: one unsigned comparison, the index converted to u64 first (a
//     negative signed index sign-extends to a huge value). Constant in-range
//     indices and the counter of a range loop over the array (go/ssa's hidden
//     "rangeindex" variable, in the body guarded by its "< len" test) need
//     no check.
//   - ShiftCheck "s >= 0" before a shift by a signed count that is not a
//     non-negative constant.
//   - IndexCheck on strings and slices likewise, against their Len (and the
//     counter of a range loop over the same slice, whose bound is its len,
//     needs none); a constant string's length is known.
//   - SliceCheck before every Slice: Go's 0 <= low <= high <= max <= cap
//     (len for a string; N for a pointer to [N]T; an absent low is 0, high
//     len, max cap) as one conjunction (IR And on bools) of unsigned
//     comparisons of the bounds converted to u64: a negative bound becomes
//     huge and fails its comparison towards the capacity, below 2^63.
//     Comparisons that hold for constants (and 0 <= b, len <= cap) are left
//     out, and the check is dropped when nothing is left.
//   - MakeLenCheck "len >= 0" (signed, after converting to i64; none for a
//     constant or a narrower unsigned length) and MakeCapCheck "len <= cap"
//     (none when the capacity is the length or both are constant) before
//     MakeSlice, in Go's order; make([]T, n, C) with a constant C gets the
//     same two checks instead of a SliceCheck, as Go reports it. Sizes
//     whose bytes exceed Go's maxAlloc also panic in Go (with a message
//     that depends on escape analysis); the checks do not model that.
//   - MapCheck "m != nil" before MapUpdate unless the map is made in the
//     function (make, a literal, or a phi of those).
//   - ConvCheck "len(s) >= N" before SliceToArrayPointer to *[N]T (and so
//     before a conversion to [N]T) unless N is 0.
//   - NilCheck "p != nil" before FieldAddr, IndexAddr, Slice, load and store
//     through a pointer that may be nil. Allocations, globals, field and
//     element addresses and pointers into a slice converted to a non-empty
//     array are never nil; a pointer loaded from memory (p.Next), taken from
//     a field of a value or an element is unknown and may be nil; the
//     target's own pointer parameters (and those of its precondition) are
//     inputs and may be nil; another pointer parameter or a result is never
//     nil when every static call site in the package passes a non-nil
//     argument and every return returns a non-nil value (a greatest fixpoint
//     over the package, seeded with the target's parameters and with those
//     of the functions that may be called dynamically: code outside it
//     never runs in the IR). So tcas and wbs
//     have no nil checks in AltSepTest12, Step and Launch, while a method
//     analysed on its own checks its receiver, and the result of a function
//     that may return nil is checked before use.
//
// A check dominated by the same check (the same kind, the same pointer,
// index or map value, the same length or collection) is not emitted: it
// could never fail. go/ssa
// addresses an operand twice for p.x++ and a[i] += 1, and every use of a
// receiver after the first would otherwise be a second, unreachable, nil
// dereference objective.
//
// Each check's panic message is its kind's PanicMessage, the start of Go's
// run-time error text.
//
// # Preconditions
//
// A doc comment line "//leapfrog:assume <expr>" (several: their
// conjunction, evaluated left to right as && would) restricts a target's
// inputs. Before loading, the package's files are parsed with
// go/parser to find the directives, and the package is loaded with a
// go/packages overlay that appends to the declaring file, for each function
// with directives, "func leapfrogAssume_<F or T_M>(<receiver and parameters
// as written>) (ok bool)" assigning each expression to ok in turn; a //line
// comment before each expression gives it the directive's position, so
// that the type checker's errors and the IR's branches point at the
// directive. The function is lowered into the target's program like any
// other (Target.Assume, with Target.AssumeText the expressions joined by
// &&); it is no callee of the target, so its branches are no objectives. A
// directive that does not parse or type-check makes its target fail with
// "file:line:col: leapfrog:assume: <message>" at the directive (the package
// is loaded again without that function); the other targets load.
//
// Explicit panic(v) becomes Panic{Kind: ExplicitPanic} with the constant
// argument as text ("" when not constant) at the start of the panic call,
// and its value (the interface go/ssa makes of v), which recover returns
// and whose printed form is the message of a run that ends in it.
//
// # Interfaces and function values
//
// Dynamic types. A Go type converted to an interface (MakeInterface),
// asserted (TypeAssert) or a candidate of an interface input is a dynamic
// type of the program (ir.Program.Types, sorted by name): its name is the
// Go type as the package writes it (another package's qualified by its
// name: "*errors.errorString"), unique in the program; its method table
// lists its method set, with the functions of the methods the program may
// call: for every invoke (or deferred method call) of a method M on an
// interface the dynamic type implements, its M is lowered, and its
// failure is the target's; the methods fmt prints a value with (Error,
// String: Prints) and Unwrap (for errors.Is) are lowered when they can be.
// The methods lowered may make more dynamic types: this goes on until
// nothing changes (finishInterfaces, after the target's functions and the
// package initializer). Target.DynTypes gives the emitted tests the Go
// type of each name.
//
// Candidates of interface inputs. For every interface type among the
// target's parameter types and their parts (fields, elements, pointees,
// and the candidates' own types), the types a test can construct that
// implement it are marked Input: for an interface with methods, the
// package's named types T (or *T when only that implements); the
// program's dynamic types; *errors.errorString for error when the errors
// package's code is loaded (the test calls errors.New); int for an empty
// interface with no other. A test can construct booleans, integers and
// strings (named or not), and arrays, slices, maps, pointers and structs
// of those (another package's fields exported), and interfaces.
//
// Stubs. An interface with methods (not error) that no type of the
// package implements, and whose methods a test can write (exported or the
// package's own, every type in their signatures nameable), gets one more
// candidate (stubs.go): a dynamic type marked Stub, standing for any
// implementation, whose methods have signatures and no functions (the
// engine answers their calls with inputs; the emitted test declares it).
// The interfaces among the results of the methods of stubbed interfaces
// and of function inputs get candidates too.
//
// Assertions and type switches. x.(T) is TypeAssert with comma-ok: its ok
// guards the value with an AssertCheck ("interface conversion") at the
// expression's start unless the assertion has comma-ok. go/ssa tests a
// type switch's cases in order, each a comma-ok TypeAssert placed at the
// case keyword and an If on its ok without a position: the If's position
// is the case's type as written (each type of a case list its own
// objective); case nil is a comparison with nil at the nil. go/ssa's
// assertion of an interface to an interface it implements before a method
// value (s.M) becomes a NilCheck: Go panics there with a nil dereference.
//
// Method calls and function values. A method call on an interface, a
// call through a function value and a deferred method call check that the
// interface or function value is not nil (NilCheck, "nil pointer
// dereference"), unless it cannot be: made here (an interface made from a
// value, a closure, a function, or a phi of those), a wrapper's bound
// receiver, a dominating "x != nil" (or the ok of a comma-ok assertion to
// an interface), or the same check before. A function literal's free
// variables are its first parameters (ir.Function.NumFree), named after
// the variables; its closure binds them (go/ssa captures variables by
// reference: the bindings are pointers). A call of a closure or function
// literal known at the call is a plain call with the bindings first;
// another call through a function value is callv. A function used as a
// value is a closure without bindings made at the top of the entry block.
// Wrappers are lowered like functions of the package, named T.M$bound,
// (*T).M$thunk, (*T).M (a value method through a pointer). Another
// package's function literals and wrappers (bytes.growSlice defers one,
// strings.Title passes one capturing a variable) are lowered the same way,
// named as go/ssa qualifies them ("bytes.growSlice$1",
// "(*bytes.Buffer).Len$bound") and marked with their package
// (ir.Function.Pkg): their branches are paths, no objectives.
//
// Comparisons of interfaces. x == y on interfaces may panic when both
// hold one type whose values do not compare: a CmpCheck ("comparing
// uncomparable type") on comparable x, y guards it, unless one side is
// nil or holds a value of a type that compares.
//
// Defer and recover. Defer becomes defer of a function value (a closure,
// or a closure without bindings for a static function, a method's taking
// its receiver first: defer mu.Unlock()) or of a method of
// an interface (receiver checked at the defer statement, as Go evaluates
// it there); RunDefers becomes rundefers; recover() becomes recover. A
// function that defers calls has RecoverResults, from go/ssa's Recover
// block: the allocs of its results (go/ssa keeps them in memory then), or
// zero constants.
//
// Which pointers may be nil changes with dynamic calls: the
// pointer parameters of function literals, of functions used as values,
// and of the methods of the types the package converts to interfaces or
// asserts (and of the candidates of the target's interface inputs) may be
// nil, and so may those of wrappers; a function literal's free variables
// are never nil.
//
// # Replacements
//
// The replacement package (replacements/, embedded, type-checked into the
// program on first need as "leapfrog/replacements", importing only unsafe)
// holds Go bodies lowered instead of standard-library functions that have
// none leapfrog can run: assembly, the run time's, reflection. A function
// whose doc comment says "F replaces pkg.G" replaces G; a method of a
// mirror type replaces the same method of the type it mirrors; a generic
// function is replaced by a method of a generic carrier type with the
// same type parameters ("Make replaces unique.Make" on makeOf[T]),
// instantiated with the instance's type arguments (go/ssa's LookupMethod:
// it has no other way to instantiate), whose receiver is no parameter of
// the replaced function. The signatures must match, mirrors aside, or the
// function is not replaced (it is then rejected as before). A mirror
// ("mutex replaces sync.Mutex") gives the Go type its structure in the IR,
// keeps the Go name and marks it Opaque (inputs bounded to the zero value:
// a test cannot write another); it must have the Go type's size and keep
// its exported fields at their indices (checked when the type is met: a
// mismatch makes the type unsupported). sync's types, atomic's typed
// forms, unique.Handle and reflect's Value and StructField are mirrored.
// A named interface stands for the unnamed one of its method set
// (sync.Cond's L is a sync.Locker, which the replacement package cannot
// name). A mirror of a named interface (reflect.Type) holds the part of
// its method set the replacement answers (a call of another method is
// rejected); a mirror of a named basic type (reflect.Kind, StructTag) has
// its underlying type and is not opaque.
//
// # Channels
//
// One goroutine runs (go statements are rejected), so a channel is a
// queue (chans.go, replacements/chan.go): chan T maps to a pointer to
// the replacement package's queue[T] (the values buffered, the capacity,
// closed), named after the Go type and Opaque, so that an input channel
// is nil (the only one a test writes) and an output is asserted only when
// nil. make, send, receive (comma-ok, range), close, len and cap are
// calls of queue's methods; make checks makechan's bound (the size
// converted to int64, as gc's makechan64 does). What would block forever
// (a send with no room, a receive from an empty open channel, either on
// a nil channel, a select with no ready case and no default) is Go's
// fatal deadlock: the run is aborted. Send on a closed channel, close of
// a nil or closed one panic with the run time's errors. A select folds
// its cases' readiness, in order, into its choice (go/ssa evaluated the
// channels and the values sent before, in source order); more than one
// ready case aborts the run (Go picks one at random), none takes the
// default; then each case's operation runs guarded by "chosen". The
// tests of the chosen case (go/ssa's If on the index) and the ok of a
// range over a channel are internal branches (go test -cover and the
// instrumenter count no branch there), and go/ssa's "blocking select
// matched no case" panic is a fatal panic, never reached. A value
// holding a channel converted to an interface is rejected (fmt would
// print its address), and so is a deferred close.
//
// # The reflect model
//
// reflect is modelled for the class, not by function (replace_reflect.go,
// replacements/reflect*.go): a reflect.Type is the id of a type in the
// program's type table (ir.Program.Reflect: the dynamic types, closed
// under their parts, with what reflect tells of each: kind, name, package
// path, elements, fields and tags, size), a reflect.Value the interface it
// was reached from and the steps reaching it (fields, elements,
// dereferences), walked again at each read so that a Value reached
// through a pointer sees memory as it is. Eighteen intrinsics (ir's
// Reflect* builtins) read the table, walk, box and store values, make
// fresh variables, slices and maps (New, Zero, MakeSlice, MakeMap), look
// up, store, delete and list a map's entries (MapIndex, SetMapIndex,
// MapKeys; MapRange iterates over MapKeys' snapshot), and slice, append
// and copy (Slice, Slice3, SetLen, SetCap; Grow, Append, AppendSlice as
// reflect's growslice: append to the full capacity; Copy); the rest
// (Kind, Field, Index, Elem, Int, Set*, Equal, TypeAssert, DeepEqual,
// StructTag.Lookup) is Go over them, differentially tested against
// reflect with native intrinsics. The methods that give an address
// (Pointer, UnsafePointer, UnsafeAddr, InterfaceData) are rejected: the
// engine's memory has objects, not addresses a test could reproduce.
// MapKeys lists the keys in the model's order: with more than one, the
// rest of the run depends on an order Go does not fix, and is not claimed
// (engine's orderDep, as after a range over a map). reflect's string
// panics are Go's own; where reflect panics with a *ValueError, or where
// the model stops (a map changed during a MapRange, Implements of an
// interface with methods), the run aborts with the reason.
//
// errors.As is replaced at its calls, not by its name (erroras.go): it
// asks reflectlite for the type its target points to, which the call
// knows when it converts the target to any there (errors.As(err, &t)).
// The call becomes one of (*asTarget[T]).as, T that type, a search of
// err's tree by type assertions to T (reflectlite's AssignableTo(T) but
// for types of identical underlying struct types and different names:
// a T whose underlying struct embeds a field, which an unnamed struct
// type with methods needs, is rejected), or of asNoPointer for a target
// holding no pointer. A target whose type the call does not know is left
// to errors.As's body, and rejected.
//
// A replacement body is ordinary Go, interpreted as a dependency (its
// branches are paths, its function literals are lowered as the package's
// are, named by go/ssa), with intrinsics lowered to IR instructions
// (comparable, slicelen, sliceswap, sametype), panic(fatal("...")),
// which becomes a FatalPanic (a fatal error of Go's run time: a deadlock
// of the one goroutine, an unlock of an unlocked mutex, os.Exit; Go never
// goes past it), and panic(unmodelled("...")), which becomes an AbortPanic
// (what Go does there is not modelled: it returns an error, chooses at
// random, or panics with a value the model does not build; Go goes on).
// Both abort the run with their message; only a FatalPanic may end a
// path in a prover's encoding (invariant, indep). The same
// files compile natively for the differential tests against the real
// functions (replacements/*_test.go; fatal errors in child processes).
//
// # Source branches
//
// Every source condition and every && / || operand is one If of kind
// SourceBranch. In condition context go/ssa already emits an If per operand
// ("if !x" branches on x with swapped targets: the true side is x true). In
// value context (x := a && b, return a || b, f(a && b)) its logicalBinop
// branches on the left operand but evaluates the right operand y as a value
// flowing into a phi with Comment "&&" or "||" along the phi block's last
// edge. The lowering adds the missing branch: the predecessor on that edge ends
// in a Jump, which becomes If y with two new blocks jumping to the phi's
// block; the phi's last edge becomes two edges (true and false) and the
// other phis of the block get their old value on both. No branch is added
// when y is a constant or an && / || expression written in place (possibly
// negated or parenthesised: its operands branch already); a variable
// holding such a value (c := a || b; return x && c) is an operand like any
// other and gets its branch.
//
// go/ssa's jump threading drops an If whose two targets reach the same block
// ("if c {}", or the last operand of "if a && b {}"): the If becomes a Jump,
// block fusion may then remove that too, even in GlobalDebug mode. In
// condition context go/ssa always emits an operand's If right after the
// operand's DebugRef, so a DebugRef of an operand of an if, for or tagless
// switch condition that is not followed by an If on its value marks a dropped
// If, which the lowering restores (an If whose two sides jump to a new block where
// the rest of the ssa block continues).
//
// # Positions
//
// An ssa.If has no position. The operand expression comes from the last
// DebugRef before the If in its block whose X is the If's condition (the
// expression is already unparenthesised); its Pos is the branch position.
// The added value-context branches use the DebugRef of y likewise. Fallbacks:
// the condition value's position (a tag switch's comparison carries its case
// expression's), then the block's first non-phi instruction (a phi carries
// its variable's declaration). An If with no position at all, like the
// "index < len" test of a range loop over an array, is an InternalBranch, and
// so is an If on a whole && / || expression whose operands branch already.
// ir.Pos holds the file's base name.
package lower
