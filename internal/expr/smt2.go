// SMT-LIB2 rendering of terms and of whole queries.

package expr

import (
	"fmt"
	"sort"
	"strings"
)

// SMT2 renders a complete SMT-LIB2 script asserting the terms: declarations of
// their variables (sorted), a define-fun for every compound subterm used more than
// once, the assertions, and (check-sat). Deterministic for given terms.
func SMT2(assertions []*Term) string {
	return render(assertions, func(sb *strings.Builder, names map[node]string) {
		for _, a := range assertions {
			sb.WriteString("(assert ")
			writeTerm(sb, a, names)
			sb.WriteString(")\n")
		}
	})
}

// SMT2Disjunction renders a script asserting the disjunction of the conjunctions
// of each group, built textually: the solver, not our simplifier, must refute it.
func SMT2Disjunction(groups [][]*Term) string {
	var all []*Term
	for _, g := range groups {
		all = append(all, g...)
	}
	return render(all, func(sb *strings.Builder, names map[node]string) {
		sb.WriteString("(assert (or")
		for _, g := range groups {
			sb.WriteString("\n  (and")
			for _, t := range g {
				sb.WriteByte(' ')
				writeTerm(sb, t, names)
			}
			sb.WriteString(")")
		}
		sb.WriteString("))\n")
	})
}

func render(assertions []*Term, body func(*strings.Builder, map[node]string)) string {
	// Count uses of every node to find shared compound ones; note the
	// floats whose bits are read (they get a bits constant, float.go).
	uses := make(map[node]int)
	var order []node
	var bitsOf []*Term
	floats := false
	var count func(n node)
	count = func(n node) {
		uses[n]++
		if uses[n] > 1 {
			return
		}
		if n.fp || IsFloatOp(n.t.Op) {
			floats = true
		}
		for _, c := range n.children() {
			count(c)
		}
		if !n.fp && ProducesFloat(n.t.Op) {
			bitsOf = append(bitsOf, n.t)
			count(node{n.t, true}) // in the bits constant's definition
		}
		order = append(order, n) // post-order: definitions before uses
	}
	for _, a := range assertions {
		count(node{t: a})
	}
	var sb strings.Builder
	if floats {
		sb.WriteString("(set-logic QF_BVFP)\n")
	} else {
		sb.WriteString("(set-logic QF_BV)\n")
	}
	for _, v := range Vars(assertions...) {
		fmt.Fprintf(&sb, "(declare-fun %s () %s)\n", symbol(v.Name), sortName(v.Width))
	}
	sort.Slice(bitsOf, func(i, j int) bool { return bitsOf[i].ID < bitsOf[j].ID })
	for _, t := range bitsOf {
		fmt.Fprintf(&sb, "(declare-fun %s () %s)\n", bitsName(t), sortName(t.Width))
	}
	names := make(map[node]string)
	for _, n := range order {
		if uses[n] > 1 && len(n.children()) > 0 {
			var def strings.Builder
			writeNode(&def, n, names)
			name := fmt.Sprintf("t%d", n.t.ID)
			if n.fp {
				name = fmt.Sprintf("fp!%d", n.t.ID)
			}
			fmt.Fprintf(&sb, "(define-fun %s () %s %s)\n", name, n.sort(), def.String())
			names[n] = name
		}
	}
	for _, t := range bitsOf {
		eb, sbits := FloatFormat(t.Width)
		fmt.Fprintf(&sb, "(assert (= ((_ to_fp %d %d) %s) ", eb, sbits, bitsName(t))
		writeNode(&sb, node{t, true}, names)
		sb.WriteString("))\n")
	}
	body(&sb, names)
	sb.WriteString("(check-sat)\n")
	return sb.String()
}

func sortName(width int) string {
	if width == 0 {
		return "Bool"
	}
	return fmt.Sprintf("(_ BitVec %d)", width)
}

// symbol quotes a variable name unless it is a simple SMT-LIB symbol.
func symbol(name string) string {
	simple := name != ""
	for i, r := range name {
		ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || strings.ContainsRune("~!@$%^&*_-+=<>.?/", r) || (i > 0 && r >= '0' && r <= '9')
		if !ok {
			simple = false
		}
	}
	if simple {
		return name
	}
	return "|" + strings.ReplaceAll(name, "|", "_") + "|"
}

func writeTerm(sb *strings.Builder, t *Term, names map[node]string) {
	writeNode(sb, node{t: t}, names)
}

// writeBV writes the bit-vector (or bool) view of t, whose operands are
// written by writeNode.
func writeBV(sb *strings.Builder, t *Term, names map[node]string) {
	switch t.Op {
	case OpConst:
		if t.Width == 0 {
			if t.Val == 1 {
				sb.WriteString("true")
			} else {
				sb.WriteString("false")
			}
			return
		}
		fmt.Fprintf(sb, "(_ bv%d %d)", t.Val, t.Width)
		return
	case OpVar:
		sb.WriteString(symbol(t.Name))
		return
	case OpZExt, OpSExt:
		fmt.Fprintf(sb, "((_ %s %d) ", t.Op, t.Width-t.Args[0].Width)
	case OpExtract:
		fmt.Fprintf(sb, "((_ extract %d 0) ", t.Width-1)
	default:
		fmt.Fprintf(sb, "(%s ", t.Op)
	}
	for i, a := range t.Args {
		if i > 0 {
			sb.WriteByte(' ')
		}
		writeTerm(sb, a, names)
	}
	sb.WriteByte(')')
}
