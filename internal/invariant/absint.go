// The abstract interpretation: zones over the integer atoms of the inlined program, in the manner of gc's prove pass.

package invariant

import (
	"fmt"
	"math"
	"math/big"
	"sort"
	"strings"
	"time"

	"leapfrog/internal/ir"
)

const (
	widenAfter = 2      // visits of a cut point before its state is widened
	maxSteps   = 200000 // node visits before the analysis gives up
)

// absint is one run of the analysis on a model.
type absint struct {
	m     *model
	live  [][]uint64 // per node: the values read at it or after it (a bit per value number)
	in    []*zone    // per node: the state on entering it (nil: unreached)
	steps int
}

// key names atom i of value k.
func (a *absint) key(k vkey, i int) akey { return akey{int32(a.m.number(k)), int32(i)} }

// atomOf returns the atom an akey names (not a temporary).
func (a *absint) atomOf(x akey) atom { return atomsOf(a.m.vkeys[x.v].v.Type())[x.a] }

// operand is an integer atom or a constant: x_idx + off (idx 0: the constant off).
type operand struct {
	idx int
	off int64
	ok  bool // false: unknown (not tracked, or a constant out of int64)
}

// errAbsIntLate is analyse's error when stop has passed.
var errAbsIntLate = fmt.Errorf("the abstract interpretation ran out of time")

// analyse runs the analysis to a post-fixpoint (widening at cut points,
// then two descending passes). It fails when it does not stabilise, or
// when stop (zero: none) passes.
func analyse(m *model, stop time.Time) (*absint, error) {
	a := &absint{m: m, in: make([]*zone, len(m.nodes))}
	a.computeLive()
	z := newZone()
	for _, p := range m.fn.Params {
		z = a.wellFormed(z, vkey{m.top, p})
	}
	a.in[m.entry.id] = z.project(a.keep(m.entry))
	visits := make([]int, len(m.nodes))
	work := map[int]bool{m.entry.rpo: true}
	for len(work) > 0 {
		next := math.MaxInt
		for r := range work {
			next = min(next, r)
		}
		delete(work, next)
		n := m.order[next]
		if a.steps++; a.steps > maxSteps {
			return nil, fmt.Errorf("the abstract interpretation does not stabilise")
		}
		if !stop.IsZero() && time.Now().After(stop) {
			return nil, errAbsIntLate
		}
		for _, e := range a.post(n) {
			s := e.to
			st := e.z.project(a.keep(s))
			old := a.in[s.id]
			if st == nil || leq(st, old) {
				continue
			}
			nz := join(old, st)
			if s.cut {
				if visits[s.id]++; visits[s.id] > widenAfter {
					nz = widen(old, nz)
				}
			}
			a.in[s.id] = nz
			if debugAI != nil {
				debugAI(n, s, st, nz)
			}
			work[s.rpo] = true
		}
	}
	// Descending passes: recompute each state from its predecessors'.
	for pass := 0; pass < 2; pass++ {
		next := make([]*zone, len(m.nodes))
		next[m.entry.id] = a.in[m.entry.id]
		for _, n := range m.order {
			if !stop.IsZero() && time.Now().After(stop) {
				return nil, errAbsIntLate
			}
			for _, e := range a.post(n) {
				st := e.z.project(a.keep(e.to))
				if e.to == m.entry || st == nil {
					continue
				}
				next[e.to.id] = join(next[e.to.id], st)
			}
		}
		for i := range next {
			if next[i] != nil && a.in[i] != nil {
				// Keep the descent inside the post-fixpoint.
				next[i] = meet(a.in[i], next[i])
			}
		}
		a.in = next
	}
	return a, nil
}

var debugAI func(from, to *node, st, nz *zone)

