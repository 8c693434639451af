// Differential test: the reflect model (TypeOf, ValueOf and their methods, StructTag) against the real reflect.

package replacements

import (
	"fmt"
	"math"
	"reflect"
	"testing"
)

type (
	rInt    int8
	rStr    string
	rFloat  float32
	rSlice  []rInt
	rPtr    *int
	rArr    [3]uint16
	rInner  struct{ B bool }
	rStruct struct {
		A int    `json:"a,omitempty" toml:"x"`
		b string `k:"v"`
		F float64
		rInner
		P     *rInner
		S     []string
		M     map[string]int
		I     any
		E     error
		U     uintptr
		Arr   rArr
		Named rStr
	}
)

// reflectValues are values of basic, named, struct, pointer, slice, map,
// array and interface types.
func reflectValues() []any {
	x := 7
	s := rStruct{A: -3, b: "hid", F: math.Copysign(0, -1), rInner: rInner{true}, P: &rInner{}, S: []string{"p", ""},
		M: map[string]int{"k": 1}, I: rInt(-2), U: 9, Arr: rArr{1, 0, 65535}, Named: "nm"}
	return []any{nil, 0, -1, int8(-128), int16(300), int32(-5), int64(math.MinInt64), uint(3), uint8(255), uint16(7), uint32(1 << 31),
		uint64(math.MaxUint64), uintptr(4), float32(1.5), 2.25, math.Inf(-1), "", "héllo", true, false,
		rInt(5), rStr("named"), rFloat(-0.5), rSlice{1, 2}, rSlice(nil), rPtr(&x), rPtr(nil), &x, (*int)(nil),
		rArr{4, 5, 6}, []int{}, []byte("ab"), map[int]string{1: "a"}, map[string]int(nil), s, &s, rStruct{}, &rStruct{},
		[]any{1, "a", nil}, [2]any{}, struct{}{}, rInner{}, []*rInner{{true}, nil}, fmt.Errorf("e"), make([]int, 1, 7), rSlice{1, 2, 3}[:1]}
}

// reflectOutcome runs f, giving its result or "panic(...)"; a panic of
// what the model does not follow (the model stops the run) is "fatal".
func reflectOutcome(f func() string) (s string) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(unmodelled); ok {
				s = "fatal"
				return
			}
			s = fmt.Sprintf("panic(%v)", r)
		}
	}()
	return f()
}

// compare checks that the model's answer to q agrees with reflect's: the
// same result or panic, or the model stops the run (fatal: what it does
// not model).
func compare(t *testing.T, at, q string, want, got func() string) {
	t.Helper()
	w, g := reflectOutcome(want), reflectOutcome(got)
	if w != g && g != "fatal" {
		t.Errorf("%s.%s: model %q, reflect %q", at, q, g, w)
	}
}

