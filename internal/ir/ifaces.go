// Interfaces: dynamic types and their method tables, and the instructions on interface values.

package ir

import "sort"

// Method is a method of an interface type: its name and signature (a
// KFunc without the receiver).
type Method struct {
	Name string
	Sig  *Type
}

// DynType is a dynamic type: a type whose values an interface of the
// program may hold, with the methods the program calls on it. Go's types
// are told apart by Name (int and int64 are both i64 in the IR, two named
// types may share a structure); Type is the structure of its values.
type DynType struct {
	// Name is the Go type as the package under test writes it ("int",
	// "Shape", "*Rect", "[]byte"; "errors.errorString" for another
	// package's), unique in the program.
	Name string
	Type *Type
	// Methods is the type's method set, sorted by name, with the functions
	// implementing those the program may call (their first parameter is
	// the receiver, of type Type): the methods interface calls (Invoke)
	// may reach, and the Error and String methods the engine runs to print
	// a value. The others have no function (nil).
	Methods []MethodImpl
	// Input says that a test can construct values of the type: it is a
	// candidate of the interface-typed inputs whose method set it has.
	Input bool
	// Stub says that the type is a stub the emitted test declares (Input
	// too): a value whose methods return, call by call, results the search
	// chooses (inputs), standing for any implementation of the interface
	// whose method set its Methods are (none has a function: the engine
	// answers the calls). It is a candidate of that interface only.
	Stub bool
	// Prints names the method Go's fmt calls to print a value of the type
	// ("Error", "String"; "" when it prints the value itself): a panic's
	// message and an error's text come from it, and are not known when the
	// table lacks it.
	Prints string
	// Index is the position in Program.Types; the type's id is Index+1.
	Index int
	// RType is the type's id in Program.Reflect (0: none).
	RType int
}

// MethodImpl is one entry of a method table.
type MethodImpl struct {
	Name string
	// Sig is the method's signature, receiver left out: a type implements
	// an interface when each method of the interface is in its method set
	// with an identical signature (an Unwrap() []error is no Unwrap()
	// error). Nil in hand-written IR that gives none: the method then
	// matches by name. NoSig when the IR cannot express it (a channel
	// parameter): it matches no interface's method.
	Sig  *Type
	Func *Function
}

// NoSig is the signature of a method that the IR cannot express; it is
// identical to no signature of an interface of the program.
var NoSig = &Type{Kind: KTuple, Name: "unexpressible signature"}

// ID is the type id of d: what an interface value holding a d carries
// (0 is the nil interface).
func (d *DynType) ID() int { return d.Index + 1 }

// Method returns the function implementing method name, or nil (not in
// the method set, or never called).
func (d *DynType) Method(name string) *Function {
	if i := d.method(name); i >= 0 {
		return d.Methods[i].Func
	}
	return nil
}

// HasMethod reports whether method name is in d's method set.
func (d *DynType) HasMethod(name string) bool { return d.method(name) >= 0 }

func (d *DynType) method(name string) int {
	i := sort.Search(len(d.Methods), func(i int) bool { return d.Methods[i].Name >= name })
	if i < len(d.Methods) && d.Methods[i].Name == name {
		return i
	}
	return -1
}

// Implements reports whether d's method set has every method of the
// interface type iface.
func (d *DynType) Implements(iface *Type) bool {
	for _, m := range iface.Methods {
		i := d.method(m.Name)
		if i < 0 {
			return false
		}
		if s := d.Methods[i].Sig; s != nil && !Identical(s, m.Sig) {
			return false
		}
	}
	return true
}

// DynType returns the dynamic type with the given name, or nil.
func (p *Program) DynType(name string) *DynType {
	i := sort.Search(len(p.Types), func(i int) bool { return p.Types[i].Name >= name })
	if i < len(p.Types) && p.Types[i].Name == name {
		return p.Types[i]
	}
	return nil
}

