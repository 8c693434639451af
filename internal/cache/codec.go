// The entry codec: any value of exported fields to bytes and back, exactly (nil and empty slices apart, arbitrary bytes in strings, float bits), with the *ir.Type graph (cycles included) written once as a table.

package cache

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"reflect"
	"sort"

	"leapfrog/internal/ir"
)

var irTypePtr = reflect.TypeOf((*ir.Type)(nil))

// encoder writes values by reflection. Pointers to ir.Type are written as
// an index into the table of the types met (a named type's structure may
// point back at itself); every other pointer is written as what it points
// to (the values cached hold no other cycle).
type encoder struct {
	buf   []byte
	types []*ir.Type
	index map[*ir.Type]int
}

// encode returns the bytes of *v: the type table, then the value.
func encode(v any) (data []byte, err error) {
	defer func() {
		if p := recover(); p != nil {
			data, err = nil, fmt.Errorf("cache: cannot encode: %v", p)
		}
	}()
	e := &encoder{index: map[*ir.Type]int{}}
	e.value(reflect.ValueOf(v).Elem())
	body := e.buf
	e.buf = nil
	for i := 0; i < len(e.types); i++ { // the table grows as it is written
		e.value(reflect.ValueOf(e.types[i]).Elem())
	}
	out := binary.AppendUvarint(nil, uint64(len(e.types)))
	out = append(out, e.buf...)
	return append(out, body...), nil
}

func (e *encoder) uint(x uint64) { e.buf = binary.AppendUvarint(e.buf, x) }

func (e *encoder) value(v reflect.Value) {
	switch v.Kind() {
	case reflect.Bool:
		b := uint64(0)
		if v.Bool() {
			b = 1
		}
		e.uint(b)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		e.buf = binary.AppendVarint(e.buf, v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		e.uint(v.Uint())
	case reflect.Float32:
		e.uint(uint64(math.Float32bits(float32(v.Float()))))
	case reflect.Float64:
		e.uint(math.Float64bits(v.Float()))
	case reflect.String:
		e.uint(uint64(v.Len()))
		e.buf = append(e.buf, v.String()...)
	case reflect.Slice:
		if v.IsNil() {
			e.uint(0)
			return
		}
		e.uint(uint64(v.Len()) + 1)
		for i := 0; i < v.Len(); i++ {
			e.value(v.Index(i))
		}
	case reflect.Array:
		for i := 0; i < v.Len(); i++ {
			e.value(v.Index(i))
		}
	case reflect.Struct:
		t := v.Type()
		for i := 0; i < t.NumField(); i++ {
			if !t.Field(i).IsExported() {
				panic(fmt.Sprintf("%s.%s is not exported", t, t.Field(i).Name))
			}
			e.value(v.Field(i))
		}
	case reflect.Pointer:
		if v.IsNil() {
			e.uint(0)
			return
		}
		if v.Type() == irTypePtr {
			t := v.Interface().(*ir.Type)
			i, ok := e.index[t]
			if !ok {
				i = len(e.types)
				e.index[t] = i
				e.types = append(e.types, t)
			}
			e.uint(uint64(i) + 1)
			return
		}
		e.uint(1)
		e.value(v.Elem())
	case reflect.Map:
		if v.IsNil() {
			e.uint(0)
			return
		}
		if v.Type().Key().Kind() != reflect.String {
			panic(fmt.Sprintf("map %s: only string keys", v.Type()))
		}
		keys := v.MapKeys()
		sort.Slice(keys, func(i, j int) bool { return keys[i].String() < keys[j].String() })
		e.uint(uint64(len(keys)) + 1)
		for _, k := range keys {
			e.value(k)
			e.value(v.MapIndex(k))
		}
	case reflect.Func, reflect.Interface, reflect.Chan:
		if !v.IsNil() {
			panic(fmt.Sprintf("a %s that is not nil", v.Type()))
		}
		e.uint(0)
	default:
		panic(fmt.Sprintf("kind %s (%s)", v.Kind(), v.Type()))
	}
}

// errCorrupt is what decoding bytes encode did not write returns.
var errCorrupt = errors.New("corrupt entry")

type decoder struct {
	data  []byte
	types []ir.Type
}

// decode reads into *v what encode wrote.
func decode(data []byte, v any) (err error) {
	defer func() {
		if p := recover(); p != nil {
			if p != errCorrupt {
				panic(p)
			}
			err = errCorrupt
		}
	}()
	d := &decoder{data: data}
	n := d.length(1)
	d.types = make([]ir.Type, n)
	for i := range d.types {
		d.value(reflect.ValueOf(&d.types[i]).Elem())
	}
	d.value(reflect.ValueOf(v).Elem())
	if len(d.data) != 0 {
		return errCorrupt
	}
	return nil
}

func (d *decoder) uint() uint64 {
	x, n := binary.Uvarint(d.data)
	if n <= 0 {
		panic(errCorrupt)
	}
	d.data = d.data[n:]
	return x
}

// length reads a count of items each at least min bytes long, refusing one
// the data left cannot hold (a corrupt count must not allocate gigabytes).
func (d *decoder) length(min int) int {
	n := d.uint()
	if n > uint64(len(d.data)/max(min, 1)+1) {
		panic(errCorrupt)
	}
	return int(n)
}

func (d *decoder) value(v reflect.Value) {
	switch v.Kind() {
	case reflect.Bool:
		v.SetBool(d.uint() != 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		x, n := binary.Varint(d.data)
		if n <= 0 {
			panic(errCorrupt)
		}
		d.data = d.data[n:]
		v.SetInt(x)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		v.SetUint(d.uint())
	case reflect.Float32:
		v.SetFloat(float64(math.Float32frombits(uint32(d.uint()))))
	case reflect.Float64:
		v.SetFloat(math.Float64frombits(d.uint()))
	case reflect.String:
		n := d.length(1)
		if n > len(d.data) {
			panic(errCorrupt)
		}
		v.SetString(string(d.data[:n]))
		d.data = d.data[n:]
	case reflect.Slice:
		n := d.length(1)
		if n == 0 {
			v.SetZero()
			return
		}
		s := reflect.MakeSlice(v.Type(), n-1, n-1)
		for i := 0; i < n-1; i++ {
			d.value(s.Index(i))
		}
		v.Set(s)
	case reflect.Array:
		for i := 0; i < v.Len(); i++ {
			d.value(v.Index(i))
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			d.value(v.Field(i))
		}
	case reflect.Pointer:
		x := d.uint()
		switch {
		case x == 0:
			v.SetZero()
		case v.Type() == irTypePtr:
			if x > uint64(len(d.types)) {
				panic(errCorrupt)
			}
			v.Set(reflect.ValueOf(&d.types[x-1]))
		case x == 1:
			p := reflect.New(v.Type().Elem())
			d.value(p.Elem())
			v.Set(p)
		default:
			panic(errCorrupt)
		}
	case reflect.Map:
		n := d.length(2)
		if n == 0 {
			v.SetZero()
			return
		}
		m := reflect.MakeMapWithSize(v.Type(), n-1)
		for i := 0; i < n-1; i++ {
			k, e := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
			d.value(k)
			d.value(e)
			m.SetMapIndex(k, e)
		}
		v.Set(m)
	case reflect.Func, reflect.Interface, reflect.Chan:
		if d.uint() != 0 {
			panic(errCorrupt)
		}
		v.SetZero()
	default:
		panic(fmt.Sprintf("cache: decode: kind %s (%s)", v.Kind(), v.Type()))
	}
}
