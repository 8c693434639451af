// Call targets: the functions a call, an interface method call, a call through a function value or a deferred call may enter.

package ir

// Targets answers which functions an instruction may call, for the
// analyses that follow calls (objectives, reachability): a Call's callee;
// an Invoke's methods of the dynamic types implementing its interface; a
// CallValue's or Defer's functions of the program made into values of its
// signature (MakeClosure); a RunDefers's targets of the Defers of its
// function. It over-approximates, which is the sound side for them.
type Targets struct {
	closures []*Function // the functions of MakeClosure instructions, in program order
	deferred map[*Function][]*Function
	memo     map[Instr][]*Function
	prog     *Program
}

// NewTargets indexes the program's function values and deferred calls.
func NewTargets(p *Program) *Targets {
	t := &Targets{deferred: map[*Function][]*Function{}, memo: map[Instr][]*Function{}, prog: p}
	seen := map[*Function]bool{}
	for _, f := range p.Funcs {
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				if mc, ok := in.(*MakeClosure); ok && !seen[mc.Fn] {
					seen[mc.Fn] = true
					t.closures = append(t.closures, mc.Fn)
				}
			}
		}
	}
	for _, f := range p.Funcs {
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				if d, ok := in.(*Defer); ok {
					t.deferred[f] = appendNew(t.deferred[f], t.Of(d)...)
				}
			}
		}
	}
	return t
}

// Of returns the functions in may call, nil when it calls none.
func (t *Targets) Of(in Instr) []*Function {
	if fs, ok := t.memo[in]; ok {
		return fs
	}
	var fs []*Function
	switch in := in.(type) {
	case *Call:
		fs = []*Function{in.Callee}
	case *Invoke:
		fs = t.methods(in.X.Type(), in.Method)
	case *CallValue:
		fs = t.values(in.Fn.Type())
	case *Defer:
		if in.Fn != nil {
			fs = t.values(in.Fn.Type())
		} else {
			fs = t.methods(in.Recv.Type(), in.Method)
		}
	case *RunDefers:
		fs = t.deferred[in.Block().Func]
	}
	t.memo[in] = fs
	return fs
}

// Deferred returns the functions f's deferred calls may call.
func (t *Targets) Deferred(f *Function) []*Function { return t.deferred[f] }

// AllDeferred returns every function a deferred call of the program may
// call (what a panic may run), in program order.
func (t *Targets) AllDeferred() []*Function {
	var out []*Function
	for _, f := range t.prog.Funcs {
		out = appendNew(out, t.deferred[f]...)
	}
	return out
}

// methods are the implementations of method name by the dynamic types
// implementing the interface type iface (those the program may call).
func (t *Targets) methods(iface *Type, name string) []*Function {
	var fs []*Function
	for _, d := range t.prog.Types {
		if d.Implements(iface) {
			if f := d.Method(name); f != nil {
				fs = appendNew(fs, f)
			}
		}
	}
	return fs
}

// values are the functions made into values whose signature is sig.
func (t *Targets) values(sig *Type) []*Function {
	var fs []*Function
	for _, f := range t.closures {
		if Identical(Signature(f), sig) {
			fs = append(fs, f)
		}
	}
	return fs
}

func appendNew(list []*Function, fs ...*Function) []*Function {
	for _, f := range fs {
		dup := false
		for _, g := range list {
			dup = dup || g == f
		}
		if !dup {
			list = append(list, f)
		}
	}
	return list
}

// Callees returns fn and every function it may call, transitively, in a
// deterministic order (fn first, then by first call in block order): the
// callees of calls, and the targets of interface method calls, calls
// through function values and deferred calls (Targets).
func Callees(fn *Function) []*Function {
	seen := map[*Function]bool{}
	var order []*Function
	var ts *Targets
	if fn.Prog != nil {
		ts = NewTargets(fn.Prog)
	}
	var walk func(f *Function)
	walk = func(f *Function) {
		if seen[f] {
			return
		}
		seen[f] = true
		order = append(order, f)
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				if c, ok := in.(*Call); ok {
					walk(c.Callee)
				} else if ts != nil {
					for _, g := range ts.Of(in) {
						walk(g)
					}
				}
			}
		}
	}
	walk(fn)
	return order
}
