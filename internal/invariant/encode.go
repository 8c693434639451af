// The paths from a cut point to the next cut points and to the objective, as one linear-integer formula.

package invariant

import (
	"fmt"
	"math/big"
	"strings"
	"time"

	"leapfrog/internal/ir"
)

// errEncodeLate stops a region's encoding at the model's deadline.
var errEncodeLate = fmt.Errorf("no time left: the encoding of the paths stopped at the deadline")

// smtVar is a variable a formula declares.
type smtVar struct{ name, sort string }

// region is the encoding of every path from one cut point (or the entry)
// that does not pass another cut point: the facts hold on every such run
// (with the start's state in the from variables), and for each cut point
// reached, the condition under which it is reached and the state it is
// reached with; for the objective, the condition under which it is.
type region struct {
	from    *node
	pre     string // the prefix of its variables' names
	vars    []smtVar
	facts   []string
	state   []string // the start's atoms: its slots' (the parameters' at the entry)
	targets []*target
	obj     string // "" when no path of the region reaches the objective
}

// target is a cut point a region reaches.
type target struct {
	to    *node
	reach string   // the condition under which a path of the region reaches it
	state []string // the atoms of its slots when it does
}

// edge is a control-flow edge of a region, taken when lit holds.
type edge struct {
	from *node
	lit  string
}

// enc builds one region's formula.
type enc struct {
	m       *model
	pre     string // prefix of this region's variable names
	r       *region
	vals    map[vkey][]string
	reach   map[*node]string
	in      map[*node][]edge
	nfresh  int
	missing int // values read but never defined (a bug; they are encoded as any value)
}

// encodeRegion encodes the paths from `from` (the entry or a cut point)
// through the nodes marked relevant, up to the next cut points: the
// targets are those of the set cuts (nil: none), and the objective (nil:
// none). It fails on a cycle without a cut point (irreducible control
// flow).
func encodeRegion(m *model, from *node, relevant []bool, cuts map[*node]bool, obj *Objective, pre string) (*region, error) {
	order, err := regionOrder(from, relevant)
	if err != nil {
		return nil, err
	}
	e := &enc{m: m, pre: pre, r: &region{from: from, pre: pre}, vals: map[vkey][]string{}, reach: map[*node]string{}, in: map[*node][]edge{}}
	// The start's state.
	var slots []vkey
	if from == m.entry {
		for _, p := range m.fn.Params {
			if len(atomsOf(p.Typ)) > 0 {
				slots = append(slots, vkey{m.top, p})
			}
		}
	} else {
		slots = m.slots[from]
	}
	for _, k := range slots {
		var names []string
		for _, a := range atomsOf(k.v.Type()) {
			n := e.declare(e.m.valueName(k)+a.suffix(), a.sort())
			names = append(names, n)
			e.r.state = append(e.r.state, n)
		}
		e.vals[k] = names
		e.r.facts = append(e.r.facts, wellFormed(atomsOf(k.v.Type()), names)...)
	}
	for i, n := range order {
		if i%32 == 0 && !m.stop.IsZero() && time.Now().After(m.stop) {
			return nil, errEncodeLate
		}
		e.node(n, from)
	}
	// The cut points reached, in node order.
	var tos []*node
	for _, n := range m.nodes {
		if cuts[n] && len(e.in[n]) > 0 && (n == from || !e.inRegion(n)) {
			tos = append(tos, n)
		}
	}
	for _, to := range tos {
		t := &target{to: to, reach: e.or(e.in[to])}
		for _, k := range m.slots[to] {
			if phi, ok := k.v.(*ir.Phi); ok && k.fr == to.fr && phi.Block() == to.b {
				t.state = append(t.state, e.phiAtoms(to, phi)...)
				continue
			}
			t.state = append(t.state, e.term(k.fr, k.v)...)
		}
		e.r.targets = append(e.r.targets, t)
	}
	// The objective.
	var objLits []string
	for _, n := range order {
		switch {
		case obj == nil:
		case obj.If != nil && n.last() == ir.Instr(obj.If):
			c := e.term(n.fr, obj.If.Cond)[0]
			if !obj.Dir {
				c = "(not " + c + ")"
			}
			objLits = append(objLits, and(e.reach[n], c))
		case obj.Panic != nil && n.last() == ir.Instr(obj.Panic):
			objLits = append(objLits, e.reach[n])
		}
	}
	if len(objLits) > 0 {
		e.r.obj = orList(objLits)
	}
	if e.missing > 0 {
		return nil, fmt.Errorf("internal: %d values read before their definition", e.missing)
	}
	return e.r, nil
}

