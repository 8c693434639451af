// A returning case for functions whose cases all panic: the ok sides of run-time checks.

package search

import "leapfrog/internal/ir"

// maxNormalFlips bounds the flips normalRun tries.
const maxNormalFlips = 64

// normalRun makes sure that, when some input makes the function return
// normally, a case does: the ok side of a run-time check is no objective, so
// no strategy aims at it, and a function such as 10/x, first run with x = 0,
// would otherwise keep only its panicking case. It flips the unexplored ok
// sides of checks, shallowest first, until a run returns or none is left; the
// case it finds covers nothing new and is kept by keep all the same. Its
// flips aim at that case, which none met yet: they count as eager flips,
// not hopeful ones, whatever branch objectives the ok side's way covers.
func (s *Session) normalRun() {
	if s.returned() || s.Root == nil {
		return
	}
	var queue []*Node
	s.walk(s.Root, func(n *Node) {
		if n.If.Kind != ir.SourceBranch && n.If.Kind != ir.InternalBranch && n.State[ix(true)] == Unexplored {
			queue = append(queue, n)
		}
	})
	sortByDepth(queue)
	s.seekingReturn = true
	defer func() { s.seekingReturn = false }()
	for i, n := range queue {
		if i == maxNormalFlips || s.Expired() || s.returned() {
			return
		}
		if n.State[ix(true)] != Unexplored {
			continue
		}
		flipAndFollow(s, n, true)
	}
}

// returned reports whether some case returned normally.
func (s *Session) returned() bool {
	for _, c := range s.Cases {
		if !c.Path.Panicked() {
			return true
		}
	}
	return false
}

// sortByDepth orders nodes by depth, keeping the walk order among equals.
func sortByDepth(ns []*Node) {
	for i := 1; i < len(ns); i++ {
		for j := i; j > 0 && ns[j].Depth < ns[j-1].Depth; j-- {
			ns[j], ns[j-1] = ns[j-1], ns[j]
		}
	}
}
