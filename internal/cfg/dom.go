// Dominator and post-dominator trees (Cooper–Harvey–Kennedy).

package cfg

import (
	"fmt"
	"strings"

	"leapfrog/internal/ir"
)

// Tree is a dominator tree, or a post-dominator tree rooted at a virtual
// exit node that joins every Return and Panic block.
type Tree struct {
	f        *ir.Function
	post     bool
	root     int   // 0 (entry) or len(Blocks) (virtual exit)
	idom     []int // immediate (post-)dominator; -1 for the root and for nodes outside the tree
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
	return build(f, false, n, 0, succ, pred)
}

// PostDominators computes the post-dominator tree of f over a virtual exit
// joining the Return and Panic blocks. Blocks from which no Return or Panic
// can be reached (infinite loops) are outside the tree: they post-dominate
// nothing but themselves and nothing but themselves post-dominates them,
// which is the safe answer for the clients (a post-dominance claimed is a
// fact "every terminating path from b passes a").
func PostDominators(f *ir.Function) *Tree {
	n := len(f.Blocks)
	exit := n
	var exits []int
	for _, b := range f.Blocks {
		switch b.Terminator().(type) {
		case *ir.Return, *ir.Panic:
			exits = append(exits, b.Index)
		}
	}
	// Edges of the reverse graph.
	succ := func(x int) []int {
		if x == exit {
			return exits
		}
		return indices(f.Blocks[x].Preds)
	}
	pred := func(x int) []int {
		if x == exit {
			return nil
		}
		ps := indices(f.Blocks[x].Succs)
		switch f.Blocks[x].Terminator().(type) {
		case *ir.Return, *ir.Panic:
			ps = append(ps, exit)
		}
		return ps
	}
	return build(f, true, n+1, exit, succ, pred)
}

func indices(bs []*ir.Block) []int {
	out := make([]int, len(bs))
	for i, b := range bs {
		out[i] = b.Index
	}
	return out
}

func build(f *ir.Function, post bool, n, root int, succ, pred func(int) []int) *Tree {
	t := &Tree{f: f, post: post, root: root, idom: make([]int, n), children: make([][]int, n),
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

func (t *Tree) block(x int) *ir.Block {
	if x < 0 || x >= len(t.f.Blocks) {
		return nil
	}
	return t.f.Blocks[x]
}

// Idom returns the immediate dominator (post-dominator) of b; nil for the
// entry block (for a block whose immediate post-dominator is the virtual
// exit) and for blocks outside the tree.
func (t *Tree) Idom(b *ir.Block) *ir.Block {
	return t.block(t.idom[b.Index])
}

// Children returns the blocks b immediately dominates (post-dominates), by index.
func (t *Tree) Children(b *ir.Block) []*ir.Block {
	var out []*ir.Block
	for _, c := range t.children[b.Index] {
		out = append(out, t.f.Blocks[c])
	}
	return out
}

// Roots returns the children of the root of a post-dominator tree (the
// blocks immediately post-dominated by the virtual exit), or the entry
// block for a dominator tree.
func (t *Tree) Roots() []*ir.Block {
	if !t.post {
		return []*ir.Block{t.f.Blocks[0]}
	}
	var out []*ir.Block
	for _, c := range t.children[t.root] {
		out = append(out, t.f.Blocks[c])
	}
	return out
}

// InTree reports whether b is in the tree (reachable from the entry; for a
// post-dominator tree, able to reach a Return or Panic).
func (t *Tree) InTree(b *ir.Block) bool { return t.in[b.Index] }

// Dominates reports whether a dominates (post-dominates) b. Every block
// dominates itself.
func (t *Tree) Dominates(a, b *ir.Block) bool {
	if a == b {
		return true
	}
	if a.Func != t.f || b.Func != t.f || !t.in[a.Index] || !t.in[b.Index] {
		return false
	}
	return t.pre[a.Index] <= t.pre[b.Index] && t.end[b.Index] <= t.end[a.Index]
}

// String dumps the tree, one "bN: idom" line per block ("-" for none, "exit"
// for the virtual exit, "?" outside the tree).
func (t *Tree) String() string {
	var sb strings.Builder
	for _, b := range t.f.Blocks {
		d := t.idom[b.Index]
		s := "-"
		switch {
		case !t.in[b.Index]:
			s = "?"
		case d == len(t.f.Blocks):
			s = "exit"
		case d >= 0:
			s = ir.BlockLabel(t.f.Blocks[d])
		}
		fmt.Fprintf(&sb, "%s: %s\n", ir.BlockLabel(b), s)
	}
	return sb.String()
}
