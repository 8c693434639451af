// Instructions: Go's operator semantics on terms, memory access, calls.

package indep

import (
	"fmt"
	"strings"

	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
)

// exec encodes one non-terminator instruction reached under guard with
// memory mem. It returns the instruction's value (nil for Store) and the
// guard and memory after it: a call continues only where the callee
// returns, a dereference only where the pointer is not nil (the frontend
// puts a NilCheck before every dereference of a pointer that may be nil;
// where it put none, a nil pointer would panic the run anyway).
func (f *frame) exec(in ir.Instr, at *inst, guard *term, mem memory) (sym, *term, memory) {
	e := f.e
	ts := e.ts
	if floatInstr(in) {
		panic(notEnc(NotFloat, "construct float operation (%s) in %s not encoded", strings.ToLower(strings.TrimPrefix(fmt.Sprintf("%T", in), "*ir.")), f.fn.Name))
	}
	switch in := in.(type) {
	case *ir.BinOp:
		return f.binOp(in, at, guard), guard, mem
	case *ir.UnOp:
		x := f.scalar(in.X, at)
		switch in.Op {
		case ir.Not:
			return ts.not(x), guard, mem
		case ir.Neg:
			return ts.un(expr.OpNeg, x), guard, mem
		case ir.Compl:
			return ts.un(expr.OpCompl, x), guard, mem
		}
		panic(fmt.Sprintf("indep: unknown unary operator %v", in.Op))
	case *ir.Convert:
		from, to := in.X.Type(), in.Type()
		switch {
		case from.Kind == ir.KString && to.Kind == ir.KSlice && to.Elem.Kind == ir.KInt && to.Elem.Width == 8:
			v, mem := f.bytesOfStr(in, f.lookup(in.X, at).(*str), guard, mem)
			return v, guard, mem
		case from.Kind == ir.KSlice && from.Elem.Kind == ir.KInt && from.Elem.Width == 8 && to.Kind == ir.KString:
			s := f.lookup(in.X, at).(*slice)
			r := e.strOfBytes(s, mem)
			for k := range r.b {
				e.unknownRead(in, "a conversion to string", ts.and(guard, ts.and(e.ult(e.u64(k), r.n), ts.not(r.known[k]))))
			}
			e.unknownRead(in, "a conversion to string", ts.and(guard, e.ult(e.u64(len(r.b)), r.n)))
			return r, guard, mem
		case from.Kind == ir.KString && to.Kind == ir.KSlice && to.Elem.Kind == ir.KInt && to.Elem.Width == 32:
			v, mem := f.runesOfStr(in, f.lookup(in.X, at).(*str), to.Elem, guard, mem)
			return v, guard, mem
		case from.Kind == ir.KSlice && from.Elem.Kind == ir.KInt && from.Elem.Width == 32 && to.Kind == ir.KString:
			return f.strOfRunes(in, f.lookup(in.X, at).(*slice), from.Elem, guard, mem), guard, mem
		}
		x := f.scalar(in.X, at)
		if from.Kind == ir.KInt && to.Kind == ir.KString {
			return e.runeStr(x, from.Signed), guard, mem
		}
		if from.Kind != ir.KInt || to.Kind != ir.KInt {
			why := NotOther
			if from.Kind == ir.KString || to.Kind == ir.KString {
				why = NotString
			}
			panic(notEnc(why, "construct conversion from %s to %s in %s not encoded", from, to, f.fn.Name))
		}
		return ts.resize(x, to.Width, from.Signed), guard, mem
	case *ir.Alloc:
		o := e.newObject(in.Type().Elem)
		return &pointer{cands: []cand{{cond: ts.boolConst(true), obj: o}}}, guard, mem.with(o, e.zeroOf(in.Type().Elem))
	case *ir.Load:
		p, guard := f.deref(in.Ptr, at, guard)
		var gs []*term
		var vs []sym
		for _, c := range p.cands {
			if c.obj != nil {
				gs = append(gs, c.cond)
				if c.obj.open {
					vs = append(vs, e.readElem(mem, c, in.Type()))
				} else {
					vs = append(vs, e.readPath(mem.get(c.obj), c.path))
				}
			}
		}
		if len(vs) == 0 {
			return e.zeroOf(in.Type()), guard, mem // only nil: guard is false
		}
		return e.merge(gs, vs), guard, mem
	case *ir.Store:
		p, guard := f.deref(in.Ptr, at, guard)
		x := f.lookup(in.Val, at)
		targets := 0
		for _, c := range p.cands {
			if c.obj != nil {
				targets++
			}
		}
		for _, c := range p.cands {
			if c.obj != nil {
				cond := c.cond
				if targets == 1 { // where the store runs, the pointer is not nil
					cond = ts.boolConst(true)
				}
				mem = mem.with(c.obj, e.writePath(mem.get(c.obj), c.path, x, cond))
			}
		}
		return nil, guard, mem
	case *ir.FieldAddr:
		p, guard := f.deref(in.Ptr, at, guard)
		return f.step(p, pstep{field: in.Field}), guard, mem
	case *ir.IndexAddr:
		if s, ok := f.lookup(in.Ptr, at).(*slice); ok {
			return f.elemAddr(in, s, f.index(in.Index, at), guard), guard, mem
		}
		p, guard := f.deref(in.Ptr, at, guard)
		return f.step(p, pstep{index: f.index(in.Index, at)}), guard, mem
	case *ir.Field:
		a, ok := f.lookup(in.X, at).(*agg)
		if !ok {
			panic(notEnc(NotOther, "construct field of a non-struct in %s not encoded", f.fn.Name))
		}
		return a.elems[in.Field], guard, mem
	case *ir.Index:
		if s, ok := f.lookup(in.X, at).(*str); ok {
			v, unk := e.strByte(s, f.index(in.Index, at))
			e.unknownRead(in, "a byte of a string", ts.and(guard, unk))
			return v, guard, mem
		}
		a, ok := f.lookup(in.X, at).(*agg)
		if !ok {
			panic(notEnc(NotOther, "construct index of a non-array in %s not encoded", f.fn.Name))
		}
		return e.selectElem(a, f.index(in.Index, at), func(x sym) sym { return x }), guard, mem
	case *ir.Call:
		if in.Callee.External {
			panic(notEnc(NotExternal, "construct call to the external %s (run natively) not encoded", in.Callee.Name))
		}
		args := make([]sym, len(in.Args))
		for i, a := range in.Args {
			args[i] = f.lookup(a, at)
		}
		return e.joinRets(e.call(in.Callee, args, guard, mem), mem)
	case *ir.Extract:
		tu, ok := f.lookup(in.X, at).(*tuple)
		if !ok {
			panic(notEnc(NotOther, "construct extract from a non-tuple in %s not encoded", f.fn.Name))
		}
		return tu.elems[in.Index], guard, mem
	case *ir.MakeInterface:
		if e.unencodable(in.X.Type()) != NoReason {
			// An explicit panic's value of a type not encoded (its only
			// use the formula needs not: a panic ends the path): no
			// value, so that any other use is "not encoded".
			return nil, guard, mem
		}
		return e.makeIface(f.lookup(in.X, at), in.Dyn), guard, mem
	case *ir.ChangeInterface:
		return f.lookup(in.X, at), guard, mem
	case *ir.TypeAssert:
		x, ok := f.lookup(in.X, at).(*iface)
		if !ok {
			panic(notEnc(NotInterface, "construct type assertion of a non-interface in %s not encoded", f.fn.Name))
		}
		v, holds := f.typeAssert(in, x)
		if in.CommaOk {
			return &tuple{elems: []sym{v, holds}}, guard, mem
		}
		return v, guard, mem
	case *ir.Invoke:
		x, ok := f.lookup(in.X, at).(*iface)
		if !ok {
			panic(notEnc(NotInterface, "construct method call on a non-interface in %s not encoded", f.fn.Name))
		}
		return f.invoke(in, x, at, guard, mem)
	case *ir.Comparable:
		x := f.lookup(in.X, at).(*iface)
		var y *iface
		if in.Y != nil {
			y = f.lookup(in.Y, at).(*iface)
		}
		return f.comparableCond(x, y), guard, mem
	case *ir.MakeClosure:
		binds := make([]sym, len(in.Bindings))
		for i, b := range in.Bindings {
			binds[i] = f.lookup(b, at)
		}
		return &fnval{cands: []fcand{{cond: ts.boolConst(true), fn: in.Fn, binds: binds}}}, guard, mem
	case *ir.CallValue:
		v, ok := f.lookup(in.Fn, at).(*fnval)
		if !ok {
			panic(notEnc(NotFuncValue, "construct call of a non-function in %s not encoded", f.fn.Name))
		}
		args := make([]sym, len(in.Args))
		for i, a := range in.Args {
			args[i] = f.lookup(a, at)
		}
		return f.callValue(v, args, guard, mem)
	case *ir.Defer, *ir.RunDefers, *ir.Recover:
		panic(notEnc(reasonOf(in), "construct %s in %s not encoded", constructName(in), f.fn.Name))
	case *ir.Len:
		switch x := f.lookup(in.X, at).(type) {
		case *str:
			return x.n, guard, mem
		case *slice:
			return x.n, guard, mem
		case *mapRef:
			return e.mapLen(x, mem), guard, mem
		}
	case *ir.Range:
		if x, ok := f.lookup(in.X, at).(*str); ok {
			it, mem := e.rangeStr(x, mem)
			return it, guard, mem
		}
	case *ir.Next:
		if it, ok := f.lookup(in.Iter, at).(*iter); ok {
			v, mem := f.next(in, it, guard, mem)
			return v, guard, mem
		}
	case *ir.MakeMap:
		o := e.newObject(in.Type())
		mv := &mapv{typ: in.Type(), n: e.u64(0), open: ts.boolConst(false)}
		return &mapRef{p: &pointer{cands: []cand{{cond: ts.boolConst(true), obj: o}}}}, guard, mem.with(o, mv)
	case *ir.Lookup:
		if m, ok := f.lookup(in.X, at).(*mapRef); ok {
			v, found := f.mapLookup(in, m, f.lookup(in.Key, at), guard, mem)
			if in.CommaOk {
				return &tuple{elems: []sym{v, found}}, guard, mem
			}
			return v, guard, mem
		}
	case *ir.MapUpdate:
		if m, ok := f.lookup(in.Map, at).(*mapRef); ok {
			return nil, guard, f.mapUpdate(in, m, f.lookup(in.Key, at), f.lookup(in.Val, at), guard, mem)
		}
	case *ir.Cap:
		if x, ok := f.lookup(in.X, at).(*slice); ok {
			return x.c, guard, mem
		}
	case *ir.Slice:
		return f.slice(in, at, guard, mem)
	case *ir.MakeSlice:
		n, c := f.index(in.Len, at), f.index(in.Cap, at)
		o, arr := e.newArray(c, in.Type().Elem, nil)
		return &slice{p: &pointer{cands: []cand{{cond: ts.boolConst(true), obj: o, path: []pstep{{index: e.u64(0)}}}}}, n: n, c: c}, guard, mem.with(o, arr)
	case *ir.Builtin:
		switch in.Fn {
		case ir.Append:
			if s, ok := f.lookup(in.Args[0], at).(*slice); ok {
				v, mem := f.appendTo(in, s, f.lookup(in.Args[1], at), guard, mem)
				return v, guard, mem
			}
		case ir.Copy:
			if s, ok := f.lookup(in.Args[0], at).(*slice); ok {
				v, mem := f.copyTo(in, s, f.lookup(in.Args[1], at), guard, mem)
				return v, guard, mem
			}
		case ir.Delete:
			if m, ok := f.lookup(in.Args[0], at).(*mapRef); ok {
				return &tuple{}, guard, f.mapDelete(in, m, f.lookup(in.Args[1], at), guard, mem)
			}
		case ir.Clear:
			if m, ok := f.lookup(in.Args[0], at).(*mapRef); ok {
				return &tuple{}, guard, e.mapClear(m, mem)
			}
		}
	}
	switch in := in.(type) {
	case *ir.Len, *ir.Cap, *ir.Slice, *ir.MakeSlice, *ir.MakeMap, *ir.Lookup, *ir.MapUpdate, *ir.Builtin,
		*ir.SliceToArrayPointer, *ir.Range, *ir.Next:
		panic(notEnc(reasonOf(in), "construct %s in %s not encoded", strings.TrimPrefix(fmt.Sprintf("%T", in), "*ir."), f.fn.Name))
	case *ir.Phi, *ir.If, *ir.Jump, *ir.Return, *ir.Panic:
		panic(fmt.Sprintf("indep: %T is not executed by exec", in))
	default:
		panic(fmt.Sprintf("indep: unknown instruction %T", in))
	}
}