// compareType compares the Type methods of t and m, and of their parts.
func compareType(t *testing.T, at string, rt reflect.Type, mt rType, depth int) {
	t.Helper()
	if (rt == nil) != (mt == nil) {
		t.Fatalf("%s: model type %v, reflect %v", at, mt, rt)
	}
	if rt == nil || depth > 3 {
		return
	}
	s := fmt.Sprint
	for _, c := range []struct {
		q         string
		want, got func() string
	}{
		{"Kind", func() string { return rt.Kind().String() }, func() string { return mt.Kind().String() }},
		{"Name", rt.Name, mt.Name},
		{"PkgPath", rt.PkgPath, mt.PkgPath},
		{"String", rt.String, mt.String},
		{"Size", func() string { return s(rt.Size()) }, func() string { return s(mt.Size()) }},
		{"Comparable", func() string { return s(rt.Comparable()) }, func() string { return s(mt.Comparable()) }},
		{"NumMethod", func() string { return s(rt.NumMethod()) }, func() string { return s(mt.NumMethod()) }},
		{"Bits", func() string { return s(rt.Bits()) }, func() string { return s(mt.Bits()) }},
		{"Len", func() string { return s(rt.Len()) }, func() string { return s(mt.Len()) }},
		{"NumField", func() string { return s(rt.NumField()) }, func() string { return s(mt.NumField()) }},
		{"Elem", func() string { return rt.Elem().String() }, func() string { return mt.Elem().String() }},
		{"Key", func() string { return rt.Key().String() }, func() string { return mt.Key().String() }},
		{"Implements(any)", func() string { return s(rt.Implements(reflect.TypeFor[any]())) }, func() string { return s(mt.Implements(TypeOf(new(any)).Elem())) }},
		{"AssignableTo(self)", func() string { return s(rt.AssignableTo(rt)) }, func() string { return s(mt.AssignableTo(mt)) }},
		{"FieldByName(A)", func() string { f, ok := rt.FieldByName("A"); return s(f.Name, f.Offset, ok) }, func() string { f, ok := mt.FieldByName("A"); return s(f.Name, f.Offset, ok) }},
		{"Field(-1)", func() string { return rt.Field(-1).Name }, func() string { return mt.Field(-1).Name }},
	} {
		compare(t, at, c.q, c.want, c.got)
	}
	if rt.Kind() == reflect.Struct {
		for i := 0; i <= rt.NumField(); i++ {
			q := fmt.Sprintf("Field(%d)", i)
			desc := func(name, pkg, tag string, off uintptr, idx []int, anon bool) string {
				return fmt.Sprint(name, pkg, tag, off, idx, anon)
			}
			compare(t, at, q, func() string {
				f := rt.Field(i)
				return desc(f.Name, f.PkgPath, string(f.Tag), f.Offset, f.Index, f.Anonymous) + f.Tag.Get("json") + f.Tag.Get("toml") + f.Tag.Get("k")
			}, func() string {
				f := mt.Field(i)
				return desc(f.Name, f.PkgPath, string(f.Tag), f.Offset, f.Index, f.Anonymous) + f.Tag.Get("json") + f.Tag.Get("toml") + f.Tag.Get("k")
			})
			if i < rt.NumField() {
				compareType(t, at+"."+q, rt.Field(i).Type, mt.Field(i).Type, depth+1)
			}
		}
	}
	switch rt.Kind() {
	case reflect.Array, reflect.Map, reflect.Pointer, reflect.Slice:
		compareType(t, at+".Elem()", rt.Elem(), mt.Elem(), depth+1)
	}
}

// compareValue compares the Value methods of v and w, and of the values
// below them.
func compareValue(t *testing.T, at string, v reflect.Value, w value, depth int) {
	t.Helper()
	s := fmt.Sprint
	for _, c := range []struct {
		q         string
		want, got func() string
	}{
		{"IsValid", func() string { return s(v.IsValid()) }, func() string { return s(w.IsValid()) }},
		{"Kind", func() string { return v.Kind().String() }, func() string { return w.Kind().String() }},
		{"Type", func() string { return v.Type().String() }, func() string { return w.Type().String() }},
		{"String", v.String, w.String},
		{"Int", func() string { return s(v.Int()) }, func() string { return s(w.Int()) }},
		{"Uint", func() string { return s(v.Uint()) }, func() string { return s(w.Uint()) }},
		{"Float", func() string { return s(v.Float()) }, func() string { return s(w.Float()) }},
		{"Bool", func() string { return s(v.Bool()) }, func() string { return s(w.Bool()) }},
		{"Len", func() string { return s(v.Len()) }, func() string { return s(w.Len()) }},
		{"Cap", func() string { return s(v.Cap()) }, func() string { return s(w.Cap()) }},
		{"IsNil", func() string { return s(v.IsNil()) }, func() string { return s(w.IsNil()) }},
		{"IsZero", func() string { return s(v.IsZero()) }, func() string { return s(w.IsZero()) }},
		{"NumField", func() string { return s(v.NumField()) }, func() string { return s(w.NumField()) }},
		{"NumMethod", func() string { return s(v.NumMethod()) }, func() string { return s(w.NumMethod()) }},
		{"CanAddr", func() string { return s(v.CanAddr()) }, func() string { return s(w.CanAddr()) }},
		{"CanSet", func() string { return s(v.CanSet()) }, func() string { return s(w.CanSet()) }},
		{"CanInterface", func() string { return s(v.CanInterface()) }, func() string { return s(w.CanInterface()) }},
		{"Interface", func() string { return fmt.Sprintf("%#v", v.Interface()) }, func() string { return fmt.Sprintf("%#v", w.Interface()) }},
		{"Addr", func() string { return v.Addr().Type().String() + fmt.Sprint(v.Addr().Elem().Interface()) }, func() string { return w.Addr().Type().String() + fmt.Sprint(w.Addr().Elem().Interface()) }},
		{"Index(-1)", func() string { return v.Index(-1).String() }, func() string { return w.Index(-1).String() }},
		{"Field(99)", func() string { return v.Field(99).String() }, func() string { return w.Field(99).String() }},
	} {
		compare(t, at, c.q, c.want, c.got)
	}
	if depth > 3 || !v.IsValid() {
		return
	}
	switch v.Kind() {
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			compareValue(t, fmt.Sprintf("%s.Field(%d)", at, i), v.Field(i), w.Field(i), depth+1)
		}
	case reflect.Array, reflect.Slice, reflect.String:
		for i := 0; i < v.Len(); i++ {
			compareValue(t, fmt.Sprintf("%s.Index(%d)", at, i), v.Index(i), w.Index(i), depth+1)
		}
	case reflect.Pointer, reflect.Interface:
		compareValue(t, at+".Elem()", v.Elem(), w.Elem(), depth+1)
	}
}

