// Postconditions: linear facts about a call's arguments and results, valid for inputs of every length.

package summary

import (
	"fmt"
	"strings"

	"leapfrog/internal/expr"
)

// Atom is a quantity of a call: the value of an argument or a result (a
// byte, a rune, an int; a bool as 0 or 1), or its length (a Text argument,
// a string result).
type Atom struct {
	Result bool // a result, else an argument
	Index  int  // its position
	Len    bool // its length, else its value
}

// Arg, Len, Res and ResLen name the atoms.
func Arg(i int) Atom    { return Atom{Index: i} }
func Len(i int) Atom    { return Atom{Index: i, Len: true} }
func Res(i int) Atom    { return Atom{Result: true, Index: i} }
func ResLen(i int) Atom { return Atom{Result: true, Index: i, Len: true} }

func (a Atom) String() string {
	n := fmt.Sprintf("a%d", a.Index)
	if a.Result {
		n = fmt.Sprintf("r%d", a.Index)
	}
	if a.Len {
		return "len(" + n + ")"
	}
	return n
}

// Lin is a linear combination of atoms plus a constant.
type Lin struct {
	Terms []LinTerm
	Const int64
}

// LinTerm is Coef·Atom.
type LinTerm struct {
	Coef int64
	Atom Atom
}

// Formula is a postcondition: a boolean combination of comparisons of
// linear combinations. The types: And, Or, Not, Cmp, Truth.
type Formula interface{ isFormula() }

// And holds when every formula does (true when empty).
type And []Formula

// Or holds when some formula does (false when empty).
type Or []Formula

// Not negates F.
type Not struct{ F Formula }

// Truth holds when the bool atom A (a bool result) is true.
type Truth struct{ A Atom }

// Cmp compares two linear combinations as mathematical integers.
type Cmp struct {
	Op   CmpOp
	L, R Lin
}

// CmpOp is a comparison.
type CmpOp uint8

const (
	LE CmpOp = iota // L <= R
	LT              // L < R
	EQ              // L == R
)

func (And) isFormula()   {}
func (Or) isFormula()    {}
func (Not) isFormula()   {}
func (Truth) isFormula() {}
func (Cmp) isFormula()   {}

// The builders of the postconditions below.
func lin(c int64, ts ...LinTerm) Lin { return Lin{Terms: ts, Const: c} }
func t(c int64, a Atom) LinTerm      { return LinTerm{c, a} }
func at(a Atom) Lin                  { return lin(0, t(1, a)) }
func k(c int64) Lin                  { return lin(c) }
func le(l, r Lin) Formula            { return Cmp{LE, l, r} }
func lt(l, r Lin) Formula            { return Cmp{LT, l, r} }
func eq(l, r Lin) Formula            { return Cmp{EQ, l, r} }
func implies(p, q Formula) Formula   { return Or{Not{p}, q} }

// sum is a + b.
func sum(a, b Lin) Lin {
	return Lin{Terms: append(append([]LinTerm{}, a.Terms...), b.Terms...), Const: a.Const + b.Const}
}

