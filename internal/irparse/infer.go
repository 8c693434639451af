// Type inference of the parser: result types of instructions, types of untyped constants.

package irparse

import (
	"fmt"

	"leapfrog/internal/ir"
)

// regType is the type of a register operand so far (nil while unknown).
func (c *fctx) opType(o *aOperand) *ir.Type {
	switch o.kind {
	case oReg:
		if in := c.regs[o.reg]; in != nil {
			t, _ := ir.RegisterType(in)
			return t
		}
		return nil
	case oIdent:
		if par := c.params[o.name]; par != nil {
			return par.Typ
		}
		if o.name == "true" || o.name == "false" {
			return ir.Bool
		}
		return nil
	case oTrue, oFalse:
		return ir.Bool
	case oGlobal:
		for _, g := range c.p.globals {
			if g.g.Ident == o.name {
				return g.g.Typ
			}
		}
		return nil
	case oString:
		if o.typ == nil {
			return ir.String
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
			if rt, ok := ir.RegisterType(in); !ok || rt != nil {
				continue
			}
			t, err := c.infer(c.ais[k], in)
			if err != "" {
				c.p.errorf(c.ais[k].tok, "%s", err)
				ir.SetRegisterType(in, &ir.Type{Kind: ir.KTuple}) // avoid repeated reports
				continue
			}
			if t == nil {
				missing = true
				continue
			}
			ir.SetRegisterType(in, t)
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
				if rt, _ := ir.RegisterType(c.regs[o.reg]); rt != nil {
					continue
				}
				if t := c.expect(c.ais[k], in, i); t != nil {
					ir.SetRegisterType(c.regs[o.reg], t)
					progress = true
				}
			}
		}
		if progress {
			continue
		}
		for k, in := range c.instrs {
			if rt, ok := ir.RegisterType(in); ok && rt == nil {
				what := "its operands"
				if c.ais[k].op == "phi" {
					what = "its edges (write phi T [...] or give a constant a type, as 0:i32)"
				}
				n, _ := ir.RegisterNum(in.(ir.Value))
				c.p.errorf(c.ais[k].tok, "cannot infer the type of %%%d from %s", n, what)
			}
		}
		return
	}
}

