// Loop structure, per-loop k-bounds, and concretization of loop variables at loop entry.

package engine

import (
	"fmt"
	"strings"

	"leapfrog/internal/cfg"
	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
)

type edge struct{ from, to *ir.Block }

// LoopID names a loop: its function and its number there (cfg.Loops: headers
// in source order, from 1).
type LoopID struct {
	Fn  *ir.Function
	Num int
}

// Model is one concretization: each variable (a value live at loop entry: a
// header phi fed from outside the loop, a parameter, or any value defined
// before the loop) equals the given bits.
type Model struct {
	Vars  []ir.Value
	Names []string // Go names, for messages
	Vals  []uint64
}

// ModelSet is the disjunction of models constraining a loop's entry.
type ModelSet struct {
	Models []Model
	Source string // "directive" or "inferred"
	// Released models still record their constraint step, but prune nothing:
	// the search releases inferred models that leave objectives open.
	Released bool
}

// LoopSettings are the per-loop parameters of the engine; the zero value means
// the global KBound everywhere and no concretization.
type LoopSettings struct {
	Bounds map[LoopID]int       // per-loop bounds (directives, or raised by the search)
	Models map[LoopID]*ModelSet // concretization at loop entry
	// PhiNames gives the Go variable of a header phi (from the frontend).
	PhiNames map[*ir.Phi]string
	// Refine, when set, may replace the models of a loop for one loop-entry
	// context (the path condition so far, the entry values as terms): the search
	// strengthens inferred models that conflict with the context.
	Refine func(id LoopID, ms *ModelSet, entry []*expr.Term, prefix []*expr.Term) *ModelSet
}

// loopInfo holds the natural loops of a function (cfg.Loops).
type loopInfo struct {
	back    map[edge]bool
	headers map[*ir.Block]bool
	loopOf  map[*ir.Block]*cfg.Loop // header → loop
	order   []*cfg.Loop             // by number
	pos     map[*ir.Block]string
	pseudo  map[*ir.Block]*ir.If // the constraint pseudo-branch of a loop with models
}

func (e *Engine) loopInfo(fn *ir.Function) *loopInfo {
	if li, ok := e.loops[fn]; ok {
		return li
	}
	li := &loopInfo{back: map[edge]bool{}, headers: map[*ir.Block]bool{}, loopOf: map[*ir.Block]*cfg.Loop{}, pos: map[*ir.Block]string{}, pseudo: map[*ir.Block]*ir.If{}}
	if len(fn.Blocks) > 0 {
		li.order = cfg.Loops(fn)
	}
	for _, l := range li.order {
		li.headers[l.Header] = true
		li.loopOf[l.Header] = l
		for _, be := range l.BackEdges {
			li.back[edge{be.From, be.To}] = true
		}
		li.pos[l.Header] = LoopPos(l).String()
	}
	e.loops[fn] = li
	return li
}

// LoopPos is the position naming a loop: its header's condition, else the
// first condition of the loop in source order.
func LoopPos(l *cfg.Loop) ir.Pos {
	if t, ok := l.Header.Terminator().(*ir.If); ok && t.Pos.IsValid() {
		return t.Pos
	}
	var best ir.Pos
	for _, b := range l.Blocks {
		if t, ok := b.Terminator().(*ir.If); ok && t.Pos.IsValid() {
			if !best.IsValid() || t.Pos.Line < best.Line || t.Pos.Line == best.Line && t.Pos.Col < best.Col {
				best = t.Pos
			}
		}
	}
	return best
}

// Bound returns the k-bound of a loop.
func (e *Engine) Bound(id LoopID) int {
	if k, ok := e.LoopCfg.Bounds[id]; ok {
		return k
	}
	return e.KBound
}

// LoopName is "1" for a loop of the function under test, "Callee.1" for a callee's.
func LoopName(id LoopID, root *ir.Function) string {
	if id.Fn == root || id.Fn == nil {
		return fmt.Sprint(id.Num)
	}
	return fmt.Sprintf("%s.%d", id.Fn.Name, id.Num)
}