// regionOrder returns the nodes of the region from `from` in topological
// order: those reachable through relevant nodes without entering a cut
// point (other than from itself, whose paths start there).
func regionOrder(from *node, relevant []bool) ([]*node, error) {
	const white, grey, black = 0, 1, 2
	color := map[*node]int{}
	var post []*node
	var err error
	var visit func(n *node)
	visit = func(n *node) {
		color[n] = grey
		for _, s := range n.succs {
			if s.cut || s == from || !relevant[s.id] {
				continue
			}
			switch color[s] {
			case white:
				visit(s)
			case grey:
				if err == nil {
					err = fmt.Errorf("irreducible control flow at %s", s)
				}
			}
		}
		color[n] = black
		post = append(post, n)
	}
	visit(from)
	if err != nil {
		return nil, err
	}
	order := make([]*node, len(post))
	for i, n := range post {
		order[len(post)-1-i] = n
	}
	return order, nil
}

func (e *enc) inRegion(n *node) bool { _, ok := e.reach[n]; return ok }

// declare adds a variable named after what it stands for.
func (e *enc) declare(name, sort string) string {
	n := "|" + e.pre + name + "|"
	e.r.vars = append(e.r.vars, smtVar{n, sort})
	return n
}

// fresh declares a variable standing for any value.
func (e *enc) fresh(what, sort string) string {
	e.nfresh++
	return e.declare(fmt.Sprintf("%s~%d", what, e.nfresh), sort)
}

// def declares a variable equal to x.
func (e *enc) def(name, sort, x string) string {
	v := e.declare(name, sort)
	e.r.facts = append(e.r.facts, "(= "+v+" "+x+")")
	return v
}

// assume adds a fact that holds when the node (reach literal r) is reached.
func (e *enc) assume(r, fact string) {
	if r == "true" {
		e.r.facts = append(e.r.facts, fact)
		return
	}
	e.r.facts = append(e.r.facts, "(=> "+r+" "+fact+")")
}

func (e *enc) or(es []edge) string {
	var lits []string
	for _, x := range es {
		lits = append(lits, x.lit)
	}
	return orList(lits)
}

func orList(lits []string) string {
	if len(lits) == 1 {
		return lits[0]
	}
	return "(or " + strings.Join(lits, " ") + ")"
}

func and(a, b string) string {
	if a == "true" {
		return b
	}
	return "(and " + a + " " + b + ")"
}

// ite selects, per atom, the values of the edge taken.
func ite(lits []string, vals [][]string) []string {
	if len(vals) == 0 {
		return nil
	}
	out := make([]string, len(vals[0]))
	for a := range out {
		x := vals[len(vals)-1][a]
		for i := len(vals) - 2; i >= 0; i-- {
			x = "(ite " + lits[i] + " " + vals[i][a] + " " + x + ")"
		}
		out[a] = x
	}
	return out
}

// wellFormed returns the facts every value of the atoms satisfies: an
// integer in its type's range, 0 <= len <= cap <= MaxInt64.
func wellFormed(as []atom, names []string) []string {
	var fs []string
	for i, a := range as {
		switch a.role {
		case roleInt, roleLen, roleCap:
			lo, hi := atomRange(a)
			fs = append(fs, "(<= "+num(lo)+" "+names[i]+" "+num(hi)+")")
		}
		if a.role == roleCap && i > 0 && as[i-1].role == roleLen {
			fs = append(fs, "(<= "+names[i-1]+" "+names[i]+")")
		}
	}
	return fs
}

