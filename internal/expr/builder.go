// The Builder: hash-consing constructors that fold constants and simplify locally.

package expr

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

// Builder creates terms. Terms built by one Builder are hash-consed: structurally
// equal terms are the same pointer. A Builder is safe for concurrent use.
type Builder struct {
	mu    sync.Mutex
	table map[uint64]*Term   // by hash; terms whose hash is taken go to more
	more  map[uint64][]*Term // hash collisions
	vars  map[string]*Term
	count int // terms built (IDs)
}

// NewBuilder returns an empty Builder.
func NewBuilder() *Builder {
	return &Builder{table: make(map[uint64]*Term), more: map[uint64][]*Term{}, vars: make(map[string]*Term)}
}

// Len returns the number of distinct terms built so far.
func (b *Builder) Len() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.count
}

// hashTerm mixes a term's operator, width, value and argument IDs into 64
// bits (a multiply-xorshift mix: cheap, and a 64-bit key keeps the map on
// its fast path). Equal hashes are checked field by field.
func hashTerm(op Op, width int, val uint64, args []*Term) uint64 {
	const k = 0x9E3779B97F4A7C15
	h := uint64(op)<<32 ^ uint64(width)<<40 ^ uint64(len(args))
	h = (h ^ val) * k
	h ^= h >> 29
	for _, a := range args {
		h = (h ^ uint64(a.ID+1)) * k
		h ^= h >> 31
	}
	return h
}

// same reports whether t has these fields.
func same(t *Term, op Op, width int, val uint64, args []*Term) bool {
	return t.Op == op && t.Width == width && t.Val == val && t.Name == "" && sameArgs(t.Args, args)
}

// intern returns the term with these fields, making it if it is new. args
// is not kept (a new term gets a copy), so that a call that finds its term
// allocates nothing.
func (b *Builder) intern(op Op, width int, val uint64, args ...*Term) *Term {
	h := hashTerm(op, width, val, args)
	b.mu.Lock()
	defer b.mu.Unlock()
	if t := b.find(h, op, width, val, args); t != nil {
		return t
	}
	return b.add(h, b.newTerm(op, width, val, "", append(make([]*Term, 0, len(args)), args...)))
}

// internOwned is intern for args the new term may keep.
func (b *Builder) internOwned(op Op, width int, val uint64, args []*Term) *Term {
	h := hashTerm(op, width, val, args)
	b.mu.Lock()
	defer b.mu.Unlock()
	if t := b.find(h, op, width, val, args); t != nil {
		return t
	}
	return b.add(h, b.newTerm(op, width, val, "", args))
}

// find returns the term of hash h with these fields, or nil (b.mu held).
func (b *Builder) find(h uint64, op Op, width int, val uint64, args []*Term) *Term {
	t, ok := b.table[h]
	if !ok {
		return nil
	}
	if same(t, op, width, val, args) {
		return t
	}
	for _, t := range b.more[h] {
		if same(t, op, width, val, args) {
			return t
		}
	}
	return nil
}

// add records a new term of hash h (b.mu held).
func (b *Builder) add(h uint64, t *Term) *Term {
	if _, taken := b.table[h]; taken {
		b.more[h] = append(b.more[h], t)
	} else {
		b.table[h] = t
	}
	return t
}

// newTerm makes a term with the next ID (b.mu held).
func (b *Builder) newTerm(op Op, width int, val uint64, name string, args []*Term) *Term {
	t := &Term{Op: op, Width: width, Val: val, Name: name, Args: args, ID: b.count}
	b.count++
	return t
}

func sameArgs(a, b []*Term) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Var returns the variable of the given name and width (0 for a bool). Asking for
// one name with two widths panics.
func (b *Builder) Var(name string, width int) *Term {
	b.mu.Lock()
	defer b.mu.Unlock()
	if t, ok := b.vars[name]; ok {
		if t.Width != width {
			panic(fmt.Sprintf("expr: variable %s used with widths %d and %d", name, t.Width, width))
		}
		return t
	}
	t := b.newTerm(OpVar, width, 0, name, nil)
	b.vars[name] = t
	return t
}

