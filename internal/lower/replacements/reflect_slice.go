// reflect's slice operations (Grow, SetLen, SetCap, Slice, Slice3, Append, AppendSlice, Copy, Bytes, SetBytes, Clear) on rslice, rappend and rcopy.

package replacements

// mustAssign is reflect's flag.mustBeAssignable for method (reflect
// names the exported method of Value on the stack, or "unknown method").
func (v value) mustAssign(method string) {
	if v.p == nil {
		panic(unmodelled("reflect: call of " + method + " on zero Value (reflect's *ValueError panic is not modelled)"))
	}
	if v.p.ro != 0 {
		panic("reflect: " + method + " using value obtained using unexported field")
	}
	if !v.p.addr {
		panic("reflect: " + method + " using unaddressable value")
	}
}

// sliced is x[i:j:k] (x[i:j] for k -1) of the slice x, of type t.
func sliced(x any, t, i, j, k int) any { return rslice(x, t, nil, i, j, k, t) }

// grown is the slice v holds (length l, capacity c) moved to a new array
// with room for m more elements beyond c: reflect's growslice, which
// keeps the elements between the length and the capacity, as
// append(s[:c], make([]T, m)...)[:l] does (the same growth rule).
func (v value) grown(l, c, m int) any {
	t := v.p.t
	full := rslice(v.root, v.p.rootT, v.p.steps, 0, c, -1, t)
	return sliced(rappend(full, rmake(t, m, m)), t, 0, l, -1)
}

// grow is reflect's Value.grow: room for n more elements.
func (v value) grow(n int) {
	l, c := v.Len(), v.Cap()
	switch {
	case n < 0:
		panic("reflect.Value.Grow: negative len")
	case l+n < 0:
		panic("reflect.Value.Grow: slice overflow")
	case l+n > c:
		v.set(v.grown(l, c, l+n-c))
	}
}

// Grow replaces (reflect.Value).Grow.
func (v value) Grow(n int) {
	v.mustAssign("reflect.Value.Grow")
	v.must("Grow", kSlice)
	v.grow(n)
}

// SetLen replaces (reflect.Value).SetLen.
func (v value) SetLen(n int) {
	v.mustAssign("reflect.Value.SetLen")
	v.must("SetLen", kSlice)
	if uint(n) > uint(v.Cap()) {
		panic("reflect: slice length out of range in SetLen")
	}
	v.set(rslice(v.root, v.p.rootT, v.p.steps, 0, n, -1, v.p.t))
}

// SetCap replaces (reflect.Value).SetCap.
func (v value) SetCap(n int) {
	v.mustAssign("reflect.Value.SetCap")
	v.must("SetCap", kSlice)
	l := v.Len()
	if n < l || n > v.Cap() {
		panic("reflect: slice capacity out of range in SetCap")
	}
	v.set(rslice(v.root, v.p.rootT, v.p.steps, 0, l, n, v.p.t))
}

// sliceType is the type of a slice of v (an array's: the slice type of
// its element type) and v's capacity.
func (v value) sliceType(method string) (t, c int) {
	if v.Kind() == kArray {
		if !v.p.addr {
			panic("reflect.Value." + method + ": slice of unaddressable array")
		}
		return rtypeint(v.p.t, rtSliceOf, 0), rtypeint(v.p.t, rtLen, 0)
	}
	return v.p.t, v.Cap()
}

// Slice replaces (reflect.Value).Slice.
func (v value) Slice(i, j int) value {
	var t, c int
	switch v.must("Slice", kArray, kSlice, kString) {
	case kString:
		if i < 0 || j < i || j > v.Len() {
			panic("reflect.Value.Slice: string slice index out of bounds")
		}
		// reflect keeps v's flags: an addressable v gives a settable
		// Value, of a fresh variable holding the substring.
		x := rslice(v.root, v.p.rootT, v.p.steps, i, j, -1, v.p.t)
		if !v.p.addr {
			return value{root: x, p: &vpath{rootT: v.p.t, t: v.p.t, ro: v.p.ro}}
		}
		pt := ptrTo(v.p.t)
		c, steps := rnew(v.p.t), []int{-1}
		rset(c, pt, steps, x)
		return value{root: c, p: &vpath{rootT: pt, steps: steps, t: v.p.t, addr: true, ro: v.p.ro}}
	default:
		t, c = v.sliceType("Slice")
		if i < 0 || j < i || j > c {
			panic("reflect.Value.Slice: slice index out of bounds")
		}
	}
	return value{root: rslice(v.root, v.p.rootT, v.p.steps, i, j, -1, t), p: &vpath{rootT: t, t: t, ro: sticky(v.p.ro)}}
}

// Slice3 replaces (reflect.Value).Slice3.
func (v value) Slice3(i, j, k int) value {
	v.must("Slice3", kArray, kSlice)
	t, c := v.sliceType("Slice3")
	if i < 0 || j < i || k < j || k > c {
		panic("reflect.Value.Slice3: slice index out of bounds")
	}
	return value{root: rslice(v.root, v.p.rootT, v.p.steps, i, j, k, t), p: &vpath{rootT: t, t: t, ro: sticky(v.p.ro)}}
}