// node encodes a node of the region: its reach literal, its phis or the
// result of the call it continues, its instructions, and its outgoing edges.
func (e *enc) node(n, from *node) {
	r := "true"
	if n != from {
		r = e.def(fmt.Sprintf("reach %s", n), "Bool", e.or(e.in[n]))
	}
	e.reach[n] = r
	if n.start == 0 && n != from {
		for _, in := range n.b.Instrs {
			phi, ok := in.(*ir.Phi)
			if !ok {
				break
			}
			k := vkey{n.fr, phi}
			if as := atomsOf(phi.Type()); len(as) > 0 {
				e.vals[k] = e.defineAll(k, as, e.phiAtoms(n, phi))
			}
		}
	}
	if n.start > 0 {
		// The result of the inlined call this node continues.
		c := n.b.Instrs[n.start-1].(*ir.Call)
		if as := atomsOf(c.Type()); len(as) > 0 {
			var lits []string
			var vals [][]string
			for _, x := range e.in[n] {
				ret := x.from.last().(*ir.Return)
				var v []string
				for _, res := range ret.Results {
					v = append(v, e.term(x.from.fr, res)...)
				}
				lits, vals = append(lits, x.lit), append(vals, v)
			}
			e.vals[vkey{n.fr, c}] = e.defineAll(vkey{n.fr, c}, as, ite(lits, vals))
		}
	}
	for i := firstInstr(n); i < n.end; i++ {
		e.instr(n.fr, n.b.Instrs[i], r)
	}
	// Outgoing edges.
	link := func(to *node, lit string) {
		if lit != "true" && lit != r {
			lit = e.def(fmt.Sprintf("edge %s-%s", n, to), "Bool", lit)
		}
		e.in[to] = append(e.in[to], edge{n, lit})
	}
	switch t := n.last().(type) {
	case *ir.If:
		c := e.term(n.fr, t.Cond)[0]
		link(n.succs[0], and(r, c))
		link(n.succs[1], and(r, "(not "+c+")"))
	case *ir.Jump, *ir.Call:
		link(n.succs[0], r)
	case *ir.Return:
		if len(n.succs) > 0 {
			link(n.succs[0], r)
		}
	case *ir.Panic:
	default:
		panic(fmt.Sprintf("invariant: node ends with %T", t))
	}
}

// phiAtoms returns a phi's atoms on entering n: per edge into n, the
// operand for that edge's block.
func (e *enc) phiAtoms(n *node, phi *ir.Phi) []string {
	var lits []string
	var vals [][]string
	for _, x := range e.in[n] {
		for i, p := range n.b.Preds {
			if p == x.from.b && x.from.fr == n.fr {
				lits, vals = append(lits, x.lit), append(vals, e.term(n.fr, phi.Edges[i]))
				break
			}
		}
	}
	if len(vals) == 0 {
		return e.havoc(vkey{n.fr, phi}, atomsOf(phi.Type()))
	}
	return ite(lits, vals)
}

// term returns the atoms of an operand of fr.
func (e *enc) term(fr *frame, v ir.Value) []string {
	k, isKey := e.m.resolve(fr, v)
	if !isKey {
		if c, ok := k.v.(*ir.Const); ok {
			return constAtoms(c)
		}
		return nil
	}
	if as, ok := e.vals[k]; ok {
		return as
	}
	as := atomsOf(v.Type())
	if len(as) == 0 {
		return nil
	}
	e.missing++
	e.vals[k] = e.havoc(k, as)
	return e.vals[k]
}

// havoc declares atoms standing for any well-formed value.
func (e *enc) havoc(k vkey, as []atom) []string {
	var names []string
	for _, a := range as {
		names = append(names, e.fresh(e.m.valueName(k)+a.suffix(), a.sort()))
	}
	e.r.facts = append(e.r.facts, wellFormed(as, names)...)
	return names
}

