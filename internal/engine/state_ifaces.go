// State numbers of interface values, function values, deferred calls and panics being unwound.

package engine

import (
	"reflect"
	"sort"
	"unsafe"

	"leapfrog/internal/ir"
)

// iface appends an interface value: its tag, and each alternative (an
// input's by its name and those made so far).
func (st *States) iface(x *iface) {
	st.buf = append(st.buf, 26)
	st.scalar(x.tag)
	st.buf = append(st.buf, uint64(len(x.rt)))
	for i := 0; i < len(x.rt); i++ {
		st.buf = append(st.buf, uint64(x.rt[i]))
	}
	if lz := x.lazy; lz != nil {
		st.str(lz.path.String())
		for _, d := range lz.cands {
			v, made := lz.made[d.ID()]
			st.buf = append(st.buf, uint64(d.ID()), b2u(made))
			if made && v != nil {
				st.val(v)
			}
		}
		return
	}
	st.buf = append(st.buf, uint64(len(x.alts)))
	for _, a := range x.alts {
		st.buf = append(st.buf, uint64(a.id))
		st.val(a.v)
	}
}

// closure appends a function value: its function and bound values, or
// its stub and nil-ness.
func (st *States) closure(c *closure) {
	st.buf = append(st.buf, 27, st.name(unsafe.Pointer(c.fn)), uint64(len(c.env)))
	for _, v := range c.env {
		st.val(v)
	}
	if c.stub != nil {
		st.ref(c.nilT, c.isNil)
		st.stub(c.stub)
	}
}

// stub appends a stub: its name and how many times each method was
// called (what its next calls return depends on nothing else), by method.
func (st *States) stub(s *stubState) {
	st.buf = append(st.buf, 28)
	st.str(s.path.String())
	methods := make([]string, 0, len(s.n))
	for mt := range s.n {
		methods = append(methods, mt)
	}
	sort.Strings(methods)
	st.buf = append(st.buf, uint64(len(methods)))
	for _, mt := range methods {
		st.str(mt)
		st.buf = append(st.buf, uint64(s.n[mt]))
	}
}

// str appends a string.
func (st *States) str(s string) {
	st.buf = append(st.buf, uint64(len(s)))
	for i := 0; i < len(s); i++ {
		st.buf = append(st.buf, uint64(s[i]))
	}
}

// defers appends a frame's deferred calls and the panic it unwinds for (a
// deferred call's frame).
func (st *States) defers(fr *frame) {
	st.buf = append(st.buf, 23, uint64(len(fr.defers)))
	for _, d := range fr.defers {
		st.buf = append(st.buf, st.name(unsafe.Pointer(d.fn)), uint64(len(d.args)))
		for _, a := range d.args {
			st.val(a)
		}
		if d.stub != nil {
			st.str(d.method)
			st.stub(d.stub)
		}
	}
	st.panicState(fr.unwinding)
}

// panicState appends a panic being unwound and those it interrupted.
func (st *States) panicState(ps *panicState) {
	for ; ps != nil; ps = ps.prev {
		st.buf = append(st.buf, 24, st.name(unsafe.Pointer(ps.at)), b2u(ps.recovered), uint64(ps.step))
		if ps.value != nil {
			st.val(ps.value)
		}
	}
	st.buf = append(st.buf, 25)
}

// instrPointer is the address of an instruction (every instruction is a
// pointer), to name it.
func instrPointer(in ir.Instr) unsafe.Pointer { return reflect.ValueOf(in).UnsafePointer() }
