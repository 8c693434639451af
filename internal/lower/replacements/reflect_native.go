// The reflect intrinsics compiled natively, for the differential tests: a type table of real reflect.Types.

//go:build !leapfrog

package replacements

import (
	"reflect"
	"sync"
	"unsafe"
)

// nativeTypes is the native type table: ids from 1.
var nativeTypes struct {
	sync.Mutex
	ids  map[reflect.Type]int
	list []reflect.Type
}

// nativeID is the id of t (0 for nil), added on first use.
func nativeID(t reflect.Type) int {
	if t == nil {
		return 0
	}
	nativeTypes.Lock()
	defer nativeTypes.Unlock()
	if nativeTypes.ids == nil {
		nativeTypes.ids = map[reflect.Type]int{}
	}
	if id, ok := nativeTypes.ids[t]; ok {
		return id
	}
	nativeTypes.list = append(nativeTypes.list, t)
	nativeTypes.ids[t] = len(nativeTypes.list)
	return len(nativeTypes.list)
}

// nativeType is the type of id.
func nativeType(id int) reflect.Type {
	nativeTypes.Lock()
	defer nativeTypes.Unlock()
	return nativeTypes.list[id-1]
}

// basicTypes are the unnamed basic types by kind.
var basicTypes = map[reflect.Kind]reflect.Type{
	reflect.Bool: reflect.TypeOf(false), reflect.Int: reflect.TypeOf(0), reflect.Int8: reflect.TypeOf(int8(0)),
	reflect.Int16: reflect.TypeOf(int16(0)), reflect.Int32: reflect.TypeOf(int32(0)), reflect.Int64: reflect.TypeOf(int64(0)),
	reflect.Uint: reflect.TypeOf(uint(0)), reflect.Uint8: reflect.TypeOf(uint8(0)), reflect.Uint16: reflect.TypeOf(uint16(0)),
	reflect.Uint32: reflect.TypeOf(uint32(0)), reflect.Uint64: reflect.TypeOf(uint64(0)), reflect.Uintptr: reflect.TypeOf(uintptr(0)),
	reflect.Float32: reflect.TypeOf(float32(0)), reflect.Float64: reflect.TypeOf(float64(0)), reflect.String: reflect.TypeOf(""),
}

func rtypeof(x any) int { return nativeID(reflect.TypeOf(x)) }