// deref is the pointer operand v about to be dereferenced, and the guard
// restricted to where it is not nil.
func (f *frame) deref(v ir.Value, at *inst, guard *term) (*pointer, *term) {
	p, ok := f.lookup(v, at).(*pointer)
	if !ok {
		panic(notEnc(NotOther, "construct dereference of a non-pointer in %s not encoded", f.fn.Name))
	}
	return p, f.e.ts.and(guard, f.e.ts.not(f.e.nilCond(p)))
}

// step extends every non-nil candidate of p by s.
func (f *frame) step(p *pointer, s pstep) *pointer {
	r := &pointer{}
	for _, c := range p.cands {
		if c.obj == nil {
			continue
		}
		path := append(append([]pstep(nil), c.path...), s)
		r.cands = append(r.cands, cand{c.cond, c.obj, path})
	}
	return r
}

// index is an index operand as a 64-bit term: sign- or zero-extended by its
// type, so that a negative index is a huge one (checks keep both out).
func (f *frame) index(v ir.Value, at *inst) *term {
	t := v.Type()
	if t.Kind != ir.KInt {
		panic(notEnc(NotOther, "construct index of type %s in %s not encoded", t, f.fn.Name))
	}
	return f.e.ts.resize(f.scalar(v, at), 64, t.Signed)
}

