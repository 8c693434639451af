// gen_expr.go: the random program generator's expressions: integers, booleans, indices, calls.

package oracle

import (
	"fmt"
	"strconv"
	"strings"
)

// constant returns a constant of integer type t (in range, so that it
// converts implicitly).
func (g *gen) constant(t *gtype) string {
	var pool []int
	switch {
	case t == tU8:
		pool = []int{0, 1, 2, 3, 4, 5, 7, 8, 12, 16, 64, 100, 127, 128, 200, 254, 255}
	case t == tI8 || t == tInt:
		pool = []int{0, 1, 2, 3, 4, 5, 7, 12, -1, -2, -3, -7, -100, 100, 127, -128, 64, -64}
	default:
		pool = []int{0, 1, 2, 3, 5, 7, 10, -1, -5, 100, 1000, -1000}
	}
	if g.chance(0.25) {
		lo, hi := -128, 127
		if !t.signed {
			lo, hi = 0, 255
		}
		return fmt.Sprint(lo + g.intn(hi-lo+1))
	}
	return fmt.Sprint(pool[g.intn(len(pool))])
}

// nonzero returns a non-zero constant of t.
func (g *gen) nonzero(t *gtype) string {
	for {
		if c := g.constant(t); c != "0" {
			return c
		}
	}
}

// intTypes are the types integer expressions are built in.
var intTypes = []*gtype{tI8, tU8, tI8, tU8, tI32}

func (g *gen) intType() *gtype { return intTypes[g.intn(len(intTypes))] }

// operand returns an integer expression of type t, possibly a constant.
func (g *gen) operand(t *gtype, depth int) string {
	if g.chance(0.4) {
		return g.constant(t)
	}
	return g.intExpr(t, depth)
}

// intExpr returns a non-constant integer expression of type t.
func (g *gen) intExpr(t *gtype, depth int) string {
	if depth <= 0 || g.chance(0.45) {
		return g.intAtom(t, depth)
	}
	switch g.intn(12) {
	case 0, 1, 2:
		ops := []string{"+", "-", "*", "&", "|", "^", "&^"}
		op := ops[g.intn(len(ops))]
		c0 := g.calls
		l := g.intExpr(t, depth-1)
		lCalls := g.calls > c0
		r := g.operand(t, depth-1)
		if g.chance(0.3) && g.swappable(lCalls) {
			l, r = r, l
		}
		return "(" + l + " " + op + " " + r + ")"
	case 3:
		if g.use(FeatDivConst) {
			return "(" + g.intExpr(t, depth-1) + " " + divOp(g) + " " + g.nonzero(t) + ")"
		}
	case 4:
		if g.use(FeatDivInput) {
			// In lexical order (reorderable): the dividend, then the divisor.
			n := g.intExpr(t, depth-1)
			d := g.intExpr(t, depth-1)
			if g.chance(0.6) {
				d = "(" + d + " | 1)" // never zero
			} else {
				g.panicky = true
			}
			return "(" + n + " " + divOp(g) + " " + d + ")"
		}
	case 5:
		if zs := g.vars(func(v *variable) bool { return v.zero }); len(zs) > 0 && g.use(FeatDivZeroLocal) {
			z := g.pick(zs)
			z.used, g.panicky = true, true
			d := z.name
			if t != tI8 {
				d = t.name + "(" + d + ")"
			}
			return "(" + g.intExpr(t, depth-1) + " " + divOp(g) + " " + d + ")"
		}
	case 6:
		if g.use(FeatShift) {
			return g.shift(t, depth)
		}
		return fmt.Sprintf("(%s << %d)", g.intExpr(t, depth-1), g.intn(t.width))
	case 7:
		if g.chance(0.5) {
			return "(-" + g.intExpr(t, depth-1) + ")"
		}
		return "(^" + g.intExpr(t, depth-1) + ")"
	case 8, 9:
		other := g.intType()
		if other == t {
			break
		}
		return t.name + "(" + g.intExpr(other, depth-1) + ")"
	case 10:
		if c := g.helperCall(tI8, depth); c != "" {
			return convert(c, tI8, t)
		}
	}
	return g.intAtom(t, depth)
}

