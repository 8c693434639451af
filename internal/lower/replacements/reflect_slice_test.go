// Differential test: reflect's slice operations (Grow, SetLen, SetCap, Slice, Slice3, Append, AppendSlice, Copy, Bytes, SetBytes, Clear, SetZero) in the model against the real reflect.

package replacements

import (
	"fmt"
	"reflect"
	"testing"
)

type myByte uint8

// sliceHolder holds slices, arrays and strings to reach through a pointer
// (settable), an unexported field among them (read-only).
type sliceHolder struct {
	S  []int
	B  []byte
	N  rSlice
	A  [4]int
	s  []int
	I  []any
	MB []myByte
	Z  []int
	T  string
	AB [3]byte
}

func newSliceHolder() *sliceHolder {
	s := make([]int, 3, 5)
	copy(s, []int{1, 2, 3})
	return &sliceHolder{S: s, B: []byte("abc"), N: rSlice{1, 2}, A: [4]int{1, 2, 3, 4}, s: []int{9, 8},
		I: []any{1, "x"}, MB: []myByte{7}, T: "héllo", AB: [3]byte{'x', 'y', 'z'}}
}

// aliases are the holder's slices as they were before an operation.
type aliases struct {
	s, z []int
	b    []byte
	i    []any
	n    rSlice
	mb   []myByte
	u    []int
}

func aliasesOf(h *sliceHolder) aliases {
	return aliases{s: h.S, z: h.Z, b: h.B, i: h.I, n: h.N, mb: h.MB, u: h.s}
}

// snapshot prints the holder, its slices' capacities and full windows, and
// the slices as they were before, which show what was written where.
func snapshot(h *sliceHolder, a aliases) string {
	return fmt.Sprintf("%#v caps %d %d %d %d %d %d %d full %v %v %v %v old %v %v %v %v %v %v",
		*h, cap(h.S), cap(h.B), cap(h.N), cap(h.s), cap(h.I), cap(h.MB), cap(h.Z),
		h.S[:cap(h.S)], h.B[:cap(h.B)], h.N[:cap(h.N)], h.Z[:cap(h.Z)],
		a.s[:cap(a.s)], a.b[:cap(a.b)], a.n[:cap(a.n)], a.i[:cap(a.i)], a.mb[:cap(a.mb)], a.u[:cap(a.u)])
}

// describe tells a Value an operation returned: its kind, type, flags,
// length and capacity, and what it holds up to its capacity.
func describe[V interface {
	Kind() reflect.Kind
	Len() int
	Cap() int
	CanSet() bool
	CanAddr() bool
	CanInterface() bool
	Interface() any
}](v V) string {
	s := fmt.Sprint(v.Kind(), v.Len(), v.CanSet(), v.CanAddr(), v.CanInterface())
	if v.Kind() != reflect.String {
		s += fmt.Sprint(" cap ", v.Cap())
	}
	if v.CanInterface() {
		s += fmt.Sprintf(" %#v", v.Interface())
	}
	return s
}

// kindOf adapts the model's Value to describe.
type kindOf struct{ value }

func (k kindOf) Kind() reflect.Kind { return reflect.Kind(k.value.Kind()) }

// sliceOp is one operation on a field of the holders: by reflect and by
// the model, each returning what it shows.
type sliceOp struct {
	name string
	r    func(f reflect.Value) string
	m    func(f value) string
}

// runSliceOps runs each operation on each field of fresh holders (and on
// each field's Value reached without a pointer, unaddressable), comparing
// the outcomes and then the holders: their contents, capacities and what
// the old slices see, so that aliasing is compared too. The model may
// stop the run (fatal) where reflect panics with a *ValueError.
func runSliceOps(t *testing.T, ops []sliceOp) {
	t.Helper()
	n := reflect.TypeOf(sliceHolder{}).NumField()
	for _, op := range ops {
		for i := 0; i < n; i++ {
			for _, addr := range []bool{true, false} {
				rh, mh := newSliceHolder(), newSliceHolder()
				ra, ma := aliasesOf(rh), aliasesOf(mh)
				at := fmt.Sprintf("Field(%d) addr=%v", i, addr)
				w := reflectOutcome(func() string {
					v := reflect.ValueOf(rh).Elem()
					if !addr {
						v = reflect.ValueOf(*rh)
					}
					return op.r(v.Field(i))
				})
				g := reflectOutcome(func() string {
					v := ReflectValueOf(mh).Elem()
					if !addr {
						v = ReflectValueOf(*mh)
					}
					return op.m(v.Field(i))
				})
				if g == "fatal" {
					continue
				}
				if w != g {
					t.Errorf("%s.%s: model %q, reflect %q", at, op.name, g, w)
					continue
				}
				if ws, gs := snapshot(rh, ra), snapshot(mh, ma); ws != gs {
					t.Errorf("%s.%s: afterwards model\n%s\nreflect\n%s", at, op.name, gs, ws)
				}
			}
		}
	}
}