// meet returns a zone included in both a and b, on a's atoms.
func meet(a, b *zone) *zone {
	if a == nil || b == nil {
		return nil
	}
	r := a.copy()
	pos := map[akey]int{}
	for i, v := range r.vars {
		pos[v] = i
	}
	for i, vi := range b.vars {
		ri, ok := pos[vi]
		if i > 0 && !ok {
			continue
		}
		for j, vj := range b.vars {
			rj, ok := pos[vj]
			if j > 0 && !ok {
				continue
			}
			if c := b.at(i, j); c < r.at(ri, rj) {
				r.set(ri, rj, c)
			}
		}
	}
	return r.close()
}

// computeLive gives each node the values read at it or at a node after it.
func (a *absint) computeLive() {
	m := a.m
	for _, us := range m.uses {
		for _, k := range us {
			m.number(k)
		}
	}
	words := (len(m.vkeys) + 63) / 64
	a.live = make([][]uint64, len(m.nodes))
	for _, n := range m.nodes {
		a.live[n.id] = make([]uint64, words)
		for _, k := range m.uses[n.id] {
			i := m.number(k)
			a.live[n.id][i/64] |= 1 << (i % 64)
		}
	}
	for changed := true; changed; {
		changed = false
		for i := len(m.order) - 1; i >= 0; i-- {
			n := m.order[i]
			for _, s := range n.succs {
				for w, bits := range a.live[s.id] {
					if nb := a.live[n.id][w] | bits; nb != a.live[n.id][w] {
						a.live[n.id][w] = nb
						changed = true
					}
				}
			}
		}
	}
}

// keep selects the atoms worth carrying into n: those of values read
// there or later, and the temporaries of assignments in progress.
func (a *absint) keep(n *node) func(akey) bool {
	live := a.live[n.id]
	return func(k akey) bool {
		return k.v < 0 || int(k.v)/64 < len(live) && live[k.v/64]&(1<<(k.v%64)) != 0
	}
}

// wellFormed adds a value's atoms with their ranges: an integer in its
// type's range, 0 <= len <= cap <= MaxInt64.
func (a *absint) wellFormed(z *zone, k vkey) *zone {
	as := atomsOf(k.v.Type())
	for i, at := range as {
		if at.role == roleBool {
			continue
		}
		x := z.add(a.key(k, i))
		z = a.rangeOf(z, x, at)
		if z == nil {
			return nil
		}
		if at.role == roleCap && i > 0 && as[i-1].role == roleLen {
			z = z.constrain(z.index(a.key(k, i-1)), x, 0)
		}
	}
	return z
}

// rangeOf bounds x_i by an atom's range (the parts int64 can hold).
func (a *absint) rangeOf(z *zone, i int, at atom) *zone {
	lo, hi := atomRange(at)
	if hi.IsInt64() {
		z = z.constrain(i, 0, hi.Int64())
	}
	if nl := new(big.Int).Neg(lo); z != nil && nl.IsInt64() {
		z = z.constrain(0, i, nl.Int64())
	}
	return z
}

// flow is the state along an edge.
type flow struct {
	to *node
	z  *zone
}

// post runs a node from its state and returns the states along its edges.
func (a *absint) post(n *node) []flow {
	z := a.atBranch(n)
	if z == nil {
		return nil
	}
	var out []flow
	edge := func(to *node, z *zone) {
		if z == nil {
			return
		}
		out = append(out, flow{to, a.enter(z, n, to)})
	}
	switch t := n.last().(type) {
	case *ir.If:
		edge(n.succs[0], a.refine(z.copy(), n.fr, t.Cond, true, 0))
		edge(n.succs[1], a.refine(z, n.fr, t.Cond, false, 0))
	case *ir.Jump, *ir.Call, *ir.Return:
		for _, s := range n.succs {
			edge(s, z)
		}
	}
	return out
}

// atBranch runs a node's instructions (not its phis, which the edges into
// it assign; not its last, a terminator or an inlined call) from its state.
func (a *absint) atBranch(n *node) *zone {
	z := a.in[n.id].copy()
	for i := firstInstr(n); i < n.end && z != nil; i++ {
		z = a.instr(z, n.fr, n.b.Instrs[i])
	}
	return z
}

