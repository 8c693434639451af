// Variables of the run-time system that other packages bind by //go:linkname, with the values the runtime gives them.

package replacements

// runtimeError is an error of the run-time system as package runtime makes
// it (its errorString): a runtime.Error whose message starts with
// "runtime error: ".
type runtimeError string

func (e runtimeError) Error() string { return "runtime error: " + string(e) }

// RuntimeError marks a runtime.Error.
func (e runtimeError) RuntimeError() {}

// divideError binds runtime.divideError (math/bits panics with it).
var divideError = error(runtimeError("integer divide by zero"))

// overflowError binds runtime.overflowError (math/bits panics with it).
var overflowError = error(runtimeError("integer overflow"))