// Post returns the postcondition of kind k: a formula over the atoms of a
// call that holds for every call of every function of the kind, whatever
// the lengths of its arguments. Lengths are never negative (not stated).
//
//	IndexByte, IndexRune, IndexAny,
//	LastIndexByte, LastIndexAny       -1 <= r0 < len(a0)
//	CountByte                         0 <= r0 <= len(a0)
//	Index, LastIndex                  r0 == -1 || 0 <= r0 && r0 + len(a1) <= len(a0)
//	Count                             len(a1) == 0 ? 1 <= r0 <= len(a0) + 1 : 0 <= r0 <= len(a0)
//	Contains, HasPrefix, HasSuffix    r0 → len(a1) <= len(a0)
//	ContainsRune                      r0 → 1 <= len(a0)
//	ContainsAny                       r0 → 1 <= len(a0) && 1 <= len(a1)
//	Equal                             r0 → len(a0) == len(a1)
//	Compare                           -1 <= r0 <= 1 && (r0 == 0 → len(a0) == len(a1))
//	EqualFold                         true
//	TrimSpace, Trim, TrimLeft,
//	TrimRight                         len(r0) <= len(a0)
//	TrimPrefix, TrimSuffix            len(r0) == len(a0) || len(r0) + len(a1) == len(a0)
//	Cut                               r2 ? len(r0) + len(a1) + len(r1) == len(a0) : len(r0) == len(a0) && len(r1) == 0
//	CutPrefix, CutSuffix              r1 ? len(r0) + len(a1) == len(a0) : len(r0) == len(a0)
//	DecodeRune, DecodeLastRune        0 <= r0 <= 0x10FFFF && (len(a0) == 0 ? r0 == 0xFFFD && r1 == 0 : 1 <= r1 <= 4 && r1 <= len(a0))
//	RuneCount                         0 <= r0 <= len(a0) <= 4·r0
//	Valid                             len(a0) == 0 → r0
//	RuneLen                           r0 == -1 || 1 <= r0 <= 4
//	IsSpace, IsLetter, ...            true
func Post(k Kind) Formula {
	r0, r1, r2 := Res(0), Res(1), Res(2)
	n0, n1 := Len(0), Len(1)
	switch k {
	case IndexByte, IndexRune, IndexAny, LastIndexByte, LastIndexAny:
		return And{le(kc(-1), at(r0)), lt(at(r0), at(n0))}
	case CountByte:
		return And{le(kc(0), at(r0)), le(at(r0), at(n0))}
	case Index, LastIndex:
		return Or{eq(at(r0), kc(-1)), And{le(kc(0), at(r0)), le(sum(at(r0), at(n1)), at(n0))}}
	case Count:
		empty := eq(at(n1), kc(0))
		return And{
			implies(empty, And{le(kc(1), at(r0)), le(at(r0), sum(at(n0), kc(1)))}),
			implies(Not{empty}, And{le(kc(0), at(r0)), le(at(r0), at(n0))}),
		}
	case Contains, HasPrefix, HasSuffix:
		return implies(Truth{r0}, le(at(n1), at(n0)))
	case ContainsRune:
		return implies(Truth{r0}, le(kc(1), at(n0)))
	case ContainsAny:
		return implies(Truth{r0}, And{le(kc(1), at(n0)), le(kc(1), at(n1))})
	case Equal:
		return implies(Truth{r0}, eq(at(n0), at(n1)))
	case Compare:
		return And{le(kc(-1), at(r0)), le(at(r0), kc(1)), implies(eq(at(r0), kc(0)), eq(at(n0), at(n1)))}
	case EqualFold:
		return And{}
	case TrimSpace, Trim, TrimLeft, TrimRight:
		return le(at(ResLen(0)), at(n0))
	case TrimPrefix, TrimSuffix:
		return Or{eq(at(ResLen(0)), at(n0)), eq(sum(at(ResLen(0)), at(n1)), at(n0))}
	case Cut:
		return And{
			implies(Truth{r2}, eq(sum(sum(at(ResLen(0)), at(n1)), at(ResLen(1))), at(n0))),
			implies(Not{Truth{r2}}, And{eq(at(ResLen(0)), at(n0)), eq(at(ResLen(1)), kc(0))}),
		}
	case CutPrefix, CutSuffix:
		return And{
			implies(Truth{r1}, eq(sum(at(ResLen(0)), at(n1)), at(n0))),
			implies(Not{Truth{r1}}, eq(at(ResLen(0)), at(n0))),
		}
	case DecodeRune, DecodeLastRune:
		empty := eq(at(n0), kc(0))
		return And{
			le(kc(0), at(r0)), le(at(r0), kc(0x10FFFF)),
			implies(empty, And{eq(at(r0), kc(0xFFFD)), eq(at(r1), kc(0))}),
			implies(Not{empty}, And{le(kc(1), at(r1)), le(at(r1), kc(4)), le(at(r1), at(n0))}),
		}
	case RuneCount:
		return And{le(kc(0), at(r0)), le(at(r0), at(n0)), le(at(n0), lin(0, t(4, r0)))}
	case Valid:
		return implies(eq(at(n0), kc(0)), Truth{r0})
	case RuneLen:
		return Or{eq(at(r0), kc(-1)), And{le(kc(1), at(r0)), le(at(r0), kc(4))}}
	}
	if k.IsClass() {
		return And{}
	}
	panic(fmt.Sprintf("summary: no postcondition of kind %v", k))
}

