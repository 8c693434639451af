// Types: mapping go/types types to IR types.

package lower

import (
	"fmt"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"leapfrog/internal/ir"
)

// typeMapper maps Go types to IR types: bool, integers (int, uint and
// uintptr are 64 bits), strings, arrays, slices, structs, pointers, maps and
// tuples, each with its size (gc on amd64). A named type keeps its name
// (ir.Type.Name) over its underlying structure; while the underlying type
// is being mapped, the named type's IR type is a placeholder, so a
// recursive type (type Node struct{ Next *Node }) maps to a cyclic IR type.
type typeMapper struct {
	pkg   *types.Package
	fset  *token.FileSet
	cache map[types.Type]*ir.Type
	names map[string]*types.Named // IR names given, to keep them unique
	sizes types.Sizes
	added []types.Type // cache entries of the mapping in progress (undone on failure)
	// mirror returns the type whose structure stands for a named type
	// (replace_types.go), or nil.
	mirror func(*types.Named) (types.Type, error)
	// chanQueue returns the type a channel of the element type stands
	// for (chans.go: a pointer to the replacement package's queue).
	chanQueue func(elem types.Type) types.Type
}

func newTypeMapper(pkg *types.Package, fset *token.FileSet) *typeMapper {
	return &typeMapper{
		pkg:   pkg,
		fset:  fset,
		cache: map[types.Type]*ir.Type{},
		names: map[string]*types.Named{},
		sizes: types.SizesFor("gc", "amd64"),
	}
}

// unsupportedType is the error of irType: the innermost Go type that has no IR counterpart.
type unsupportedType struct{ t types.Type }

func (e *unsupportedType) Error() string { return fmt.Sprintf("type %s", e.t) }

// irType maps t, or fails with an *unsupportedType. A failure leaves no
// trace in the cache (a recursive type's placeholder included).
func (m *typeMapper) irType(t types.Type) (*ir.Type, error) {
	if it, ok := m.cache[t]; ok {
		return it, nil
	}
	outer := m.added == nil
	mark := len(m.added)
	it, err := m.mapType(t)
	if err != nil {
		for _, k := range m.added[mark:] {
			delete(m.cache, k)
		}
		m.added = m.added[:mark]
		if outer {
			m.added = nil
		}
		return nil, err
	}
	if _, isNamed := t.(*types.Named); !isNamed {
		m.remember(t, it) // a named type is cached (as a placeholder) before its structure
	}
	if outer {
		m.added = nil
	}
	return it, nil
}

func (m *typeMapper) remember(t types.Type, it *ir.Type) {
	m.cache[t] = it
	m.added = append(m.added, t)
}

// size is t's size in bytes (an untyped constant's: its default type's).
func (m *typeMapper) size(t types.Type) int64 { return m.sizes.Sizeof(types.Default(t)) }

// mapType maps t: the types it makes have their size, the others (an
// alias, a tuple of one) are those of another type.
func (m *typeMapper) mapType(t types.Type) (*ir.Type, error) {
	it, err := m.mapStructure(t)
	if err != nil {
		return nil, err
	}
	switch t := t.(type) {
	case *types.Alias, *types.Named:
	case *types.Tuple:
		if t.Len() != 1 {
			it.Size = 0
		}
	default:
		it.Size = m.size(t)
		it.ReflectName = reflectName(t)
	}
	return it, nil
}

func (m *typeMapper) mapStructure(t types.Type) (*ir.Type, error) {
	switch t := t.(type) {
	case *types.Alias:
		return m.irType(types.Unalias(t))
	case *types.Named:
		return m.named(t)
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
	case *types.Slice:
		elem, err := m.irType(t.Elem())
		if err != nil {
			return nil, err
		}
		return &ir.Type{Kind: ir.KSlice, Elem: elem}, nil
	case *types.Map:
		key, err := m.irType(t.Key())
		if err != nil {
			return nil, err
		}
		elem, err := m.irType(t.Elem())
		if err != nil {
			return nil, err
		}
		if hasFloat(key, nil) {
			return nil, &unsupportedType{t} // floats.go: NaN keys
		}
		return &ir.Type{Kind: ir.KMap, Key: key, Elem: elem}, nil
	case *types.Struct:
		st := &ir.Type{Kind: ir.KStruct}
		for i := 0; i < t.NumFields(); i++ {
			f := t.Field(i)
			ft, err := m.irType(f.Type())
			if err != nil {
				if ft = opaqueField(f.Type()); ft == nil {
					return nil, err
				}
			}
			unwritable := !f.Exported() && f.Pkg() != m.pkg // a literal of the target package cannot set it
			st.Fields = append(st.Fields, ir.StructField{Name: f.Name(), Type: ft, Embedded: f.Embedded(), Unwritable: unwritable})
		}
		return st, nil
	case *types.Pointer:
		elem, err := m.irType(t.Elem())
		if err != nil {
			return nil, err
		}
		return &ir.Type{Kind: ir.KPointer, Elem: elem}, nil
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
	case *types.Chan: // chans.go
		if m.chanQueue == nil {
			break
		}
		if _, err := m.irType(t.Elem()); err != nil {
			return nil, err
		}
		q, err := m.irType(m.chanQueue(t.Elem()))
		if err != nil {
			return nil, err
		}
		c := *q
		c.Name, c.Opaque = reflectName(t), true
		return &c, nil
	case *types.Interface: // ifaces.go
		return m.iface(t)
	case *types.Signature: // ifaces.go
		return m.signature(t)
	}
	return nil, &unsupportedType{t}
}

