// Sanity checks of interfaces and function values: dynamic types, their instructions, closures and deferred calls.

package ir

import "fmt"

// ifaceInstr checks the instructions of ifaces.go and closures.go; false
// for other instructions.
func (c *checker) ifaceInstr(instr Instr, errf func(string, ...any), wantRes func(*Type)) bool {
	resType := func() *Type { return registerOf(instr).Typ }
	isIface := func(v Value, what string) bool {
		if v.Type().Kind != KInterface {
			errf("%s of %s, not an interface", what, v.Type())
			return false
		}
		return true
	}
	switch in := instr.(type) {
	case *MakeInterface:
		if !c.knownDyn(in.Dyn, errf) {
			return true
		}
		if !Identical(in.X.Type(), in.Dyn.Type) {
			errf("value of type %s, dynamic type %s has %s", in.X.Type(), DynName(in.Dyn.Name), in.Dyn.Type)
		}
		if t := resType(); t.Kind != KInterface {
			errf("makeiface to %s, not an interface", t)
		} else if !in.Dyn.Implements(t) {
			errf("dynamic type %s lacks a method of %s in its method set", DynName(in.Dyn.Name), t)
		}
	case *ChangeInterface:
		if !isIface(in.X, "changeiface") {
			return true
		}
		if t := resType(); t.Kind != KInterface || !methodSubset(t, in.X.Type()) {
			errf("changeiface from %s to %s, not an interface with fewer methods", in.X.Type(), t)
		}
	case *TypeAssert:
		if !isIface(in.X, "typeassert") {
			return true
		}
		if in.Dyn != nil {
			if !c.knownDyn(in.Dyn, errf) {
				return true
			}
		} else if in.Iface == nil || in.Iface.Kind != KInterface {
			errf("typeassert to %s, not a dynamic type or an interface", in.Iface)
			return true
		}
		if in.CommaOk {
			wantRes(TupleOf(in.AssertedType(), Bool))
		} else {
			wantRes(in.AssertedType())
		}
	case *Invoke:
		if !isIface(in.X, "invoke") {
			return true
		}
		m := MethodOf(in.X.Type(), in.Method)
		if m == nil {
			errf("invoke of %s, not a method of %s", in.Method, in.X.Type())
			return true
		}
		c.callArgs(in.Args, m.Sig, errf)
		wantRes(ResultOf(m.Sig))
	case *Comparable:
		if in.Y == nil {
			isIface(in.X, "comparable")
		} else if isIface(in.X, "comparable") && !Identical(in.X.Type(), in.Y.Type()) {
			errf("comparable of %s and %s", in.X.Type(), in.Y.Type())
		}
		wantRes(Bool)
	case *MakeClosure:
		f := in.Fn
		if f == nil || f.Prog != c.prog || c.prog.Func(f.Name) != f {
			errf("closure of a function not in the program")
			return true
		}
		if len(in.Bindings) != f.NumFree {
			errf("closure of %s binds %d values, it has %d free variables", f.Name, len(in.Bindings), f.NumFree)
			return true
		}
		for k, b := range in.Bindings {
			if !Identical(b.Type(), f.Params[k].Typ) {
				errf("binding %d has type %s, free variable %s has type %s", k, b.Type(), f.Params[k].Ident, f.Params[k].Typ)
			}
		}
		wantRes(Signature(f))
	case *CallValue:
		t := in.Fn.Type()
		if t.Kind != KFunc {
			errf("callv of %s, not a function value", t)
			return true
		}
		c.callArgs(in.Args, t, errf)
		wantRes(ResultOf(t))
	case *Defer:
		var sig *Type
		switch {
		case in.Fn != nil && in.Recv == nil && in.Method == "":
			if sig = in.Fn.Type(); sig.Kind != KFunc {
				errf("defer of %s, not a function value", sig)
				return true
			}
		case in.Fn == nil && in.Recv != nil:
			if !isIface(in.Recv, "defer invoke") {
				return true
			}
			m := MethodOf(in.Recv.Type(), in.Method)
			if m == nil {
				errf("defer invoke of %s, not a method of %s", in.Method, in.Recv.Type())
				return true
			}
			sig = m.Sig
		default:
			errf("defer of both a function value and a method, or of neither")
			return true
		}
		c.callArgs(in.Args, sig, errf)
	case *RunDefers:
	case *Recover:
		if t := resType(); t.Kind != KInterface || len(t.Methods) > 0 {
			errf("recover yields %s, not the empty interface", t)
		}
	default:
		return false
	}
	return true
}

// knownDyn reports whether d is a dynamic type of the program.
func (c *checker) knownDyn(d *DynType, errf func(string, ...any)) bool {
	if d == nil || d.Index < 0 || d.Index >= len(c.prog.Types) || c.prog.Types[d.Index] != d {
		errf("dynamic type not in Program.Types")
		return false
	}
	return true
}

