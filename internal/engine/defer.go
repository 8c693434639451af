// Deferred calls, panics with values and recover: unwinding a frame, recovered panics, panic messages.

package engine

import (
	"fmt"
	"strconv"
	"strings"

	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
)

// deferred is a deferred call: its function and arguments (the bound free
// variables first), evaluated at the defer statement; or a stub's call
// (stubs.go), method its method ("" for a function input).
type deferred struct {
	fn     *ir.Function
	args   []val
	stub   *stubState
	method string
}

// callDeferred runs a deferred call at block b; it reports whether it panicked.
func (m *machine) callDeferred(b *ir.Block, d deferred, depth int) bool {
	if d.stub != nil {
		_, panicked := m.stubCall(b, d.stub, d.method, d.args, depth)
		return panicked
	}
	_, panicked := m.call(d.fn, d.args, depth+1)
	return panicked
}

// panicState is a panic being unwound: its value (an interface; nil for a
// run-time check's panic, which has msg), the Panic terminator that raised
// it and the number of steps then, whether a deferred call recovered it,
// and the panic whose unwinding it interrupted (prev: unwound again when
// this one is recovered; abandoned when this one leaves the deferred call
// that raised it).
type panicState struct {
	value     val
	msg       string
	at        *ir.Panic
	step      int
	recovered bool
	prev      *panicState
}

// RecoveredPanic is an explicit panic a deferred call recovered: the Panic
// terminator and the number of steps before it.
type RecoveredPanic struct {
	At   *ir.Panic
	Step int
}

// deferCall is defer Fn(Args) or defer invoke Recv.Method(Args): the
// function (for a method, chosen now by the receiver's dynamic type) and
// the arguments are evaluated now and kept on the frame.
func (m *machine) deferCall(fr *frame, ci *cinstr, in *ir.Defer) {
	var d deferred
	if in.Fn != nil {
		c := m.operand(fr, ci.ops[0]).(*closure)
		if c.null() {
			panic(runError("deferred call of a nil function value"))
		}
		d = deferred{fn: c.fn, args: append([]val(nil), c.env...), stub: c.stub}
	} else {
		x := m.operand(fr, ci.ops[0]).(*iface)
		f, recv := m.dispatch(in.Block(), "defer", x, in.Method)
		d = deferred{fn: f, args: []val{recv}}
		if f == nil {
			d = deferred{stub: stubOf(recv), method: in.Method}
		}
	}
	for i := 1; i < len(ci.ops); i++ {
		d.args = append(d.args, m.operand(fr, ci.ops[i]))
	}
	fr.defers = append(fr.defers, d)
}

// runDefers is rundefers: the frame's deferred calls, the last first. A
// panic in one of them unwinds the frame from there (the caller, call,
// does it when it sees the panic).
func (m *machine) runDefers(fr *frame, in *ir.RunDefers, depth int) bool {
	fr.call = in
	for len(fr.defers) > 0 {
		d := fr.defers[len(fr.defers)-1]
		fr.defers = fr.defers[:len(fr.defers)-1]
		if m.callDeferred(in.Block(), d, depth) {
			return true
		}
	}
	return false
}

// raise is the Panic terminator in: a new panic, unwound from frame fr.
func (m *machine) raise(fr *frame, in *ir.Panic, depth int) ([]val, bool) {
	if in.Kind.Stops() {
		msg := in.Msg
		if in.Value != nil {
			msg = string(m.get(fr, in.Value).(*str).bytes()) // computed: its concrete bytes
		}
		fatal(fr.fn, msg) // replaced.go
	}
	if m.orderDep {
		panic(runError("panics after " + OrderReason[len("depends on "):]))
	}
	ps := &panicState{msg: in.Msg, at: in, step: len(m.path.Steps), prev: m.panic}
	if in.Value != nil {
		ps.value = m.get(fr, in.Value)
	}
	m.panic = ps
	m.pathPanic()
	fr.call = in
	return m.unwind(fr, depth)
}

// unwind runs the deferred calls of frame fr, the last first, while a
// panic goes through it. A deferred call that panics replaces the panic
// (the older one is abandoned); one that calls recover directly stops it.
// When the panic is recovered, the frame returns its RecoverResults;
// otherwise the panic goes on to the caller.
func (m *machine) unwind(fr *frame, depth int) ([]val, bool) {
	if len(fr.defers) == 0 {
		return nil, true
	}
	p := m.panic
	for len(fr.defers) > 0 {
		d := fr.defers[len(fr.defers)-1]
		fr.defers = fr.defers[:len(fr.defers)-1]
		m.deferring = p
		if m.callDeferred(m.here(), d, depth) && m.panic != p {
			m.panic.prev = p.prev // p is abandoned
			p = m.panic
		}
	}
	if !p.recovered {
		return nil, true
	}
	m.panic = p.prev
	m.pathPanic()
	res := make([]val, len(fr.fn.RecoverResults))
	for i, v := range fr.fn.RecoverResults {
		if _, isConst := v.(*ir.Const); isConst {
			res[i] = m.get(fr, v)
		} else {
			res[i] = m.loadPtr(m.deref(m.get(fr, v)))
		}
	}
	return res, false
}

