// The encoder: every path of a function at once, block instances guarded by "reached".

package indep

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"leapfrog/internal/ir"
)

// input is one input variable: a scalar leaf of a root parameter.
type input struct {
	name string
	w    int // 0: bool
}

// ifInst is one executed instance of an If: reached when guard holds, with
// condition cond.
type ifInst struct{ guard, cond *term }

// cut is a condition under which the encoding stops following Go: the
// unwinding condition of a loop (some activation of it could run one more
// iteration than the bound), or the reach condition of an AbortPanic (a
// replacement body's stop where Go goes on: os.Remove returns in Go). An
// unsat answer proves an objective unreachable only with every cut's
// condition unsat.
type cut struct {
	why   Reason // LoopBound, NotModelled; SlotBound for an unknown read (not a cut)
	name  string // the loop's "1", or "Callee.1"; the abort's message; the read's what
	pos   ir.Pos
	guard *term
}

// what names the cut in a reason.
func (c *cut) what() string {
	switch c.why {
	case LoopBound:
		return "loop " + c.name
	case NotModelled:
		return "the stop " + strconv.Quote(c.name)
	}
	return c.name
}

// encoder holds the formula of one root function.
type encoder struct {
	ts     *terms
	unwind int
	budget int // block instances left
	root   *ir.Function
	assume *ir.Function // the root's precondition (nil: none)
	// entry is the guard of the root's entry: the package initializer
	// returned, the inputs are in their domains and the precondition
	// holds; entryCuts are the cuts made before the root is encoded (the
	// initializer's and the precondition's loops).
	entry     *term
	entryCuts int
	deadline  time.Time // Options.Deadline
	infos     map[*ir.Function]*fnInfo
	inputs    []input
	ifs       map[*ir.If][]ifInst
	panics    map[*ir.Panic]*term
	cuts      []*cut
	cutOf     map[*loop]*cut
	abortCut  map[*ir.Panic]*cut // the cut of each AbortPanic reached
	stack     []*ir.Function
	nobj      int
	// keep: nothing the proof needs is folded away (the script of an
	// objective whose reach condition folds to a constant). Comparisons of
	// constants stay comparisons (terms.keep), and a branch condition that
	// is still a constant (a bool constant of the program) becomes a
	// defined name, kept, so guards and reach conditions stay formulas
	// the solver evaluates.
	keep bool
	kept []keptConst
	// slots is the number of bytes or elements encoded of a string or
	// slice input (and of an array whose size is not a small constant);
	// a read beyond them is a fresh variable (freshVars), recorded in
	// unknowns (by instruction in unknownAt).
	slots      int
	freshVars  []input
	freshBytes map[freshKey]*term
	unknowns   []*cut
	sizeVars   []*term // the length and spare-capacity inputs
	unknownAt  map[ir.Instr]*cut
	// domain holds the facts every input satisfies (lengths below 2^63, a
	// nil slice empty), conjoined into the root's entry guard; inputMem
	// the backing arrays of slice inputs.
	domain   []*term
	inputMem map[*object]sym
	// globals are the objects of the program's package-level variables
	// (by Global.Index), when the function uses any.
	globals []*object
}

// keptConst is a branch condition that is a constant, named in keep mode.
type keptConst struct {
	name string
	val  *term
	pos  ir.Pos
}

