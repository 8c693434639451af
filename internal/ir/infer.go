// Type inference of the parser: result types of instructions, types of untyped constants.

package ir

import "fmt"

// regType is the type of a register operand so far (nil while unknown).
func (c *fctx) opType(o *aOperand) *Type {
	switch o.kind {
	case oReg:
		if in := c.regs[o.reg]; in != nil {
			return registerOf(in).Typ
		}
		return nil
	case oIdent:
		if par := c.params[o.name]; par != nil {
			return par.Typ
		}
		if o.name == "true" || o.name == "false" {
			return Bool
		}
		return nil
	case oTrue, oFalse:
		return Bool
	case oGlobal:
		for _, g := range c.p.globals {
			if g.g.Ident == o.name {
				return g.g.Typ
			}
		}
		return nil
	case oString:
		if o.typ == nil {
			return String
		}
	}
	return o.typ
}

// inferTypes gives every register a type, iterating to a fixed point so
// that phis may use registers defined later (loops). Types flow forward
// (from operands to results); when that is stuck, one step flows backward
// (a register used where its context requires a type gets that type: the
// other operand of a binary operator, the phi's type, a parameter, ...).
func (c *fctx) inferTypes() {
	for {
		progress, missing := false, false
		for k, in := range c.instrs {
			r := registerOf(in)
			if r == nil || r.Typ != nil {
				continue
			}
			t, err := c.infer(c.ais[k], in)
			if err != "" {
				c.p.errorf(c.ais[k].tok, "%s", err)
				r.Typ = &Type{Kind: KTuple} // avoid repeated reports
				continue
			}
			if t == nil {
				missing = true
				continue
			}
			r.Typ = t
			progress = true
		}
		if !missing {
			return
		}
		if progress {
			continue
		}
		for k, in := range c.instrs {
			for i, o := range c.ais[k].args {
				if o.kind != oReg || c.regs[o.reg] == nil {
					continue
				}
				r := registerOf(c.regs[o.reg])
				if r.Typ != nil {
					continue
				}
				if t := c.expect(c.ais[k], in, i); t != nil {
					r.Typ = t
					progress = true
				}
			}
		}
		if progress {
			continue
		}
		for k, in := range c.instrs {
			if r := registerOf(in); r != nil && r.Typ == nil {
				what := "its operands"
				if c.ais[k].op == "phi" {
					what = "its edges (write phi T [...] or give a constant a type, as 0:i32)"
				}
				c.p.errorf(c.ais[k].tok, "cannot infer the type of %%%d from %s", r.Num, what)
			}
		}
		return
	}
}

// expect returns the type operand i of an instruction must have, as far as
// it is known, or nil.
func (c *fctx) expect(ai *aInstr, in Instr, i int) *Type {
	typ := func(i int) *Type { return c.opType(ai.args[i]) }
	switch in := in.(type) {
	case *BinOp:
		if in.Op == Shl || in.Op == Shr {
			if i == 0 {
				return in.Typ
			}
			return nil
		}
		if t := typ(1 - i); t != nil {
			return t
		}
		if !in.Op.IsComparison() {
			return in.Typ
		}
	case *UnOp:
		if in.Op == Not {
			return Bool
		}
		return in.Typ
	case *Phi:
		return in.Typ
	case *Store:
		if i == 1 {
			if t := typ(0); t != nil && t.Kind == KPointer {
				return t.Elem
			}
			return nil
		}
		if t := typ(1); t != nil {
			return PointerTo(t)
		}
	case *Call:
		if i < len(in.Callee.Params) {
			return in.Callee.Params[i].Typ
		}
	case *Return:
		if i < len(c.f.Results) {
			return c.f.Results[i]
		}
	case *If:
		return Bool
	case *Load:
		if in.Typ != nil {
			return PointerTo(in.Typ)
		}
	case *Slice, *MakeSlice:
		if _, isSlice := in.(*Slice); !isSlice || i > 0 {
			return I64
		}
	case *Lookup:
		if t := typ(0); i == 1 && t != nil && t.Kind == KMap {
			return t.Key
		}
	case *MapUpdate:
		if t := typ(0); i > 0 && t != nil && t.Kind == KMap {
			if i == 1 {
				return t.Key
			}
			return t.Elem
		}
	case *Builtin:
		t := typ(0)
		switch {
		case in.Fn == SliceSwap && i > 0:
			return I64
		case i == 0 || t == nil:
		case in.Fn == Delete && t.Kind == KMap:
			return t.Key
		case in.Fn == Append || in.Fn == Copy:
			return t
		}
	default:
		t, _ := c.expectIface(ai, in, i)
		return t
	}
	return nil
}