// kc is a constant combination.
func kc(c int64) Lin { return k(c) }

// String prints a formula in Go's syntax ("-1 <= r0 && r0 < len(a0)").
func String(f Formula) string {
	switch f := f.(type) {
	case And:
		if len(f) == 0 {
			return "true"
		}
		return join(f, " && ")
	case Or:
		if len(f) == 0 {
			return "false"
		}
		return join(f, " || ")
	case Not:
		return "!(" + String(f.F) + ")"
	case Truth:
		return f.A.String()
	case Cmp:
		return f.L.String() + " " + [...]string{LE: "<=", LT: "<", EQ: "=="}[f.Op] + " " + f.R.String()
	}
	panic(fmt.Sprintf("summary: formula %T", f))
}

func join(fs []Formula, sep string) string {
	parts := make([]string, len(fs))
	for i, g := range fs {
		parts[i] = "(" + String(g) + ")"
	}
	return strings.Join(parts, sep)
}

func (l Lin) String() string {
	var parts []string
	for _, t := range l.Terms {
		switch t.Coef {
		case 1:
			parts = append(parts, t.Atom.String())
		default:
			parts = append(parts, fmt.Sprintf("%d*%s", t.Coef, t.Atom))
		}
	}
	if l.Const != 0 || len(parts) == 0 {
		parts = append(parts, fmt.Sprint(l.Const))
	}
	return strings.Join(parts, " + ")
}

// Holds evaluates f on concrete atoms (val gives each atom's value).
func Holds(f Formula, val func(Atom) int64) bool {
	switch f := f.(type) {
	case And:
		for _, g := range f {
			if !Holds(g, val) {
				return false
			}
		}
		return true
	case Or:
		for _, g := range f {
			if Holds(g, val) {
				return true
			}
		}
		return false
	case Not:
		return !Holds(f.F, val)
	case Truth:
		return val(f.A) != 0
	case Cmp:
		l, r := f.L.eval(val), f.R.eval(val)
		switch f.Op {
		case LE:
			return l <= r
		case LT:
			return l < r
		case EQ:
			return l == r
		}
	}
	panic(fmt.Sprintf("summary: formula %T", f))
}

func (l Lin) eval(val func(Atom) int64) int64 {
	v := l.Const
	for _, t := range l.Terms {
		v += t.Coef * val(t.Atom)
	}
	return v
}

// Term builds f as a bit-vector formula: atom gives each atom's term (a
// bool for a Truth atom, else a 64-bit integer: lengths, and values sign-
// or zero-extended by the caller as Go converts them to int). Linear
// combinations are computed on 64 bits and compared signed: no real
// length reaches 2^48 (Go's largest allocation), so on the values of a
// real call no combination wraps and the comparisons are those of
// mathematical integers.
func Term(b *expr.Builder, f Formula, atom func(Atom) *expr.Term) *expr.Term {
	switch f := f.(type) {
	case And:
		ts := make([]*expr.Term, len(f))
		for i, g := range f {
			ts[i] = Term(b, g, atom)
		}
		return b.And(ts...)
	case Or:
		ts := make([]*expr.Term, len(f))
		for i, g := range f {
			ts[i] = Term(b, g, atom)
		}
		return b.Or(ts...)
	case Not:
		return b.Not(Term(b, f.F, atom))
	case Truth:
		return atom(f.A)
	case Cmp:
		l, r := f.L.term(b, atom), f.R.term(b, atom)
		switch f.Op {
		case LE:
			return b.Sle(l, r)
		case LT:
			return b.Slt(l, r)
		case EQ:
			return b.Eq(l, r)
		}
	}
	panic(fmt.Sprintf("summary: formula %T", f))
}

func (l Lin) term(b *expr.Builder, atom func(Atom) *expr.Term) *expr.Term {
	v := b.BVConst(64, uint64(l.Const))
	for _, t := range l.Terms {
		x := atom(t.Atom)
		if t.Coef != 1 {
			x = b.Mul(b.BVConst(64, uint64(t.Coef)), x)
		}
		v = b.Add(v, x)
	}
	return v
}
