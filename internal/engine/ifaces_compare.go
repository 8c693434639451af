// Interface comparisons: equality, and when == panics (uncomparable dynamic types, met in order inside structs and arrays).

package engine

import "leapfrog/internal/ir"

// ifaceEqual compares two interface values as Go does: both nil, or the
// same dynamic type and equal values. Pairs of a type whose values do not
// compare count as unequal: a Comparable check before the comparison
// sees to it that they do not occur.
func (m *machine) ifaceEqual(a, b *iface) *scalar {
	if a == b && a.rt == "" {
		return kc(1, 0)
	}
	if a.rt != "" || b.rt != "" {
		if a.rt != "" && b.rt != "" {
			panic(runError("comparison of two recovered run-time errors: not modelled"))
		}
		other := a
		if a.rt != "" {
			other = b
		}
		return m.isTag(other, rtTag) // false but for another run-time error
	}
	r := m.and(m.isTag(a, 0), m.isTag(b, 0))
	m.sameTypes(a, b, func(id int, both *scalar, t *ir.Type) {
		if comparableType(t) {
			c, term := m.equal(t, m.alt(a, id), m.alt(b, id))
			r = m.or(r, m.and(both, mk(b2u(c), term, 0)))
		}
	})
	return m.or(r, m.otherToo(a, b))
}

// sameTypes calls f for each dynamic type a and b may both hold: its id,
// the bool "both hold it", and the type.
func (m *machine) sameTypes(a, b *iface, f func(id int, both *scalar, t *ir.Type)) {
	if m.beyondBound(a) || m.beyondBound(b) {
		return // otherToo stands for what they may hold
	}
	m.checkDeadline() // comparisons nest through the values of the candidates
	bids := map[int]bool{}
	for _, id := range b.ids() {
		bids[id] = true
	}
	for _, id := range a.ids() {
		if !bids[id] {
			continue
		}
		both := m.and(m.isTag(a, id), m.isTag(b, id))
		if both.s == nil && both.c == 0 {
			continue
		}
		f(id, both, dyn(m.root.Prog, id).Type)
	}
}

// comparableIfaces is Comparable: a == b does not panic.
func (m *machine) comparableIfaces(a, b *iface) *scalar {
	return m.not(m.ifacesPanic(a, b))
}

// typeComparable is Comparable with one operand: the dynamic type of x
// compares (reflect's Type.Comparable); true for nil.
func (m *machine) typeComparable(x *iface) *scalar {
	if x.rt != "" {
		return kc(1, 0) // the run-time error types are comparable
	}
	bad := kc(0, 0)
	for _, id := range x.ids() {
		if !comparableType(dyn(m.root.Prog, id).Type) {
			bad = m.or(bad, m.isTag(x, id))
		}
	}
	if x.other {
		bad = m.or(bad, m.and(m.isTag(x, otherTag), m.unknown()))
	}
	return m.not(bad)
}

// ifacesPanic is the condition under which Go's a == b panics: both hold
// one type whose values do not compare, or one type holding interfaces (a
// struct, an array) whose comparison meets such a pair (cmpPanics).
func (m *machine) ifacesPanic(a, b *iface) *scalar {
	if a.rt != "" || b.rt != "" {
		return kc(0, 0) // a recovered run-time error never equals another value
	}
	bad := kc(0, 0)
	m.sameTypes(a, b, func(id int, both *scalar, t *ir.Type) {
		if !comparableType(t) {
			bad = m.or(bad, both)
		} else if holdsInterface(t) {
			bad = m.or(bad, m.and(both, m.cmpPanics(t, m.alt(a, id), m.alt(b, id))))
		}
	})
	return m.or(bad, m.otherToo(a, b))
}

// cmpPanics is the condition under which Go's a == b, on values of type t,
// panics: two interfaces inside holding one type whose values do not
// compare, met before the comparison stops. Go compares the fields of a
// struct (the elements of an array) in order and stops at the first pair
// that differs (the spec; gc does so: struct{V any; A int} with equal
// slices in V panics even when A differs, struct{A int; V any} does not).
func (m *machine) cmpPanics(t *ir.Type, a, b val) *scalar {
	switch t.Kind {
	case ir.KInterface:
		return m.ifacesPanic(a.(*iface), b.(*iface))
	case ir.KArray, ir.KStruct:
		if !holdsInterface(t) {
			return kc(0, 0)
		}
		aa, ba := a.(*agg), b.(*agg)
		bad, same := kc(0, 0), kc(1, 0)
		for i := range aa.elems {
			et := t.Elem
			if t.Kind == ir.KStruct {
				et = t.Fields[i].Type
			}
			bad = m.or(bad, m.and(same, m.cmpPanics(et, aa.elems[i], ba.elems[i])))
			c, term := m.equal(et, aa.elems[i], ba.elems[i])
			same = m.and(same, mk(b2u(c), term, 0))
			if same.s == nil && same.c == 0 {
				break
			}
		}
		return bad
	}
	return kc(0, 0)
}

// comparableType reports whether Go's == compares values of t without
// panicking whatever they hold inside (interfaces inside may hold values
// that do not compare: cmpPanics).
func comparableType(t *ir.Type) bool {
	switch t.Kind {
	case ir.KSlice, ir.KMap, ir.KFunc:
		return false
	case ir.KArray:
		return comparableType(t.Elem)
	case ir.KStruct:
		for _, f := range t.Fields {
			if !comparableType(f.Type) {
				return false
			}
		}
	}
	return true
}

// holdsInterface reports whether t is or holds (in a struct or an array)
// an interface.
func holdsInterface(t *ir.Type) bool {
	switch t.Kind {
	case ir.KInterface:
		return true
	case ir.KArray:
		return holdsInterface(t.Elem)
	case ir.KStruct:
		for _, f := range t.Fields {
			if holdsInterface(f.Type) {
				return true
			}
		}
	}
	return false
}
