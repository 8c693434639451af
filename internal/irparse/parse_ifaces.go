// Parser of the instructions on interfaces and function values: syntax, resolution, types.

package irparse

import (
	"fmt"
	"sort"

	"leapfrog/internal/ir"
)

// parseIfaceInstr parses the operands of the instructions of ifaces.go
// and closures.go; false when op is none of them.
func (p *parser) parseIfaceInstr(in *aInstr, op string) bool {
	args := func(close string) {
		for !p.got(tPunct, close) {
			if len(in.args) > 0 {
				p.want(tPunct, ",")
			}
			in.args = append(in.args, p.parseOperand())
		}
	}
	// call parses "F(args)" or "X.M(args)" into args[0] and args[1:].
	call := func(method bool) {
		in.args = []*aOperand{p.parseOperand()}
		if method {
			p.want(tPunct, ".")
			in.method = p.want(tIdent, "").text
		}
		p.want(tPunct, "(")
		for !p.got(tPunct, ")") {
			if len(in.args) > 1 {
				p.want(tPunct, ",")
			}
			in.args = append(in.args, p.parseOperand())
		}
	}
	switch op {
	case "makeiface": // X as DYN to T
		in.args = []*aOperand{p.parseOperand()}
		p.want(tIdent, "as")
		in.dynTok = p.tok()
		in.dyn = p.parseDynName()
		p.want(tIdent, "to")
		in.typ = p.parseType()
	case "changeiface": // X to T
		in.args = []*aOperand{p.parseOperand()}
		p.want(tIdent, "to")
		in.typ = p.parseType()
	case "typeassert": // X to (dyn NAME | T) [, ok]
		in.args = []*aOperand{p.parseOperand()}
		p.want(tIdent, "to")
		if p.got(tIdent, "dyn") {
			in.dynTok = p.tok()
			in.dyn = p.parseDynName()
		} else {
			in.typ = p.parseType()
		}
		if p.got(tPunct, ",") {
			p.want(tIdent, "ok")
			in.commaOk = true
		}
	case "invoke": // X.M(args)
		call(true)
	case "callv": // F(args)
		call(false)
	case "defer": // F(args) | invoke X.M(args)
		in.invoke = p.got(tIdent, "invoke")
		call(in.invoke)
	case "comparable": // X, Y | X
		in.args = []*aOperand{p.parseOperand()}
		if p.got(tPunct, ",") {
			in.args = append(in.args, p.parseOperand())
		}
	case "closure": // F [ "[" bindings "]" ]
		in.calleeTok = p.tok()
		in.callee = p.parseFuncName()
		if p.got(tPunct, "[") {
			args("]")
		}
	case "rundefers", "recover":
	default:
		return false
	}
	return true
}

// newIfaceInstr makes the instruction of ai when it is one of ifaces.go
// and closures.go (handled false otherwise); nil after an error.
func (c *fctx) newIfaceInstr(ai *aInstr, byName map[string]*ir.Function) (in ir.Instr, handled bool) {
	p := c.p
	dyn := func() *ir.DynType {
		for _, ad := range p.dyns {
			if ad.d.Name == ai.dyn {
				return ad.d
			}
		}
		p.errorf(ai.dynTok, "undefined dynamic type %s", ir.DynName(ai.dyn))
		return nil
	}
	switch ai.op {
	case "makeiface":
		d := dyn()
		if d == nil {
			return nil, true
		}
		x := &ir.MakeInterface{Dyn: d}
		x.Typ = ai.typ
		return x, true
	case "changeiface":
		x := &ir.ChangeInterface{}
		x.Typ = ai.typ
		return x, true
	case "typeassert":
		x := &ir.TypeAssert{CommaOk: ai.commaOk, Iface: ai.typ}
		if ai.dyn != "" {
			if x.Dyn = dyn(); x.Dyn == nil {
				return nil, true
			}
		}
		return x, true
	case "invoke":
		return &ir.Invoke{Method: ai.method}, true
	case "callv":
		return &ir.CallValue{}, true
	case "defer":
		return &ir.Defer{Method: ai.method}, true
	case "comparable":
		return &ir.Comparable{}, true
	case "closure":
		f := byName[ai.callee]
		if f == nil {
			p.errorf(ai.calleeTok, "undefined function %s", ai.callee)
			return nil, true
		}
		return &ir.MakeClosure{Fn: f}, true
	case "rundefers":
		return &ir.RunDefers{}, true
	case "recover":
		return &ir.Recover{}, true
	}
	return nil, false
}

