// Replaying another search's inputs: the cases of a search under a smaller size bound, run again before a search under a larger one.

package search

import "leapfrog/internal/solver"

// FirstInputs are the inputs of the cases that covered an objective first,
// in run order: replayed (Replay), they cover everything the session's
// cases cover.
func (s *Session) FirstInputs() []solver.Model {
	var ms []solver.Model
	for _, c := range s.Cases {
		if len(c.New) > 0 {
			ms = append(ms, c.Model)
		}
	}
	return ms
}

// Replay runs the inputs of another session of the same function (its
// FirstInputs) before the strategy explores: their runs are cases of this
// session, with what they cover, under this session's engine (an input
// within a smaller size bound is an input within a larger one; the run is
// this engine's, whatever the other's was). The tree they make is dropped:
// a strategy starts from the first input and explores every side itself
// (the depth-first strategies explore only below the sides they flip, and
// would never look under a replayed side). It spends no solver call.
func (s *Session) Replay(inputs []solver.Model) {
	if s.Root != nil {
		panic("search: Replay after the search started")
	}
	for _, m := range inputs {
		if s.Done() {
			break
		}
		s.Execute(m)
	}
	s.Root = nil
}
