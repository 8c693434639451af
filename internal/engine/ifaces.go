// Interface values: dynamic types as choice variables, interface inputs, assertions, method calls, equality.

package engine

import (
	"fmt"
	"sort"

	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
)

// tagWidth is the width of a dynamic type id (and of an input's choice
// variable x#type).
const tagWidth = 32

// iface is an interface value: the id of its dynamic type (tag: 0 for nil,
// else ir.DynType.ID) and, for each id it may have, the value it holds
// then (alts, by increasing id). A value made by the program has a
// concrete tag and one alternative; an input's tag depends on its choice
// variable and its alternatives are made on first use (lazy); a merge of
// two values (ite) has a symbolic tag and the alternatives of both. The
// tag is 0 or one of the ids, or, when other is set, otherTag: an input
// holding a type the program does not know (beyond the bound of interface
// inputs to their candidates: no run gets there, and what such a value
// does is left free in the terms, so that no refutation without the bound
// relies on it). A recovered run-time error is rt, its message, with a tag
// no dynamic type has: only its nil-ness is modelled, and using it
// otherwise stops the run.
type iface struct {
	tag   *scalar
	alts  []ifaceAlt
	lazy  *lazyIface
	other bool
	rt    string
}

type ifaceAlt struct {
	id int
	v  val
}

// lazyIface is an interface input whose alternatives are made on first
// use: the input's name, the candidates (its choice variable indexes them,
// from 1), and the depth of the alternatives' values. The machine that
// made it builds them (the model, the facts).
type lazyIface struct {
	m      *machine
	path   ir.InputPath
	cands  []*ir.DynType
	sents  []sentinelCand // sentinel candidates: choices n+1..n+len(sents)
	n      int            // the candidates a test can construct: choices 1..n
	choice *scalar        // the choice variable
	depth  int
	made   map[int]val
}

// rtTag is the tag of a recovered run-time error's value; otherTag the
// tag of an interface input holding a type the program does not know.
const (
	rtTag    = 1<<tagWidth - 1
	otherTag = 1<<tagWidth - 2
)

func (*iface) isVal()   {}
func (*closure) isVal() {}

// dyn returns the dynamic type of id in prog.
func dyn(prog *ir.Program, id int) *ir.DynType {
	if id <= 0 || id > len(prog.Types) {
		panic(fmt.Sprintf("engine: no dynamic type %d", id))
	}
	return prog.Types[id-1]
}

// candidates returns the dynamic types an input of interface type t may
// hold (cached): those a test can construct (ir.Program.Candidates), then
// the program's other dynamic types that implement t, which only inputs
// beyond the bound hold.
func (m *machine) candidates(t *ir.Type) (all []*ir.DynType, n int) {
	if c, ok := m.cands[t]; ok {
		return c, m.ncands[t]
	}
	c := m.root.Prog.Candidates(t)
	n = len(c)
	// A bytes.Buffer comes after the stub (stubs.go): its Write, which
	// never fails, costs the search more than the stub's.
	sort.SliceStable(c, func(i, j int) bool { return c[i].Name != "*bytes.Buffer" && c[j].Name == "*bytes.Buffer" })
	for _, d := range m.root.Prog.Types {
		if !d.Input && d.Implements(t) {
			c = append(c, d)
		}
	}
	m.cands[t], m.ncands[t] = c, n
	return c, n
}