// named maps a named type: a placeholder with its name is cached first,
// then filled with the underlying structure.
func (m *typeMapper) named(t *types.Named) (*ir.Type, error) {
	if t.TypeParams().Len() > 0 && t.TypeArgs().Len() == 0 {
		return nil, &unsupportedType{t} // generic, not instantiated
	}
	ph := &ir.Type{Name: m.nameOf(t)}
	m.remember(t, ph)
	under, opaque := t.Underlying(), false
	if m.mirror != nil {
		r, err := m.mirror(t)
		if err != nil {
			return nil, &unsupportedType{t}
		}
		if r != nil {
			_, basic := r.Underlying().(*types.Basic)
			under, opaque = r.Underlying(), !basic // replace_types.go
		}
	}
	u, err := m.irType(under)
	if err != nil {
		return nil, err
	}
	name := ph.Name
	*ph = *u
	ph.Name, ph.Size, ph.Opaque, ph.ReflectName = name, m.size(t), opaque || u.Opaque, reflectName(t) // a named channel type is opaque too (chans.go)
	return ph, nil
}

// nameOf is the IR name of a named type: its Go name, qualified by its
// package's name when it is not the package being lowered, followed by its
// type arguments when it is an instance ("List[int]"); a type declared
// inside a function gets the suffix "$line" (its declaration's line), so
// that its name does not depend on which functions were lowered before; a
// name still given to another type gets a suffix "$N". No Go name has a '$'.
func (m *typeMapper) nameOf(t *types.Named) string {
	obj := t.Obj()
	base := obj.Name()
	if p := obj.Pkg(); p != nil && p != m.pkg {
		base = p.Name() + "." + base
	}
	if p := obj.Pkg(); p != nil && obj.Parent() != nil && obj.Parent() != p.Scope() {
		base += "$" + strconv.Itoa(m.fset.Position(obj.Pos()).Line)
	}
	if args := t.TypeArgs(); args.Len() > 0 {
		var s []string
		for i := 0; i < args.Len(); i++ {
			s = append(s, types.TypeString(args.At(i), types.RelativeTo(m.pkg)))
		}
		base += "[" + strings.Join(s, ",") + "]"
	}
	name := base
	for i := 2; m.names[name] != nil && !types.Identical(m.names[name], t); i++ {
		name = base + "$" + strconv.Itoa(i)
	}
	m.names[name] = t
	return name
}

// basicType maps bool, the integer types and string.
func basicType(t *types.Basic) (*ir.Type, error) {
	switch t.Kind() {
	case types.Bool, types.UntypedBool:
		return &ir.Type{Kind: ir.KBool}, nil
	case types.String, types.UntypedString:
		return &ir.Type{Kind: ir.KString}, nil
	case types.Int, types.Int64, types.UntypedInt:
		return ir.IntType(64, true), nil
	case types.Int8:
		return ir.IntType(8, true), nil
	case types.Int16:
		return ir.IntType(16, true), nil
	case types.Int32, types.UntypedRune:
		return ir.IntType(32, true), nil
	case types.Uint, types.Uint64, types.Uintptr:
		return ir.IntType(64, false), nil
	case types.Uint8:
		return ir.IntType(8, false), nil
	case types.Uint16:
		return ir.IntType(16, false), nil
	case types.Uint32:
		return ir.IntType(32, false), nil
	case types.Float32:
		return ir.F32, nil
	case types.Float64, types.UntypedFloat:
		return ir.F64, nil
	}
	return nil, &unsupportedType{t}
}

// voidType is the type of a call without results.
var voidType = &ir.Type{Kind: ir.KTuple}
