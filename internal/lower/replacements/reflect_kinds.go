// reflect.Value's kind predicates (CanInt, CanUint, CanFloat, CanComplex), FieldByIndex of a Value and of a Type, a Value's FieldByName, and a Type's Overflow methods.

package replacements

// CanInt replaces (reflect.Value).CanInt.
func (v value) CanInt() bool {
	switch v.Kind() {
	case kInt, kInt8, kInt16, kInt32, kInt64:
		return true
	}
	return false
}

// CanUint replaces (reflect.Value).CanUint.
func (v value) CanUint() bool {
	switch v.Kind() {
	case kUint, kUint8, kUint16, kUint32, kUint64, kUintptr:
		return true
	}
	return false
}

// CanFloat replaces (reflect.Value).CanFloat.
func (v value) CanFloat() bool {
	switch v.Kind() {
	case kFloat32, kFloat64:
		return true
	}
	return false
}

// CanComplex replaces (reflect.Value).CanComplex.
func (v value) CanComplex() bool {
	switch v.Kind() {
	case kComplex64, kComplex128:
		return true
	}
	return false
}

// FieldByIndex replaces (reflect.Value).FieldByIndex: the fields along
// index, through pointers to embedded structs.
func (v value) FieldByIndex(index []int) value {
	if len(index) == 1 {
		return v.Field(index[0])
	}
	v.must("FieldByIndex", kStruct)
	for i, x := range index {
		if i > 0 && v.Kind() == kPointer && rkind(rtypeint(rtypeint(v.p.t, rtElem, 0), rtKind, 0)) == kStruct {
			if v.IsNil() {
				panic("reflect: indirection through nil pointer to embedded struct")
			}
			v = v.Elem()
		}
		v = v.Field(x)
	}
	return v
}

// FieldByName replaces (reflect.Value).FieldByName: the field the
// Type's FieldByName finds (direct fields only: a struct with embedded
// fields stops the run), or the zero Value.
func (v value) FieldByName(name string) value {
	v.must("FieldByName", kStruct)
	if f, ok := (rtype{v.p.t}).FieldByName(name); ok {
		return v.FieldByIndex(f.Index)
	}
	return value{}
}

// FieldByIndex is reflect.Type's: the fields along index, through pointers
// to embedded structs.
func (t rtype) FieldByIndex(index []int) structField {
	if t.Kind() != kStruct {
		panic("reflect: FieldByIndex of non-struct type " + t.String())
	}
	f := structField{Type: t}
	for i, x := range index {
		if i > 0 {
			ft := f.Type
			if ft.Kind() == kPointer && ft.Elem().Kind() == kStruct {
				ft = ft.Elem()
			}
			f.Type = ft
		}
		f = f.Type.Field(x)
	}
	return f
}

// OverflowInt is reflect.Type's.
func (t rtype) OverflowInt(x int64) bool {
	switch t.Kind() {
	case kInt, kInt8, kInt16, kInt32, kInt64:
		s := 64 - uint(t.Size())*8
		return x != x<<s>>s
	}
	panic("reflect: OverflowInt of non-int type " + t.String())
}

// OverflowUint is reflect.Type's.
func (t rtype) OverflowUint(x uint64) bool {
	switch t.Kind() {
	case kUint, kUintptr, kUint8, kUint16, kUint32, kUint64:
		s := 64 - uint(t.Size())*8
		return x != x<<s>>s
	}
	panic("reflect: OverflowUint of non-uint type " + t.String())
}

// OverflowFloat is reflect.Type's.
func (t rtype) OverflowFloat(x float64) bool {
	switch t.Kind() {
	case kFloat32:
		if x < 0 {
			x = -x
		}
		return 0x1p127*(1+(1-0x1p-23)) < x && x <= 0x1p1023*(1+(1-0x1p-52))
	case kFloat64:
		return false
	}
	panic("reflect: OverflowFloat of non-float type " + t.String())
}
