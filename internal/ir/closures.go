// Function values and deferred calls: closures, calls through function values, defer, recover.

package ir

// MakeClosure yields a function value (Typ, a KFunc) of Fn with its free
// variables bound to Bindings (Fn.NumFree of them, in order: go/ssa's
// captured variables are pointers, so a closure shares them with its
// maker). A function used as a value is a MakeClosure without bindings.
type MakeClosure struct {
	register
	Fn       *Function
	Bindings []Value
}

// CallValue calls the function value Fn (not nil: a preceding NilCheck)
// with Args: its function with the bound free variables, then Args. Its
// type is the result of Fn's signature (a tuple when it has several or
// none).
type CallValue struct {
	register
	Fn   Value
	Args []Value
}

// Defer registers a deferred call, its function and arguments evaluated
// now: of the function value Fn, or (Fn nil) of method Method of the
// interface Recv (not nil: a preceding NilCheck, as Go evaluates Recv.Method
// at the defer statement). The deferred calls of a frame run in reverse
// order at RunDefers, or when a panic unwinds the frame.
type Defer struct {
	anInstr
	Fn     Value
	Recv   Value
	Method string
	Args   []Value
}

// RunDefers runs the frame's deferred calls, the last registered first
// (before a normal return).
type RunDefers struct {
	anInstr
}

// Recover yields recover()'s result (an empty interface): the value of the
// panic being unwound when called directly by a deferred call run for it,
// which stops the panic (the frame that deferred the call then returns its
// RecoverResults), and nil otherwise.
type Recover struct {
	register
}

func (i *MakeClosure) Operands() []Value { return i.Bindings }
func (i *CallValue) Operands() []Value   { return append([]Value{i.Fn}, i.Args...) }
func (i *RunDefers) Operands() []Value   { return nil }
func (i *Recover) Operands() []Value     { return nil }

// Operands of a Defer: Fn or Recv, then Args.
func (i *Defer) Operands() []Value {
	if i.Fn != nil {
		return append([]Value{i.Fn}, i.Args...)
	}
	return append([]Value{i.Recv}, i.Args...)
}

// Signature returns the signature (a KFunc) a call of f through a
// function value has: its parameters without the free variables, and its
// results.
func Signature(f *Function) *Type {
	var params []*Type
	for _, p := range f.Params[min(f.NumFree, len(f.Params)):] {
		params = append(params, p.Typ)
	}
	return FuncOf(params, f.Results)
}