// extend is reflect's Value.extendSlice: a copy of the slice v holds, n
// elements longer (grown as Grow does), neither addressable nor settable.
func (v value) extend(n int) value {
	v.mustExported("unknown method")
	v.must("extendSlice", kSlice)
	l, c := v.Len(), v.Cap()
	var s any
	switch {
	case l+n < 0:
		panic("reflect.Value.Grow: slice overflow")
	case l+n > c:
		s = v.grown(l, c, l+n-c)
	default:
		s = v.get(v.p.t)
	}
	t := v.p.t
	return value{root: sliced(s, t, 0, l+n, -1), p: &vpath{rootT: t, t: t}}
}

// ReflectAppend replaces reflect.Append.
func ReflectAppend(s value, x ...value) value {
	s.must("reflect.Append", kSlice)
	n := s.Len()
	r := s.extend(len(x))
	for i, e := range x {
		r.Index(n + i).Set(e)
	}
	return r
}

// ReflectAppendSlice replaces reflect.AppendSlice.
func ReflectAppendSlice(s, t value) value {
	s.must("reflect.AppendSlice", kSlice)
	t.must("reflect.AppendSlice", kSlice)
	if se, te := rtypeint(s.p.t, rtElem, 0), rtypeint(t.p.t, rtElem, 0); se != te {
		panic("reflect.AppendSlice: " + rtypestr(se, rsString, 0) + " != " + rtypestr(te, rsString, 0))
	}
	ns, nt := s.Len(), t.Len()
	r := s.extend(nt)
	ReflectCopy(r.Slice(ns, ns+nt), t)
	return r
}

// asSlice is what the slice, array or string v holds, as a slice (an
// array's: in place when it is in memory) or the string.
func (v value) asSlice() any {
	if v.Kind() == kArray {
		return rslice(v.root, v.p.rootT, v.p.steps, 0, v.Len(), -1, rtypeint(v.p.t, rtSliceOf, 0))
	}
	return v.get(v.p.t)
}

// ReflectCopy replaces reflect.Copy.
func ReflectCopy(dst, src value) int {
	dk := dst.must("reflect.Copy", kArray, kSlice)
	if dk == kArray {
		dst.mustAssign("unknown method")
	}
	dst.mustExported("unknown method")
	de := rtypeint(dst.p.t, rtElem, 0)
	if sk := src.Kind(); sk != kArray && sk != kSlice && (sk != kString || rtypeint(de, rtKind, 0) != int(kUint8)) {
		src.must("reflect.Copy", kArray, kSlice)
	}
	src.mustExported("unknown method")
	if src.Kind() != kString {
		if se := rtypeint(src.p.t, rtElem, 0); se != de {
			panic("reflect.Copy: " + rtypestr(de, rsString, 0) + " != " + rtypestr(se, rsString, 0))
		}
	}
	return rcopy(dst.asSlice(), src.asSlice())
}

// Bytes replaces (reflect.Value).Bytes.
func (v value) Bytes() []byte {
	k := v.must("Bytes", kArray, kSlice)
	if rtypeint(rtypeint(v.p.t, rtElem, 0), rtKind, 0) != int(kUint8) {
		if k == kArray {
			panic("reflect.Value.Bytes of non-byte array")
		}
		panic("reflect.Value.Bytes of non-byte slice")
	}
	bt := rtypeof([]byte(nil))
	if k == kArray {
		if !v.p.addr {
			panic("reflect.Value.Bytes of unaddressable byte array")
		}
		return rslice(v.root, v.p.rootT, v.p.steps, 0, v.Len(), -1, bt).([]byte)
	}
	return v.get(bt).([]byte)
}

// SetBytes replaces (reflect.Value).SetBytes.
func (v value) SetBytes(x []byte) {
	v.mustAssign("reflect.Value.SetBytes")
	v.must("SetBytes", kSlice)
	if rtypeint(rtypeint(v.p.t, rtElem, 0), rtKind, 0) != int(kUint8) {
		panic("reflect.Value.SetBytes of non-byte slice")
	}
	v.set(x)
}

// Clear replaces (reflect.Value).Clear: a slice's elements zeroed (a
// map's clearing is not modelled).
func (v value) Clear() {
	if v.must("Clear", kMap, kSlice) == kMap {
		panic(unmodelled("reflect.Value.Clear of a map: not modelled"))
	}
	n := v.Len()
	rcopy(v.get(v.p.t), rmake(v.p.t, n, n))
}

// SetZero replaces (reflect.Value).SetZero.
func (v value) SetZero() {
	v.mustAssign("reflect.Value.SetZero")
	if v.Kind() == kInterface {
		v.set(nil)
		return
	}
	v.set(rmake(v.p.t, 0, -1))
}
