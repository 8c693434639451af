// reflect's Type, Value, Kind, StructField and StructTag modelled on the reflect intrinsics: a type is an id of the program's type table.

package replacements

// The properties rtypeint reads (ir.RType*).
const (
	rtKind = iota
	rtElem
	rtKey
	rtLen
	rtUnderlying
	rtSize
	rtComparable
	rtNumField
	rtFieldType
	rtFieldOffset
	rtFieldAnonymous
	rtNumMethod
	rtPtrTo
	rtSliceOf
)

// The properties rtypestr reads.
const (
	rsName = iota
	rsPkgPath
	rsString
	rsFieldName
	rsFieldPkgPath
	rsFieldTag
)

// reflect's kinds.
const (
	kInvalid rkind = iota
	kBool
	kInt
	kInt8
	kInt16
	kInt32
	kInt64
	kUint
	kUint8
	kUint16
	kUint32
	kUint64
	kUintptr
	kFloat32
	kFloat64
	kComplex64
	kComplex128
	kArray
	kChan
	kFunc
	kInterface
	kMap
	kPointer
	kSlice
	kString
	kStruct
	kUnsafePointer
)

// rkind replaces reflect.Kind.
type rkind uint

// String replaces (reflect.Kind).String. (A switch, not a table: a
// package-level table would be initialized in every program.)
func (k rkind) String() string {
	switch k {
	case kInvalid:
		return "invalid"
	case kBool:
		return "bool"
	case kInt:
		return "int"
	case kInt8:
		return "int8"
	case kInt16:
		return "int16"
	case kInt32:
		return "int32"
	case kInt64:
		return "int64"
	case kUint:
		return "uint"
	case kUint8:
		return "uint8"
	case kUint16:
		return "uint16"
	case kUint32:
		return "uint32"
	case kUint64:
		return "uint64"
	case kUintptr:
		return "uintptr"
	case kFloat32:
		return "float32"
	case kFloat64:
		return "float64"
	case kComplex64:
		return "complex64"
	case kComplex128:
		return "complex128"
	case kArray:
		return "array"
	case kChan:
		return "chan"
	case kFunc:
		return "func"
	case kInterface:
		return "interface"
	case kMap:
		return "map"
	case kPointer:
		return "ptr"
	case kSlice:
		return "slice"
	case kString:
		return "string"
	case kStruct:
		return "struct"
	case kUnsafePointer:
		return "unsafe.Pointer"
	}
	return "kind" + itoa(int(k))
}

// itoa is strconv.Itoa.
func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	u, neg := uint64(n), n < 0
	if neg {
		u = -u
	}
	var b [20]byte
	i := len(b)
	for u > 0 {
		i--
		b[i] = byte('0' + u%10)
		u /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}

// rType replaces reflect.Type: its methods the model answers (a call of
// another is rejected).
type rType interface {
	Align() int
	AssignableTo(u rType) bool
	Bits() int
	Comparable() bool
	ConvertibleTo(u rType) bool
	Elem() rType
	Field(i int) structField
	FieldAlign() int
	FieldByIndex(index []int) structField
	FieldByName(name string) (structField, bool)
	Implements(u rType) bool
	Key() rType
	Kind() rkind
	Len() int
	Name() string
	NumField() int
	NumMethod() int
	OverflowFloat(x float64) bool
	OverflowInt(x int64) bool
	OverflowUint(x uint64) bool
	PkgPath() string
	Size() uintptr
	String() string
}

// rtype is a reflect.Type: the id of a type of the table (never 0). Two
// are equal exactly when their types are identical, as reflect's are.
type rtype struct{ id int }

// TypeOf replaces reflect.TypeOf.
func TypeOf(i any) rType {
	if t := rtypeof(i); t != 0 {
		return rtype{t}
	}
	return nil
}

