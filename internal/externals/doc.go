// Package externals is the table of the Go functions leapfrog runs natively
// instead of interpreting them: the engine converts the concrete values of
// their arguments to Go values, calls the real function (compiled into
// leapfrog) and converts the results back, as go/ssa/interp does for the
// functions it cannot interpret. The front end makes a call to one of them
// an ir.Call of an External function (named as go/ssa names it,
// Function.String: "fmt.Sprintf"); the engine looks the name up here.
//
// # Concrete calls, free results
//
// A native runs on concrete values only: a symbolic argument is replaced by
// its concrete value (no constraint is recorded), and each result is made
// of fresh solver variables ("ext#<n>.<width>:<name>") whose concrete value
// is the native result. The variables over-approximate what the function
// can return, so a refutation that holds with them free holds for the real
// function; a branch on such a value can be covered (the run is real) but a
// flip that needs another value only diverges, and the search reports the
// side unknown ("depends on the result of fmt.Sprintf, run concretely").
//
// # Which functions are natives
//
// Which functions are natives: those that have no Go body to interpret or
// whose body leapfrog cannot model (reflection: fmt's printing family), and
// only where a Go equivalent compiled into leapfrog computes the same
// result. Functions of the standard library that have a body in Go are
// interpreted, symbolically, like the package's own (strconv, unicode,
// math/bits, strings); the assembly loops of internal/bytealg are replaced
// by equivalent Go bodies in the front end (exact, not natives).
//
// # The fmt family
//
// The fmt family (Sprintf, Sprint, Sprintln) takes ...any: the front end
// passes the boxed values as separate arguments, and the name of the
// external carries their Go types after a '#': "fmt.Sprintf#int,string".
// Only predeclared basic types are boxed (a named type could have a String
// method that the native call would miss).
package externals