// enter assigns, on the edge from n to `to`, the phis of to's block or the
// result of the call `to` continues, in parallel.
func (a *absint) enter(z *zone, n, to *node) *zone {
	var dsts []vkey
	var srcs [][]operand
	switch {
	case to.start == 0 && to.fr == n.fr:
		for _, in := range to.b.Instrs {
			phi, ok := in.(*ir.Phi)
			if !ok {
				break
			}
			for i, p := range to.b.Preds {
				if p == n.b {
					dsts = append(dsts, vkey{to.fr, phi})
					srcs = append(srcs, a.operands(z, to.fr, phi.Edges[i]))
					break
				}
			}
		}
	case to.start > 0:
		if ret, ok := n.last().(*ir.Return); ok {
			c := to.b.Instrs[to.start-1].(*ir.Call)
			var ops []operand
			for _, r := range ret.Results {
				ops = append(ops, a.operands(z, n.fr, r)...)
			}
			dsts = append(dsts, vkey{to.fr, c})
			srcs = append(srcs, ops)
		}
	}
	if len(dsts) == 0 {
		return z
	}
	// Temporaries first, then the destinations take their place.
	tmp := 0
	type pending struct {
		t   akey
		dst akey
		at  atom
	}
	var ps []pending
	for d, k := range dsts {
		as := atomsOf(k.v.Type())
		for i, at := range as {
			if at.role == roleBool {
				continue
			}
			tmp--
			t := akey{v: -1, a: int32(tmp)}
			x := z.add(t)
			if i < len(srcs[d]) {
				z = a.assign(z, x, srcs[d][i], at)
			} else {
				z = a.rangeOf(z, x, at)
			}
			if z == nil {
				return nil
			}
			ps = append(ps, pending{t, a.key(k, i), at})
		}
	}
	dst := map[akey]bool{}
	for _, p := range ps {
		dst[p.dst] = true
	}
	z = z.project(func(k akey) bool { return !dst[k] })
	for _, p := range ps {
		z.vars[z.index(p.t)] = p.dst
	}
	return z
}

// operands returns the integer atoms of an operand of fr.
func (a *absint) operands(z *zone, fr *frame, v ir.Value) []operand {
	k, isKey := a.m.resolve(fr, v)
	if !isKey {
		if c, ok := k.v.(*ir.Const); ok {
			return constOperands(c)
		}
		return nil
	}
	as := atomsOf(k.v.Type())
	ops := make([]operand, len(as))
	for i, at := range as {
		if at.role == roleBool {
			continue
		}
		if j := z.index(a.key(k, i)); j >= 0 {
			ops[i] = operand{idx: j, ok: true}
		}
	}
	return ops
}

// constOperands returns the integer atoms of a constant.
func constOperands(c *ir.Const) []operand {
	switch c.Typ.Kind {
	case ir.KBool:
		return []operand{{}}
	case ir.KInt:
		x, _ := constInt(c)
		if x.IsInt64() {
			return []operand{{off: x.Int64(), ok: true}}
		}
		return []operand{{}}
	case ir.KString:
		return []operand{{off: int64(len(c.Str)), ok: true}}
	case ir.KSlice:
		return []operand{{ok: true}, {ok: true}}
	}
	return nil
}

// assign constrains x_i to equal the operand (within the atom's range).
func (a *absint) assign(z *zone, i int, op operand, at atom) *zone {
	if op.ok {
		off := big.NewInt(op.off)
		z = z.constrainBig(i, op.idx, off)
		z = z.constrainBig(op.idx, i, off.Neg(off))
	}
	if z == nil {
		return nil
	}
	return a.rangeOf(z, i, at)
}

