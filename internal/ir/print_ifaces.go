// Printer of the dynamic types and of the instructions on interfaces and function values.

package ir

import "strings"

// printDyn writes a dynamic type's declaration: dyn [input] [stub] NAME TYPE {m: F; ...}.
func printDyn(sb *strings.Builder, d *DynType) {
	sb.WriteString("dyn ")
	if d.Input {
		sb.WriteString("input ")
	}
	if d.Stub {
		sb.WriteString("stub ")
	}
	sb.WriteString(DynName(d.Name))
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
		sb.WriteString(DynName(d.Name))
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
