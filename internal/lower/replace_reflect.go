// The reflect model's type table: the program's dynamic types closed under their parts, and what reflect tells of each.

package lower

import (
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"leapfrog/internal/ir"
)

// The reflect model (replacements/reflect*.go) stands a reflect.Type for
// an id of the program's type table (ir.Program.Reflect) and a
// reflect.Value for the interface it was reached from and the steps that
// reach it; its intrinsics read the table, walk the values, make fresh
// ones and work on maps. A Value
// boxes what it reaches (Field, Index, Elem; Int and String box it as
// its underlying basic type), so every part of every dynamic type of a
// program that reflects gets a dynamic type too (no candidate of the
// inputs), and the table holds them, the interface types among the
// parts, and the unnamed basic types; when the program takes a Value's
// address (Addr), asks for pointer types (PointerTo, PtrTo) or makes a
// fresh variable (New, Zero, and the variables holding a map's keys and
// elements of interface types: pointerMakers), the pointer types to them
// too; when it slices a Value or copies between Values (sliceMakers), the
// slice types of the arrays' element types.

// reflectBuiltins are the reflect model's intrinsics and their results.
var reflectBuiltins = map[ir.BuiltinKind]*ir.Type{
	ir.ReflectTypeOf: ir.I64, ir.ReflectTypeInt: ir.I64, ir.ReflectTypeStr: ir.String, ir.ReflectGet: ir.Any,
	ir.ReflectLen: ir.I64, ir.ReflectCap: ir.I64, ir.ReflectIsNil: ir.Bool, ir.ReflectSet: voidType, ir.ReflectAddr: ir.Any,
	ir.ReflectNew: ir.Any, ir.ReflectMake: ir.Any, ir.ReflectMapIndex: ir.SliceOf(ir.Any), ir.ReflectMapSet: voidType,
	ir.ReflectMapDelete: voidType, ir.ReflectMapKeys: ir.SliceOf(ir.Any), ir.ReflectSlice: ir.Any, ir.ReflectAppend: ir.Any,
	ir.ReflectCopy: ir.I64,
}

// reflects reports whether the program calls an intrinsic of the reflect
// model.
func (l *loader) reflects() bool {
	for _, f := range l.prog.Funcs {
		if f.Pkg != replacementPath {
			continue
		}
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				if bi, ok := in.(*ir.Builtin); ok && reflectBuiltins[bi.Fn] != nil {
					return true
				}
			}
		}
	}
	return false
}

// basicKinds are the basic types a Value boxes its value as.
var basicKinds = []types.BasicKind{types.Bool, types.Int, types.Int8, types.Int16, types.Int32, types.Int64, types.Uint, types.Uint8,
	types.Uint16, types.Uint32, types.Uint64, types.Uintptr, types.Float32, types.Float64, types.String}

// reflectParts gives a dynamic type to every part of every dynamic type
// of a program that reflects, and to the basic types; they are no
// candidates of the inputs. It reports whether it made any.
func (l *loader) reflectParts() bool {
	if !l.reflects() {
		return false
	}
	made := false
	for _, k := range basicKinds {
		t := types.Typ[k]
		if l.dyns.At(t) == nil {
			if _, err := l.dynType(t, 0); err == nil {
				l.fmtOnly[t], made = true, true
			}
		}
	}
	for _, t := range l.reflectTypes() {
		if types.IsInterface(t) || l.dyns.At(t) != nil {
			continue
		}
		if _, err := l.dynType(t, 0); err != nil {
			continue // a part the IR cannot hold: reflecting on it aborts the run
		}
		l.fmtOnly[t], made = true, true
	}
	return made
}