// callArgs checks the arguments of a call of signature sig.
func (c *checker) callArgs(args []Value, sig *Type, errf func(string, ...any)) {
	if len(args) != len(sig.Params) {
		errf("call has %d arguments, the signature %s has %d parameters", len(args), sig, len(sig.Params))
		return
	}
	for k, a := range args {
		if !Identical(a.Type(), sig.Params[k]) {
			errf("argument %d has type %s, parameter has type %s", k, a.Type(), sig.Params[k])
		}
	}
}

// methodSubset reports whether every method of interface a is one of b's
// with an identical signature.
func methodSubset(a, b *Type) bool {
	for _, m := range a.Methods {
		n := MethodOf(b, m.Name)
		if n == nil || !Identical(m.Sig, n.Sig) {
			return false
		}
	}
	return true
}

// closureFunction checks a function's free variables and what it returns
// after a recovered panic: NumFree within its parameters; RecoverResults,
// required when it defers calls, one per result, each a constant of the
// result's type or a pointer to it allocated in the entry block.
func (c *checker) closureFunction(f *Function) {
	if f.NumFree < 0 || f.NumFree > len(f.Params) {
		c.errorf(f, nil, nil, "%d free variables, %d parameters", f.NumFree, len(f.Params))
	}
	defers := false
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if _, ok := in.(*Defer); ok {
				defers = true
			}
		}
	}
	if f.RecoverResults == nil {
		if defers {
			c.errorf(f, nil, nil, "defers calls but has no recover results")
		}
		return
	}
	if len(f.RecoverResults) != len(f.Results) {
		c.errorf(f, nil, nil, "%d recover results, %d results", len(f.RecoverResults), len(f.Results))
		return
	}
	for i, v := range f.RecoverResults {
		switch v := v.(type) {
		case *Const:
			if !Identical(v.Typ, f.Results[i]) || v.Val != 0 && v.Typ.Kind != KInt && v.Typ.Kind != KBool {
				c.errorf(f, nil, nil, "recover result %d: constant of type %s, result has type %s", i, v.Typ, f.Results[i])
			}
		case *Alloc:
			if v.Block() == nil || len(f.Blocks) == 0 || v.Block() != f.Blocks[0] || !Identical(v.Typ.Elem, f.Results[i]) {
				c.errorf(f, nil, nil, "recover result %d: not an alloc of the entry block of type *%s", i, f.Results[i])
			}
		default:
			c.errorf(f, nil, nil, "recover result %d: %s is neither a constant nor an alloc", i, FormatValue(v))
		}
	}
}

// dynTypes checks Program.Types: sorted by distinct names, indexed by
// DynType.Index, of valid types, with method tables sorted by name whose
// functions are in the program and take the dynamic type as receiver; a
// stub is an input whose methods have signatures and no function.
func (c *checker) dynTypes() {
	p := c.prog
	for i, d := range p.Types {
		derr := func(format string, args ...any) {
			c.errs = append(c.errs, &CheckError{Dyn: d, Msg: fmt.Sprintf(format, args...)})
		}
		switch {
		case d == nil:
			c.errorf(nil, nil, nil, "Types[%d] is nil", i)
			continue
		case d.Index != i:
			derr("dynamic type has Index %d but is Types[%d]", d.Index, i)
		case i > 0 && p.Types[i-1] != nil && p.Types[i-1].Name >= d.Name:
			derr("dynamic types not sorted by distinct names")
		case d.Name == "":
			derr("dynamic type without a name")
		}
		if s := c.validType(d.Type); s != "" {
			derr("bad type: %s", s)
			continue
		}
		if d.Type.Kind == KInterface || d.Type.Kind == KTuple || d.Type.Kind == KIter {
			derr("a value of type %s cannot be an interface's dynamic value", d.Type)
		}
		if d.Stub && !d.Input {
			derr("a stub that is no input")
		}
		if d.Prints != "" && d.Prints != "Error" && d.Prints != "String" {
			derr("prints with %s, not Error or String", d.Prints)
		}
		for k, m := range d.Methods {
			switch {
			case k > 0 && d.Methods[k-1].Name >= m.Name:
				derr("methods not sorted by distinct names")
			case d.Stub && (m.Func != nil || m.Sig == nil || m.Sig == NoSig):
				derr("stub method %s: a function, or no signature", m.Name)
			case m.Func == nil:
			case m.Func.Prog != p || p.Func(m.Func.Name) != m.Func:
				derr("method %s: function not in the program", m.Name)
			case len(m.Func.Params) == 0 || m.Func.NumFree > 0 || !Identical(m.Func.Params[0].Typ, d.Type):
				derr("method %s: %s does not take a %s receiver", m.Name, m.Func.Name, d.Type)
			case m.Sig != nil && m.Sig != NoSig && !Identical(m.Sig, methodSig(m.Func)):
				derr("method %s: signature %s, but %s is %s", m.Name, m.Sig, m.Func.Name, methodSig(m.Func))
			}
		}
	}
}

// methodSig is the signature of the method f, receiver left out.
func methodSig(f *Function) *Type {
	var params []*Type
	for _, p := range f.Params[1:] {
		params = append(params, p.Typ)
	}
	return FuncOf(params, f.Results)
}