// encode builds the formula of fn, entered where its precondition assume
// (nil: none) returns true; a construct it cannot encode gives an error.
func encode(fn, assume *ir.Function, o Options, keep bool) (e *encoder, err error) {
	ts := newTerms()
	ts.keep = keep
	e = &encoder{ts: ts, keep: keep, unwind: o.Unwind, budget: o.Budget, deadline: o.Deadline, slots: o.Slots, root: fn, assume: assume,
		infos: map[*ir.Function]*fnInfo{}, ifs: map[*ir.If][]ifInst{}, panics: map[*ir.Panic]*term{}, cutOf: map[*loop]*cut{}, abortCut: map[*ir.Panic]*cut{},
		unknownAt: map[ir.Instr]*cut{}, freshBytes: map[freshKey]*term{}, inputMem: map[*object]sym{}}
	defer func() {
		if r := recover(); r != nil {
			n, ok := r.(notEncoded)
			if !ok {
				// A bug of the encoder: the objective stays undecided,
				// with the reason, rather than the analysis failing.
				n = notEncoded{InternalError, fmt.Sprintf("indep: %v", r)}
			}
			e, err = nil, n
		}
	}()
	params := make([]sym, len(fn.Params))
	mem := newMemory()
	for i, p := range fn.Params {
		if p.Typ.Kind == ir.KPointer {
			o := e.newObject(p.Typ.Elem)
			mem = mem.with(o, e.inputValue(ir.ParamPath(p.Ident), p.Typ.Elem))
			isNil := e.declare(ir.ParamPath(p.Ident).NilVar(), 0)
			params[i] = &pointer{cands: []cand{{cond: e.ts.not(isNil), obj: o}, {cond: isNil}}}
			continue
		}
		params[i] = e.inputValue(ir.ParamPath(p.Ident), p.Typ)
	}
	for _, o := range slices.SortedFunc(maps.Keys(e.inputMem), func(a, b *object) int { return a.id - b.id }) {
		mem = mem.with(o, e.inputMem[o])
	}
	guard := e.ts.boolConst(true)
	if fn.Prog != nil && usesGlobals(fn) || assume != nil && assume.Prog != nil && usesGlobals(assume) {
		guard, mem = e.packageState(fn.Prog, mem)
	}
	for _, d := range e.domain {
		guard = e.ts.and(guard, d)
	}
	if assume != nil {
		guard, mem = e.precondition(assume, params, guard, mem)
	}
	e.entry, e.entryCuts = guard, len(e.cuts)
	e.call(fn, params, guard, mem)
	return e, nil
}

// precondition encodes the root's precondition pre (a function of the
// root's parameters returning bool), entered under guard (the package
// initializer returned, the inputs are in their domains), as a callee of the root's entry whose
// result must be true: it returns the guard under which it returns true
// and the memory then. Its branches and panics are not the root's
// objectives: they are encoded aside (a function both call has objectives
// reached from the root only). A loop of pre the bound cuts is a cut like
// any other: an unsat answer then proves nothing.
func (e *encoder) precondition(pre *ir.Function, params []sym, guard *term, mem memory) (*term, memory) {
	ifs, panics := e.ifs, e.panics
	e.ifs, e.panics = map[*ir.If][]ifInst{}, map[*ir.Panic]*term{}
	rets := e.call(pre, params, guard, mem)
	e.ifs, e.panics = ifs, panics
	holds := e.ts.boolConst(false)
	var gs []*term
	var ms []memory
	for _, r := range rets {
		g := e.ts.and(r.guard, r.results[0].(*term))
		holds = e.ts.or(holds, g)
		gs, ms = append(gs, g), append(ms, r.mem)
	}
	if len(ms) == 0 {
		return holds, mem // it never returns: no input
	}
	return holds, e.mergeMem(gs, ms)
}

// maxTerms bounds the size of the formula, whatever the block instances.
const maxTerms = 4_000_000

func (e *encoder) declare(name string, w int) *term {
	e.inputs = append(e.inputs, input{name, w})
	return e.ts.variable(name, w)
}

// inputValue is a root parameter's value: a variable per scalar leaf, named
// by its input path (x, a[2], s.f, s.f[1].g), as the engine's.
func (e *encoder) inputValue(p ir.InputPath, t *ir.Type) sym {
	switch t.Kind {
	case ir.KBool, ir.KInt:
		return e.declare(p.String(), widthOf(t))
	case ir.KArray:
		a := &agg{elems: make([]sym, t.Len)}
		for i := range a.elems {
			a.elems[i] = e.inputValue(p.Elem(i), t.Elem)
		}
		return a
	case ir.KStruct:
		a := &agg{elems: make([]sym, len(t.Fields))}
		for i, f := range t.Fields {
			a.elems[i] = e.inputValue(p.Field(f.Name), f.Type)
		}
		return a
	case ir.KString:
		return e.inputStr(p)
	case ir.KSlice:
		return e.inputSlice(p, t)
	case ir.KMap:
		return e.inputMap(p, t)
	}
	panic(notEnc(reasonOfType(t), "construct input %s of type %s not encoded", p, t))
}

