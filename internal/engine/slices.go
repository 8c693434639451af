// Slices: windows on backing arrays, slicing, make, append (with Go's growth), copy, clear, conversion to arrays.

package engine

import (
	"fmt"

	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
)

// array returns the elements of a slice's backing array.
func (m *machine) array(s *slice) []val {
	return m.load(m.contents(s.arr), s.base).(*agg).elems
}

// window returns the elements a slice can see, from its offset to the end of
// its array: element k of the slice is window[k] (an ite chain when the
// offset is symbolic).
func (m *machine) window(s *slice) []val {
	arr := m.array(s)
	if s.off.s == nil {
		off := int(s.off.c)
		if off > len(arr) {
			off = len(arr)
		}
		return arr[off:]
	}
	out := make([]val, len(arr))
	for k := range out {
		if k&15 == 0 {
			m.checkDeadline() // each load selects among all of arr: a 4 KiB bufio buffer makes 16M terms
		}
		idx := m.uop(ir.Add, s.off, i64(uint64(k)))
		out[k] = m.load(&agg{elems: arr}, []step{{index: idx}})
	}
	return out
}

// elemAddr is &s[idx] of a slice of elem.
func (m *machine) elemAddr(s *slice, idx *scalar, elem *ir.Type) *ptr {
	at := m.uop(ir.Add, s.off, idx)
	return derive(s.arr, s.base, step{index: at, elem: elem})
}

// sliceExpr evaluates X[Low:High:Max] on a string, a slice or a pointer to an array.
func (m *machine) sliceExpr(in *ir.Slice, fr *frame, ci *cinstr) val {
	x := m.operand(fr, ci.ops[0])
	k := 1
	bound := func(b ir.Value) *scalar {
		if b == nil {
			return nil
		}
		v := m.operand(fr, ci.ops[k]).(*scalar)
		k++
		return m.index(v, b.Type())
	}
	lo, hi, mx := bound(in.Low), bound(in.High), bound(in.Max)
	if lo == nil {
		lo = i64(0)
	}
	switch x := x.(type) {
	case *str:
		if hi == nil {
			hi = x.n
		}
		return m.substr(x, lo, hi)
	case *slice:
		if hi == nil {
			hi = x.n
		}
		if mx == nil {
			mx = x.cap
		}
		return &slice{arr: x.arr, base: x.base, off: m.uop(ir.Add, x.off, lo), n: m.uop(ir.Sub, hi, lo), cap: m.uop(ir.Sub, mx, lo), nilT: x.nilT, isNil: x.isNil}
	case *ptr:
		p := m.deref(x)
		n := uint64(in.X.Type().Elem.Len)
		if hi == nil {
			hi = i64(n)
		}
		if mx == nil {
			mx = i64(n)
		}
		return &slice{arr: p.obj, base: p.path, off: lo, n: m.uop(ir.Sub, hi, lo), cap: m.uop(ir.Sub, mx, lo)}
	}
	panic(fmt.Sprintf("engine: slice of %T", x))
}

// substr is x[lo:hi] of a string (in range: checked). It lies in the
// memory of x's root, at x's offset plus lo; gc does not advance the
// pointer of an empty result (it stays x's).
func (m *machine) substr(x *str, lo, hi *scalar) *str {
	r := &str{n: m.uop(ir.Sub, hi, lo), root: x.rootStr()}
	r.off = m.uop(ir.Add, x.offset(), m.sel(m.uop(ir.Ne, r.n, i64(0)), lo, i64(0)))
	if lo.s == nil {
		l := int(min(lo.c, uint64(len(x.b))))
		r.b = x.b[l:]
	} else {
		r.b = make([]*scalar, len(x.b))
		for j := range r.b {
			r.b[j] = m.pick(x.b, m.uop(ir.Add, lo, i64(uint64(j))))
		}
	}
	return r
}

// maxAlloc bounds the elements of one allocation the engine models.
const maxAlloc = 1 << 20

// slots returns how many element slots an allocation of symbolic size n
// needs: MaxLen when n is within it (a decision recorded at b), else n
// exactly (n made concrete by a decision whose other side is not explored).
func (m *machine) slots(b *ir.Block, what string, n *scalar) int {
	if n.s == nil {
		if n.c > maxAlloc {
			panic(runError(fmt.Sprintf("%s of %d elements: too large to model", what, n.c)))
		}
		return int(n.c)
	}
	if m.decide(b, ir.SizeFits, what, m.uop(ir.Le, n, i64(uint64(m.MaxLen)))) {
		return m.MaxLen
	}
	return int(m.exactSize(b, what, n))
}