// intBounds returns the bounds of an operand (nil: unknown), exact
// integers. Beyond the matrix's own bounds it uses the ranges of the atoms
// the operand is related to: from x - y <= -1 and y an int64, x <=
// MaxInt64-1 (a bound the matrix cannot hold, its absent bound being
// MaxInt64).
func (a *absint) intBounds(z *zone, op operand) (lo, hi *big.Int) {
	if !op.ok {
		return nil, nil
	}
	off := big.NewInt(op.off)
	if op.idx == 0 {
		return off, new(big.Int).Set(off)
	}
	i := op.idx
	better := func(cur *big.Int, x *big.Int, up bool) *big.Int {
		if cur == nil || up && x.Cmp(cur) < 0 || !up && x.Cmp(cur) > 0 {
			return x
		}
		return cur
	}
	for j := range z.vars {
		var jlo, jhi *big.Int
		if j == 0 {
			jlo, jhi = big.NewInt(0), big.NewInt(0)
		} else if v := z.vars[j]; v.v >= 0 {
			jlo, jhi = atomRange(a.atomOf(v))
		} else {
			continue
		}
		if c := z.at(i, j); c != inf {
			hi = better(hi, new(big.Int).Add(jhi, big.NewInt(c)), true)
		}
		if c := z.at(j, i); c != inf {
			lo = better(lo, new(big.Int).Sub(jlo, big.NewInt(c)), false)
		}
	}
	if lo != nil {
		lo.Add(lo, off)
	}
	if hi != nil {
		hi.Add(hi, off)
	}
	return lo, hi
}

// nonNegative reports whether an operand is provably not negative.
func (a *absint) nonNegative(z *zone, op operand) bool {
	lo, _ := a.intBounds(z, op)
	return lo != nil && lo.Sign() >= 0
}

// fits reports whether [lo, hi] (nil: unknown) lies in the atom's range.
func fits(at atom, lo, hi *big.Int) bool {
	rlo, rhi := atomRange(at)
	return lo != nil && hi != nil && lo.Cmp(rlo) >= 0 && hi.Cmp(rhi) <= 0
}

// addBig returns x + y, nil when either is (unknown).
func addBig(x, y *big.Int) *big.Int {
	if x == nil || y == nil {
		return nil
	}
	return new(big.Int).Add(x, y)
}

// negBig returns -x, nil when x is (unknown).
func negBig(x *big.Int) *big.Int {
	if x == nil {
		return nil
	}
	return new(big.Int).Neg(x)
}

