// Terms of the encoding: a hash-consed DAG of its own, folded only on constants.

package indep

import (
	"fmt"

	"leapfrog/internal/expr"
)

// term is a node of the formula: a bool (w == 0) or a bit-vector of width w.
// The operator codes and the meaning of each operator on constants are
// expr's (expr.Op, expr.Apply); the DAG, the hash-consing and the few
// simplifications are this package's own.
type term struct {
	op   expr.Op
	w    int
	val  uint64 // OpConst: the bits
	name string // OpVar
	args []*term
	id   int // from 1, in creation order
}

func (t *term) isConst() bool { return t.op == expr.OpConst }
func (t *term) isTrue() bool  { return t.op == expr.OpConst && t.w == 0 && t.val == 1 }
func (t *term) isFalse() bool { return t.op == expr.OpConst && t.w == 0 && t.val == 0 }

type termKey struct {
	op      expr.Op
	w       int
	val     uint64
	name    string
	a, b, c int
}

// terms builds hash-consed terms. The only rewrites are: operators on
// constants are evaluated (expr.Apply), and the boolean identities
// ¬const, ¬¬x, x∧true, x∧false, x∧x, x∧¬x, x∨false, x∨true, x∨x, x∨¬x,
// (x∧y)∨(x∧¬y) = x, ite(const, a, b), ite(c, a, a), x = x.
type terms struct {
	m     map[termKey]*term
	count int
	// keep leaves comparisons of constants (=, <, ≤) and x∧¬x
	// unevaluated: the script of an objective whose condition folds to a
	// constant shows the comparison, or the two sides of a branch that
	// contradict each other, for the solver to evaluate (see encoder.keep).
	keep bool
}

func newTerms() *terms { return &terms{m: make(map[termKey]*term)} }

func (ts *terms) intern(op expr.Op, w int, val uint64, name string, args ...*term) *term {
	k := termKey{op: op, w: w, val: val, name: name}
	for i, a := range args {
		switch i {
		case 0:
			k.a = a.id
		case 1:
			k.b = a.id
		case 2:
			k.c = a.id
		default:
			panic("indep: more than three operands")
		}
	}
	if t, ok := ts.m[k]; ok {
		return t
	}
	ts.count++
	t := &term{op: op, w: w, val: val, name: name, args: args, id: ts.count}
	ts.m[k] = t
	return t
}

func (ts *terms) boolConst(b bool) *term {
	if b {
		return ts.intern(expr.OpConst, 0, 1, "")
	}
	return ts.intern(expr.OpConst, 0, 0, "")
}

func (ts *terms) bv(w int, v uint64) *term {
	if w <= 0 || w > 64 {
		panic(fmt.Sprintf("indep: bit-vector width %d", w))
	}
	return ts.intern(expr.OpConst, w, v&expr.Mask(w), "")
}

// constant returns the constant of width w (0: bool).
func (ts *terms) constant(w int, v uint64) *term {
	if w == 0 {
		return ts.boolConst(v&1 == 1)
	}
	return ts.bv(w, v)
}

func (ts *terms) variable(name string, w int) *term {
	return ts.intern(expr.OpVar, w, 0, name)
}

func mustBool(t *term) {
	if t.w != 0 {
		panic(fmt.Sprintf("indep: bool operand of width %d", t.w))
	}
}

func (ts *terms) not(x *term) *term {
	mustBool(x)
	switch {
	case x.isConst():
		return ts.boolConst(x.val == 0)
	case x.op == expr.OpNot:
		return x.args[0]
	}
	return ts.intern(expr.OpNot, 0, 0, "", x)
}

func (ts *terms) and(x, y *term) *term {
	mustBool(x)
	mustBool(y)
	switch {
	case x.isFalse() || y.isFalse():
		return ts.boolConst(false)
	case x.isTrue():
		return y
	case y.isTrue() || x == y:
		return x
	case complementary(x, y) && !ts.keep:
		return ts.boolConst(false)
	}
	return ts.intern(expr.OpAnd, 0, 0, "", x, y)
}

func (ts *terms) or(x, y *term) *term {
	mustBool(x)
	mustBool(y)
	switch {
	case x.isTrue() || y.isTrue():
		return ts.boolConst(true)
	case x.isFalse():
		return y
	case y.isFalse() || x == y:
		return x
	case complementary(x, y):
		return ts.boolConst(true)
	}
	// (g∧c)∨(g∧¬c) = g: the two sides of a branch joining again.
	if x.op == expr.OpAnd && y.op == expr.OpAnd && x.args[0] == y.args[0] && complementary(x.args[1], y.args[1]) {
		return x.args[0]
	}
	return ts.intern(expr.OpOr, 0, 0, "", x, y)
}

