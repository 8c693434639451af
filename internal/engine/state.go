// State numbers: an exact, interned fingerprint of the machine state at a branch instance (Engine.States).

package engine

import (
	"unsafe"

	"leapfrog/internal/cfg"
	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
)

// States, when Engine.States is set, numbers the machine state at every
// recorded step (Step.State): two steps get the same number exactly when
// everything the rest of the run depends on is the same at them, so that
// anything learnt about the continuations of one holds for the other. The
// state is, for every frame of the call stack from the function under test
// down: the function and the position (the branch, or the call the frame
// waits on); the values live there (SSA liveness: used later without being
// redefined first; plus the branch's condition), each as its term when it
// depends on the inputs and as its bits when it does not; the memory reachable
// from them (objects numbered in the order they are met, so that two runs
// allocating their own objects compare equal); the iteration counts of the
// loops around the position; and the loop whose models the run left, if any.
// The concrete bits of symbolic values are left out: they are meaningless in
// forced runs, and the continuations' constraints do not depend on them.
//
// Numbers are exact (interned encodings, not hashes: no collision can make
// two different states equal) and stable for the life of the engine; 0 means
// not numbered.
type States struct {
	ids   map[string]int
	live  map[*ir.Function]*liveness
	names map[unsafe.Pointer]uint64 // functions and instructions, numbered
	buf   []uint64
	objs  map[*object]uint64
	// pristine says that no object of the run's package state was written:
	// each then encodes as its number in that state (its contents, and all
	// it reaches, are the initial ones), not as its contents. A package with
	// large tables (strconv's powers of ten) made every state's encoding
	// tens of kilobytes, and a function's states gigabytes.
	pristine bool
	bytes    int // the encodings' total size
}

// maxStateBytes bounds the memory of the interned encodings. A function
// whose states are large (an input holding an [800]byte array, as strconv's
// decimal does) made gigabytes of them in seconds; beyond the bound a new
// state is not numbered (0), which only costs TreeFrog the conflicts it
// would have reused there.
const maxStateBytes = 256 << 20

// NewStates returns an empty numbering.
func NewStates() *States {
	return &States{ids: map[string]int{}, live: map[*ir.Function]*liveness{}, names: map[unsafe.Pointer]uint64{}}
}

// Len returns the number of distinct states numbered so far.
func (st *States) Len() int { return len(st.ids) }

// liveness holds the SSA values live after each block and after each call.
type liveness struct {
	out   map[*ir.Block][]ir.Value // live at the end of the block (phi edges included)
	after map[ir.Instr][]ir.Value  // live right after a call (call, invoke, callv, rundefers)
	loops []*cfg.Loop
}