func divOp(g *gen) string {
	if g.chance(0.5) {
		return "/"
	}
	return "%"
}

// shift returns a shift of an expression of t by an input-derived count:
// masked, unsigned (counts beyond the width), or signed (negative counts panic).
func (g *gen) shift(t *gtype, depth int) string {
	op := "<<"
	if g.chance(0.5) {
		op = ">>"
	}
	x := g.intExpr(t, depth-1) // in lexical order (reorderable)
	var count string
	switch g.intn(4) {
	case 0, 1:
		count = "(" + g.intExpr(tU8, depth-1) + " & 7)"
	case 2:
		count = g.intExpr(tU8, depth-1)
	default:
		count = g.intExpr(tI8, depth-1)
		g.panicky = true // a negative count
	}
	return "(" + x + " " + op + " " + count + ")"
}

func convert(code string, from, to *gtype) string {
	if from == to {
		return code
	}
	return to.name + "(" + code + ")"
}

// scalar is a readable scalar place: a variable, an element, a field, a
// pointer's target, or a call.
type scalar struct {
	code string
	t    *gtype
}

// intAtom returns a non-constant integer expression of type t made of one
// read: a variable, an array element, a field, a pointer's target, a call.
func (g *gen) intAtom(t *gtype, depth int) string {
	s := g.readScalar(kInt, depth, false)
	return convert(s.code, s.t, t)
}

// boolAtom returns a boolean read (a variable, element, field) or "" if
// none is in scope. last says the read is the last operand of an && / ||.
func (g *gen) boolAtom(depth int, last bool) string {
	s := g.readScalar(kBool, depth, last)
	if !g.leaf(s.code) {
		return ""
	}
	return s.code
}

// readScalar picks a scalar of kind k to read among the variables in scope.
// For kInt there is always one (every unit has an integer input); for
// kBool the result may be empty.
func (g *gen) readScalar(k kind, depth int, last bool) scalar {
	var cands []func() scalar
	// r, the accumulator, is not read: it starts at zero, which would make
	// too many expressions constant (divisions by zero on every path).
	for _, v := range g.vars(func(v *variable) bool { return v.name != "r" }) {
		v := v
		switch v.t.kind {
		case kInt, kBool:
			if v.t.kind != k {
				continue
			}
			if k == kBool && last && v.logic && !g.use(FeatLogicLocalLast) {
				continue
			}
			cands = append(cands, func() scalar { v.used = true; return scalar{v.name, v.t} })
		case kArray:
			if v.t.elem.kind != k {
				continue
			}
			if v.symStored && g.inIndex > 0 && !g.use(FeatSymStore) {
				continue
			}
			cands = append(cands, func() scalar {
				v.used = true
				if v.symStored && g.inIndex > 0 {
					g.used[FeatSymStore] = true
				}
				return scalar{v.name + "[" + g.index(v.t.n, depth) + "]", v.t.elem}
			})
		case kStruct:
			for _, f := range v.t.fields {
				f := f
				switch {
				case f.t.kind == k:
					cands = append(cands, func() scalar { v.used = true; return scalar{v.name + "." + f.name, f.t} })
				case f.t.kind == kArray && f.t.elem.kind == k:
					cands = append(cands, func() scalar {
						v.used = true
						return scalar{v.name + "." + f.name + "[" + g.index(f.t.n, depth) + "]", f.t.elem}
					})
				}
			}
		case kPtr:
			if v.recv {
				if k == kInt {
					cands = append(cands, func() scalar {
						v.used = true
						g.recvUse(v)
						if g.calls < 3 && (!v.self && g.chance(0.7) || v.self && g.chance(0.2)) && g.reorderable() {
							g.calls++
							return scalar{v.name + ".Get()", tI8}
						}
						g.panicky = true
						return scalar{v.name + ".A", tI8} // nil: panics
					})
				} else {
					cands = append(cands, func() scalar { v.used = true; g.recvUse(v); g.panicky = true; return scalar{v.name + ".B", tBool} })
				}
			} else if k == kInt {
				cands = append(cands, func() scalar { v.used = true; return scalar{"*" + v.name, v.t.elem} })
			}
		}
	}
	if len(cands) == 0 {
		if k == kInt {
			panic("oracle: generator: no integer in scope")
		}
		return scalar{}
	}
	return cands[g.intn(len(cands))]()
}

