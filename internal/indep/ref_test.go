// A tiny concrete IR interpreter, with Go's native arithmetic: the reference of the brute-force tests.

package indep_test

import (
	"fmt"
	"sync"

	"leapfrog/internal/ir"
)

// Values of the reference interpreter: uint64 (bools 0/1, integers masked to
// their width), *rAgg, *rPtr, rTuple.
type rAgg struct{ elems []any }

type rCell struct{ v any }

type rPtr struct {
	cell *rCell // nil: the nil pointer
	path []int
}

type rTuple []any

// side is one outcome of one If.
type side struct {
	b   *ir.If
	dir bool
}

// outcome is what one run reached.
type outcome struct {
	sides   map[side]bool
	panicAt *ir.Panic
	aborted string // the run did something Go would reject without a check, or ran too long
	results []any  // when it returned
}

type refAbort string

type refMachine struct {
	out   *outcome
	steps int
}

// regs is the number of registers of each function (values are kept in a
// slice indexed by register number: maps would dominate the enumeration).
var regs sync.Map // *ir.Function -> int

func numRegs(fn *ir.Function) int {
	if n, ok := regs.Load(fn); ok {
		return n.(int)
	}
	n := 0
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			if v, ok := in.(ir.Value); ok {
				if k, ok := ir.RegisterNum(v); ok && k >= n {
					n = k + 1
				}
			}
		}
	}
	regs.Store(fn, n)
	return n
}

// refRun runs fn on the inputs (leaves named by their input paths; a
// pointer parameter p is nil when p#nil is 1).
func refRun(fn *ir.Function, in map[string]uint64) (out *outcome) {
	m := &refMachine{out: &outcome{sides: map[side]bool{}}}
	args := make([]any, len(fn.Params))
	for i, p := range fn.Params {
		if p.Typ.Kind == ir.KPointer {
			if in[ir.ParamPath(p.Ident).NilVar()] == 1 {
				args[i] = &rPtr{}
			} else {
				args[i] = &rPtr{cell: &rCell{refInput(ir.ParamPath(p.Ident), p.Typ.Elem, in)}}
			}
			continue
		}
		args[i] = refInput(ir.ParamPath(p.Ident), p.Typ, in)
	}
	defer func() {
		if r := recover(); r != nil {
			msg, ok := r.(refAbort)
			if !ok {
				panic(r)
			}
			m.out.aborted = string(msg)
			out = m.out
		}
	}()
	if res, ok := m.call(fn, args); ok {
		m.out.results = res
	}
	return m.out
}

func refInput(p ir.InputPath, t *ir.Type, in map[string]uint64) any {
	switch t.Kind {
	case ir.KBool:
		return in[p.String()] & 1
	case ir.KInt:
		return in[p.String()] & mask(t.Width)
	case ir.KArray:
		a := &rAgg{}
		for i := 0; i < t.Len; i++ {
			a.elems = append(a.elems, refInput(p.Elem(i), t.Elem, in))
		}
		return a
	case ir.KStruct:
		a := &rAgg{}
		for _, f := range t.Fields {
			a.elems = append(a.elems, refInput(p.Field(f.Name), f.Type, in))
		}
		return a
	}
	panic(fmt.Sprintf("ref: input of type %s", t))
}

func mask(w int) uint64 {
	if w >= 64 {
		return ^uint64(0)
	}
	return 1<<uint(w) - 1
}

// sext is v (of width w) as a signed number.
func sext(v uint64, w int) int64 {
	return int64(v<<(64-uint(w))) >> (64 - uint(w))
}

func refZero(t *ir.Type) any {
	switch t.Kind {
	case ir.KBool, ir.KInt:
		return uint64(0)
	case ir.KArray:
		a := &rAgg{}
		for i := 0; i < t.Len; i++ {
			a.elems = append(a.elems, refZero(t.Elem))
		}
		return a
	case ir.KStruct:
		a := &rAgg{}
		for _, f := range t.Fields {
			a.elems = append(a.elems, refZero(f.Type))
		}
		return a
	case ir.KPointer:
		return &rPtr{}
	}
	panic(fmt.Sprintf("ref: zero of %s", t))
}

