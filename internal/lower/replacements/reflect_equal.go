// reflect.Value's Equal and Comparable, reflect.TypeAssert and reflect.TypeFor: Go's comparison and type assertion on what Values hold.

package replacements

// Equal replaces (reflect.Value).Equal.
func (v value) Equal(u value) bool {
	if v.Kind() == kInterface {
		v = v.Elem()
	}
	if u.Kind() == kInterface {
		u = u.Elem()
	}
	if !v.IsValid() || !u.IsValid() {
		return v.IsValid() == u.IsValid()
	}
	if v.p.t != u.p.t {
		return false
	}
	switch v.Kind() {
	case kBool:
		return v.Bool() == u.Bool()
	case kInt, kInt8, kInt16, kInt32, kInt64:
		return v.Int() == u.Int()
	case kUint, kUint8, kUint16, kUint32, kUint64, kUintptr:
		return v.Uint() == u.Uint()
	case kFloat32, kFloat64:
		return v.Float() == u.Float()
	case kString:
		return v.String() == u.String()
	case kPointer:
		return v.get(v.p.t) == u.get(u.p.t) // the same address
	case kArray:
		n := v.Len()
		if n == 0 {
			if rtypeint(rtypeint(v.p.t, rtElem, 0), rtComparable, 0) == 0 {
				break
			}
			return true
		}
		for i := 0; i < n; i++ {
			if !v.Index(i).Equal(u.Index(i)) {
				return false
			}
		}
		return true
	case kStruct:
		for i, n := 0, v.NumField(); i < n; i++ {
			if !v.Field(i).Equal(u.Field(i)) {
				return false
			}
		}
		return true
	case kFunc, kMap, kSlice:
	default:
		panic(unmodelled("reflect.Value.Equal of a " + v.Kind().String() + ": not modelled"))
	}
	panic("reflect.Value.Equal: values of type " + rtypestr(v.p.t, rsString, 0) + " are not comparable")
}

// Comparable replaces (reflect.Value).Comparable.
func (v value) Comparable() bool {
	switch v.Kind() {
	case kInvalid:
		return false
	case kArray:
		switch rkind(rtypeint(rtypeint(v.p.t, rtElem, 0), rtKind, 0)) {
		case kInterface, kArray, kStruct:
			for i, n := 0, v.Len(); i < n; i++ {
				if !v.Index(i).Comparable() {
					return false
				}
			}
			return true
		}
		return rtypeint(v.p.t, rtComparable, 0) != 0
	case kInterface:
		return v.IsNil() || v.Elem().Comparable()
	case kStruct:
		for i, n := 0, v.NumField(); i < n; i++ {
			if !v.Field(i).Comparable() {
				return false
			}
		}
		return true
	}
	return rtypeint(v.p.t, rtComparable, 0) != 0
}

// typeAssertOf carries the type parameter of TypeAssert (replace.go).
type typeAssertOf[T any] struct{}

// TypeAssert replaces reflect.TypeAssert: what v holds asserted to T.
func (typeAssertOf[T]) TypeAssert(v value) (T, bool) {
	if v.p == nil {
		panic(unmodelled("reflect: call of reflect.TypeAssert on zero Value (reflect's *ValueError panic is not modelled)"))
	}
	if v.p.ro != 0 {
		panic("reflect.TypeAssert: cannot return value obtained from unexported field or method")
	}
	x, ok := v.get(v.p.t).(T)
	return x, ok
}

// typeForOf carries the type parameter of TypeFor (replace.go).
type typeForOf[T any] struct{}

// TypeFor replaces reflect.TypeFor.
func (typeForOf[T]) TypeFor() rType {
	var v T
	if t := TypeOf(v); t != nil {
		return t
	}
	return TypeOf((*T)(nil)).Elem()
}
