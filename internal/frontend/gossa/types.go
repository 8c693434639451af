// Types: mapping go/types types to IR types.

package gossa

import (
	"fmt"
	"go/types"

	"leapfrog/internal/ir"
)

// typeMapper maps Go types to IR types: bool and integers (int, uint and
// uintptr are 64 bits), fixed-size arrays, structs, pointers and tuples.
// Named types become their underlying structure.
type typeMapper struct {
	cache map[types.Type]*ir.Type
	busy  map[*types.Named]bool // named types being mapped (recursive types are unsupported)
}

// unsupportedType is the error of irType: the innermost Go type that has no IR counterpart.
type unsupportedType struct{ t types.Type }

func (e *unsupportedType) Error() string { return fmt.Sprintf("type %s", e.t) }

// irType maps t, or fails with an *unsupportedType.
func (m *typeMapper) irType(t types.Type) (*ir.Type, error) {
	if it, ok := m.cache[t]; ok {
		return it, nil
	}
	it, err := m.mapType(t)
	if err != nil {
		return nil, err
	}
	m.cache[t] = it
	return it, nil
}

func (m *typeMapper) mapType(t types.Type) (*ir.Type, error) {
	switch t := t.(type) {
	case *types.Alias:
		return m.irType(types.Unalias(t))
	case *types.Named:
		if t.TypeParams().Len() > 0 || t.TypeArgs().Len() > 0 {
			return nil, &unsupportedType{t}
		}
		if m.busy[t] {
			return nil, &unsupportedType{t}
		}
		m.busy[t] = true
		defer delete(m.busy, t)
		return m.irType(t.Underlying())
	case *types.Basic:
		return basicType(t)
	case *types.Array:
		elem, err := m.irType(t.Elem())
		if err != nil {
			return nil, err
		}
		if t.Len() < 0 || t.Len() > 1<<30 {
			return nil, &unsupportedType{t}
		}
		return &ir.Type{Kind: ir.KArray, Elem: elem, Len: int(t.Len())}, nil
	case *types.Struct:
		st := &ir.Type{Kind: ir.KStruct}
		for i := 0; i < t.NumFields(); i++ {
			f := t.Field(i)
			ft, err := m.irType(f.Type())
			if err != nil {
				return nil, err
			}
			st.Fields = append(st.Fields, ir.StructField{Name: f.Name(), Type: ft})
		}
		return st, nil
	case *types.Pointer:
		elem, err := m.irType(t.Elem())
		if err != nil {
			return nil, err
		}
		return ir.PointerTo(elem), nil
	case *types.Tuple:
		if t.Len() == 1 {
			return m.irType(t.At(0).Type())
		}
		tt := &ir.Type{Kind: ir.KTuple}
		for i := 0; i < t.Len(); i++ {
			et, err := m.irType(t.At(i).Type())
			if err != nil {
				return nil, err
			}
			tt.Elems = append(tt.Elems, et)
		}
		return tt, nil
	}
	return nil, &unsupportedType{t}
}

// basicType maps bool and the integer types.
func basicType(t *types.Basic) (*ir.Type, error) {
	switch t.Kind() {
	case types.Bool, types.UntypedBool:
		return ir.Bool, nil
	case types.Int, types.Int64, types.UntypedInt:
		return ir.I64, nil
	case types.Int8:
		return ir.I8, nil
	case types.Int16:
		return ir.I16, nil
	case types.Int32, types.UntypedRune:
		return ir.I32, nil
	case types.Uint, types.Uint64, types.Uintptr:
		return ir.U64, nil
	case types.Uint8:
		return ir.U8, nil
	case types.Uint16:
		return ir.U16, nil
	case types.Uint32:
		return ir.U32, nil
	}
	return nil, &unsupportedType{t}
}

// voidType is the type of a call without results.
var voidType = &ir.Type{Kind: ir.KTuple}
