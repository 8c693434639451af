// The Eager strategy: DFS reversed, each new suffix flipped from its first branch on.

package search

// Eager is the concolic-strategies paper's §IV: the branches of each newly
// covered suffix are flipped from the first towards the last (DFS goes the other
// way); a successful flip's new suffix is explored completely before the next
// branch of the old suffix is flipped. Every side is flipped, whether its
// opposite is covered (hopeful flip) or not (eager flip), so the tree is
// explored exhaustively unless every objective gets covered.
type Eager struct{}

// Name returns "eager".
func (Eager) Name() string { return "eager" }

// Explore runs the search.
func (Eager) Explore(s *Session) {
	nodes := s.First()
	forward(s, nodes, 0, func(*Node, bool) bool { return true })
}

// forward flips the unexplored sides of nodes[from:] accepted by want, first
// node first, exploring each new suffix (recursively, in the same way) before
// going on.
func forward(s *Session, nodes []*Node, from int, want func(*Node, bool) bool) {
	for i := from; i < len(nodes); i++ {
		n := nodes[i]
		for _, dir := range unexplored(n) {
			if s.Done() {
				return
			}
			if n.State[ix(dir)] != Unexplored || !want(n, dir) {
				continue
			}
			if next, ok := flipAndFollow(s, n, dir); ok {
				forward(s, next, i+1, want)
			}
		}
	}
}