// expect returns the type operand i of an instruction must have, as far as
// it is known, or nil.
func (c *fctx) expect(ai *aInstr, in ir.Instr, i int) *ir.Type {
	typ := func(i int) *ir.Type { return c.opType(ai.args[i]) }
	switch in := in.(type) {
	case *ir.BinOp:
		if in.Op == ir.Shl || in.Op == ir.Shr {
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
	case *ir.UnOp:
		if in.Op == ir.Not {
			return ir.Bool
		}
		return in.Typ
	case *ir.Phi:
		return in.Typ
	case *ir.Store:
		if i == 1 {
			if t := typ(0); t != nil && t.Kind == ir.KPointer {
				return t.Elem
			}
			return nil
		}
		if t := typ(1); t != nil {
			return ir.PointerTo(t)
		}
	case *ir.Call:
		if i < len(in.Callee.Params) {
			return in.Callee.Params[i].Typ
		}
	case *ir.Return:
		if i < len(c.f.Results) {
			return c.f.Results[i]
		}
	case *ir.If:
		return ir.Bool
	case *ir.Load:
		if in.Typ != nil {
			return ir.PointerTo(in.Typ)
		}
	case *ir.Slice, *ir.MakeSlice:
		if _, isSlice := in.(*ir.Slice); !isSlice || i > 0 {
			return ir.I64
		}
	case *ir.Lookup:
		if t := typ(0); i == 1 && t != nil && t.Kind == ir.KMap {
			return t.Key
		}
	case *ir.MapUpdate:
		if t := typ(0); i > 0 && t != nil && t.Kind == ir.KMap {
			if i == 1 {
				return t.Key
			}
			return t.Elem
		}
	case *ir.Builtin:
		t := typ(0)
		switch {
		case in.Fn == ir.SliceSwap && i > 0:
			return ir.I64
		case i == 0 || t == nil:
		case in.Fn == ir.Delete && t.Kind == ir.KMap:
			return t.Key
		case in.Fn == ir.Append || in.Fn == ir.Copy:
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
func (c *fctx) infer(ai *aInstr, in ir.Instr) (*ir.Type, string) {
	arg := func(i int) *ir.Type { return c.opType(ai.args[i]) }
	switch in := in.(type) {
	case *ir.BinOp:
		if in.Op.IsComparison() {
			return ir.Bool, ""
		}
		if in.Op == ir.Shl || in.Op == ir.Shr {
			return arg(0), ""
		}
		if t := arg(0); t != nil {
			return t, ""
		}
		return arg(1), ""
	case *ir.UnOp:
		if in.Op == ir.Not {
			return ir.Bool, ""
		}
		return arg(0), ""
	case *ir.Convert:
		return ai.typ, ""
	case *ir.Phi:
		if ai.typ != nil {
			return ai.typ, ""
		}
		for i := range ai.args {
			if t := arg(i); t != nil {
				return t, ""
			}
		}
		return nil, ""
	case *ir.Alloc:
		return ir.PointerTo(ai.typ), ""
	case *ir.Load:
		t := arg(0)
		if t == nil {
			return nil, ""
		}
		if t.Kind != ir.KPointer {
			return nil, fmt.Sprintf("load from non-pointer %s", t)
		}
		return t.Elem, ""
	case *ir.FieldAddr, *ir.Field:
		t := arg(0)
		if t == nil {
			return nil, ""
		}
		st := t
		if _, ok := in.(*ir.FieldAddr); ok {
			if t.Kind != ir.KPointer {
				return nil, fmt.Sprintf("fieldaddr of non-pointer %s", t)
			}
			st = t.Elem
		}
		if st.Kind != ir.KStruct {
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
		case *ir.FieldAddr:
			in.Field = idx
			return ir.PointerTo(st.Fields[idx].Type), ""
		case *ir.Field:
			in.Field = idx
		}
		return st.Fields[idx].Type, ""
	case *ir.IndexAddr:
		t := arg(0)
		if t == nil {
			return nil, ""
		}
		switch {
		case t.Kind == ir.KSlice:
			return ir.PointerTo(t.Elem), ""
		case t.Kind != ir.KPointer || t.Elem.Kind != ir.KArray:
			return nil, fmt.Sprintf("indexaddr of %s, not a slice or a pointer to an array", t)
		}
		return ir.PointerTo(t.Elem.Elem), ""
	case *ir.Index:
		t := arg(0)
		switch {
		case t == nil:
			return nil, ""
		case t.Kind == ir.KString:
			return ir.U8, ""
		case t.Kind != ir.KArray:
			return nil, fmt.Sprintf("index of %s, not an array or a string", t)
		}
		return t.Elem, ""
	case *ir.Extract:
		t := arg(0)
		if t == nil {
			return nil, ""
		}
		if t.Kind != ir.KTuple || ai.n >= len(t.Elems) {
			return nil, fmt.Sprintf("extract %d from %s", ai.n, t)
		}
		return t.Elems[ai.n], ""
	case *ir.Call:
		return ir.ResultType(in.Callee), ""
	case *ir.Len, *ir.Cap:
		return ir.I64, ""
	case *ir.MakeSlice, *ir.MakeMap, *ir.SliceToArrayPointer:
		return ai.typ, ""
	case *ir.Slice:
		t := arg(0)
		switch {
		case t == nil:
			return nil, ""
		case t.Kind == ir.KString || t.Kind == ir.KSlice:
			return t, ""
		case t.Kind == ir.KPointer && t.Elem.Kind == ir.KArray:
			return ir.SliceOf(t.Elem.Elem), ""
		}
		return nil, fmt.Sprintf("slice of %s", t)
	case *ir.Lookup:
		t := arg(0)
		switch {
		case t == nil:
			return nil, ""
		case t.Kind != ir.KMap:
			return nil, fmt.Sprintf("lookup in non-map %s", t)
		case in.CommaOk:
			return ir.TupleOf(t.Elem, ir.Bool), ""
		}
		return t.Elem, ""
	case *ir.Builtin:
		switch in.Fn {
		case ir.Append:
			return arg(0), ""
		case ir.Copy, ir.SliceLen, ir.DataOff, ir.ReflectTypeOf, ir.ReflectTypeInt, ir.ReflectLen, ir.ReflectCap, ir.ReflectCopy:
			return ir.I64, ""
		case ir.SameType, ir.ReflectIsNil:
			return ir.Bool, ""
		case ir.ReflectTypeStr:
			return ir.String, ""
		case ir.ReflectGet, ir.ReflectAddr, ir.ReflectNew, ir.ReflectMake, ir.ReflectSlice, ir.ReflectAppend:
			return ir.Any, ""
		case ir.ReflectMapIndex, ir.ReflectMapKeys:
			return ir.SliceOf(ir.Any), ""
		}
		return ir.TupleOf(), ""
	case *ir.Range:
		t := arg(0)
		if t == nil {
			return nil, ""
		}
		return ir.IterOf(t), ""
	case *ir.Next:
		t := arg(0)
		if t == nil {
			return nil, ""
		}
		if t.Kind != ir.KIter || ir.NextType(t.Elem) == nil {
			return nil, fmt.Sprintf("next of %s, not an iterator", t)
		}
		return ir.NextType(t.Elem), ""
	}
	if t, err, ok := c.inferIface(ai, in); ok {
		return t, err
	}
	panic(fmt.Sprintf("ir: parser: infer %T", in))
}
