// SMT-LIB2 rendering of float terms: every term has a bit-vector view and, when a float operator reads it, a FloatingPoint view.

package expr

import (
	"fmt"
	"strings"
)

// node is a term in one of its two views: the bit-vector (or bool) view,
// which is the term's value, or (fp) the FloatingPoint value of its bits.
//
// The FloatingPoint view of a float operation is the operation of SMT-LIB's
// theory; of a variable or any other bit-vector, ((_ to_fp eb sb) bits),
// which reads every NaN pattern as the one NaN; of an ite, the ite of the
// views; of FNeg and FAbs (sign bit operations), fp.neg and fp.abs.
//
// The bit-vector view of a float operation is a constant bits!ID declared
// with (assert (= ((_ to_fp eb sb) bits!ID) <the operation>)): exact when
// the result is not a NaN, and any NaN pattern when it is. That
// over-approximates the amd64 NaN that ApplyFloat computes (SMT-LIB has one
// NaN, and gc's operand order for + and * is its own), so a formula reading
// the bits of a computed NaN may be satisfiable where Eval says otherwise,
// never the reverse: unsat answers hold for Go. For every input the
// constant has a value, so the assertion never constrains the inputs and
// is sound inside a disjunction too. (fp.to_ieee_bv would do the same,
// but it is Z3's extension; cvc5 lacks it.)
type node struct {
	t  *Term
	fp bool
}

// children returns the nodes n's text is made of, as many times as the
// text holds them (so that a repeated operand is shared by a define-fun).
func (n node) children() []node {
	t := n.t
	if !n.fp {
		switch {
		case ProducesFloat(t.Op):
			return nil // bits!ID; its definition is counted apart
		case t.Op == OpFToSBV:
			x := node{t.Args[0], true}
			return []node{x, x, x}
		case TakesFloats(t.Op):
			return []node{{t.Args[0], true}, {t.Args[1], true}}
		}
		cs := make([]node, len(t.Args))
		for i, a := range t.Args {
			cs[i] = node{t: a}
		}
		return cs
	}
	if x, ok := fpUnary(t); ok {
		return []node{{x, true}}
	}
	switch t.Op {
	case OpConst:
		return nil
	case OpFAdd, OpFSub, OpFMul, OpFDiv:
		return []node{{t.Args[0], true}, {t.Args[1], true}}
	case OpFToF:
		return []node{{t.Args[0], true}}
	case OpSToF, OpUToF:
		return []node{{t: t.Args[0]}}
	case OpIte:
		return []node{{t: t.Args[0]}, {t.Args[1], true}, {t.Args[2], true}}
	}
	return []node{{t: t}}
}

// fpUnary recognises FNeg and FAbs.
func fpUnary(t *Term) (*Term, bool) {
	if x, ok := AsFNeg(t); ok {
		return x, true
	}
	return AsFAbs(t)
}

func (n node) sort() string {
	if n.fp {
		return fpSort(n.t.Width)
	}
	return sortName(n.t.Width)
}

func fpSort(w int) string {
	eb, sb := FloatFormat(w)
	return fmt.Sprintf("(_ FloatingPoint %d %d)", eb, sb)
}

func toFP(w int) string {
	eb, sb := FloatFormat(w)
	return fmt.Sprintf("(_ to_fp %d %d)", eb, sb)
}

// bitsName names the bit-vector view of a float operation.
func bitsName(t *Term) string { return fmt.Sprintf("bits!%d", t.ID) }

// writeNode writes n, by its define-fun name when it has one.
func writeNode(sb *strings.Builder, n node, names map[node]string) {
	if name, ok := names[n]; ok {
		sb.WriteString(name)
		return
	}
	t := n.t
	if !n.fp {
		switch {
		case ProducesFloat(t.Op) && names == nil:
			// Term.String: Z3's fp.to_ieee_bv, readable in messages.
			sb.WriteString("(fp.to_ieee_bv ")
			writeNode(sb, node{t, true}, names)
			sb.WriteByte(')')
		case ProducesFloat(t.Op):
			sb.WriteString(bitsName(t))
		case t.Op == OpFToSBV:
			writeFToSBV(sb, t, names)
		case TakesFloats(t.Op):
			fmt.Fprintf(sb, "(%s ", t.Op)
			writeNode(sb, node{t.Args[0], true}, names)
			sb.WriteByte(' ')
			writeNode(sb, node{t.Args[1], true}, names)
			sb.WriteByte(')')
		default:
			writeBV(sb, t, names)
		}
		return
	}
	w := t.Width
	args := func(prefix string, fp ...bool) {
		sb.WriteString(prefix)
		for i, a := range t.Args {
			sb.WriteByte(' ')
			writeNode(sb, node{a, fp[i]}, names)
		}
		sb.WriteByte(')')
	}
	if x, ok := AsFNeg(t); ok {
		sb.WriteString("(fp.neg ")
		writeNode(sb, node{x, true}, names)
		sb.WriteByte(')')
		return
	}
	if x, ok := AsFAbs(t); ok {
		sb.WriteString("(fp.abs ")
		writeNode(sb, node{x, true}, names)
		sb.WriteByte(')')
		return
	}
	switch t.Op {
	case OpConst:
		fmt.Fprintf(sb, "(%s #x%0*x)", toFP(w), w/4, t.Val)
	case OpFAdd, OpFSub, OpFMul, OpFDiv:
		args(fmt.Sprintf("(%s RNE", t.Op), true, true)
	case OpFToF:
		args(fmt.Sprintf("(%s RNE", toFP(w)), true)
	case OpSToF:
		args(fmt.Sprintf("(%s RNE", toFP(w)), false)
	case OpUToF:
		eb, sbits := FloatFormat(w)
		args(fmt.Sprintf("((_ to_fp_unsigned %d %d) RNE", eb, sbits), false)
	case OpIte:
		args("(ite", false, true, true)
	default:
		fmt.Fprintf(sb, "(%s ", toFP(w))
		writeNode(sb, node{t: t}, names)
		sb.WriteByte(')')
	}
}

// writeFToSBV writes OpFToSBV: fp.to_sbv RTZ where the truncation fits,
// else the most negative value.
func writeFToSBV(sb *strings.Builder, t *Term, names map[node]string) {
	x := node{t.Args[0], true}
	w, n := t.Args[0].Width, t.Width
	lo, hi, incl := FToSBVBounds(w, n)
	cmp := "fp.lt"
	if incl {
		cmp = "fp.leq"
	}
	fmt.Fprintf(sb, "(ite (and (%s (%s #x%0*x) ", cmp, toFP(w), w/4, lo)
	writeNode(sb, x, names)
	sb.WriteString(") (fp.lt ")
	writeNode(sb, x, names)
	fmt.Fprintf(sb, " (%s #x%0*x))) ((_ fp.to_sbv %d) RTZ ", toFP(w), w/4, hi, n)
	writeNode(sb, x, names)
	fmt.Fprintf(sb, ") (_ bv%d %d))", uint64(1)<<uint(n-1), n)
}
