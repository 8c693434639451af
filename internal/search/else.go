// The Else strategy: eager flips on the way down a suffix, guided hopeful flips on the way back.

package search

// Else is the concolic-strategies paper's §VI: going down each newly covered
// suffix it flips only the sides whose objective is uncovered (eager flips),
// exploring each new suffix in the same way at once; then it backtracks up the
// suffix, last branch first, and hopefully flips the remaining sides that may
// still lead to an uncovered objective (Session.CanReachUncovered). A skipped
// side cannot lead to anything uncovered, so the verdicts are those of an
// exhaustive search.
type Else struct{}

// Name returns "else".
func (Else) Name() string { return "else" }

// Explore runs the search.
func (Else) Explore(s *Session) {
	nodes := s.First()
	elseSuffix(s, nodes, 0)
}

// elseSuffix treats the suffix nodes[from:].
func elseSuffix(s *Session, nodes []*Node, from int) {
	// Down: eager flips only.
	for i := from; i < len(nodes); i++ {
		n := nodes[i]
		for _, dir := range unexplored(n) {
			if s.Done() {
				return
			}
			if n.State[ix(dir)] != Unexplored || s.IsCovered(n.If, dir) {
				continue
			}
			if next, ok := flipAndFollow(s, n, dir); ok {
				elseSuffix(s, next, i+1)
			}
		}
	}
	// Back up: hopeful flips where something uncovered may lie beyond.
	for i := len(nodes) - 1; i >= from; i-- {
		n := nodes[i]
		for _, dir := range unexplored(n) {
			if s.Done() {
				return
			}
			if n.State[ix(dir)] != Unexplored || !s.CanReachUncovered(n, dir) {
				continue
			}
			if next, ok := flipAndFollow(s, n, dir); ok {
				elseSuffix(s, next, i+1)
			}
		}
	}
}