func TestReflectModel(t *testing.T) {
	for _, x := range reflectValues() {
		at := fmt.Sprintf("%T(%v)", x, x)
		compare(t, at, "TypeOf==", func() string { return fmt.Sprint(reflect.TypeOf(x) == reflect.TypeOf(x)) }, func() string { return fmt.Sprint(TypeOf(x) == TypeOf(x)) })
		compareType(t, "TypeOf("+at+")", reflect.TypeOf(x), TypeOf(x), 0)
		compareValue(t, "ValueOf("+at+")", reflect.ValueOf(x), ReflectValueOf(x), 0)
		p := &x // an addressable interface
		compareValue(t, "ValueOf(&"+at+").Elem()", reflect.ValueOf(p).Elem(), ReflectValueOf(p).Elem(), 0)
	}
	for _, x := range reflectValues() {
		for _, y := range reflectValues() {
			if got, want := TypeOf(x) == TypeOf(y), reflect.TypeOf(x) == reflect.TypeOf(y); got != want {
				t.Errorf("TypeOf(%T) == TypeOf(%T): model %v, reflect %v", x, y, got, want)
			}
		}
	}
}

// TestReflectSet sets every settable part of a struct reached through a
// pointer, by the model and by reflect, and compares the structs.
func TestReflectSet(t *testing.T) {
	ints := []int64{0, 1, -1, 127, -128, 255, 65536, math.MaxInt64, math.MinInt64}
	for _, n := range ints {
		a, b := &rStruct{S: []string{"x"}}, &rStruct{S: []string{"x"}}
		rv, mv := reflect.ValueOf(a).Elem(), ReflectValueOf(b).Elem()
		for i := 0; i < rv.NumField(); i++ {
			at := fmt.Sprintf("Field(%d)", i)
			rf, mf := rv.Field(i), mv.Field(i)
			compare(t, at, "SetInt", func() string { rf.SetInt(n); return "" }, func() string { mf.SetInt(n); return "" })
			compare(t, at, "SetUint", func() string { rf.SetUint(uint64(n)); return "" }, func() string { mf.SetUint(uint64(n)); return "" })
			compare(t, at, "SetFloat", func() string { rf.SetFloat(float64(n) / 3); return "" }, func() string { mf.SetFloat(float64(n) / 3); return "" })
			compare(t, at, "SetString", func() string { rf.SetString(fmt.Sprint(n)); return "" }, func() string { mf.SetString(fmt.Sprint(n)); return "" })
			compare(t, at, "SetBool", func() string { rf.SetBool(n != 0); return "" }, func() string { mf.SetBool(n != 0); return "" })
			compare(t, at, "Set", func() string { rf.Set(reflect.ValueOf(rInt(n))); return "" }, func() string { mf.Set(ReflectValueOf(rInt(n))); return "" })
		}
		compare(t, "S", "Index(0).SetString", func() string { rv.Field(6).Index(0).SetString("y"); return "" }, func() string { mv.Field(6).Index(0).SetString("y"); return "" })
		compare(t, "Arr", "Index(1).SetUint", func() string { rv.Field(11).Index(1).SetUint(uint64(n)); return "" }, func() string { mv.Field(11).Index(1).SetUint(uint64(n)); return "" })
		if fmt.Sprintf("%#v", *a) != fmt.Sprintf("%#v", *b) {
			t.Errorf("after setting %d: model %#v, reflect %#v", n, *b, *a)
		}
	}
}