// Lookup returns the variable of the given name made so far, or nil.
func (b *Builder) Lookup(name string) *Term {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.vars[name]
}

// BVConst returns the bit-vector constant v (masked to width).
func (b *Builder) BVConst(width int, v uint64) *Term {
	if width <= 0 || width > 64 {
		panic(fmt.Sprintf("expr: bad width %d", width))
	}
	return b.intern(OpConst, width, v&Mask(width))
}

// BoolConst returns true or false.
func (b *Builder) BoolConst(v bool) *Term { return b.intern(OpConst, 0, b2u(v)) }

// Const returns the constant of the given width (0: bool) and bits.
func (b *Builder) Const(width int, v uint64) *Term {
	if width == 0 {
		return b.BoolConst(v&1 == 1)
	}
	return b.BVConst(width, v)
}

func (b *Builder) isTrue(t *Term) bool  { return t.Op == OpConst && t.Width == 0 && t.Val == 1 }
func (b *Builder) isFalse(t *Term) bool { return t.Op == OpConst && t.Width == 0 && t.Val == 0 }

// Not returns ¬x.
func (b *Builder) Not(x *Term) *Term {
	mustBool(x)
	switch {
	case x.Op == OpConst:
		return b.BoolConst(x.Val == 0)
	case x.Op == OpNot:
		return x.Args[0]
	}
	return b.intern(OpNot, 0, 0, x)
}

// And returns the conjunction of xs (true when empty).
func (b *Builder) And(xs ...*Term) *Term { return b.nary(OpAnd, xs) }

// Or returns the disjunction of xs (false when empty).
func (b *Builder) Or(xs ...*Term) *Term { return b.nary(OpOr, xs) }

func (b *Builder) nary(op Op, xs []*Term) *Term {
	unit, zero := b.BoolConst(op == OpAnd), b.BoolConst(op != OpAnd)
	var args []*Term
	// has reports whether t is among args: a scan for short lists, a set
	// for long ones.
	var set map[*Term]bool
	has := func(t *Term) bool {
		if set != nil {
			return set[t]
		}
		for _, a := range args {
			if a == t {
				return true
			}
		}
		return false
	}
	var add func(x *Term)
	add = func(x *Term) {
		mustBool(x)
		switch {
		case x == unit || has(x):
		case x.Op == op:
			for _, a := range x.Args {
				add(a)
			}
		default:
			args = append(args, x)
			if set != nil {
				set[x] = true
			} else if len(args) > 16 {
				set = make(map[*Term]bool, 2*len(args))
				for _, a := range args {
					set[a] = true
				}
			}
		}
	}
	for _, x := range xs {
		add(x)
	}
	if has(zero) {
		return zero
	}
	for _, x := range args {
		// x and ¬x: one of the two is the negation (Not folds ¬¬).
		if x.Op == OpNot && has(x.Args[0]) {
			return zero
		}
	}
	switch len(args) {
	case 0:
		return unit
	case 1:
		return args[0]
	}
	sort.Slice(args, func(i, j int) bool { return args[i].ID < args[j].ID })
	return b.internOwned(op, 0, 0, args)
}

// Implies returns x ⇒ y.
func (b *Builder) Implies(x, y *Term) *Term { return b.Or(b.Not(x), y) }

// Ite returns if c then x else y.
func (b *Builder) Ite(c, x, y *Term) *Term {
	mustBool(c)
	sameSort(x, y)
	switch {
	case c.Op == OpConst && c.Val == 1:
		return x
	case c.Op == OpConst:
		return y
	case x == y:
		return x
	case c.Op == OpNot:
		return b.Ite(c.Args[0], y, x)
	}
	if x.Width == 0 {
		switch {
		case b.isTrue(x) && b.isFalse(y):
			return c
		case b.isFalse(x) && b.isTrue(y):
			return b.Not(c)
		case b.isTrue(x):
			return b.Or(c, y)
		case b.isFalse(y):
			return b.And(c, x)
		}
	}
	return b.intern(OpIte, x.Width, 0, c, x, y)
}

