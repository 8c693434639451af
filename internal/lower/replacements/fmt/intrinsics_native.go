// Intrinsics compiled natively, for the differential tests: package reflect answers.

//go:build !leapfrog

package fmt

import (
	realfmt "fmt"
	"reflect"
	"sort"
	"strconv"
	"unicode"
	"unicode/utf8"
	"unsafe"
)

func kindOf(x any) int {
	if x == nil {
		return kInvalid
	}
	return kindClass(reflect.TypeOf(x).Kind())
}

func kindClass(k reflect.Kind) int {
	switch k {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return kInt
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return kUint
	}
	return int(k)
}

func typeString(x any) string { return reflect.TypeOf(x).String() }

func boolOf(x any) bool       { return reflect.ValueOf(x).Bool() }
func intOf(x any) int64       { return reflect.ValueOf(x).Int() }
func uintOf(x any) uint64     { return reflect.ValueOf(x).Uint() }
func floatOf(x any) float64   { return reflect.ValueOf(x).Float() }
func stringOf(x any) string   { return reflect.ValueOf(x).String() }
func bytesOf(x any) []byte    { return reflect.ValueOf(x).Bytes() }
func lenOf(x any) (int, bool) { return reflect.ValueOf(x).Len(), false }

func isNilValue(x any) (bool, bool) { return reflect.ValueOf(x).IsNil(), false }

func numField(x any) int { return reflect.ValueOf(x).NumField() }

func fieldInfo(x any, i int) (name string, exported, embedded bool) {
	f := reflect.TypeOf(x).Field(i)
	r, _ := utf8.DecodeRuneInString(f.Name)
	return f.Name, unicode.IsUpper(r), f.Anonymous
}

func partIface(x any, i int) (bool, string) {
	t := reflect.TypeOf(x)
	switch {
	case i >= 0:
		t = t.Field(i).Type
	case i == -2:
		t = t.Key()
	default:
		t = t.Elem()
	}
	return t.Kind() == reflect.Interface, t.String()
}

func elemIsByte(x any) bool { return reflect.TypeOf(x).Elem().Kind() == reflect.Uint8 }

// boxed is the value of v as an interface: for an interface-typed v,
// what it holds.
func boxed(v reflect.Value) any {
	if v.Kind() == reflect.Interface {
		if v.IsNil() {
			return nil
		}
		v = v.Elem()
	}
	if !v.CanInterface() {
		// An unexported field: copied into a fresh value of its type.
		c := reflect.New(v.Type()).Elem()
		c.Set(reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem())
		return c.Interface()
	}
	return v.Interface()
}

func field(x any, i int) any {
	v := reflect.New(reflect.TypeOf(x)).Elem()
	v.Set(reflect.ValueOf(x))
	return boxed(v.Field(i))
}

func index(x any, i int) any {
	v := reflect.ValueOf(x)
	if v.Kind() == reflect.Array {
		a := reflect.New(v.Type()).Elem()
		a.Set(v)
		v = a
	}
	return boxed(v.Index(i))
}

func elem(x any) any { return boxed(reflect.ValueOf(x).Elem()) }

// mapEntry takes the entries in the order of their keys' %#v (any order
// that does not change between calls).
func mapEntry(x any, i int) (key, val any) {
	m := reflect.ValueOf(x)
	keys := m.MapKeys()
	sort.Slice(keys, func(a, b int) bool {
		return realfmt.Sprintf("%#v", keys[a].Interface()) < realfmt.Sprintf("%#v", keys[b].Interface())
	})
	return boxed(keys[i]), boxed(m.MapIndex(keys[i]))
}

func pointer(x any) uintptr {
	v := reflect.ValueOf(x)
	switch v.Kind() {
	case reflect.Chan, reflect.Func, reflect.Map, reflect.Pointer, reflect.Slice, reflect.UnsafePointer:
		return uintptr(v.UnsafePointer())
	}
	return 0
}

func typeOrder(a, b any) int {
	x, y := reflect.ValueOf(reflect.TypeOf(a)).Pointer(), reflect.ValueOf(reflect.TypeOf(b)).Pointer()
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

func concreteUint(u uint64) (uint64, string)    { return u, "" }
func concreteBool(b bool) (bool, string)        { return b, "" }
func concreteString(s string) (string, string)  { return s, "" }
func concreteFloat(f float64) (float64, string) { return f, "" }
func tainted(s, fn string) string               { return s }
func runtimeError(x any) (string, bool)         { return "", false }
func formatFloat(f float64, verb byte, prec, size int) string {
	return strconv.FormatFloat(f, verb, prec, size)
}