// inputIface builds the interface input at p: its choice variable
// x#type gives the tag, an ite over the candidates' ids (1..n: the types
// a test can construct; n+1..n+s: the values of the package-level
// variables it may be passed, sentinelCands; then the program's other
// types implementing the interface, then otherTag, a type the program
// does not know; 0 and anything beyond: nil). That it is at most n+s is a
// bound (ir.TypesBound): refutations that need it prove nothing. Beyond the
// depth bound it is 0.
func (m *machine) inputIface(p ir.InputPath, t *ir.Type, depth int, f *facts) val {
	cands, n := m.candidates(t)
	sents := m.sentinelCands(t)
	s := len(sents)
	v := m.variable(p.TypeVar(), tagWidth)
	f.typeBound = append(f.typeBound, m.B.Ule(v.s, m.B.BVConst(tagWidth, uint64(n+s))))
	f.holds = f.holds && v.c <= uint64(n+s)
	if depth >= m.MaxLen {
		f.bound = append(f.bound, m.B.Eq(v.s, m.B.BVConst(tagWidth, 0)))
		f.holds = f.holds && v.c == 0
	}
	// The tag of each choice 1, 2, ...: the n constructible candidates, the
	// sentinels, the other types.
	var ids []int
	for _, d := range cands[:n] {
		ids = append(ids, d.ID())
	}
	for _, sc := range sents {
		ids = append(ids, sc.id)
	}
	for _, d := range cands[n:] {
		ids = append(ids, d.ID())
	}
	other := uint64(len(ids) + 1)
	tag := m.sel(m.uop(ir.Eq, v, kc(other, tagWidth)), kc(otherTag, tagWidth), kc(0, tagWidth))
	for i := len(ids) - 1; i >= 0; i-- {
		is := m.uop(ir.Eq, v, kc(uint64(i+1), tagWidth))
		tag = m.sel(is, kc(uint64(ids[i]), tagWidth), tag)
	}
	return &iface{tag: tag, other: true, lazy: &lazyIface{m: m, path: p, cands: cands, sents: sents, n: n, choice: v, depth: depth + 1, made: map[int]val{}}}
}

// beyondBound says whether x is an interface input nested more than MaxLen
// deep in other inputs (an error holding a struct holding an error ...):
// its domain bounds it to nil (inputIface), and what it holds otherwise is
// not enumerated when two interfaces are compared. The comparison walks
// the candidates' values, which hold interfaces in turn: without the stop
// it nested without end (github.com/pkg/errors: withStack embeds an error,
// so err == target grew the Go heap by gigabytes in seconds, within one
// step of the run, where no deadline is checked). Its part of a comparison
// is left free (otherToo), so that a refutation needing it needs the
// bound, and says unknown.
func (m *machine) beyondBound(x *iface) bool {
	return x.lazy != nil && x.lazy.depth > m.MaxLen
}

// unknown is a fresh bool: what a value of a type the program does not
// know does (otherTag), left free.
func (m *machine) unknown() *scalar { return m.anyLike(kc(0, 0)).(*scalar) }

// otherToo is "both a and b hold a type the program does not know, and
// then anything"; or, when one of them is an input beyond the bound
// (beyondBound), "both are not nil, and then anything".
func (m *machine) otherToo(a, b *iface) *scalar {
	if m.beyondBound(a) || m.beyondBound(b) {
		return m.and(m.not(m.isTag(a, 0)), m.not(m.isTag(b, 0)), m.unknown())
	}
	if !a.other || !b.other {
		return kc(0, 0)
	}
	return m.and(m.isTag(a, otherTag), m.isTag(b, otherTag), m.unknown())
}

// reportIface is the report form of the interface input at p as the model
// gives it.
func (m *machine) reportIface(p ir.InputPath, t *ir.Type, depth int) Value {
	cands, n := m.candidates(t)
	sents := m.sentinelCands(t)
	k := m.value(p.TypeVar(), tagWidth, 0)
	if k == 0 || k > uint64(n+len(sents)) || depth >= m.MaxLen {
		return Value{Type: t, Nil: true}
	}
	if k > uint64(n) {
		sc := sents[k-uint64(n)-1]
		return Value{Type: t, Dyn: dyn(m.root.Prog, sc.id).Name, Sentinel: sc.name, SentinelPkg: sc.path}
	}
	d := cands[k-1]
	if d.Stub {
		return m.reportStub(p.Stub(), t, d.Name)
	}
	return Value{Type: t, Dyn: d.Name, Elems: []Value{m.reportInput(p.As(d), d.Type, depth+1)}}
}

// noRT stops the run when x is a recovered run-time error, whose dynamic
// type and value are not modelled.
func noRT(x *iface) {
	if x.rt != "" {
		panic(runError("the value of a recovered run-time panic (" + x.rt + ") is used: not modelled"))
	}
}