// Eq returns x = y (bools or bit-vectors of one width).
func (b *Builder) Eq(x, y *Term) *Term {
	sameSort(x, y)
	if x == y {
		return b.BoolConst(true)
	}
	if x.Op == OpConst && y.Op == OpConst {
		return b.BoolConst(x.Val == y.Val)
	}
	if x.Width == 0 {
		switch {
		case x.Op == OpConst:
			x, y = y, x
			fallthrough
		case y.Op == OpConst:
			if y.Val == 1 {
				return x
			}
			return b.Not(x)
		}
	}
	if x.ID > y.ID {
		x, y = y, x
	}
	return b.intern(OpEq, 0, 0, x, y)
}

// Bit-vector arithmetic. Operands have one width; the result has that width.

func (b *Builder) Neg(x *Term) *Term   { return b.unary(OpNeg, x) }
func (b *Builder) Compl(x *Term) *Term { return b.unary(OpCompl, x) }
func (b *Builder) Add(x, y *Term) *Term {
	return b.binary(OpAdd, x, y)
}
func (b *Builder) Sub(x, y *Term) *Term  { return b.binary(OpSub, x, y) }
func (b *Builder) Mul(x, y *Term) *Term  { return b.binary(OpMul, x, y) }
func (b *Builder) SDiv(x, y *Term) *Term { return b.binary(OpSDiv, x, y) }
func (b *Builder) UDiv(x, y *Term) *Term { return b.binary(OpUDiv, x, y) }
func (b *Builder) SRem(x, y *Term) *Term { return b.binary(OpSRem, x, y) }
func (b *Builder) URem(x, y *Term) *Term { return b.binary(OpURem, x, y) }
func (b *Builder) BAnd(x, y *Term) *Term { return b.binary(OpBAnd, x, y) }
func (b *Builder) BOr(x, y *Term) *Term  { return b.binary(OpBOr, x, y) }
func (b *Builder) BXor(x, y *Term) *Term { return b.binary(OpBXor, x, y) }

// Comparisons of bit-vectors of one width.

func (b *Builder) Slt(x, y *Term) *Term { return b.binary(OpSlt, x, y) }
func (b *Builder) Sle(x, y *Term) *Term { return b.binary(OpSle, x, y) }
func (b *Builder) Ult(x, y *Term) *Term { return b.binary(OpUlt, x, y) }
func (b *Builder) Ule(x, y *Term) *Term { return b.binary(OpUle, x, y) }

// Shl, LShr and AShr shift x by the count n, which may have any width and is read
// as unsigned. Counts at or beyond x's width give 0 (or the sign fill for AShr),
// as in Go.
func (b *Builder) Shl(x, n *Term) *Term  { return b.shift(OpShl, x, n) }
func (b *Builder) LShr(x, n *Term) *Term { return b.shift(OpLShr, x, n) }
func (b *Builder) AShr(x, n *Term) *Term { return b.shift(OpAShr, x, n) }

func (b *Builder) shift(op Op, x, n *Term) *Term {
	mustBV(x)
	mustBV(n)
	w := x.Width
	switch {
	case n.Width == w:
		return b.binary(op, x, n)
	case n.Width < w:
		return b.binary(op, x, b.ZExt(n, w))
	}
	// A count wider than x: saturate it at w, which shifts everything out.
	big := b.Ule(b.BVConst(n.Width, uint64(w)), n)
	return b.binary(op, x, b.Ite(big, b.BVConst(w, uint64(w)), b.Trunc(n, w)))
}

// ZExt and SExt extend x to width w (w >= x's width).
func (b *Builder) ZExt(x *Term, w int) *Term { return b.extend(OpZExt, x, w) }
func (b *Builder) SExt(x *Term, w int) *Term { return b.extend(OpSExt, x, w) }

func (b *Builder) extend(op Op, x *Term, w int) *Term {
	mustBV(x)
	switch {
	case w < x.Width:
		panic(fmt.Sprintf("expr: extend %d bits to %d", x.Width, w))
	case w == x.Width:
		return x
	case x.Op == OpConst:
		return b.BVConst(w, Extend(x.Val, x.Width, w, op == OpSExt))
	}
	return b.intern(op, w, 0, x)
}

