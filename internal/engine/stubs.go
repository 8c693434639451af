// Stubs: function inputs and the stubs interface inputs may hold, whose calls return inputs.

package engine

import (
	"fmt"

	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
)

// stubState is a stub: a function input (fn, its type), or the stub an
// interface input holds (dyn, its dynamic type: ir.DynType.Stub), whose
// calls the engine answers. The k-th call of a method (from 0; "" for a
// function) returns fresh inputs named after it (ir.InputPath.Call), so a
// model chooses what each call returns, as a mock's table of answers does;
// the calls are kept in order for the report (the emitted test's stub
// returns the same answers and expects the same calls).
type stubState struct {
	path  ir.InputPath // f, or x#stub
	depth int
	fn    *ir.Type
	dyn   *ir.DynType
	n     map[string]int // the calls so far, by method
	calls []stubCall
}

// stubCall is one call of a stub: its method, the path of its inputs, its
// signature, and what the interface's contract adds (contracts).
type stubCall struct {
	method string
	at     ir.InputPath
	sig    *ir.Type
	io     ioContract
	// len is len(p) of a Read or Write; wrote what a Write accepted (p[:n],
	// concrete): what the emitted test's stub records.
	len   int64
	wrote []byte
	// args are the call's arguments as the emitted test's stub records
	// them (StubCall.Args).
	args []Value
}

// maxStubCalls bounds the calls of one method of a stub in a run, as a
// multiple of MaxLen: beyond, the run is cut (a loop calling a stub whose
// zero answers never end it).
const maxStubCalls = 4

// CallsBoundReason is the reason of an outcome only a stub answering more
// than n calls with chosen results reaches.
func CallsBoundReason(n int) string { return fmt.Sprintf("stub calls bounded at %d", n) }

// inputFunc builds the function input at p: a stub, nil when its
// variable p#nil says so (a parameter's is not nil by default, an inner
// one is), nil beyond the depth bound.
func (m *machine) inputFunc(p ir.InputPath, t *ir.Type, depth int, f *facts) val {
	nv := m.nilVariable(p)
	if depth >= m.MaxLen {
		f.bound = append(f.bound, nv.s)
		f.holds = f.holds && nv.c == 1
	}
	st := m.newStub(p, depth+1)
	st.fn = t
	return &closure{stub: st, nilT: nv.s, isNil: nv.c == 1}
}

// inputStub is the value of the stub d an interface input at p holds: a
// pointer to an object of its own (so that it equals itself only), which
// knows the stub.
func (m *machine) inputStub(p ir.InputPath, d *ir.DynType, depth int) val {
	st := m.newStub(p.Stub(), depth)
	st.dyn = d
	return &ptr{obj: &object{v: zero(d.Type.Elem), stub: st}}
}

// newStub makes the stub at p, known to the run by its path (reports).
func (m *machine) newStub(p ir.InputPath, depth int) *stubState {
	st := &stubState{path: p, depth: depth, n: map[string]int{}}
	if m.path.stubs == nil {
		m.path.stubs = map[string]*stubState{}
	}
	m.path.stubs[p.String()] = st
	return st
}

// stubOf returns the stub the receiver of a stub's method is.
func stubOf(recv val) *stubState {
	if p, ok := recv.(*ptr); ok && p.obj != nil && p.obj.stub != nil {
		return p.obj.stub
	}
	panic(runError("a stub's method called on another value"))
}

// sig returns the signature of the stub's method ("" for a function).
func (st *stubState) sig(method string) *ir.Type {
	if st.fn != nil {
		return st.fn
	}
	for _, mt := range st.dyn.Methods {
		if mt.Name == method {
			return mt.Sig
		}
	}
	panic(runError(fmt.Sprintf("stub %s has no method %s", st.dyn.Name, method)))
}

