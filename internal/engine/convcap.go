// The capacity of []byte(s) and []rune(s), which gc's escape analysis decides, and the appends whose aliasing depends on it.

package engine

import (
	"fmt"
	"slices"
	"strings"

	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
)

// The keys under which the capacity of a conversion is tainted, and their
// reasons. Go does not fix it: gc makes []byte(s) of n bytes with capacity
// n when the result is never mutated (zero-copy, or a constant string), 32
// (a stack buffer) when it does not escape and n <= 32, or n rounded up to
// the allocator's size class; []rune(s) of n runes gets 32 (n <= 32, not
// escaping) or its size class. Which one depends on escape analysis of the
// function as compiled, inlined into the test or not.
const (
	capBytesKey    = "the capacity of []byte(s)"
	CapBytesReason = "depends on the capacity of []byte(s), which gc's escape analysis decides (its length, 32 or its size class)"
	capRunesKey    = "the capacity of []rune(s)"
	CapRunesReason = "depends on the capacity of []rune(s), which gc's escape analysis decides (32 or its size class)"
)

// tmpBufLen is the length of the runtime's stack buffer for conversions
// whose result does not escape (tmpStringBufSize).
const tmpBufLen = 32

// convCaps is the set of capacities gc can give a conversion of n
// elements of elem, sorted ([]byte(s) when bytes, else []rune(s)).
func convCaps(n int, elem *ir.Type, bytes bool) []int {
	caps := []int{ir.GrowCap(0, n, elem)}
	if n <= tmpBufLen {
		caps = append(caps, tmpBufLen)
	}
	if bytes {
		caps = append(caps, n)
	}
	slices.Sort(caps)
	return slices.Compact(caps)
}

// convCap is the capacity of a conversion of n elements: the one gc gives
// when every compilation gives the same, else a variable tainted under the
// conversion's key whose concrete value is the heap's (the size class),
// the capacities gc can give for this run's length noted (capOpts). A
// branch on it that they do not all decide alike (capDecided), or an
// append whose aliasing it decides (appendUnsure), leaves the run to what
// a test cannot fix.
func (m *machine) convCap(n *scalar, elem *ir.Type, bytes bool) *scalar {
	if n.c > maxAlloc {
		panic(runError(fmt.Sprintf("a conversion of %d elements: too large to model", n.c)))
	}
	caps := convCaps(int(n.c), elem, bytes)
	if n.s == nil && len(caps) == 1 {
		return i64(uint64(caps[0]))
	}
	key := capRunesKey
	if bytes {
		key = capBytesKey
	}
	return m.capChoice(key, uint64(ir.GrowCap(0, int(n.c), elem)), caps, n, n.s != nil)
}

// capChoice is a fresh capacity of a slice of length n, tainted under key,
// with concrete value c, that gc may give any of caps (for this run's
// lengths; sym when they are symbolic, or when caps are not all, nil when
// not known). It records the domain fact that it is at least n: so the
// solver's choice of it, free otherwise, cannot refute what every
// capacity gc gives satisfies (a bounds check within the length, b[1:3]
// of 3 bytes or more).
func (m *machine) capChoice(key string, c uint64, caps []int, n *scalar, sym bool) *scalar {
	if m.capOpts == nil {
		m.capOpts, m.capSym = map[*expr.Term][]int{}, map[*expr.Term]bool{}
	}
	x := m.extVar(key, c, 64)
	m.lowerCapFloor(x.s.ID + 1)
	if caps != nil {
		m.capOpts[x.s] = caps
		m.capSym[x.s] = sym
	}
	if !m.merging && !m.inInit && m.at != nil {
		atLeast := m.uop(ir.Le, n, x)
		m.domain(m.at, ir.DomainFact, "capacity", atLeast.s, true)
	}
	return x
}

// lowerCapFloor notes a tainted capacity variable of ID floor-1 (0: none).
func (m *machine) lowerCapFloor(floor int) {
	if floor > 0 && (m.capFloor == 0 || floor < m.capFloor) {
		m.capFloor = floor
	}
}

// convArray is the backing array of a conversion: elems, zeros beyond a
// concrete length n up to the capacity's concrete value (the runtime
// clears the rest of its buffer or allocation). Beyond a symbolic length
// the slots keep elems: the capacity is then tainted, so no run that
// reads them (by reslicing beyond the length) is trusted.
func (m *machine) convArray(elems []val, n, c *scalar, elem *ir.Type) *object {
	out := make([]val, max(len(elems), int(c.c)))
	for k := range out {
		if k < len(elems) && (n.s != nil || uint64(k) < n.c) {
			out[k] = elems[k]
		} else {
			out[k] = zero(elem)
		}
	}
	return &object{v: &agg{elems: out}}
}

