// Interprocedural control-flow reachability, used to decide which unfinished parts of the tree could still reach an objective.

package search

import "leapfrog/internal/ir"

// reachability answers "may control go from this block to that block" over the
// function and its callees, context-insensitively: a block with a call reaches
// the callee's entry, and a callee's returning blocks reach the successors of
// every block that calls it. This over-approximates, which is the sound side: a
// part of the tree that may reach an objective keeps it from being unreachable.
type reachability struct {
	succ map[*ir.Block][]*ir.Block
	memo map[*ir.Block]map[*ir.Block]bool
}

// A precondition (assume, nil when none) runs before fn: its returns reach
// fn's entry, so that its unexplored sides may reach every objective.
func newReachability(fn, assume *ir.Function) *reachability {
	r := &reachability{succ: map[*ir.Block][]*ir.Block{}, memo: map[*ir.Block]map[*ir.Block]bool{}}
	callers := map[*ir.Function][]*ir.Block{}
	funcs := Callees(fn)
	if assume != nil {
		pre := Callees(assume)
		funcs = append(funcs, pre...)
		for _, f := range pre {
			if f == assume {
				for _, b := range f.Blocks {
					if _, ok := b.Terminator().(*ir.Return); ok {
						r.succ[b] = append(r.succ[b], fn.Blocks[0])
					}
				}
			}
		}
	}
	for _, f := range funcs {
		for _, b := range f.Blocks {
			r.succ[b] = append(r.succ[b], b.Succs...)
			for _, in := range b.Instrs {
				if c, ok := in.(*ir.Call); ok && len(c.Callee.Blocks) > 0 {
					r.succ[b] = append(r.succ[b], c.Callee.Blocks[0])
					callers[c.Callee] = append(callers[c.Callee], b)
				}
			}
		}
	}
	for _, f := range funcs {
		for _, b := range f.Blocks {
			if _, ok := b.Terminator().(*ir.Return); ok {
				for _, cb := range callers[f] {
					r.succ[b] = append(r.succ[b], cb.Succs...)
					// The rest of the calling block (after the call) may hold a
					// further call; its callees are reached from cb already.
					r.succ[b] = append(r.succ[b], cb)
				}
			}
		}
	}
	return r
}

// from returns the set of blocks reachable from b (b included).
func (r *reachability) from(b *ir.Block) map[*ir.Block]bool {
	if m, ok := r.memo[b]; ok {
		return m
	}
	m := map[*ir.Block]bool{}
	work := []*ir.Block{b}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if m[x] {
			continue
		}
		m[x] = true
		work = append(work, r.succ[x]...)
	}
	r.memo[b] = m
	return m
}

// sideReaches reports whether taking side dir of branch b may lead to the
// objective o (o being that very side included).
func (r *reachability) sideReaches(b *ir.If, dir bool, o *Objective) bool {
	if o.If == b && o.Dir == dir {
		return true
	}
	if o.Entry {
		return false // reached before any branch: a side cannot lead to it
	}
	succ := b.Block().Succs[1]
	if dir {
		succ = b.Block().Succs[0]
	}
	var target *ir.Block
	if o.If != nil {
		target = o.If.Block()
	} else {
		target = o.Panic.Block()
	}
	return r.from(succ)[target]
}