// Trunc keeps the low w bits of x.
func (b *Builder) Trunc(x *Term, w int) *Term {
	mustBV(x)
	switch {
	case w > x.Width:
		panic(fmt.Sprintf("expr: truncate %d bits to %d", x.Width, w))
	case w == x.Width:
		return x
	case x.Op == OpConst:
		return b.BVConst(w, x.Val)
	case (x.Op == OpZExt || x.Op == OpSExt) && x.Args[0].Width == w:
		return x.Args[0]
	}
	return b.intern(OpExtract, w, 0, x)
}

// Convert changes the width of x to w: truncation, or extension by signed.
func (b *Builder) Convert(x *Term, w int, signed bool) *Term {
	switch {
	case w < x.Width:
		return b.Trunc(x, w)
	case signed:
		return b.SExt(x, w)
	}
	return b.ZExt(x, w)
}

func (b *Builder) unary(op Op, x *Term) *Term {
	mustBV(x)
	if x.Op == OpConst {
		return b.BVConst(x.Width, Apply(op, x.Width, x.Val))
	}
	if x.Op == op { // --x, ^^x
		return x.Args[0]
	}
	return b.intern(op, x.Width, 0, x)
}

func isComparison(op Op) bool { return op >= OpSlt && op <= OpUle }

func (b *Builder) binary(op Op, x, y *Term) *Term {
	mustBV(x)
	mustBV(y)
	if x.Width != y.Width {
		panic(fmt.Sprintf("expr: %s of widths %d and %d", op, x.Width, y.Width))
	}
	w := x.Width
	if x.Op == OpConst && y.Op == OpConst {
		v := Apply(op, w, x.Val, y.Val)
		if isComparison(op) {
			return b.BoolConst(v == 1)
		}
		return b.BVConst(w, v)
	}
	commutative := op == OpAdd || op == OpMul || op == OpBAnd || op == OpBOr || op == OpBXor
	if commutative && x.Op == OpConst {
		x, y = y, x // constant second
	}
	isK := func(t *Term, v uint64) bool { return t.Op == OpConst && t.Val == v }
	switch op {
	case OpAdd, OpBOr, OpBXor, OpShl, OpLShr, OpAShr:
		if isK(y, 0) {
			return x
		}
	case OpSub:
		if isK(y, 0) {
			return x
		}
		if x == y {
			return b.BVConst(w, 0)
		}
	case OpMul:
		if isK(y, 0) {
			return y
		}
		if isK(y, 1) {
			return x
		}
	case OpBAnd:
		if isK(y, 0) {
			return y
		}
		if isK(y, Mask(w)) || x == y {
			return x
		}
	case OpSlt, OpUlt:
		if x == y {
			return b.BoolConst(false)
		}
	case OpSle, OpUle:
		if x == y {
			return b.BoolConst(true)
		}
	}
	if op == OpBXor && x == y {
		return b.BVConst(w, 0)
	}
	if commutative && x.Op != OpConst && y.Op != OpConst && x.ID > y.ID {
		x, y = y, x
	}
	rw := w
	if isComparison(op) {
		rw = 0
	}
	return b.intern(op, rw, 0, x, y)
}

func mustBool(t *Term) {
	if t.Width != 0 {
		panic(fmt.Sprintf("expr: bool expected, got a %d-bit term", t.Width))
	}
}

func mustBV(t *Term) {
	if t.Width == 0 {
		panic("expr: bit-vector expected, got a bool")
	}
}

func sameSort(x, y *Term) {
	if x.Width != y.Width {
		panic(fmt.Sprintf("expr: sorts differ: %d and %d bits", x.Width, y.Width))
	}
}

// String renders t in SMT-LIB syntax (shared subterms repeated).
func (t *Term) String() string {
	var sb strings.Builder
	writeTerm(&sb, t, nil)
	return sb.String()
}
