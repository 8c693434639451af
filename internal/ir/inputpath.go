// Input paths: where a part of a function's input lies, and the names of its solver variables.

package ir

import "fmt"

// InputPath is a part of a function's input: a parameter, or a field, an
// element, a map entry of a part, or the value an interface part holds
// when its dynamic type is T. A pointer is transparent: its pointee has
// the pointer's path. Its String is the name of the solver variable of a
// scalar part; the other variables of a part add a suffix:
//
//	x          a bool, integer or float parameter
//	x.f  x[2]  a field, an element (nested: x.f[1].g)
//	x#nil      a pointer, slice or map: nil when true
//	x#len      a string, slice or map: its length (i64)
//	x#spare    a slice: its capacity beyond its length (i64)
//	x#aliasK   pointer input x points to object K of the package state
//	x[k]       byte or element k of a string or slice
//	x#k[k] x#v[k]  key and value of entry k of a map
//	x#type     an interface: 0 nil, k its k-th candidate (u32)
//	x#as(T)    the value of dynamic type T an interface holds (T the Go
//	           type as the package writes it: x#as(Sq).S, x#as(*Box)#nil)
//	f#call[k]  the k-th call (from 0) of a function input (a stub): its
//	           results f#call[k].r0, f#call[k].r1, ...
//	x#stub.M   method M of the stub an interface holds: its calls
//	           x#stub.M#call[k].r0; a Read's bytes x#stub.Read#call[k].p[i]
//
// A model (name → bits) is thus an input. The names reach the reports'
// reasons and proofs: they are part of leapfrog's output, and only this
// file spells them.
type InputPath struct {
	name string
	// inner: the part is inside a parameter (a field, an element, an
	// entry), not the parameter itself nor the value an interface holds;
	// its pointers, slices and maps are nil by default (NilByDefault).
	inner bool
}

// ParamPath is the path of the parameter named name.
func ParamPath(name string) InputPath { return InputPath{name: name} }

// LoopValuePath is the path of a value an out-of-context loop iteration
// reads from before the loop, named name (a loop model's variable): its
// references are nil by default, like an input's inner parts.
func LoopValuePath(name string) InputPath { return InputPath{name: name, inner: true} }

// EnvPath is the path of the environment variable named name (os.Getenv):
// a string, unset (NilVar) by default.
func EnvPath(name string) InputPath { return InputPath{name: "$env." + name, inner: true} }

// SeamPath is the path of the seam named name: a package-level variable
// of function type the run replaces by a stub (engine: seams.go).
func SeamPath(name string) InputPath { return InputPath{name: "$seam." + name, inner: true} }

// Field is field f of the struct at p.
func (p InputPath) Field(f string) InputPath { return InputPath{p.name + "." + f, true} }

// Elem is element k of the array, slice or string at p.
func (p InputPath) Elem(k int) InputPath { return InputPath{fmt.Sprintf("%s[%d]", p.name, k), true} }

// MapKey and MapValue are the key and the value of entry k of the map at p.
func (p InputPath) MapKey(k int) InputPath {
	return InputPath{fmt.Sprintf("%s#k[%d]", p.name, k), true}
}
func (p InputPath) MapValue(k int) InputPath {
	return InputPath{fmt.Sprintf("%s#v[%d]", p.name, k), true}
}

// As is the value the interface at p holds when its dynamic type is d.
func (p InputPath) As(d *DynType) InputPath { return InputPath{name: p.name + "#as(" + d.Name + ")"} }

// Stub is the stub the interface at p holds (ir.DynType.Stub), and Method
// its method name: what their calls are named after.
func (p InputPath) Stub() InputPath { return InputPath{name: p.name + "#stub"} }
func (p InputPath) Method(name string) InputPath {
	return InputPath{name: p.name + "." + name}
}

// Call is the k-th call (from 0) of the function input or stub method at
// p, and Result its i-th result: their references are nil by default.
func (p InputPath) Call(k int) InputPath {
	return InputPath{fmt.Sprintf("%s#call[%d]", p.name, k), true}
}
func (p InputPath) Result(i int) InputPath { return p.Field(fmt.Sprintf("r%d", i)) }

// String is the name of the solver variable of the scalar at p.
func (p InputPath) String() string { return p.name }

// NilVar is the bool variable that is true when the pointer, slice or map
// at p is nil.
func (p InputPath) NilVar() string { return p.name + "#nil" }

// NilByDefault reports whether a model that lacks NilVar makes the
// reference at p nil: a parameter's own reference, and one an interface
// holds, are not nil unless the model says so; a reference inside an input
// (p.Next) is nil unless it says otherwise, so that first runs are short.
func (p InputPath) NilByDefault() bool { return p.inner }

// LenVar is the length of the string, slice or map at p.
func (p InputPath) LenVar() string { return p.name + "#len" }

// SpareVar is the capacity of the slice at p beyond its length.
func (p InputPath) SpareVar() string { return p.name + "#spare" }

// TypeVar is the choice variable of the interface at p: 0 for nil, k for
// its k-th candidate.
func (p InputPath) TypeVar() string { return p.name + "#type" }

// AliasVar is the bool "the pointer at p points to object k of the package
// state".
func (p InputPath) AliasVar(k int) string { return fmt.Sprintf("%s#alias%d", p.name, k) }

// Walk calls visit for the part p of type t and, when visit returns true,
// walks its parts of fixed shape in order: an array's elements, a struct's
// fields, a pointer's pointee (at p itself). The parts of strings, slices,
// maps and interfaces depend on their lengths and dynamic types: Walk does
// not enter them.
func (p InputPath) Walk(t *Type, visit func(InputPath, *Type) bool) {
	if !visit(p, t) {
		return
	}
	switch t.Kind {
	case KArray:
		for i := 0; i < t.Len; i++ {
			p.Elem(i).Walk(t.Elem, visit)
		}
	case KStruct:
		for _, f := range t.Fields {
			p.Field(f.Name).Walk(f.Type, visit)
		}
	case KPointer:
		p.Walk(t.Elem, visit)
	}
}
