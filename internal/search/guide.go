// Guidance shared by the coverage-directed strategies: may a side still lead to an uncovered objective?

package search

// CanReachUncovered reports whether taking side dir of n may lead, in the
// interprocedural control-flow graph, to an objective not covered yet (the
// side's own objective included). A strategy may leave a side unexplored only
// when this is false: coverage only grows, so it stays false, and the verdicts
// (which look for unfinished sides leading to an uncovered objective) are
// unaffected by the skip.
func (s *Session) CanReachUncovered(n *Node, dir bool) bool {
	for _, o := range s.Objectives {
		if s.coveredBy[o.Index] == nil && s.reach.sideReaches(n.If, dir, o) {
			return true
		}
	}
	return false
}

// unexplored returns the sides of n nobody has taken or tried, false first.
func unexplored(n *Node) []bool {
	var dirs []bool
	for _, d := range []bool{false, true} {
		if n.State[ix(d)] == Unexplored {
			dirs = append(dirs, d)
		}
	}
	return dirs
}

// flipAndFollow flips side dir of n and runs the model; it returns the new
// path's nodes when the run took that side.
func flipAndFollow(s *Session, n *Node, dir bool) ([]*Node, bool) {
	_, model := s.Flip(n, dir)
	if model == nil {
		return nil, false
	}
	return s.Follow(n, dir, model)
}
