// Execution of the value-producing instructions, with Go's semantics.

package engine

import (
	"fmt"

	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
)

// binOps gives the term operators [signed, unsigned] of the same-width
// binary operators, by operator (an array: a map lookup per instruction
// showed in profiles); the others have none (ok false).
var binOps = func() (t [ir.Max + 1]struct {
	ops [2]expr.Op
	ok  bool
}) {
	for op, ops := range map[ir.BinOpKind][2]expr.Op{
		ir.Add: {expr.OpAdd, expr.OpAdd},
		ir.Sub: {expr.OpSub, expr.OpSub},
		ir.Mul: {expr.OpMul, expr.OpMul},
		ir.Div: {expr.OpSDiv, expr.OpUDiv},
		ir.Rem: {expr.OpSRem, expr.OpURem},
		ir.And: {expr.OpBAnd, expr.OpBAnd},
		ir.Or:  {expr.OpBOr, expr.OpBOr},
		ir.Xor: {expr.OpBXor, expr.OpBXor},
		ir.Lt:  {expr.OpSlt, expr.OpUlt},
		ir.Le:  {expr.OpSle, expr.OpUle},
	} {
		t[op].ops, t[op].ok = ops, true
	}
	return
}()

// exec executes a non-terminator instruction and returns its value (nil for
// instructions without one) and whether the run panicked.
func (m *machine) exec(fr *frame, ci *cinstr, depth int) (val, bool) {
	op := func(i int) val { return m.operand(fr, ci.ops[i]) }
	switch in := ci.in.(type) {
	case *ir.BinOp:
		return m.binOp(in.Op, in.X.Type(), op(0), op(1)), false
	case *ir.UnOp:
		if in.Op == ir.Neg && ir.IsFloat(in.X.Type()) {
			return m.floatNeg(op(0).(*scalar)), false // floats.go
		}
		return m.unOp(in.Op, op(0).(*scalar)), false
	case *ir.Convert:
		if in.Bits {
			return op(0), false // a float is its bits
		}
		return m.convert(in.X.Type(), in.Type(), op(0)), false
	case *ir.Alloc:
		return &ptr{obj: &object{v: zero(in.Type().Elem)}}, false
	case *ir.Load:
		return m.loadPtr(m.deref(op(0))), false
	case *ir.Store:
		m.storePtr(m.deref(op(0)), op(1))
		return nil, false
	case *ir.FieldAddr:
		p := m.deref(op(0))
		if p != ci.from {
			ci.from, ci.to = p, derive(p.obj, p.path, step{field: in.Field})
		}
		return ci.to, false
	case *ir.IndexAddr:
		elem := in.Type().Elem
		if s, ok := op(0).(*slice); ok {
			return m.elemAddr(s, m.index(op(1), in.Index.Type()), elem), false
		}
		p := m.deref(op(0))
		idx := m.index(op(1), in.Index.Type())
		return derive(p.obj, p.path, step{index: idx, elem: elem}), false
	case *ir.Field:
		return op(0).(*agg).elems[in.Field], false
	case *ir.Index:
		idx := m.index(op(1), in.Index.Type())
		if s, ok := op(0).(*str); ok {
			return m.byteAt(s, idx), false
		}
		return m.load(op(0), []step{{index: idx, elem: in.Type()}}), false
	case *ir.Call:
		if in.Callee.External {
			args := make([]val, len(ci.ops))
			for i := range ci.ops {
				args[i] = op(i)
			}
			fr.call = in
			return m.results(m.callExternal(in.Callee, in, args), false)
		}
		if f := m.summaryOf(in.Callee); f != nil {
			args := make([]val, len(ci.ops))
			for i := range ci.ops {
				args[i] = op(i)
			}
			return m.results(m.callSummary(f, in.Callee, args), false)
		}
		cf := m.newFrame(in.Callee)
		for i := range ci.ops {
			cf.slots[i] = op(i)
		}
		fr.call = in
		res, panicked := m.callFrame(cf, depth+1)
		if panicked {
			return nil, true
		}
		if len(res) == 1 {
			return res[0], false
		}
		return &tuple{elems: res}, false
	case *ir.Extract:
		return op(0).(*tuple).elems[in.Index], false
	case *ir.Len:
		return m.length(op(0)), false
	case *ir.Cap:
		return op(0).(*slice).cap, false
	case *ir.Slice:
		return m.sliceExpr(in, fr, ci), false
	case *ir.MakeSlice:
		return m.makeSlice(in, op(0).(*scalar), op(1).(*scalar)), false
	case *ir.MakeMap:
		return &mapv{obj: &object{v: &table{}}}, false
	case *ir.Lookup:
		return m.lookup(in, op(0).(*mapv), op(1)), false
	case *ir.MapUpdate:
		m.mapUpdate(in, op(0).(*mapv), op(1), op(2))
		return nil, false
	case *ir.Builtin:
		args := make([]val, len(ci.ops))
		for i := range ci.ops {
			args[i] = op(i)
		}
		return m.builtin(in, args), false
	case *ir.SliceToArrayPointer:
		return m.sliceToArrayPointer(op(0).(*slice)), false
	case *ir.Range:
		return m.rangeStart(op(0)), false
	case *ir.Next:
		return m.next(in, op(0).(*iter)), false
	// Interfaces, function values, deferred calls (ifaces.go, closures.go, defer.go).
	case *ir.MakeInterface:
		return makeIface(in.Dyn, op(0)), false
	case *ir.ChangeInterface:
		return op(0), false
	case *ir.TypeAssert:
		return m.typeAssert(in, op(0).(*iface)), false
	case *ir.Invoke:
		return m.invoke(fr, ci, in, depth)
	case *ir.Comparable:
		if in.Y == nil {
			return m.typeComparable(op(0).(*iface)), false
		}
		return m.comparableIfaces(op(0).(*iface), op(1).(*iface)), false
	case *ir.MakeClosure:
		return m.makeClosure(fr, ci, in), false
	case *ir.CallValue:
		return m.callValue(fr, ci, in, depth)
	case *ir.Defer:
		m.deferCall(fr, ci, in)
		return nil, false
	case *ir.RunDefers:
		return nil, m.runDefers(fr, in, depth)
	case *ir.Recover:
		return m.recoverValue(fr), false
	case *ir.Phi, *ir.If, *ir.Jump, *ir.Return, *ir.Panic:
		panic(fmt.Sprintf("engine: %T is not executed by exec", in))
	default:
		panic(fmt.Sprintf("engine: unknown instruction %T", in))
	}
}