// call runs fn; it reports whether it returned (false: it panicked).
func (m *refMachine) call(fn *ir.Function, args []any) ([]any, bool) {
	regs := make([]any, numRegs(fn))
	set := func(v ir.Value, x any) {
		k, _ := ir.RegisterNum(v)
		regs[k] = x
	}
	get := func(v ir.Value) any {
		switch v := v.(type) {
		case *ir.Const:
			switch v.Typ.Kind {
			case ir.KBool, ir.KInt:
				return v.Val
			}
			return refZero(v.Typ)
		case *ir.Param:
			return args[v.Index]
		}
		k, _ := ir.RegisterNum(v)
		if regs[k] == nil {
			panic(fmt.Sprintf("ref: %s undefined", v.Name()))
		}
		return regs[k]
	}
	var prev *ir.Block
	b := fn.Blocks[0]
	for {
		if prev != nil {
			k := -1
			for i, p := range b.Preds {
				if p == prev {
					k = i
					break
				}
			}
			var phis []any
			for _, in := range b.Instrs {
				phi, ok := in.(*ir.Phi)
				if !ok {
					break
				}
				phis = append(phis, get(phi.Edges[k]))
			}
			for i, v := range phis {
				set(b.Instrs[i].(*ir.Phi), v)
			}
		}
		var next *ir.Block
		for _, in := range b.Instrs {
			m.steps++
			if m.steps > 200000 {
				panic(refAbort("too many steps"))
			}
			switch in := in.(type) {
			case *ir.Phi:
			case *ir.If:
				c := get(in.Cond).(uint64) == 1
				m.out.sides[side{in, c}] = true
				next = b.Succs[1]
				if c {
					next = b.Succs[0]
				}
			case *ir.Jump:
				next = b.Succs[0]
			case *ir.Return:
				var res []any
				for _, r := range in.Results {
					res = append(res, get(r))
				}
				return res, true
			case *ir.Panic:
				m.out.panicAt = in
				return nil, false
			case *ir.BinOp:
				set(in, refBinOp(in, get(in.X), get(in.Y)))
			case *ir.UnOp:
				x := get(in.X).(uint64)
				w := in.X.Type().Width
				switch in.Op {
				case ir.Not:
					set(in, 1-x)
				case ir.Neg:
					set(in, -x&mask(w))
				case ir.Compl:
					set(in, ^x&mask(w))
				}
			case *ir.Convert:
				x := get(in.X).(uint64)
				from := in.X.Type()
				if from.Signed {
					x = uint64(sext(x, from.Width))
				}
				set(in, x&mask(in.Type().Width))
			case *ir.Alloc:
				set(in, &rPtr{cell: &rCell{refZero(in.Type().Elem)}})
			case *ir.Load:
				p := refDeref(get(in.Ptr))
				set(in, refCopy(refAt(p.cell.v, p.path)))
			case *ir.Store:
				p := refDeref(get(in.Ptr))
				p.cell.v = refPut(p.cell.v, p.path, refCopy(get(in.Val)))
			case *ir.FieldAddr:
				p := refDeref(get(in.Ptr))
				set(in, &rPtr{p.cell, append(append([]int(nil), p.path...), in.Field)})
			case *ir.IndexAddr:
				p := refDeref(get(in.Ptr))
				i := refIndex(in.Index, get(in.Index), in.Ptr.Type().Elem.Len)
				set(in, &rPtr{p.cell, append(append([]int(nil), p.path...), i)})
			case *ir.Field:
				set(in, get(in.X).(*rAgg).elems[in.Field])
			case *ir.Index:
				i := refIndex(in.Index, get(in.Index), in.X.Type().Len)
				set(in, get(in.X).(*rAgg).elems[i])
			case *ir.Call:
				var as []any
				for _, a := range in.Args {
					as = append(as, refCopy(get(a)))
				}
				res, ok := m.call(in.Callee, as)
				if !ok {
					return nil, false
				}
				if len(res) == 1 {
					set(in, res[0])
				} else {
					set(in, rTuple(res))
				}
			case *ir.Extract:
				set(in, get(in.X).(rTuple)[in.Index])
			case *ir.MakeInterface: // an explicit panic's value: never used otherwise here
				set(in, nil)
			default:
				panic(fmt.Sprintf("ref: unknown instruction %T", in))
			}
		}
		prev, b = b, next
	}
}