// instr runs one instruction: its integer atoms get their new values.
func (a *absint) instr(z *zone, fr *frame, in ir.Instr) *zone {
	v, ok := in.(ir.Value)
	if !ok {
		return z
	}
	as := atomsOf(v.Type())
	if len(as) == 0 {
		return z
	}
	k := vkey{fr, v}
	op := func(x ir.Value, i int) operand {
		ops := a.operands(z, fr, x)
		if i < len(ops) {
			return ops[i]
		}
		return operand{}
	}
	// The exact values (an atom equal to an operand plus a constant), else
	// bounds.
	vals := make([]operand, len(as))
	switch in := in.(type) {
	case *ir.BinOp:
		if in.X.Type().Kind == ir.KInt && len(as) == 1 && as[0].role == roleInt {
			return a.binop(z, k, in, op(in.X, 0), op(in.Y, 0), as[0])
		}
		if in.X.Type().Kind == ir.KString && in.Op == ir.Add {
			if z = a.wellFormed(z, k); z == nil {
				return nil
			}
			return a.sum(z, z.index(a.key(k, 0)), op(in.X, 0), op(in.Y, 0), 1, as[0], true)
		}
	case *ir.Convert:
		from, to := in.X.Type(), in.Typ
		switch {
		case in.Bits:
		case from.Kind == ir.KInt && to.Kind == ir.KInt:
			x := op(in.X, 0)
			if lo, hi := a.intBounds(z, x); fits(as[0], lo, hi) {
				vals[0] = x
			}
		case from.Kind == ir.KString && isBytes(to), isBytes(from) && to.Kind == ir.KString:
			vals[0] = op(in.X, 0)
		}
	case *ir.Len:
		if kd := in.X.Type().Kind; kd == ir.KString || kd == ir.KSlice {
			vals[0] = op(in.X, 0)
		}
	case *ir.Cap:
		if in.X.Type().Kind == ir.KSlice {
			vals[0] = op(in.X, 1)
		}
	case *ir.Range:
		if in.X.Type().Kind == ir.KString {
			vals[0] = op(in.X, 0)
		}
	case *ir.Extract:
		off := tupleOffset(in.X.Type(), in.Index)
		for i := range as {
			vals[i] = op(in.X, off+i)
		}
	case *ir.MakeSlice:
		vals[0], vals[1] = op(in.Len, 0), op(in.Cap, 0)
	case *ir.Slice:
		return a.slice(z, k, in, op)
	case *ir.Next:
		if len(as) == 3 && in.Iter.Type().Elem.Kind == ir.KString {
			// The byte index is not negative, the rune is a code point.
			if z = a.wellFormed(z, k); z != nil {
				z = z.constrain(0, z.index(a.key(k, 1)), 0)
			}
			if z != nil {
				z = z.constrain(0, z.index(a.key(k, 2)), 0)
			}
			if z != nil {
				z = z.constrain(z.index(a.key(k, 2)), 0, 0x10FFFF)
			}
			return z
		}
	case *ir.Builtin:
		switch in.Fn {
		case ir.Append:
			if z = a.wellFormed(z, k); z == nil {
				return nil
			}
			return a.sum(z, z.index(a.key(k, 0)), op(in.Args[0], 0), op(in.Args[1], 0), 1, as[0], true)
		case ir.Copy:
			z = a.wellFormed(z, k)
			i := z.index(a.key(k, 0))
			for _, x := range []operand{op(in.Args[0], 0), op(in.Args[1], 0)} {
				if x.ok && z != nil {
					z = z.constrain(i, x.idx, x.off)
				}
			}
			return z
		}
	}
	z = a.wellFormed(z, k)
	for i, at := range as {
		if at.role == roleBool || !vals[i].ok || z == nil {
			continue
		}
		z = a.assign(z, z.index(a.key(k, i)), vals[i], at)
	}
	return z
}

// binop runs an integer operator.
func (a *absint) binop(z *zone, k vkey, in *ir.BinOp, x, y operand, at atom) *zone {
	z = a.wellFormed(z, k)
	if z == nil {
		return nil
	}
	i := z.index(a.key(k, 0))
	switch in.Op {
	case ir.Add:
		return a.sum(z, i, x, y, 1, at, false)
	case ir.Sub:
		return a.sum(z, i, x, y, -1, at, false)
	}
	cy, yConst := constInt(in.Y)
	switch in.Op {
	case ir.Rem:
		if yConst && cy.Sign() != 0 && cy.IsInt64() && cy.Int64() != math.MinInt64 {
			c := cy.Int64()
			if c < 0 {
				c = -c
			}
			z = z.constrain(i, 0, c-1)
			if a.nonNegative(z, x) || !in.Typ.Signed {
				z = z.constrain(0, i, 0)
			} else if z != nil {
				z = z.constrain(0, i, c-1)
			}
		}
	case ir.And:
		// Between 0 and each operand that is not negative.
		for _, o := range []operand{x, y} {
			if z != nil && a.nonNegative(z, o) {
				z = z.constrain(0, i, 0)
				if z != nil {
					z = z.constrain(i, o.idx, o.off)
				}
			}
		}
	case ir.Min, ir.Max:
		for _, o := range []operand{x, y} {
			if !o.ok || z == nil {
				continue
			}
			if in.Op == ir.Min {
				z = z.constrain(i, o.idx, o.off)
			} else {
				z = z.constrainBig(o.idx, i, negBig(big.NewInt(o.off)))
			}
		}
	}
	return z
}