// defineAll declares the atoms of value k: each equal to its term, or any
// value where the term is "".
func (e *enc) defineAll(k vkey, as []atom, xs []string) []string {
	if xs == nil {
		return e.havoc(k, as)
	}
	var names []string
	for i, a := range as {
		if xs[i] == "" {
			n := e.fresh(e.m.valueName(k)+a.suffix(), a.sort())
			e.r.facts = append(e.r.facts, wellFormed([]atom{a}, []string{n})...)
			names = append(names, n)
			continue
		}
		names = append(names, e.def(e.m.valueName(k)+a.suffix(), a.sort(), xs[i]))
	}
	return names
}

// instr encodes an instruction: the atoms of its value (if it has any).
func (e *enc) instr(fr *frame, in ir.Instr, r string) {
	v, ok := in.(ir.Value)
	if !ok {
		return
	}
	as := atomsOf(v.Type())
	if len(as) == 0 {
		return
	}
	k := vkey{fr, v}
	names := e.defineAll(k, as, e.compute(fr, in, r, as))
	e.vals[k] = names
	// A string's or a slice's length and capacity are well formed where
	// the value is computed.
	for i, a := range as {
		if a.role == roleLen || a.role == roleCap {
			e.assume(r, wellFormed(as[i:i+1], names[i:i+1])[0])
		}
		if a.role == roleCap && i > 0 && as[i-1].role == roleLen {
			e.assume(r, "(<= "+names[i-1]+" "+names[i]+")")
		}
	}
}

// compute returns the terms of an instruction's atoms ("" for an atom
// that may be any value; nil for all of them). Side conditions that hold
// when the node is reached (r) are assumed.
func (e *enc) compute(fr *frame, in ir.Instr, r string, as []atom) []string {
	t := func(v ir.Value) []string { return e.term(fr, v) }
	switch in := in.(type) {
	case *ir.BinOp:
		return e.binop(fr, in, r)
	case *ir.UnOp:
		x := t(in.X)
		switch in.Op {
		case ir.Not:
			return []string{"(not " + x[0] + ")"}
		case ir.Neg:
			if in.Typ.Kind == ir.KInt {
				return []string{e.wrap(in.Typ, "(- "+x[0]+")")}
			}
		case ir.Compl:
			if in.Typ.Kind == ir.KInt {
				if in.Typ.Signed {
					return []string{"(- (- " + x[0] + ") 1)"}
				}
				_, hi, _ := intRange(in.Typ)
				return []string{"(- " + num(hi) + " " + x[0] + ")"}
			}
		}
	case *ir.Convert:
		return e.convert(fr, in, r)
	case *ir.Len:
		switch in.X.Type().Kind {
		case ir.KString, ir.KSlice:
			return []string{t(in.X)[0]}
		}
	case *ir.Cap:
		if in.X.Type().Kind == ir.KSlice {
			return []string{t(in.X)[1]}
		}
	case *ir.Slice:
		return e.slice(fr, in)
	case *ir.MakeSlice:
		return []string{t(in.Len)[0], t(in.Cap)[0]}
	case *ir.Builtin:
		switch in.Fn {
		case ir.Append:
			x, y := t(in.Args[0]), t(in.Args[1])
			return []string{"(+ " + x[0] + " " + y[0] + ")", ""}
		case ir.Copy:
			x, y := t(in.Args[0]), t(in.Args[1])
			return []string{"(ite (<= " + x[0] + " " + y[0] + ") " + x[0] + " " + y[0] + ")"}
		}
	case *ir.Extract:
		x := t(in.X)
		off := tupleOffset(in.X.Type(), in.Index)
		if len(x) >= off+len(as) {
			return x[off : off+len(as)]
		}
	case *ir.Range:
		if in.X.Type().Kind == ir.KString {
			return []string{t(in.X)[0]}
		}
	case *ir.Next:
		it := t(in.Iter)
		if len(it) == 1 && len(as) == 3 {
			// Over a string: ok, the byte index, the rune.
			k := vkey{fr, in}
			ok := e.fresh(e.m.valueName(k)+".ok", "Bool")
			idx := e.fresh(e.m.valueName(k)+".index", "Int")
			rn := e.fresh(e.m.valueName(k)+".rune", "Int")
			e.assume(r, fmt.Sprintf("(and (<= 0 %s) (=> %s (< %s %s)) (=> (not %s) (= %s 0)) (<= 0 %s 1114111))", idx, ok, idx, it[0], ok, idx, rn))
			return []string{ok, idx, rn}
		}
	}
	return nil
}