func appendStep(path []step, s step) []step {
	if len(path) == 0 && s.index == nil && s.field < len(fieldPaths) {
		return fieldPaths[s.field] // shared: paths are never written in place
	}
	return append(append(make([]step, 0, len(path)+1), path...), s)
}

// derive returns a pointer to obj at path extended by s. A path of up to
// four steps is allocated with the pointer, in one object (the capacity is
// the length: paths are never written in place, nor appended to).
func derive(obj *object, path []step, s step) *ptr {
	n := len(path) + 1
	if n == 1 && s.index == nil && s.field < len(fieldPaths) || n > 4 {
		return &ptr{obj: obj, path: appendStep(path, s)}
	}
	x := new(struct {
		p     ptr
		steps [4]step
	})
	copy(x.steps[:], path)
	x.steps[n-1] = s
	x.p = ptr{obj: obj, path: x.steps[:n:n]}
	return &x.p
}

// fieldPaths are the one-step paths to the first fields, shared.
var fieldPaths = func() (ps [64][]step) {
	for i := range ps {
		ps[i] = []step{{field: i}}
	}
	return
}()

// deref returns the pointer an operand holds; nil pointers are guarded by checks.
func (m *machine) deref(v val) *ptr {
	p := v.(*ptr)
	if isNil, _ := nilness(p); isNil {
		if m.force || m.merging {
			// A forced run's concrete values are meaningless; its terms
			// are right, and a pointer that is nil here need not be.
			// Inside a merged region, a block runs under its guard whether
			// or not the run's input takes it (its checks cannot fail
			// where it does): under a guard false for this input the
			// pointer may be nil, and the terms still matter for the
			// inputs that take the block. Failing there would make
			// whether the region merges depend on the input, and the
			// runs of one prefix would disagree with the tree.
			if p.obj != nil {
				return p
			}
		}
		panic(runError("nil pointer dereference without a check"))
	}
	return p
}

// index returns an index operand of type t as an unsigned 64-bit scalar,
// which checks have proved to be in range.
func (m *machine) index(v val, t *ir.Type) *scalar {
	x := v.(*scalar)
	c := expr.Extend(x.c, t.Width, 64, t.Signed)
	if x.s == nil {
		return cs(c, 64)
	}
	return mk(c, m.B.Convert(x.s, 64, t.Signed), 64)
}

func (m *machine) unOp(op ir.UnOpKind, x *scalar) val {
	switch op {
	case ir.Not:
		if x.s == nil {
			return cs(1-x.c, 0)
		}
		return mk(1-x.c, m.B.Not(x.s), 0)
	case ir.Neg, ir.Compl:
		eop := expr.OpNeg
		if op == ir.Compl {
			eop = expr.OpCompl
		}
		c := expr.Apply(eop, x.width, x.c)
		if x.s == nil {
			return cs(c, x.width)
		}
		if eop == expr.OpNeg {
			return mk(c, m.B.Neg(x.s), x.width)
		}
		return mk(c, m.B.Compl(x.s), x.width)
	}
	panic(fmt.Sprintf("engine: unknown unary operator %v", op))
}

