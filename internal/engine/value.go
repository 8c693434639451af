// Run-time values of the concolic interpreter: concrete parts with optional symbolic terms.

package engine

import (
	"fmt"

	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
)

// val is a run-time value: *scalar, *agg, *ptr, *tuple, *str, *slice, *mapv,
// *table (the contents of a map's object), *iter, *iface (ifaces.go) or
// *closure (closures.go).
type val interface{ isVal() }

// scalar is a bool or integer: its concrete bits and, when it depends on the
// inputs, the symbolic term computing it (nil when concrete).
type scalar struct {
	c     uint64
	s     *expr.Term
	width int // 0 for bool
}

// agg is an array or struct value (copied on write).
type agg struct{ elems []val }

// newAgg returns an aggregate of n nil elements; a small one is allocated
// with its elements, in one object.
func newAgg(n int) *agg {
	switch {
	case n <= 4:
		x := new(struct {
			a  agg
			es [4]val
		})
		return x.a.with(x.es[:n:n])
	case n <= 16:
		x := new(struct {
			a  agg
			es [16]val
		})
		return x.a.with(x.es[:n:n])
	}
	return &agg{elems: make([]val, n)}
}

func (a *agg) with(elems []val) *agg {
	a.elems = elems
	return a
}

// ptr points into a memory object; obj == nil is the constant nil. An input
// pointer may be nil: nilT is the input variable "<name>#nil" saying so,
// isNil its concrete value, and obj is the object it points to when it is
// not nil (so that comparisons know its identity whichever way the run
// went).
type ptr struct {
	obj   *object
	path  []step
	nilT  *expr.Term
	isNil bool
}

// step selects a field or an element. An element index may be symbolic.
type step struct {
	index *scalar // array element (nil for a field)
	field int
	elem  *ir.Type // an element's type, when known: what a read beyond the elements yields
}

// tuple holds the results of a call with several results.
type tuple struct{ elems []val }

// str is a string: its length (an i64 scalar) and its byte slots (u8
// scalars). Every length the string can have is at most len(b); the bytes
// at or beyond the concrete length are never observed by the program.
type str struct {
	n *scalar
	b []*scalar
	// root, off: a substring lies in root's memory at offset off (root
	// nil: in its own, at 0); only the address arithmetic of string
	// headers reads them (dataOffset).
	root *str
	off  *scalar
}

// slice is a window [off, off+n) with capacity cap on a backing array: the
// array value at path base in object arr (an *agg of element slots; base is
// empty unless the slice was made from a pointer to an array inside another
// value), or nil (isNil, or nilT for an input slice whose nil-ness is
// symbolic).
type slice struct {
	arr         *object
	base        []step
	off, n, cap *scalar
	nilT        *expr.Term
	isNil       bool
}

// mapv is a map: a reference to an object holding its *table, or nil.
type mapv struct {
	obj   *object
	nilT  *expr.Term
	isNil bool
}

// table is the contents of a map: entries in insertion order, each present
// or not (a term: whether an entry is present can depend on the inputs).
// Keys of present entries are distinct. Tables are immutable: an update
// makes a new one.
type table struct{ entries []entry }

type entry struct {
	present *scalar
	key, v  val
}

// iter is the state of a range over a string (s, pos: the next byte index)
// or over a map (m: its object, next: the next entry index to look at).
type iter struct {
	s    *str
	pos  *scalar
	m    *object
	next int
}

// object is a memory cell holding one value: a local whose address is
// taken, new(T), a backing array, a map's table, a package-level variable,
// or an input's pointee (made on first use when lazy is set).
type object struct {
	v    val
	lazy *lazyInput
	// input is the path of the pointer input this object is the pointee of
	// (the zero path for other objects); shared numbers, from 1, the objects of the package
	// state a run starts from (package-level variables and what the
	// package's initialization allocated): a caller could hand the function
	// one of these where it takes a pointer input (sameTarget).
	input  ir.InputPath
	shared int
	// dirty records a write to the object (set).
	dirty bool
	// readOnly: the bytes of a string a []byte views (ir.ReadOnly); a
	// write aborts the run.
	readOnly bool
	// capUnsure, when set, is why the object's contents are not known: an
	// append on a slice of it whose aliasing a conversion's capacity
	// decides (convcap.go); reading or writing it leaves the run to what
	// a test cannot fix.
	capUnsure string
	// stub, for the object a stub an interface input holds points to, is
	// the stub (stubs.go).
	stub *stubState
}

