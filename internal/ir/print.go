// Printer of the text form of the IR (deterministic, golden-stable).

package ir

import (
	"fmt"
	"strconv"
	"strings"
)

// Print returns the text form of p. Parse(Print(p)) yields a program that
// prints identically. The grammar is described in doc.go.
func Print(p *Program) string {
	pr := newPrinter(p)
	var sb strings.Builder
	header := false
	for _, t := range NamedTypes(p) {
		sb.WriteString(t.Decl())
		sb.WriteByte('\n')
		header = true
	}
	for _, d := range p.Types {
		printDyn(&sb, d)
		header = true
	}
	for _, g := range p.Globals {
		sb.WriteString("var ")
		sb.WriteString(g.Name())
		sb.WriteByte(' ')
		if g.Typ != nil && g.Typ.Kind == KPointer {
			writeType(&sb, g.Typ.Elem, nil)
		} else {
			fmt.Fprintf(&sb, "<not a pointer: %s>", g.Typ)
		}
		writeIn(&sb, g.Pkg)
		sb.WriteByte('\n')
		header = true
	}
	for i, f := range p.Funcs {
		if i > 0 || header {
			sb.WriteByte('\n')
		}
		switch {
		case f == p.Init:
			sb.WriteString("init ")
		case f.External:
			sb.WriteString("extern ")
		}
		pr.fn(&sb, f)
	}
	return sb.String()
}

// PrintFunc returns the text form of one function.
func PrintFunc(f *Function) string {
	var sb strings.Builder
	newPrinter(f.Prog).fn(&sb, f)
	return sb.String()
}

// FormatInstr returns the text form of one instruction (without indentation).
func FormatInstr(instr Instr) string {
	var pr printer
	if b := instr.Block(); b != nil && b.Func != nil {
		pr = *newPrinter(b.Func.Prog)
		pr.setFunc(b.Func)
	}
	var sb strings.Builder
	pr.instr(&sb, instr)
	return sb.String()
}

// FormatValue returns the text form of an operand: %3, x, 5:i32, true, nil:*i32.
func FormatValue(v Value) string {
	var pr printer
	var sb strings.Builder
	pr.value(&sb, v)
	return sb.String()
}

// BlockLabel returns the label of b in the text form ("b3").
func BlockLabel(b *Block) string {
	if b == nil {
		return "<nil>"
	}
	return "b" + strconv.Itoa(b.Index)
}

type printer struct {
	branchIDs, panicIDs bool            // print #id (ids not in order of appearance)
	shadow              map[string]bool // params named true/false
}

func newPrinter(p *Program) *printer {
	pr := &printer{}
	if p == nil {
		return pr
	}
	nb, np := 0, 0
	for _, f := range p.Funcs {
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				switch in := in.(type) {
				case *If:
					if in.ID != nb {
						pr.branchIDs = true
					}
					nb++
				case *Panic:
					if in.ID != np {
						pr.panicIDs = true
					}
					np++
				}
			}
		}
	}
	return pr
}

func (pr *printer) setFunc(f *Function) {
	pr.shadow = nil
	for _, par := range f.Params {
		if par.Ident == "true" || par.Ident == "false" {
			if pr.shadow == nil {
				pr.shadow = map[string]bool{}
			}
			pr.shadow[par.Ident] = true
		}
	}
}

// FuncName returns name as written in the text form: verbatim when it is an
// identifier, a dotted identifier or (*T).M, quoted otherwise.
func funcName(name string) string {
	if isFuncName(name) {
		return name
	}
	return strconv.Quote(name)
}

func isFuncName(name string) bool {
	if rest, ok := strings.CutPrefix(name, "(*"); ok {
		typ, meth, ok := strings.Cut(rest, ").")
		return ok && isIdent(typ) && isIdent(meth)
	}
	for part := range strings.SplitSeq(name, ".") {
		if !isIdent(part) {
			return false
		}
	}
	return true
}

