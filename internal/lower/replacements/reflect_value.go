// reflect.Value modelled on the reflect intrinsics: the interface a value was made of and the steps that reach it.

package replacements

// value replaces reflect.Value: the interface root the value was reached
// from (ValueOf's argument, or what an interface-kind Value held) and
// where (nil: the zero Value). Reading a value walks the steps again, so
// that a Value reached through a pointer or a slice's element sees the
// memory as it is now, as reflect's does.
type value struct {
	root any
	p    *vpath
}

// vpath is where a Value is: the type of root, the steps from it (a
// field's or an element's index, -1 a pointer's dereference), the
// Value's own type, and its flags.
type vpath struct {
	rootT int
	steps []int
	t     int
	addr  bool // reached through a pointer or a slice's element
	ro    int  // reached through an unexported field: roSticky, roEmbed (reflect's flags)
}

// reflect's read-only flags: an unexported field's (sticky: it stays on
// the fields below), an unexported embedded field's (its own fields may
// be exported).
const (
	roSticky = 1 << iota
	roEmbed
)

// sticky is reflect's flag.ro(): any read-only flag as sticky.
func sticky(ro int) int {
	if ro != 0 {
		return roSticky
	}
	return 0
}

// ReflectValueOf replaces reflect.ValueOf.
func ReflectValueOf(i any) value {
	t := rtypeof(i)
	if t == 0 {
		return value{}
	}
	return value{root: i, p: &vpath{rootT: t, t: t}}
}

// Indirect replaces reflect.Indirect.
func Indirect(v value) value {
	if v.Kind() != kPointer {
		return v
	}
	return v.Elem()
}

// child is the Value one step below v, of type t.
func (v value) child(step, t int, addr bool, ro int) value {
	p := v.p
	steps := append(p.steps[:len(p.steps):len(p.steps)], step)
	return value{root: v.root, p: &vpath{rootT: p.rootT, steps: steps, t: t, addr: addr, ro: ro}}
}

// get is what v holds, boxed as type t.
func (v value) get(t int) any { return rget(v.root, v.p.rootT, v.p.steps, t) }

// must aborts the run where reflect panics with a *ValueError (not
// modelled) for method on v unless v has one of kinds.
func (v value) must(method string, kinds ...rkind) rkind {
	k := v.Kind()
	for _, want := range kinds {
		if k == want {
			return k
		}
	}
	panic(unmodelled("reflect: call of reflect.Value." + method + " on " + k.String() + " Value (reflect's *ValueError panic is not modelled)"))
}

// IsValid replaces (reflect.Value).IsValid.
func (v value) IsValid() bool { return v.p != nil }

// Kind replaces (reflect.Value).Kind.
func (v value) Kind() rkind {
	if v.p == nil {
		return kInvalid
	}
	return rkind(rtypeint(v.p.t, rtKind, 0))
}

// Type replaces (reflect.Value).Type.
func (v value) Type() rType {
	if v.p == nil {
		panic(unmodelled("reflect: call of reflect.Value.Type on zero Value (reflect's *ValueError panic is not modelled)"))
	}
	return rtype{v.p.t}
}

// CanAddr replaces (reflect.Value).CanAddr.
func (v value) CanAddr() bool { return v.p != nil && v.p.addr }

// CanSet replaces (reflect.Value).CanSet.
func (v value) CanSet() bool { return v.p != nil && v.p.addr && v.p.ro == 0 }

// CanInterface replaces (reflect.Value).CanInterface.
func (v value) CanInterface() bool {
	if v.p == nil {
		panic(unmodelled("reflect: call of reflect.Value.CanInterface on zero Value (reflect's *ValueError panic is not modelled)"))
	}
	return v.p.ro == 0
}

// Interface replaces (reflect.Value).Interface.
func (v value) Interface() any {
	if v.p == nil {
		panic(unmodelled("reflect: call of reflect.Value.Interface on zero Value (reflect's *ValueError panic is not modelled)"))
	}
	if v.p.ro != 0 {
		panic("reflect.Value.Interface: cannot return value obtained from unexported field or method")
	}
	return v.get(v.p.t)
}

