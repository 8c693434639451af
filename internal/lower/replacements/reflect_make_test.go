// Differential test: reflect's constructors and a Value's map operations in the model against the real reflect.

package replacements

import (
	"fmt"
	"math"
	"math/rand"
	"reflect"
	"sort"
	"testing"
)

// exact is compare, but the model must not stop the run.
func exact(t *testing.T, at, q string, want, got func() string) {
	t.Helper()
	w, g := reflectOutcome(want), reflectOutcome(got)
	if w != g {
		t.Errorf("%s.%s: model %q, reflect %q", at, q, g, w)
	}
}

// newValue compares New's Values r and m: their kind, type and flags,
// and the fresh variables they point to (not their addresses).
func newValue(t *testing.T, at string, r reflect.Value, m value) {
	t.Helper()
	exact(t, "New("+at+")", "", func() string {
		return fmt.Sprint(r.Kind(), r.Type(), r.IsNil(), r.CanAddr(), r.CanSet(), r.IsZero())
	}, func() string {
		return fmt.Sprint(m.Kind(), m.Type(), m.IsNil(), m.CanAddr(), m.CanSet(), m.IsZero())
	})
	compareValue(t, "New("+at+").Elem()", r.Elem(), m.Elem(), 0)
}

func TestReflectNewZero(t *testing.T) {
	exact(t, "New", "(nil)", func() string { return reflect.New(nil).String() }, func() string { return ReflectNew(nil).String() })
	exact(t, "Zero", "(nil)", func() string { return reflect.Zero(nil).String() }, func() string { return ReflectZero(nil).String() })
	for _, x := range reflectValues() {
		if x == nil {
			continue
		}
		at := fmt.Sprintf("%T", x)
		rt, mt := reflect.TypeOf(x), TypeOf(x)
		newValue(t, at, reflect.New(rt), ReflectNew(mt))
		compareValue(t, "Zero("+at+")", reflect.Zero(rt), ReflectZero(mt), 0)
		// The interface type of a field, and the fresh variable set.
		exact(t, "New("+at+")", "Elem().Set", func() string {
			v := reflect.New(rt)
			v.Elem().Set(reflect.ValueOf(x))
			return fmt.Sprintf("%#v", v.Elem().Interface())
		}, func() string {
			v := ReflectNew(mt)
			v.Elem().Set(ReflectValueOf(x))
			return fmt.Sprintf("%#v", v.Elem().Interface())
		})
		exact(t, "Zero("+at+")", "IsZero CanSet CanAddr", func() string {
			v := reflect.Zero(rt)
			return fmt.Sprint(v.IsZero(), v.CanSet(), v.CanAddr(), v.Interface())
		}, func() string {
			v := ReflectZero(mt)
			return fmt.Sprint(v.IsZero(), v.CanSet(), v.CanAddr(), v.Interface())
		})
	}
	anyT := reflect.TypeFor[any]()
	compareValue(t, "Zero(any)", reflect.Zero(anyT), ReflectZero(TypeOf(new(any)).Elem()), 0)
	newValue(t, "any", reflect.New(anyT), ReflectNew(TypeOf(new(any)).Elem()))
}

func TestReflectMakeSlice(t *testing.T) {
	for _, x := range reflectValues() {
		if x == nil {
			continue
		}
		rt, mt := reflect.TypeOf(x), TypeOf(x)
		for _, n := range []int{-1, 0, 1, 3} {
			for _, c := range []int{-2, 0, 1, 3, 5} {
				at := fmt.Sprintf("MakeSlice(%s, %d, %d)", rt, n, c)
				exact(t, at, "", func() string {
					v := reflect.MakeSlice(rt, n, c)
					return fmt.Sprintf("%d %d %#v %v", v.Len(), v.Cap(), v.Interface(), v.IsNil())
				}, func() string {
					v := ReflectMakeSlice(mt, n, c)
					return fmt.Sprintf("%d %d %#v %v", v.Len(), v.Cap(), v.Interface(), v.IsNil())
				})
				if rt.Kind() == reflect.Slice && n >= 0 && c >= n {
					compareValue(t, at, reflect.MakeSlice(rt, n, c), ReflectMakeSlice(mt, n, c), 0)
				}
			}
		}
		exact(t, fmt.Sprintf("MakeMap(%s)", rt), "", func() string {
			v := reflect.MakeMap(rt)
			return fmt.Sprintf("%d %#v %v", v.Len(), v.Interface(), v.IsNil())
		}, func() string {
			v := ReflectMakeMap(mt)
			return fmt.Sprintf("%d %#v %v", v.Len(), v.Interface(), v.IsNil())
		})
		exact(t, fmt.Sprintf("MakeMapWithSize(%s, -1)", rt), "", func() string {
			return fmt.Sprint(reflect.MakeMapWithSize(rt, -1).Len())
		}, func() string {
			return fmt.Sprint(ReflectMakeMapWithSize(mt, -1).Len())
		})
	}
}

// mapHolder reaches maps through exported and unexported fields.
type mapHolder struct {
	M map[string]int
	m map[string]int
	A map[any]rInt
	S map[rStr]any
}