// stubCall answers the next call of method of the stub st (args without
// the receiver), at block b: its results are the inputs of that call,
// made as any input (their references nil unless the model says
// otherwise), with what the interface's contract says (contracts). The
// calls beyond MaxLen of a method return their defaults (zero values; a
// Read's n 0 and io.EOF, a Write's len(p) and nil), a bound
// (ir.CallsBound: a refutation that needs it proves nothing, "stub calls
// bounded at N"); beyond maxStubCalls times MaxLen, the run is cut.
func (m *machine) stubCall(b *ir.Block, st *stubState, method string, args []val, depth int) ([]val, bool) {
	sig := st.sig(method)
	k := st.n[method]
	if k >= maxStubCalls*m.MaxLen {
		panic(runError(fmt.Sprintf("%s: more than %d calls of %s", CallsBoundReason(m.MaxLen), k, st.name(method))))
	}
	st.n[method] = k + 1
	at := st.path
	if st.dyn != nil {
		at = at.Method(method)
	}
	at = at.Call(k)
	f := &facts{holds: true}
	c := stubCall{method: method, at: at, sig: sig, io: contractOf(method, sig)}
	c.args = m.stubArgs(c, args)
	eof := -1
	if c.io == ioRead {
		eof = m.eofChoice(at.Result(1), sig.Results[1])
	}
	res := make([]val, len(sig.Results))
	for i, t := range sig.Results {
		res[i] = m.input(at.Result(i), t, st.depth, f)
	}
	var pin []*expr.Term // the defaults, which the calls beyond MaxLen return
	switch c.io {
	case ioRead:
		c.len = int64(args[0].(*slice).n.c)
		m.readContract(at, args[0].(*slice), res, f)
		pin = append(pin, m.zeroTerm(res[0]), m.zeroTerm(res[1]))
		if eof >= 0 {
			pin[1] = m.B.Eq(res[1].(*iface).lazy.choice.s, m.B.BVConst(tagWidth, uint64(eof)))
		}
	case ioWrite:
		p := args[0].(*slice)
		c.len = int64(p.n.c)
		c.wrote = m.writeContract(p, res, f)
		pin = append(pin, m.B.Eq(m.term(res[0].(*scalar)), m.term(p.n)), m.zeroTerm(res[1]))
	default:
		for _, r := range res {
			pin = append(pin, m.zeroTerm(r))
		}
	}
	m.recordFacts(b, at.String(), f)
	if k >= m.MaxLen {
		t := m.B.And(pin...)
		m.domain(b, ir.CallsBound, at.String(), t, m.evalBool(t))
	}
	st.calls = append(st.calls, c)
	return res, false
}

// name is how reasons name the stub's method.
func (st *stubState) name(method string) string {
	if method == "" {
		return st.path.String()
	}
	return st.path.Method(method).String()
}

// zeroTerm is the bool term "v is the zero value of its type", for the
// values an input is made of: scalars, strings, references (nil),
// interfaces (nil), arrays and structs of them.
func (m *machine) zeroTerm(v val) *expr.Term {
	ref := func(isNil bool, t *expr.Term) *expr.Term {
		if t == nil {
			return m.B.BoolConst(isNil)
		}
		return t
	}
	switch v := v.(type) {
	case *scalar:
		if v.width == 0 {
			return m.B.Not(m.term(v))
		}
		return m.B.Eq(m.term(v), m.B.BVConst(v.width, 0))
	case *str:
		return m.zeroTerm(v.n)
	case *ptr:
		return ref(v.isNil, v.nilT)
	case *slice:
		return ref(v.isNil, v.nilT)
	case *mapv:
		return ref(v.isNil, v.nilT)
	case *closure:
		return ref(v.null(), v.nilT)
	case *iface:
		return m.term(m.isTag(v, 0))
	case *agg:
		conj := make([]*expr.Term, len(v.elems))
		for i, e := range v.elems {
			conj[i] = m.zeroTerm(e)
		}
		return m.B.And(conj...)
	}
	panic(runError(fmt.Sprintf("a stub's result of kind %T", v)))
}

// ioContract is what io's contract for a method says of a stub's call.
type ioContract uint8

const (
	ioNone  ioContract = iota
	ioRead             // Read(p []byte) (n int, err error)
	ioWrite            // Write(p []byte) (n int, err error)
)

