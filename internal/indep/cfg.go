// Control-flow structure of one function: dominators, natural loops, regions in topological order.

package indep

import (
	"fmt"
	"sort"

	"leapfrog/internal/ir"
)

// loop is a natural loop: the union of the natural loops of the back edges
// into one header.
type loop struct {
	num      int // 1, 2, ... by the source position of the header's If (else the loop's first If)
	header   *ir.Block
	blocks   map[*ir.Block]bool
	parent   *loop
	children []*loop // in header index order
	pos      ir.Pos
	region   []node // the loop's body in topological order (back edges removed, inner loops collapsed)
}

// node is an element of a region: a block, or an inner loop collapsed.
type node struct {
	b *ir.Block
	l *loop
}

// fnInfo is the structure of one function, computed once.
type fnInfo struct {
	fn     *ir.Function
	idom   []int     // immediate dominator by block index (entry: itself)
	pre    []int     // dominator-tree preorder number, and ...
	post   []int     // ... the largest preorder number in the subtree
	chain  [][]*loop // per block: the loops containing it, outermost first
	loops  []*loop   // by number
	region []node    // the function's body in topological order
	err    string    // why the function cannot be encoded ("" if it can)
	byHdr  map[*ir.Block]*loop
	preds  [][]*ir.Block
	order  []*ir.Block // reverse postorder from the entry
	rpoNum []int
}

// analyze computes dominators, checks reducibility, finds the loops and
// orders the regions.
func analyze(fn *ir.Function) *fnInfo {
	fi := &fnInfo{fn: fn, byHdr: map[*ir.Block]*loop{}}
	n := len(fn.Blocks)
	if n == 0 {
		fi.err = fmt.Sprintf("function %s without blocks", fn.Name)
		return fi
	}
	// Reverse postorder, iteratively.
	seen := make([]bool, n)
	var post []*ir.Block
	type frame struct {
		b *ir.Block
		i int
	}
	stack := []frame{{fn.Blocks[0], 0}}
	seen[0] = true
	onStack := make([]bool, n)
	onStack[0] = true
	var retreating [][2]*ir.Block
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.i < len(top.b.Succs) {
			s := top.b.Succs[top.i]
			top.i++
			if onStack[s.Index] {
				retreating = append(retreating, [2]*ir.Block{top.b, s})
			}
			if !seen[s.Index] {
				seen[s.Index] = true
				onStack[s.Index] = true
				stack = append(stack, frame{s, 0})
			}
			continue
		}
		onStack[top.b.Index] = false
		post = append(post, top.b)
		stack = stack[:len(stack)-1]
	}
	for i, ok := range seen {
		if !ok {
			fi.err = fmt.Sprintf("block b%d of %s unreachable in its control-flow graph", i, fn.Name)
			return fi
		}
	}
	fi.rpoNum = make([]int, n)
	for i := range post {
		b := post[len(post)-1-i]
		fi.order = append(fi.order, b)
		fi.rpoNum[b.Index] = i
	}
	fi.dominators()
	for _, e := range retreating {
		if !fi.dominates(e[1], e[0]) {
			fi.err = fmt.Sprintf("irreducible control flow in %s (edge b%d->b%d)", fn.Name, e[0].Index, e[1].Index)
			return fi
		}
	}
	fi.findLoops(retreating)
	fi.region = fi.topo(nil)
	for _, l := range fi.loops {
		l.region = fi.topo(l)
	}
	return fi
}

// dominators: the iterative algorithm of Cooper, Harvey and Kennedy.
func (fi *fnInfo) dominators() {
	n := len(fi.fn.Blocks)
	fi.idom = make([]int, n)
	for i := range fi.idom {
		fi.idom[i] = -1
	}
	fi.idom[0] = 0
	intersect := func(a, b int) int {
		for a != b {
			for fi.rpoNum[a] > fi.rpoNum[b] {
				a = fi.idom[a]
			}
			for fi.rpoNum[b] > fi.rpoNum[a] {
				b = fi.idom[b]
			}
		}
		return a
	}
	for changed := true; changed; {
		changed = false
		for _, b := range fi.order[1:] {
			nd := -1
			for _, p := range b.Preds {
				if fi.idom[p.Index] < 0 {
					continue
				}
				if nd < 0 {
					nd = p.Index
				} else {
					nd = intersect(p.Index, nd)
				}
			}
			if nd != fi.idom[b.Index] {
				fi.idom[b.Index] = nd
				changed = true
			}
		}
	}
	// Preorder numbering of the dominator tree for O(1) dominance queries.
	kids := make([][]int, n)
	for _, b := range fi.order[1:] {
		kids[fi.idom[b.Index]] = append(kids[fi.idom[b.Index]], b.Index)
	}
	fi.pre, fi.post = make([]int, n), make([]int, n)
	k := 0
	var walk func(i int)
	walk = func(i int) {
		fi.pre[i] = k
		k++
		for _, c := range kids[i] {
			walk(c)
		}
		fi.post[i] = k - 1
	}
	walk(0)
}

