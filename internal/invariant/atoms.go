// Atoms: the integers and booleans a value is made of in the proofs (an integer, a length, a capacity).

package invariant

import (
	"fmt"
	"math/big"
	"strconv"

	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
)

// atomRole says what an atom of a value stands for.
type atomRole int

const (
	roleBool atomRole = iota // a bool
	roleInt                  // an integer of its type's range
	roleLen                  // the length of a string, a slice, or the string a range iterates over
	roleCap                  // the capacity of a slice
)

// atom is one component of a value in the proofs: an SMT Int or Bool.
type atom struct {
	role atomRole
	typ  *ir.Type // roleInt: the integer type
	max  *big.Int // roleLen, roleCap: the largest length
	elem int      // the element of a tuple it belongs to (-1: not a tuple)
}

func (a atom) sort() string {
	if a.role == roleBool {
		return "Bool"
	}
	return "Int"
}

// suffix names the atom within its value ("" for a scalar).
func (a atom) suffix() string {
	s := ""
	if a.elem >= 0 {
		s = fmt.Sprintf("#%d", a.elem)
	}
	switch a.role {
	case roleLen:
		return s + ".len"
	case roleCap:
		return s + ".cap"
	}
	return s
}

// atomsOf returns the atoms of a value of type t: a bool or an integer is
// itself, a string its length, a slice its length and capacity, an
// iterator over a string that string's length, a tuple its elements'
// atoms in order. Contents (bytes, elements, fields, pointees, maps,
// interfaces, floats) have none: reading them gives any value of their
// type, which over-approximates every run.
func atomsOf(t *ir.Type) []atom {
	switch t.Kind {
	case ir.KBool:
		return []atom{{role: roleBool, elem: -1}}
	case ir.KInt:
		return []atom{{role: roleInt, typ: t, elem: -1}}
	case ir.KString:
		return []atom{{role: roleLen, max: bigMaxAlloc, elem: -1}}
	case ir.KSlice:
		max := bigMaxInt
		if t.Elem.Size > 0 {
			max = new(big.Int).Div(bigMaxAlloc, big.NewInt(t.Elem.Size))
		}
		return []atom{{role: roleLen, max: max, elem: -1}, {role: roleCap, max: max, elem: -1}}
	case ir.KIter:
		if t.Elem != nil && t.Elem.Kind == ir.KString {
			return []atom{{role: roleLen, max: bigMaxAlloc, elem: -1}}
		}
	case ir.KTuple:
		var as []atom
		for i, e := range t.Elems {
			for _, a := range atomsOf(e) {
				a.elem = i
				as = append(as, a)
			}
		}
		return as
	}
	return nil
}

// tupleOffset returns the index of element i's first atom in a tuple's atoms.
func tupleOffset(t *ir.Type, i int) int {
	off := 0
	for _, e := range t.Elems[:i] {
		off += len(atomsOf(e))
	}
	return off
}

var (
	bigMaxInt = new(big.Int).SetUint64(1<<63 - 1)
	// bigMaxAlloc bounds the bytes of a string or a slice's array: Go's
	// largest allocation on 64-bit platforms (runtime.maxAlloc, 2^48).
	// Only unsafe.String or unsafe.Slice over memory Go did not allocate
	// could make a longer one.
	bigMaxAlloc = new(big.Int).Lsh(big.NewInt(1), 48)
)

// intRange returns the range of an integer type and its modulus 2^width.
func intRange(t *ir.Type) (lo, hi, mod *big.Int) {
	mod = new(big.Int).Lsh(big.NewInt(1), uint(t.Width))
	if t.Signed {
		half := new(big.Int).Lsh(big.NewInt(1), uint(t.Width-1))
		return new(big.Int).Neg(half), new(big.Int).Sub(half, big.NewInt(1)), mod
	}
	return big.NewInt(0), new(big.Int).Sub(mod, big.NewInt(1)), mod
}

// atomRange returns the bounds of an integer atom: its type's range, or
// 0 .. its largest length for a length or a capacity.
func atomRange(a atom) (lo, hi *big.Int) {
	if a.role == roleInt {
		lo, hi, _ = intRange(a.typ)
		return lo, hi
	}
	return big.NewInt(0), a.max
}

// num renders an integer as an SMT-LIB term.
func num(x *big.Int) string {
	if x.Sign() < 0 {
		return "(- " + new(big.Int).Neg(x).String() + ")"
	}
	return x.String()
}

func num64(x int64) string { return num(big.NewInt(x)) }

// constAtoms returns the atoms of a constant as terms.
func constAtoms(c *ir.Const) []string {
	t := c.Typ
	switch t.Kind {
	case ir.KBool:
		if c.Val != 0 {
			return []string{"true"}
		}
		return []string{"false"}
	case ir.KInt:
		if t.Signed {
			return []string{num64(expr.Signed(c.Val, t.Width))}
		}
		return []string{strconv.FormatUint(c.Val, 10)}
	case ir.KString:
		return []string{strconv.Itoa(len(c.Str))}
	case ir.KSlice:
		return []string{"0", "0"} // nil or the zero value
	}
	return nil
}

// constInt returns the value of an integer constant.
func constInt(v ir.Value) (*big.Int, bool) {
	c, ok := v.(*ir.Const)
	if !ok || c.Typ.Kind != ir.KInt {
		return nil, false
	}
	if c.Typ.Signed {
		return big.NewInt(expr.Signed(c.Val, c.Typ.Width)), true
	}
	return new(big.Int).SetUint64(c.Val), true
}
