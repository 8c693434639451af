// Package externals names the functions without a Go body that the engine
// answers itself instead of interpreting: the intrinsics of the fmt
// replacement package (internal/lower/replacements/fmt), the reflection
// fmt needs over the engine's values (a value's kind and type name, the
// parts of a composite boxed with their own types, the entries of a
// map), the concretization of a symbolic value with its taint, and the
// fresh variables a tainted result is made of. The front end makes a call
// of one an ir.Call of an External function named as go/ssa names it
// (Function.String: "leapfrog/replacements/fmt.kindOf"); the engine looks
// the name up in its own table (internal/engine/fmt.go), which must have
// every name listed here.
//
// # Concrete values, free results
//
// A value the engine concretizes (its term dropped, no constraint
// recorded) may make the result of the call depend on it: the result is
// then made of fresh variables ("ext#<n>.<width>:<function>") whose
// concrete values are the result's. They over-approximate what the call
// can return, so a refutation that holds with them free holds for the real
// function; a branch on such a value can be covered (the run is real) but a
// flip that needs another value only diverges, and the search reports the
// side unknown ("depends on the result of fmt.Sprintf, run concretely").
//
// # Native functions
//
// A function with no Go body whose pure-Go fallback cannot give the same
// bits (math's assembly Exp, Log and Hypot: Native) is run for real, in
// leapfrog's process, on its arguments' concrete values
// (internal/engine/native.go): constants when the arguments are, else free
// results as above ("depends on the result of math.Log, run concretely").
// The results are those of the machine leapfrog runs on, which is the one
// that runs the emitted tests.
//
// # Everything else is interpreted
//
// Functions of the standard library that have a body in Go are
// interpreted, symbolically, like the package's own (strconv, unicode,
// math/bits, strings, and fmt itself through its port); the assembly loops
// of internal/bytealg are replaced by equivalent Go bodies in the front
// end (exact, not externals).
package externals
