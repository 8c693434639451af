// Differential test: Equal, Comparable, TypeAssert, TypeFor, FieldByIndex and a Type's Overflow methods in the model against the real reflect.

package replacements

import (
	"fmt"
	"math"
	"reflect"
	"testing"
)

type (
	rEmbed struct {
		*rInner
		X int
	}
	rOuter struct {
		rEmbed
		F []int
		a [0]func()
	}
)

func TestReflectEqualComparable(t *testing.T) {
	x := 1
	values := append(reflectValues(), &x, &x, [0]func(){}, [1]any{[]int{}}, [1]any{1}, rOuter{}, struct{ A any }{[]int{}},
		math.NaN(), any(1), rStr("named"))
	for _, a := range values {
		for _, b := range values {
			at := fmt.Sprintf("%T(%v)", a, a)
			compare(t, at, fmt.Sprintf("Equal(%T(%v))", b, b), func() string {
				return fmt.Sprint(reflect.ValueOf(a).Equal(reflect.ValueOf(b)))
			}, func() string {
				return fmt.Sprint(ReflectValueOf(a).Equal(ReflectValueOf(b)))
			})
			pa, pb := &a, &b // interface-kind Values
			compare(t, at, fmt.Sprintf("Elem().Equal(%T(%v))", b, b), func() string {
				return fmt.Sprint(reflect.ValueOf(pa).Elem().Equal(reflect.ValueOf(pb).Elem()))
			}, func() string {
				return fmt.Sprint(ReflectValueOf(pa).Elem().Equal(ReflectValueOf(pb).Elem()))
			})
		}
		exact(t, fmt.Sprintf("%T(%v)", a, a), "Comparable", func() string {
			return fmt.Sprint(reflect.ValueOf(a).Comparable())
		}, func() string {
			return fmt.Sprint(ReflectValueOf(a).Comparable())
		})
	}
	// The same pointer, and two pointers to equal variables.
	y, z := 1, 1
	for _, p := range []*int{&y, &z, nil} {
		exact(t, fmt.Sprint(p == &y), "pointer Equal", func() string {
			return fmt.Sprint(reflect.ValueOf(&y).Equal(reflect.ValueOf(p)))
		}, func() string {
			return fmt.Sprint(ReflectValueOf(&y).Equal(ReflectValueOf(p)))
		})
	}
}

func TestReflectTypeAssertFor(t *testing.T) {
	for _, x := range reflectValues() {
		at := fmt.Sprintf("%T(%v)", x, x)
		p := &x
		for name, pair := range map[string][2]func() string{
			"int": {func() string { v, ok := reflect.TypeAssert[int](reflect.ValueOf(x)); return fmt.Sprint(v, ok) },
				func() string { v, ok := (typeAssertOf[int]{}).TypeAssert(ReflectValueOf(x)); return fmt.Sprint(v, ok) }},
			"error": {func() string { v, ok := reflect.TypeAssert[error](reflect.ValueOf(x)); return fmt.Sprint(v, ok) },
				func() string {
					v, ok := (typeAssertOf[error]{}).TypeAssert(ReflectValueOf(x))
					return fmt.Sprint(v, ok)
				}},
			"any of interface": {func() string { v, ok := reflect.TypeAssert[any](reflect.ValueOf(p).Elem()); return fmt.Sprint(v, ok) },
				func() string {
					v, ok := (typeAssertOf[any]{}).TypeAssert(ReflectValueOf(p).Elem())
					return fmt.Sprint(v, ok)
				}},
			"rStruct": {func() string { v, ok := reflect.TypeAssert[rStruct](reflect.ValueOf(x)); return fmt.Sprint(v.A, ok) },
				func() string {
					v, ok := (typeAssertOf[rStruct]{}).TypeAssert(ReflectValueOf(x))
					return fmt.Sprint(v.A, ok)
				}},
		} {
			compare(t, at, "TypeAssert["+name+"]", pair[0], pair[1])
		}
	}
	hid := rStruct{b: "x"}
	exact(t, "unexported", "TypeAssert", func() string {
		v, ok := reflect.TypeAssert[string](reflect.ValueOf(hid).Field(1))
		return fmt.Sprint(v, ok)
	}, func() string {
		v, ok := (typeAssertOf[string]{}).TypeAssert(ReflectValueOf(hid).Field(1))
		return fmt.Sprint(v, ok)
	})
	for _, c := range [][2]string{
		{reflect.TypeFor[int]().String(), (typeForOf[int]{}).TypeFor().String()},
		{reflect.TypeFor[error]().String(), (typeForOf[error]{}).TypeFor().String()},
		{reflect.TypeFor[any]().String(), (typeForOf[any]{}).TypeFor().String()},
		{reflect.TypeFor[rStruct]().String(), (typeForOf[rStruct]{}).TypeFor().String()},
	} {
		if c[0] != c[1] {
			t.Errorf("TypeFor: model %s, reflect %s", c[1], c[0])
		}
	}
}

