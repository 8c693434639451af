// Struct fields of channel and function types the IR cannot map (a channel of an unsupported element type): opaque references, always nil, that no accepted function reads.

package lower

import (
	"go/types"

	"leapfrog/internal/ir"
)

// opaqueField is the IR type of a struct field of type t when t itself
// has none, or nil. Only channels and functions qualify (a lexer's
// "items chan item", a route's handler of a type whose signature names
// *http.Request): their zero value is nil, and fmt prints a nil channel
// or function as it prints a nil pointer ("<nil>"; under %#v, "(T)(nil)"
// with T the field's Go type, the ReflectName given here). The field is a
// pointer to an empty struct named after t, and it is nil in every run
// of an accepted function: t stays unmapped everywhere else, so any ssa
// value of type t (reading the field, its address, making a channel or a
// function of that type, converting one to an interface) rejects the
// function that holds it; so does a channel operation. The struct around
// the field maps whole, and copies, compares and prints with the field
// nil, as Go does when nothing set it.
func opaqueField(t types.Type) *ir.Type {
	switch t.Underlying().(type) {
	case *types.Chan, *types.Signature:
	default:
		return nil
	}
	name := reflectName(t)
	return &ir.Type{
		Kind:        ir.KPointer,
		Elem:        &ir.Type{Kind: ir.KStruct, Name: "opaque " + name},
		Size:        8,
		ReflectName: name,
	}
}
