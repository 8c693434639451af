// The stand-in for reflect.Value: a value boxed with its own type, the parts of composites through intrinsics.

package fmt

// Kinds, reflect's numbering; the integer kinds are reported as kInt or
// kUint, which fmt treats alike.
const (
	kInvalid       = 0
	kBool          = 1
	kInt           = 2
	kUint          = 7
	kFloat32       = 13
	kFloat64       = 14
	kComplex64     = 15
	kComplex128    = 16
	kArray         = 17
	kChan          = 18
	kFunc          = 19
	kInterface     = 20
	kMap           = 21
	kPointer       = 22
	kSlice         = 23
	kString        = 24
	kStruct        = 25
	kUnsafePointer = 26
)

// reflect's read-only flags: a value reached through an unexported field
// cannot be handed to a method (CanInterface is false).
const (
	flagStickyRO = 1 << 0
	flagEmbedRO  = 1 << 1
)

// value is what fmt's reflect.Value is to it. x is the value boxed with
// its own type as dynamic type (the intrinsics read it), or, for a value
// of interface type (iface: reflect's Interface kind, a part of a
// composite), what it holds (nil for a nil interface; ityp names the
// interface type). The zero value is the invalid Value.
type value struct {
	x     any
	iface bool
	ityp  string
	ro    uint8
}

func valueOf(x any) value { return value{x: x} }

func (v value) isValid() bool { return v.x != nil || v.iface }

func (v value) kind() int {
	if v.iface {
		return kInterface
	}
	return kindOf(v.x)
}

func (v value) canInterface() bool { return v.ro == 0 }

// typeString is reflect's Type.String() of v's type.
func (v value) typeString() string {
	if v.iface {
		return v.ityp
	}
	return typeString(v.x)
}

// roSticky is reflect's flag.ro(): any read-only flag becomes sticky.
func (v value) roSticky() uint8 {
	if v.ro != 0 {
		return flagStickyRO
	}
	return 0
}

// elem is Elem of an interface value (what it holds) or of a pointer
// (what it points to: a struct, array, slice or map).
func (v value) elem() value {
	if v.iface {
		return value{x: v.x, ro: v.roSticky()}
	}
	return value{x: elem(v.x), ro: v.ro}
}

// isNil is IsNil of an interface, slice, map, pointer or function
// (concretized).
func (v value) isNil(f *formatter) bool {
	if v.iface {
		return v.x == nil
	}
	isNil, sym := isNilValue(v.x)
	f.concretized = f.concretized || sym
	return isNil
}

// length is Len of a string, array, slice or map (concretized).
func (v value) length(f *formatter) int {
	n, sym := lenOf(v.x)
	f.concretized = f.concretized || sym
	return n
}

// field is Field(i) of a struct.
func (v value) field(i int) value {
	_, exported, embedded := fieldInfo(v.x, i)
	ro := v.ro & flagStickyRO
	if !exported {
		if embedded {
			ro |= flagEmbedRO
		} else {
			ro |= flagStickyRO
		}
	}
	isIface, ityp := partIface(v.x, i)
	return value{x: field(v.x, i), iface: isIface, ityp: ityp, ro: ro}
}

// index is Index(i) of an array or slice.
func (v value) index(i int) value {
	isIface, ityp := partIface(v.x, -1)
	return value{x: index(v.x, i), iface: isIface, ityp: ityp, ro: v.roSticky()}
}

// mapEntry is the key and the value of the i-th entry of a map (in an
// order of the engine's: fmt sorts them).
func (v value) mapEntry(i int) (key, val value) {
	kIface, ktyp := partIface(v.x, -2)
	vIface, vtyp := partIface(v.x, -1)
	k, e := mapEntry(v.x, i)
	return value{x: k, iface: kIface, ityp: ktyp, ro: v.roSticky()}, value{x: e, iface: vIface, ityp: vtyp, ro: v.roSticky()}
}
