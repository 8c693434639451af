// Path merging, static part: which loop-free regions (and callee bodies) can be executed as one merged summary.

package engine

import (
	"leapfrog/internal/cfg"
	"leapfrog/internal/ir"
)

// Merger enables path merging (the pm strategy): a run reaching the entry of a
// mergeable region executes the whole region symbolically under guards and
// continues concretely from its exit (see merge.go). A nil Merger (the default)
// disables merging.
type Merger struct {
	// Bound is the largest summary (distinct term nodes of the obligations and
	// of the values merged at the exit) kept; a larger one is undone and the
	// region is executed branch by branch, as without merging.
	Bound int

	regions map[*ir.Block]*region
	bodies  map[*ir.Function]*region
	busy    map[*ir.Function]bool
	exits   map[*ir.Function]*exitChains // acyclic functions (regionAt's fast path)
	// summarised reports whether a call of a function is summarised
	// (summaries.go): one term, inlinable whatever its body. The engine
	// sets it on first use (nil: none is).
	summarised func(*ir.Function) bool
}

// NewMerger returns a merger keeping summaries of at most bound term nodes.
func NewMerger(bound int) *Merger {
	return &Merger{Bound: bound, regions: map[*ir.Block]*region{}, bodies: map[*ir.Function]*region{}, busy: map[*ir.Function]bool{}, exits: map[*ir.Function]*exitChains{}}
}

// region is a single-entry, loop-free set of blocks: entry first, in a
// topological order. For a block region, every edge leaving it goes to exit
// (or to the panic block of a run-time check, which a merge requires to be
// unreachable); for a callee body, exit is nil and the region ends at Returns.
type region struct {
	entry *ir.Block
	exit  *ir.Block
	order []*ir.Block
	in    map[*ir.Block]bool
}

const maxRegionBlocks = 200

// checkPanic reports whether block z is the panic side of a run-time check.
func checkPanic(z *ir.Block) bool {
	if _, ok := z.Terminator().(*ir.Panic); !ok || len(z.Preds) == 0 {
		return false
	}
	for _, p := range z.Preds {
		t, ok := p.Terminator().(*ir.If)
		if !ok || t.Kind == ir.SourceBranch || t.Kind == ir.InternalBranch || p.Succs[1] != z || p.Succs[0] == z {
			return false
		}
	}
	return true
}

// regionAt returns the smallest mergeable region entered at b, or nil.
func (mg *Merger) regionAt(b *ir.Block, li *loopInfo) *region {
	if r, ok := mg.regions[b]; ok {
		return r
	}
	mg.regions[b] = nil
	t, ok := b.Terminator().(*ir.If)
	if !ok || (t.Kind != ir.SourceBranch && t.Kind != ir.InternalBranch) || li.headers[b] {
		return nil
	}
	var r *region
	if ec := mg.exitChainsOf(b.Func); ec != nil {
		r = mg.chainRegion(b, ec)
	} else {
		r = mg.scanRegion(b, li)
	}
	mg.regions[b] = r
	return r
}

// scanRegion tries every block reachable from b as the exit and keeps the
// smallest region.
func (mg *Merger) scanRegion(b *ir.Block, li *loopInfo) *region {
	// Candidate exits: the blocks reachable from b, b excluded.
	seen := map[*ir.Block]bool{b: true}
	var cands []*ir.Block
	work := []*ir.Block{b}
	for len(work) > 0 {
		x := work[0]
		work = work[1:]
		for _, s := range x.Succs {
			if !seen[s] {
				seen[s] = true
				if !checkPanic(s) {
					cands = append(cands, s)
				}
				work = append(work, s)
			}
		}
	}
	var best *region
	for _, y := range cands {
		if li.headers[y] {
			continue
		}
		r := mg.tryRegion(b, y)
		if r != nil && (best == nil || len(r.order) < len(best.order)) {
			best = r
		}
	}
	return best
}

// tryRegion checks the blocks reachable from b without passing y.
func (mg *Merger) tryRegion(b, y *ir.Block) *region {
	in := map[*ir.Block]bool{}
	work := []*ir.Block{b}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if in[x] {
			continue
		}
		if x == y {
			continue
		}
		in[x] = true
		if len(in) > maxRegionBlocks {
			return nil
		}
		switch x.Terminator().(type) {
		case *ir.If, *ir.Jump:
		case *ir.Panic:
			if !checkPanic(x) {
				return nil
			}
		default:
			return nil
		}
		if x != b && !cfg.Dominates(b, x) {
			return nil
		}
		if !mg.callsInlinable(x) {
			return nil
		}
		work = append(work, x.Succs...)
	}
	order, ok := topo(b, in)
	if !ok {
		return nil
	}
	return &region{entry: b, exit: y, order: order, in: in}
}