// exactSize is the value of the size n (what names it), made concrete
// when symbolic: an ExactSize step fixes it for the rest of the run.
// Sizes above maxAlloc end the run.
func (m *machine) exactSize(b *ir.Block, what string, n *scalar) int64 {
	if n.c > maxAlloc {
		panic(runError(fmt.Sprintf("%s of %d elements: too large to model", what, n.c)))
	}
	if n.s != nil {
		in := m.pseudoIf(b, ir.ExactSize, what, ir.Pos{})
		m.addFixed(Step{If: in, Taken: true, Cond: m.B.Eq(n.s, m.B.BVConst(64, n.c)), Bounded: fmt.Sprintf("size of %s concretized at %d", what, n.c)})
	}
	return int64(n.c)
}

// rootStr is the string whose memory s lies in: the one it was sliced
// from, or itself.
func (s *str) rootStr() *str {
	if s.root != nil {
		return s.root
	}
	return s
}

// offset is the offset of s's bytes in its root's memory.
func (s *str) offset() *scalar {
	if s.root == nil {
		return i64(0)
	}
	return s.off
}

// dataOffset is the address of x's bytes minus y's, for strings sliced
// from one string (the only addresses the engine knows relative to each
// other); the run aborts for others, whose addresses Go does not relate.
func (m *machine) dataOffset(x, y *str) *scalar {
	if x.rootStr() != y.rootStr() {
		panic(runError("the addresses of two strings subtracted that are not sliced from one string (leapfrog knows a string's address only relative to the string it was sliced from)"))
	}
	return m.uop(ir.Sub, x.offset(), y.offset())
}

// makeSlice is make([]T, n, c).
func (m *machine) makeSlice(in *ir.MakeSlice, n, c *scalar) *slice {
	t := in.Type()
	k := m.slots(in.Block(), "make", c)
	elems := make([]val, k)
	for i := range elems {
		elems[i] = zero(t.Elem)
	}
	return &slice{arr: &object{v: &agg{elems: elems}}, off: i64(0), n: n, cap: c}
}

// sliceToArrayPointer converts a slice to a pointer to an array of its
// first N elements (in its backing array); nil for a nil slice (N is then 0).
func (m *machine) sliceToArrayPointer(s *slice) *ptr {
	if isNil, t := nilness(s); isNil && t == nil {
		return &ptr{}
	}
	if s.off.s != nil || len(s.base) > 0 || s.off.c != 0 {
		panic(runError("conversion of a slice that does not start its array to an array pointer"))
	}
	return &ptr{obj: s.arr, nilT: s.nilT, isNil: s.isNil}
}

// builtin runs append, copy, delete or clear.
func (m *machine) builtin(in *ir.Builtin, args []val) val {
	switch in.Fn {
	case ir.Append:
		return m.appendTo(in, args[0].(*slice), args[1], in.Type().Elem)
	case ir.Copy:
		return m.copyTo(args[0].(*slice), args[1])
	case ir.Delete:
		m.mapDelete(args[0].(*mapv), args[1])
		return nil
	case ir.Clear:
		switch x := args[0].(type) {
		case *mapv:
			m.mapClear(x)
		case *slice:
			m.sliceClear(x, in.Args[0].Type().Elem)
		}
		return nil
	case ir.SliceLen, ir.SliceSwap, ir.SameType:
		return m.reflectBuiltin(in, args) // replaced.go
	case ir.Within:
		// A decision, as an interface's dispatch to a type the program
		// does not know: the search explores both sides, and the side
		// that aborts refutes nothing.
		if !m.decide(in.Block(), ir.SizeFits, "header view", args[0].(*scalar)) {
			panic(runError("a string or slice header views memory leapfrog does not model: beyond its Data's string or slice (Go reads whatever lies there), or a []byte over the bytes of an empty string (nil or not by where the string came from)"))
		}
		return nil
	case ir.ReadOnly:
		if s := args[0].(*slice); s.arr != nil {
			s.arr.readOnly = true
		}
		return nil
	case ir.DataOff:
		return m.dataOffset(args[0].(*str), args[1].(*str))
	case ir.ReflectTypeOf, ir.ReflectTypeInt, ir.ReflectTypeStr, ir.ReflectGet, ir.ReflectLen, ir.ReflectCap, ir.ReflectIsNil, ir.ReflectSet, ir.ReflectAddr:
		return m.reflectModel(in, args) // reflect.go
	case ir.ReflectNew, ir.ReflectMake, ir.ReflectMapIndex, ir.ReflectMapSet, ir.ReflectMapDelete, ir.ReflectMapKeys:
		return m.reflectMake(in, args) // reflect_make.go
	case ir.ReflectSlice, ir.ReflectAppend, ir.ReflectCopy:
		return m.reflectSlice(in, args) // reflect_slice.go
	}
	panic(fmt.Sprintf("engine: builtin %v", in.Fn))
}