// sum constrains x_j, an atom just added, to x + sign*y: exact when y is
// a constant, else bounds and differences. When no overflow is provable
// it stays any value of its range, unless noWrap (a length: Go fails
// before a length wraps). The bounds are computed exactly (big integers):
// the matrix's int64 cannot negate MinInt64 nor add two extremes.
func (a *absint) sum(z *zone, j int, x, y operand, sign int64, at atom, noWrap bool) *zone {
	xlo, xhi := a.intBounds(z, x)
	ylo, yhi := a.intBounds(z, y)
	if sign < 0 {
		ylo, yhi = negBig(yhi), negBig(ylo)
	}
	lo, hi := addBig(xlo, ylo), addBig(xhi, yhi)
	if !noWrap && !fits(at, lo, hi) {
		return z
	}
	z = z.constrainBig(0, j, negBig(lo))
	z = z.constrainBig(j, 0, hi)
	// v - x = sign*y, and for a sum v - y = x.
	if x.ok {
		off := big.NewInt(x.off)
		z = z.constrainBig(j, x.idx, addBig(off, yhi))
		z = z.constrainBig(x.idx, j, negBig(addBig(off, ylo)))
	}
	if sign > 0 && y.ok {
		off := big.NewInt(y.off)
		z = z.constrainBig(j, y.idx, addBig(off, xhi))
		z = z.constrainBig(y.idx, j, negBig(addBig(off, xlo)))
	}
	return z
}

// slice runs a slice expression: len = high - low, cap = max - low.
func (a *absint) slice(z *zone, k vkey, in *ir.Slice, op func(ir.Value, int) operand) *zone {
	x := func(i int) operand { return op(in.X, i) }
	bound := func(v ir.Value, def operand) operand {
		if v == nil {
			return def
		}
		return op(v, 0)
	}
	low := bound(in.Low, operand{ok: true})
	var high, max operand
	switch xt := in.X.Type(); xt.Kind {
	case ir.KString:
		high = bound(in.High, x(0))
	case ir.KSlice:
		high, max = bound(in.High, x(0)), bound(in.Max, x(1))
	case ir.KPointer:
		n := operand{off: int64(xt.Elem.Len), ok: true}
		high, max = bound(in.High, n), bound(in.Max, n)
	}
	as := atomsOf(k.v.Type())
	if z = a.wellFormed(z, k); z == nil {
		return nil
	}
	z = a.sum(z, z.index(a.key(k, 0)), high, low, -1, as[0], true)
	if len(as) > 1 && z != nil {
		z = a.sum(z, z.index(a.key(k, 1)), max, low, -1, as[1], true)
	}
	return z
}

