// The reflect model's builtins: the type table's properties, and the values reached from an interface by steps.

package engine

import (
	"fmt"

	"leapfrog/internal/ir"
)

// The reflect model (lower/replace_reflect.go) names types by their ids
// in Program.Reflect and reaches a Value from an interface by steps: a
// field's or an element's index, or -1 for a pointer's dereference. Its
// builtins take the ids and the steps concretely (a reflect.Type is
// never an input: ids come from rtypeof, which decides an input's
// dynamic type as an interface method call does); a symbolic one, a type
// outside the table, or a step the model does not take stops the run.

// reflectModel executes the builtins of the reflect model.
func (m *machine) reflectModel(in *ir.Builtin, args []val) val {
	prog := m.root.Prog
	switch in.Fn {
	case ir.ReflectTypeOf:
		x := args[0].(*iface)
		noRT(x)
		id := m.decideTag(in.Block(), "r"+in.Name(), x, append([]int{0}, x.ids()...), x.other)
		if id == 0 {
			return i64(0)
		}
		d := dyn(prog, id)
		if d.RType == 0 {
			panic(runError(fmt.Sprintf("reflect on a value of %s, outside the model's type table", d.Name)))
		}
		return i64(uint64(d.RType))
	case ir.ReflectTypeInt:
		rt := m.rtypeArg(args[0], in)
		return i64(uint64(m.rtypeInt(rt, concreteInt(args[1], in), m.decideIndex(args[2], len(rt.Fields), in), in)))
	case ir.ReflectTypeStr:
		rt := m.rtypeArg(args[0], in)
		return constString(m.rtypeStr(rt, concreteInt(args[1], in), m.decideIndex(args[2], len(rt.Fields), in), in))
	}
	v, t, loc := m.walk(args[0].(*iface), m.rtypeArg(args[1], in), args[2].(*slice), in)
	switch in.Fn {
	case ir.ReflectGet:
		rt := m.rtypeArg(args[3], in)
		if rt.Kind == reflectInterface {
			return v
		}
		if rt.Dyn == nil || !ir.Identical(rt.Dyn.Type, t) {
			panic(runError(fmt.Sprintf("%s: a value of %s boxed as %s", in.Fn, t, rt.String)))
		}
		return makeIface(rt.Dyn, v)
	case ir.ReflectLen:
		if t.Kind != ir.KSlice && t.Kind != ir.KMap {
			panic(runError(fmt.Sprintf("%s of a %s", in.Fn, t)))
		}
		return m.length(v)
	case ir.ReflectCap:
		s, ok := v.(*slice)
		if !ok {
			panic(runError(fmt.Sprintf("%s of a %s", in.Fn, t)))
		}
		return s.cap
	case ir.ReflectIsNil:
		if x, ok := v.(*iface); ok {
			noRT(x)
			return m.isTag(x, 0)
		}
		isNil, term := nilness(v)
		return mk(b2u(isNil), term, 0)
	case ir.ReflectAddr:
		rt := m.rtypeArg(args[3], in)
		if loc == nil || rt.Dyn == nil || rt.Dyn.Type.Kind != ir.KPointer || !ir.Identical(rt.Dyn.Type.Elem, t) {
			panic(runError(fmt.Sprintf("%s of a value not in memory, or as another type", in.Fn)))
		}
		return makeIface(rt.Dyn, loc)
	case ir.ReflectSet:
		if loc == nil {
			panic(runError(fmt.Sprintf("%s of a value not in memory", in.Fn)))
		}
		x := args[3].(*iface)
		if t.Kind == ir.KInterface {
			m.storePtr(loc, x)
			return nil
		}
		noRT(x)
		if x.tag.s != nil || x.tag.c == 0 {
			panic(runError(fmt.Sprintf("%s of a value whose type is not known", in.Fn)))
		}
		d := dyn(prog, int(x.tag.c))
		if !ir.Identical(d.Type, t) {
			panic(runError(fmt.Sprintf("%s of a %s into a %s", in.Fn, d.Name, t)))
		}
		m.storePtr(loc, m.alt(x, d.ID()))
		return nil
	}
	panic(fmt.Sprintf("engine: builtin %v", in.Fn))
}

// reflect's kind of an interface type.
const reflectInterface = 20

// concreteInt is the value of the i64 x, which must not depend on the
// inputs.
func concreteInt(x val, in *ir.Builtin) int {
	s := x.(*scalar)
	if s.s != nil {
		panic(runError(fmt.Sprintf("%s of an operand that depends on the inputs: not modelled", in.Fn)))
	}
	return int(int64(s.c))
}

// decideIndex makes the index x (of a field, or an array's element)
// concrete where it depends on the inputs: internal decisions "x is k"
// for k from 0 to n-1 (the model checks the index is in range first),
// one per site and k, which the search flips like a dispatch.
func (m *machine) decideIndex(x val, n int, in *ir.Builtin) int {
	s := x.(*scalar)
	if s.s == nil {
		return int(int64(s.c))
	}
	for k := 0; k < n; k++ {
		if m.decide(in.Block(), ir.Dispatch, fmt.Sprintf("r%s index %d", in.Name(), k), m.uop(ir.Eq, s, i64(uint64(k)))) {
			return k
		}
	}
	panic(runError(fmt.Sprintf("%s of an index out of range", in.Fn)))
}

