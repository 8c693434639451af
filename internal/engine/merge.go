// Path merging, dynamic part: executing a region under guards, ite at joins, obligations per branch outcome.

package engine

import (
	"fmt"

	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
)

// MergedRegion records one merged execution of a region on a path. Its
// branch instances are not steps of the path: each outcome of each branch in
// the region (inlined callees included) is an Obligation instead.
type MergedRegion struct {
	Entry       *ir.If // the branch at the region's entry
	At          int    // the number of steps before the region: its prefix is Steps[:At]
	Depth       int
	Size        int // term nodes of the summary
	Obligations []Obligation
}

// Obligation is the obligation variable of one branch outcome inside a merged
// region: Term (over the inputs) holds exactly when the path through the
// region takes that outcome, given the prefix. Taken says whether this run
// took it.
type Obligation struct {
	If    *ir.If
	Dir   bool
	Term  *expr.Term
	Taken bool
	// Why Term is the constant false, when it is: Const, a branch inside the
	// region whose condition is constant, and ConstDir the side it rules
	// out (its condition is the constant !ConstDir on the way here); or
	// Folded, symbolic terms whose conjunction the term builder folded to
	// false (a guard and a condition that contradict it).
	Const    *ir.If
	ConstDir bool
	Folded   []*expr.Term
}

// falseWhy says why a guard is constant false: a constant condition ruling
// out a side (If non-nil), or the symbolic terms whose conjunction folded.
type falseWhy struct {
	If     *ir.If
	Dir    bool
	folded []*expr.Term
}

// obligation is the obligation of side dir of in, with term t and why it
// is false when it is.
func obligation(in *ir.If, dir bool, t *expr.Term, taken bool, why falseWhy) Obligation {
	return Obligation{If: in, Dir: dir, Term: t, Taken: taken, Const: why.If, ConstDir: why.Dir, Folded: why.folded}
}

// mergeFail undoes a merge; the region is then executed branch by branch.
type mergeFail string

type journalEntry struct {
	obj *object
	old val
}

type mctx struct {
	m       *machine
	journal []journalEntry
	obls    []Obligation
	cause   map[edge]falseWhy // why a constant-false edge guard is false
}

type guardedVals struct {
	g    *scalar
	vals []val
}

var (
	gTrue  = &scalar{c: 1}
	gFalse = &scalar{c: 0}
)

func isFalse(g *scalar) bool { return g.s == nil && g.c == 0 }

// merged executes the mergeable region entered at b (whose phis are set), if
// any, and returns its exit block with the exit's phis set; nil when b is no
// mergeable region's entry or the merge was undone (nothing then happened).
func (m *machine) merged(fr *frame, b *ir.Block, depth int) (exit *ir.Block) {
	mg := m.Merge
	if mg == nil || m.force && !(m.mergeAfter && len(m.path.Steps) >= len(m.forced)) || m.ooc != nil {
		return nil
	}
	if mg.summarised == nil {
		e := m.Engine
		mg.summarised = func(f *ir.Function) bool { return e.summaryOf(f) != nil }
	}
	r := mg.regionAt(b, m.loopInfo(fr.fn))
	if r == nil {
		return nil
	}
	c := &mctx{m: m, cause: map[edge]falseWhy{}}
	steps := m.steps
	m.merging = true
	defer func() { m.merging = false }()
	defer func() {
		if x := recover(); x != nil {
			switch x.(type) {
			case mergeFail, runError:
			default:
				panic(x)
			}
			for i := len(c.journal) - 1; i >= 0; i-- {
				c.journal[i].obj.set(c.journal[i].old)
			}
			m.steps = steps
			exit = nil
		}
	}()
	edges := c.run(fr, r, gTrue, depth, nil)
	// The exit's phis, from the region's edges into it.
	var phis []*ir.Phi
	var vals []val
	for _, in := range r.exit.Instrs {
		phi, ok := in.(*ir.Phi)
		if !ok {
			break
		}
		var gv []guardedVals
		for k, p := range r.exit.Preds {
			if g := edges[edge{p, r.exit}]; r.in[p] && g != nil && !isFalse(g) {
				gv = append(gv, guardedVals{g, []val{m.get(fr, phi.Edges[k])}})
			}
		}
		if len(gv) == 0 {
			panic(mergeFail("no edge into the exit"))
		}
		phis = append(phis, phi)
		vals = append(vals, c.choose(gv)[0])
	}
	size := termSize(c.obls, vals)
	if size > mg.Bound {
		panic(mergeFail(fmt.Sprintf("summary of %d terms above the bound %d", size, mg.Bound)))
	}
	for i, phi := range phis {
		m.set(fr, phi, vals[i])
	}
	m.path.Merged = append(m.path.Merged, MergedRegion{Entry: b.Terminator().(*ir.If), At: len(m.path.Steps), Depth: depth, Size: size, Obligations: c.obls})
	return r.exit
}

