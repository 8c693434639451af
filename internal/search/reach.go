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
	funcs := ir.Callees(fn)
	if assume != nil {
		pre := ir.Callees(assume)
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
	ts := ir.NewTargets(fn.Prog)
	for _, f := range funcs {
		for _, b := range f.Blocks {
			r.succ[b] = append(r.succ[b], b.Succs...)
			for _, in := range b.Instrs {
				for _, g := range ts.Of(in) { // calls, interface and function value calls, deferred calls run
					if len(g.Blocks) > 0 {
						r.succ[b] = append(r.succ[b], g.Blocks[0])
						callers[g] = append(callers[g], b)
					}
				}
			}
		}
	}
	r.panicEdges(funcs, ts, callers)
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
		// Covered by any run that completes: while none has (the runs
		// so far aborted, at a header view over an empty string, a
		// deadlock, ...), every side may lead to it.
		return true
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

// panicEdges adds what a panic may lead to: a panic runs the deferred
// calls (any of the program's, context-insensitively), one deferred call
// the next, and a deferred call that recovers makes the function that
// deferred it return to its callers.
func (r *reachability) panicEdges(funcs []*ir.Function, ts *ir.Targets, callers map[*ir.Function][]*ir.Block) {
	deferred := ts.AllDeferred()
	if len(deferred) == 0 {
		return
	}
	var entries, resume []*ir.Block
	for _, g := range deferred {
		if len(g.Blocks) > 0 {
			entries = append(entries, g.Blocks[0])
		}
	}
	for _, f := range funcs {
		if f.RecoverResults == nil {
			continue
		}
		for _, cb := range callers[f] {
			resume = append(resume, cb)
			resume = append(resume, cb.Succs...)
		}
	}
	isDeferred := map[*ir.Function]bool{}
	for _, g := range deferred {
		isDeferred[g] = true
	}
	for _, f := range funcs {
		for _, b := range f.Blocks {
			switch b.Terminator().(type) {
			case *ir.Panic:
				r.succ[b] = append(r.succ[b], entries...)
			case *ir.Return:
				if isDeferred[f] {
					r.succ[b] = append(r.succ[b], entries...)
					r.succ[b] = append(r.succ[b], resume...)
				}
			}
		}
	}
}
