// Function values: closures binding their free variables, calls through them.

package engine

import (
	"leapfrog/internal/ir"
)

// closure is a function value: a function of the program and the values
// bound to its free variables (go/ssa's captured variables are pointers,
// so the closure shares them with the function that made it), or nil (fn
// nil). Function values are never inputs, so they are always concrete.
type closure struct {
	fn  *ir.Function
	env []val
}

// makeClosure is closure Fn [Bindings].
func (m *machine) makeClosure(fr *frame, ci *cinstr, in *ir.MakeClosure) val {
	c := &closure{fn: in.Fn, env: make([]val, len(ci.ops))}
	for i := range ci.ops {
		c.env[i] = m.operand(fr, ci.ops[i])
	}
	return c
}

// callValue is callv Fn(Args): the function with its bound values, then
// the arguments.
func (m *machine) callValue(fr *frame, ci *cinstr, in *ir.CallValue, depth int) (val, bool) {
	c := m.operand(fr, ci.ops[0]).(*closure)
	if c.fn == nil {
		panic(runError("call of a nil function value without a check"))
	}
	args := append([]val(nil), c.env...)
	for i := 1; i < len(ci.ops); i++ {
		args = append(args, m.operand(fr, ci.ops[i]))
	}
	fr.call = in
	return m.results(m.call(c.fn, args, depth+1))
}

// iteClosure merges two function values: only the same function with the
// same bound values can be chosen symbolically.
func iteClosure(a, b *closure) val {
	if a.fn == b.fn && len(a.env) == len(b.env) {
		same := true
		for i := range a.env {
			same = same && a.env[i] == b.env[i]
		}
		if same {
			return a
		}
	}
	panic(runError("a symbolic choice between two function values"))
}