// alt returns the value x holds when its tag is id (nil when it cannot
// be), making an input's on first use.
func (m *machine) alt(x *iface, id int) val {
	noRT(x)
	if x.lazy != nil {
		return x.lazy.get(id)
	}
	for _, a := range x.alts {
		if a.id == id {
			return a.v
		}
	}
	return nil
}

// get makes (once) the value of the candidate of id.
func (lz *lazyIface) get(id int) val {
	if v, ok := lz.made[id]; ok {
		return v
	}
	if v, ok := lz.sentinelAlt(id); ok {
		lz.made[id] = v
		return v
	}
	for _, d := range lz.cands {
		if d.ID() == id && d.Stub {
			v := lz.m.inputStub(lz.path, d, lz.depth)
			lz.made[id] = v
			return v
		}
		if d.ID() == id {
			m := lz.m
			f := &facts{holds: true}
			at := lz.path.As(d)
			cons, constructed := ir.ConstructedBy(d.Name)
			if constructed {
				// A test writes it with its constructor (errors.New(s),
				// strings.NewReader(s), ...), which writes its unexported
				// fields (stubs.go).
				m.constructedDefaults(cons, at)
				m.markConstructed(at)
			}
			v := m.input(at, d.Type, lz.depth, f)
			if constructed {
				m.constructedFacts(cons, d, v, f)
			}
			lz.onlyIfChosen(d, f)
			m.recordFacts(m.here(), at.String(), f)
			lz.made[id] = v
			return v
		}
	}
	lz.made[id] = nil
	return nil
}

// onlyIfChosen makes the facts f of the value of candidate d hold only
// where the interface holds d, when the model gives it another type and
// breaks them: a comparison walks every candidate's value, and the
// defaults of one the interface does not hold (a pointer a test makes
// non-nil, nested beyond the size bound, which bounds it to nil) excluded
// every run, the first one included (an error input holding a struct that
// embeds an error). Facts the model keeps are recorded as they are.
func (lz *lazyIface) onlyIfChosen(d *ir.DynType, f *facts) {
	m := lz.m
	k := uint64(0)
	for i, c := range lz.cands {
		if c == d {
			k = uint64(i + 1)
			if i >= lz.n {
				k += uint64(len(lz.sents))
			}
		}
	}
	holds := func(ts []*expr.Term) bool { return len(ts) == 0 || m.evalBool(m.B.And(ts...)) }
	if lz.choice.c == k || f.holds && holds(f.bound) && holds(f.typeBound) {
		return
	}
	is := m.B.Eq(lz.choice.s, m.B.BVConst(tagWidth, k))
	for _, ts := range []*[]*expr.Term{&f.exact, &f.bound, &f.typeBound} {
		for i, t := range *ts {
			(*ts)[i] = m.B.Implies(is, t)
		}
	}
	f.holds = true
}

// ids returns the ids x may hold besides 0, increasing.
func (x *iface) ids() []int {
	if x.lazy != nil {
		out := make([]int, len(x.lazy.cands))
		for i, d := range x.lazy.cands {
			out[i] = d.ID()
		}
		return out
	}
	out := make([]int, len(x.alts))
	for i, a := range x.alts {
		out[i] = a.id
	}
	return out
}

// allAlts returns every alternative of x, made.
func allAlts(x *iface) []ifaceAlt {
	noRT(x)
	if x.lazy == nil {
		return x.alts
	}
	var out []ifaceAlt
	for _, id := range x.ids() {
		out = append(out, ifaceAlt{id, x.lazy.get(id)})
	}
	return out
}

// isTag is the bool "x's tag is id".
func (m *machine) isTag(x *iface, id int) *scalar {
	return m.uop(ir.Eq, x.tag, kc(uint64(id), tagWidth))
}

// makeIface is makeiface X as Dyn.
func makeIface(d *ir.DynType, v val) *iface {
	return &iface{tag: kc(uint64(d.ID()), tagWidth), alts: []ifaceAlt{{d.ID(), v}}}
}