// convert applies a conversion between the given types.
func (m *machine) convert(from, to *ir.Type, v val) val {
	switch {
	case from.Kind == ir.KInt && to.Kind == ir.KInt:
		return m.convInt(v.(*scalar), from, to)
	case ir.IsFloat(from) || ir.IsFloat(to):
		return m.convFloat(v.(*scalar), from, to) // floats.go
	case to.Kind == ir.KString:
		switch from.Kind {
		case ir.KString:
			return v
		case ir.KInt:
			return m.runeToString(m.convInt(v.(*scalar), from, ir.I64))
		case ir.KSlice:
			if from.Elem.Kind == ir.KInt && from.Elem.Width == 8 {
				return m.bytesToString(v.(*slice))
			}
			return m.runesToString(v.(*slice))
		}
	case from.Kind == ir.KString && to.Kind == ir.KSlice:
		if to.Elem.Width == 8 {
			return m.stringToBytes(v.(*str), to)
		}
		return m.stringToRunes(v.(*str), to)
	}
	if ir.Identical(from, to) {
		return v
	}
	panic(fmt.Sprintf("engine: conversion from %s to %s", from, to))
}

func (m *machine) convInt(x *scalar, from, to *ir.Type) *scalar {
	c := expr.Extend(x.c, from.Width, 64, from.Signed) & expr.Mask(to.Width)
	if x.s == nil {
		return cs(c, to.Width)
	}
	return mk(c, m.B.Convert(x.s, to.Width, from.Signed), to.Width)
}

// binOp applies a binary operator to operands of type t.
func (m *machine) binOp(op ir.BinOpKind, t *ir.Type, xv, yv val) val {
	switch t.Kind {
	case ir.KBool, ir.KInt:
	case ir.KString:
		return m.stringOp(op, xv.(*str), yv.(*str))
	case ir.KFloat:
		return m.floatBinOp(op, t, xv.(*scalar), yv.(*scalar)) // floats.go
	default:
		eq, term := m.equal(t, xv, yv)
		switch op {
		case ir.Eq:
			return mk(b2u(eq), term, 0)
		case ir.Ne:
			if term != nil {
				term = m.B.Not(term)
			}
			return mk(b2u(!eq), term, 0)
		}
		panic(fmt.Sprintf("engine: operator %v on %s", op, t))
	}
	x, y := xv.(*scalar), yv.(*scalar)
	signed := t.Kind == ir.KInt && t.Signed
	if t.Kind == ir.KBool {
		switch op {
		case ir.And:
			return m.and(x, y)
		case ir.Or:
			return m.or(x, y)
		case ir.Xor:
			return m.not(m.uop(ir.Eq, x, y))
		}
	}
	switch op {
	case ir.Eq, ir.Ne:
		c := b2u(x.c == y.c)
		var s *expr.Term
		if x.s != nil || y.s != nil {
			s = m.B.Eq(m.term(x), m.term(y))
		}
		if op == ir.Ne {
			c = 1 - c
			if s != nil {
				s = m.B.Not(s)
			}
		}
		return mk(c, s, 0)
	case ir.Gt, ir.Ge:
		// x > y is y < x.
		lop := ir.Lt
		if op == ir.Ge {
			lop = ir.Le
		}
		return m.arith(lop, signed, y, x)
	case ir.Min, ir.Max:
		lt := m.arith(ir.Lt, signed, x, y).(*scalar) // x < y
		takeX := lt.c == 1
		if op == ir.Max {
			takeX = !takeX
		}
		if lt.s == nil {
			if takeX {
				return x
			}
			return y
		}
		if op == ir.Min {
			return m.ite(lt.s, lt.c == 1, x, y)
		}
		return m.ite(lt.s, lt.c == 1, y, x)
	case ir.Shl, ir.Shr:
		// The count may have another type; it is non-negative (checked).
		c := y.c
		if c > uint64(x.width) {
			c = uint64(x.width)
		}
		eop := expr.OpShl
		if op == ir.Shr {
			eop = expr.OpLShr
			if signed {
				eop = expr.OpAShr
			}
		}
		cv := expr.Apply(eop, x.width, x.c, c)
		if x.s == nil && y.s == nil {
			return cs(cv, x.width)
		}
		xs, ys := m.term(x), m.term(y)
		switch eop {
		case expr.OpShl:
			return mk(cv, m.B.Shl(xs, ys), x.width)
		case expr.OpLShr:
			return mk(cv, m.B.LShr(xs, ys), x.width)
		}
		return mk(cv, m.B.AShr(xs, ys), x.width)
	case ir.AndNot:
		ny := expr.Apply(expr.OpCompl, y.width, y.c)
		var nys *expr.Term
		if y.s != nil {
			nys = m.B.Compl(y.s)
		}
		return m.arith(ir.And, signed, x, mk(ny, nys, y.width))
	}
	return m.arith(op, signed, x, y)
}

