// The Lookahead strategy: Eager, flipping only sides that may still increase coverage.

package search

// Lookahead is the concolic-strategies paper's §V: Eager, except that a side is
// flipped only when it is uncovered or may lead to an uncovered objective in the
// control-flow graph (Session.CanReachUncovered, decided when the side's turn
// comes). A skipped side cannot lead to anything uncovered, now or later, so the
// verdicts are those of an exhaustive search.
type Lookahead struct{}

// Name returns "lookahead".
func (Lookahead) Name() string { return "lookahead" }

// Explore runs the search.
func (Lookahead) Explore(s *Session) {
	nodes := s.First()
	forward(s, nodes, 0, s.CanReachUncovered)
}