var sameWidth = map[ir.BinOpKind][2]expr.Op{ // [signed, unsigned]
	ir.Add:    {expr.OpAdd, expr.OpAdd},
	ir.Sub:    {expr.OpSub, expr.OpSub},
	ir.Mul:    {expr.OpMul, expr.OpMul},
	ir.Div:    {expr.OpSDiv, expr.OpUDiv},
	ir.Rem:    {expr.OpSRem, expr.OpURem},
	ir.And:    {expr.OpBAnd, expr.OpBAnd},
	ir.Or:     {expr.OpBOr, expr.OpBOr},
	ir.Xor:    {expr.OpBXor, expr.OpBXor},
	ir.Lt:     {expr.OpSlt, expr.OpUlt},
	ir.Le:     {expr.OpSle, expr.OpUle},
	ir.Gt:     {expr.OpSlt, expr.OpUlt}, // operands swapped
	ir.Ge:     {expr.OpSle, expr.OpUle}, // operands swapped
	ir.Shl:    {expr.OpShl, expr.OpShl},
	ir.Shr:    {expr.OpAShr, expr.OpLShr},
	ir.Eq:     {expr.OpEq, expr.OpEq},
	ir.Ne:     {expr.OpEq, expr.OpEq},
	ir.AndNot: {expr.OpBAnd, expr.OpBAnd},
}