// wrap returns x, an integer at most one modulus outside t's range, wrapped
// into it (Go's wrapping arithmetic).
func (e *enc) wrap(t *ir.Type, x string) string {
	lo, hi, mod := intRange(t)
	v := e.fresh("wrap", "Int")
	e.r.facts = append(e.r.facts, "(= "+v+" "+x+")")
	return fmt.Sprintf("(ite (> %s %s) (- %s %s) (ite (< %s %s) (+ %s %s) %s))", v, num(hi), v, num(mod), v, num(lo), v, num(mod), v)
}

// wrapMod returns any integer x reduced into t's range.
func wrapMod(t *ir.Type, x string) string {
	lo, _, mod := intRange(t)
	if lo.Sign() == 0 {
		return "(mod " + x + " " + num(mod) + ")"
	}
	return "(+ (mod (- " + x + " " + num(lo) + ") " + num(mod) + ") " + num(lo) + ")"
}

var comparisons = map[ir.BinOpKind]string{ir.Lt: "<", ir.Le: "<=", ir.Gt: ">", ir.Ge: ">="}

// binop encodes a binary operator: linear integer arithmetic exactly
// (wrapping), multiplication, division and shifts by constants, masks by
// 2^k-1; other operators on integers give any value of the type.
func (e *enc) binop(fr *frame, in *ir.BinOp, r string) []string {
	xt := in.X.Type()
	x, y := e.term(fr, in.X), e.term(fr, in.Y)
	switch xt.Kind {
	case ir.KBool:
		switch in.Op {
		case ir.And:
			return []string{"(and " + x[0] + " " + y[0] + ")"}
		case ir.Or:
			return []string{"(or " + x[0] + " " + y[0] + ")"}
		case ir.Eq:
			return []string{"(= " + x[0] + " " + y[0] + ")"}
		case ir.Ne:
			return []string{"(not (= " + x[0] + " " + y[0] + "))"}
		}
		return nil
	case ir.KString:
		switch in.Op {
		case ir.Add:
			return []string{"(+ " + x[0] + " " + y[0] + ")"}
		case ir.Eq, ir.Ne:
			// Strings of different lengths differ.
			b := e.fresh(e.m.valueName(vkey{fr, in}), "Bool")
			eq := b
			if in.Op == ir.Ne {
				eq = "(not " + b + ")"
			}
			e.assume(r, "(=> "+eq+" (= "+x[0]+" "+y[0]+"))")
			return []string{b}
		}
		return nil
	case ir.KSlice:
		if in.Op == ir.Eq || in.Op == ir.Ne {
			// A nil slice has length and capacity 0.
			other := x
			if _, ok := in.X.(*ir.Const); ok {
				other = y
			}
			b := e.fresh(e.m.valueName(vkey{fr, in}), "Bool")
			isNil := b
			if in.Op == ir.Ne {
				isNil = "(not " + b + ")"
			}
			e.assume(r, "(=> "+isNil+" (and (= "+other[0]+" 0) (= "+other[1]+" 0)))")
			return []string{b}
		}
		return nil
	case ir.KInt:
	default:
		return nil
	}
	if op, ok := comparisons[in.Op]; ok {
		return []string{"(" + op + " " + x[0] + " " + y[0] + ")"}
	}
	t := in.Typ
	cx, xConst := constInt(in.X)
	cy, yConst := constInt(in.Y)
	switch in.Op {
	case ir.Eq:
		return []string{"(= " + x[0] + " " + y[0] + ")"}
	case ir.Ne:
		return []string{"(not (= " + x[0] + " " + y[0] + "))"}
	case ir.Add:
		return []string{e.wrap(t, "(+ "+x[0]+" "+y[0]+")")}
	case ir.Sub:
		return []string{e.wrap(t, "(- "+x[0]+" "+y[0]+")")}
	case ir.Mul:
		switch {
		case yConst:
			return []string{wrapMod(t, "(* "+num(cy)+" "+x[0]+")")}
		case xConst:
			return []string{wrapMod(t, "(* "+num(cx)+" "+y[0]+")")}
		}
	case ir.Div, ir.Rem:
		if yConst && cy.Sign() != 0 {
			return []string{e.divConst(t, in.Op, x[0], cy)}
		}
	case ir.And:
		if yConst {
			if k := lowMask(cy, t); k >= 0 {
				return []string{"(mod " + x[0] + " " + num(new(big.Int).Lsh(big.NewInt(1), uint(k))) + ")"}
			}
		}
		if xConst {
			if k := lowMask(cx, t); k >= 0 {
				return []string{"(mod " + y[0] + " " + num(new(big.Int).Lsh(big.NewInt(1), uint(k))) + ")"}
			}
		}
	case ir.Shl, ir.Shr:
		if yConst && cy.Sign() >= 0 {
			return []string{shiftConst(t, in.Op, x[0], cy)}
		}
	}
	switch in.Op {
	case ir.And, ir.Or:
		// Any value, but for what the bits imply.
		v := e.fresh(e.m.valueName(vkey{fr, in}), "Int")
		e.r.facts = append(e.r.facts, wellFormed(atomsOf(t), []string{v})...)
		e.assume(r, bitFacts(in.Op, t.Signed, v, x[0], y[0]))
		return []string{v}
	case ir.Min:
		return []string{"(ite (<= " + x[0] + " " + y[0] + ") " + x[0] + " " + y[0] + ")"}
	case ir.Max:
		return []string{"(ite (>= " + x[0] + " " + y[0] + ") " + x[0] + " " + y[0] + ")"}
	}
	return nil
}