// refine restricts z to the runs where cond is dir.
func (a *absint) refine(z *zone, fr *frame, cond ir.Value, dir bool, depth int) *zone {
	if z == nil || depth > 4 {
		return z
	}
	k, isKey := a.m.resolve(fr, cond)
	if !isKey {
		if c, ok := k.v.(*ir.Const); ok && c.Typ.Kind == ir.KBool && (c.Val != 0) != dir {
			return nil
		}
		return z
	}
	switch d := k.v.(type) {
	case *ir.UnOp:
		if d.Op == ir.Not {
			return a.refine(z, k.fr, d.X, !dir, depth+1)
		}
	case *ir.Extract:
		if nx, ok := d.X.(*ir.Next); ok && d.Index == 0 && dir {
			// A string's next element: its index is below the length.
			it := a.operands(z, k.fr, nx.Iter)
			idx := a.operands(z, k.fr, nx)
			if len(it) == 1 && len(idx) == 3 && it[0].ok && idx[1].ok {
				return z.constrain(idx[1].idx, it[0].idx, sat(it[0].off-idx[1].off, -1))
			}
		}
	case *ir.BinOp:
		switch d.X.Type().Kind {
		case ir.KBool:
			switch {
			case d.Op == ir.And && dir || d.Op == ir.Or && !dir:
				return a.refine(a.refine(z, k.fr, d.X, dir, depth+1), k.fr, d.Y, dir, depth+1)
			case d.Op == ir.And || d.Op == ir.Or:
				return join(a.refine(z.copy(), k.fr, d.X, dir, depth+1), a.refine(z, k.fr, d.Y, dir, depth+1))
			case d.Op == ir.Eq || d.Op == ir.Ne:
				if c, ok := d.Y.(*ir.Const); ok {
					return a.refine(z, k.fr, d.X, dir == (d.Op == ir.Eq) == (c.Val != 0), depth+1)
				}
			}
		case ir.KInt, ir.KString:
			x, y := a.operands(z, k.fr, d.X), a.operands(z, k.fr, d.Y)
			if len(x) == 0 || len(y) == 0 || !x[0].ok || !y[0].ok {
				return z
			}
			if d.X.Type().Kind == ir.KString {
				if d.Op == ir.Eq && dir || d.Op == ir.Ne && !dir {
					return lessEq(lessEq(z, x[0], y[0], 0), y[0], x[0], 0)
				}
				return z
			}
			op := d.Op
			if !dir {
				op = map[ir.BinOpKind]ir.BinOpKind{ir.Lt: ir.Ge, ir.Le: ir.Gt, ir.Gt: ir.Le, ir.Ge: ir.Lt, ir.Eq: ir.Ne, ir.Ne: ir.Eq}[op]
			}
			switch op {
			case ir.Lt:
				return lessEq(z, x[0], y[0], -1)
			case ir.Le:
				return lessEq(z, x[0], y[0], 0)
			case ir.Gt:
				return lessEq(z, y[0], x[0], -1)
			case ir.Ge:
				return lessEq(z, y[0], x[0], 0)
			case ir.Eq:
				return lessEq(lessEq(z, x[0], y[0], 0), y[0], x[0], 0)
			}
		case ir.KSlice:
			if d.Op == ir.Eq && dir || d.Op == ir.Ne && !dir {
				other := d.X
				if _, ok := d.X.(*ir.Const); ok {
					other = d.Y
				}
				for _, o := range a.operands(z, k.fr, other) {
					if o.ok {
						z = lessEq(lessEq(z, o, operand{ok: true}, 0), operand{ok: true}, o, 0)
					}
				}
			}
		}
	}
	return z
}

func isBytes(t *ir.Type) bool {
	return t.Kind == ir.KSlice && t.Elem.Kind == ir.KInt && t.Elem.Width == 8
}

// lessEq adds x - y <= c for two operands.
func lessEq(z *zone, x, y operand, c int64) *zone {
	if z == nil {
		return nil
	}
	// (x_i + ox) - (x_j + oy) <= c  <=>  x_i - x_j <= c - ox + oy
	b := big.NewInt(c)
	b.Sub(b, big.NewInt(x.off)).Add(b, big.NewInt(y.off))
	if x.idx == y.idx {
		if b.Sign() < 0 {
			return nil
		}
		return z
	}
	return z.constrainBig(x.idx, y.idx, b)
}

