// Parser of the instructions on interfaces and function values: syntax, resolution, types.

package ir

import (
	"fmt"
	"sort"
	"strings"
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
func (c *fctx) newIfaceInstr(ai *aInstr, byName map[string]*Function) (in Instr, handled bool) {
	p := c.p
	dyn := func() *DynType {
		for _, ad := range p.dyns {
			if ad.d.Name == ai.dyn {
				return ad.d
			}
		}
		p.errorf(ai.dynTok, "undefined dynamic type %s", dynName(ai.dyn))
		return nil
	}
	switch ai.op {
	case "makeiface":
		d := dyn()
		if d == nil {
			return nil, true
		}
		x := &MakeInterface{Dyn: d}
		x.Typ = ai.typ
		return x, true
	case "changeiface":
		x := &ChangeInterface{}
		x.Typ = ai.typ
		return x, true
	case "typeassert":
		x := &TypeAssert{CommaOk: ai.commaOk, Iface: ai.typ}
		if ai.dyn != "" {
			if x.Dyn = dyn(); x.Dyn == nil {
				return nil, true
			}
		}
		return x, true
	case "invoke":
		return &Invoke{Method: ai.method}, true
	case "callv":
		return &CallValue{}, true
	case "defer":
		return &Defer{Method: ai.method}, true
	case "comparable":
		return &Comparable{}, true
	case "closure":
		f := byName[ai.callee]
		if f == nil {
			p.errorf(ai.calleeTok, "undefined function %s", ai.callee)
			return nil, true
		}
		return &MakeClosure{Fn: f}, true
	case "rundefers":
		return &RunDefers{}, true
	case "recover":
		return &Recover{}, true
	}
	return nil, false
}

// fillIfaceOperands resolves the operands of the instructions of ifaces.go
// and closures.go (and a panic's value); false for other instructions.
func (c *fctx) fillIfaceOperands(ai *aInstr, in Instr, val func(int) Value) bool {
	rest := func(from int) []Value {
		var vs []Value
		for i := from; i < len(ai.args); i++ {
			vs = append(vs, val(i))
		}
		return vs
	}
	switch in := in.(type) {
	case *MakeInterface:
		in.X = val(0)
	case *ChangeInterface:
		in.X = val(0)
	case *TypeAssert:
		in.X = val(0)
	case *Invoke:
		in.X, in.Args = val(0), rest(1)
	case *CallValue:
		in.Fn, in.Args = val(0), rest(1)
	case *Defer:
		if ai.invoke {
			in.Recv = val(0)
		} else {
			in.Fn = val(0)
		}
		in.Args = rest(1)
	case *Comparable:
		in.X = val(0)
		if len(ai.args) > 1 {
			in.Y = val(1)
		}
	case *MakeClosure:
		in.Bindings = rest(0)
	case *RunDefers, *Recover:
	case *Panic:
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
func (c *fctx) calleeSig(ai *aInstr, in Instr) *Type {
	if len(ai.args) == 0 {
		return nil
	}
	t := c.opType(ai.args[0])
	if t == nil {
		return nil
	}
	method := ai.method
	switch in.(type) {
	case *Invoke:
	case *Defer:
		if !ai.invoke {
			method = ""
		}
	case *CallValue:
		method = ""
	default:
		return nil
	}
	if method != "" {
		if t.Kind != KInterface {
			return nil
		}
		if m := MethodOf(t, method); m != nil {
			return m.Sig
		}
		return nil
	}
	if t.Kind != KFunc {
		return nil
	}
	return t
}

// expectIface is expect for the instructions of ifaces.go and closures.go.
func (c *fctx) expectIface(ai *aInstr, in Instr, i int) (*Type, bool) {
	switch in := in.(type) {
	case *Invoke, *CallValue, *Defer:
		if sig := c.calleeSig(ai, in); sig != nil && i >= 1 && i-1 < len(sig.Params) {
			return sig.Params[i-1], true
		}
		return nil, true
	case *Comparable:
		if len(ai.args) == 1 {
			return nil, true
		}
		return c.opType(ai.args[1-i]), true
	case *MakeClosure:
		if i < len(in.Fn.Params) {
			return in.Fn.Params[i].Typ, true
		}
		return nil, true
	case *MakeInterface:
		return in.Dyn.Type, true
	case *Panic:
		return Any, true
	}
	return nil, false
}

// inferIface is infer for the instructions of ifaces.go and closures.go.
func (c *fctx) inferIface(ai *aInstr, in Instr) (t *Type, err string, handled bool) {
	switch in := in.(type) {
	case *MakeInterface, *ChangeInterface:
		return ai.typ, "", true
	case *TypeAssert:
		t := in.AssertedType()
		if in.CommaOk {
			t = TupleOf(t, Bool)
		}
		return t, "", true
	case *Invoke, *CallValue:
		x := c.opType(ai.args[0])
		if x == nil {
			return nil, "", true
		}
		sig := c.calleeSig(ai, in)
		if sig == nil {
			if _, ok := in.(*Invoke); ok {
				return nil, fmt.Sprintf("invoke of method %s on %s", ai.method, x), true
			}
			return nil, fmt.Sprintf("callv of %s, not a function value", x), true
		}
		return ResultOf(sig), "", true
	case *Comparable:
		return Bool, "", true
	case *MakeClosure:
		return Signature(in.Fn), "", true
	case *Recover:
		return Any, "", true
	}
	return nil, "", false
}

// resolveDyns gives the program its dynamic types, sorted by name, with
// their method tables.
func (p *parser) resolveDyns(prog *Program, byName map[string]*Function) {
	sort.SliceStable(p.dyns, func(i, j int) bool { return p.dyns[i].d.Name < p.dyns[j].d.Name })
	for i, ad := range p.dyns {
		ad.d.Index = i
		for _, m := range ad.methods {
			f := byName[m.func_]
			if m.func_ == "_" {
				ad.d.Methods = append(ad.d.Methods, MethodImpl{Name: m.name, Sig: m.sig})
				continue
			}
			if f == nil {
				p.errorf(m.tok, "undefined function %s", m.func_)
				continue
			}
			ad.d.Methods = append(ad.d.Methods, MethodImpl{Name: m.name, Sig: m.sig, Func: f})
		}
		sort.SliceStable(ad.d.Methods, func(i, j int) bool { return ad.d.Methods[i].Name < ad.d.Methods[j].Name })
		prog.Types = append(prog.Types, ad.d)
	}
}

// printDyn writes a dynamic type's declaration: dyn [input] NAME TYPE {m: F; ...}.
func printDyn(sb *strings.Builder, d *DynType) {
	sb.WriteString("dyn ")
	if d.Input {
		sb.WriteString("input ")
	}
	sb.WriteString(dynName(d.Name))
	sb.WriteByte(' ')
	writeType(sb, d.Type, nil)
	if d.Prints != "" {
		sb.WriteString(" prints ")
		sb.WriteString(d.Prints)
	}
	if len(d.Methods) > 0 {
		sb.WriteString(" {")
		for i, m := range d.Methods {
			if i > 0 {
				sb.WriteString("; ")
			}
			sb.WriteString(m.Name)
			if m.Sig != nil && m.Sig != NoSig {
				writeSignature(sb, m.Sig, nil)
			}
			sb.WriteString(": ")
			if m.Func == nil {
				sb.WriteString("_")
			} else {
				sb.WriteString(funcName(m.Func.Name))
			}
		}
		sb.WriteByte('}')
	}
	sb.WriteByte('\n')
}

// ifaceInstr prints the instructions of ifaces.go and closures.go (after
// "%N = "); false for other instructions.
func (pr *printer) ifaceInstr(sb *strings.Builder, instr Instr) bool {
	dyn := func(d *DynType) {
		if d == nil {
			sb.WriteString("<nil>")
			return
		}
		sb.WriteString(dynName(d.Name))
	}
	call := func(f Value, method string, args []Value) {
		pr.value(sb, f)
		if method != "" {
			sb.WriteByte('.')
			sb.WriteString(method)
		}
		sb.WriteByte('(')
		pr.values(sb, args)
		sb.WriteByte(')')
	}
	switch in := instr.(type) {
	case *MakeInterface:
		sb.WriteString("makeiface ")
		pr.value(sb, in.X)
		sb.WriteString(" as ")
		dyn(in.Dyn)
		sb.WriteString(" to ")
		writeType(sb, in.Typ, nil)
	case *ChangeInterface:
		sb.WriteString("changeiface ")
		pr.value(sb, in.X)
		sb.WriteString(" to ")
		writeType(sb, in.Typ, nil)
	case *TypeAssert:
		sb.WriteString("typeassert ")
		pr.value(sb, in.X)
		sb.WriteString(" to ")
		if in.Dyn != nil {
			sb.WriteString("dyn ")
			dyn(in.Dyn)
		} else {
			writeType(sb, in.Iface, nil)
		}
		if in.CommaOk {
			sb.WriteString(", ok")
		}
	case *Invoke:
		sb.WriteString("invoke ")
		call(in.X, in.Method, in.Args)
	case *Comparable:
		sb.WriteString("comparable ")
		pr.values(sb, in.Operands())
	case *MakeClosure:
		sb.WriteString("closure ")
		if in.Fn == nil {
			sb.WriteString("<nil>")
		} else {
			sb.WriteString(funcName(in.Fn.Name))
		}
		if len(in.Bindings) > 0 {
			sb.WriteString(" [")
			pr.values(sb, in.Bindings)
			sb.WriteByte(']')
		}
	case *CallValue:
		sb.WriteString("callv ")
		call(in.Fn, "", in.Args)
	case *Defer:
		sb.WriteString("defer ")
		if in.Fn != nil {
			call(in.Fn, "", in.Args)
		} else {
			sb.WriteString("invoke ")
			call(in.Recv, in.Method, in.Args)
		}
	case *RunDefers:
		sb.WriteString("rundefers")
	case *Recover:
		sb.WriteString("recover")
	default:
		return false
	}
	return true
}