// run executes the blocks of r under guards, the entry under g0 (its phis are
// set already). It returns the guards of the edges taken; for a callee body,
// rets collects each Return's guard and results.
func (c *mctx) run(fr *frame, r *region, g0 *scalar, depth int, rets *[]guardedVals) map[edge]*scalar {
	m := c.m
	edges := map[edge]*scalar{}
	dead := map[*ir.Block]falseWhy{} // the blocks never entered, and why
	for _, x := range r.order {
		g := g0
		var incoming []guardedVals // guard and pred index
		var why falseWhy
		if x != r.entry {
			var gs []*scalar
			for k, p := range x.Preds {
				eg := edges[edge{p, x}]
				if r.in[p] && eg != nil && !isFalse(eg) {
					gs = append(gs, eg)
					incoming = append(incoming, guardedVals{eg, []val{&scalar{c: uint64(k)}}})
				} else if why.If == nil && why.folded == nil && r.in[p] && eg != nil {
					why = c.cause[edge{p, x}]
				} else if d, ok := dead[p]; why.If == nil && why.folded == nil && ok {
					why = d
				}
			}
			g = c.or(gs)
		}
		if isFalse(g) {
			// Never entered: the branch outcomes in it and in the callees
			// it calls are obligations that are constant false, so that the
			// search knows they are refuted here rather than never met.
			dead[x] = why
			c.deadBlock(x, why)
			continue
		}
		if _, ok := x.Terminator().(*ir.Panic); ok {
			panic(mergeFail("a run-time check may fail inside the region"))
		}
		// Phis: the value of the edge whose guard holds.
		var phis []*ir.Phi
		var pv []val
		for _, in := range x.Instrs {
			phi, ok := in.(*ir.Phi)
			if !ok || x == r.entry {
				break
			}
			gv := make([]guardedVals, len(incoming))
			for i, ic := range incoming {
				k := ic.vals[0].(*scalar).c
				gv[i] = guardedVals{ic.g, []val{m.get(fr, phi.Edges[k])}}
			}
			phis = append(phis, phi)
			pv = append(pv, c.choose(gv)[0])
		}
		for i, phi := range phis {
			m.set(fr, phi, pv[i])
		}
		cb := &fr.code.blocks[x.Index]
		for ii := range cb.instrs {
			ci := &cb.instrs[ii]
			m.steps++
			if m.steps > m.MaxSteps {
				panic(mergeFail("step limit"))
			}
			if m.steps&1023 == 0 {
				m.checkDeadline()
			}
			switch in := ci.in.(type) {
			case *ir.If:
				cond := m.get(fr, in.Cond).(*scalar)
				gt, gf := c.and(g, cond), c.and(g, c.not(cond))
				// A side whose guard is constant false (the block is entered):
				// ruled out by this condition being constant, or by the
				// guard and the condition contradicting each other.
				wt, wf := c.whyFalse(in, true, g, cond, gt), c.whyFalse(in, false, g, c.not(cond), gf)
				if isFalse(gt) {
					c.cause[edge{x, x.Succs[0]}] = wt
				}
				if isFalse(gf) {
					c.cause[edge{x, x.Succs[1]}] = wf
				}
				if in.Kind != ir.InternalBranch {
					c.obls = append(c.obls, obligation(in, true, c.term(gt), gt.c == 1, wt), obligation(in, false, c.term(gf), gf.c == 1, wf))
				}
				edges[edge{x, x.Succs[0]}] = gt
				edges[edge{x, x.Succs[1]}] = gf
			case *ir.Jump:
				edges[edge{x, x.Succs[0]}] = g
			case *ir.Return:
				if rets == nil {
					panic(mergeFail("return inside a block region"))
				}
				res := make([]val, len(in.Results))
				for i, v := range in.Results {
					res[i] = m.get(fr, v)
				}
				*rets = append(*rets, guardedVals{g, res})
			case *ir.Store:
				p := m.deref(m.operand(fr, ci.ops[0]))
				old := m.contents(p.obj)
				nv := m.store(old, p.path, m.operand(fr, ci.ops[1]))
				if g.s != nil {
					nv = m.ite(g.s, g.c == 1, nv, old)
				} else if g.c == 0 {
					nv = old
				}
				c.journal = append(c.journal, journalEntry{p.obj, old})
				p.obj.set(nv)
			case *ir.Call:
				if f := m.summaryOf(in.Callee); f != nil {
					args := make([]val, len(ci.ops))
					for i := range ci.ops {
						args[i] = m.operand(fr, ci.ops[i])
					}
					res, _ := m.results(m.callSummary(f, in.Callee, args), false)
					fr.slots[ci.dst] = res
					break
				}
				body := m.Merge.body(in.Callee)
				if body == nil {
					panic(mergeFail("callee cannot be inlined"))
				}
				cf := m.newFrame(in.Callee)
				for i := range in.Callee.Params {
					cf.slots[i] = m.operand(fr, ci.ops[i])
				}
				var rs []guardedVals
				c.run(cf, body, g, depth+1, &rs)
				if len(in.Callee.Results) == 0 {
					break
				}
				if len(rs) == 0 {
					panic(mergeFail("callee never returns"))
				}
				res := c.choose(rs)
				if len(res) == 1 {
					fr.slots[ci.dst] = res[0]
				} else {
					fr.slots[ci.dst] = &tuple{elems: res}
				}
			case *ir.MapUpdate, *ir.Builtin, *ir.MakeSlice, *ir.Next, *ir.Range,
				*ir.Invoke, *ir.CallValue, *ir.Defer, *ir.RunDefers, *ir.Recover:
				// Writes to tables and arrays, and decisions, are not
				// journalled: such regions run branch by branch.
				panic(mergeFail(fmt.Sprintf("%T inside the region", in)))
			default:
				v, panicked := m.exec(fr, ci, depth)
				if panicked {
					panic(mergeFail("panic inside the region"))
				}
				if ci.dst >= 0 {
					fr.slots[ci.dst] = v
				}
			}
		}
	}
	return edges
}

