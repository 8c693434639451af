// SMT-LIB2 text of the encoding: declarations, shared definitions, terms.

package indep

import (
	"fmt"
	"strings"

	"leapfrog/internal/expr"
)

// maxInline is the nesting depth beyond which a subterm gets a definition of
// its own even when used once: solvers' parsers recurse on nesting, and the
// ite chains of unrolled loops would otherwise nest thousands deep.
const maxInline = 12

// printer writes terms as SMT-LIB2. Every compound subterm used more than
// once (or nested too deep) is written once as (define-fun t!N () S ...)
// and referred to by name: the text stays linear in the size of the DAG.
// Names carry a '!', which no Go identifier does, so they cannot clash with
// an input variable.
type printer struct {
	sb    *strings.Builder
	named map[*term]string
}

func newPrinter(sb *strings.Builder) *printer {
	return &printer{sb: sb, named: make(map[*term]string)}
}

// define writes the definitions the roots need and that are not written yet.
func (p *printer) define(roots []*term) {
	uses := make(map[*term]int)
	var order []*term
	var count func(t *term)
	count = func(t *term) {
		if _, ok := p.named[t]; ok || len(t.args) == 0 {
			return
		}
		uses[t]++
		if uses[t] > 1 {
			return
		}
		for _, a := range t.args {
			count(a)
		}
		order = append(order, t) // post-order: operands first
	}
	for _, r := range roots {
		count(r)
	}
	height := make(map[*term]int)
	for _, t := range order {
		h := 0
		for _, a := range t.args {
			if _, ok := p.named[a]; !ok && height[a] > h {
				h = height[a]
			}
		}
		height[t] = h + 1
		if uses[t] > 1 || height[t] > maxInline {
			var def strings.Builder
			p.write(&def, t)
			name := fmt.Sprintf("t!%d", t.id)
			fmt.Fprintf(p.sb, "(define-fun %s () %s %s)\n", name, sortOf(t.w), def.String())
			p.named[t] = name
		}
	}
}

// term returns the text of t (after define for it).
func (p *printer) term(t *term) string {
	var sb strings.Builder
	p.write(&sb, t)
	return sb.String()
}

func (p *printer) write(sb *strings.Builder, t *term) {
	if n, ok := p.named[t]; ok {
		sb.WriteString(n)
		return
	}
	switch t.op {
	case expr.OpConst:
		switch {
		case t.w == 0 && t.val == 1:
			sb.WriteString("true")
		case t.w == 0:
			sb.WriteString("false")
		default:
			fmt.Fprintf(sb, "(_ bv%d %d)", t.val, t.w)
		}
		return
	case expr.OpVar:
		sb.WriteString(symbol(t.name))
		return
	case expr.OpZExt, expr.OpSExt:
		fmt.Fprintf(sb, "((_ %s %d) ", t.op, t.w-t.args[0].w)
	case expr.OpExtract:
		fmt.Fprintf(sb, "((_ extract %d 0) ", t.w-1)
	default:
		fmt.Fprintf(sb, "(%s ", t.op)
	}
	for i, a := range t.args {
		if i > 0 {
			sb.WriteByte(' ')
		}
		p.write(sb, a)
	}
	sb.WriteByte(')')
}

func sortOf(w int) string {
	if w == 0 {
		return "Bool"
	}
	return fmt.Sprintf("(_ BitVec %d)", w)
}

// symbol writes an input's name as an SMT-LIB symbol, quoted with |...|
// unless it is a simple symbol (a[2] needs quotes, s.f does not).
func symbol(name string) string {
	simple := name != ""
	for i, r := range name {
		ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '_' || r == '.' && i > 0 || i > 0 && r >= '0' && r <= '9'
		if !ok {
			simple = false
		}
	}
	if simple {
		return name
	}
	return "|" + strings.NewReplacer("|", "_", `\`, "_").Replace(name) + "|"
}

// unsymbol is the inverse of symbol on what a solver prints.
func unsymbol(s string) string {
	if len(s) >= 2 && s[0] == '|' && s[len(s)-1] == '|' {
		return s[1 : len(s)-1]
	}
	return s
}
