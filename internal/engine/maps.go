// Maps: tables of entries with symbolic presence; lookup, update, delete, clear, length and iteration.

package engine

import (
	"fmt"
	"strconv"

	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
)

// tableOf returns the table of a map (an empty one for a nil map).
func (m *machine) tableOf(v *mapv) *table {
	if v.obj == nil {
		return &table{}
	}
	return m.contents(v.obj).(*table)
}

// mapLen is len(m): the number of present entries.
func (m *machine) mapLen(v *mapv) *scalar {
	n := i64(0)
	for _, e := range m.tableOf(v).entries {
		n = m.uop(ir.Add, n, m.sel(e.present, i64(1), i64(0)))
	}
	return n
}

// matches returns, per entry, whether it is present with key k.
func (m *machine) matches(t *ir.Type, tb *table, k val) []*scalar {
	out := make([]*scalar, len(tb.entries))
	for i, e := range tb.entries {
		eq, et := m.equal(t.Key, e.key, k)
		out[i] = m.and(e.present, mk(b2u(eq), et, 0))
	}
	return out
}

// lookup is X[Key] (with CommaOk: the value and whether it was found).
func (m *machine) lookup(in *ir.Lookup, v *mapv, k val) val {
	res, found := m.mapGet(in.X.Type(), v, k)
	if in.CommaOk {
		return &tuple{elems: []val{res, found}}
	}
	return res
}

// mapGet is the element of the map v (of type mt) at k (the zero value
// where it has none), and whether it has one.
func (m *machine) mapGet(mt *ir.Type, v *mapv, k val) (val, *scalar) {
	tb := m.tableOf(v)
	hit := m.matches(mt, tb, k)
	var res val = zero(mt.Elem)
	found := kc(0, 0)
	for i := len(tb.entries) - 1; i >= 0; i-- {
		h := hit[i]
		switch {
		case h.s == nil && h.c == 1:
			res = tb.entries[i].v
		case h.s != nil:
			res = m.ite(h.s, h.c == 1, tb.entries[i].v, res)
		}
		found = m.or(found, h)
	}
	return res, found
}

// mapUpdate is Map[Key] = Val: the entry with that key gets the value; a new
// entry, present when none had the key, is added.
func (m *machine) mapUpdate(in *ir.MapUpdate, v *mapv, k, x val) {
	m.mapSet(in.Map.Type(), v, k, x)
}

// mapSet stores x at k in the map v of type mt.
func (m *machine) mapSet(mt *ir.Type, v *mapv, k, x val) {
	if isNil, _ := nilness(v); isNil {
		panic(runError("assignment to entry in nil map without a check"))
	}
	tb := m.tableOf(v)
	hit := m.matches(mt, tb, k)
	nt := &table{entries: make([]entry, 0, len(tb.entries)+1)}
	found := kc(0, 0)
	for i, e := range tb.entries {
		h := hit[i]
		switch {
		case h.s == nil && h.c == 1:
			e.v = x
		case h.s != nil:
			e.v = m.ite(h.s, h.c == 1, x, e.v)
		}
		found = m.or(found, h)
		nt.entries = append(nt.entries, e)
	}
	if !(found.s == nil && found.c == 1) {
		nt.entries = append(nt.entries, entry{present: m.not(found), key: k, v: x})
	}
	v.obj.set(nt)
}

// mapDelete is delete(Map, Key).
func (m *machine) mapDelete(v *mapv, k val) {
	if v.obj == nil {
		return
	}
	tb := m.tableOf(v)
	nt := &table{entries: make([]entry, len(tb.entries))}
	for i, e := range tb.entries {
		eq, et := m.equalKeys(e.key, k)
		e.present = m.and(e.present, m.not(mk(b2u(eq), et, 0)))
		nt.entries[i] = e
	}
	v.obj.set(nt)
}