// bitFacts returns what x&y or x|y (v) satisfies whatever the bits: an or
// is 0 only of two zeros, and not below a non-negative operand (nor, for
// unsigned operands, above their sum); an and lies between 0 and each
// non-negative operand.
func bitFacts(op ir.BinOpKind, signed bool, v, x, y string) string {
	if op == ir.Or {
		f := fmt.Sprintf("(= (= %s 0) (and (= %s 0) (= %s 0)))", v, x, y)
		if !signed {
			return fmt.Sprintf("(and %s (<= %s %s) (<= %s %s) (<= %s (+ %s %s)))", f, x, v, y, v, v, x, y)
		}
		return fmt.Sprintf("(and %s (=> (and (>= %s 0) (>= %s 0)) (and (<= %s %s) (<= %s %s))) (=> (or (< %s 0) (< %s 0)) (< %s 0)))", f, x, y, x, v, y, v, x, y, v)
	}
	return fmt.Sprintf("(and (=> (>= %s 0) (<= 0 %s %s)) (=> (>= %s 0) (<= 0 %s %s)))", x, v, x, y, v, y)
}

// lowMask returns k when c is 2^k-1 with k below t's width (x & c is then
// x mod 2^k, for either signedness), else -1.
func lowMask(c *big.Int, t *ir.Type) int {
	if c.Sign() < 0 {
		return -1
	}
	k := c.BitLen()
	if k >= t.Width || c.Cmp(new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(k)), big.NewInt(1))) != 0 {
		return -1
	}
	return k
}

