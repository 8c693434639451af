// Report forms of run-time values (outputs), with map entries sorted and shared or cyclic structure cut.

package engine

import (
	"fmt"
	"sort"

	"leapfrog/internal/ir"
)

// Value is a concrete value of an IR type, as a tree (inputs never share
// memory; an output that does, or that is cyclic, is cut where a pointer
// meets an object already on the way down: Cycle).
//
//   - bool, integer: Bits (masked to the width);
//   - string: Str (the bytes);
//   - array, struct: Elems, the elements or the fields in order;
//   - pointer: Nil, or Elems[0] the value it points to;
//   - slice: Nil, or Elems its elements (len(Elems) is its length) and Cap;
//     for an input, Spare: what its array holds between its length and its
//     capacity (a test writes []T{e0, e1, s0}[:2]);
//   - map: Nil, or Keys and Elems (Elems[i] is the value of Keys[i]), sorted
//     by key (bits, bytes, then element-wise), so the order is deterministic;
//   - interface: Nil, or Dyn its dynamic type (the Go type as the package
//     under test writes it, ir.DynType.Name) and Elems[0] the value; an
//     error value has ErrMsg, its Error() text (HasErrMsg: when the engine
//     could run it), and Sentinel, the package-level variable whose value
//     it is or wraps (errors.Is), if any: one of the package's ("ErrBad"),
//     or an exported one of another package a test can import ("io.EOF",
//     qualified by the package's name; SentinelPkg is its import path);
//   - function value: Nil, or not (never written); a function input is a
//     stub (Stub), its calls in Calls, as is the stub an interface input
//     holds (Dyn its dynamic type, ir.DynType.Stub).
//
// Unordered marks a value that depends on the order in which a range over
// a map visited its entries: Go's order is random, so a test must not assert
// it. Unfixed, when set, says why a value was computed after the run came
// to depend on another value a test cannot fix (fmt printed a pointer's
// address).
type Value struct {
	Type        *ir.Type
	Bits        uint64
	Str         string
	Nil         bool
	Elems       []Value
	Keys        []Value
	Cap         int64
	Spare       []Value
	Cycle       bool
	Unordered   bool
	Unfixed     string
	Dyn         string
	ErrMsg      string
	HasErrMsg   bool
	Sentinel    string
	SentinelPkg string
	// Stub marks an input that is a stub (a function input, or the stub
	// an interface input holds: Dyn names it), Calls its calls in order.
	// CallsUnfixed, when set, says why a test must not assert the stub's
	// calls: the run's way after them depended on what a test cannot fix.
	Stub         bool
	Calls        []StubCall
	CallsUnfixed string
}

// report converts a value of type t to its concrete report form.
func (m *machine) report(v val, t *ir.Type) Value {
	r := m.reportVal(v, t, map[*object]bool{})
	if m.orderDep {
		markUnordered(&r)
	}
	r.Unfixed = m.unfixed
	if r.Unfixed == "" {
		r.Unfixed = m.unfixedIn(v)
	}
	return r
}

func markUnordered(r *Value) { r.Unordered = true }

func (m *machine) reportVal(v val, t *ir.Type, onPath map[*object]bool) Value {
	switch v := v.(type) {
	case *scalar:
		return Value{Type: t, Bits: v.c}
	case *agg:
		r := Value{Type: t, Elems: make([]Value, len(v.elems))}
		for i, el := range v.elems {
			et := t.Elem
			if t.Kind == ir.KStruct {
				et = t.Fields[i].Type
			}
			r.Elems[i] = m.reportVal(el, et, onPath)
		}
		return r
	case *str:
		return Value{Type: t, Str: string(v.bytes())}
	case *ptr:
		if isNil, _ := nilness(v); isNil {
			return Value{Type: t, Nil: true}
		}
		if len(v.path) == 0 && v.obj.lazy != nil {
			// Never looked at: what the test built from the model.
			return Value{Type: t, Elems: []Value{m.reportInput(v.obj.lazy.path, v.obj.lazy.t, v.obj.lazy.depth)}}
		}
		if onPath[v.obj] {
			return Value{Type: t, Cycle: true}
		}
		onPath[v.obj] = true
		defer delete(onPath, v.obj)
		return Value{Type: t, Elems: []Value{m.reportVal(m.loadPtr(v), t.Elem, onPath)}}
	case *slice:
		if isNil, _ := nilness(v); isNil {
			return Value{Type: t, Nil: true}
		}
		if onPath[v.arr] {
			return Value{Type: t, Cycle: true}
		}
		onPath[v.arr] = true
		defer delete(onPath, v.arr)
		elems := m.window(v)
		r := Value{Type: t, Elems: []Value{}, Cap: int64(v.cap.c)}
		for k := 0; k < int(v.n.c) && k < len(elems); k++ {
			r.Elems = append(r.Elems, m.reportVal(elems[k], t.Elem, onPath))
		}
		return r
	case *mapv:
		if isNil, _ := nilness(v); isNil {
			return Value{Type: t, Nil: true}
		}
		if onPath[v.obj] {
			return Value{Type: t, Cycle: true}
		}
		onPath[v.obj] = true
		defer delete(onPath, v.obj)
		r := Value{Type: t, Keys: []Value{}, Elems: []Value{}}
		for _, e := range m.contents(v.obj).(*table).entries {
			if e.present.c == 1 {
				r.Keys = append(r.Keys, m.reportVal(e.key, t.Key, onPath))
				r.Elems = append(r.Elems, m.reportVal(e.v, t.Elem, onPath))
			}
		}
		sortEntries(&r)
		return r
	case *tuple:
		r := Value{Type: t, Elems: make([]Value, len(v.elems))}
		for i, el := range v.elems {
			r.Elems[i] = m.reportVal(el, t.Elems[i], onPath)
		}
		return r
	case *iface:
		return m.reportIfaceVal(v, t, onPath)
	case *closure:
		if v.stub != nil && !v.null() {
			return m.reportStub(v.stub.path, t, "")
		}
		return Value{Type: t, Nil: v.null()}
	}
	panic(fmt.Sprintf("engine: no report form for %T", v))
}

// sortEntries sorts a map's entries by key.
func sortEntries(r *Value) {
	idx := make([]int, len(r.Keys))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return compareValues(r.Keys[idx[a]], r.Keys[idx[b]]) < 0 })
	keys := make([]Value, len(idx))
	elems := make([]Value, len(idx))
	for i, j := range idx {
		keys[i], elems[i] = r.Keys[j], r.Elems[j]
	}
	r.Keys, r.Elems = keys, elems
}

// compareValues orders report values: integers by value (signed ones as
// signed), strings by bytes, composites element-wise, nil first.
func compareValues(a, b Value) int {
	if a.Nil != b.Nil {
		if a.Nil {
			return -1
		}
		return 1
	}
	if a.Type != nil && a.Type.Kind == ir.KInt && a.Type.Signed {
		x, y := int64(a.Bits<<(64-a.Type.Width))>>(64-a.Type.Width), int64(b.Bits<<(64-b.Type.Width))>>(64-b.Type.Width)
		if x != y {
			if x < y {
				return -1
			}
			return 1
		}
	} else if a.Bits != b.Bits {
		if a.Bits < b.Bits {
			return -1
		}
		return 1
	}
	if a.Str != b.Str {
		if a.Str < b.Str {
			return -1
		}
		return 1
	}
	for i := 0; i < len(a.Elems) && i < len(b.Elems); i++ {
		if c := compareValues(a.Elems[i], b.Elems[i]); c != 0 {
			return c
		}
	}
	return len(a.Elems) - len(b.Elems)
}