// NumField replaces (reflect.Value).NumField.
func (v value) NumField() int {
	v.must("NumField", kStruct)
	return rtypeint(v.p.t, rtNumField, 0)
}

// Field replaces (reflect.Value).Field.
func (v value) Field(i int) value {
	v.must("Field", kStruct)
	if uint(i) >= uint(rtypeint(v.p.t, rtNumField, 0)) {
		panic("reflect: Field index out of range")
	}
	ro := v.p.ro & roSticky
	if rtypestr(v.p.t, rsFieldPkgPath, i) != "" {
		if rtypeint(v.p.t, rtFieldAnonymous, i) != 0 {
			ro |= roEmbed
		} else {
			ro |= roSticky
		}
	}
	return v.child(i, rtypeint(v.p.t, rtFieldType, i), v.p.addr, ro)
}

// Len replaces (reflect.Value).Len.
func (v value) Len() int {
	switch v.must("Len", kArray, kMap, kPointer, kSlice, kString) {
	case kArray:
		return rtypeint(v.p.t, rtLen, 0)
	case kString:
		return len(v.str())
	case kPointer:
		return v.arrayPointee("Len")
	}
	return rlen(v.root, v.p.rootT, v.p.steps)
}

// arrayPointee is the length of the array type v, a pointer, points to.
func (v value) arrayPointee(method string) int {
	e := rtypeint(v.p.t, rtElem, 0)
	if rkind(rtypeint(e, rtKind, 0)) != kArray {
		panic("reflect: call of reflect.Value." + method + " on ptr to non-array Value")
	}
	return rtypeint(e, rtLen, 0)
}

// Cap replaces (reflect.Value).Cap (a channel's is not modelled: the
// model holds no channel).
func (v value) Cap() int {
	switch v.must("Cap", kArray, kPointer, kSlice) {
	case kArray:
		return rtypeint(v.p.t, rtLen, 0)
	case kPointer:
		return v.arrayPointee("Cap")
	}
	return rcap(v.root, v.p.rootT, v.p.steps)
}

// Index replaces (reflect.Value).Index.
func (v value) Index(i int) value {
	switch v.must("Index", kArray, kSlice, kString) {
	case kArray:
		if uint(i) >= uint(rtypeint(v.p.t, rtLen, 0)) {
			panic("reflect: array index out of range")
		}
		return v.child(i, rtypeint(v.p.t, rtElem, 0), v.p.addr, sticky(v.p.ro))
	case kSlice:
		if uint(i) >= uint(rlen(v.root, v.p.rootT, v.p.steps)) {
			panic("reflect: slice index out of range")
		}
		return v.child(i, rtypeint(v.p.t, rtElem, 0), true, sticky(v.p.ro))
	}
	s := v.str()
	if uint(i) >= uint(len(s)) {
		panic("reflect: string index out of range")
	}
	b := ReflectValueOf(s[i])
	b.p.ro = sticky(v.p.ro)
	return b
}

// Elem replaces (reflect.Value).Elem.
func (v value) Elem() value {
	switch v.must("Elem", kInterface, kPointer) {
	case kInterface:
		x := v.get(v.p.t)
		e := ReflectValueOf(x)
		if e.p != nil {
			e.p.ro = sticky(v.p.ro)
		}
		return e
	}
	if risnil(v.root, v.p.rootT, v.p.steps) {
		return value{}
	}
	return v.child(-1, rtypeint(v.p.t, rtElem, 0), true, v.p.ro)
}

// IsNil replaces (reflect.Value).IsNil.
func (v value) IsNil() bool {
	v.must("IsNil", kFunc, kInterface, kMap, kPointer, kSlice, kUnsafePointer)
	return risnil(v.root, v.p.rootT, v.p.steps)
}