// liveOf computes (once) the liveness of fn's values: backward dataflow over
// the blocks, a phi operand counting as a use at the end of its edge's
// predecessor.
func (st *States) liveOf(fn *ir.Function) *liveness {
	if l := st.live[fn]; l != nil {
		return l
	}
	order := map[ir.Value]int{} // deterministic order of values
	for _, p := range fn.Params {
		order[p] = len(order)
	}
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			if v, ok := in.(ir.Value); ok {
				order[v] = len(order)
			}
		}
	}
	tracked := func(v ir.Value) bool { _, ok := order[v]; return ok }
	in := map[*ir.Block]map[ir.Value]bool{}
	out := map[*ir.Block]map[ir.Value]bool{}
	for _, b := range fn.Blocks {
		in[b], out[b] = map[ir.Value]bool{}, map[ir.Value]bool{}
	}
	for changed := true; changed; {
		changed = false
		for i := len(fn.Blocks) - 1; i >= 0; i-- {
			b := fn.Blocks[i]
			o := out[b]
			for _, s := range b.Succs {
				k := predIndex(s, b)
				for v := range in[s] {
					if !o[v] {
						o[v], changed = true, true
					}
				}
				for _, x := range s.Instrs {
					phi, ok := x.(*ir.Phi)
					if !ok {
						break
					}
					if e := phi.Edges[k]; tracked(e) && !o[e] {
						o[e], changed = true, true
					}
				}
			}
			live := map[ir.Value]bool{}
			for v := range o {
				live[v] = true
			}
			for j := len(b.Instrs) - 1; j >= 0; j-- {
				x := b.Instrs[j]
				if v, ok := x.(ir.Value); ok {
					delete(live, v)
				}
				if _, ok := x.(*ir.Phi); ok {
					continue // its operands are used on the edges
				}
				for _, a := range x.Operands() {
					if tracked(a) {
						live[a] = true
					}
				}
			}
			for v := range live {
				if !in[b][v] {
					in[b][v], changed = true, true
				}
			}
		}
	}
	sorted := func(set map[ir.Value]bool) []ir.Value {
		vs := make([]ir.Value, 0, len(set))
		for v := range set {
			vs = append(vs, v)
		}
		for i := 1; i < len(vs); i++ { // insertion sort by order
			for j := i; j > 0 && order[vs[j]] < order[vs[j-1]]; j-- {
				vs[j], vs[j-1] = vs[j-1], vs[j]
			}
		}
		return vs
	}
	l := &liveness{out: map[*ir.Block][]ir.Value{}, after: map[ir.Instr][]ir.Value{}}
	if len(fn.Blocks) > 0 {
		l.loops = cfg.Loops(fn)
	}
	for _, b := range fn.Blocks {
		l.out[b] = sorted(out[b])
		live := map[ir.Value]bool{}
		for v := range out[b] {
			live[v] = true
		}
		for j := len(b.Instrs) - 1; j >= 0; j-- {
			x := b.Instrs[j]
			switch x.(type) {
			case *ir.Call, *ir.Invoke, *ir.CallValue, *ir.RunDefers:
				after := map[ir.Value]bool{}
				for v := range live {
					after[v] = true
				}
				if v, ok := x.(ir.Value); ok {
					delete(after, v) // its result is set on return
				}
				l.after[x] = sorted(after)
			}
			if v, ok := x.(ir.Value); ok {
				delete(live, v)
			}
			if _, ok := x.(*ir.Phi); ok {
				continue
			}
			for _, a := range x.Operands() {
				if tracked(a) {
					live[a] = true
				}
			}
		}
	}
	// A panic a deferred call recovers makes the function return its named
	// results (RecoverResults): they are live everywhere.
	for _, v := range fn.RecoverResults {
		if !tracked(v) {
			continue
		}
		for b, vs := range l.out {
			l.out[b] = sorted(addValue(vs, v))
		}
		for c, vs := range l.after {
			l.after[c] = sorted(addValue(vs, v))
		}
	}
	st.live[fn] = l
	return l
}

// addValue returns the set vs with v.
func addValue(vs []ir.Value, v ir.Value) map[ir.Value]bool {
	set := map[ir.Value]bool{v: true}
	for _, x := range vs {
		set[x] = true
	}
	return set
}

func (st *States) name(p unsafe.Pointer) uint64 {
	n, ok := st.names[p]
	if !ok {
		n = uint64(len(st.names) + 1)
		st.names[p] = n
	}
	return n
}

// number returns the state number of machine m at branch in (of block b in
// the innermost frame).
func (st *States) number(m *machine, in *ir.If, b *ir.Block) int {
	st.buf = st.buf[:0]
	st.objs = map[*object]uint64{}
	st.pristine = m.pristine()
	for i, fr := range m.stack {
		l := st.liveOf(fr.fn)
		st.buf = append(st.buf, 1, st.name(unsafe.Pointer(fr.fn)))
		var vals []ir.Value
		var at *ir.Block
		if i == len(m.stack)-1 {
			at = b
			st.buf = append(st.buf, st.name(unsafe.Pointer(in)))
			vals = l.out[b]
			st.value(fr, in.Cond)
		} else {
			at = fr.call.Block()
			st.buf = append(st.buf, st.name(instrPointer(fr.call)))
			vals = l.after[fr.call] // a panicking frame (fr.call a Panic): the recover results only
			if _, panicking := fr.call.(*ir.Panic); panicking {
				for _, v := range fr.fn.RecoverResults {
					st.value(fr, v)
				}
			}
		}
		st.defers(fr)
		st.buf = append(st.buf, uint64(len(vals)))
		for _, v := range vals {
			st.value(fr, v)
		}
		for _, lp := range l.loops {
			if lp.Contains(at) {
				st.buf = append(st.buf, 2, uint64(fr.iters[lp.Header.Index]))
			}
		}
	}
	if m.missed != nil {
		st.buf = append(st.buf, 3, st.name(unsafe.Pointer(m.missed.Fn)), uint64(m.missed.Num))
	}
	st.panicState(m.panic)
	// Package-level variables, and whether a range over a map chose an
	// order or an address was printed.
	st.buf = append(st.buf, 13, uint64(len(m.globals)), b2u(m.orderDep)|unfixedCode(m.unfixed)<<1)
	for _, g := range m.globals {
		st.object(g)
	}
	b8 := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(st.buf))), len(st.buf)*8)
	if id, ok := st.ids[string(b8)]; ok {
		return id
	}
	if st.bytes+len(b8) > maxStateBytes {
		return 0 // not numbered: no side is ever blocked at it
	}
	st.bytes += len(b8)
	id := len(st.ids) + 1
	st.ids[string(b8)] = id
	return id
}