// contractOf says whether a stub's method is io.Reader's Read or
// io.Writer's Write (by name and signature, whatever the interface that
// declares it: io.ReadWriter's, bufio's, the package's own).
func contractOf(method string, sig *ir.Type) ioContract {
	if method != "Read" && method != "Write" || len(sig.Params) != 1 || len(sig.Results) != 2 {
		return ioNone
	}
	p, n, err := sig.Params[0], sig.Results[0], sig.Results[1]
	if p.Kind != ir.KSlice || p.Elem.Kind != ir.KInt || p.Elem.Width != 8 || p.Elem.Signed ||
		n.Kind != ir.KInt || n.Width != 64 || !n.Signed || !isErrorType(err) {
		return ioNone
	}
	if method == "Read" {
		return ioRead
	}
	return ioWrite
}

// eofChoice makes io.EOF the default of the error result at p, of type t,
// of a Read (a reader is empty unless the model says otherwise), when an
// input of type t may hold it (the program uses io.EOF); it returns its
// choice (-1: none).
func (m *machine) eofChoice(p ir.InputPath, t *ir.Type) int {
	_, n := m.candidates(t)
	for i, s := range m.sentinelCands(t) {
		if s.name == "io.EOF" && s.path == "io" {
			m.setDefault(p.TypeVar(), uint64(n+i+1))
			return n + i + 1
		}
	}
	return -1
}

// isErrorType reports whether t is an interface whose only method is
// Error() string.
func isErrorType(t *ir.Type) bool {
	if t.Kind != ir.KInterface || len(t.Methods) != 1 || t.Methods[0].Name != "Error" {
		return false
	}
	s := t.Methods[0].Sig
	return s != nil && len(s.Params) == 0 && len(s.Results) == 1 && s.Results[0].Kind == ir.KString
}

// readContract gives a stub's Read(p) what io.Reader's contract allows:
// 0 <= n <= len(p) (the domain: a Reader returning more breaks the
// contract, and a caller slicing p[:n] would panic where no real reader
// makes it), and the bytes it writes into p[:n] are inputs
// (at.p[0], ...): an exact fact, a bound n <= MaxLen (the bytes
// modelled), and p's first n bytes replaced.
func (m *machine) readContract(at ir.InputPath, p *slice, res []val, f *facts) {
	n := res[0].(*scalar)
	f.exact = append(f.exact, m.B.Sle(m.B.BVConst(64, 0), n.s), m.B.Sle(n.s, m.term(p.n)))
	f.holds = f.holds && int64(n.c) >= 0 && int64(n.c) <= int64(p.n.c)
	f.bound = append(f.bound, m.B.Sle(n.s, m.B.BVConst(64, uint64(m.MaxLen))))
	if isNil, _ := nilness(p); isNil && p.nilT == nil {
		return
	}
	if p.off.s != nil {
		panic(runError("a stub's Read into a slice at a symbolic offset"))
	}
	arr := m.array(p)
	out := append([]val(nil), arr...)
	off := int(p.off.c)
	for j := 0; j < m.MaxLen && off+j < len(out); j++ {
		in := m.uop(ir.Lt, i64(uint64(j)), n)
		if in.s == nil && in.c == 0 {
			continue
		}
		b := m.variable(at.Field("p").Elem(j).String(), 8)
		if in.s == nil {
			out[off+j] = b
		} else {
			out[off+j] = m.ite(in.s, in.c == 1, b, out[off+j])
		}
	}
	p.arr.set(m.store(m.contents(p.arr), p.base, &agg{elems: out}))
}