// BoundReason is the reason of a side not flipped because of a loop's bound.
func (e *Engine) BoundReason(id LoopID, root *ir.Function) string {
	li := e.loopInfo(id.Fn)
	return fmt.Sprintf("loop %s (%s) bounded at %d", LoopName(id, root), li.pos[li.order[id.Num-1].Header], e.Bound(id))
}

// ConcretizedReason is the reason of a side not explored because of models.
func ConcretizedReason(id LoopID, root *ir.Function) string {
	return fmt.Sprintf("loop %s concretized", LoopName(id, root))
}

// exceeded returns the first loop (in source order) containing b whose current
// iteration count has reached its bound, or nil.
func (m *machine) exceeded(li *loopInfo, fr *frame, b *ir.Block) *cfg.Loop {
	for _, l := range fr.code.blocks[b.Index].loops {
		if fr.iters[l.Header.Index] >= m.Bound(LoopID{fr.fn, l.Number}) {
			return l
		}
	}
	return nil
}

// markStep sets a symbolic step's flippability: beyond a loop's bound, or
// after a loop entry that missed its models, the other side is not explored.
func (m *machine) markStep(li *loopInfo, fr *frame, b *ir.Block, st *Step) {
	if st.Cond == nil {
		return
	}
	if l := m.exceeded(li, fr, b); l != nil {
		id := LoopID{fr.fn, l.Number}
		st.Flippable = false
		st.Bounded = m.BoundReason(id, m.root)
		st.BoundLoop, st.BoundIter = id, fr.iters[l.Header.Index]
		return
	}
	if m.missed != nil {
		st.Flippable = false
		st.Bounded = ConcretizedReason(*m.missed, m.root)
		st.BoundLoop, st.BoundIter = *m.missed, -1
	}
}

// enterLoop runs at the entry of a loop (from outside): when the loop has
// models, it records the constraint step "the entry values equal one of the
// models". The step's in-model side is never left for the other (paths outside
// the models are pruned: Bounded, "loop N concretized"); a run outside the
// models may be flipped into them, and its later branches are not flipped.
func (m *machine) enterLoop(li *loopInfo, fr *frame, l *cfg.Loop, depth int) {
	id := LoopID{fr.fn, l.Number}
	ms := m.LoopCfg.Models[id]
	if ms == nil || len(ms.Models) == 0 {
		return
	}
	vars := modelVars(ms)
	entry := make([]*expr.Term, len(vars))
	conc := make([]uint64, len(vars))
	for i, v := range vars {
		x, ok := m.lookupVal(fr, v).(*scalar)
		if !ok {
			return // not live here (another path into the loop): nothing to constrain
		}
		entry[i], conc[i] = m.term(x), x.c
	}
	if m.LoopCfg.Refine != nil && !m.force {
		var prefix []*expr.Term
		for _, s := range m.path.Steps {
			if s.Cond != nil {
				prefix = append(prefix, s.Cond)
			}
		}
		ms = m.LoopCfg.Refine(id, ms, entry, prefix)
	}
	var disj []*expr.Term
	in := false
	for _, md := range ms.Models {
		var conj []*expr.Term
		all := true
		for j, v := range md.Vars {
			k := indexOf(vars, v)
			w := 0
			if t := v.Type(); t.Kind == ir.KInt {
				w = t.Width
			}
			val := md.Vals[j] & expr.Mask(w)
			conj = append(conj, m.B.Eq(entry[k], m.B.Const(w, val)))
			if conc[k]&expr.Mask(w) != val {
				all = false
			}
		}
		disj = append(disj, m.B.And(conj...))
		in = in || all
	}
	cond := m.B.Or(disj...)
	// A forced run (RunForced) takes the forced direction, as at an If: the
	// step's constraint and flippability follow the direction taken, a
	// constant constraint the other way is a conflict, and the run stops
	// only after peeking at the step that follows the forced ones.
	k := len(m.path.Steps)
	if m.force && k < len(m.forced) {
		if cond.IsConst() && m.forced[k] != in {
			m.path.Conflict = k
			panic(stopRun{})
		}
		in = m.forced[k]
	}
	mkStep := func(in bool) Step {
		st := Step{If: li.pseudoIf(l), Taken: in, Depth: depth}
		if !cond.IsConst() {
			st.Cond = cond
			if !in {
				st.Cond = m.B.Not(cond)
			}
			st.Flippable = !in || ms.Released
			if in && !ms.Released {
				st.Bounded = ConcretizedReason(id, m.root)
				st.BoundLoop, st.BoundIter = id, -1
			}
		}
		return st
	}
	st := mkStep(in)
	if m.guide != nil && k >= len(m.forced) {
		st = m.guided(k, st, cond.IsConst(), mkStep)
		in = st.Taken
	}
	m.path.Steps = append(m.path.Steps, st)
	if m.force && !m.mergeAfter && m.guide == nil && len(m.path.Steps) == len(m.forced)+1 {
		panic(stopRun{}) // the step after the forced ones is only peeked at
	}
	if !in && m.missed == nil && !ms.Released {
		m.missed = &id
	}
}