// under is what v holds, as its underlying basic type.
func (v value) under() any { return v.get(rtypeint(v.p.t, rtUnderlying, 0)) }

// str is the string a Value of kind String holds.
func (v value) str() string { return v.under().(string) }

// Bool replaces (reflect.Value).Bool.
func (v value) Bool() bool {
	v.must("Bool", kBool)
	return v.under().(bool)
}

// Int replaces (reflect.Value).Int.
func (v value) Int() int64 {
	v.must("Int", kInt, kInt8, kInt16, kInt32, kInt64)
	switch x := v.under().(type) {
	case int:
		return int64(x)
	case int8:
		return int64(x)
	case int16:
		return int64(x)
	case int32:
		return int64(x)
	case int64:
		return x
	}
	panic(unmodelled("reflect.Value.Int: the model's type table is inconsistent"))
}

// Uint replaces (reflect.Value).Uint.
func (v value) Uint() uint64 {
	v.must("Uint", kUint, kUint8, kUint16, kUint32, kUint64, kUintptr)
	switch x := v.under().(type) {
	case uint:
		return uint64(x)
	case uint8:
		return uint64(x)
	case uint16:
		return uint64(x)
	case uint32:
		return uint64(x)
	case uint64:
		return x
	case uintptr:
		return uint64(x)
	}
	panic(unmodelled("reflect.Value.Uint: the model's type table is inconsistent"))
}

// Float replaces (reflect.Value).Float.
func (v value) Float() float64 {
	v.must("Float", kFloat32, kFloat64)
	switch x := v.under().(type) {
	case float32:
		return float64(x)
	case float64:
		return x
	}
	panic(unmodelled("reflect.Value.Float: the model's type table is inconsistent"))
}

// String replaces (reflect.Value).String: a string's, or "<T Value>".
func (v value) String() string {
	switch k := v.Kind(); k {
	case kInvalid:
		return "<invalid Value>"
	case kString:
		return v.str()
	}
	return "<" + rtypestr(v.p.t, rsString, 0) + " Value>"
}

// IsZero replaces (reflect.Value).IsZero.
func (v value) IsZero() bool {
	switch k := v.Kind(); k {
	case kInvalid:
		panic(unmodelled("reflect: call of reflect.Value.IsZero on zero Value (reflect's *ValueError panic is not modelled)"))
	case kBool:
		return !v.Bool()
	case kInt, kInt8, kInt16, kInt32, kInt64:
		return v.Int() == 0
	case kUint, kUint8, kUint16, kUint32, kUint64, kUintptr:
		return v.Uint() == 0
	case kFloat32, kFloat64:
		return v.Float() == 0
	case kString:
		return v.Len() == 0
	case kFunc, kInterface, kMap, kPointer, kSlice, kUnsafePointer:
		return v.IsNil()
	case kArray:
		for i, n := 0, v.Len(); i < n; i++ {
			if !v.Index(i).IsZero() {
				return false
			}
		}
		return true
	case kStruct:
		for i, n := 0, v.NumField(); i < n; i++ {
			if !v.Field(i).IsZero() {
				return false
			}
		}
		return true
	}
	panic(unmodelled("reflect.Value.IsZero of a " + v.Kind().String() + ": not modelled"))
}

// mustSet aborts the run where reflect panics because v cannot be set
// (reflect's messages name the calling method: not modelled).
func (v value) mustSet(method string) {
	if v.p == nil || !v.p.addr || v.p.ro != 0 {
		panic(unmodelled("reflect: reflect.Value." + method + " on a value that cannot be set (reflect's panic is not modelled)"))
	}
}

// set stores x (of v's underlying type or v's type).
func (v value) set(x any) { rset(v.root, v.p.rootT, v.p.steps, x) }

// SetBool replaces (reflect.Value).SetBool.
func (v value) SetBool(x bool) {
	v.mustSet("SetBool")
	v.must("SetBool", kBool)
	v.set(x)
}