// invariant renders the state at a cut point as a formula over its
// params, and as text for people.
func (a *absint) invariant(c *node) (smt string, text string) {
	z := a.in[c.id]
	if z == nil {
		return "false", "never reached"
	}
	z = z.copy().close()
	if z == nil {
		return "false", "never reached"
	}
	name := map[akey]string{}
	for _, k := range a.m.slots[c] {
		for i, at := range atomsOf(k.v.Type()) {
			if at.role != roleBool {
				name[a.key(k, i)] = a.m.valueName(k) + at.suffix()
			}
		}
	}
	var idx []int
	for i, v := range z.vars {
		if i == 0 || name[v] != "" {
			idx = append(idx, i)
		}
	}
	type cons struct {
		i, j int
		c    int64
	}
	// What the atoms' ranges say (an integer in its type's range, 0 <= len
	// <= cap <= the largest length) goes without saying: it is known, and
	// implies what it implies.
	known := map[[2]int]int64{}
	for _, i := range idx[1:] {
		lo, hi := atomRange(a.atomOf(z.vars[i]))
		if hi.IsInt64() {
			known[[2]int{i, 0}] = hi.Int64()
		}
		if nl := new(big.Int).Neg(lo); nl.IsInt64() {
			known[[2]int{0, i}] = nl.Int64()
		}
		if v := z.vars[i]; a.atomOf(v).role == roleCap {
			if j := z.index(akey{v.v, v.a - 1}); j >= 0 && name[z.vars[j]] != "" {
				known[[2]int{j, i}] = 0
			}
		}
	}
	var keep []cons
	kept := map[[2]int]int64{}
	bound := func(i, j int) int64 {
		c, ok := kept[[2]int{i, j}]
		if k, ok2 := known[[2]int{i, j}]; ok2 && (!ok || k < c) {
			return k
		}
		if ok {
			return c
		}
		return inf
	}
	var all []cons
	for _, i := range idx {
		for _, j := range idx {
			if c := z.at(i, j); i != j && c != inf {
				if k, ok := known[[2]int{i, j}]; ok && k <= c {
					continue
				}
				all = append(all, cons{i, j, c})
			}
		}
	}
	for _, x := range all {
		kept[[2]int{x.i, x.j}] = x.c
	}
	// Drop the bounds implied by two kept or known ones.
	for _, x := range all {
		delete(kept, [2]int{x.i, x.j})
		implied := false
		for _, k := range idx {
			if k != x.i && k != x.j && sat(bound(x.i, k), bound(k, x.j)) <= x.c {
				implied = true
				break
			}
		}
		if !implied {
			kept[[2]int{x.i, x.j}] = x.c
			keep = append(keep, x)
		}
	}
	sort.Slice(keep, func(p, q int) bool {
		if keep[p].i != keep[q].i {
			return keep[p].i < keep[q].i
		}
		return keep[p].j < keep[q].j
	})
	var fs, ts []string
	for _, x := range keep {
		switch {
		case x.j == 0:
			fs = append(fs, fmt.Sprintf("(<= |%s| %s)", name[z.vars[x.i]], num64(x.c)))
			ts = append(ts, fmt.Sprintf("%s <= %d", name[z.vars[x.i]], x.c))
		case x.i == 0:
			fs = append(fs, fmt.Sprintf("(>= |%s| %s)", name[z.vars[x.j]], num64(-x.c)))
			ts = append(ts, fmt.Sprintf("%s >= %d", name[z.vars[x.j]], -x.c))
		default:
			fs = append(fs, fmt.Sprintf("(<= (- |%s| |%s|) %s)", name[z.vars[x.i]], name[z.vars[x.j]], num64(x.c)))
			switch {
			case x.c == 0:
				ts = append(ts, fmt.Sprintf("%s <= %s", name[z.vars[x.i]], name[z.vars[x.j]]))
			case x.c < 0:
				ts = append(ts, fmt.Sprintf("%s <= %s - %d", name[z.vars[x.i]], name[z.vars[x.j]], -x.c))
			default:
				ts = append(ts, fmt.Sprintf("%s <= %s + %d", name[z.vars[x.i]], name[z.vars[x.j]], x.c))
			}
		}
	}
	if len(fs) == 0 {
		return "true", "true"
	}
	return "(and " + strings.Join(fs, " ") + ")", strings.Join(ts, ", ")
}

// excludes reports whether the analysis shows the objective unreachable:
// every node holding it is unreached, or its branch side is. An objective
// the model does not hold, or whose function may also run inside a call
// the model does not follow, is not excluded (no node of the model is
// all its runs).
func (a *absint) excludes(obj Objective) bool {
	held := false
	for _, n := range a.m.nodes {
		switch {
		case obj.If != nil && n.last() == ir.Instr(obj.If):
			if z := a.atBranch(n); z != nil && a.refine(z, n.fr, obj.If.Cond, obj.Dir, 0) != nil {
				return false
			}
		case obj.Panic != nil && n.last() == ir.Instr(obj.Panic):
			if a.atBranch(n) != nil {
				return false
			}
		default:
			continue
		}
		if held = true; a.m.opaque[n.fr.fn] {
			return false
		}
	}
	return held && a.m.reject == ""
}