func (e *encoder) newObject(t *ir.Type) *object {
	e.nobj++
	return &object{id: e.nobj, typ: t}
}

func (e *encoder) info(fn *ir.Function) *fnInfo {
	fi, ok := e.infos[fn]
	if !ok {
		fi = analyze(fn)
		e.infos[fn] = fi
	}
	if fi.err != "" {
		panic(notEnc(NotControlFlow, "construct %s not encoded", fi.err))
	}
	return fi
}

// ret is one way a call returned.
type ret struct {
	guard   *term
	results []sym
	mem     memory
}

// call encodes one execution of fn entered under guard with memory mem, and
// returns how it may return.
func (e *encoder) call(fn *ir.Function, args []sym, guard *term, mem memory) []ret {
	for _, f := range e.stack {
		if f == fn {
			panic(notEnc(NotRecursion, "construct recursive call of %s at %s not encoded", fn.Name, where(fn)))
		}
	}
	e.stack = append(e.stack, fn)
	defer func() { e.stack = e.stack[:len(e.stack)-1] }()
	f := &frame{e: e, fn: fn, fi: e.info(fn), params: args, entryGuard: guard, entryMem: mem,
		pending: map[instKey][]*edge{}, vals: map[valKey]sym{}, exits: map[actKey][]*edge{}, exitMemo: map[exitKey]sym{}}
	f.region(nil, nil)
	return f.rets
}

func where(fn *ir.Function) string {
	if fn.Pos.IsValid() {
		return fn.Pos.String()
	}
	return fn.Name
}

// frame is one inlined execution of a function.
type frame struct {
	e          *encoder
	fn         *ir.Function
	fi         *fnInfo
	params     []sym
	entryGuard *term
	entryMem   memory
	pending    map[instKey][]*edge // edges into block instances not processed yet
	vals       map[valKey]sym      // values by defining instance
	exits      map[actKey][]*edge  // edges leaving each loop activation
	exitMemo   map[exitKey]sym
	rets       []ret
}

// inst is a block instance: the block in one iteration of each loop
// containing it (ctx, outermost first).
type inst struct {
	b   *ir.Block
	ctx []int
}

// edge is an edge instance: taken when guard holds, carrying the memory at
// the end of its source.
type edge struct {
	src   *inst
	guard *term
	mem   memory
}

type instKey struct {
	b   *ir.Block
	ctx string
}

type valKey struct {
	v   ir.Value
	ctx string
}

type actKey struct {
	l   *loop
	ctx string // the iterations of the loops around it
}

type exitKey struct {
	v   ir.Value
	act actKey
}

func ctxKey(ctx []int) string {
	var sb strings.Builder
	for i, c := range ctx {
		if i > 0 {
			sb.WriteByte('.')
		}
		sb.WriteString(strconv.Itoa(c))
	}
	return sb.String()
}

// region encodes the region of loop r (nil: the function body) in the
// iterations ctx of the loops around and including r.
func (f *frame) region(r *loop, ctx []int) {
	nodes := f.fi.region
	if r != nil {
		nodes = r.region
	}
	for _, n := range nodes {
		if n.b != nil {
			f.block(n.b, ctx)
		} else {
			f.loop(n.l, ctx)
		}
	}
}

// loop unrolls loop l entered in iterations ctx of the loops around it, as
// long as its header may be reached again, and at most unwind+1 times: the
// edges into the next iteration are the loop's unwinding condition.
func (f *frame) loop(l *loop, ctx []int) {
	for i := 0; ; i++ {
		hctx := append(append([]int(nil), ctx...), i)
		k := instKey{l.header, ctxKey(hctx)}
		in := f.pending[k]
		if len(in) == 0 {
			return
		}
		if i > f.e.unwind {
			delete(f.pending, k)
			c := f.e.cutOf[l]
			if c == nil {
				name := strconv.Itoa(l.num)
				if f.fn != f.e.root {
					name = f.fn.Name + "." + name
				}
				c = &cut{why: LoopBound, name: name, pos: l.pos, guard: f.e.ts.boolConst(false)}
				f.e.cutOf[l] = c
				f.e.cuts = append(f.e.cuts, c)
			}
			for _, ed := range in {
				c.guard = f.e.ts.or(c.guard, ed.guard)
			}
			return
		}
		f.region(l, hctx)
	}
}