// infer computes the result type of an instruction; nil (and no error) when
// an operand type is not known yet.
func (c *fctx) infer(ai *aInstr, in Instr) (*Type, string) {
	arg := func(i int) *Type { return c.opType(ai.args[i]) }
	switch in := in.(type) {
	case *BinOp:
		if in.Op.IsComparison() {
			return Bool, ""
		}
		if in.Op == Shl || in.Op == Shr {
			return arg(0), ""
		}
		if t := arg(0); t != nil {
			return t, ""
		}
		return arg(1), ""
	case *UnOp:
		if in.Op == Not {
			return Bool, ""
		}
		return arg(0), ""
	case *Convert:
		return ai.typ, ""
	case *Phi:
		if ai.typ != nil {
			return ai.typ, ""
		}
		for i := range ai.args {
			if t := arg(i); t != nil {
				return t, ""
			}
		}
		return nil, ""
	case *Alloc:
		return PointerTo(ai.typ), ""
	case *Load:
		t := arg(0)
		if t == nil {
			return nil, ""
		}
		if t.Kind != KPointer {
			return nil, fmt.Sprintf("load from non-pointer %s", t)
		}
		return t.Elem, ""
	case *FieldAddr, *Field:
		t := arg(0)
		if t == nil {
			return nil, ""
		}
		st := t
		if _, ok := in.(*FieldAddr); ok {
			if t.Kind != KPointer {
				return nil, fmt.Sprintf("fieldaddr of non-pointer %s", t)
			}
			st = t.Elem
		}
		if st.Kind != KStruct {
			return nil, fmt.Sprintf("%s of non-struct %s", ai.op, st)
		}
		idx := ai.field
		if ai.fieldName != "" {
			idx = -1
			for i, f := range st.Fields {
				if f.Name == ai.fieldName {
					idx = i
					break
				}
			}
			if idx < 0 {
				return nil, fmt.Sprintf("%s has no field %s", st, ai.fieldName)
			}
		}
		if idx >= len(st.Fields) {
			return nil, fmt.Sprintf("field index %d out of range for %s", idx, st)
		}
		switch in := in.(type) {
		case *FieldAddr:
			in.Field = idx
			return PointerTo(st.Fields[idx].Type), ""
		case *Field:
			in.Field = idx
		}
		return st.Fields[idx].Type, ""
	case *IndexAddr:
		t := arg(0)
		if t == nil {
			return nil, ""
		}
		switch {
		case t.Kind == KSlice:
			return PointerTo(t.Elem), ""
		case t.Kind != KPointer || t.Elem.Kind != KArray:
			return nil, fmt.Sprintf("indexaddr of %s, not a slice or a pointer to an array", t)
		}
		return PointerTo(t.Elem.Elem), ""
	case *Index:
		t := arg(0)
		switch {
		case t == nil:
			return nil, ""
		case t.Kind == KString:
			return U8, ""
		case t.Kind != KArray:
			return nil, fmt.Sprintf("index of %s, not an array or a string", t)
		}
		return t.Elem, ""
	case *Extract:
		t := arg(0)
		if t == nil {
			return nil, ""
		}
		if t.Kind != KTuple || ai.n >= len(t.Elems) {
			return nil, fmt.Sprintf("extract %d from %s", ai.n, t)
		}
		return t.Elems[ai.n], ""
	case *Call:
		return ResultType(in.Callee), ""
	case *Len, *Cap:
		return I64, ""
	case *MakeSlice, *MakeMap, *SliceToArrayPointer:
		return ai.typ, ""
	case *Slice:
		t := arg(0)
		switch {
		case t == nil:
			return nil, ""
		case t.Kind == KString || t.Kind == KSlice:
			return t, ""
		case t.Kind == KPointer && t.Elem.Kind == KArray:
			return SliceOf(t.Elem.Elem), ""
		}
		return nil, fmt.Sprintf("slice of %s", t)
	case *Lookup:
		t := arg(0)
		switch {
		case t == nil:
			return nil, ""
		case t.Kind != KMap:
			return nil, fmt.Sprintf("lookup in non-map %s", t)
		case in.CommaOk:
			return TupleOf(t.Elem, Bool), ""
		}
		return t.Elem, ""
	case *Builtin:
		switch in.Fn {
		case Append:
			return arg(0), ""
		case Copy, SliceLen:
			return I64, ""
		case SameType:
			return Bool, ""
		}
		return TupleOf(), ""
	case *Range:
		t := arg(0)
		if t == nil {
			return nil, ""
		}
		return IterOf(t), ""
	case *Next:
		t := arg(0)
		if t == nil {
			return nil, ""
		}
		if t.Kind != KIter || NextType(t.Elem) == nil {
			return nil, fmt.Sprintf("next of %s, not an iterator", t)
		}
		return NextType(t.Elem), ""
	}
	if t, err, ok := c.inferIface(ai, in); ok {
		return t, err
	}
	panic(fmt.Sprintf("ir: parser: infer %T", in))
}
