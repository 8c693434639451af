// The DFS strategy: concolic depth-first search with the exhaustive stopping criterion.

package search

// DFS is PathCrawler's depth-first strategy (concolic-strategies paper §III): in
// each new path suffix the last branch is flipped first; a successful flip's new
// suffix is explored completely before backtracking further up the old suffix.
// Every side is flipped, covered or not (hopeful flips included), so the
// execution tree is explored exhaustively unless every objective gets covered.
type DFS struct{}

// Name returns "dfs".
func (DFS) Name() string { return "dfs" }

// Explore runs the search.
func (DFS) Explore(s *Session) {
	nodes := s.First()
	dfs(s, nodes, 0)
}

// dfs flips the sides of nodes[from:], deepest first.
func dfs(s *Session, nodes []*Node, from int) {
	for i := len(nodes) - 1; i >= from; i-- {
		if s.Done() {
			return
		}
		n := nodes[i]
		for _, dir := range []bool{false, true} {
			if n.State[ix(dir)] != Unexplored {
				continue
			}
			_, model := s.Flip(n, dir)
			if model == nil {
				continue
			}
			next, ok := s.Follow(n, dir, model)
			if ok {
				dfs(s, next, i+1)
			}
			if s.Done() {
				return
			}
		}
	}
}