// reflectMapOp is one operation of a random sequence on a map Value.
type reflectMapOp struct {
	set  bool
	key  any // nil: the zero Value
	elem any // nil: the zero Value (a deletion)
}

// sortedKeys prints a map's keys (a Value's MapKeys) in a fixed order.
func sortedKeys[V interface{ Interface() any }](ks []V) string {
	var s []string
	for _, k := range ks {
		s = append(s, fmt.Sprintf("%#v", k.Interface()))
	}
	sort.Strings(s)
	return fmt.Sprint(s)
}

// TestReflectMaps runs random sequences of SetMapIndex and MapIndex on
// maps made by MakeMap, reached through fields (an unexported one
// included) and nil, by the model and by reflect, comparing every result
// and panic, MapKeys and a MapRange's entries (in a fixed order: Go does
// not fix theirs).
func TestReflectMaps(t *testing.T) {
	keys := []any{nil, 0, 1, -7, "", "a", "b", rStr("a"), rInt(1), []int{1}, 2.5, true}
	elems := []any{nil, 0, 5, "x", "", rInt(3), any(nil), []int{2}, map[string]int{}}
	rng := rand.New(rand.NewSource(1))
	type target struct {
		name     string
		rv       func() reflect.Value
		mv       func() value
		snapshot func() string
	}
	for round := 0; round < 40; round++ {
		rh := &mapHolder{M: map[string]int{"z": 26}, m: map[string]int{"q": 1}, A: map[any]rInt{}}
		mh := &mapHolder{M: map[string]int{"z": 26}, m: map[string]int{"q": 1}, A: map[any]rInt{}}
		var rm, mm map[int]string
		rmade, mmade := reflect.MakeMap(reflect.TypeOf(map[int]string{})), ReflectMakeMap(TypeOf(map[int]string{}))
		targets := []target{
			{"made", func() reflect.Value { return rmade }, func() value { return mmade }, nil},
			{"nil", func() reflect.Value { return reflect.ValueOf(rm) }, func() value { return ReflectValueOf(mm) }, nil},
		}
		for i := 0; i < 4; i++ {
			targets = append(targets, target{fmt.Sprintf("Field(%d)", i),
				func() reflect.Value { return reflect.ValueOf(rh).Elem().Field(i) },
				func() value { return ReflectValueOf(mh).Elem().Field(i) }, nil})
		}
		for _, tg := range targets {
			for step := 0; step < 12; step++ {
				op := reflectMapOp{set: rng.Intn(2) == 0, key: keys[rng.Intn(len(keys))], elem: elems[rng.Intn(len(elems))]}
				at := fmt.Sprintf("round %d %s step %d", round, tg.name, step)
				rval := func(x any) reflect.Value {
					if x == nil {
						return reflect.Value{}
					}
					return reflect.ValueOf(x)
				}
				mval := func(x any) value {
					if x == nil {
						return value{}
					}
					return ReflectValueOf(x)
				}
				if op.set {
					compare(t, at, fmt.Sprintf("SetMapIndex(%#v, %#v)", op.key, op.elem), func() string {
						tg.rv().SetMapIndex(rval(op.key), rval(op.elem))
						return ""
					}, func() string {
						tg.mv().SetMapIndex(mval(op.key), mval(op.elem))
						return ""
					})
				} else {
					compare(t, at, fmt.Sprintf("MapIndex(%#v)", op.key), func() string {
						e := tg.rv().MapIndex(rval(op.key))
						if !e.IsValid() {
							return "invalid"
						}
						return fmt.Sprintf("%s %s %v %v %v", e.Kind(), e.Type(), e.CanSet(), e.CanInterface(), e.Interface())
					}, func() string {
						e := tg.mv().MapIndex(mval(op.key))
						if !e.IsValid() {
							return "invalid"
						}
						return fmt.Sprintf("%s %s %v %v %v", e.Kind(), e.Type(), e.CanSet(), e.CanInterface(), e.Interface())
					})
				}
				exact(t, at, "MapKeys", func() string {
					ks := tg.rv().MapKeys()
					return fmt.Sprint(tg.rv().Len(), sortedKeys(ks))
				}, func() string {
					ks := tg.mv().MapKeys()
					return fmt.Sprint(tg.mv().Len(), sortedKeys(ks))
				})
			}
			exact(t, tg.name, "MapRange", func() string {
				var s []string
				for it := tg.rv().MapRange(); it.Next(); {
					k, e := it.Key(), it.Value()
					s = append(s, fmt.Sprintf("%s %#v %s %v", k.Type(), k.Interface(), e.Type(), e.CanInterface()))
				}
				sort.Strings(s)
				return fmt.Sprint(s)
			}, func() string {
				var s []string
				for it := tg.mv().MapRange(); it.Next(); {
					k, e := it.Key(), it.Value()
					s = append(s, fmt.Sprintf("%s %#v %s %v", k.Type(), k.Interface(), e.Type(), e.CanInterface()))
				}
				sort.Strings(s)
				return fmt.Sprint(s)
			})
		}
		if fmt.Sprintf("%#v %#v", *rh, rmade.Interface()) != fmt.Sprintf("%#v %#v", *mh, mmade.Interface()) {
			t.Errorf("round %d: model %#v %#v, reflect %#v %#v", round, *mh, mmade.Interface(), *rh, rmade.Interface())
		}
	}
}

