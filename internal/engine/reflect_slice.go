// The reflect model's builtins on slices (Slice, Slice3, Grow, Append, AppendSlice, Copy): slicing, append and copy.

package engine

import (
	"fmt"

	"leapfrog/internal/ir"
)

// reflectSlice executes rslice, rappend and rcopy. The model checks the
// bounds and the types reflect checks (its panics are its own); these
// builtins do what Go's slice expression, append and copy do, so that
// aliasing and capacities are those of the compiled program: append
// reallocates by Go's growth rule (measured on the running Go), which is
// reflect's own (reflect.Value.Grow and Append call runtime.growslice).
func (m *machine) reflectSlice(in *ir.Builtin, args []val) val {
	switch in.Fn {
	case ir.ReflectAppend:
		x, t := m.held(args[0].(*iface), in)
		y, yt := m.held(args[1].(*iface), in)
		s, ok := x.(*slice)
		if !ok || t.Type.Kind != ir.KSlice || yt.Type.Kind != ir.KSlice || !ir.Identical(t.Type.Elem, yt.Type.Elem) {
			panic(runError(fmt.Sprintf("%s of a %s to a %s", in.Fn, yt.Name, t.Name)))
		}
		return makeIface(t, m.appendTo(in, s, y, t.Type.Elem))
	case ir.ReflectCopy:
		s, elem := m.heldSlice(args[0].(*iface), in.Fn)
		y, yt := m.held(args[1].(*iface), in)
		if !ir.Identical(elem, elemOf(yt.Type)) {
			panic(runError(fmt.Sprintf("%s of a %s to a slice of %s", in.Fn, yt.Name, elem)))
		}
		return m.copyTo(s, y)
	}
	v, t, loc := m.walk(args[0].(*iface), m.rtypeArg(args[1], in), args[2].(*slice), in)
	lo, hi, mx := args[3].(*scalar), args[4].(*scalar), args[5].(*scalar)
	rt := m.rtypeArg(args[6], in)
	if rt.Dyn == nil {
		panic(runError(fmt.Sprintf("%s boxed as %s", in.Fn, rt.String)))
	}
	full := mx.s == nil && int64(mx.c) == -1
	var r val
	switch t.Kind {
	case ir.KString:
		if !full {
			panic(runError(fmt.Sprintf("%s: a 3-index slice of a string", in.Fn)))
		}
		r = m.substr(v.(*str), lo, hi)
	case ir.KSlice:
		s := v.(*slice)
		if full {
			mx = s.cap
		}
		r = &slice{arr: s.arr, base: s.base, off: m.uop(ir.Add, s.off, lo), n: m.uop(ir.Sub, hi, lo), cap: m.uop(ir.Sub, mx, lo), nilT: s.nilT, isNil: s.isNil}
	case ir.KArray:
		if full {
			mx = i64(uint64(t.Len))
		}
		if loc == nil {
			// An array not in memory (a part of the root's own value):
			// a copy, which the model only reads.
			loc = &ptr{obj: &object{v: v}}
		}
		r = &slice{arr: loc.obj, base: loc.path, off: lo, n: m.uop(ir.Sub, hi, lo), cap: m.uop(ir.Sub, mx, lo)}
		t = ir.SliceOf(t.Elem)
	default:
		panic(runError(fmt.Sprintf("%s of a %s", in.Fn, t)))
	}
	return m.box(r, rt, t, in)
}

// held is the value the interface x holds and its dynamic type, which
// must be known and in the model's type table.
func (m *machine) held(x *iface, in *ir.Builtin) (val, *ir.DynType) {
	noRT(x)
	if x.tag.s != nil || x.tag.c == 0 {
		panic(runError(fmt.Sprintf("%s of a value whose type is not known", in.Fn)))
	}
	d := dyn(m.root.Prog, int(x.tag.c))
	return m.alt(x, d.ID()), d
}

// elemOf is the element type of a slice, u8 for a string.
func elemOf(t *ir.Type) *ir.Type {
	if t.Kind == ir.KString {
		return ir.U8
	}
	if t.Kind == ir.KSlice {
		return t.Elem
	}
	return nil
}
