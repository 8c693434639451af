// Columns of the reachability paper's tables (pe, rg, rgcb) and strategies that ran out of time.

package bench

import (
	"fmt"
	"strings"
	"time"

	"leapfrog/internal/analysis"
	"leapfrog/internal/report"
)

// hasRG reports whether the table gets the columns of the reachability paper's
// Tables 2 and 3 (blocked flips, largest backjump, conflict clauses): when pe,
// rg or rgcb is among the strategies.
func hasRG(bf *Function) bool {
	for _, o := range bf.Strategies {
		switch o.Strategy {
		case "pe", "rg", "rgcb":
			return true
		}
	}
	return false
}

// jump renders the largest backjump as the paper does: "–" when none.
func jump(x float64) string {
	if x == 0 {
		return "–"
	}
	if x == float64(int64(x)) {
		return fmt.Sprintf("%d", int64(x))
	}
	return fmt.Sprintf("%.1f", x)
}

// meanTime renders the mean time, marked when the strategy ran out of time.
func meanTime(o *Outcome, m Mean) string {
	d := time.Duration(m.TimeMs * float64(time.Millisecond)).Round(time.Millisecond)
	if o.TimedOut {
		return fmt.Sprintf(">%v (timeout)", d)
	}
	return d.String()
}

// timedOut reports whether a run spent the whole time budget.
func timedOut(runs []*report.Function, budget time.Duration) bool {
	if budget <= 0 {
		return false
	}
	for _, r := range runs {
		if time.Duration(r.Stats.TimeMs)*time.Millisecond >= analysis.SearchBudget(budget) {
			return true
		}
		for _, b := range r.Branches {
			if strings.HasPrefix(b.Reason, "timeout") || strings.HasPrefix(b.Reason, "solver: timeout") {
				return true
			}
		}
	}
	return false
}

// completed returns the outcomes that finished within the budget (all of them
// when none did): only their verdicts are compared.
func completed(outs []*Outcome) []*Outcome {
	var done []*Outcome
	for _, o := range outs {
		if !o.TimedOut {
			done = append(done, o)
		}
	}
	if len(done) == 0 {
		return outs
	}
	return done
}

// timedOutNote names the strategies left out of the verdict comparison.
func timedOutNote(bf *Function) string {
	var names []string
	for _, o := range bf.Strategies {
		if o.TimedOut {
			names = append(names, o.Strategy)
		}
	}
	if len(names) == 0 || len(completed(bf.Strategies)) == len(bf.Strategies) {
		return ""
	}
	return fmt.Sprintf(" (among those that finished; timed out: %s)", strings.Join(names, ", "))
}