// reflectTypes is the program's dynamic types (stubs aside) closed under
// their parts, sorted by name.
func (l *loader) reflectTypes() []types.Type {
	var todo []types.Type
	seen := &typeutil.Map{}
	add := func(t types.Type) {
		if seen.At(t) == nil {
			seen.Set(t, true)
			todo = append(todo, t)
		}
	}
	l.dyns.Iterate(func(t types.Type, d any) {
		if !d.(*ir.DynType).Stub {
			add(t)
		}
	})
	for i := 0; i < len(todo); i++ {
		for _, p := range typeParts(todo[i]) {
			add(p)
		}
	}
	if l.reflectsPointers() {
		// The pointer types to them but to pointers (one level: the
		// closure stays finite).
		for _, t := range todo {
			if _, ok := t.Underlying().(*types.Pointer); !ok {
				add(types.NewPointer(t))
			}
		}
	}
	if l.callsAny(sliceMakers) {
		// The slice types of the arrays' elements (one level: a slice
		// type adds no array).
		for _, t := range todo {
			if a, ok := t.Underlying().(*types.Array); ok {
				add(types.NewSlice(a.Elem()))
			}
		}
	}
	sort.Slice(todo, func(i, j int) bool { return l.dynName(todo[i]) < l.dynName(todo[j]) })
	return todo
}

// pointerMakers are the functions of reflect whose model needs the
// pointer types to the table's types: Addr, PointerTo and PtrTo return
// them, New allocates one, Zero, MapIndex, MapKeys and MapRange hold
// a value of an interface type in a fresh variable (rnew), and Slice one
// of an addressable string (reflect keeps its flags).
var pointerMakers = []string{"(reflect.Value).Addr", "reflect.PointerTo", "reflect.PtrTo", "reflect.New", "reflect.Zero",
	"(reflect.Value).MapIndex", "(reflect.Value).MapKeys", "(reflect.Value).MapRange", "(reflect.Value).Slice"}

// sliceMakers are the functions of reflect whose model slices an array
// Value: Slice and Slice3 return the slice, Copy copies through it.
var sliceMakers = []string{"(reflect.Value).Slice", "(reflect.Value).Slice3", "reflect.Copy"}

// reflectsPointers reports whether the program calls a function of
// pointerMakers.
func (l *loader) reflectsPointers() bool { return l.callsAny(pointerMakers) }

// callsAny reports whether the program calls a function of names.
func (l *loader) callsAny(names []string) bool {
	for _, name := range names {
		if l.prog.Func(name) != nil {
			return true
		}
	}
	return false
}

// typeParts are the types reflect reaches from t: elements, keys, fields.
func typeParts(t types.Type) []types.Type {
	switch u := t.Underlying().(type) {
	case *types.Struct:
		var out []types.Type
		for i := 0; i < u.NumFields(); i++ {
			out = append(out, u.Field(i).Type())
		}
		return out
	case *types.Array:
		return []types.Type{u.Elem()}
	case *types.Slice:
		return []types.Type{u.Elem()}
	case *types.Pointer:
		return []types.Type{u.Elem()}
	case *types.Map:
		return []types.Type{u.Key(), u.Elem()}
	}
	return nil
}

// reflectTable makes the program's type table (after its dynamic types
// are final and indexed) and gives each dynamic type its id there.
func (l *loader) reflectTable() []*ir.RType {
	if !l.reflects() {
		return nil
	}
	ts := l.reflectTypes()
	ids := &typeutil.Map{}
	for i, t := range ts {
		ids.Set(t, i+1)
	}
	id := func(t types.Type) int {
		if n, ok := ids.At(t).(int); ok {
			return n
		}
		return 0
	}
	out := make([]*ir.RType, len(ts))
	for i, t := range ts {
		r := l.rtype(t, id)
		if d, ok := l.dyns.At(t).(*ir.DynType); ok {
			r.Dyn, d.RType = d, i+1
		}
		out[i] = r
	}
	return out
}