// rtypeArg is the type of the id x.
func (m *machine) rtypeArg(x val, in *ir.Builtin) *ir.RType {
	rt := m.root.Prog.RTypeOf(concreteInt(x, in))
	if rt == nil {
		panic(runError(fmt.Sprintf("%s of a type outside the model's table", in.Fn)))
	}
	return rt
}

// rtypeInt is the integer property what of rt (i: a field's index).
func (m *machine) rtypeInt(rt *ir.RType, what, i int, in *ir.Builtin) int {
	id := func(n int) int {
		if n == 0 {
			panic(runError(fmt.Sprintf("%s: a part of %s outside the model's type table", in.Fn, rt.String)))
		}
		return n
	}
	switch what {
	case ir.RTypeKind:
		return rt.Kind
	case ir.RTypeElem:
		return id(rt.Elem)
	case ir.RTypeKey:
		return id(rt.Key)
	case ir.RTypeLen:
		return rt.Len
	case ir.RTypeUnderlying:
		return id(rt.Underlying)
	case ir.RTypeSize:
		return rt.Size
	case ir.RTypeComparable:
		return int(b2u(rt.Comparable))
	case ir.RTypeNumField:
		return len(rt.Fields)
	case ir.RTypeNumMethod:
		return rt.NumMethod
	case ir.RTypePtrTo:
		return id(rt.PtrTo)
	case ir.RTypeSliceOf:
		return id(rt.SliceOf)
	}
	f := field(rt, i, in)
	switch what {
	case ir.RTypeFieldType:
		return id(f.Type)
	case ir.RTypeFieldOffset:
		return f.Offset
	case ir.RTypeFieldAnonymous:
		return int(b2u(f.Anonymous))
	}
	panic(fmt.Sprintf("engine: %s of property %d", in.Fn, what))
}

// field is field i of rt.
func field(rt *ir.RType, i int, in *ir.Builtin) ir.RField {
	if i < 0 || i >= len(rt.Fields) {
		panic(runError(fmt.Sprintf("%s: field %d of %s", in.Fn, i, rt.String)))
	}
	return rt.Fields[i]
}

// rtypeStr is the string property what of rt.
func (m *machine) rtypeStr(rt *ir.RType, what, i int, in *ir.Builtin) string {
	switch what {
	case ir.RTypeName:
		return rt.Name
	case ir.RTypePkgPath:
		return rt.PkgPath
	case ir.RTypeString:
		return rt.String
	case ir.RTypeFieldName:
		return field(rt, i, in).Name
	case ir.RTypeFieldPkgPath:
		return field(rt, i, in).PkgPath
	case ir.RTypeFieldTag:
		return field(rt, i, in).Tag
	}
	panic(fmt.Sprintf("engine: %s of property %d", in.Fn, what))
}

// walk follows steps from the value root holds (of type rootT): it
// returns the value reached, its IR type, and where it is in memory (nil
// when it is not: a part of root's own value).
func (m *machine) walk(root *iface, rootT *ir.RType, steps *slice, in *ir.Builtin) (val, *ir.Type, *ptr) {
	if rootT.Dyn == nil {
		panic(runError(fmt.Sprintf("%s from an interface type", in.Fn)))
	}
	v := m.alt(root, rootT.Dyn.ID())
	if v == nil {
		panic(runError(fmt.Sprintf("%s: the interface holds no %s", in.Fn, rootT.String)))
	}
	t := rootT.Dyn.Type
	var loc *ptr
	for k := 0; k < concreteInt(steps.n, in); k++ {
		s := m.loadPtr(m.elemAddr(steps, i64(uint64(k)), ir.I64)).(*scalar)
		switch t.Kind {
		case ir.KPointer:
			p := v.(*ptr)
			if isNil, _ := nilness(p); isNil {
				panic(runError(fmt.Sprintf("%s through a nil pointer", in.Fn)))
			}
			loc, t = p, t.Elem
		case ir.KStruct:
			i := m.decideIndex(s, len(t.Fields), in)
			if loc != nil {
				loc = derive(loc.obj, loc.path, step{field: i})
			} else {
				v = v.(*agg).elems[i]
			}
			t = t.Fields[i].Type
		case ir.KArray:
			if loc != nil {
				loc = derive(loc.obj, loc.path, step{index: s, elem: t.Elem})
			} else {
				v = v.(*agg).elems[m.decideIndex(s, t.Len, in)]
			}
			t = t.Elem
		case ir.KSlice:
			loc, t = m.elemAddr(v.(*slice), s, t.Elem), t.Elem
		default:
			panic(runError(fmt.Sprintf("%s: a step into a %s", in.Fn, t)))
		}
		if loc != nil {
			v = m.loadPtr(loc)
		}
	}
	return v, t, loc
}