// source returns the elements of the second operand of append or copy: a
// slice's window and length, or a string's bytes and length.
func (m *machine) source(v val) ([]val, *scalar) {
	switch v := v.(type) {
	case *slice:
		return m.window(v), v.n
	case *str:
		elems := make([]val, len(v.b))
		for k, b := range v.b {
			elems[k] = b
		}
		return elems, v.n
	}
	panic(fmt.Sprintf("engine: append or copy from %T", v))
}

// spliced returns dst with positions [at, at+n) replaced by src[0:n] (src's
// position j going to at+j), for symbolic at and n. A source with fewer
// slots than n has a forced run's meaningless length (a string of concrete
// length 4 and no slots, copied by strings.Clone: gjson's unescape); with
// none at all, dst is kept.
func (m *machine) spliced(dst []val, at, n *scalar, src []val) []val {
	out := make([]val, len(dst))
	if len(src) == 0 {
		copy(out, dst)
		return out
	}
	for p := range dst {
		if p&63 == 63 {
			m.checkDeadline() // each element may select among all of src
		}
		pp := i64(uint64(p))
		j := m.uop(ir.Sub, pp, at)
		in := m.and(m.uop(ir.Le, at, pp), m.uop(ir.Lt, j, n))
		if in.s == nil && in.c == 0 {
			out[p] = dst[p]
			continue
		}
		var from val
		if j.s == nil {
			from = src[clampIndex(j.c, len(src))]
		} else {
			from = m.load(&agg{elems: src}, []step{{index: j}})
		}
		if in.s == nil {
			out[p] = from
		} else {
			out[p] = m.ite(in.s, in.c == 1, from, dst[p])
		}
	}
	return out
}

// appendTo is append(s, t...) of a slice of elem.
func (m *machine) appendTo(in *ir.Builtin, s *slice, t val, elem *ir.Type) *slice {
	src, k := m.source(t)
	if len(src) == 0 {
		src = []val{zero(elem)}
	}
	newLen := m.uop(ir.Add, s.n, k)
	fits := m.uop(ir.Le, newLen, s.cap)
	// The result is nil only when s is nil and nothing is appended.
	nilT := s.nilT
	isNil := s.isNil && k.c == 0
	if s.nilT != nil || k.s != nil {
		empty := m.uop(ir.Eq, k, i64(0))
		nl := m.and(&scalar{c: b2u(s.isNil), s: s.nilT}, empty)
		nilT, isNil = nl.s, nl.c == 1
	} else if k.c != 0 {
		nilT = nil
	}
	if key := m.capKey(fits.s); key != "" {
		return m.appendUnsure(in, elem, s, src, k, newLen, nilT, isNil, key) // convcap.go
	}
	if m.decide(in.Block(), ir.AppendFits, "", fits) {
		return m.appendInPlace(s, src, k, newLen, nilT, isNil)
	}
	old := m.window(s)
	newCap, total := m.grow(in.Block(), s.cap, newLen, elem, max(2*len(old), len(old)+len(src)))
	return m.appendNew(elem, s, src, k, newLen, newCap, total, nilT, isNil)
}

// appendInPlace is append(s, src...) (k elements) within s's capacity: the
// elements written into s's array after its length.
func (m *machine) appendInPlace(s *slice, src []val, k, newLen *scalar, nilT *expr.Term, isNil bool) *slice {
	arr := m.array(s)
	at := m.uop(ir.Add, s.off, s.n)
	s.arr.set(m.store(m.contents(s.arr), s.base, &agg{elems: m.spliced(arr, at, k, src)}))
	return &slice{arr: s.arr, base: s.base, off: s.off, n: newLen, cap: s.cap, nilT: nilT, isNil: isNil}
}