// fillIfaceOperands resolves the operands of the instructions of ifaces.go
// and closures.go (and a panic's value); false for other instructions.
func (c *fctx) fillIfaceOperands(ai *aInstr, in ir.Instr, val func(int) ir.Value) bool {
	rest := func(from int) []ir.Value {
		var vs []ir.Value
		for i := from; i < len(ai.args); i++ {
			vs = append(vs, val(i))
		}
		return vs
	}
	switch in := in.(type) {
	case *ir.MakeInterface:
		in.X = val(0)
	case *ir.ChangeInterface:
		in.X = val(0)
	case *ir.TypeAssert:
		in.X = val(0)
	case *ir.Invoke:
		in.X, in.Args = val(0), rest(1)
	case *ir.CallValue:
		in.Fn, in.Args = val(0), rest(1)
	case *ir.Defer:
		if ai.invoke {
			in.Recv = val(0)
		} else {
			in.Fn = val(0)
		}
		in.Args = rest(1)
	case *ir.Comparable:
		in.X = val(0)
		if len(ai.args) > 1 {
			in.Y = val(1)
		}
	case *ir.MakeClosure:
		in.Bindings = rest(0)
	case *ir.RunDefers, *ir.Recover:
	case *ir.Panic:
		if ai.hasOp {
			in.Value = val(0)
		}
	default:
		return false
	}
	return true
}

// calleeSig is the signature a call of instruction in (invoke, callv,
// defer) has, when its function operand's type is known; nil otherwise.
func (c *fctx) calleeSig(ai *aInstr, in ir.Instr) *ir.Type {
	if len(ai.args) == 0 {
		return nil
	}
	t := c.opType(ai.args[0])
	if t == nil {
		return nil
	}
	method := ai.method
	switch in.(type) {
	case *ir.Invoke:
	case *ir.Defer:
		if !ai.invoke {
			method = ""
		}
	case *ir.CallValue:
		method = ""
	default:
		return nil
	}
	if method != "" {
		if t.Kind != ir.KInterface {
			return nil
		}
		if m := ir.MethodOf(t, method); m != nil {
			return m.Sig
		}
		return nil
	}
	if t.Kind != ir.KFunc {
		return nil
	}
	return t
}

// expectIface is expect for the instructions of ifaces.go and closures.go.
func (c *fctx) expectIface(ai *aInstr, in ir.Instr, i int) (*ir.Type, bool) {
	switch in := in.(type) {
	case *ir.Invoke, *ir.CallValue, *ir.Defer:
		if sig := c.calleeSig(ai, in); sig != nil && i >= 1 && i-1 < len(sig.Params) {
			return sig.Params[i-1], true
		}
		return nil, true
	case *ir.Comparable:
		if len(ai.args) == 1 {
			return nil, true
		}
		return c.opType(ai.args[1-i]), true
	case *ir.MakeClosure:
		if i < len(in.Fn.Params) {
			return in.Fn.Params[i].Typ, true
		}
		return nil, true
	case *ir.MakeInterface:
		return in.Dyn.Type, true
	case *ir.Panic:
		if in.Kind.Stops() {
			return ir.String, true // its message, computed
		}
		return ir.Any, true
	}
	return nil, false
}

// inferIface is infer for the instructions of ifaces.go and closures.go.
func (c *fctx) inferIface(ai *aInstr, in ir.Instr) (t *ir.Type, err string, handled bool) {
	switch in := in.(type) {
	case *ir.MakeInterface, *ir.ChangeInterface:
		return ai.typ, "", true
	case *ir.TypeAssert:
		t := in.AssertedType()
		if in.CommaOk {
			t = ir.TupleOf(t, ir.Bool)
		}
		return t, "", true
	case *ir.Invoke, *ir.CallValue:
		x := c.opType(ai.args[0])
		if x == nil {
			return nil, "", true
		}
		sig := c.calleeSig(ai, in)
		if sig == nil {
			if _, ok := in.(*ir.Invoke); ok {
				return nil, fmt.Sprintf("invoke of method %s on %s", ai.method, x), true
			}
			return nil, fmt.Sprintf("callv of %s, not a function value", x), true
		}
		return ir.ResultOf(sig), "", true
	case *ir.Comparable:
		return ir.Bool, "", true
	case *ir.MakeClosure:
		return ir.Signature(in.Fn), "", true
	case *ir.Recover:
		return ir.Any, "", true
	}
	return nil, "", false
}

// resolveDyns gives the program its dynamic types, sorted by name, with
// their method tables.
func (p *parser) resolveDyns(prog *ir.Program, byName map[string]*ir.Function) {
	sort.SliceStable(p.dyns, func(i, j int) bool { return p.dyns[i].d.Name < p.dyns[j].d.Name })
	for i, ad := range p.dyns {
		ad.d.Index = i
		for _, m := range ad.methods {
			f := byName[m.func_]
			if m.func_ == "_" {
				ad.d.Methods = append(ad.d.Methods, ir.MethodImpl{Name: m.name, Sig: m.sig})
				continue
			}
			if f == nil {
				p.errorf(m.tok, "undefined function %s", m.func_)
				continue
			}
			ad.d.Methods = append(ad.d.Methods, ir.MethodImpl{Name: m.name, Sig: m.sig, Func: f})
		}
		sort.SliceStable(ad.d.Methods, func(i, j int) bool { return ad.d.Methods[i].Name < ad.d.Methods[j].Name })
		prog.Types = append(prog.Types, ad.d)
	}
}
