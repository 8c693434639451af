// The reflect model's type table: what reflect.Type tells of each Go type the program reflects on.

package ir

// RType is what reflect tells of one Go type (Program.Reflect): its id is
// its index there plus one (0 is no type: reflect.TypeOf(nil)). The table
// holds the dynamic types of the program and, closed under them, their
// parts (elements, keys, fields: interface types among them) and the
// unnamed basic types (a Value's Int, String... box the value as its
// underlying basic type).
type RType struct {
	Kind    int    // reflect.Kind
	Name    string // reflect's Name(): "" for an unnamed type
	PkgPath string // reflect's PkgPath()
	String  string // reflect's String()
	Size    int    // reflect's Size()
	// Elem, Key are the ids of the element and key types (Array, Chan,
	// Map, Pointer, Slice; Map); Len an array's length.
	Elem, Key, Len int
	// PtrTo is the id of the pointer type to it: in the table when the
	// program takes a Value's address (Addr), 0 when not.
	PtrTo int
	// SliceOf is, for an array type, the id of the slice type of its
	// element type: in the table when the program slices a Value or
	// copies between Values (Slice, Slice3, Copy), 0 when not.
	SliceOf int
	// Underlying is the id of the unnamed basic type under a basic-kind
	// type (int64 under a named int64 type), 0 for another kind.
	Underlying int
	Comparable bool
	NumMethod  int
	Fields     []RField
	// Dyn is the dynamic type of the type's values (nil for an interface
	// type, whose values hold another's).
	Dyn *DynType
}

// RField is a struct field as reflect.StructField tells it.
type RField struct {
	Name, PkgPath, Tag string
	Type               int // type id
	Offset             int
	Anonymous          bool
}

// The properties rtypeint and rtypestr read (their What operand).
const (
	RTypeKind = iota
	RTypeElem
	RTypeKey
	RTypeLen
	RTypeUnderlying
	RTypeSize
	RTypeComparable
	RTypeNumField
	RTypeFieldType      // of field I
	RTypeFieldOffset    // of field I
	RTypeFieldAnonymous // of field I
	RTypeNumMethod      // exported methods (an interface type: all its methods)
	RTypePtrTo          // the pointer type to it
	RTypeSliceOf        // an array type's: the slice type of its element type
)

// The string properties.
const (
	RTypeName = iota
	RTypePkgPath
	RTypeString
	RTypeFieldName    // of field I
	RTypeFieldPkgPath // of field I
	RTypeFieldTag     // of field I
)

// RTypeOf returns the type of id (nil for 0 or an id out of range).
func (p *Program) RTypeOf(id int) *RType {
	if id <= 0 || id > len(p.Reflect) {
		return nil
	}
	return p.Reflect[id-1]
}
