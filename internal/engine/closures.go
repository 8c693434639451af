// Function values: closures binding their free variables, function inputs (stubs), calls through them.

package engine

import (
	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
)

// closure is a function value: a function of the program and the values
// bound to its free variables (go/ssa's captured variables are pointers,
// so the closure shares them with the function that made it), or nil (fn
// and stub nil). A function input is a stub (stubs.go): its calls return
// inputs; it may be nil (nilT is its input variable "<name>#nil", isNil
// its concrete value), and it is the stub whichever way the run went, as
// an input pointer is its object.
type closure struct {
	fn    *ir.Function
	env   []val
	stub  *stubState
	nilT  *expr.Term
	isNil bool
}

// null reports whether c is nil, concretely.
func (c *closure) null() bool {
	if c.stub != nil {
		return c.isNil
	}
	return c.fn == nil
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
// the arguments; a stub's call returns the inputs of that call.
func (m *machine) callValue(fr *frame, ci *cinstr, in *ir.CallValue, depth int) (val, bool) {
	c := m.operand(fr, ci.ops[0]).(*closure)
	if c.null() {
		panic(runError("call of a nil function value without a check"))
	}
	args := append([]val(nil), c.env...)
	for i := 1; i < len(ci.ops); i++ {
		args = append(args, m.operand(fr, ci.ops[i]))
	}
	fr.call = in
	if c.stub != nil {
		return m.results(m.stubCall(in.Block(), c.stub, "", args, depth))
	}
	if c.fn.Name == clockKey {
		m.clockSeams++ // env.go
		defer func() { m.clockSeams-- }()
	}
	return m.results(m.call(c.fn, args, depth+1))
}

// iteClosure merges two function values: only the same function with the
// same bound values (or the same stub) can be chosen symbolically.
func iteClosure(a, b *closure) val {
	if a.fn == b.fn && a.stub == b.stub && a.nilT == b.nilT && a.isNil == b.isNil && len(a.env) == len(b.env) {
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