func (pr *printer) fn(sb *strings.Builder, f *Function) {
	pr.setFunc(f)
	sb.WriteString("func ")
	sb.WriteString(funcName(f.Name))
	params := func(ps []*Param) {
		for i, par := range ps {
			if i > 0 {
				sb.WriteString(", ")
			}
			sb.WriteString(identOr(par.Ident, "_"))
			sb.WriteByte(' ')
			writeType(sb, par.Typ, nil)
		}
	}
	nfree := min(max(f.NumFree, 0), len(f.Params))
	if nfree > 0 {
		sb.WriteByte('[')
		params(f.Params[:nfree])
		sb.WriteByte(']')
	}
	sb.WriteByte('(')
	params(f.Params[nfree:])
	sb.WriteByte(')')
	switch len(f.Results) {
	case 0:
	case 1:
		sb.WriteByte(' ')
		if r := f.Results[0]; r.Kind == KFunc && r.Name == "" && len(r.Results) == 0 {
			// (func()): the word after a func type without results
			// (recover, in) would be read as its result.
			writeType(sb, TupleOf(r), nil)
		} else {
			writeType(sb, r, nil)
		}
	default:
		sb.WriteByte(' ')
		writeType(sb, TupleOf(f.Results...), nil)
	}
	if f.RecoverResults != nil {
		sb.WriteString(" recover(")
		pr.values(sb, f.RecoverResults)
		sb.WriteByte(')')
	}
	writeIn(sb, f.Pkg)
	if f.Pos.IsValid() {
		sb.WriteString(" @")
		sb.WriteString(f.Pos.String())
	}
	if f.External {
		if f.Unsupported != "" {
			sb.WriteString(" aborts ")
			sb.WriteString(strconv.Quote(f.Unsupported))
		}
		sb.WriteByte('\n')
		return
	}
	sb.WriteString(" {\n")
	for _, b := range f.Blocks {
		sb.WriteString(BlockLabel(b))
		sb.WriteByte(':')
		if c := strings.Join(strings.Fields(b.Comment), " "); c != "" {
			sb.WriteString(" // ")
			sb.WriteString(c)
		}
		sb.WriteByte('\n')
		for _, in := range b.Instrs {
			sb.WriteByte('\t')
			pr.instr(sb, in)
			sb.WriteByte('\n')
		}
	}
	sb.WriteString("}\n")
}

// writeIn writes ` in "path"`, the package of a function or global, when known.
func writeIn(sb *strings.Builder, pkg string) {
	if pkg != "" {
		sb.WriteString(" in ")
		sb.WriteString(strconv.Quote(pkg))
	}
}

func (pr *printer) value(sb *strings.Builder, v Value) {
	switch v := v.(type) {
	case nil:
		sb.WriteString("<nil>")
	case *Const:
		pr.constant(sb, v)
	case *Param:
		sb.WriteString(identOr(v.Ident, "_"))
	case *Global:
		sb.WriteString(v.Name())
	default:
		if n, ok := RegisterNum(v); ok {
			sb.WriteByte('%')
			sb.WriteString(strconv.Itoa(n))
			return
		}
		fmt.Fprintf(sb, "<%T>", v)
	}
}

func (pr *printer) constant(sb *strings.Builder, c *Const) {
	t := c.Typ
	if t == nil {
		fmt.Fprintf(sb, "%d:<nil>", c.Val)
		return
	}
	switch t.Kind {
	case KFloat:
		fmt.Fprintf(sb, "%#x:", c.Val)
		writeType(sb, t, nil)
		return
	case KInt:
		if t.Signed && t.Width > 0 && t.Width <= 64 {
			sb.WriteString(strconv.FormatInt(int64(c.Val<<(64-t.Width))>>(64-t.Width), 10))
		} else {
			sb.WriteString(strconv.FormatUint(c.Val, 10))
		}
		sb.WriteByte(':')
		writeType(sb, t, nil)
		return
	case KBool:
		var s string
		switch c.Val {
		case 0:
			s = "false"
		case 1:
			s = "true"
		default:
			fmt.Fprintf(sb, "<bad bool %d>", c.Val)
			return
		}
		sb.WriteString(s)
		if pr.shadow[s] {
			sb.WriteString(":bool")
		}
		return
	case KString:
		if c.Val == 0 {
			sb.WriteString(strconv.Quote(c.Str))
			sb.WriteByte(':')
			writeType(sb, t, nil)
			return
		}
	case KPointer, KSlice, KMap, KInterface, KFunc:
		if c.Val == 0 {
			sb.WriteString("nil:")
			writeType(sb, t, nil)
			return
		}
	default:
		if c.Val == 0 {
			sb.WriteString("zero:")
			writeType(sb, t, nil)
			return
		}
	}
	fmt.Fprintf(sb, "<bad const %d:%s>", c.Val, t)
}