// writeContract gives a stub's Write(p) what io.Writer's contract says:
// 0 <= n <= len(p), and an error when n < len(p) (the domain, as for
// Read); n is len(p) unless the model says otherwise (a Writer that
// accepts everything). It returns the bytes the call accepted, p[:n].
func (m *machine) writeContract(p *slice, res []val, f *facts) []byte {
	n, err := res[0].(*scalar), res[1].(*iface)
	if _, ok := m.model[n.s.Name]; !ok {
		n.c = p.n.c
		m.setDefault(n.s.Name, p.n.c)
	}
	failed := m.not(m.isTag(err, 0))
	f.exact = append(f.exact, m.B.Sle(m.B.BVConst(64, 0), n.s), m.B.Sle(n.s, m.term(p.n)),
		m.B.Implies(m.B.Slt(n.s, m.term(p.n)), m.term(failed)))
	f.holds = f.holds && int64(n.c) >= 0 && int64(n.c) <= int64(p.n.c) && (n.c == p.n.c || failed.c == 1)
	if int64(n.c) <= 0 || n.c > p.n.c {
		return []byte{}
	}
	w := m.window(p)
	out := make([]byte, 0, n.c)
	for j := 0; j < int(n.c) && j < len(w); j++ {
		out = append(out, byte(w[j].(*scalar).c))
	}
	return out
}

// setDefault records the value a variable the model lacks has in this
// run (a Write's n): evaluations and the report use it.
func (m *machine) setDefault(name string, v uint64) {
	if m.path.defaults == nil {
		m.path.defaults = map[string]uint64{}
	}
	m.path.defaults[name] = v
}

// reportStub is the report form of the stub at p (a function input's, or
// the one an interface input holds): its calls in order, each with the
// results the model (with the defaults) gives it. A stub the run never
// made was never called.
func (m *machine) reportStub(p ir.InputPath, t *ir.Type, dyn string) Value {
	r := Value{Type: t, Dyn: dyn, Stub: true}
	st := m.path.stubs[p.String()]
	if st == nil {
		return r
	}
	for _, s := range m.path.Steps {
		if s.Order {
			// A branch after a range over a map chose an order (or after
			// the run came to depend on an address): Go's run may take the
			// other way, and call the stub otherwise.
			r.CallsUnfixed = s.UnfixedReason()
			break
		}
	}
	for _, c := range st.calls {
		rc := StubCall{Method: c.method}
		for i, t := range c.sig.Results {
			rc.Results = append(rc.Results, m.reportInput(c.at.Result(i), t, st.depth))
		}
		rc.Len = c.len
		rc.Args = c.args
		switch c.io {
		case ioRead:
			n := min(rc.Results[0].Bits, uint64(m.MaxLen))
			b := make([]byte, n)
			for j := range b {
				b[j] = byte(m.value(c.at.Field("p").Elem(j).String(), 8, 0))
			}
			rc.Data, rc.HasData = string(b), true
		case ioWrite:
			rc.Data, rc.HasData = string(c.wrote), true
		}
		r.Calls = append(r.Calls, rc)
	}
	return r
}

// StubCall is one call of a stub in the report form of an input
// (Value.Calls): its method ("" for a function input), the results the
// stub returns, and for io's Read and Write the bytes (HasData): those the
// Read writes into p (n of them: Results[0]), those the Write was given to
// write (p[:n], what the test's stub records), and Len, len(p).
//
// Args are the call's arguments, those a test can compare exactly
// (StubArgRecorded: booleans, integers, strings, a Write's p), in the
// report form at the call (Unordered or Unfixed when they depend on
// what a test cannot fix); the others are the zero Value (Type nil).
type StubCall struct {
	Method  string
	Results []Value
	Data    string
	HasData bool
	Len     int64
	Args    []Value
}

// StubArgRecorded says whether the report of a stub's call gives its
// argument of type t (StubCall.Args): a boolean, an integer or a string
// (the kinds a test compares exactly; a float's NaN equals nothing), or
// the []byte of io's Write (what it was given to write; a Read's p is a
// buffer the caller lends, of any size).
func StubArgRecorded(t *ir.Type, ioWriteP bool) bool {
	switch t.Kind {
	case ir.KBool, ir.KInt, ir.KString:
		return true
	case ir.KSlice:
		return ioWriteP
	}
	return false
}