// typeAssert is typeassert X to Dyn or Iface, with or without ok. The
// value is exact for every input: the held value where the tag says so,
// the zero value elsewhere (orZero), so that no condition that depends on
// the tag looks constant.
func (m *machine) typeAssert(in *ir.TypeAssert, x *iface) val {
	noRT(x)
	var ok *scalar
	var v val
	if in.Dyn != nil {
		id := in.Dyn.ID()
		ok = m.isTag(x, id)
		if a := m.alt(x, id); a != nil && !(ok.s == nil && ok.c == 0) {
			v = m.orZero(ok, a)
		} else {
			ok, v = kc(0, 0), zero(in.Dyn.Type) // the tag is never id
		}
	} else {
		prog := m.root.Prog
		ok = kc(0, 0)
		r := &iface{other: x.other}
		for _, a := range allAlts(x) {
			if a.v != nil && dyn(prog, a.id).Implements(in.Iface) {
				ok = m.or(ok, m.isTag(x, a.id))
				r.alts = append(r.alts, a)
			}
		}
		switch {
		case implied(in.Iface, in.X.Type()): // every value of X's type implements it
			ok = m.not(m.isTag(x, 0))
			r.alts = x.alts
			if x.lazy != nil {
				r.alts = allAlts(x)
			}
		case x.other: // a type the program does not know may implement it
			ok = m.or(ok, m.and(m.isTag(x, otherTag), m.unknown()))
		}
		r.tag = m.sel(ok, x.tag, kc(0, tagWidth))
		v = r
	}
	if in.CommaOk {
		return &tuple{elems: []val{v, ok}}
	}
	return v
}

// orZero is v where ok holds and the zero value of v's type elsewhere.
// References keep their target and become nil where ok does not hold
// (their nil-ness term says so), so that the choice needs no ite between
// objects.
func (m *machine) orZero(ok *scalar, v val) val {
	if ok.s == nil {
		if ok.c == 1 {
			return v
		}
		return zeroLike(v)
	}
	notOK := m.B.Not(ok.s)
	nilOr := func(isNil bool, t *expr.Term) (bool, *expr.Term) {
		if t == nil {
			t = m.B.BoolConst(isNil)
		}
		return isNil || ok.c == 0, m.B.Or(notOK, t)
	}
	switch v := v.(type) {
	case *scalar:
		return m.ite(ok.s, ok.c == 1, v, &scalar{width: v.width})
	case *str:
		return m.ite(ok.s, ok.c == 1, v, &str{n: i64(0)})
	case *agg:
		r := &agg{elems: make([]val, len(v.elems))}
		for i, e := range v.elems {
			r.elems[i] = m.orZero(ok, e)
		}
		return r
	case *ptr:
		if v.obj == nil {
			return v
		}
		r := *v
		r.isNil, r.nilT = nilOr(v.isNil, v.nilT)
		return &r
	case *slice:
		r := *v
		r.isNil, r.nilT = nilOr(v.isNil, v.nilT)
		r.n, r.cap = m.orZero(ok, v.n).(*scalar), m.orZero(ok, v.cap).(*scalar)
		return &r
	case *mapv:
		if v.obj == nil {
			return v
		}
		r := *v
		r.isNil, r.nilT = nilOr(v.isNil, v.nilT)
		return &r
	case *iface:
		r := *v
		r.tag = m.orZero(ok, v.tag).(*scalar)
		return &r
	case *closure:
		if v.stub != nil {
			r := *v
			r.isNil, r.nilT = nilOr(v.isNil, v.nilT)
			return &r
		}
		if v.fn == nil {
			return v
		}
	}
	panic(runError(fmt.Sprintf("a value of kind %T chosen by a symbolic dynamic type", v)))
}

// zeroLike is the zero value of v's type, from v's shape.
func zeroLike(v val) val {
	switch v := v.(type) {
	case *scalar:
		return &scalar{width: v.width}
	case *str:
		return &str{n: i64(0)}
	case *agg:
		r := &agg{elems: make([]val, len(v.elems))}
		for i, e := range v.elems {
			r.elems[i] = zeroLike(e)
		}
		return r
	case *ptr:
		return &ptr{}
	case *slice:
		return &slice{arr: emptyArray(), off: i64(0), n: i64(0), cap: i64(0), isNil: true}
	case *mapv:
		return &mapv{isNil: true}
	case *iface:
		return &iface{tag: kc(0, tagWidth)}
	case *closure:
		return &closure{}
	}
	panic(fmt.Sprintf("engine: zero of %T", v))
}