func complementary(a, b *term) bool {
	return a.op == expr.OpNot && a.args[0] == b || b.op == expr.OpNot && b.args[0] == a
}

func (ts *terms) ite(c, x, y *term) *term {
	mustBool(c)
	if x.w != y.w {
		panic(fmt.Sprintf("indep: ite of widths %d and %d", x.w, y.w))
	}
	switch {
	case c.isTrue() || x == y:
		return x
	case c.isFalse():
		return y
	case x.w == 0 && x.isTrue() && y.isFalse():
		return c
	case x.w == 0 && x.isFalse() && y.isTrue():
		return ts.not(c)
	}
	return ts.intern(expr.OpIte, x.w, 0, "", c, x, y)
}

func (ts *terms) eq(x, y *term) *term {
	if x.w != y.w {
		panic(fmt.Sprintf("indep: = of widths %d and %d", x.w, y.w))
	}
	switch {
	case ts.keep && x.isConst() && y.isConst():
	case x == y:
		return ts.boolConst(true)
	case x.isConst() && y.isConst():
		return ts.boolConst(x.val == y.val)
	}
	return ts.intern(expr.OpEq, 0, 0, "", x, y)
}

// bin applies a same-width bit-vector operator (arithmetic, bitwise, shift or
// comparison; comparisons yield bools).
func (ts *terms) bin(op expr.Op, x, y *term) *term {
	if x.w == 0 || x.w != y.w {
		panic(fmt.Sprintf("indep: %v of widths %d and %d", op, x.w, y.w))
	}
	w := x.w
	switch op {
	case expr.OpSlt, expr.OpSle, expr.OpUlt, expr.OpUle:
		w = 0
	}
	if x.isConst() && y.isConst() && !(ts.keep && w == 0) {
		return ts.constant(w, expr.Apply(op, x.w, x.val, y.val))
	}
	return ts.intern(op, w, 0, "", x, y)
}

// un applies bvneg or bvnot.
func (ts *terms) un(op expr.Op, x *term) *term {
	if x.w == 0 {
		panic(fmt.Sprintf("indep: %v of a bool", op))
	}
	if x.isConst() {
		return ts.bv(x.w, expr.Apply(op, x.w, x.val))
	}
	return ts.intern(op, x.w, 0, "", x)
}

// resize converts x to width w: sign or zero extension, or truncation.
func (ts *terms) resize(x *term, w int, signed bool) *term {
	switch {
	case x.w == w:
		return x
	case x.isConst():
		return ts.bv(w, expr.Extend(x.val, x.w, 64, signed))
	case w < x.w:
		return ts.intern(expr.OpExtract, w, 0, "", x)
	case signed:
		return ts.intern(expr.OpSExt, w, 0, "", x)
	}
	return ts.intern(expr.OpZExt, w, 0, "", x)
}

// eval computes t under a model (missing variables are 0), with expr.Apply.
func eval(t *term, model map[string]uint64, memo map[*term]uint64) uint64 {
	if v, ok := memo[t]; ok {
		return v
	}
	var v uint64
	arg := func(i int) uint64 { return eval(t.args[i], model, memo) }
	switch t.op {
	case expr.OpConst:
		v = t.val
	case expr.OpVar:
		v = model[t.name] & expr.Mask(t.w)
	case expr.OpNot:
		v = 1 - arg(0)
	case expr.OpAnd:
		v = arg(0) & arg(1)
	case expr.OpOr:
		v = arg(0) | arg(1)
	case expr.OpIte:
		if arg(0) == 1 {
			v = arg(1)
		} else {
			v = arg(2)
		}
	case expr.OpEq:
		if arg(0) == arg(1) {
			v = 1
		}
	case expr.OpZExt, expr.OpSExt:
		v = expr.Extend(arg(0), t.args[0].w, t.w, t.op == expr.OpSExt)
	case expr.OpExtract:
		v = arg(0) & expr.Mask(t.w)
	case expr.OpNeg, expr.OpCompl:
		v = expr.Apply(t.op, t.w, arg(0))
	default:
		v = expr.Apply(t.op, t.args[0].w, arg(0), arg(1))
	}
	memo[t] = v
	return v
}