// stubArgs is the report form of the arguments of the stub's call c that
// StubArgRecorded names.
func (m *machine) stubArgs(c stubCall, args []val) []Value {
	if len(args) != len(c.sig.Params) {
		panic(runError(fmt.Sprintf("a stub's call with %d arguments, its signature %d", len(args), len(c.sig.Params))))
	}
	out := make([]Value, len(args))
	for i, a := range args {
		if StubArgRecorded(c.sig.Params[i], c.io == ioWrite) {
			out[i] = m.report(a, c.sig.Params[i])
		}
	}
	return out
}

// markConstructed records that the value at at is written by a constructor
// the test calls: its unwritable fields are inputs (Path.constructed).
func (m *machine) markConstructed(at ir.InputPath) {
	if m.path.constructed == nil {
		m.path.constructed = map[string]bool{}
	}
	m.path.constructed[at.String()] = true
}

// constructedDefaults sets, before the value at at of a candidate a test
// writes with the constructor c (ir.Constructors) is made, the defaults
// the constructor gives: for io's, not nil, and a Reader's prevRune -1.
func (m *machine) constructedDefaults(c ir.Constructor, at ir.InputPath) {
	if !c.IO {
		return
	}
	m.setDefault(at.NilVar(), 0)
	if c.Type == "Reader" {
		m.setDefault(at.Field("prevRune").String(), ^uint64(0))
	}
}

// constructedFacts adds to f what the constructor c says of the value v
// (made at at) of the candidate d: errors.New's is not nil; io's, as
// ioFacts says.
func (m *machine) constructedFacts(c ir.Constructor, d *ir.DynType, v val, f *facts) {
	if c.IO {
		m.ioFacts(d, v, f)
		return
	}
	if c.Pkg != "errors" || c.Type != "errorString" {
		panic(runError(fmt.Sprintf("no constructor facts for %s", d.Name)))
	}
	if p, ok := v.(*ptr); ok && p.nilT != nil {
		// A test writes it errors.New("..."), never nil.
		f.exact = append(f.exact, m.B.Not(p.nilT))
		f.holds = f.holds && !p.isNil
	}
}

// ioFacts adds to f what the constructor of the io value v
// (made at at) says of it: it is not nil, its contents (a Reader's s, a
// Buffer's buf) are the input the test writes, read from the start (a
// Reader's i 0 and prevRune -1, a Buffer's off and lastRead 0), and a
// Buffer's buf has no spare capacity (the test writes b[:n:n]; the
// capacity of a []byte conversion is the runtime's choice). These are
// exact facts: the test constructs nothing else.
func (m *machine) ioFacts(d *ir.DynType, v val, f *facts) {
	p := v.(*ptr)
	if p.nilT != nil {
		f.exact = append(f.exact, m.B.Not(p.nilT))
	}
	f.holds = f.holds && !p.isNil
	if p.obj.lazy != nil {
		m.materialize(p.obj)
	}
	st := p.obj.v.(*agg)
	fields := d.Type.Elem.Fields
	pin := func(name string, want uint64) {
		for i, fl := range fields {
			if fl.Name != name {
				continue
			}
			x := st.elems[i].(*scalar)
			w := m.B.BVConst(x.width, want&expr.Mask(x.width))
			f.exact = append(f.exact, m.B.Eq(m.term(x), w))
			f.holds = f.holds && x.c == want&expr.Mask(x.width)
			return
		}
		panic(runError(fmt.Sprintf("%s has no field %s", d.Name, name)))
	}
	switch d.Name {
	case "*strings.Reader", "*bytes.Reader":
		pin("i", 0)
		pin("prevRune", ^uint64(0))
	case "*bytes.Buffer":
		pin("off", 0)
		pin("lastRead", 0)
		for i, fl := range fields {
			if fl.Name == "buf" {
				b := st.elems[i].(*slice)
				f.exact = append(f.exact, m.B.Eq(m.term(b.cap), m.term(b.n)))
				f.holds = f.holds && b.cap.c == b.n.c
			}
		}
	default:
		panic(runError(fmt.Sprintf("no constructor facts for %s", d.Name)))
	}
}