// recvUse records the feature a use of a receiver pointer exercises.
func (g *gen) recvUse(v *variable) {
	if v.self {
		g.used[FeatMethodTarget] = true
	} else {
		g.used[FeatNilRecv] = true
	}
}

// index returns an index expression for an array of length n: a constant,
// a masked input-derived value (always in range), or, with FeatIndex, a raw
// or badly masked one (out of range for some inputs).
func (g *gen) index(n, depth int) string {
	if depth <= 0 || g.chance(0.35) {
		return fmt.Sprint(g.intn(n))
	}
	g.inIndex++
	defer func() { g.inIndex-- }()
	if g.chance(0.25) && g.use(FeatIndex) {
		g.panicky = true
		switch g.intn(3) {
		case 0:
			return g.intExpr(g.intType(), depth-1)
		case 1:
			return "(" + g.intExpr(tI8, depth-1) + " % " + fmt.Sprint(n) + ")"
		default:
			return "(" + g.intExpr(tU8, depth-1) + " & 3)"
		}
	}
	switch n {
	case 2:
		return "(" + g.intExpr(g.intType(), depth-1) + " & 1)"
	case 4:
		return "(" + g.intExpr(g.intType(), depth-1) + " & 3)"
	default:
		return "(" + g.intExpr(tU8, depth-1) + " % " + fmt.Sprint(n) + ")"
	}
}

// helperCall returns a call of a helper with result type t, or "".
func (g *gen) helperCall(t *gtype, depth int) string {
	var hs []*helper
	for _, h := range g.helpers {
		if h.result == t {
			hs = append(hs, h)
		}
	}
	// Each call multiplies the paths through the callee's branches: a few
	// call sites per function (the top-up adds the second of each helper).
	if len(hs) == 0 || g.calls >= 2 || !g.reorderable() || !g.use(FeatHelper) {
		return ""
	}
	g.calls++
	h := hs[g.intn(len(hs))]
	h.calls++
	return g.call(h, depth)
}

func (g *gen) call(h *helper, depth int) string {
	var args []string
	for _, p := range h.params {
		if p.kind == kBool {
			args = append(args, g.boolExpr(depth-1, true, false))
		} else {
			args = append(args, g.intExpr(p, depth-1))
		}
	}
	return h.name + "(" + strings.Join(args, ", ") + ")"
}

// reorderable reports whether a call or a value-context && / || may come
// next in the current expression: gc evaluates those before the operands to
// their left that may panic (an index out of range, a division by zero, a
// negative shift, a nil dereference), go/ssa and the engine after, so that
// they would disagree on what runs (FeatEvalOrder).
func (g *gen) reorderable() bool { return !g.panicky || g.use(FeatEvalOrder) }

// swappable reports whether two operands generated in order may be written
// the other way round: not when the first holds a call (lCalls) and the
// expression may panic by then, for the panicking operand might be in the
// second, which would then come before the call (FeatEvalOrder).
func (g *gen) swappable(lCalls bool) bool { return !lCalls || g.reorderable() }

// cmpOps are the comparison operators.
var cmpOps = []string{"<", "<=", ">", ">=", "==", "!="}

