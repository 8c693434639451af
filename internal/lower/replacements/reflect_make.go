// reflect's constructors (New, Zero, MakeSlice, MakeMap) and a Value's map operations (MapIndex, SetMapIndex, MapKeys, MapRange).

package replacements

// rtypeID is the table's id of t, a type the model made.
func rtypeID(t rType, fn string) int {
	r, ok := t.(rtype)
	if !ok {
		panic(unmodelled(fn + " of a foreign reflect.Type: not modelled"))
	}
	return r.id
}

// ptrTo is the id of the pointer type to the type t.
func ptrTo(t int) int {
	p := rtypeint(t, rtPtrTo, 0)
	if p == 0 {
		panic(unmodelled("reflect: the pointer type to a pointer type is not in the program's type table"))
	}
	return p
}

// ReflectNew replaces reflect.New: a Value of the pointer to a fresh
// variable (rnew).
func ReflectNew(t rType) value {
	if t == nil {
		panic("reflect: New(nil)")
	}
	id := rtypeID(t, "reflect.New")
	pt := ptrTo(id)
	return value{root: rnew(id), p: &vpath{rootT: pt, t: pt}}
}

// ReflectZero replaces reflect.Zero: the zero value (rmake), or, of an
// interface type, a fresh variable's; neither addressable nor settable.
func ReflectZero(t rType) value {
	if t == nil {
		panic("reflect: Zero(nil)")
	}
	id := rtypeID(t, "reflect.Zero")
	if t.Kind() == kInterface {
		return value{root: rnew(id), p: &vpath{rootT: ptrTo(id), steps: []int{-1}, t: id}}
	}
	return value{root: rmake(id, 0, -1), p: &vpath{rootT: id, t: id}}
}

// ReflectMakeSlice replaces reflect.MakeSlice.
func ReflectMakeSlice(t rType, n, c int) value {
	if t.Kind() != kSlice {
		panic("reflect.MakeSlice of non-slice type")
	}
	if n < 0 {
		panic("reflect.MakeSlice: negative len")
	}
	if c < 0 {
		panic("reflect.MakeSlice: negative cap")
	}
	if n > c {
		panic("reflect.MakeSlice: len > cap")
	}
	id := rtypeID(t, "reflect.MakeSlice")
	return value{root: rmake(id, n, c), p: &vpath{rootT: id, t: id}}
}

// ReflectMakeMap replaces reflect.MakeMap.
func ReflectMakeMap(t rType) value { return ReflectMakeMapWithSize(t, 0) }

// ReflectMakeMapWithSize replaces reflect.MakeMapWithSize (the size is a
// hint that changes nothing Go shows).
func ReflectMakeMapWithSize(t rType, n int) value {
	if t.Kind() != kMap {
		panic("reflect.MakeMapWithSize of non-map type")
	}
	id := rtypeID(t, "reflect.MakeMapWithSize")
	return value{root: rmake(id, 0, 0), p: &vpath{rootT: id, t: id}}
}

// boxed is the Value of type t (read-only flags ro) of what x boxes: x
// itself, or, for an interface type, x held in a fresh variable (a root
// is never of an interface type).
func boxed(x any, t, ro int) value {
	if rkind(rtypeint(t, rtKind, 0)) != kInterface {
		return value{root: x, p: &vpath{rootT: t, t: t, ro: ro}}
	}
	pt := ptrTo(t)
	c, steps := rnew(t), []int{-1}
	rset(c, pt, steps, x)
	return value{root: c, p: &vpath{rootT: pt, steps: steps, t: t, ro: ro}}
}

// assignTo is x boxed for a place of type t (reflect's assignTo):
// identical types, or an interface without methods. context names the
// method in Go's panic.
func (x value) assignTo(context string, t int) any {
	if x.p == nil {
		panic(unmodelled(context + " of a zero Value (reflect's panic is not modelled)"))
	}
	if x.p.t == t {
		return x.get(t)
	}
	k := rkind(rtypeint(t, rtKind, 0))
	if k == kInterface {
		if rtypeint(t, rtNumMethod, 0) == 0 {
			return x.get(x.p.t)
		}
		panic(unmodelled(context + " of a value for an interface with methods: not modelled"))
	}
	if x.Kind() != k || rtypestr(x.p.t, rsName, 0) != "" && rtypestr(t, rsName, 0) != "" {
		// Assignable types have identical underlying types, and one of
		// them has no name.
		panic(context + ": value of type " + rtypestr(x.p.t, rsString, 0) + " is not assignable to type " + rtypestr(t, rsString, 0))
	}
	panic(unmodelled(context + " of a value of another type: not modelled"))
}

// hashable aborts the run where Go's map panics for the key k of type t
// (a runtime error hashing an interface's value: not modelled).
func hashable(k any, t int) {
	if rkind(rtypeint(t, rtKind, 0)) == kInterface && !keyComparable(k) {
		panic(unmodelled("reflect: a map key of an unhashable type (Go's runtime error is not modelled)"))
	}
}

// mustExported is reflect's flag.mustBeExported for method.
func (v value) mustExported(method string) {
	if v.p == nil {
		panic(unmodelled("reflect: call of " + method + " on zero Value (reflect's *ValueError panic is not modelled)"))
	}
	if v.p.ro != 0 {
		panic("reflect: " + method + " using value obtained using unexported field")
	}
}