// ints are the lengths, capacities and indices the operations take.
var sliceInts = []int{-1, 0, 1, 2, 3, 4, 5, 6, 300}

func TestReflectGrowSetLenSetCap(t *testing.T) {
	var ops []sliceOp
	for _, n := range sliceInts {
		ops = append(ops,
			sliceOp{fmt.Sprintf("Grow(%d)", n),
				func(f reflect.Value) string { f.Grow(n); return describe(f) },
				func(f value) string { f.Grow(n); return describe(kindOf{f}) }},
			sliceOp{fmt.Sprintf("Grow(%d) then write", n),
				func(f reflect.Value) string {
					f.Grow(n)
					f.SetLen(f.Cap())
					f.Index(f.Len() - 1).SetZero()
					return describe(f)
				},
				func(f value) string {
					f.Grow(n)
					f.SetLen(f.Cap())
					f.Index(f.Len() - 1).SetZero()
					return describe(kindOf{f})
				}},
			sliceOp{fmt.Sprintf("SetLen(%d)", n),
				func(f reflect.Value) string { f.SetLen(n); return describe(f) },
				func(f value) string { f.SetLen(n); return describe(kindOf{f}) }},
			sliceOp{fmt.Sprintf("SetCap(%d)", n),
				func(f reflect.Value) string { f.SetCap(n); return describe(f) },
				func(f value) string { f.SetCap(n); return describe(kindOf{f}) }},
		)
	}
	runSliceOps(t, ops)
}

func TestReflectSlice(t *testing.T) {
	var ops []sliceOp
	for _, i := range sliceInts[:8] {
		for _, j := range sliceInts[:8] {
			ops = append(ops, sliceOp{fmt.Sprintf("Slice(%d, %d)", i, j),
				func(f reflect.Value) string {
					r := f.Slice(i, j)
					s := describe(r)
					if r.Len() > 0 && r.Index(0).CanSet() {
						r.Index(0).SetZero() // shared with f's memory
					}
					return s
				},
				func(f value) string {
					r := f.Slice(i, j)
					s := describe(kindOf{r})
					if r.Len() > 0 && r.Index(0).CanSet() {
						r.Index(0).SetZero()
					}
					return s
				}})
			for _, k := range []int{-1, 0, 2, 3, 4, 5, 6} {
				ops = append(ops, sliceOp{fmt.Sprintf("Slice3(%d, %d, %d)", i, j, k),
					func(f reflect.Value) string { return describe(f.Slice3(i, j, k)) },
					func(f value) string { return describe(kindOf{f.Slice3(i, j, k)}) }})
			}
		}
	}
	runSliceOps(t, ops)
}

func TestReflectAppend(t *testing.T) {
	xs := []any{7, rInt(3), "s", myByte(1), byte(2), nil}
	var ops []sliceOp
	for _, x := range xs {
		for _, twice := range []bool{false, true} {
			ops = append(ops, sliceOp{fmt.Sprintf("Append(%#v) twice=%v", x, twice),
				func(f reflect.Value) string {
					args := []reflect.Value{}
					if x != nil {
						args = append(args, reflect.ValueOf(x))
						if twice {
							args = append(args, reflect.ValueOf(x))
						}
					}
					r := reflect.Append(f, args...)
					s := describe(r)
					if r.Len() > 0 {
						r.Index(0).SetZero()
					}
					return s
				},
				func(f value) string {
					args := []value{}
					if x != nil {
						args = append(args, ReflectValueOf(x))
						if twice {
							args = append(args, ReflectValueOf(x))
						}
					}
					r := ReflectAppend(f, args...)
					s := describe(kindOf{r})
					if r.Len() > 0 {
						r.Index(0).SetZero()
					}
					return s
				}})
		}
	}
	for _, y := range []any{[]int{4, 5}, []int{4, 5, 6, 7, 8, 9}, []int(nil), []byte("q"), rSlice{5}, []myByte{3}, "str"} {
		ops = append(ops, sliceOp{fmt.Sprintf("AppendSlice(%#v)", y),
			func(f reflect.Value) string { return describe(reflect.AppendSlice(f, reflect.ValueOf(y))) },
			func(f value) string { return describe(kindOf{ReflectAppendSlice(f, ReflectValueOf(y))}) }})
	}
	ops = append(ops, sliceOp{"AppendSlice(itself)",
		func(f reflect.Value) string { return describe(reflect.AppendSlice(f, f)) },
		func(f value) string { return describe(kindOf{ReflectAppendSlice(f, f)}) }})
	runSliceOps(t, ops)
}

