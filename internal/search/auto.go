// The strategies that choose by the function's shape: Whole (the whole-function encoding where it applies) and Auto (the default).

package search

// Whole settles a function on its whole-function encoding (whole.go) when
// the function executes entirely as merged regions from its entry (loop-free,
// no run-time check that can fail inside a region, summaries within their
// bound): one solver call per case, greedy packing by satisfiability checks,
// each unreachable outcome proved by its obligation. Where the encoding does
// not apply it runs PM, the path-merging search it is the limit of; the
// result names the strategy that decided ("whole" or "pm").
type Whole struct{}

// Name returns "whole".
func (Whole) Name() string { return "whole" }

// Explore runs the search.
func (Whole) Explore(s *Session) {
	if newTreeFrog(s).wholeFunction() {
		s.decidedBy = "whole"
		return
	}
	s.decidedBy = "pm"
	PM{}.Explore(s)
}

// Auto is the default strategy: it chooses by the function's shape. A
// function the whole-function encoding applies to is settled on it (Whole);
// any other (loops, run-time checks that can fail inside a merged region,
// panics, returns from inside a branch) by TreeFrog's conflict-learning
// search. The result names the strategy that decided ("whole" or
// "treefrog").
type Auto struct{}

// Name returns "auto".
func (Auto) Name() string { return "auto" }

// Explore runs the search.
func (Auto) Explore(s *Session) {
	tf := newTreeFrog(s)
	if tf.wholeFunction() {
		s.decidedBy = "whole"
		return
	}
	s.decidedBy = "treefrog"
	tf.search()
}