// recoverValue is recover(): in a deferred call run for the panic being
// unwound, and called by it directly, the panic's value (the panic stops);
// nil otherwise.
func (m *machine) recoverValue(fr *frame) val {
	ps := fr.unwinding
	if ps == nil || ps != m.panic || ps.recovered {
		return &iface{tag: kc(0, tagWidth)}
	}
	ps.recovered = true
	if ps.at.Kind == ir.ExplicitPanic {
		m.path.Recovered = append(m.path.Recovered, RecoveredPanic{At: ps.at, Step: ps.step})
	}
	if ps.value == nil {
		return &iface{tag: kc(rtTag, tagWidth), rt: ps.msg}
	}
	return ps.value
}

// pathPanic sets the path's panic to the one being unwound (none: clear).
func (m *machine) pathPanic() {
	ps := m.panic
	if ps == nil {
		m.path.Panic, m.path.PanicAt = "", nil
		return
	}
	m.path.Panic, m.path.PanicAt = ps.msg, ps.at
	if ps.at.Kind == ir.ExplicitPanic && ps.msg == "" {
		m.path.Panic = "panic"
	}
}

// finishPanic gives the path of a run that ends in a panic its message:
// what fmt.Sprint of the recovered value gives (a test compares it so),
// when the engine can tell; otherwise PanicType names the value's type.
func (m *machine) finishPanic() {
	ps := m.panic
	if ps == nil || ps.value == nil {
		return
	}
	text, typ := m.panicText(ps.value.(*iface))
	if typ != "" {
		m.path.Panic, m.path.PanicType = "panic", typ
		return
	}
	m.path.Panic = text
}

// panicText is fmt.Sprint of a panic's value, or "" and the value's type
// when the engine cannot tell.
func (m *machine) panicText(x *iface) (text, typ string) {
	if x.rt != "" {
		return x.rt, ""
	}
	id := int(x.tag.c)
	if id == 0 {
		return "panic called with nil argument", ""
	}
	d := dyn(m.root.Prog, id)
	if d.Stub {
		// fmt would call the stub's Error or String, one more call the
		// run did not make: only its type is known (the test's stub type).
		return "", d.Name
	}
	v := m.alt(x, id)
	// An empty text (an error whose Error() is "", panic("")) is checked by
	// the value's type too: a test cannot tell a panic from none by its
	// text alone.
	if d.Prints != "" {
		if s, ok := m.methodText(d, v, d.Prints); ok && s != "" {
			return s, ""
		}
		return "", d.Name
	}
	if s, ok := m.sprint(v, d.Type, true); ok && s != "" {
		return s, ""
	}
	return "", d.Name
}

// sprint is fmt.Sprint of a value of type t that has no printing method:
// booleans, integers, strings, and arrays, slices, structs and (at the
// top) pointers of those, unnamed below the top (a named type there may
// have a String method fmt would call); false for anything else.
func (m *machine) sprint(v val, t *ir.Type, top bool) (string, bool) {
	if !top && t.Name != "" {
		return "", false
	}
	switch t.Kind {
	case ir.KBool:
		return strconv.FormatBool(v.(*scalar).c == 1), true
	case ir.KInt:
		c := v.(*scalar).c
		if t.Signed {
			return strconv.FormatInt(expr.Signed(c, t.Width), 10), true
		}
		return strconv.FormatUint(c, 10), true
	case ir.KString:
		return string(v.(*str).bytes()), true
	case ir.KArray, ir.KStruct:
		a := v.(*agg)
		parts := make([]string, len(a.elems))
		for i, e := range a.elems {
			et := t.Elem
			if t.Kind == ir.KStruct {
				et = t.Fields[i].Type
			}
			s, ok := m.sprint(e, et, false)
			if !ok {
				return "", false
			}
			parts[i] = s
		}
		if t.Kind == ir.KStruct {
			return "{" + strings.Join(parts, " ") + "}", true
		}
		return "[" + strings.Join(parts, " ") + "]", true
	case ir.KSlice:
		s := v.(*slice)
		if isNil, _ := nilness(s); isNil {
			return "[]", true
		}
		elems := m.window(s)
		var parts []string
		for k := 0; k < int(s.n.c) && k < len(elems); k++ {
			p, ok := m.sprint(elems[k], t.Elem, false)
			if !ok {
				return "", false
			}
			parts = append(parts, p)
		}
		return "[" + strings.Join(parts, " ") + "]", true
	case ir.KPointer:
		p := v.(*ptr)
		if isNil, _ := nilness(p); isNil {
			return "<nil>", true
		}
		if !top || (t.Elem.Kind != ir.KStruct && t.Elem.Kind != ir.KArray && t.Elem.Kind != ir.KSlice) {
			return "", false // an address
		}
		s, ok := m.sprint(m.loadPtr(p), t.Elem, false)
		return "&" + s, ok
	}
	return "", false
}

// String describes a panic state (tests, messages).
func (ps *panicState) String() string {
	return fmt.Sprintf("panic at %s (recovered %v)", ps.at.Pos, ps.recovered)
}