func rtypeint(id, what, i int) int {
	t := nativeType(id)
	switch what {
	case rtKind:
		return int(t.Kind())
	case rtElem:
		return nativeID(t.Elem())
	case rtKey:
		return nativeID(t.Key())
	case rtLen:
		return t.Len()
	case rtUnderlying:
		return nativeID(basicTypes[t.Kind()])
	case rtSize:
		return int(t.Size())
	case rtComparable:
		return b2i(t.Comparable())
	case rtNumField:
		return t.NumField()
	case rtFieldType:
		return nativeID(t.Field(i).Type)
	case rtFieldOffset:
		return int(t.Field(i).Offset)
	case rtFieldAnonymous:
		return b2i(t.Field(i).Anonymous)
	case rtNumMethod:
		return t.NumMethod()
	case rtPtrTo:
		return nativeID(reflect.PointerTo(t))
	case rtSliceOf:
		return nativeID(reflect.SliceOf(t.Elem()))
	}
	panic("rtypeint: no property " + itoa(what))
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func rtypestr(id, what, i int) string {
	t := nativeType(id)
	switch what {
	case rsName:
		return t.Name()
	case rsPkgPath:
		return t.PkgPath()
	case rsString:
		return t.String()
	case rsFieldName:
		return t.Field(i).Name
	case rsFieldPkgPath:
		return t.Field(i).PkgPath
	case rsFieldTag:
		return string(t.Field(i).Tag)
	}
	panic("rtypestr: no property " + itoa(what))
}

// walk is the addressable value steps reach from a copy of root.
func walk(root any, rootT int, steps []int) reflect.Value {
	r := reflect.New(nativeType(rootT)).Elem()
	r.Set(reflect.ValueOf(root))
	for _, s := range steps {
		switch {
		case s < 0:
			r = r.Elem()
		case r.Kind() == reflect.Struct:
			r = r.Field(s)
		default:
			r = r.Index(s)
		}
	}
	return r
}

// as is the value at r's address as type t.
func as(r reflect.Value, t reflect.Type) reflect.Value {
	return reflect.NewAt(t, unsafe.Pointer(r.UnsafeAddr())).Elem()
}

func rget(root any, rootT int, steps []int, t int) any {
	return as(walk(root, rootT, steps), nativeType(t)).Interface()
}

func rlen(root any, rootT int, steps []int) int { return walk(root, rootT, steps).Len() }

func rcap(root any, rootT int, steps []int) int { return walk(root, rootT, steps).Cap() }

func risnil(root any, rootT int, steps []int) bool { return walk(root, rootT, steps).IsNil() }

func rset(root any, rootT int, steps []int, x any) {
	r := walk(root, rootT, steps)
	if r.Kind() == reflect.Interface {
		if x == nil {
			as(r, r.Type()).SetZero()
			return
		}
		as(r, r.Type()).Set(reflect.ValueOf(x))
		return
	}
	as(r, reflect.TypeOf(x)).Set(reflect.ValueOf(x))
}

func raddr(root any, rootT int, steps []int, t int) any {
	r := walk(root, rootT, steps)
	return as(r, r.Type()).Addr().Interface()
}

func rnew(t int) any { return reflect.New(nativeType(t)).Interface() }

func rmake(t, n, c int) any {
	rt := nativeType(t)
	if c == -1 {
		return reflect.Zero(rt).Interface()
	}
	if rt.Kind() == reflect.Map {
		return reflect.MakeMap(rt).Interface()
	}
	return reflect.MakeSlice(rt, n, c).Interface()
}

// unboxAs is the Value of type t that x boxes (x itself for an interface
// type).
func unboxAs(x any, t reflect.Type) reflect.Value {
	if t.Kind() != reflect.Interface {
		return reflect.ValueOf(x)
	}
	v := reflect.New(t).Elem()
	if x != nil {
		v.Set(reflect.ValueOf(x))
	}
	return v
}

// mapAt is the map steps reach from root, read-only flags dropped.
func mapAt(root any, rootT int, steps []int) reflect.Value {
	r := walk(root, rootT, steps)
	return as(r, r.Type())
}

func rmapindex(root any, rootT int, steps []int, mt int, key any) []any {
	t := nativeType(mt)
	e := mapAt(root, rootT, steps).MapIndex(unboxAs(key, t.Key()))
	if !e.IsValid() {
		return []any{}
	}
	return []any{e.Interface()}
}

func rmapset(root any, rootT int, steps []int, mt int, key, elem any) {
	t := nativeType(mt)
	mapAt(root, rootT, steps).SetMapIndex(unboxAs(key, t.Key()), unboxAs(elem, t.Elem()))
}

func rmapdelete(root any, rootT int, steps []int, mt int, key any) {
	mapAt(root, rootT, steps).SetMapIndex(unboxAs(key, nativeType(mt).Key()), reflect.Value{})
}

func rmapkeys(root any, rootT int, steps []int, mt int) []any {
	out := []any{}
	for _, k := range mapAt(root, rootT, steps).MapKeys() {
		out = append(out, k.Interface())
	}
	return out
}

func rslice(root any, rootT int, steps []int, i, j, k, t int) any {
	r := walk(root, rootT, steps)
	r = as(r, r.Type())
	if k == -1 {
		r = r.Slice(i, j)
	} else {
		r = r.Slice3(i, j, k)
	}
	if r.Type() != nativeType(t) {
		panic("rslice: a slice of " + r.Type().String() + " boxed as " + nativeType(t).String())
	}
	return r.Interface()
}

func rappend(x, y any) any {
	return reflect.AppendSlice(reflect.ValueOf(x), reflect.ValueOf(y)).Interface()
}

func rcopy(dst, src any) int { return reflect.Copy(reflect.ValueOf(dst), reflect.ValueOf(src)) }