func TestStructTag(t *testing.T) {
	tags := []string{``, `json:"a"`, `json:"a,omitempty" xml:"b"`, ` json:"a"  k:""`, `json:a`, `json:"a`, `:"x"`, `json:"a\"b"`,
		`k:"v" k:"w"`, "k:\"a\nb\"", "k:\"\xff\"", "k:\"\uFFFD\"", `k:"x"y:"z"`, `k:"tab	x"`}
	for _, tag := range tags {
		for _, key := range []string{"json", "xml", "k", "y", ""} {
			compare(t, fmt.Sprintf("%q", tag), "Lookup("+key+")", func() string {
				v, ok := reflect.StructTag(tag).Lookup(key)
				return fmt.Sprint(v, ok)
			}, func() string {
				v, ok := structTag(tag).Lookup(key)
				return fmt.Sprint(v, ok)
			})
		}
	}
}

func TestKindString(t *testing.T) {
	for k := reflect.Invalid; k <= reflect.UnsafePointer+2; k++ {
		if got, want := rkind(k).String(), k.String(); got != want {
			t.Errorf("Kind(%d).String() = %q, want %q", k, got, want)
		}
	}
}

func TestDeepEqual(t *testing.T) {
	type node struct {
		V    int
		Next *node
		F    func()
	}
	shared := &node{V: 1}
	extra := []any{[]int(nil), []int{}, map[string]int{}, map[string]int(nil), &node{V: 1}, &node{V: 1, Next: shared}, &node{V: 1, Next: &node{V: 1}},
		node{F: func() {}}, node{}, [2]float64{1, 2}, [2]float64{1, 3}, []*node{shared, nil}, []*node{{V: 1}, nil}, math.NaN(), rInt(0), 0}
	values := append(reflectValues(), extra...)
	for _, x := range values {
		for _, y := range values {
			compare(t, fmt.Sprintf("%#v", x), fmt.Sprintf("DeepEqual(%#v)", y),
				func() string { return fmt.Sprint(reflect.DeepEqual(x, y)) }, func() string { return fmt.Sprint(DeepEqual(x, y)) })
		}
	}
	// Values equal only deeply, and the model's aborts.
	a, b := rStruct{S: []string{"a"}, P: &rInner{true}, I: 3}, rStruct{S: []string{"a"}, P: &rInner{true}, I: 3}
	if !DeepEqual(a, b) || DeepEqual(a, rStruct{S: []string{"b"}, P: &rInner{true}, I: 3}) {
		t.Error("DeepEqual of structs: wrong answer")
	}
	for _, x := range []any{math.NaN(), map[int]int{1: 1}, node{F: func() {}}} {
		if got := reflectOutcome(func() string { return fmt.Sprint(DeepEqual(x, x)) }); got != "fatal" {
			t.Errorf("DeepEqual(%#v, itself) = %s, want the run aborted", x, got)
		}
	}
}

// TestPointerTo compares PointerTo and PtrTo with reflect's on the
// model's values: the pointer type's String, Kind and Elem.
func TestPointerTo(t *testing.T) {
	for _, x := range reflectValues() {
		if x == nil {
			continue
		}
		want := reflect.PointerTo(reflect.TypeOf(x))
		for name, got := range map[string]rType{"PointerTo": PointerTo(TypeOf(x)), "PtrTo": PtrTo(TypeOf(x))} {
			if got.String() != want.String() || got.Kind().String() != want.Kind().String() || got.Elem().String() != want.Elem().String() {
				t.Errorf("%s(%T) = %s (%s, elem %s), want %s", name, x, got, got.Kind(), got.Elem(), want)
			}
		}
	}
}