func (mg *Merger) callsInlinable(x *ir.Block) bool {
	for _, in := range x.Instrs {
		switch c := in.(type) {
		case *ir.Call:
			if !(mg.summarised != nil && mg.summarised(c.Callee)) && mg.body(c.Callee) == nil {
				return false
			}
		case *ir.Invoke, *ir.CallValue, *ir.Defer, *ir.RunDefers, *ir.Recover:
			return false // dynamic calls and deferred calls run branch by branch
		}
	}
	return true
}

// body returns the region of a callee that can be inlined whole: loop-free,
// no explicit panic, calls only to inlinable callees.
func (mg *Merger) body(f *ir.Function) *region {
	if r, ok := mg.bodies[f]; ok {
		return r
	}
	if mg.busy[f] || len(f.Blocks) == 0 || len(f.Blocks) > maxRegionBlocks {
		return nil // recursion
	}
	mg.busy[f] = true
	defer delete(mg.busy, f)
	in := map[*ir.Block]bool{}
	var r *region
	ok := true
	for _, x := range f.Blocks {
		in[x] = true
		switch x.Terminator().(type) {
		case *ir.If, *ir.Jump, *ir.Return:
		case *ir.Panic:
			ok = ok && checkPanic(x)
		default:
			ok = false
		}
		ok = ok && mg.callsInlinable(x)
	}
	if ok {
		if order, acyclic := topo(f.Blocks[0], in); acyclic {
			r = &region{entry: f.Blocks[0], order: order, in: in}
		}
	}
	mg.bodies[f] = r
	return r
}

// topo orders the blocks of in reachable from entry topologically; false when
// they hold a cycle.
func topo(entry *ir.Block, in map[*ir.Block]bool) ([]*ir.Block, bool) {
	state := map[*ir.Block]int{}
	var post []*ir.Block
	acyclic := true
	var dfs func(x *ir.Block)
	dfs = func(x *ir.Block) {
		state[x] = 1
		for _, s := range x.Succs {
			if !in[s] {
				continue
			}
			switch state[s] {
			case 0:
				dfs(s)
			case 1:
				acyclic = false
			}
		}
		state[x] = 2
		post = append(post, x)
	}
	dfs(entry)
	for i, j := 0, len(post)-1; i < j; i, j = i+1, j-1 {
		post[i], post[j] = post[j], post[i]
	}
	return post, acyclic
}

// exitChains holds, for an acyclic function, each block's immediate
// "post-dominator ignoring run-time check failures": the nearest block that
// every path from it passes unless it ends in the panic block of a check.
type exitChains struct {
	ipdom map[*ir.Block]*ir.Block // nil: the virtual exit
}

// exitChainsOf computes (once) the exit chains of f, or returns nil when f
// has a cycle.
func (mg *Merger) exitChainsOf(f *ir.Function) *exitChains {
	if ec, ok := mg.exits[f]; ok {
		return ec
	}
	mg.exits[f] = nil
	in := map[*ir.Block]bool{}
	for _, x := range f.Blocks {
		in[x] = true
	}
	order, acyclic := topo(f.Blocks[0], in)
	if !acyclic {
		return nil
	}
	rank := map[*ir.Block]int{}
	for i, x := range order {
		rank[x] = i
	}
	ec := &exitChains{ipdom: map[*ir.Block]*ir.Block{}}
	up := func(x *ir.Block) *ir.Block { return ec.ipdom[x] }
	// Reverse topological order: successors first. The virtual exit (nil)
	// ranks last; a chain only goes up in rank.
	for i := len(order) - 1; i >= 0; i-- {
		x := order[i]
		var d *ir.Block
		first := true
		for _, s := range x.Succs {
			if checkPanic(s) {
				continue
			}
			if first {
				d, first = s, false
				continue
			}
			a, b := d, s
			for a != b {
				switch {
				case a == nil:
					b = up(b)
				case b == nil:
					a = up(a)
				case rank[a] < rank[b]:
					a = up(a)
				default:
					b = up(b)
				}
			}
			d = a
		}
		ec.ipdom[x] = d // nil for returns, panics and blocks whose successors all fail checks
	}
	mg.exits[f] = ec
	return ec
}

// chainRegion is regionAt for an acyclic function. A valid region's exit is
// on b's exit chain (otherwise some path from b avoids it and ends in a
// return or a panic, which tryRegion rejects), and along the chain the
// regions only grow (each holds the previous one and its exit), as does
// everything tryRegion rejects; so the first exit on the chain that gives a
// region gives the smallest, and when the first one tried fails, all fail.
func (mg *Merger) chainRegion(b *ir.Block, ec *exitChains) *region {
	if y := ec.ipdom[b]; y != nil {
		return mg.tryRegion(b, y)
	}
	return nil
}