func refDeref(v any) *rPtr {
	p := v.(*rPtr)
	if p.cell == nil {
		panic(refAbort("nil dereference without a check"))
	}
	return p
}

func refIndex(v ir.Value, x any, n int) int {
	i := x.(uint64)
	if t := v.Type(); t.Signed {
		i = uint64(sext(i, t.Width))
	}
	if i >= uint64(n) {
		panic(refAbort("index out of range without a check"))
	}
	return int(i)
}

// refCopy copies aggregates (values are immutable for the IR; cells hold them).
func refCopy(v any) any {
	if a, ok := v.(*rAgg); ok {
		c := &rAgg{elems: make([]any, len(a.elems))}
		for i, e := range a.elems {
			c.elems[i] = refCopy(e)
		}
		return c
	}
	return v
}

func refAt(v any, path []int) any {
	for _, k := range path {
		v = v.(*rAgg).elems[k]
	}
	return v
}

func refPut(v any, path []int, x any) any {
	if len(path) == 0 {
		return x
	}
	a := v.(*rAgg)
	a.elems[path[0]] = refPut(a.elems[path[0]], path[1:], x)
	return a
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// refBinOp computes x op y with Go's own operators on int64/uint64.
func refBinOp(in *ir.BinOp, xv, yv any) any {
	if xp, ok := xv.(*rPtr); ok {
		yp := yv.(*rPtr)
		eq := xp.cell == yp.cell && fmt.Sprint(xp.path) == fmt.Sprint(yp.path)
		if in.Op == ir.Ne {
			return b2u(!eq)
		}
		return b2u(eq)
	}
	x, y := xv.(uint64), yv.(uint64)
	t := in.X.Type()
	if t.Kind == ir.KBool {
		switch in.Op {
		case ir.Eq:
			return b2u(x == y)
		case ir.Ne:
			return b2u(x != y)
		}
		panic(fmt.Sprintf("ref: %v on bools", in.Op))
	}
	w, m := t.Width, mask(t.Width)
	sx, sy := sext(x, w), sext(y, w)
	switch in.Op {
	case ir.Add:
		return (x + y) & m
	case ir.Sub:
		return (x - y) & m
	case ir.Mul:
		return (x * y) & m
	case ir.Div, ir.Rem:
		if y == 0 {
			panic(refAbort("division by zero without a check"))
		}
		switch {
		case in.Op == ir.Div && t.Signed:
			return uint64(sx/sy) & m
		case in.Op == ir.Div:
			return x / y
		case t.Signed:
			return uint64(sx%sy) & m
		}
		return x % y
	case ir.And:
		return x & y
	case ir.Or:
		return x | y
	case ir.Xor:
		return x ^ y
	case ir.AndNot:
		return x &^ y
	case ir.Shl, ir.Shr:
		ct := in.Y.Type()
		if ct.Signed && sext(y, ct.Width) < 0 {
			panic(refAbort("negative shift without a check"))
		}
		if in.Op == ir.Shl {
			return (x << y) & m
		}
		if t.Signed {
			return uint64(sx>>y) & m
		}
		return x >> y
	case ir.Eq:
		return b2u(x == y)
	case ir.Ne:
		return b2u(x != y)
	case ir.Lt:
		if t.Signed {
			return b2u(sx < sy)
		}
		return b2u(x < y)
	case ir.Le:
		if t.Signed {
			return b2u(sx <= sy)
		}
		return b2u(x <= y)
	case ir.Gt:
		if t.Signed {
			return b2u(sx > sy)
		}
		return b2u(x > y)
	case ir.Ge:
		if t.Signed {
			return b2u(sx >= sy)
		}
		return b2u(x >= y)
	}
	panic(fmt.Sprintf("ref: unknown operator %v", in.Op))
}