func (pr *printer) values(sb *strings.Builder, vs []Value) {
	for i, v := range vs {
		if i > 0 {
			sb.WriteString(", ")
		}
		pr.value(sb, v)
	}
}

func (pr *printer) pos(sb *strings.Builder, p Pos) {
	sb.WriteString(" @")
	sb.WriteString(p.String()) // "-" when unknown
}

// fieldRef is ".name" when the name is a unique identifier of the struct, the index otherwise.
func fieldRef(st *Type, i int) string {
	if st != nil && st.Kind == KStruct && 0 <= i && i < len(st.Fields) {
		name := st.Fields[i].Name
		if isIdent(name) && name != "_" {
			n := 0
			for _, f := range st.Fields {
				if f.Name == name {
					n++
				}
			}
			if n == 1 {
				return "." + name
			}
		}
	}
	return strconv.Itoa(i)
}

func elemOf(v Value) *Type {
	if v == nil || v.Type() == nil {
		return nil
	}
	return v.Type().Elem
}

func typeOf(v Value) *Type {
	if v == nil {
		return nil
	}
	return v.Type()
}

func (pr *printer) instr(sb *strings.Builder, instr Instr) {
	if v, ok := instr.(Value); ok && !voidResult(instr) {
		pr.value(sb, v)
		sb.WriteString(" = ")
	}
	switch in := instr.(type) {
	case *BinOp:
		sb.WriteString(in.Op.String())
		sb.WriteByte(' ')
		pr.values(sb, []Value{in.X, in.Y})
	case *UnOp:
		sb.WriteString(in.Op.String())
		sb.WriteByte(' ')
		pr.value(sb, in.X)
	case *Convert:
		if in.Bits {
			sb.WriteString("bitcast ")
		} else {
			sb.WriteString("convert ")
		}
		pr.value(sb, in.X)
		sb.WriteString(" to ")
		writeType(sb, in.Typ, nil)
	case *Phi:
		sb.WriteString("phi [")
		var preds []*Block
		if in.Block() != nil {
			preds = in.Block().Preds
		}
		for i, e := range in.Edges {
			if i > 0 {
				sb.WriteString(", ")
			}
			if i < len(preds) {
				sb.WriteString(BlockLabel(preds[i]))
			} else {
				sb.WriteString("<nopred>")
			}
			sb.WriteString(": ")
			pr.value(sb, e)
		}
		sb.WriteByte(']')
	case *Alloc:
		sb.WriteString("alloc ")
		if in.Typ != nil {
			writeType(sb, in.Typ.Elem, nil)
		} else {
			writeType(sb, nil, nil)
		}
	case *Load:
		sb.WriteString("load ")
		pr.value(sb, in.Ptr)
	case *Store:
		sb.WriteString("store ")
		pr.values(sb, []Value{in.Ptr, in.Val})
	case *FieldAddr:
		sb.WriteString("fieldaddr ")
		pr.value(sb, in.Ptr)
		sb.WriteString(", ")
		sb.WriteString(fieldRef(elemOf(in.Ptr), in.Field))
	case *IndexAddr:
		sb.WriteString("indexaddr ")
		pr.values(sb, []Value{in.Ptr, in.Index})
	case *Field:
		sb.WriteString("field ")
		pr.value(sb, in.X)
		sb.WriteString(", ")
		sb.WriteString(fieldRef(typeOf(in.X), in.Field))
	case *Index:
		sb.WriteString("index ")
		pr.values(sb, []Value{in.X, in.Index})
	case *Call:
		sb.WriteString("call ")
		if in.Callee == nil {
			sb.WriteString("<nil>")
		} else {
			sb.WriteString(funcName(in.Callee.Name))
		}
		sb.WriteByte('(')
		pr.values(sb, in.Args)
		sb.WriteByte(')')
	case *Extract:
		sb.WriteString("extract ")
		pr.value(sb, in.X)
		sb.WriteString(", ")
		sb.WriteString(strconv.Itoa(in.Index))
	case *Len:
		sb.WriteString("len ")
		pr.value(sb, in.X)
	case *Cap:
		sb.WriteString("cap ")
		pr.value(sb, in.X)
	case *Slice:
		sb.WriteString("slice ")
		pr.value(sb, in.X)
		for i, b := range []Value{in.Low, in.High, in.Max} {
			if b != nil {
				sb.WriteByte(' ')
				sb.WriteString(sliceBounds[i])
				sb.WriteByte(' ')
				pr.value(sb, b)
			}
		}
	case *MakeSlice:
		sb.WriteString("makeslice ")
		writeType(sb, in.Typ, nil)
		sb.WriteString(", ")
		pr.values(sb, []Value{in.Len, in.Cap})
	case *MakeMap:
		sb.WriteString("makemap ")
		writeType(sb, in.Typ, nil)
	case *Lookup:
		sb.WriteString("lookup ")
		pr.values(sb, []Value{in.X, in.Key})
		if in.CommaOk {
			sb.WriteString(", ok")
		}
	case *MapUpdate:
		sb.WriteString("mapupdate ")
		pr.values(sb, []Value{in.Map, in.Key, in.Val})
	case *Builtin:
		if int(in.Fn) >= 0 && int(in.Fn) < len(builtinNames) {
			sb.WriteString(in.Fn.String())
		} else {
			fmt.Fprintf(sb, "<builtin %d>", int(in.Fn))
		}
		sb.WriteByte(' ')
		pr.values(sb, in.Args)
	case *SliceToArrayPointer:
		sb.WriteString("slicetoarrayptr ")
		pr.value(sb, in.X)
		sb.WriteString(" to ")
		writeType(sb, in.Typ, nil)
	case *Range:
		sb.WriteString("range ")
		pr.value(sb, in.X)
	case *Next:
		sb.WriteString("next ")
		pr.value(sb, in.Iter)
	case *If:
		sb.WriteString("if")
		if in.Kind != SourceBranch {
			sb.WriteByte('.')
			if int(in.Kind) >= 0 && int(in.Kind) < len(branchKindNames) {
				sb.WriteString(in.Kind.String())
			} else {
				fmt.Fprintf(sb, "kind%d", int(in.Kind))
			}
		}
		sb.WriteByte(' ')
		pr.value(sb, in.Cond)
		pr.targets(sb, in.Block(), 2)
		pr.pos(sb, in.Pos)
		if pr.branchIDs {
			fmt.Fprintf(sb, " #%d", in.ID)
		}
	case *Jump:
		sb.WriteString("jump")
		pr.targets(sb, in.Block(), 1)
	case *Return:
		sb.WriteString("return")
		if len(in.Results) > 0 {
			sb.WriteByte(' ')
			pr.values(sb, in.Results)
		}
	case *Panic:
		sb.WriteString("panic")
		switch in.Kind {
		case ExplicitPanic:
		case CheckPanic:
			sb.WriteString(".check")
		case FatalPanic:
			sb.WriteString(".fatal")
		case AbortPanic:
			sb.WriteString(".abort")
		default:
			fmt.Fprintf(sb, ".kind%d", int(in.Kind))
		}
		if in.Value == nil || in.Msg != "" {
			sb.WriteByte(' ')
			sb.WriteString(strconv.Quote(in.Msg))
		}
		if in.Value != nil {
			sb.WriteByte(' ')
			pr.value(sb, in.Value)
		}
		pr.pos(sb, in.Pos)
		if pr.panicIDs {
			fmt.Fprintf(sb, " #%d", in.ID)
		}
	default:
		if !pr.ifaceInstr(sb, instr) {
			panic(fmt.Sprintf("ir: unknown instruction %T", instr))
		}
	}
}

// voidResult reports whether instr is a call or builtin without results,
// whose register is not written.
func voidResult(instr Instr) bool {
	var t *Type
	switch in := instr.(type) {
	case *Call:
		t = in.Typ
	case *Builtin:
		t = in.Typ
	case *Invoke:
		t = in.Typ
	case *CallValue:
		t = in.Typ
	default:
		return false
	}
	return t != nil && t.Kind == KTuple && len(t.Elems) == 0
}

// targets prints the n successors of b, or placeholders when b is inconsistent.
func (pr *printer) targets(sb *strings.Builder, b *Block, n int) {
	for i := range n {
		sb.WriteByte(' ')
		if b != nil && i < len(b.Succs) {
			sb.WriteString(BlockLabel(b.Succs[i]))
		} else {
			sb.WriteString("<nosucc>")
		}
	}
}
