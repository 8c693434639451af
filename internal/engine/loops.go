// Loop structure used to count iterations for the k-bound.

package engine

import (
	"sort"

	"leapfrog/internal/ir"
)

type edge struct{ from, to *ir.Block }

// loopInfo holds the natural loops of a function: back edges (found by depth-first
// search, which for Go's reducible control flow are exactly the edges whose target
// dominates their source), headers numbered in source order, and loop bodies.
type loopInfo struct {
	back    map[edge]bool
	headers map[*ir.Block]bool
	body    map[*ir.Block]map[*ir.Block]bool // header → blocks of its loop
	number  map[*ir.Block]int
	pos     map[*ir.Block]string
	order   []*ir.Block // headers in source order
}

func (e *Engine) loopInfo(fn *ir.Function) *loopInfo {
	if li, ok := e.loops[fn]; ok {
		return li
	}
	li := &loopInfo{back: map[edge]bool{}, headers: map[*ir.Block]bool{}, body: map[*ir.Block]map[*ir.Block]bool{}, number: map[*ir.Block]int{}, pos: map[*ir.Block]string{}}
	state := make(map[*ir.Block]int) // 1 on stack, 2 done
	var dfs func(b *ir.Block)
	dfs = func(b *ir.Block) {
		state[b] = 1
		for _, s := range b.Succs {
			switch state[s] {
			case 0:
				dfs(s)
			case 1:
				li.back[edge{b, s}] = true
				li.headers[s] = true
			}
		}
		state[b] = 2
	}
	if len(fn.Blocks) > 0 {
		dfs(fn.Blocks[0])
	}
	for ed := range li.back {
		h := ed.to
		if li.body[h] == nil {
			li.body[h] = map[*ir.Block]bool{h: true}
		}
		work := []*ir.Block{ed.from}
		for len(work) > 0 {
			b := work[len(work)-1]
			work = work[:len(work)-1]
			if li.body[h][b] {
				continue
			}
			li.body[h][b] = true
			work = append(work, b.Preds...)
		}
	}
	var hs []*ir.Block
	for h := range li.headers {
		hs = append(hs, h)
	}
	sort.Slice(hs, func(i, j int) bool {
		pi, pj := headerPos(hs[i]), headerPos(hs[j])
		if pi.Line != pj.Line {
			return pi.Line < pj.Line
		}
		if pi.Col != pj.Col {
			return pi.Col < pj.Col
		}
		return hs[i].Index < hs[j].Index
	})
	li.order = hs
	for i, h := range hs {
		li.number[h] = i + 1
		li.pos[h] = headerPos(h).String()
	}
	e.loops[fn] = li
	return li
}

// headerPos is the position of the loop's condition (the header's If), if any.
func headerPos(h *ir.Block) ir.Pos {
	if t, ok := h.Terminator().(*ir.If); ok {
		return t.Pos
	}
	return ir.Pos{}
}

// exceeded returns the first loop (in source order) containing b whose current
// iteration count has reached k, or nil.
func (li *loopInfo) exceeded(fr *frame, b *ir.Block, k int) *ir.Block {
	for _, h := range li.order {
		if li.body[h][b] && fr.iters[h] >= k {
			return h
		}
	}
	return nil
}