func TestReflectFieldByIndex(t *testing.T) {
	outers := []any{rOuter{}, rOuter{rEmbed: rEmbed{rInner: &rInner{true}}}, rStruct{}, 3}
	for _, x := range outers {
		for _, idx := range [][]int{{0}, {1}, {0, 0}, {0, 1}, {0, 0, 0}, {5}, {0, 5}, {2}, {1, 0}} {
			at := fmt.Sprintf("%T", x)
			q := fmt.Sprintf("FieldByIndex(%v)", idx)
			compare(t, at, "Value."+q, func() string {
				f := reflect.ValueOf(x).FieldByIndex(idx)
				return fmt.Sprint(f.Type(), f.CanInterface(), f.CanSet())
			}, func() string {
				f := ReflectValueOf(x).FieldByIndex(idx)
				return fmt.Sprint(f.Type(), f.CanInterface(), f.CanSet())
			})
			compare(t, at, "Type."+q, func() string {
				f := reflect.TypeOf(x).FieldByIndex(idx)
				return fmt.Sprint(f.Name, f.Type, f.Index, f.Offset, f.Anonymous)
			}, func() string {
				f := TypeOf(x).FieldByIndex(idx)
				return fmt.Sprint(f.Name, f.Type, f.Index, f.Offset, f.Anonymous)
			})
		}
	}
}

func TestReflectValueFieldByName(t *testing.T) {
	for _, x := range append(reflectValues(), rOuter{}, rInner{true}) {
		if x == nil {
			continue
		}
		for _, name := range []string{"A", "b", "B", "F", "X", "rInner", "none", ""} {
			compare(t, fmt.Sprintf("%T", x), "FieldByName("+name+")", func() string {
				f := reflect.ValueOf(x).FieldByName(name)
				if !f.IsValid() {
					return "invalid"
				}
				return fmt.Sprint(f.Type(), f.CanInterface())
			}, func() string {
				f := ReflectValueOf(x).FieldByName(name)
				if !f.IsValid() {
					return "invalid"
				}
				return fmt.Sprint(f.Type(), f.CanInterface())
			})
		}
	}
	exact(t, "rInner", "FieldByName(B)", func() string {
		return fmt.Sprint(reflect.ValueOf(rInner{true}).FieldByName("B").Bool())
	}, func() string {
		return fmt.Sprint(ReflectValueOf(rInner{true}).FieldByName("B").Bool())
	})
}

func TestReflectTypeOverflow(t *testing.T) {
	ints := []int64{0, 1, -1, 127, 128, -129, 255, 256, 1 << 31, math.MaxInt64, math.MinInt64}
	floats := []float64{0, math.MaxFloat32, math.MaxFloat32 * 1.0000001, -math.MaxFloat64, math.Inf(1), math.NaN()}
	for _, x := range reflectValues() {
		if x == nil {
			continue
		}
		rt, mt := reflect.TypeOf(x), TypeOf(x)
		at := fmt.Sprintf("%T", x)
		for _, n := range ints {
			exact(t, at, fmt.Sprintf("OverflowInt(%d)", n), func() string { return fmt.Sprint(rt.OverflowInt(n)) }, func() string { return fmt.Sprint(mt.OverflowInt(n)) })
			exact(t, at, fmt.Sprintf("OverflowUint(%d)", n), func() string { return fmt.Sprint(rt.OverflowUint(uint64(n))) }, func() string { return fmt.Sprint(mt.OverflowUint(uint64(n))) })
		}
		for _, f := range floats {
			exact(t, at, fmt.Sprintf("OverflowFloat(%g)", f), func() string { return fmt.Sprint(rt.OverflowFloat(f)) }, func() string { return fmt.Sprint(mt.OverflowFloat(f)) })
		}
	}
}
