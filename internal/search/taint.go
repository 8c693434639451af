// Taint: why a run of a model diverged when the model's constraints depend on the results of externals.

package search

import (
	"leapfrog/internal/engine"
	"leapfrog/internal/expr"
)

// divergence is the reason of a side (or an objective) whose model's run
// did not take it: when the constraints the model satisfies depend on the
// result of an external (run natively, its result over-approximated by
// fresh variables), the solver chose a result the real function did not
// give, and the reason says so; otherwise def.
func divergence(def string, ts ...*expr.Term) string {
	if exts := engine.Externals(ts...); len(exts) > 0 {
		return engine.TaintReason(exts)
	}
	return def
}