// set writes the object's value.
func (o *object) set(v val) {
	if o.readOnly {
		panic(runError("a write into the bytes of a string that a []byte views through its header (Go's strings are immutable: the write faults, or changes the string)"))
	}
	o.v = v
	o.dirty = true
}

func (*scalar) isVal() {}
func (*agg) isVal()    {}
func (*ptr) isVal()    {}
func (*tuple) isVal()  {}
func (*str) isVal()    {}
func (*slice) isVal()  {}
func (*mapv) isVal()   {}
func (*table) isVal()  {}
func (*iter) isVal()   {}

// term returns the symbolic term of a scalar, making a constant for concrete ones.
func (e *Engine) term(s *scalar) *expr.Term {
	if s.s != nil {
		return s.s
	}
	return e.constTerm(s.width, s.c)
}

// constTerm is B.Const: the small constants of the usual widths come from
// the engine's table, filled on first use (without the builder's lock).
func (e *Engine) constTerm(w int, c uint64) *expr.Term {
	i := widthIndex(w)
	if i < 0 || c >= 256 {
		return e.B.Const(w, c)
	}
	if e.kB != e.B {
		e.kB, e.kterms = e.B, nil // B was replaced: its terms only
	}
	if e.kterms == nil {
		e.kterms = new([5][256]*expr.Term)
	}
	t := e.kterms[i][c]
	if t == nil {
		t = e.B.Const(w, c)
		e.kterms[i][c] = t
	}
	return t
}

// widthIndex is the row of a width in the tables of small values (-1: none).
func widthIndex(w int) int {
	switch w {
	case 0:
		return 0
	case 8:
		return 1
	case 16:
		return 2
	case 32:
		return 3
	case 64:
		return 4
	}
	return -1
}

// mk returns a scalar with the given term, folding constant terms to concrete.
func mk(c uint64, t *expr.Term, width int) *scalar {
	if t == nil {
		return cs(c, width)
	}
	if t.IsConst() {
		return cs(t.Val, width)
	}
	return &scalar{c: c, s: t, width: width}
}

// i64 returns the concrete i64 scalar v.
func i64(v uint64) *scalar { return cs(v, 64) }

// smallScalars holds the concrete scalars 0..255 of every width, shared:
// scalars are immutable, and most concrete values (counters, bools, small
// constants) are small, so most operations allocate nothing.
var smallScalars = func() (t [5][256]scalar) {
	for i, w := range []int{0, 8, 16, 32, 64} {
		for v := range t[i] {
			t[i][v] = scalar{c: uint64(v) & expr.Mask(w), width: w}
		}
	}
	return
}()

// cs returns the concrete scalar c of width w.
func cs(c uint64, w int) *scalar {
	if c < 256 {
		if i := widthIndex(w); i >= 0 {
			return &smallScalars[i][c&expr.Mask(w)]
		}
	}
	return &scalar{c: c, width: w}
}

// boolean returns the concrete bool scalar b.
func boolean(b bool) *scalar { return &scalar{c: b2u(b)} }

func widthOf(t *ir.Type) int {
	switch t.Kind {
	case ir.KBool:
		return 0
	case ir.KInt, ir.KFloat:
		return t.Width
	}
	panic(fmt.Sprintf("engine: not a scalar type: %s", t))
}

// emptyArray is the backing array of nil and empty slices made by the program.
func emptyArray() *object { return &object{v: &agg{}} }

// zero returns the zero value of t.
func zero(t *ir.Type) val {
	switch t.Kind {
	case ir.KBool, ir.KInt, ir.KFloat:
		return cs(0, widthOf(t))
	case ir.KArray:
		a := newAgg(t.Len)
		for i := range a.elems {
			a.elems[i] = zero(t.Elem)
		}
		return a
	case ir.KStruct:
		a := newAgg(len(t.Fields))
		for i, f := range t.Fields {
			a.elems[i] = zero(f.Type)
		}
		return a
	case ir.KPointer:
		return &ptr{}
	case ir.KString:
		return &str{n: i64(0)}
	case ir.KSlice:
		return &slice{arr: emptyArray(), off: i64(0), n: i64(0), cap: i64(0), isNil: true}
	case ir.KMap:
		return &mapv{isNil: true}
	case ir.KTuple:
		tp := &tuple{elems: make([]val, len(t.Elems))}
		for i, et := range t.Elems {
			tp.elems[i] = zero(et)
		}
		return tp
	case ir.KInterface:
		return &iface{tag: kc(0, tagWidth)}
	case ir.KFunc:
		return &closure{}
	}
	panic(fmt.Sprintf("engine: no zero value for %s", t))
}

