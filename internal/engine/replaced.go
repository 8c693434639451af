// What the replacement package's bodies need: reflection builtins, fatal errors, opaque inputs bounded to their zero value.

package engine

import (
	"fmt"

	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
)

// zeroTerms are the conditions under which the input value v is its
// type's zero value: every scalar 0, every pointer, slice, map and
// interface nil, every string empty.
func (m *machine) zeroTerms(v val, out []*expr.Term) []*expr.Term {
	switch v := v.(type) {
	case *scalar:
		if v.s != nil {
			if v.width == 0 {
				return append(out, m.B.Not(v.s))
			}
			return append(out, m.B.Eq(v.s, m.B.BVConst(v.width, 0)))
		}
	case *agg:
		for _, e := range v.elems {
			out = m.zeroTerms(e, out)
		}
	case *ptr:
		if v.nilT != nil {
			return append(out, v.nilT)
		}
	case *slice:
		if v.nilT != nil {
			return append(out, v.nilT)
		}
	case *mapv:
		if v.nilT != nil {
			return append(out, v.nilT)
		}
	case *str:
		return m.zeroTerms(v.n, out)
	case *iface:
		return m.zeroTerms(v.tag, out)
	case *closure:
		if v.nilT != nil {
			return append(out, v.nilT)
		}
	default:
		panic(runError(fmt.Sprintf("an opaque input holding %T", v)))
	}
	return out
}

// fatal is a Panic terminator of kind FatalPanic or AbortPanic in fn, of message msg:
// the run is aborted with it as the reason.
func fatal(fn *ir.Function, msg string) {
	panic(runError(fmt.Sprintf("%s (in %s)", msg, fn.Name)))
}

// reflectBuiltin executes SliceLen, SliceSwap and SameType.
func (m *machine) reflectBuiltin(in *ir.Builtin, args []val) val {
	switch in.Fn {
	case ir.SliceLen:
		s, _ := m.heldSlice(args[0].(*iface), in.Fn)
		return s.n
	case ir.SliceSwap:
		s, elem := m.heldSlice(args[0].(*iface), in.Fn)
		pi := m.elemAddr(s, m.index(args[1], ir.I64), elem)
		pj := m.elemAddr(s, m.index(args[2], ir.I64), elem)
		vi, vj := m.loadPtr(pi), m.loadPtr(pj)
		m.storePtr(pi, vj)
		m.storePtr(pj, vi)
		return nil
	case ir.SameType:
		a, b := args[0].(*iface), args[1].(*iface)
		noRT(a)
		noRT(b)
		same := m.and(m.isTag(a, 0), m.isTag(b, 0))
		m.sameTypes(a, b, func(_ int, both *scalar, _ *ir.Type) { same = m.or(same, both) })
		return m.or(same, m.otherToo(a, b))
	}
	panic(fmt.Sprintf("engine: builtin %v", in.Fn))
}

// heldSlice is the slice the interface x holds, and its element type. The
// run aborts when x holds something else (reflect panics then, with a
// message that names the kind: not modelled) or when its dynamic type
// depends on the inputs.
func (m *machine) heldSlice(x *iface, fn ir.BuiltinKind) (*slice, *ir.Type) {
	noRT(x)
	if x.tag.s != nil {
		panic(runError(fmt.Sprintf("%s of an interface whose dynamic type depends on the inputs: not modelled", fn)))
	}
	id := int(x.tag.c)
	if id <= 0 || id > len(m.root.Prog.Types) {
		panic(runError(fmt.Sprintf("reflection on a nil interface (%s): reflect's panic is not modelled", fn)))
	}
	d := dyn(m.root.Prog, id)
	s, ok := m.alt(x, id).(*slice)
	if !ok || d.Type.Kind != ir.KSlice {
		panic(runError(fmt.Sprintf("reflection on a %s, not a slice (%s): reflect's panic is not modelled", d.Name, fn)))
	}
	return s, d.Type.Elem
}