// PointerTo replaces reflect.PointerTo: the pointer type to t, from the
// program's type table (it holds the pointer types to its types when the
// program calls PointerTo, PtrTo or Value.Addr). Go panics on a nil t or
// one reflect did not make; that panic is not modelled.
func PointerTo(t rType) rType {
	r, ok := t.(rtype)
	if !ok {
		panic(unmodelled("reflect.PointerTo of a nil or foreign reflect.Type: Go's panic is not modelled"))
	}
	p := rtypeint(r.id, rtPtrTo, 0)
	if p == 0 {
		panic(unmodelled("reflect.PointerTo of a pointer type: its pointer type is not in the program's type table"))
	}
	return rtype{p}
}

// PtrTo replaces reflect.PtrTo.
func PtrTo(t rType) rType { return PointerTo(t) }

// typeOf is the reflect.Type of the id t (nil for 0).
func typeOf(t int) rType {
	if t == 0 {
		return nil
	}
	return rtype{t}
}

func (t rtype) Kind() rkind      { return rkind(rtypeint(t.id, rtKind, 0)) }
func (t rtype) Name() string     { return rtypestr(t.id, rsName, 0) }
func (t rtype) PkgPath() string  { return rtypestr(t.id, rsPkgPath, 0) }
func (t rtype) String() string   { return rtypestr(t.id, rsString, 0) }
func (t rtype) Size() uintptr    { return uintptr(rtypeint(t.id, rtSize, 0)) }
func (t rtype) Comparable() bool { return rtypeint(t.id, rtComparable, 0) != 0 }
func (t rtype) NumMethod() int   { return rtypeint(t.id, rtNumMethod, 0) }

func (t rtype) Align() int      { panic(unmodelled("reflect.Type.Align: not modelled")) }
func (t rtype) FieldAlign() int { panic(unmodelled("reflect.Type.FieldAlign: not modelled")) }

func (t rtype) Bits() int {
	if k := t.Kind(); k < kInt || k > kComplex128 {
		panic("reflect: Bits of non-arithmetic Type " + t.String())
	}
	return int(t.Size()) * 8
}

func (t rtype) Elem() rType {
	switch t.Kind() {
	case kArray, kChan, kMap, kPointer, kSlice:
		return typeOf(rtypeint(t.id, rtElem, 0))
	}
	panic("reflect: Elem of invalid type " + t.String())
}

func (t rtype) Key() rType {
	if t.Kind() != kMap {
		panic("reflect: Key of non-map type " + t.String())
	}
	return typeOf(rtypeint(t.id, rtKey, 0))
}

func (t rtype) Len() int {
	if t.Kind() != kArray {
		panic("reflect: Len of non-array type " + t.String())
	}
	return rtypeint(t.id, rtLen, 0)
}

func (t rtype) NumField() int {
	if t.Kind() != kStruct {
		panic("reflect: NumField of non-struct type " + t.String())
	}
	return rtypeint(t.id, rtNumField, 0)
}

func (t rtype) Field(i int) structField {
	if t.Kind() != kStruct {
		panic("reflect: Field of non-struct type " + t.String())
	}
	if i < 0 || i >= rtypeint(t.id, rtNumField, 0) {
		panic("reflect: Field index out of bounds")
	}
	return structField{
		Name:      rtypestr(t.id, rsFieldName, i),
		PkgPath:   rtypestr(t.id, rsFieldPkgPath, i),
		Type:      typeOf(rtypeint(t.id, rtFieldType, i)),
		Tag:       structTag(rtypestr(t.id, rsFieldTag, i)),
		Offset:    uintptr(rtypeint(t.id, rtFieldOffset, i)),
		Index:     []int{i},
		Anonymous: rtypeint(t.id, rtFieldAnonymous, i) != 0,
	}
}

