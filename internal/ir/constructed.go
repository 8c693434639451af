// The dynamic types a test writes with their package's constructor, not a literal: one table for the loader, the engine and the emitter.

package ir

// Constructor is a dynamic type whose values a test writes by calling its
// package's constructor (errors.New(s), strings.NewReader(s), ...), since
// its fields are unexported: the engine builds an input of the type as
// the constructor leaves it (those fields are inputs, the others pinned),
// and the emitted test writes the constructor's call.
type Constructor struct {
	Pkg  string // the package's import path (and name)
	Type string // the type: its values are *Pkg.Type
	Func string // the constructor, of package Pkg
	// IO says that the type is offered to an input of io's interfaces
	// beside the stub (lower: ioCandidates): Go developers write it there.
	IO bool
}

// Constructors are the constructed types. A value of *errors.errorString
// is offered to error inputs when the program holds package errors
// (lower: errorsNew), the others to io's interfaces.
var Constructors = []Constructor{
	{Pkg: "errors", Type: "errorString", Func: "New"},
	{Pkg: "bytes", Type: "Buffer", Func: "NewBuffer", IO: true},
	{Pkg: "bytes", Type: "Reader", Func: "NewReader", IO: true},
	{Pkg: "strings", Type: "Reader", Func: "NewReader", IO: true},
}

// DynName is the name of the dynamic type of the constructor's values
// (DynType.Name): "*strings.Reader".
func (c Constructor) DynName() string { return "*" + c.Pkg + "." + c.Type }

// ConstructedBy returns the constructor of the dynamic type named dyn
// (DynType.Name), if it is one of Constructors.
func ConstructedBy(dyn string) (Constructor, bool) {
	for _, c := range Constructors {
		if c.DynName() == dyn {
			return c, true
		}
	}
	return Constructor{}, false
}