func TestReflectCopy(t *testing.T) {
	var ops []sliceOp
	for _, y := range []any{[]int{4, 5}, []int{4, 5, 6, 7, 8, 9}, []int(nil), []byte("q"), rSlice{5}, []myByte{3}, "str", "", [2]int{6, 7},
		[]any{"a"}, rStr("ab")} {
		ops = append(ops,
			sliceOp{fmt.Sprintf("Copy(f, %#v)", y),
				func(f reflect.Value) string { return fmt.Sprint(reflect.Copy(f, reflect.ValueOf(y))) },
				func(f value) string { return fmt.Sprint(ReflectCopy(f, ReflectValueOf(y))) }},
			sliceOp{fmt.Sprintf("Copy(%#v, f)", y),
				func(f reflect.Value) string {
					d := reflect.New(reflect.TypeOf(y)).Elem()
					d.Set(reflect.ValueOf(y))
					n := reflect.Copy(d, f)
					return fmt.Sprintf("%d %#v", n, d.Interface())
				},
				func(f value) string {
					d := ReflectNew(TypeOf(y)).Elem()
					d.Set(ReflectValueOf(y))
					n := ReflectCopy(d, f)
					return fmt.Sprintf("%d %#v", n, d.Interface())
				}})
	}
	for _, k := range []int{0, 1, 2} {
		ops = append(ops,
			sliceOp{fmt.Sprintf("Copy(f[%d:], f) overlapping", k),
				func(f reflect.Value) string { return fmt.Sprint(reflect.Copy(f.Slice(k, f.Len()), f)) },
				func(f value) string { return fmt.Sprint(ReflectCopy(f.Slice(k, f.Len()), f)) }},
			sliceOp{fmt.Sprintf("Copy(f, f[%d:]) overlapping", k),
				func(f reflect.Value) string { return fmt.Sprint(reflect.Copy(f, f.Slice(k, f.Len()))) },
				func(f value) string { return fmt.Sprint(ReflectCopy(f, f.Slice(k, f.Len()))) }})
	}
	runSliceOps(t, ops)
}

func TestReflectBytesClearZero(t *testing.T) {
	ops := []sliceOp{
		{"Bytes", func(f reflect.Value) string { return fmt.Sprintf("%q", f.Bytes()) }, func(f value) string { return fmt.Sprintf("%q", f.Bytes()) }},
		{"Bytes written", func(f reflect.Value) string {
			b := f.Bytes()
			if len(b) > 0 {
				b[0] = '!'
			}
			return ""
		}, func(f value) string {
			b := f.Bytes()
			if len(b) > 0 {
				b[0] = '!'
			}
			return ""
		}},
		{"Clear", func(f reflect.Value) string { f.Clear(); return "" }, func(f value) string { f.Clear(); return "" }},
		{"SetZero", func(f reflect.Value) string { f.SetZero(); return describe(f) }, func(f value) string { f.SetZero(); return describe(kindOf{f}) }},
	}
	for _, x := range [][]byte{nil, {}, []byte("xy")} {
		ops = append(ops, sliceOp{fmt.Sprintf("SetBytes(%q)", x),
			func(f reflect.Value) string { f.SetBytes(x); return describe(f) },
			func(f value) string { f.SetBytes(x); return describe(kindOf{f}) }})
	}
	runSliceOps(t, ops)
}

// TestReflectSliceLenCap compares Len and Cap of pointers to arrays and
// to other types, and the kind predicates, on every value.
func TestReflectSliceLenCap(t *testing.T) {
	arr := [3]int{}
	values := append(reflectValues(), &arr, (*[2]string)(nil), 1+2i)
	for _, x := range values {
		rv, mv := reflect.ValueOf(x), ReflectValueOf(x)
		at := fmt.Sprintf("%T", x)
		s := fmt.Sprint
		compare(t, at, "Len", func() string { return s(rv.Len()) }, func() string { return s(mv.Len()) })
		compare(t, at, "Cap", func() string { return s(rv.Cap()) }, func() string { return s(mv.Cap()) })
		exact(t, at, "CanInt CanUint CanFloat CanComplex", func() string {
			return s(rv.CanInt(), rv.CanUint(), rv.CanFloat(), rv.CanComplex())
		}, func() string {
			return s(mv.CanInt(), mv.CanUint(), mv.CanFloat(), mv.CanComplex())
		})
	}
}