// deadBlock records the obligations of a block never entered, why (a
// constant condition) being the reason: both outcomes of its branch, and
// those of every branch of the callees it calls (regions and inlinable
// bodies hold calls to inlinable callees only), are constant false.
func (c *mctx) deadBlock(x *ir.Block, why falseWhy) {
	f := c.m.B.BoolConst(false)
	if in, ok := x.Terminator().(*ir.If); ok && in.Kind != ir.InternalBranch {
		c.obls = append(c.obls, obligation(in, true, f, false, why), obligation(in, false, f, false, why))
	}
	for _, in := range x.Instrs {
		if call, ok := in.(*ir.Call); ok && c.m.summaryOf(call.Callee) == nil {
			body := c.m.Merge.body(call.Callee)
			if body == nil {
				panic(mergeFail("callee cannot be inlined"))
			}
			for _, y := range body.order {
				c.deadBlock(y, why)
			}
		}
	}
}

// whyFalse says why the guard gs of side dir of in, the conjunction of the
// block's guard g and the side's condition cond, is constant false (the
// zero falseWhy when it is not): cond is constant, or the builder folded
// the conjunction of two symbolic terms.
func (c *mctx) whyFalse(in *ir.If, dir bool, g, cond, gs *scalar) falseWhy {
	switch {
	case !isFalse(gs):
		return falseWhy{}
	case cond.s == nil:
		return falseWhy{If: in, Dir: dir}
	case g.s != nil:
		return falseWhy{folded: []*expr.Term{g.s, cond.s}}
	}
	return falseWhy{} // g is false: the block is never entered (not run)
}

