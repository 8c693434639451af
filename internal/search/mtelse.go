// The MTelse strategy: Else made breadth-first with high- and low-priority suffix treatments.

package search

import "runtime"

// MTElse is the concolic-strategies paper's §VII (TreeFrog paper §4). Each
// covered suffix gets its own treatment (a "thread" in the paper); treatments
// take turns one branch at a time. A treatment is high-priority while it
// advances down its suffix making eager flips (sides whose objective is
// uncovered), low-priority while it backtracks up the suffix making hopeful
// flips, and a hopeful flip is tried only when the subtree below the side may
// still contain an instance of an uncovered source branch
// (Session.CanReachUncovered). Low-priority treatments run only while no
// high-priority one is queued or running; a successful flip starts a new
// high-priority treatment of the new suffix instead of exploring it at once.
//
// The treatments run on a pool of worker goroutines (parallel.go), each with a
// solver of its own (Config.NewSolver): the solver calls overlap, while the
// tree, coverage, cases and statistics are updated under one lock. With one
// worker (Workers 1, or no Config.NewSolver) the schedule is deterministic: two
// FIFO queues, round robin, one branch per turn, and every run gives the same
// cases and costs. With several, the cases found and the costs vary from run to
// run, the verdicts do not: every treatment backtracks over its whole suffix,
// so a side is left unexplored only when it cannot lead to an objective
// uncovered at the end, and the verdicts, read off the tree, are those of an
// exhaustive search.
type MTElse struct {
	// Workers is the number of goroutines treating suffixes; 0: GOMAXPROCS,
	// at most 4. Without Config.NewSolver there is one.
	Workers int
}

// Name returns "mtelse".
func (MTElse) Name() string { return "mtelse" }

// workers returns the number of workers to use in s.
func (m MTElse) workers(s *Session) int {
	n := m.Workers
	if n <= 0 {
		n = min(runtime.GOMAXPROCS(0), 4)
	}
	if s.NewSolver == nil {
		n = 1
	}
	return max(n, 1)
}

// treatment is the state of one suffix's treatment.
type treatment struct {
	nodes []*Node
	from  int
	pos   int  // the next node to treat
	back  bool // backtracking (low priority)
}

// finished reports whether nothing is left to treat.
func (t *treatment) finished() bool {
	return t.back && t.pos < t.from || !t.back && t.pos >= len(t.nodes)
}

// advance moves t to its next node after a turn; it reports whether t is
// still high-priority.
func (t *treatment) advance() (high bool) {
	switch {
	case t.back:
		t.pos--
		return false
	case t.pos+1 < len(t.nodes):
		t.pos++
		return true
	default: // the end of the suffix: backtrack, with low priority
		t.back, t.pos = true, len(t.nodes)-1
		return false
	}
}

// Explore runs the search.
func (m MTElse) Explore(s *Session) {
	nodes := s.First()
	runPool(s, m.workers(s), &treatment{nodes: nodes, from: 0, pos: 0})
}