// comparison returns a comparison of two integer expressions. Within an
// && / || chain it avoids what go vet calls redundant (a repeated operand)
// or suspect (x != 1 || x != 2).
func (g *gen) comparison(depth int) string {
	for try := 0; ; try++ {
		restore := g.snapshot()
		t := g.intType()
		c0 := g.calls
		l := g.intExpr(t, depth-1)
		lCalls := g.calls > c0
		r := g.operand(t, depth-1)
		op := cmpOps[g.intn(len(cmpOps))]
		subject := ""
		if _, err := strconv.Atoi(r); err == nil && (op == "==" || op == "!=") {
			subject = "eq " + l
		}
		if l == r && try < 8 {
			restore()
			continue // x < x: constant
		}
		if g.chance(0.2) && g.swappable(lCalls) {
			l, r = r, l
		}
		c := l + " " + op + " " + r
		if g.leaves == nil || try == 8 {
			return c
		}
		if !g.leaves[c] && (subject == "" || !g.leaves[subject]) {
			g.leaves[c] = true
			if subject != "" {
				g.leaves[subject] = true
			}
			return c
		}
		restore()
	}
}

// snapshot returns a function restoring the variables' used marks and the
// features used to what they are now: for generated code that is thrown
// away.
func (g *gen) snapshot() func() {
	vs := g.vars(func(*variable) bool { return true })
	used := make([]bool, len(vs))
	for i, v := range vs {
		used[i] = v.used
	}
	feats := map[Feature]bool{}
	for f := range g.used {
		feats[f] = true
	}
	return func() {
		for i, v := range vs {
			v.used = used[i]
		}
		g.used = feats
	}
}

// leaf records an operand of the current && / || chain and reports whether
// it is new there.
func (g *gen) leaf(code string) bool {
	if g.leaves == nil {
		return true
	}
	if g.leaves[code] {
		return false
	}
	g.leaves[code] = true
	return true
}

// boolExpr returns a boolean expression. value says it is in value context
// (assigned, returned, passed): its && / || then need FeatLogicValue. last
// says it is the last operand of an enclosing && / ||.
func (g *gen) boolExpr(depth int, value, last bool) string {
	if depth <= 0 {
		if g.chance(0.3) {
			if a := g.boolAtom(depth, last); a != "" {
				return a
			}
		}
		return g.comparison(1)
	}
	switch g.intn(10) {
	case 0, 1, 2, 3:
		return g.comparison(depth)
	case 4:
		if a := g.boolAtom(depth, last); a != "" {
			return a
		}
	case 5:
		return "!(" + g.boolExpr(depth-1, value, last) + ")"
	case 6, 7:
		if value && !g.on(FeatLogicValue) || value && !g.reorderable() {
			break
		}
		if value {
			g.used[FeatLogicValue] = true
		}
		return g.logical(depth, value, last)
	case 8:
		if c := g.pointerCompare(); c != "" {
			return c
		}
	case 9:
		if c := g.helperCall(tBool, depth); c != "" {
			return c
		}
	}
	return g.comparison(depth)
}

// logical returns l && r or l || r.
func (g *gen) logical(depth int, value, last bool) string {
	op := "&&"
	if g.chance(0.5) {
		op = "||"
	}
	if g.leaves == nil {
		g.leaves = map[string]bool{}
		defer func() { g.leaves = nil }()
	}
	l, r := g.boolExpr(depth-1, value, false), g.boolExpr(depth-1, value, true)
	return "(" + l + " " + op + " " + r + ")"
}

// pointerCompare compares two pointers in scope (or a receiver pointer with
// nil), or returns "".
func (g *gen) pointerCompare() string {
	ps := g.vars(func(v *variable) bool { return v.t.kind == kPtr })
	if len(ps) == 0 {
		return ""
	}
	p := g.pick(ps)
	op := "=="
	if g.chance(0.4) {
		op = "!="
	}
	if p.recv {
		if !g.leaf(p.name + " nil") {
			return ""
		}
		p.used = true
		g.recvUse(p)
		return p.name + " " + op + " nil"
	}
	var qs []*variable
	for _, q := range ps {
		if q != p && q.t == p.t {
			qs = append(qs, q)
		}
	}
	if len(qs) == 0 {
		return ""
	}
	q := g.pick(qs)
	if !g.leaf(p.name+" "+q.name) || !g.leaf(q.name+" "+p.name) {
		return ""
	}
	p.used, q.used = true, true
	g.used[p.feature], g.used[q.feature] = true, true
	return p.name + " " + op + " " + q.name
}