// dispatch chooses the dynamic type of x (not nil) at an interface method
// call of method at block b: a concrete tag gives it; a symbolic one is
// decided among x's ids that have the method, in order, by internal
// decisions "the tag is id" (one per site and id), so that the search can
// flip to each. It returns the method's function and the receiver (for a
// stub, no function: stubMethod answers the call).
func (m *machine) dispatch(b *ir.Block, site string, x *iface, method string) (*ir.Function, val) {
	prog := m.root.Prog
	impl := func(id int) (*ir.Function, val) {
		if dyn(prog, id).Stub {
			return nil, m.alt(x, id)
		}
		f := dyn(prog, id).Method(method)
		if f == nil {
			panic(runError(fmt.Sprintf("dynamic type %s: method %s not lowered", dyn(prog, id).Name, method)))
		}
		return f, m.alt(x, id)
	}
	if x.tag.s == nil {
		id := int(x.tag.c)
		if id == 0 || x.rt != "" {
			panic(runError("method call on a nil interface without a check"))
		}
		return impl(id)
	}
	var ids []int
	for _, id := range x.ids() {
		if dyn(prog, id).HasMethod(method) {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		panic(runError(fmt.Sprintf("method %s called on an interface without dynamic types", method)))
	}
	return impl(m.decideTag(b, site, x, ids, x.other))
}

// decideTag makes the tag of x concrete where it is symbolic: internal
// decisions "the tag is id" (one per site and id, at block b), in the
// order of ids, so that the search can flip to each. When x cannot hold
// anything else (open false: not nil, no unknown type), the last id needs
// no decision. It returns the id; 0 or otherTag, when ids lacks them and
// none matched, stop the run. Externals that need an interface's dynamic
// type concretely decide it so: DynTypeOf.
func (m *machine) decideTag(b *ir.Block, site string, x *iface, ids []int, open bool) int {
	if x.tag.s == nil {
		return int(x.tag.c)
	}
	decided := ids
	if !open {
		decided = ids[:len(ids)-1]
	}
	for _, id := range decided {
		name := "nil"
		if id != 0 {
			name = dyn(m.root.Prog, id).Name
		}
		if m.decide(b, ir.Dispatch, fmt.Sprintf("%s %s", site, name), m.isTag(x, id)) {
			return id
		}
	}
	if open {
		panic(runError("an interface holding a dynamic type the program does not know is used"))
	}
	return ids[len(ids)-1]
}

// DynTypeOf is, for externals run natively, the dynamic type of the
// interface value v (nil for the nil interface) and its value, the tag
// decided at block b (site names the decision).
func (m *machine) DynTypeOf(b *ir.Block, site string, v val) (*ir.DynType, val) {
	x := v.(*iface)
	noRT(x)
	id := m.decideTag(b, site, x, append([]int{0}, x.ids()...), x.other)
	if id == 0 {
		return nil, nil
	}
	return dyn(m.root.Prog, id), m.alt(x, id)
}

// invoke is invoke X.Method(Args).
func (m *machine) invoke(fr *frame, ci *cinstr, in *ir.Invoke, depth int) (val, bool) {
	x := m.operand(fr, ci.ops[0]).(*iface)
	f, recv := m.dispatch(in.Block(), "v"+in.Name(), x, in.Method)
	args := []val{recv}
	for i := 1; i < len(ci.ops); i++ {
		args = append(args, m.operand(fr, ci.ops[i]))
	}
	fr.call = in
	if f == nil {
		return m.results(m.stubCall(in.Block(), stubOf(recv), in.Method, args[1:], depth))
	}
	return m.results(m.call(f, args, depth+1))
}

// results packs a call's results as its instruction's value.
func (m *machine) results(res []val, panicked bool) (val, bool) {
	if panicked {
		return nil, true
	}
	if len(res) == 1 {
		return res[0], false
	}
	return &tuple{elems: res}, false
}

// iteIface merges two interface values under cond: the tag is the ite of
// the tags, an id's value the ite of both values when both may hold it.
func (e *Engine) iteIface(cond *expr.Term, cc bool, a, b *iface) val {
	if a == b {
		return a
	}
	if a.rt != "" || b.rt != "" {
		panic(runError("a symbolic choice between recovered run-time errors"))
	}
	r := &iface{tag: e.ite(cond, cc, a.tag, b.tag).(*scalar), other: a.other || b.other}
	bv := map[int]val{}
	for _, x := range allAlts(b) {
		bv[x.id] = x.v
	}
	seen := map[int]bool{}
	for _, x := range allAlts(a) {
		v := x.v
		if y, ok := bv[x.id]; ok && v != nil && y != nil {
			v = e.ite(cond, cc, x.v, y)
		} else if v == nil {
			v = y
		}
		seen[x.id] = true
		r.alts = append(r.alts, ifaceAlt{x.id, v})
	}
	for _, y := range allAlts(b) {
		if !seen[y.id] {
			r.alts = append(r.alts, y)
		}
	}
	sortAlts(r.alts)
	return r
}

func sortAlts(alts []ifaceAlt) {
	for i := 1; i < len(alts); i++ {
		for j := i; j > 0 && alts[j].id < alts[j-1].id; j-- {
			alts[j], alts[j-1] = alts[j-1], alts[j]
		}
	}
}

// reportIfaceVal is the report form of an interface value (an output): its
// dynamic type and value; for a value with an Error method, its message
// and the package-level variable it equals (a sentinel).
func (m *machine) reportIfaceVal(x *iface, t *ir.Type, onPath map[*object]bool) Value {
	if x.rt != "" {
		text, _ := runtimeErrorText(x.rt)
		return Value{Type: t, Dyn: "runtime.Error", ErrMsg: text}
	}
	id := int(x.tag.c)
	if id == 0 {
		return Value{Type: t, Nil: true}
	}
	d := dyn(m.root.Prog, id)
	v := m.alt(x, id)
	r := Value{Type: t, Dyn: d.Name, Elems: []Value{m.reportVal(v, d.Type, onPath)}}
	if msg, ok := m.methodText(d, v, "Error"); ok {
		r.ErrMsg, r.HasErrMsg = msg, true
		r.Sentinel, r.SentinelPkg = m.sentinel(x)
	}
	return r
}

// methodText runs method name (func() string) of dynamic type d on v out
// of the run (its branches are no steps) and returns the string, when d
// has it and it returns.
func (m *machine) methodText(d *ir.DynType, v val, name string) (string, bool) {
	f := d.Method(name)
	if f == nil || len(f.Params) != 1 || len(f.Results) != 1 || f.Results[0].Kind != ir.KString {
		return "", false
	}
	res, ok := m.aside(f, []val{v})
	if !ok {
		return "", false
	}
	s := res[0].(*str)
	return string(s.bytes()), true
}

// aside runs f on args in a machine of its own sharing this run's memory
// and model, for what the report needs (an error's message): its steps
// are dropped. False when it panics or cannot finish.
func (m *machine) aside(f *ir.Function, args []val) (res []val, ok bool) {
	sub := &machine{Engine: m.Engine, path: &Path{Conflict: -1}, root: m.root, model: m.model, globals: m.globals, sharedObjs: m.sharedObjs}
	defer func() {
		if r := recover(); r != nil {
			switch r.(type) {
			case runError, excluded, stopRun, mergeFail:
				res, ok = nil, false
			default:
				panic(r)
			}
		}
	}()
	saved := m.Engine.Merge
	m.Engine.Merge = nil
	defer func() { m.Engine.Merge = saved }()
	out, panicked := sub.call(f, args, 1)
	return out, !panicked
}

// implied reports whether every method of the interface a is one of the
// interface b's: a value of type b always implements a.
func implied(a, b *ir.Type) bool {
	for _, m := range a.Methods {
		if ir.MethodOf(b, m.Name) == nil {
			return false
		}
	}
	return true
}