// choose merges guarded value lists, the guards being mutually exclusive and
// one of them holding: ite(g1, v1, ite(g2, v2, ... vn)).
func (c *mctx) choose(gv []guardedVals) []val {
	res := append([]val(nil), gv[len(gv)-1].vals...)
	for i := len(gv) - 2; i >= 0; i-- {
		g := gv[i].g
		for k := range res {
			switch {
			case g.s != nil:
				res[k] = c.m.ite(g.s, g.c == 1, gv[i].vals[k], res[k])
			case g.c == 1:
				res[k] = gv[i].vals[k]
			}
		}
	}
	return res
}

func (c *mctx) and(a, b *scalar) *scalar {
	switch {
	case isFalse(a) || isFalse(b):
		return gFalse
	case a.s == nil:
		return b
	case b.s == nil:
		return a
	}
	return mk(a.c&b.c, c.m.B.And(a.s, b.s), 0)
}

func (c *mctx) not(a *scalar) *scalar {
	if a.s == nil {
		return &scalar{c: 1 - a.c}
	}
	return mk(1-a.c, c.m.B.Not(a.s), 0)
}

func (c *mctx) or(gs []*scalar) *scalar {
	var ts []*expr.Term
	var cv uint64
	for _, g := range gs {
		if g.s == nil {
			if g.c == 1 {
				return gTrue
			}
			continue
		}
		cv |= g.c
		ts = append(ts, g.s)
	}
	switch len(ts) {
	case 0:
		return gFalse
	case 1:
		return mk(cv, ts[0], 0)
	}
	return mk(cv, c.m.B.Or(ts...), 0)
}

func (c *mctx) term(g *scalar) *expr.Term {
	if g.s != nil {
		return g.s
	}
	return c.m.B.BoolConst(g.c == 1)
}

// termSize counts the distinct term nodes of the obligations and values.
func termSize(obls []Obligation, vals []val) int {
	seen := map[*expr.Term]bool{}
	var walk func(t *expr.Term)
	walk = func(t *expr.Term) {
		if t == nil || seen[t] {
			return
		}
		seen[t] = true
		for _, a := range t.Args {
			walk(a)
		}
	}
	var walkVal func(v val)
	walkVal = func(v val) {
		switch v := v.(type) {
		case *scalar:
			walk(v.s)
		case *agg:
			for _, e := range v.elems {
				walkVal(e)
			}
		case *tuple:
			for _, e := range v.elems {
				walkVal(e)
			}
		case *str:
			walk(v.n.s)
			for _, b := range v.b {
				walk(b.s)
			}
		case *slice:
			walk(v.off.s)
			walk(v.n.s)
			walk(v.cap.s)
		case *iface:
			walk(v.tag.s)
			for _, a := range v.alts {
				walkVal(a.v)
			}
		}
	}
	for _, o := range obls {
		walk(o.Term)
	}
	for _, v := range vals {
		walkVal(v)
	}
	return len(seen)
}
