// The reflect model's builtins that make values (New, Zero, MakeSlice, MakeMap) and work on the maps a Value reaches.

package engine

import (
	"fmt"

	"leapfrog/internal/ir"
)

// reflectMake executes rnew, rmake and the map builtins of the reflect
// model. A map's key and element cross to the replacement boxed: as an
// interface holding a value of the key's (element's) type, or, where
// that type is an interface type, as the interface itself.
func (m *machine) reflectMake(in *ir.Builtin, args []val) val {
	prog := m.root.Prog
	switch in.Fn {
	case ir.ReflectNew:
		rt := m.rtypeArg(args[0], in)
		pt := prog.RTypeOf(rt.PtrTo)
		if pt == nil || pt.Dyn == nil || pt.Dyn.Type.Kind != ir.KPointer {
			panic(runError(fmt.Sprintf("%s of %s: its pointer type is outside the model's type table", in.Fn, rt.String)))
		}
		return makeIface(pt.Dyn, &ptr{obj: &object{v: zero(pt.Dyn.Type.Elem)}})
	case ir.ReflectMake:
		rt := m.rtypeArg(args[0], in)
		if rt.Dyn == nil {
			panic(runError(fmt.Sprintf("%s of %s", in.Fn, rt.String)))
		}
		t := rt.Dyn.Type
		if c := args[2].(*scalar); c.s == nil && int64(c.c) == -1 {
			return makeIface(rt.Dyn, zero(t))
		}
		switch t.Kind {
		case ir.KMap:
			return makeIface(rt.Dyn, &mapv{obj: &object{v: &table{}}})
		case ir.KSlice:
			n, c := args[1].(*scalar), args[2].(*scalar)
			elems := make([]val, m.slots(in.Block(), "r"+in.Name(), c))
			for i := range elems {
				elems[i] = zero(t.Elem)
			}
			return makeIface(rt.Dyn, &slice{arr: &object{v: &agg{elems: elems}}, off: i64(0), n: n, cap: c})
		}
		panic(runError(fmt.Sprintf("%s of %s", in.Fn, rt.String)))
	}
	v, t, _ := m.walk(args[0].(*iface), m.rtypeArg(args[1], in), args[2].(*slice), in)
	mrt := m.rtypeArg(args[3], in)
	mv, ok := v.(*mapv)
	if !ok || mrt.Dyn == nil || t.Kind != ir.KMap || !ir.Identical(mrt.Dyn.Type, t) {
		panic(runError(fmt.Sprintf("%s of a %s as %s", in.Fn, t, mrt.String)))
	}
	kt, et := m.rtypeOrStop(mrt.Key, in), m.rtypeOrStop(mrt.Elem, in)
	switch in.Fn {
	case ir.ReflectMapIndex:
		// Decided entry by entry, as a dispatch, rather than an ite over
		// the entries' elements (which two maps, or two pointers, among
		// an interface's candidates would stop).
		tb := m.tableOf(mv)
		for i, h := range m.matches(t, tb, m.unbox(args[4].(*iface), kt, t.Key, in)) {
			if m.decide(in.Block(), ir.Dispatch, fmt.Sprintf("r%s at %d", in.Name(), i), h) {
				return anySlice([]val{m.box(tb.entries[i].v, et, t.Elem, in)})
			}
		}
		return anySlice(nil)
	case ir.ReflectMapSet:
		m.mapSet(t, mv, m.unbox(args[4].(*iface), kt, t.Key, in), m.unbox(args[5].(*iface), et, t.Elem, in))
		return nil
	case ir.ReflectMapDelete:
		m.mapDelete(mv, m.unbox(args[4].(*iface), kt, t.Key, in))
		return nil
	case ir.ReflectMapKeys:
		var keys []val
		for i, e := range m.tableOf(mv).entries {
			if m.decide(in.Block(), ir.MapEntry, fmt.Sprintf("r%s %d", in.Name(), i), e.present) {
				keys = append(keys, m.box(e.key, kt, t.Key, in))
			}
		}
		if len(keys) > 1 {
			// Go returns the keys in an order it does not fix: from here on
			// the run depends on the order chosen, as after a range over a
			// map that visits more than one entry.
			m.orderDep = true
		}
		return anySlice(keys)
	}
	panic(fmt.Sprintf("engine: builtin %v", in.Fn))
}

// rtypeOrStop is the type of the table's id n (a part of a type), or
// stops the run where the table lacks it.
func (m *machine) rtypeOrStop(n int, in *ir.Builtin) *ir.RType {
	rt := m.root.Prog.RTypeOf(n)
	if rt == nil {
		panic(runError(fmt.Sprintf("%s: a part of a type outside the model's type table", in.Fn)))
	}
	return rt
}

// unbox is the value of IR type t the interface x carries for the
// table's type rt: x itself for an interface type, else what it holds,
// which must be of type rt.
func (m *machine) unbox(x *iface, rt *ir.RType, t *ir.Type, in *ir.Builtin) val {
	if rt.Kind == reflectInterface {
		return x
	}
	noRT(x)
	if x.tag.s != nil || x.tag.c == 0 || rt.Dyn == nil || int(x.tag.c) != rt.Dyn.ID() || !ir.Identical(rt.Dyn.Type, t) {
		panic(runError(fmt.Sprintf("%s of a value whose type is not %s", in.Fn, rt.String)))
	}
	return m.alt(x, rt.Dyn.ID())
}

// box is the value v of IR type t, of the table's type rt, boxed as
// unbox takes it.
func (m *machine) box(v val, rt *ir.RType, t *ir.Type, in *ir.Builtin) val {
	if rt.Kind == reflectInterface {
		return v
	}
	if rt.Dyn == nil || !ir.Identical(rt.Dyn.Type, t) {
		panic(runError(fmt.Sprintf("%s: a value of %s boxed as %s", in.Fn, t, rt.String)))
	}
	return makeIface(rt.Dyn, v)
}

// anySlice is a fresh []any of the interfaces elems.
func anySlice(elems []val) *slice {
	n := i64(uint64(len(elems)))
	return &slice{arr: &object{v: &agg{elems: elems}}, off: i64(0), n: n, cap: n}
}