// block encodes the instance of b in iterations ctx.
func (f *frame) block(b *ir.Block, ctx []int) {
	e := f.e
	var guard *term
	var mem memory
	var in []*edge
	if b.Index == 0 {
		guard, mem = f.entryGuard, f.entryMem
	} else {
		k := instKey{b, ctxKey(ctx)}
		in = f.pending[k]
		delete(f.pending, k)
		if len(in) == 0 {
			return
		}
		guard = e.ts.boolConst(false)
		gs := make([]*term, len(in))
		ms := make([]memory, len(in))
		for i, ed := range in {
			guard = e.ts.or(guard, ed.guard)
			gs[i], ms[i] = ed.guard, ed.mem
		}
		mem = e.mergeMem(gs, ms)
	}
	if guard.isFalse() {
		return
	}
	e.budget--
	if e.budget < 0 || e.ts.count > maxTerms {
		panic(notEnc(TooLarge, "construct unrolled function too large (block instance or term budget spent) not encoded"))
	}
	if e.budget%64 == 0 && !e.deadline.IsZero() && time.Now().After(e.deadline) {
		panic(notEnc(BudgetSpent, "the re-check's time budget ran out while encoding the function"))
	}
	me := &inst{b: b, ctx: ctx}
	ck := ctxKey(ctx)
	// Phis read their edges simultaneously, at the end of each predecessor.
	for _, ins := range b.Instrs {
		phi, ok := ins.(*ir.Phi)
		if !ok {
			break
		}
		gs := make([]*term, len(in))
		vs := make([]sym, len(in))
		for i, ed := range in {
			gs[i] = ed.guard
			vs[i] = f.lookup(phi.Edges[predIndex(b, ed.src.b)], ed.src)
		}
		if len(in) == 0 {
			panic(notEnc(NotControlFlow, "construct phi in the entry block of %s not encoded", f.fn.Name))
		}
		f.vals[valKey{phi, ck}] = e.merge(gs, vs)
	}
	for _, ins := range b.Instrs {
		switch ins := ins.(type) {
		case *ir.Phi:
		case *ir.If:
			c := f.scalar(ins.Cond, me)
			if e.keep && c.isConst() {
				name := fmt.Sprintf("k!%d", len(e.kept)+1)
				e.kept = append(e.kept, keptConst{name, c, ins.Pos})
				c = e.ts.variable(name, 0)
			}
			e.ifs[ins] = append(e.ifs[ins], ifInst{guard, c})
			f.addEdge(me, b.Succs[0], e.ts.and(guard, c), mem)
			f.addEdge(me, b.Succs[1], e.ts.and(guard, e.ts.not(c)), mem)
		case *ir.Jump:
			f.addEdge(me, b.Succs[0], guard, mem)
		case *ir.Return:
			res := make([]sym, len(ins.Results))
			for i, r := range ins.Results {
				res[i] = f.lookup(r, me)
			}
			f.rets = append(f.rets, ret{guard, res, mem})
		case *ir.Panic:
			if ins.Kind == ir.AbortPanic {
				// Go goes on where the model stops: the path is not
				// ended but cut.
				c := e.abortCut[ins]
				if c == nil {
					msg := ins.Msg
					if msg == "" {
						msg = "a computed message in " + f.fn.Name
					}
					c = &cut{why: NotModelled, name: msg, pos: ins.Pos, guard: e.ts.boolConst(false)}
					e.abortCut[ins] = c
					e.cuts = append(e.cuts, c)
				}
				c.guard = e.ts.or(c.guard, guard)
				return
			}
			if p, ok := e.panics[ins]; ok {
				e.panics[ins] = e.ts.or(p, guard)
			} else {
				e.panics[ins] = guard
			}
		default:
			var v sym
			v, guard, mem = f.exec(ins, me, guard, mem)
			if guard.isFalse() {
				return // nothing after this point runs: a callee always panics, or a nil dereference
			}
			if v != nil {
				f.vals[valKey{ins.(ir.Value), ck}] = v
			}
		}
	}
}

