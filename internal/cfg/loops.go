// Natural loops: back edges, loop bodies, nesting, numbering in source order.

package cfg

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"leapfrog/internal/ir"
)

// Edge is a control-flow edge.
type Edge struct{ From, To *ir.Block }

func (e Edge) String() string { return ir.BlockLabel(e.From) + "->" + ir.BlockLabel(e.To) }

// Loop is a natural loop: the union of the natural loops of the back edges
// that share a header.
type Loop struct {
	Number    int         // 1, 2, ... in source order of the headers within the function
	Header    *ir.Block   // dominates every block of the loop
	Blocks    []*ir.Block // the loop body including the header, by index
	BackEdges []Edge      // edges Latch->Header whose target dominates the source, by source index
	Exits     []Edge      // edges from a block of the loop to a block outside, in block order
	Parent    *Loop       // the innermost enclosing loop, or nil
	Depth     int         // 1 for an outermost loop
	in        map[*ir.Block]bool
}

// Contains reports whether b belongs to the loop (or to a loop nested in it).
func (l *Loop) Contains(b *ir.Block) bool { return l.in[b] }

// Loops returns the natural loops of f ordered by Number. A back edge is an
// edge whose target dominates its source; the retreating edges of an
// irreducible region are not back edges and form no loop (the region's
// blocks belong to no loop unless an enclosing natural loop contains them).
// Loops are numbered in source order of their headers: by the position of
// the header's If (or, for a header ending in a Jump, of the first If of
// the loop in source order), loops without a positioned If last, ties broken
// by header index.
func Loops(f *ir.Function) []*Loop {
	return cacheFor(f).loops()
}

func computeLoops(f *ir.Function, dom *Tree) []*Loop {
	byHeader := map[*ir.Block]*Loop{}
	var loops []*Loop
	for _, b := range f.Blocks {
		for _, s := range b.Succs {
			if dom.InTree(b) && dom.Dominates(s, b) {
				l := byHeader[s]
				if l == nil {
					l = &Loop{Header: s, in: map[*ir.Block]bool{s: true}}
					byHeader[s] = l
					loops = append(loops, l)
				}
				l.BackEdges = append(l.BackEdges, Edge{b, s})
				// Blocks reaching the latch without going through the header.
				stack := []*ir.Block{b}
				for len(stack) > 0 {
					x := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					if l.in[x] {
						continue
					}
					l.in[x] = true
					for _, p := range x.Preds {
						if dom.InTree(p) {
							stack = append(stack, p)
						}
					}
				}
			}
		}
	}
	for _, l := range loops {
		for _, b := range f.Blocks {
			if l.in[b] {
				l.Blocks = append(l.Blocks, b)
				for _, s := range b.Succs {
					if !l.in[s] {
						l.Exits = append(l.Exits, Edge{b, s})
					}
				}
			}
		}
		slices.SortStableFunc(l.BackEdges, func(a, b Edge) int { return a.From.Index - b.From.Index })
	}
	// Nesting: the parent is the smallest other loop containing the header.
	for _, l := range loops {
		for _, o := range loops {
			if o != l && o.in[l.Header] && len(o.Blocks) >= len(l.Blocks) && (l.Parent == nil || len(o.Blocks) < len(l.Parent.Blocks)) {
				l.Parent = o
			}
		}
	}
	for _, l := range loops {
		for o := l; o != nil; o = o.Parent {
			l.Depth++
		}
	}
	key := func(l *Loop) (ir.Pos, bool) {
		if in, ok := l.Header.Terminator().(*ir.If); ok && in.Pos.IsValid() {
			return in.Pos, true
		}
		var best ir.Pos
		found := false
		for _, b := range l.Blocks {
			if in, ok := b.Terminator().(*ir.If); ok && in.Pos.IsValid() && (!found || comparePos(in.Pos, best) < 0) {
				best, found = in.Pos, true
			}
		}
		return best, found
	}
	slices.SortStableFunc(loops, func(a, b *Loop) int {
		pa, oka := key(a)
		pb, okb := key(b)
		switch {
		case oka && !okb:
			return -1
		case !oka && okb:
			return 1
		case oka && okb:
			if c := comparePos(pa, pb); c != 0 {
				return c
			}
		}
		return a.Header.Index - b.Header.Index
	})
	for i, l := range loops {
		l.Number = i + 1
	}
	return loops
}

func comparePos(a, b ir.Pos) int {
	return cmp.Or(strings.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col))
}

// InnermostLoop returns the innermost loop of f containing b, or nil.
func InnermostLoop(b *ir.Block) *Loop {
	var best *Loop
	for _, l := range Loops(b.Func) {
		if l.in[b] && (best == nil || l.Depth > best.Depth) {
			best = l
		}
	}
	return best
}

// String dumps the loop on one line.
func (l *Loop) String() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "loop %d: header %s depth %d", l.Number, ir.BlockLabel(l.Header), l.Depth)
	if l.Parent != nil {
		fmt.Fprintf(&sb, " parent %d", l.Parent.Number)
	}
	sb.WriteString(" blocks")
	for _, b := range l.Blocks {
		sb.WriteString(" " + ir.BlockLabel(b))
	}
	sb.WriteString(" back")
	for _, e := range l.BackEdges {
		sb.WriteString(" " + e.String())
	}
	sb.WriteString(" exits")
	for _, e := range l.Exits {
		sb.WriteString(" " + e.String())
	}
	return sb.String()
}