// TestReflectMapIter compares a MapIter's panics: before Next, after the
// end, without a map.
func TestReflectMapIter(t *testing.T) {
	m := map[string]int{"a": 1}
	for _, q := range []string{"Key", "Value", "Next", "NextNextKey", "NextNextNext", "NextNextValue"} {
		run := func(next func() bool, key, val func() string) string {
			switch q {
			case "Key":
				return key()
			case "Value":
				return val()
			case "Next":
				return fmt.Sprint(next())
			}
			s := fmt.Sprint(next(), next())
			switch q {
			case "NextNextKey":
				return s + key()
			case "NextNextValue":
				return s + val()
			}
			return s + fmt.Sprint(next())
		}
		exact(t, "MapRange", q, func() string {
			it := reflect.ValueOf(m).MapRange()
			return run(it.Next, func() string { return it.Key().String() }, func() string { return it.Value().String() })
		}, func() string {
			it := ReflectValueOf(m).MapRange()
			return run(it.Next, func() string { return it.Key().String() }, func() string { return it.Value().String() })
		})
	}
	exact(t, "MapIter{}", "Next", func() string { return fmt.Sprint(new(reflect.MapIter).Next()) }, func() string { return fmt.Sprint(new(mapIter).Next()) })
}

// TestReflectOverflow compares OverflowInt, OverflowUint and OverflowFloat
// on every value's kind with boundary arguments.
func TestReflectOverflow(t *testing.T) {
	ints := []int64{0, 1, -1, 127, 128, -128, -129, 255, 256, 32767, 32768, -32769, 1<<31 - 1, 1 << 31, -1<<31 - 1, math.MaxInt64, math.MinInt64}
	floats := []float64{0, 1, -1, math.MaxFloat32, -math.MaxFloat32, math.MaxFloat32 * 1.0000001, math.MaxFloat64, -math.MaxFloat64, math.Inf(1), math.Inf(-1), math.NaN()}
	for _, x := range reflectValues() {
		if x == nil {
			continue
		}
		rv, mv := reflect.ValueOf(x), ReflectValueOf(x)
		at := fmt.Sprintf("%T", x)
		for _, n := range ints {
			compare(t, at, fmt.Sprintf("OverflowInt(%d)", n), func() string { return fmt.Sprint(rv.OverflowInt(n)) }, func() string { return fmt.Sprint(mv.OverflowInt(n)) })
			compare(t, at, fmt.Sprintf("OverflowUint(%d)", n), func() string { return fmt.Sprint(rv.OverflowUint(uint64(n))) }, func() string { return fmt.Sprint(mv.OverflowUint(uint64(n))) })
		}
		for _, f := range floats {
			compare(t, at, fmt.Sprintf("OverflowFloat(%g)", f), func() string { return fmt.Sprint(rv.OverflowFloat(f)) }, func() string { return fmt.Sprint(mv.OverflowFloat(f)) })
		}
	}
}

// TestReflectSetIter compares SetIterKey and SetIterValue: into settable
// variables, before Next, after the end, into an unsettable Value.
func TestReflectSetIter(t *testing.T) {
	m := map[string]rInt{"a": 1}
	for _, q := range []string{"before", "at", "after", "unsettable"} {
		run := func(next func() bool, setK, setV func(), read func() string) string {
			if q != "before" {
				next()
			}
			if q == "after" {
				next()
			}
			setK()
			setV()
			return read()
		}
		cmp := exact
		if q == "unsettable" {
			cmp = compare // the model stops where reflect panics for an unaddressable value
		}
		cmp(t, "SetIter", q, func() string {
			it := reflect.ValueOf(m).MapRange()
			k, e := reflect.New(reflect.TypeOf("")).Elem(), reflect.New(reflect.TypeOf(rInt(0))).Elem()
			if q == "unsettable" {
				return run(it.Next, func() { reflect.ValueOf("").SetIterKey(it) }, func() {}, func() string { return "" })
			}
			return run(it.Next, func() { k.SetIterKey(it) }, func() { e.SetIterValue(it) }, func() string { return fmt.Sprint(k.Interface(), e.Interface()) })
		}, func() string {
			it := ReflectValueOf(m).MapRange()
			k, e := ReflectNew(TypeOf("")).Elem(), ReflectNew(TypeOf(rInt(0))).Elem()
			if q == "unsettable" {
				return run(it.Next, func() { ReflectValueOf("").SetIterKey(it) }, func() {}, func() string { return "" })
			}
			return run(it.Next, func() { k.SetIterKey(it) }, func() { e.SetIterValue(it) }, func() string { return fmt.Sprint(k.Interface(), e.Interface()) })
		})
	}
}