// binOp encodes x op y with Go's semantics.
func (f *frame) binOp(in *ir.BinOp, at *inst, guard *term) sym {
	ts := f.e.ts
	xv, yv := f.lookup(in.X, at), f.lookup(in.Y, at)
	if xp, ok := xv.(*pointer); ok {
		yp, ok := yv.(*pointer)
		if !ok || (in.Op != ir.Eq && in.Op != ir.Ne) {
			panic(notEnc(NotOther, "construct pointer operator %v in %s not encoded", in.Op, f.fn.Name))
		}
		eq := f.e.ptrEq(xp, yp)
		if in.Op == ir.Ne {
			return ts.not(eq)
		}
		return eq
	}
	if xs, ok := xv.(*str); ok {
		return f.strOp(in, xs, yv.(*str), guard)
	}
	if xf, ok := xv.(*fnval); ok && (in.Op == ir.Eq || in.Op == ir.Ne) {
		// Against the constant nil (the only comparison of functions).
		eq := ts.eq(f.e.funcNil(xf), f.e.funcNil(yv.(*fnval)))
		if in.Op == ir.Ne {
			return ts.not(eq)
		}
		return eq
	}
	if xm, ok := xv.(*mapRef); ok && (in.Op == ir.Eq || in.Op == ir.Ne) {
		// Against the constant nil (the only comparison of maps).
		eq := ts.eq(f.e.nilCond(xm.p), f.e.nilCond(yv.(*mapRef).p))
		if in.Op == ir.Ne {
			return ts.not(eq)
		}
		return eq
	}
	if xs, ok := xv.(*slice); ok && (in.Op == ir.Eq || in.Op == ir.Ne) {
		// Against the constant nil (the only comparison of slices).
		eq := ts.eq(f.e.nilCond(xs.p), f.e.nilCond(yv.(*slice).p))
		if in.Op == ir.Ne {
			return ts.not(eq)
		}
		return eq
	}
	switch xv.(type) {
	case *iface, *agg:
		if in.Op == ir.Eq || in.Op == ir.Ne {
			eq := f.e.symEq(in, xv, yv, guard)
			if in.Op == ir.Ne {
				return ts.not(eq)
			}
			return eq
		}
	}
	x, ok1 := xv.(*term)
	y, ok2 := yv.(*term)
	if !ok1 || !ok2 {
		panic(notEnc(NotOther, "construct %v on aggregates in %s not encoded", in.Op, f.fn.Name))
	}
	if x.w == 0 { // bools
		switch in.Op {
		case ir.Eq:
			return ts.eq(x, y)
		case ir.Ne:
			return ts.not(ts.eq(x, y))
		case ir.And:
			return ts.and(x, y)
		case ir.Or:
			return ts.or(x, y)
		case ir.Xor:
			return ts.not(ts.eq(x, y))
		}
		panic(notEnc(NotOther, "construct %v on bools in %s not encoded", in.Op, f.fn.Name))
	}
	signed := in.X.Type().Signed
	ops, ok := sameWidth[in.Op]
	if !ok && in.Op != ir.Min && in.Op != ir.Max {
		panic(fmt.Sprintf("indep: unknown binary operator %v", in.Op))
	}
	op := ops[1]
	if signed {
		op = ops[0]
	}
	switch in.Op {
	case ir.Min, ir.Max:
		lt := expr.OpUlt
		if signed {
			lt = expr.OpSlt
		}
		if in.Op == ir.Min {
			return ts.ite(ts.bin(lt, y, x), y, x)
		}
		return ts.ite(ts.bin(lt, x, y), y, x)
	case ir.Eq:
		return ts.eq(x, y)
	case ir.Ne:
		return ts.not(ts.eq(x, y))
	case ir.Gt, ir.Ge:
		return ts.bin(op, y, x)
	case ir.AndNot:
		return ts.bin(op, x, ts.un(expr.OpCompl, y))
	case ir.Shl, ir.Shr:
		return ts.bin(op, x, f.shiftCount(x.w, y))
	}
	return ts.bin(op, x, y)
}

