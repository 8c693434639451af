// Report forms of run-time values (outputs), with map entries sorted and shared or cyclic structure cut.

package engine

import (
	"fmt"
	"sort"

	"leapfrog/internal/ir"
	"leapfrog/internal/report"
)

// report converts a value of type t to its concrete report form.
func (m *machine) report(v val, t *ir.Type) report.Value {
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

func markUnordered(r *report.Value) { r.Unordered = true }

func (m *machine) reportVal(v val, t *ir.Type, onPath map[*object]bool) report.Value {
	switch v := v.(type) {
	case *scalar:
		return report.Value{Type: t, Bits: v.c}
	case *agg:
		r := report.Value{Type: t, Elems: make([]report.Value, len(v.elems))}
		for i, el := range v.elems {
			et := t.Elem
			if t.Kind == ir.KStruct {
				et = t.Fields[i].Type
			}
			r.Elems[i] = m.reportVal(el, et, onPath)
		}
		return r
	case *str:
		return report.Value{Type: t, Str: string(v.bytes())}
	case *ptr:
		if isNil, _ := nilness(v); isNil {
			return report.Value{Type: t, Nil: true}
		}
		if len(v.path) == 0 && v.obj.lazy != nil {
			// Never looked at: what the test built from the model.
			return report.Value{Type: t, Elems: []report.Value{m.reportInput(v.obj.lazy.name, v.obj.lazy.t, v.obj.lazy.depth)}}
		}
		if onPath[v.obj] {
			return report.Value{Type: t, Cycle: true}
		}
		onPath[v.obj] = true
		defer delete(onPath, v.obj)
		return report.Value{Type: t, Elems: []report.Value{m.reportVal(m.loadPtr(v), t.Elem, onPath)}}
	case *slice:
		if isNil, _ := nilness(v); isNil {
			return report.Value{Type: t, Nil: true}
		}
		if onPath[v.arr] {
			return report.Value{Type: t, Cycle: true}
		}
		onPath[v.arr] = true
		defer delete(onPath, v.arr)
		elems := m.window(v)
		r := report.Value{Type: t, Elems: []report.Value{}, Cap: int64(v.cap.c)}
		for k := 0; k < int(v.n.c) && k < len(elems); k++ {
			r.Elems = append(r.Elems, m.reportVal(elems[k], t.Elem, onPath))
		}
		return r
	case *mapv:
		if isNil, _ := nilness(v); isNil {
			return report.Value{Type: t, Nil: true}
		}
		if onPath[v.obj] {
			return report.Value{Type: t, Cycle: true}
		}
		onPath[v.obj] = true
		defer delete(onPath, v.obj)
		r := report.Value{Type: t, Keys: []report.Value{}, Elems: []report.Value{}}
		for _, e := range m.contents(v.obj).(*table).entries {
			if e.present.c == 1 {
				r.Keys = append(r.Keys, m.reportVal(e.key, t.Key, onPath))
				r.Elems = append(r.Elems, m.reportVal(e.v, t.Elem, onPath))
			}
		}
		sortEntries(&r)
		return r
	case *tuple:
		r := report.Value{Type: t, Elems: make([]report.Value, len(v.elems))}
		for i, el := range v.elems {
			r.Elems[i] = m.reportVal(el, t.Elems[i], onPath)
		}
		return r
	case *iface:
		return m.reportIfaceVal(v, t, onPath)
	case *closure:
		return report.Value{Type: t, Nil: v.fn == nil}
	}
	panic(fmt.Sprintf("engine: no report form for %T", v))
}

// sortEntries sorts a map's entries by key.
func sortEntries(r *report.Value) {
	idx := make([]int, len(r.Keys))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return compareValues(r.Keys[idx[a]], r.Keys[idx[b]]) < 0 })
	keys := make([]report.Value, len(idx))
	elems := make([]report.Value, len(idx))
	for i, j := range idx {
		keys[i], elems[i] = r.Keys[j], r.Elems[j]
	}
	r.Keys, r.Elems = keys, elems
}

// compareValues orders report values: integers by value (signed ones as
// signed), strings by bytes, composites element-wise, nil first.
func compareValues(a, b report.Value) int {
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
