// SMT-LIB2 rendering of terms and of whole queries.

package expr

import (
	"fmt"
	"strings"
)

// SMT2 renders a complete SMT-LIB2 script asserting the terms: declarations of
// their variables (sorted), a define-fun for every compound subterm used more than
// once, the assertions, and (check-sat). Deterministic for given terms.
func SMT2(assertions []*Term) string {
	return render(assertions, func(sb *strings.Builder, names map[*Term]string) {
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
	return render(all, func(sb *strings.Builder, names map[*Term]string) {
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

func render(assertions []*Term, body func(*strings.Builder, map[*Term]string)) string {
	var sb strings.Builder
	sb.WriteString("(set-logic QF_BV)\n")
	for _, v := range Vars(assertions...) {
		fmt.Fprintf(&sb, "(declare-fun %s () %s)\n", symbol(v.Name), sortName(v.Width))
	}
	// Count uses to find shared compound subterms.
	uses := make(map[*Term]int)
	var order []*Term
	var count func(t *Term)
	count = func(t *Term) {
		uses[t]++
		if uses[t] > 1 {
			return
		}
		for _, a := range t.Args {
			count(a)
		}
		order = append(order, t) // post-order: definitions before uses
	}
	for _, a := range assertions {
		count(a)
	}
	names := make(map[*Term]string)
	for _, t := range order {
		if uses[t] > 1 && len(t.Args) > 0 {
			var def strings.Builder
			writeTerm(&def, t, names)
			name := fmt.Sprintf("t%d", t.ID)
			fmt.Fprintf(&sb, "(define-fun %s () %s %s)\n", name, sortName(t.Width), def.String())
			names[t] = name
		}
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

func writeTerm(sb *strings.Builder, t *Term, names map[*Term]string) {
	if n, ok := names[t]; ok {
		sb.WriteString(n)
		return
	}
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