// FieldByName finds a direct field; the search through embedded structs
// is not modelled.
func (t rtype) FieldByName(name string) (structField, bool) {
	if t.Kind() != kStruct {
		panic("reflect: FieldByName of non-struct type " + t.String())
	}
	n := rtypeint(t.id, rtNumField, 0)
	for i := 0; i < n; i++ {
		if rtypeint(t.id, rtFieldAnonymous, i) != 0 {
			panic(unmodelled("reflect.Type.FieldByName of a struct with embedded fields: not modelled"))
		}
	}
	for i := 0; i < n; i++ {
		if rtypestr(t.id, rsFieldName, i) == name {
			return t.Field(i), true
		}
	}
	return structField{}, false
}

// Implements is modelled for the interfaces without methods only.
func (t rtype) Implements(u rType) bool {
	if u == nil {
		panic("reflect: nil type passed to Type.Implements")
	}
	if u.Kind() != kInterface {
		panic("reflect: non-interface type passed to Type.Implements")
	}
	if u.NumMethod() == 0 {
		return true
	}
	panic(unmodelled("reflect.Type.Implements of an interface with methods: not modelled"))
}

// AssignableTo is modelled for identical types and the interfaces without
// methods.
func (t rtype) AssignableTo(u rType) bool {
	if u == nil {
		panic("reflect: nil type passed to Type.AssignableTo")
	}
	if u == rType(t) || u.Kind() == kInterface && u.NumMethod() == 0 {
		return true
	}
	panic(unmodelled("reflect.Type.AssignableTo of other types: not modelled"))
}

// ConvertibleTo is modelled for identical types.
func (t rtype) ConvertibleTo(u rType) bool {
	if u == nil {
		panic("reflect: nil type passed to Type.ConvertibleTo")
	}
	if u == rType(t) {
		return true
	}
	panic(unmodelled("reflect.Type.ConvertibleTo of other types: not modelled"))
}

// structField replaces reflect.StructField.
type structField struct {
	Name      string
	PkgPath   string
	Type      rType
	Tag       structTag
	Offset    uintptr
	Index     []int
	Anonymous bool
}

// IsExported replaces (reflect.StructField).IsExported.
func (f structField) IsExported() bool { return f.PkgPath == "" }

// structTag replaces reflect.StructTag.
type structTag string

// Get replaces (reflect.StructTag).Get.
func (tag structTag) Get(key string) string {
	v, _ := tag.Lookup(key)
	return v
}

// Lookup replaces (reflect.StructTag).Lookup: the conventional format,
// key:"value" pairs separated by spaces. A quoted value with a backslash
// (strconv.Unquote's escapes) is not modelled.
func (tag structTag) Lookup(key string) (string, bool) {
	for tag != "" {
		i := 0
		for i < len(tag) && tag[i] == ' ' {
			i++
		}
		tag = tag[i:]
		if tag == "" {
			break
		}
		i = 0
		for i < len(tag) && tag[i] > ' ' && tag[i] != ':' && tag[i] != '"' && tag[i] != 0x7f {
			i++
		}
		if i == 0 || i+1 >= len(tag) || tag[i] != ':' || tag[i+1] != '"' {
			break
		}
		name := string(tag[:i])
		tag = tag[i+1:]
		i, esc := 1, false
		for i < len(tag) && tag[i] != '"' {
			if tag[i] == '\\' {
				i++
				esc = true
			}
			i++
		}
		if i >= len(tag) {
			break
		}
		q := string(tag[1:i])
		tag = tag[i+1:]
		if name == key {
			if esc {
				panic(unmodelled("reflect.StructTag.Lookup of a value with escapes: not modelled"))
			}
			for k := 0; k < len(q); k++ {
				if q[k] == '\n' {
					return "", false // strconv.Unquote refuses a newline
				}
			}
			if !validUTF8(q) {
				panic(unmodelled("reflect.StructTag.Lookup of a value that is not UTF-8: not modelled"))
			}
			return q, true
		}
	}
	return "", false
}

// validUTF8 is utf8.ValidString.
func validUTF8(s string) bool {
	for i, r := range s {
		if r == 0xFFFD && (i+3 > len(s) || s[i:i+3] != "\xef\xbf\xbd") {
			return false
		}
	}
	return true
}
