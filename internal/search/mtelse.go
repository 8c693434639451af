// The MTelse strategy: Else made breadth-first with high- and low-priority suffix treatments.

package search

// MTElse is the concolic-strategies paper's §VII (TreeFrog paper §4). Each
// covered suffix gets its own treatment (a "thread" in the paper); treatments
// take turns one branch at a time. A treatment is high-priority while it
// advances down its suffix making eager flips (sides whose objective is
// uncovered), low-priority while it backtracks up the suffix making hopeful
// flips, and a hopeful flip is tried only when the side may still lead to an
// uncovered objective (Session.CanReachUncovered). Low-priority treatments run
// only while no high-priority one exists; a successful flip starts a new
// high-priority treatment of the new suffix instead of exploring it at once.
//
// This implementation schedules the treatments deterministically on one solver
// (two FIFO queues, round robin, one branch per turn) rather than with
// goroutines: the order of flips is the breadth-first one the paper describes,
// and every run gives the same cases, costs and verdicts.
type MTElse struct{}

// Name returns "mtelse".
func (MTElse) Name() string { return "mtelse" }

// treatment is the state of one suffix's treatment.
type treatment struct {
	nodes []*Node
	from  int
	pos   int  // the next node to treat
	back  bool // backtracking (low priority)
}

// Explore runs the search.
func (MTElse) Explore(s *Session) {
	_, nodes := s.Execute(s.Initial())
	high := []*treatment{{nodes: nodes, from: 0, pos: 0}}
	var low []*treatment
	for !s.Done() {
		var t *treatment
		switch {
		case len(high) > 0:
			t, high = high[0], high[1:]
		case len(low) > 0:
			t, low = low[0], low[1:]
		default:
			return
		}
		if t.back && t.pos < t.from || !t.back && t.pos >= len(t.nodes) {
			continue // finished (an empty suffix has nothing to treat)
		}
		n := t.nodes[t.pos]
		for _, dir := range unexplored(n) {
			if s.Done() {
				return
			}
			if n.State[ix(dir)] != Unexplored {
				continue
			}
			if t.back && !s.CanReachUncovered(n, dir) || !t.back && s.IsCovered(n.If, dir) {
				continue
			}
			if next, ok := flipAndFollow(s, n, dir); ok {
				high = append(high, &treatment{nodes: next, from: t.pos + 1, pos: t.pos + 1})
			}
		}
		switch {
		case t.back:
			t.pos--
			low = append(low, t)
		case t.pos+1 < len(t.nodes):
			t.pos++
			high = append(high, t)
		default: // the end of the suffix: backtrack, with low priority
			t.back, t.pos = true, len(t.nodes)-1
			low = append(low, t)
		}
	}
}