// MapIndex replaces (reflect.Value).MapIndex.
func (v value) MapIndex(key value) value {
	v.must("MapIndex", kMap)
	kt := rtypeint(v.p.t, rtKey, 0)
	k := key.assignTo("reflect.Value.MapIndex", kt)
	hashable(k, kt)
	r := rmapindex(v.root, v.p.rootT, v.p.steps, v.p.t, k)
	if len(r) == 0 {
		return value{}
	}
	return boxed(r[0], rtypeint(v.p.t, rtElem, 0), sticky(v.p.ro|key.p.ro))
}

// SetMapIndex replaces (reflect.Value).SetMapIndex: a zero elem deletes
// the key.
func (v value) SetMapIndex(key, elem value) {
	v.must("SetMapIndex", kMap)
	v.mustExported("reflect.Value.SetMapIndex")
	key.mustExported("reflect.Value.SetMapIndex")
	kt := rtypeint(v.p.t, rtKey, 0)
	k := key.assignTo("reflect.Value.SetMapIndex", kt)
	if elem.p == nil {
		hashable(k, kt)
		rmapdelete(v.root, v.p.rootT, v.p.steps, v.p.t, k)
		return
	}
	elem.mustExported("reflect.Value.SetMapIndex")
	e := elem.assignTo("reflect.Value.SetMapIndex", rtypeint(v.p.t, rtElem, 0))
	if v.IsNil() {
		var m map[bool]bool
		m[false] = false // Go's runtime error: assignment to entry in nil map
	}
	hashable(k, kt)
	rmapset(v.root, v.p.rootT, v.p.steps, v.p.t, k, e)
}

// MapKeys replaces (reflect.Value).MapKeys: with more than one key, the
// rest of the run depends on their order, which Go does not fix (rmapkeys).
func (v value) MapKeys() []value {
	v.must("MapKeys", kMap)
	kt := rtypeint(v.p.t, rtKey, 0)
	ks := rmapkeys(v.root, v.p.rootT, v.p.steps, v.p.t)
	out := make([]value, len(ks))
	for i, k := range ks {
		out[i] = boxed(k, kt, sticky(v.p.ro))
	}
	return out
}

// mapIter replaces reflect.MapIter: the keys the map held when Next was
// first called, visited in MapKeys' order. A change of the map's length
// during the iteration, or the deletion of a key not yet visited, stops
// the run (Go may or may not visit an entry added: not modelled).
type mapIter struct {
	m       value
	keys    []value
	n       int // the map's length at the start
	next    int // keys[next-1] is the current entry
	started bool
	_       [6]int // a mirror has its type's size (reflect.MapIter's, on 64 bits)
}

// MapRange replaces (reflect.Value).MapRange.
func (v value) MapRange() *mapIter {
	v.must("MapRange", kMap)
	return &mapIter{m: v}
}

// Next replaces (*reflect.MapIter).Next.
func (it *mapIter) Next() bool {
	if !it.m.IsValid() {
		panic("MapIter.Next called on an iterator that does not have an associated map Value")
	}
	if !it.started {
		it.started = true
		it.keys = it.m.MapKeys()
		it.n = len(it.keys)
	} else if it.next > len(it.keys) {
		panic("MapIter.Next called on exhausted iterator")
	}
	if it.m.Len() != it.n {
		panic(unmodelled("reflect.MapIter.Next after the map's length changed: not modelled"))
	}
	it.next++
	if it.next > len(it.keys) {
		return false
	}
	if !it.m.MapIndex(it.keys[it.next-1]).IsValid() {
		panic(unmodelled("reflect.MapIter.Next after an entry not yet visited was deleted: not modelled"))
	}
	return true
}

// Key replaces (*reflect.MapIter).Key.
func (it *mapIter) Key() value {
	if !it.started {
		panic("MapIter.Key called before Next")
	}
	if it.next > len(it.keys) {
		panic("MapIter.Key called on exhausted iterator")
	}
	return it.keys[it.next-1]
}

// Value replaces (*reflect.MapIter).Value.
func (it *mapIter) Value() value {
	if !it.started {
		panic("MapIter.Value called before Next")
	}
	if it.next > len(it.keys) {
		panic("MapIter.Value called on exhausted iterator")
	}
	e := it.m.MapIndex(it.keys[it.next-1])
	if !e.IsValid() {
		panic(unmodelled("reflect.MapIter.Value of an entry deleted: not modelled"))
	}
	return e
}

// SetIterKey replaces (reflect.Value).SetIterKey.
func (v value) SetIterKey(it *mapIter) {
	it.current("reflect: Value.SetIterKey")
	v.mustSet("SetIterKey")
	it.m.mustExported("reflect.Value.SetIterKey")
	v.Set(it.keys[it.next-1])
}

// SetIterValue replaces (reflect.Value).SetIterValue.
func (v value) SetIterValue(it *mapIter) {
	it.current("reflect: Value.SetIterValue")
	v.mustSet("SetIterValue")
	it.m.mustExported("reflect.Value.SetIterValue")
	v.Set(it.Value())
}

// current panics as reflect's method does where it has no current entry.
func (it *mapIter) current(method string) {
	if !it.started {
		panic(method + " called before Next")
	}
	if it.next > len(it.keys) {
		panic(method + " called on exhausted iterator")
	}
}