// Candidates returns the dynamic types an input of interface type iface
// may hold besides nil: those a test can construct (Input) that implement
// it, in Program.Types order (by name); a stub only of the interface whose
// method set it has exactly. An input's choice variable is an index into
// this list, 0 meaning nil.
func (p *Program) Candidates(iface *Type) []*DynType {
	var out []*DynType
	for _, d := range p.Types {
		if d.Input && d.Implements(iface) && (!d.Stub || len(d.Methods) == len(iface.Methods)) {
			out = append(out, d)
		}
	}
	return out
}

// MethodOf returns the method name of the interface type t, or nil.
func MethodOf(t *Type, name string) *Method {
	for i := range t.Methods {
		if t.Methods[i].Name == name {
			return &t.Methods[i]
		}
	}
	return nil
}

// MakeInterface yields the interface value (of type Typ) holding X, whose
// dynamic type is Dyn (X's type is Dyn.Type).
type MakeInterface struct {
	register
	X   Value
	Dyn *DynType
}

// ChangeInterface converts the interface X to another interface type Typ
// whose method set X's includes: the dynamic type and value are kept.
type ChangeInterface struct {
	register
	X Value
}

// TypeAssert asserts the interface X to a concrete dynamic type (Dyn), or,
// when Dyn is nil, to the interface type Iface. With CommaOk it yields the
// tuple (value, ok): the value X holds when its dynamic type is Dyn (the
// zero value otherwise), or X as an Iface when its dynamic type implements
// Iface (nil otherwise), and whether that is so. Without CommaOk it yields
// the value alone, the assertion being known to hold (a preceding
// AssertCheck).
type TypeAssert struct {
	register
	X       Value
	Dyn     *DynType
	Iface   *Type
	CommaOk bool
}

// AssertedType is the type of the value a TypeAssert yields (without ok).
func (i *TypeAssert) AssertedType() *Type {
	if i.Dyn != nil {
		return i.Dyn.Type
	}
	return i.Iface
}

// Invoke calls method Method of the interface X (not nil: a preceding
// NilCheck) with Args: the function the method table of X's dynamic type
// gives, X's value as its receiver. Its type is the method's result, or a
// tuple (the empty tuple when it has none).
type Invoke struct {
	register
	X      Value
	Method string
	Args   []Value
}

// Comparable yields whether X == Y, on two values of one interface type,
// would not panic: false when they hold the same dynamic type and that
// type's values cannot be compared (a slice, a map, a function, or a
// struct or array holding one), or one whose comparison meets such a pair
// inside (a struct holding interfaces). A CmpCheck guards the comparison
// with it.
//
// With Y nil ("comparable %x"), it yields whether the dynamic type of X
// (an interface) is comparable, as reflect's Type.Comparable: a property
// of the type, whatever interfaces inside it hold; true for nil. The
// replacement of errors.Is uses it (replacements.typeComparable).
type Comparable struct {
	register
	X, Y Value
}

func (i *MakeInterface) Operands() []Value   { return []Value{i.X} }
func (i *ChangeInterface) Operands() []Value { return []Value{i.X} }
func (i *TypeAssert) Operands() []Value      { return []Value{i.X} }
func (i *Comparable) Operands() []Value {
	if i.Y == nil {
		return []Value{i.X}
	}
	return []Value{i.X, i.Y}
}
func (i *Invoke) Operands() []Value { return append([]Value{i.X}, i.Args...) }

// ResultOf is the type of a call of a function with signature sig (a
// KFunc): its single result, or a tuple of its results.
func ResultOf(sig *Type) *Type {
	if len(sig.Results) == 1 {
		return sig.Results[0]
	}
	return TupleOf(sig.Results...)
}

// FuncOf returns the function type with the given parameters and results.
func FuncOf(params, results []*Type) *Type {
	return &Type{Kind: KFunc, Params: params, Results: results, Size: 8}
}

// InterfaceOf returns the interface type with the given methods (sorted
// here by name).
func InterfaceOf(methods ...Method) *Type {
	ms := append([]Method(nil), methods...)
	sort.Slice(ms, func(i, j int) bool { return ms[i].Name < ms[j].Name })
	return &Type{Kind: KInterface, Methods: ms, Size: 16}
}

// Any is the empty interface (what recover returns).
var Any = &Type{Kind: KInterface, Size: 16}