// equalKeys compares two map keys by their run-time shape (the key type is
// not at hand in delete; keys are comparable values).
func (m *machine) equalKeys(a, b val) (bool, *expr.Term) {
	switch x := a.(type) {
	case *scalar:
		y := b.(*scalar)
		c := x.c == y.c
		if x.s == nil && y.s == nil {
			return c, nil
		}
		return c, m.B.Eq(m.term(x), m.term(y))
	case *str:
		r := m.strEq(x, b.(*str))
		return r.c == 1, r.s
	case *ptr:
		return m.ptrEq(x, b.(*ptr))
	case *agg:
		y := b.(*agg)
		c := true
		var conj []*expr.Term
		for i := range x.elems {
			ec, et := m.equalKeys(x.elems[i], y.elems[i])
			c = c && ec
			if et != nil {
				conj = append(conj, et)
			} else if !ec {
				return false, nil
			}
		}
		if len(conj) == 0 {
			return c, nil
		}
		return c, m.B.And(conj...)
	case *iface:
		y := b.(*iface)
		if ok := m.comparableIfaces(x, y); ok.s != nil || ok.c == 0 {
			panic(runError("a map key of interface type whose dynamic type may not be hashable"))
		}
		r := m.ifaceEqual(x, y)
		return r.c == 1, r.s
	}
	panic(fmt.Sprintf("engine: map key %T", a))
}

// mapClear is clear(Map): no entry is present any more.
func (m *machine) mapClear(v *mapv) {
	if v.obj == nil {
		return
	}
	tb := m.tableOf(v)
	nt := &table{entries: make([]entry, len(tb.entries))}
	for i, e := range tb.entries {
		e.present = kc(0, 0)
		nt.entries[i] = e
	}
	v.obj.set(nt)
}

// rangeStart begins a range over a string or a map.
func (m *machine) rangeStart(x val) *iter {
	switch x := x.(type) {
	case *str:
		return &iter{s: x, pos: i64(0)}
	case *mapv:
		if x.obj == nil {
			return &iter{m: &object{v: &table{}}}
		}
		m.contents(x.obj)
		return &iter{m: x.obj}
	}
	panic(fmt.Sprintf("engine: range over %T", x))
}

// next advances an iterator: (ok, key, value).
func (m *machine) next(in *ir.Next, it *iter) val {
	tt := in.Type()
	if it.s != nil {
		// ok keeps its term: the If testing it records the branch. Where it
		// is symbolic the rune is decoded whatever its concrete bits say: a
		// forced run may continue the loop where they say stop.
		ok := m.uop(ir.Lt, it.pos, it.s.n)
		if ok.s == nil && ok.c == 0 {
			return &tuple{elems: []val{ok, i64(0), kc(0, 32)}}
		}
		r, w := m.decode(it.s, it.pos)
		if w.s != nil {
			// Fork on the rune's width (1, 2, 3, else 4): with the width
			// concrete on each path the position stays concrete, and the
			// next rune's bytes are slots rather than ite chains over a
			// symbolic position (queries on those took seconds).
			k := uint64(1)
			for ; k < 4; k++ {
				if m.decide(in.Block(), ir.RuneWidth, strconv.FormatUint(k, 10), m.uop(ir.Eq, w, i64(k))) {
					break
				}
			}
			w = i64(k)
		}
		k := it.pos
		it.pos = m.uop(ir.Add, it.pos, w)
		return &tuple{elems: []val{ok, k, r}}
	}
	tb := m.contents(it.m).(*table)
	present := 0
	for _, e := range tb.entries {
		if e.present.c == 1 {
			present++
		}
	}
	for it.next < len(tb.entries) {
		e := tb.entries[it.next]
		it.next++
		if m.decide(in.Block(), ir.MapEntry, fmt.Sprint(it.next-1), e.present) {
			if present > 1 {
				// Go visits the entries in a random order: from here on the
				// run depends on the order chosen.
				m.orderDep = true
			}
			return &tuple{elems: []val{kc(1, 0), e.key, e.v}}
		}
	}
	return &tuple{elems: []val{kc(0, 0), zero(tt.Elems[1]), zero(tt.Elems[2])}}
}