// dominates reports whether a dominates b (every block dominates itself).
func (fi *fnInfo) dominates(a, b *ir.Block) bool {
	return fi.pre[a.Index] <= fi.pre[b.Index] && fi.pre[b.Index] <= fi.post[a.Index]
}

// findLoops builds the natural loops of the back edges (every retreating
// edge is one: the graph is reducible), their nesting and their numbers.
func (fi *fnInfo) findLoops(back [][2]*ir.Block) {
	var loops []*loop
	for _, e := range back {
		latch, h := e[0], e[1]
		l := fi.byHdr[h]
		if l == nil {
			l = &loop{header: h, blocks: map[*ir.Block]bool{h: true}}
			fi.byHdr[h] = l
			loops = append(loops, l)
		}
		stack := []*ir.Block{latch}
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if l.blocks[x] {
				continue
			}
			l.blocks[x] = true
			stack = append(stack, x.Preds...)
		}
	}
	sort.Slice(loops, func(i, j int) bool { return loops[i].header.Index < loops[j].header.Index })
	// Parent: the smallest other loop containing the header (loops of a
	// reducible graph nest or are disjoint).
	for _, l := range loops {
		for _, o := range loops {
			if o != l && o.blocks[l.header] && (l.parent == nil || len(o.blocks) < len(l.parent.blocks)) {
				l.parent = o
			}
		}
		if l.parent != nil {
			l.parent.children = append(l.parent.children, l)
		}
	}
	// Numbers in source order of the header's If, else of the loop's first If.
	for _, l := range loops {
		if t, ok := l.header.Terminator().(*ir.If); ok && t.Pos.IsValid() {
			l.pos = t.Pos
			continue
		}
		for _, b := range fi.fn.Blocks {
			if t, ok := b.Terminator().(*ir.If); ok && l.blocks[b] && t.Pos.IsValid() && (!l.pos.IsValid() || posLess(t.Pos, l.pos)) {
				l.pos = t.Pos
			}
		}
	}
	sorted := append([]*loop(nil), loops...)
	sort.SliceStable(sorted, func(i, j int) bool {
		a, b := sorted[i].pos, sorted[j].pos
		if a.IsValid() != b.IsValid() {
			return a.IsValid()
		}
		if a.IsValid() && a != b {
			return posLess(a, b)
		}
		return sorted[i].header.Index < sorted[j].header.Index
	})
	for i, l := range sorted {
		l.num = i + 1
	}
	fi.loops = sorted
	fi.chain = make([][]*loop, len(fi.fn.Blocks))
	for _, b := range fi.fn.Blocks {
		var c []*loop
		for l := fi.innermost(b); l != nil; l = l.parent {
			c = append([]*loop{l}, c...)
		}
		fi.chain[b.Index] = c
	}
}

func posLess(a, b ir.Pos) bool {
	if a.File != b.File {
		return a.File < b.File
	}
	if a.Line != b.Line {
		return a.Line < b.Line
	}
	return a.Col < b.Col
}

// innermost returns the innermost loop containing b, or nil.
func (fi *fnInfo) innermost(b *ir.Block) *loop {
	var best *loop
	for _, l := range fi.loops {
		if l.blocks[b] && (best == nil || len(l.blocks) < len(best.blocks)) {
			best = l
		}
	}
	return best
}

// nodeOf returns the node standing for b in the region of loop r (nil: the
// function), and whether b belongs to that region at all.
func (fi *fnInfo) nodeOf(r *loop, b *ir.Block) (node, bool) {
	c := fi.chain[b.Index]
	depth := 0
	if r != nil {
		for depth < len(c) && c[depth] != r {
			depth++
		}
		if depth == len(c) {
			return node{}, false
		}
		depth++
	}
	if depth == len(c) {
		return node{b: b}, true
	}
	return node{l: c[depth]}, true
}

// topo orders the region of loop r (nil: the function): its blocks outside
// inner loops and its inner loops collapsed, by reverse postorder of the
// graph without r's back edges. The graph being reducible, that is a
// topological order.
func (fi *fnInfo) topo(r *loop) []node {
	entry := fi.fn.Blocks[0]
	if r != nil {
		entry = r.header
	}
	start, _ := fi.nodeOf(r, entry)
	visited := map[node]bool{}
	var post []node
	var visit func(x node)
	visit = func(x node) {
		visited[x] = true
		var blocks []*ir.Block
		if x.b != nil {
			blocks = []*ir.Block{x.b}
		} else {
			for _, b := range fi.fn.Blocks {
				if x.l.blocks[b] {
					blocks = append(blocks, b)
				}
			}
		}
		for _, b := range blocks {
			for _, s := range b.Succs {
				if r != nil && s == r.header {
					continue // r's back edge
				}
				y, ok := fi.nodeOf(r, s)
				if !ok || y == x || visited[y] {
					continue
				}
				visit(y)
			}
		}
		post = append(post, x)
	}
	visit(start)
	out := make([]node, len(post))
	for i, x := range post {
		out[len(post)-1-i] = x
	}
	return out
}