// divConst encodes x / c or x % c, truncated as Go divides.
func (e *enc) divConst(t *ir.Type, op ir.BinOpKind, x string, c *big.Int) string {
	if !t.Signed {
		if op == ir.Div {
			return "(div " + x + " " + num(c) + ")"
		}
		return "(mod " + x + " " + num(c) + ")"
	}
	abs := new(big.Int).Abs(c)
	q := fmt.Sprintf("(ite (>= %s 0) (div %s %s) (- (div (- %s) %s)))", x, x, num(abs), x, num(abs))
	if c.Sign() < 0 {
		q = "(- " + q + ")"
	}
	if op == ir.Rem {
		return "(- " + x + " (* " + num(c) + " " + q + "))"
	}
	return e.wrap(t, q) // MinInt / -1
}

// shiftConst encodes x << c or x >> c for a constant count.
func shiftConst(t *ir.Type, op ir.BinOpKind, x string, c *big.Int) string {
	if c.Cmp(big.NewInt(int64(t.Width))) >= 0 {
		if op == ir.Shr && t.Signed {
			return "(ite (< " + x + " 0) (- 1) 0)"
		}
		return "0"
	}
	p := num(new(big.Int).Lsh(big.NewInt(1), uint(c.Int64())))
	if op == ir.Shl {
		return wrapMod(t, "(* "+p+" "+x+")")
	}
	return "(div " + x + " " + p + ")" // floor division: the arithmetic shift of a signed value
}

// convert encodes a conversion.
func (e *enc) convert(fr *frame, in *ir.Convert, r string) []string {
	if in.Bits {
		return nil
	}
	from, to := in.X.Type(), in.Typ
	x := e.term(fr, in.X)
	switch {
	case from.Kind == ir.KInt && to.Kind == ir.KInt:
		flo, fhi, _ := intRange(from)
		tlo, thi, _ := intRange(to)
		switch {
		case flo.Cmp(tlo) >= 0 && fhi.Cmp(thi) <= 0:
			return x
		case from.Width == to.Width:
			return []string{e.wrap(to, x[0])}
		}
		return []string{wrapMod(to, x[0])}
	case from.Kind == ir.KString && to.Kind == ir.KSlice && to.Elem.Kind == ir.KInt && to.Elem.Width == 8:
		return []string{x[0], ""}
	case from.Kind == ir.KSlice && to.Kind == ir.KString && from.Elem.Width == 8:
		return []string{x[0]}
	case from.Kind == ir.KString && to.Kind == ir.KSlice:
		// []rune(s): at most one rune per byte.
		n := e.fresh(e.m.valueName(vkey{fr, in})+".len", "Int")
		e.assume(r, "(<= 0 "+n+" "+x[0]+")")
		return []string{n, ""}
	case from.Kind == ir.KInt && to.Kind == ir.KString:
		n := e.fresh(e.m.valueName(vkey{fr, in})+".len", "Int")
		e.assume(r, "(<= 1 "+n+" 4)")
		return []string{n}
	}
	return nil
}

// slice encodes x[low:high:max].
func (e *enc) slice(fr *frame, in *ir.Slice) []string {
	x := e.term(fr, in.X)
	bound := func(v ir.Value, def string) string {
		if v == nil {
			return def
		}
		return e.term(fr, v)[0]
	}
	low := bound(in.Low, "0")
	switch xt := in.X.Type(); xt.Kind {
	case ir.KString:
		return []string{"(- " + bound(in.High, x[0]) + " " + low + ")"}
	case ir.KSlice:
		return []string{"(- " + bound(in.High, x[0]) + " " + low + ")", "(- " + bound(in.Max, x[1]) + " " + low + ")"}
	case ir.KPointer:
		n := fmt.Sprint(xt.Elem.Len)
		return []string{"(- " + bound(in.High, n) + " " + low + ")", "(- " + bound(in.Max, n) + " " + low + ")"}
	}
	return nil
}