func predIndex(b, pred *ir.Block) int {
	for i, p := range b.Preds {
		if p == pred {
			return i
		}
	}
	panic(fmt.Sprintf("indep: b%d is not a predecessor of b%d", pred.Index, b.Index))
}

// addEdge records the edge instance from src to t taken under guard.
func (f *frame) addEdge(src *inst, t *ir.Block, guard *term, mem memory) {
	if guard.isFalse() {
		return
	}
	ls, lt := f.fi.chain[src.b.Index], f.fi.chain[t.Index]
	k := 0
	for k < len(ls) && k < len(lt) && ls[k] == lt[k] {
		k++
	}
	var tctx []int
	exited := k
	switch {
	case k > 0 && ls[k-1].header == t:
		// A back edge of ls[k-1]: the next iteration of that loop.
		tctx = append(append([]int(nil), src.ctx[:k-1]...), src.ctx[k-1]+1)
	case len(lt) == k:
		tctx = src.ctx[:k]
	case len(lt) == k+1 && lt[k].header == t:
		tctx = append(append([]int(nil), src.ctx[:k]...), 0) // entering a loop
	default:
		panic(notEnc(NotControlFlow, "construct edge b%d->b%d into the middle of a loop in %s not encoded", src.b.Index, t.Index, f.fn.Name))
	}
	ed := &edge{src: src, guard: guard, mem: mem}
	for m := exited; m < len(ls); m++ {
		a := actKey{ls[m], ctxKey(src.ctx[:m])}
		f.exits[a] = append(f.exits[a], ed)
	}
	ik := instKey{t, ctxKey(tctx)}
	f.pending[ik] = append(f.pending[ik], ed)
}

// lookup is the value of v as seen at the end of instance at.
func (f *frame) lookup(v ir.Value, at *inst) sym {
	switch v := v.(type) {
	case *ir.Const:
		return f.e.constSym(v)
	case *ir.Param:
		if v.Index >= len(f.params) || f.fn.Params[v.Index] != v {
			panic(fmt.Sprintf("indep: parameter %s of another function in %s", v.Ident, f.fn.Name))
		}
		return f.params[v.Index]
	case *ir.Global:
		return f.e.global(v)
	}
	ins, ok := v.(ir.Instr)
	if !ok {
		panic(fmt.Sprintf("indep: unknown value %T", v))
	}
	d := ins.Block()
	ld, lu := f.fi.chain[d.Index], f.fi.chain[at.b.Index]
	k := 0
	for k < len(ld) && k < len(lu) && ld[k] == lu[k] {
		k++
	}
	if k == len(ld) {
		x, ok := f.vals[valKey{v, ctxKey(at.ctx[:k])}]
		if _, iface := ins.(*ir.MakeInterface); iface && !ok {
			panic(notEnc(NotInterface, "construct %s in %s not encoded", constructName(ins), f.fn.Name))
		}
		if !ok {
			panic(notEnc(NotOther, "construct use of %%%s (b%d) in b%d of %s without a reached definition not encoded", v.Name(), d.Index, at.b.Index, f.fn.Name))
		}
		return x
	}
	// Defined in loop ld[k], which was left on the way to at: the value of
	// the iteration that left it, selected by the exit edge taken.
	act := actKey{ld[k], ctxKey(at.ctx[:k])}
	ek := exitKey{v, act}
	if x, ok := f.exitMemo[ek]; ok {
		return x
	}
	var gs []*term
	var vs []sym
	for _, ed := range f.exits[act] {
		if f.fi.dominates(d, ed.src.b) {
			gs = append(gs, ed.guard)
			vs = append(vs, f.lookup(v, ed.src))
		}
	}
	if len(vs) == 0 {
		panic(notEnc(NotControlFlow, "construct use of %%%s after loop %d of %s, no exit after its definition not encoded", v.Name(), ld[k].num, f.fn.Name))
	}
	x := f.e.merge(gs, vs)
	f.exitMemo[ek] = x
	return x
}

// scalar is the term of a bool or integer operand.
func (f *frame) scalar(v ir.Value, at *inst) *term {
	t, ok := f.lookup(v, at).(*term)
	if !ok {
		panic(notEnc(NotOther, "construct non-scalar operand %%%s in %s not encoded", v.Name(), f.fn.Name))
	}
	return t
}
