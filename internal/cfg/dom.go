// Dominator trees (Cooper–Harvey–Kennedy).

package cfg

import (
	"fmt"
	"strings"

	"leapfrog/internal/ir"
)

// Tree is the dominator tree of a function, rooted at its entry block.
type Tree struct {
	f        *ir.Function
	idom     []int // immediate dominator; -1 for the entry and for blocks outside the tree
	children [][]int
	pre, end []int // DFS interval of each node in the tree
	in       []bool
}

// Dominators computes the dominator tree of f. Blocks unreachable from the
// entry are outside the tree (ir.Check rejects them anyway).
func Dominators(f *ir.Function) *Tree {
	n := len(f.Blocks)
	succ := func(x int) []int { return indices(f.Blocks[x].Succs) }
	pred := func(x int) []int { return indices(f.Blocks[x].Preds) }
	return build(f, n, succ, pred)
}

func indices(bs []*ir.Block) []int {
	out := make([]int, len(bs))
	for i, b := range bs {
		out[i] = b.Index
	}
	return out
}

// build computes the tree of the n nodes reachable from node 0 along succ
// (pred giving the reverse edges).
func build(f *ir.Function, n int, succ, pred func(int) []int) *Tree {
	const root = 0
	t := &Tree{f: f, idom: make([]int, n), children: make([][]int, n),
		pre: make([]int, n), end: make([]int, n), in: make([]bool, n)}
	// Postorder of the nodes reachable from the root (iterative DFS).
	po := make([]int, n)
	for i := range po {
		po[i] = -1
	}
	var order []int
	type frame struct{ x, i int }
	seen := make([]bool, n)
	stack := []frame{{root, 0}}
	seen[root] = true
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		ss := succ(top.x)
		if top.i < len(ss) {
			s := ss[top.i]
			top.i++
			if !seen[s] {
				seen[s] = true
				stack = append(stack, frame{s, 0})
			}
			continue
		}
		po[top.x] = len(order)
		order = append(order, top.x)
		stack = stack[:len(stack)-1]
	}
	for i := range t.idom {
		t.idom[i] = -1
	}
	t.idom[root] = root
	for changed := true; changed; {
		changed = false
		for i := len(order) - 2; i >= 0; i-- {
			x := order[i]
			nd := -1
			for _, p := range pred(x) {
				if po[p] < 0 || t.idom[p] < 0 {
					continue
				}
				if nd < 0 {
					nd = p
					continue
				}
				a, b := nd, p
				for a != b {
					for po[a] < po[b] {
						a = t.idom[a]
					}
					for po[b] < po[a] {
						b = t.idom[b]
					}
				}
				nd = a
			}
			if t.idom[x] != nd {
				t.idom[x] = nd
				changed = true
			}
		}
	}
	t.idom[root] = -1
	for _, x := range order {
		t.in[x] = true
		if x != root {
			t.children[t.idom[x]] = append(t.children[t.idom[x]], x)
		}
	}
	for x := range t.children {
		sortInts(t.children[x])
	}
	// DFS intervals.
	clock := 0
	var walk func(x int)
	walk = func(x int) {
		t.pre[x] = clock
		clock++
		for _, c := range t.children[x] {
			walk(c)
		}
		t.end[x] = clock
	}
	walk(root)
	return t
}

func sortInts(s []int) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// InTree reports whether b is in the tree (reachable from the entry).
func (t *Tree) InTree(b *ir.Block) bool { return t.in[b.Index] }

// Dominates reports whether a dominates b. Every block dominates itself.
func (t *Tree) Dominates(a, b *ir.Block) bool {
	if a == b {
		return true
	}
	if a.Func != t.f || b.Func != t.f || !t.in[a.Index] || !t.in[b.Index] {
		return false
	}
	return t.pre[a.Index] <= t.pre[b.Index] && t.end[b.Index] <= t.end[a.Index]
}

// String dumps the tree, one "bN: idom" line per block ("-" for the entry,
// "?" outside the tree).
func (t *Tree) String() string {
	var sb strings.Builder
	for _, b := range t.f.Blocks {
		d := t.idom[b.Index]
		s := "-"
		switch {
		case !t.in[b.Index]:
			s = "?"
		case d >= 0:
			s = ir.BlockLabel(t.f.Blocks[d])
		}
		fmt.Fprintf(&sb, "%s: %s\n", ir.BlockLabel(b), s)
	}
	return sb.String()
}