// value appends the encoding of operand v's value in frame fr.
func (st *States) value(fr *frame, v ir.Value) {
	switch v := v.(type) {
	case *ir.Const:
		st.buf = append(st.buf, 4, v.Val, st.name(unsafe.Pointer(v)))
		return
	case *ir.Global:
		st.buf = append(st.buf, 14, uint64(v.Index))
		return
	}
	x := fr.slots[fr.code.slotOf(v)]
	if x == nil {
		st.buf = append(st.buf, 5)
		return
	}
	st.val(x)
}

// object appends the number of an object, and its contents the first time
// it is met.
func (st *States) object(o *object) {
	if o == nil {
		st.buf = append(st.buf, 10)
		return
	}
	n, seen := st.objs[o]
	if !seen {
		n = uint64(len(st.objs) + 1)
		st.objs[o] = n
	}
	st.buf = append(st.buf, 11, n)
	if seen {
		return
	}
	if st.pristine && o.shared > 0 {
		st.buf = append(st.buf, 16, uint64(o.shared))
		return
	}
	if o.stub != nil {
		st.stub(o.stub)
		return
	}
	if o.capUnsure != "" {
		st.buf = append(st.buf, 40) // its contents not known (convcap.go)
	}
	if o.lazy != nil {
		// An input pointee not made yet: its name says what it will be.
		name := o.lazy.path.String()
		st.buf = append(st.buf, 15, uint64(len(name)))
		for i := 0; i < len(name); i++ {
			st.buf = append(st.buf, uint64(name[i]))
		}
		return
	}
	st.val(o.v)
}

// term appends a scalar: its term when symbolic, else its bits.
func (st *States) scalar(x *scalar) {
	if x.s != nil {
		st.buf = append(st.buf, 6, uint64(x.s.ID))
	} else {
		st.buf = append(st.buf, 7, x.c, uint64(x.width))
	}
}

// ref appends a reference's nil-ness: its term when symbolic, else whether
// it is nil.
func (st *States) ref(t *expr.Term, isNil bool) {
	if t != nil {
		st.buf = append(st.buf, 21, uint64(t.ID))
	} else {
		st.buf = append(st.buf, 22, b2u(isNil))
	}
}

// path appends an access path.
func (st *States) path(p []step) {
	st.buf = append(st.buf, uint64(len(p)))
	for _, s := range p {
		if s.index == nil {
			st.buf = append(st.buf, 12, uint64(s.field))
		} else {
			st.scalar(s.index)
		}
	}
}

func (st *States) val(x val) {
	switch x := x.(type) {
	case *scalar:
		st.scalar(x)
	case *agg:
		st.buf = append(st.buf, 8, uint64(len(x.elems)))
		for _, e := range x.elems {
			st.val(e)
		}
	case *tuple:
		st.buf = append(st.buf, 9, uint64(len(x.elems)))
		for _, e := range x.elems {
			st.val(e)
		}
	case *ptr:
		st.ref(x.nilT, x.isNil)
		st.object(x.obj)
		st.path(x.path)
	case *str:
		st.buf = append(st.buf, 16, uint64(len(x.b)))
		st.scalar(x.n)
		for _, b := range x.b {
			st.scalar(b)
		}
	case *slice:
		st.buf = append(st.buf, 17)
		st.ref(x.nilT, x.isNil)
		st.object(x.arr)
		st.path(x.base)
		st.scalar(x.off)
		st.scalar(x.n)
		st.scalar(x.cap)
	case *mapv:
		st.buf = append(st.buf, 18)
		st.ref(x.nilT, x.isNil)
		st.object(x.obj)
	case *table:
		st.buf = append(st.buf, 19, uint64(len(x.entries)))
		for _, e := range x.entries {
			st.scalar(e.present)
			st.val(e.key)
			st.val(e.v)
		}
	case *iter:
		st.buf = append(st.buf, 20, uint64(x.next))
		if x.s != nil {
			st.val(x.s)
			st.scalar(x.pos)
		}
		st.object(x.m)
	case *iface:
		st.iface(x)
	case *closure:
		st.closure(x)
	default:
		panic("engine: state of an unknown value kind")
	}
}

// pristine reports whether the run's package state is as the initializer
// left it: no object of it written (an object reached from it that is not
// of it got there by a write).
func (m *machine) pristine() bool {
	if m.sharedObjs == nil || m.written {
		return false
	}
	for _, o := range m.sharedObjs {
		if o.dirty {
			m.written = true // a write is never undone: no need to look again
			return false
		}
	}
	return true
}