// appendNew is append(s, src...) (k elements) into a new array of total
// slots and capacity newCap: the old elements, then the new ones.
func (m *machine) appendNew(elem *ir.Type, s *slice, src []val, k, newLen, newCap *scalar, total int, nilT *expr.Term, isNil bool) *slice {
	old := m.window(s)
	elems := make([]val, total)
	for p := range elems {
		if p < len(old) {
			elems[p] = old[p]
		} else {
			elems[p] = zero(elem)
		}
	}
	// Positions at or beyond the old length: zero or appended.
	for p := range elems {
		below := m.uop(ir.Lt, i64(uint64(p)), s.n)
		if below.s == nil && below.c == 1 {
			continue
		}
		if below.s == nil {
			elems[p] = zero(elem)
		} else {
			elems[p] = m.ite(below.s, below.c == 1, elems[p], zero(elem))
		}
	}
	elems = m.spliced(elems, s.n, k, src)
	return &slice{arr: &object{v: &agg{elems: elems}}, off: i64(0), n: newLen, cap: newCap, nilT: nilT, isNil: isNil}
}

// grow is the capacity Go gives a slice of capacity oldCap grown to hold
// newLen elements of type elem: runtime.growslice's rule (double
// below 256 elements, then by a quarter plus 192, at least newLen), rounded
// up to the allocator's size classes. The rounding is measured on the
// running Go's own append (reflect), so it is the toolchain's; a symbolic
// capacity is an ite over the values it can take, at most bound before
// rounding. It also returns the number of element slots the new array
// needs: at least any capacity the result can have.
func (m *machine) grow(b *ir.Block, oldCap, newLen *scalar, elem *ir.Type, bound int) (*scalar, int) {
	if oldCap.s == nil && newLen.s == nil || bound >= 512 || oldCap.c >= 256 {
		// Concrete sizes, or (rare) symbolic ones made concrete: their
		// values, not the slots they need (slots).
		c1 := m.exactSize(b, "capacity", oldCap)
		c2 := m.exactSize(b, "length", newLen)
		if c1 > c2 {
			// ir.GrowCap would fail: no run the engine models gets
			// here with such sizes, a forced one's meaningless values
			// aside.
			panic(runError(fmt.Sprintf("append growing %d elements to %d: not a growth", c1, c2)))
		}
		c := ir.GrowCap(int(c1), int(c2), elem)
		return i64(uint64(c)), c
	}
	if elem.Size == 0 {
		// Zero-sized elements: capacity newLen (growslice).
		return newLen, bound
	}
	// Symbolic, below 256 elements: double, or newLen if that is more.
	double := m.uop(ir.Add, oldCap, oldCap)
	pre := m.sel(m.uop(ir.Lt, double, newLen), newLen, double)
	r := i64(uint64(ir.GrowCap(0, bound, elem)))
	for v := bound - 1; v >= 0; v-- {
		r = m.sel(m.uop(ir.Eq, pre, i64(uint64(v))), i64(uint64(ir.GrowCap(0, v, elem))), r)
	}
	return r, max(ir.GrowCap(0, bound, elem), int(r.c))
}

// copyTo is copy(dst, src): min(len(dst), len(src)) elements, as if through
// a temporary (overlapping is fine: reads happen before writes).
func (m *machine) copyTo(dst *slice, src val) val {
	from, sn := m.source(src)
	n := m.sel(m.uop(ir.Lt, dst.n, sn), dst.n, sn)
	if n.s == nil && n.c == 0 {
		return n
	}
	arr := m.array(dst)
	dst.arr.set(m.store(m.contents(dst.arr), dst.base, &agg{elems: m.spliced(arr, dst.off, n, from)}))
	return n
}

// sliceClear zeroes the elements of a slice.
func (m *machine) sliceClear(s *slice, elem *ir.Type) {
	arr := m.array(s)
	z := make([]val, len(arr))
	for i := range z {
		z[i] = zero(elem)
	}
	s.arr.set(m.store(m.contents(s.arr), s.base, &agg{elems: m.spliced(arr, s.off, s.n, z)}))
}