// shiftCount brings a shift count (any width, unsigned: negative counts are
// guarded by a check) to the width w of the shifted value. A count of w or
// more shifts everything out (SMT-LIB and Go agree on that), so a wider
// count is clamped to w before it is truncated.
func (f *frame) shiftCount(w int, y *term) *term {
	ts := f.e.ts
	switch {
	case y.w == w:
		return y
	case y.w < w:
		return ts.resize(y, w, false)
	}
	small := ts.bin(expr.OpUlt, y, ts.bv(y.w, uint64(w)))
	return ts.ite(small, ts.resize(y, w, false), ts.bv(w, uint64(w)))
}

// constructName names an instruction on interfaces or function values,
// or a deferred call, in a "not encoded" message.
func constructName(in ir.Instr) string {
	switch in.(type) {
	case *ir.MakeInterface, *ir.ChangeInterface:
		return "interface value"
	case *ir.TypeAssert:
		return "type assertion"
	case *ir.Invoke:
		return "interface method call"
	case *ir.Comparable:
		return "interface comparison"
	case *ir.MakeClosure:
		return "function value"
	case *ir.CallValue:
		return "call through a function value"
	case *ir.Defer, *ir.RunDefers:
		return "deferred call"
	case *ir.Recover:
		return "recover"
	}
	return fmt.Sprintf("%T", in)
}

// floatInstr reports whether in reads or yields a float: floats are not
// encoded (the engine's verdicts on them rest on the one solver's
// floating-point theory).
func floatInstr(in ir.Instr) bool {
	if v, ok := in.(ir.Value); ok && ir.IsFloat(v.Type()) {
		return true
	}
	for _, x := range in.Operands() {
		if x != nil && ir.IsFloat(x.Type()) {
			return true
		}
	}
	return false
}

// slice is x[lo:hi:max] of a string, a slice or a pointer to an array.
func (f *frame) slice(in *ir.Slice, at *inst, guard *term, mem memory) (sym, *term, memory) {
	e := f.e
	ts := e.ts
	bound := func(v ir.Value, def *term) *term {
		if v == nil {
			return def
		}
		return f.index(v, at)
	}
	lo := bound(in.Low, e.u64(0))
	switch x := f.lookup(in.X, at).(type) {
	case *str:
		return e.substr(x, lo, bound(in.High, x.n)), guard, mem
	case *slice:
		hi, mx := bound(in.High, x.n), bound(in.Max, x.c)
		p := x.p
		if !lo.isConst() || lo.val != 0 {
			p = e.shift(p, lo)
		}
		return &slice{p: p, n: ts.bin(expr.OpSub, hi, lo), c: ts.bin(expr.OpSub, mx, lo)}, guard, mem
	case *pointer:
		p, guard := f.deref(in.X, at, guard)
		l := e.u64(in.X.Type().Elem.Len)
		hi, mx := bound(in.High, l), bound(in.Max, l)
		return &slice{p: f.step(p, pstep{index: lo}), n: ts.bin(expr.OpSub, hi, lo), c: ts.bin(expr.OpSub, mx, lo)}, guard, mem
	}
	panic(notEnc(NotSlice, "construct slice of %s in %s not encoded", in.X.Type(), f.fn.Name))
}