// capKey is the key of the tainted capacity t depends on, or "". A term
// holding a variable is made after it (expr: IDs increase), so terms older
// than the run's first capacity variable are not looked into: a branch
// pays only for the terms made since (memoized per run: terms are shared).
func (m *machine) capKey(t *expr.Term) string {
	if t == nil || m.capFloor == 0 || t.ID+1 < m.capFloor {
		return ""
	}
	if key, ok := m.capMemo[t]; ok {
		return key
	}
	key := ""
	if t.Op == expr.OpVar {
		switch k := External(t.Name); k {
		case capBytesKey, capRunesKey:
			key = k
		}
	}
	for _, a := range t.Args {
		if key != "" {
			break
		}
		key = m.capKey(a)
	}
	if m.capMemo == nil {
		m.capMemo = map[*expr.Term]string{}
	}
	m.capMemo[t] = key
	return key
}

// appendUnsure is append(s, src...) (k elements) when whether it fits in
// s's capacity depends on a conversion's capacity (key). When s's capacity
// is the conversion's own, of a concrete length, and the lengths are
// concrete, every capacity gc can give is tried: if all agree, the append
// is exact (in place, or a new array whose capacity is tainted only if the
// growths differ). Otherwise the result is a new array (as if it did not
// fit), its capacity tainted, and s's array is marked: whatever reads or
// writes it later (through s, or through the result had it fitted) sees
// what the compiled function may not, and leaves the run to what a test
// cannot fix.
func (m *machine) appendUnsure(in *ir.Builtin, elem *ir.Type, s *slice, src []val, k, newLen *scalar, nilT *expr.Term, isNil bool, key string) *slice {
	if newLen.c > maxAlloc {
		panic(runError(fmt.Sprintf("append to %d elements: too large to model", newLen.c)))
	}
	nl := int(newLen.c)
	caps := m.capOpts[s.cap.s]
	fit := 0
	var after []int // the capacity of the result, for each of caps
	for _, c := range caps {
		if nl <= c {
			fit++
			after = append(after, c)
		} else {
			after = append(after, ir.GrowCap(c, nl, elem))
		}
	}
	slices.Sort(after)
	after = slices.Compact(after)
	exact := caps != nil && !m.capSym[s.cap.s] && newLen.s == nil
	if exact && fit == len(caps) {
		return m.appendInPlace(s, src, k, newLen, nilT, isNil)
	}
	c := s.cap.c
	if uint64(nl) > c {
		c = uint64(ir.GrowCap(int(c), nl, elem))
	}
	if exact && fit == 0 {
		nc := i64(uint64(after[0]))
		if len(after) > 1 {
			nc = m.capChoice(key, c, after, newLen, false)
		}
		return m.appendNew(elem, s, src, k, newLen, nc, after[len(after)-1], nilT, isNil)
	}
	// Which way it goes is not known: the new array, and s's array marked.
	nc := m.capChoice(key, c, after, newLen, true)
	total := max(int(c), len(m.window(s))+len(src))
	r := m.appendNew(elem, s, src, k, newLen, nc, total, nilT, isNil)
	s.arr.capUnsure = unfixedReason(key) // after appendNew read it
	return r
}

// capDecided reports whether the condition t, whose concrete value is c,
// has that value whatever capacities gc gives: every variable of t is an
// input this run has a value for, or a tainted capacity whose possible
// values are known, and t evaluates to c under each combination of them.
// A bounds check b[i:j] on a conversion's capacity, with j at most the
// length, is such a condition: the run stays one a test can follow.
func (m *machine) capDecided(t *expr.Term, c uint64) bool {
	model := m.withDefaults(t) // the inputs' values in this run
	var caps []*expr.Term
	for _, v := range expr.Vars(t) {
		switch {
		case strings.HasPrefix(v.Name, "any#"):
			return false // a value the run has but no model (anyLike)
		case External(v.Name) == "":
		case m.capOpts[v] == nil:
			return false
		default:
			caps = append(caps, v)
		}
	}
	combos := 1
	for _, v := range caps {
		combos *= len(m.capOpts[v])
	}
	if combos > 64 {
		return false
	}
	for k := range combos {
		for _, v := range caps {
			opts := m.capOpts[v]
			model[v.Name] = uint64(opts[k%len(opts)])
			k /= len(opts)
		}
		if expr.Eval(t, model) != c {
			return false
		}
	}
	return true
}
