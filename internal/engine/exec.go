// Execution of the value-producing instructions, with Go's semantics.

package engine

import (
	"fmt"

	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
)

var binOps = map[ir.BinOpKind][2]expr.Op{ // [signed, unsigned]
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
}

// exec executes a non-terminator instruction and returns its value (nil for Store).
func (m *machine) exec(fr *frame, in ir.Instr, depth int) (val, bool) {
	switch in := in.(type) {
	case *ir.BinOp:
		return m.binOp(in, m.get(fr, in.X), m.get(fr, in.Y)), false
	case *ir.UnOp:
		x := m.get(fr, in.X).(*scalar)
		switch in.Op {
		case ir.Not:
			if x.s == nil {
				return &scalar{c: 1 - x.c}, false
			}
			return mk(1-x.c, m.B.Not(x.s), 0), false
		case ir.Neg, ir.Compl:
			op := expr.OpNeg
			if in.Op == ir.Compl {
				op = expr.OpCompl
			}
			c := expr.Apply(op, x.width, x.c)
			if x.s == nil {
				return &scalar{c: c, width: x.width}, false
			}
			if op == expr.OpNeg {
				return mk(c, m.B.Neg(x.s), x.width), false
			}
			return mk(c, m.B.Compl(x.s), x.width), false
		}
		panic(fmt.Sprintf("engine: unknown unary operator %v", in.Op))
	case *ir.Convert:
		x := m.get(fr, in.X).(*scalar)
		from, to := in.X.Type(), in.Type()
		c := expr.Extend(x.c, from.Width, 64, from.Signed) & expr.Mask(to.Width)
		if x.s == nil {
			return &scalar{c: c, width: to.Width}, false
		}
		return mk(c, m.B.Convert(x.s, to.Width, from.Signed), to.Width), false
	case *ir.Alloc:
		return &ptr{obj: &object{v: zero(in.Type().Elem)}}, false
	case *ir.Load:
		p := m.deref(fr, in.Ptr)
		return m.load(p.obj.v, p.path), false
	case *ir.Store:
		p := m.deref(fr, in.Ptr)
		p.obj.v = m.store(p.obj.v, p.path, m.get(fr, in.Val))
		return nil, false
	case *ir.FieldAddr:
		p := m.deref(fr, in.Ptr)
		return &ptr{obj: p.obj, path: appendStep(p.path, step{field: in.Field})}, false
	case *ir.IndexAddr:
		p := m.deref(fr, in.Ptr)
		idx := m.index(fr, in.Index, in.Ptr.Type().Elem.Len)
		return &ptr{obj: p.obj, path: appendStep(p.path, step{index: idx})}, false
	case *ir.Field:
		return m.get(fr, in.X).(*agg).elems[in.Field], false
	case *ir.Index:
		idx := m.index(fr, in.Index, in.X.Type().Len)
		return m.load(m.get(fr, in.X), []step{{index: idx}}), false
	case *ir.Call:
		args := make([]val, len(in.Args))
		for i, a := range in.Args {
			args[i] = m.get(fr, a)
		}
		fr.call = in
		res, panicked := m.call(in.Callee, args, depth+1)
		if panicked {
			return nil, true
		}
		if len(res) == 1 {
			return res[0], false
		}
		return &tuple{elems: res}, false
	case *ir.Extract:
		return m.get(fr, in.X).(*tuple).elems[in.Index], false
	case *ir.Phi, *ir.If, *ir.Jump, *ir.Return, *ir.Panic:
		panic(fmt.Sprintf("engine: %T is not executed by exec", in))
	default:
		panic(fmt.Sprintf("engine: unknown instruction %T", in))
	}
}

func appendStep(path []step, s step) []step {
	return append(append([]step(nil), path...), s)
}

// deref returns the pointer an operand holds; nil pointers are guarded by checks.
func (m *machine) deref(fr *frame, v ir.Value) *ptr {
	p := m.get(fr, v).(*ptr)
	if p.obj == nil {
		panic(runError("nil pointer dereference without a check"))
	}
	return p
}

// index returns an index operand as an unsigned 64-bit scalar, which checks have
// proved to be in [0, n).
func (m *machine) index(fr *frame, v ir.Value, n int) *scalar {
	x := m.get(fr, v).(*scalar)
	t := v.Type()
	c := expr.Extend(x.c, t.Width, 64, t.Signed)
	if c >= uint64(n) {
		if !m.force {
			panic(runError(fmt.Sprintf("index %d out of range %d without a check", int64(c), n)))
		}
		c = 0 // a forced run's concrete values are meaningless; its terms are right
	}
	if x.s == nil {
		return &scalar{c: c, width: 64}
	}
	return mk(c, m.B.Convert(x.s, 64, t.Signed), 64)
}

func (m *machine) binOp(in *ir.BinOp, xv, yv val) val {
	if xp, ok := xv.(*ptr); ok {
		eq := samePtr(xp, yv.(*ptr))
		switch in.Op {
		case ir.Eq:
			return &scalar{c: b2u(eq)}
		case ir.Ne:
			return &scalar{c: b2u(!eq)}
		}
		panic(fmt.Sprintf("engine: pointer operator %v", in.Op))
	}
	x, y := xv.(*scalar), yv.(*scalar)
	t := in.X.Type()
	signed := t.Kind == ir.KInt && t.Signed
	switch in.Op {
	case ir.Eq, ir.Ne:
		c := b2u(x.c == y.c)
		var s *expr.Term
		if x.s != nil || y.s != nil {
			s = m.B.Eq(m.term(x), m.term(y))
		}
		if in.Op == ir.Ne {
			c = 1 - c
			if s != nil {
				s = m.B.Not(s)
			}
		}
		return mk(c, s, 0)
	case ir.Gt, ir.Ge:
		// x > y is y < x.
		op := ir.Lt
		if in.Op == ir.Ge {
			op = ir.Le
		}
		return m.arith(op, signed, y, x)
	case ir.Shl, ir.Shr:
		// The count may have another type; it is non-negative (checked).
		c := y.c
		if c > uint64(x.width) {
			c = uint64(x.width)
		}
		op := expr.OpShl
		if in.Op == ir.Shr {
			op = expr.OpLShr
			if signed {
				op = expr.OpAShr
			}
		}
		cv := expr.Apply(op, x.width, x.c, c)
		if x.s == nil && y.s == nil {
			return &scalar{c: cv, width: x.width}
		}
		xs, ys := m.term(x), m.term(y)
		switch op {
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
	return m.arith(in.Op, signed, x, y)
}

// arith applies a same-width operator from binOps.
func (m *machine) arith(op ir.BinOpKind, signed bool, x, y *scalar) val {
	ops, ok := binOps[op]
	if !ok {
		panic(fmt.Sprintf("engine: unknown binary operator %v", op))
	}
	eop := ops[1]
	if signed {
		eop = ops[0]
	}
	c := expr.Apply(eop, x.width, x.c, y.c)
	w := x.width
	if op.IsComparison() {
		w = 0
	}
	if x.s == nil && y.s == nil {
		return &scalar{c: c, width: w}
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

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}