// pseudoIf is the branch standing for a loop's model constraint: an internal
// If outside the function's blocks, whose two sides both lead to the header
// (so reachability from either side is that of the loop).
func (li *loopInfo) pseudoIf(l *cfg.Loop) *ir.If {
	if p := li.pseudo[l.Header]; p != nil {
		return p
	}
	b := &ir.Block{Index: -1, Func: l.Header.Func, Succs: []*ir.Block{l.Header, l.Header}, Comment: fmt.Sprintf("%s %d", purpose(ir.LoopModels), l.Number)}
	p := &ir.If{Cond: &ir.Const{Typ: &ir.Type{Kind: ir.KBool}, Val: 1}, Kind: ir.InternalBranch, Pos: LoopPos(l), ID: -1, Pseudo: ir.LoopModels}
	b.Append(p)
	li.pseudo[l.Header] = p
	return p
}

// IsModelStep reports whether a branch is the model constraint of a loop.
func IsModelStep(in *ir.If) bool { return in != nil && in.Pseudo == ir.LoopModels }

func modelVars(ms *ModelSet) []ir.Value {
	var vs []ir.Value
	for _, md := range ms.Models {
		for _, v := range md.Vars {
			if indexOf(vs, v) < 0 {
				vs = append(vs, v)
			}
		}
	}
	return vs
}

func indexOf(vs []ir.Value, v ir.Value) int {
	for i, x := range vs {
		if x == v {
			return i
		}
	}
	return -1
}

// LoopVar finds the value of Go variable name at entry of loop l: a header phi
// of that name, else a parameter of that name.
func (e *Engine) LoopVar(l *cfg.Loop, name string) ir.Value {
	for _, in := range l.Header.Instrs {
		phi, ok := in.(*ir.Phi)
		if !ok {
			break
		}
		if e.LoopCfg.PhiNames[phi] == name {
			return phi
		}
	}
	for _, p := range l.Header.Func.Params {
		if p.Ident == name {
			return p
		}
	}
	return nil
}

// Describe renders a model set as the directive would: "1.[i,j] -> [0,1],[2,3]".
func (ms *ModelSet) Describe(name string) string {
	var parts []string
	for _, md := range ms.Models {
		var vals []string
		for j, v := range md.Vals {
			w := 64
			if t := md.Vars[j].Type(); t.Kind == ir.KInt {
				w = t.Width
				if t.Signed {
					vals = append(vals, fmt.Sprint(int64(expr.Extend(v, w, 64, true))))
					continue
				}
			}
			vals = append(vals, fmt.Sprint(v))
		}
		parts = append(parts, fmt.Sprintf("%s.[%s] -> [%s]", name, strings.Join(md.Names, ","), strings.Join(vals, ",")))
	}
	return strings.Join(parts, "; ")
}
