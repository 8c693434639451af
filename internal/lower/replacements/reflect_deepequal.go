// reflect.DeepEqual on the reflect model: its rules walked on Values, a comparison that could depend on what the model leaves out aborted.

package replacements

// DeepEqual replaces reflect.DeepEqual. reflect's shortcuts (a pointer,
// slice or map compared with itself is equal) change its answer only for
// values holding NaNs or non-nil functions, or cycles: those abort the
// run, as do maps with entries (their keys are not modelled).
func DeepEqual(x, y any) bool {
	if x == nil || y == nil {
		return x == y
	}
	v1, v2 := ReflectValueOf(x), ReflectValueOf(y)
	if v1.p.t != v2.p.t {
		return false
	}
	return deepValueEqual(v1, v2, 0)
}

// deepDepth bounds the recursion: deeper values (cycles among them) abort
// the run.
const deepDepth = 100

func deepValueEqual(v1, v2 value, depth int) bool {
	if v1.p == nil || v2.p == nil {
		return (v1.p == nil) == (v2.p == nil)
	}
	if v1.p.t != v2.p.t {
		return false
	}
	if depth > deepDepth {
		panic(unmodelled("reflect.DeepEqual of values nested deeper than the model follows (a cycle?): not modelled"))
	}
	switch k := v1.Kind(); k {
	case kArray:
		for i, n := 0, v1.Len(); i < n; i++ {
			if !deepValueEqual(v1.Index(i), v2.Index(i), depth+1) {
				return false
			}
		}
		return true
	case kSlice:
		if v1.IsNil() != v2.IsNil() || v1.Len() != v2.Len() {
			return false
		}
		for i, n := 0, v1.Len(); i < n; i++ {
			if !deepValueEqual(v1.Index(i), v2.Index(i), depth+1) {
				return false
			}
		}
		return true
	case kInterface:
		if v1.IsNil() || v2.IsNil() {
			return v1.IsNil() == v2.IsNil()
		}
		return deepValueEqual(v1.Elem(), v2.Elem(), depth+1)
	case kPointer:
		if v1.get(v1.p.t) == v2.get(v2.p.t) {
			return true // the same pointer
		}
		return deepValueEqual(v1.Elem(), v2.Elem(), depth+1)
	case kStruct:
		for i, n := 0, v1.NumField(); i < n; i++ {
			if !deepValueEqual(v1.Field(i), v2.Field(i), depth+1) {
				return false
			}
		}
		return true
	case kMap:
		if v1.IsNil() != v2.IsNil() || v1.Len() != v2.Len() {
			return false
		}
		if v1.Len() == 0 {
			return true
		}
		panic(unmodelled("reflect.DeepEqual of maps with entries: not modelled"))
	case kFunc:
		if v1.IsNil() && v2.IsNil() {
			return true
		}
		if v1.IsNil() || v2.IsNil() {
			return false
		}
		panic(unmodelled("reflect.DeepEqual of non-nil functions: not modelled (reflect's answer depends on sharing)"))
	case kBool, kInt, kInt8, kInt16, kInt32, kInt64, kUint, kUint8, kUint16, kUint32, kUint64, kUintptr, kString:
		return v1.under() == v2.under()
	case kFloat32, kFloat64:
		f1, f2 := v1.Float(), v2.Float()
		if f1 != f1 || f2 != f2 {
			panic(unmodelled("reflect.DeepEqual of NaNs: not modelled (reflect's answer depends on sharing)"))
		}
		return f1 == f2
	default:
		panic(unmodelled("reflect.DeepEqual of a " + k.String() + ": not modelled"))
	}
}