// SetString replaces (reflect.Value).SetString.
func (v value) SetString(x string) {
	v.mustSet("SetString")
	v.must("SetString", kString)
	v.set(x)
}

// SetInt replaces (reflect.Value).SetInt.
func (v value) SetInt(x int64) {
	v.mustSet("SetInt")
	switch v.must("SetInt", kInt, kInt8, kInt16, kInt32, kInt64) {
	case kInt:
		v.set(int(x))
	case kInt8:
		v.set(int8(x))
	case kInt16:
		v.set(int16(x))
	case kInt32:
		v.set(int32(x))
	default:
		v.set(x)
	}
}

// SetUint replaces (reflect.Value).SetUint.
func (v value) SetUint(x uint64) {
	v.mustSet("SetUint")
	switch v.must("SetUint", kUint, kUint8, kUint16, kUint32, kUint64, kUintptr) {
	case kUint:
		v.set(uint(x))
	case kUint8:
		v.set(uint8(x))
	case kUint16:
		v.set(uint16(x))
	case kUint32:
		v.set(uint32(x))
	case kUintptr:
		v.set(uintptr(x))
	default:
		v.set(x)
	}
}

// SetFloat replaces (reflect.Value).SetFloat.
func (v value) SetFloat(x float64) {
	v.mustSet("SetFloat")
	if v.must("SetFloat", kFloat32, kFloat64) == kFloat32 {
		v.set(float32(x))
		return
	}
	v.set(x)
}

// Set replaces (reflect.Value).Set: x of v's type, or v an interface
// without methods.
func (v value) Set(x value) {
	v.mustSet("Set")
	if x.p == nil || x.p.ro != 0 {
		panic(unmodelled("reflect: reflect.Value.Set of a zero or unexported Value (reflect's panic is not modelled)"))
	}
	if x.p.t == v.p.t {
		v.set(x.get(x.p.t))
		return
	}
	if v.Kind() == kInterface && rtypeint(v.p.t, rtNumMethod, 0) == 0 {
		v.set(x.get(x.p.t))
		return
	}
	panic(unmodelled("reflect.Value.Set of a value of another type: not modelled"))
}

// NumMethod replaces (reflect.Value).NumMethod.
func (v value) NumMethod() int {
	if v.p == nil {
		panic(unmodelled("reflect: call of reflect.Value.NumMethod on zero Value (reflect's *ValueError panic is not modelled)"))
	}
	return rtypeint(v.p.t, rtNumMethod, 0)
}

// Addr replaces (reflect.Value).Addr.
func (v value) Addr() value {
	if v.p == nil || !v.p.addr {
		panic("reflect.Value.Addr of unaddressable value")
	}
	pt := rtypeint(v.p.t, rtPtrTo, 0)
	return value{root: raddr(v.root, v.p.rootT, v.p.steps, pt), p: &vpath{rootT: pt, t: pt, ro: v.p.ro}}
}

// OverflowInt replaces (reflect.Value).OverflowInt.
func (v value) OverflowInt(x int64) bool {
	v.must("OverflowInt", kInt, kInt8, kInt16, kInt32, kInt64)
	s := 64 - uint(rtypeint(v.p.t, rtSize, 0))*8
	return x != x<<s>>s
}

// OverflowUint replaces (reflect.Value).OverflowUint.
func (v value) OverflowUint(x uint64) bool {
	v.must("OverflowUint", kUint, kUint8, kUint16, kUint32, kUint64, kUintptr)
	s := 64 - uint(rtypeint(v.p.t, rtSize, 0))*8
	return x != x<<s>>s
}

// OverflowFloat replaces (reflect.Value).OverflowFloat.
func (v value) OverflowFloat(x float64) bool {
	if v.must("OverflowFloat", kFloat32, kFloat64) == kFloat64 {
		return false
	}
	if x < 0 {
		x = -x
	}
	return 0x1p127*(1+(1-0x1p-23)) < x && x <= 0x1p1023*(1+(1-0x1p-52))
}