// arith applies a same-width operator from binOps.
func (m *machine) arith(op ir.BinOpKind, signed bool, x, y *scalar) val {
	if op < 0 || int(op) >= len(binOps) || !binOps[op].ok {
		panic(fmt.Sprintf("engine: unknown binary operator %v", op))
	}
	eop := binOps[op].ops[1]
	if signed {
		eop = binOps[op].ops[0]
	}
	c := expr.Apply(eop, x.width, x.c, y.c)
	w := x.width
	if op.IsComparison() {
		w = 0
	}
	if x.s == nil && y.s == nil {
		return cs(c, w)
	}
	xs, ys := m.term(x), m.term(y)
	var s *expr.Term
	switch eop {
	case expr.OpAdd:
		s = m.B.Add(xs, ys)
	case expr.OpSub:
		s = m.B.Sub(xs, ys)
	case expr.OpMul:
		s = m.B.Mul(xs, ys)
	case expr.OpSDiv:
		s = m.B.SDiv(xs, ys)
	case expr.OpUDiv:
		s = m.B.UDiv(xs, ys)
	case expr.OpSRem:
		s = m.B.SRem(xs, ys)
	case expr.OpURem:
		s = m.B.URem(xs, ys)
	case expr.OpBAnd:
		s = m.B.BAnd(xs, ys)
	case expr.OpBOr:
		s = m.B.BOr(xs, ys)
	case expr.OpBXor:
		s = m.B.BXor(xs, ys)
	case expr.OpSlt:
		s = m.B.Slt(xs, ys)
	case expr.OpUlt:
		s = m.B.Ult(xs, ys)
	case expr.OpSle:
		s = m.B.Sle(xs, ys)
	case expr.OpUle:
		s = m.B.Ule(xs, ys)
	default:
		panic(fmt.Sprintf("engine: no term for %v", eop))
	}
	return mk(c, s, w)
}

// equal compares two values of type t as Go's == does: scalars by value,
// strings by bytes, pointers by target, slices and maps (only ever against
// nil) by nil-ness, arrays and structs element-wise.
func (m *machine) equal(t *ir.Type, a, b val) (bool, *expr.Term) {
	switch t.Kind {
	case ir.KBool, ir.KInt, ir.KFloat:
		x := m.binOp(ir.Eq, t, a, b).(*scalar)
		return x.c == 1, x.s
	case ir.KString:
		x := m.stringOp(ir.Eq, a.(*str), b.(*str)).(*scalar)
		return x.c == 1, x.s
	case ir.KPointer:
		return m.ptrEq(a.(*ptr), b.(*ptr))
	case ir.KSlice, ir.KMap:
		an, ant := nilness(a)
		bn, bnt := nilness(b)
		if !an && !bn && ant == nil && bnt == nil {
			panic(runError("comparison of two non-nil slices or maps"))
		}
		return m.refEq(an, ant, bn, bnt, false, nil)
	case ir.KInterface:
		x := m.ifaceEqual(a.(*iface), b.(*iface))
		return x.c == 1, x.s
	case ir.KFunc:
		an, ant := nilness(a)
		bn, bnt := nilness(b)
		if !an && !bn && ant == nil && bnt == nil {
			panic(runError("comparison of two non-nil function values"))
		}
		return m.refEq(an, ant, bn, bnt, false, nil)
	case ir.KArray, ir.KStruct:
		aa, ba := a.(*agg), b.(*agg)
		c := true
		var conj []*expr.Term
		for i := range aa.elems {
			et := t.Elem
			if t.Kind == ir.KStruct {
				et = t.Fields[i].Type
			}
			ec, etm := m.equal(et, aa.elems[i], ba.elems[i])
			c = c && ec
			if etm != nil {
				conj = append(conj, etm)
			} else if !ec {
				conj = append(conj, m.B.BoolConst(false))
			}
		}
		if len(conj) == 0 {
			return c, nil
		}
		tm := m.B.And(conj...)
		if tm.IsConst() {
			return tm.Val == 1, nil
		}
		return c, tm
	}
	panic(fmt.Sprintf("engine: comparison of %s values", t))
}