// nilness returns whether a pointer, slice, map or function value is nil, concretely and as a
// term (nil when it does not depend on the inputs).
func nilness(v val) (bool, *expr.Term) {
	switch v := v.(type) {
	case *ptr:
		if v.obj == nil {
			return true, nil
		}
		return v.isNil, v.nilT
	case *slice:
		return v.isNil, v.nilT
	case *mapv:
		if v.obj == nil {
			return true, nil
		}
		return v.isNil, v.nilT
	case *closure:
		return v.null(), v.nilT
	}
	panic(fmt.Sprintf("engine: nilness of %T", v))
}

// ite merges two values of one type under a symbolic condition whose concrete
// value is cc. Values that are references (pointers, slices, maps) merge only
// when they refer to the same object; otherwise the run is abandoned (runError)
// or, inside a merged region, the merge is undone.
func (e *Engine) ite(cond *expr.Term, cc bool, a, b val) val {
	switch a := a.(type) {
	case *scalar:
		bs := b.(*scalar)
		c := bs.c
		if cc {
			c = a.c
		}
		if a.s == nil && bs.s == nil && a.c == bs.c {
			return a
		}
		return mk(c, e.B.Ite(cond, e.term(a), e.term(bs)), a.width)
	case *agg:
		ba := b.(*agg)
		if a == ba {
			return a
		}
		r := &agg{elems: make([]val, len(a.elems))}
		for i := range a.elems {
			r.elems[i] = e.ite(cond, cc, a.elems[i], ba.elems[i])
		}
		return r
	case *tuple:
		bt := b.(*tuple)
		r := &tuple{elems: make([]val, len(a.elems))}
		for i := range a.elems {
			r.elems[i] = e.ite(cond, cc, a.elems[i], bt.elems[i])
		}
		return r
	case *str:
		bs := b.(*str)
		if a == bs {
			return a
		}
		n := len(a.b)
		if len(bs.b) > n {
			n = len(bs.b)
		}
		r := &str{n: e.ite(cond, cc, a.n, bs.n).(*scalar), b: make([]*scalar, n)}
		for k := range r.b {
			r.b[k] = e.ite(cond, cc, slot(a.b, k), slot(bs.b, k)).(*scalar)
		}
		return r
	case *ptr:
		bp := b.(*ptr)
		if samePtr(a, bp) {
			return a
		}
		panic(runError("a symbolic choice between two pointers"))
	case *slice:
		bs := b.(*slice)
		if a.arr != bs.arr || a.nilT != bs.nilT || a.isNil != bs.isNil {
			panic(runError("a symbolic choice between two slices"))
		}
		if !sameSteps(a.base, bs.base) {
			panic(runError("a symbolic choice between two slices"))
		}
		return &slice{arr: a.arr, base: a.base, off: e.ite(cond, cc, a.off, bs.off).(*scalar), n: e.ite(cond, cc, a.n, bs.n).(*scalar),
			cap: e.ite(cond, cc, a.cap, bs.cap).(*scalar), nilT: a.nilT, isNil: a.isNil}
	case *mapv:
		bm := b.(*mapv)
		if a.obj != bm.obj || a.nilT != bm.nilT || a.isNil != bm.isNil {
			panic(runError("a symbolic choice between two maps"))
		}
		return a
	case *iface:
		return e.iteIface(cond, cc, a, b.(*iface))
	case *closure:
		return iteClosure(a, b.(*closure))
	}
	panic(fmt.Sprintf("engine: ite of %T", a))
}

// slot returns slots[k], or a zero byte beyond them (padding when two
// strings with different slot counts merge; never observed).
func slot(slots []*scalar, k int) *scalar {
	if k < len(slots) {
		return slots[k]
	}
	return &scalar{width: 8}
}

func samePtr(a, b *ptr) bool {
	return a.obj == b.obj && a.nilT == b.nilT && a.isNil == b.isNil && sameSteps(a.path, b.path)
}

// sameSteps reports whether two access paths are the same (indices by
// identity of their concrete value and term).
func sameSteps(a, b []step) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := a[i], b[i]
		if (x.index == nil) != (y.index == nil) || x.field != y.field {
			return false
		}
		if x.index != nil && (x.index.c != y.index.c || x.index.s != y.index.s) {
			return false
		}
	}
	return true
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}