// rtype is what reflect tells of t; id gives the table's ids.
func (l *loader) rtype(t types.Type, id func(types.Type) int) *ir.RType {
	r := &ir.RType{String: reflectName(t), Size: int(l.types.size(t)), Comparable: types.Comparable(t), PtrTo: id(types.NewPointer(t))}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		r.Name = n.Obj().Name() // error
		if p := n.Obj().Pkg(); p != nil {
			r.PkgPath, r.Name = p.Path(), strings.TrimPrefix(r.String, p.Name()+".")
		}
	}
	ms := l.ssa.MethodSets.MethodSet(t)
	for i := 0; i < ms.Len(); i++ {
		if ms.At(i).Obj().Exported() || types.IsInterface(t) {
			r.NumMethod++
		}
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		r.Kind = basicReflectKind[u.Kind()]
		if _, named := types.Unalias(t).(*types.Named); !named {
			r.Name = types.Typ[u.Kind()].Name() // byte is uint8
			r.String = r.Name
		}
		if r.Kind != reflectUnsafePointer && r.Kind != reflectComplex64 && r.Kind != reflectComplex128 {
			r.Underlying = id(types.Typ[u.Kind()])
		}
	case *types.Array:
		r.Kind, r.Elem, r.Len, r.SliceOf = reflectArray, id(u.Elem()), int(u.Len()), id(types.NewSlice(u.Elem()))
	case *types.Chan:
		r.Kind, r.Elem = reflectChan, id(u.Elem())
	case *types.Signature:
		r.Kind = reflectFunc
	case *types.Interface:
		r.Kind = reflectInterface
	case *types.Map:
		r.Kind, r.Key, r.Elem = reflectMap, id(u.Key()), id(u.Elem())
	case *types.Pointer:
		r.Kind, r.Elem = reflectPointer, id(u.Elem())
	case *types.Slice:
		r.Kind, r.Elem = reflectSlice, id(u.Elem())
	case *types.Struct:
		r.Kind = reflectStruct
		var vars []*types.Var
		for i := 0; i < u.NumFields(); i++ {
			vars = append(vars, u.Field(i))
		}
		offs := l.types.sizes.Offsetsof(vars)
		for i, f := range vars {
			rf := ir.RField{Name: f.Name(), Tag: u.Tag(i), Type: id(f.Type()), Offset: int(offs[i]), Anonymous: f.Embedded()}
			if !f.Exported() {
				rf.PkgPath = f.Pkg().Path()
			}
			r.Fields = append(r.Fields, rf)
		}
	default:
		panic("lower: reflect's kind of " + t.String())
	}
	return r
}

// reflect's kinds.
const (
	reflectInvalid = iota
	reflectBool
	reflectInt
	reflectInt8
	reflectInt16
	reflectInt32
	reflectInt64
	reflectUint
	reflectUint8
	reflectUint16
	reflectUint32
	reflectUint64
	reflectUintptr
	reflectFloat32
	reflectFloat64
	reflectComplex64
	reflectComplex128
	reflectArray
	reflectChan
	reflectFunc
	reflectInterface
	reflectMap
	reflectPointer
	reflectSlice
	reflectString
	reflectStruct
	reflectUnsafePointer
)

// basicReflectKind is reflect's kind of each basic type.
var basicReflectKind = map[types.BasicKind]int{
	types.Bool: reflectBool, types.Int: reflectInt, types.Int8: reflectInt8, types.Int16: reflectInt16, types.Int32: reflectInt32,
	types.Int64: reflectInt64, types.Uint: reflectUint, types.Uint8: reflectUint8, types.Uint16: reflectUint16, types.Uint32: reflectUint32,
	types.Uint64: reflectUint64, types.Uintptr: reflectUintptr, types.Float32: reflectFloat32, types.Float64: reflectFloat64,
	types.Complex64: reflectComplex64, types.Complex128: reflectComplex128, types.String: reflectString, types.UnsafePointer: reflectUnsafePointer,
}

// mirrorMethod reports whether the invoke c calls a method of an
// interface mirror (reflect.Type) the mirror lacks: the model does not
// answer it.
func (l *loader) mirrorLacks(c *ssa.CallCommon) bool {
	n, ok := types.Unalias(c.Value.Type()).(*types.Named)
	if !ok || !types.IsInterface(n) {
		return false
	}
	m, err := l.mirrorOf(n)
	if m == nil || err != nil {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(m, false, nil, c.Method.Name())
	return obj == nil
}
