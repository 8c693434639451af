// A deadline that cuts any of pure TreeFrog's queries leaves the budget's reason, never the solver's.

package search

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"leapfrog/internal/expr"
	"leapfrog/internal/solver"
)

// cutSolver answers Unknown to the checks numbered in cuts (from 1), as for
// a query beyond the solver's work limit (reason "rlimit"). With expire,
// the deadline interrupts the last of them: the session's deadline passes
// and that check and every later one are Unknown, "timeout".
type cutSolver struct {
	solver.Solver
	s      *Session
	cuts   []int
	expire bool
	n      int
	why    string
}

func (c *cutSolver) Check(as []*expr.Term) solver.Result {
	c.n++
	last := c.cuts[len(c.cuts)-1]
	switch {
	case c.expire && c.n >= last:
		c.s.Deadline, c.why = time.Now().Add(-time.Second), "timeout"
	case slices.Contains(c.cuts, c.n):
		c.why = "rlimit"
	default:
		c.why = ""
		return c.Solver.Check(as)
	}
	return solver.Unknown
}

func (c *cutSolver) Reason() string {
	if c.why != "" {
		return c.why
	}
	return c.Solver.Reason()
}

// cutReasons runs pure TreeFrog on src with the checks in cuts cut, and
// returns the outcomes left unknown with their reasons.
func cutReasons(t *testing.T, src string, cuts []int, expire bool) []string {
	s := irSession(t, src, 10)
	s.Deadline = time.Now().Add(time.Hour)
	s.Solver = &cutSolver{Solver: s.Solver, s: s, cuts: cuts, expire: expire}
	TreeFrog{}.Explore(s)
	var why []string
	for _, b := range s.Result(s.Fn.Name, "", "treefrog").Branches {
		if b.Verdict == "unknown" {
			why = append(why, fmt.Sprintf("%s %v: %s", b.Pos, b.Outcome, b.Reason))
		}
	}
	return why
}

// deadlineSrc: the second test's true side is reached by an eager flip or,
// when that query fails, by a skeleton's query.
const deadlineSrc = `
func F(a i32, b i32) i32 {
entry:
	%1 = gt a, 10:i32
	if %1 t1 e
t1:
	%2 = mul b, b
	%3 = eq %2, 49:i32
	if %3 u e
u:
	return 1:i32
e:
	return 0:i32
}
`

// TestTreeFrogDeadlineCutsAnyQuery: whichever query of pure TreeFrog the
// deadline interrupts (after any other query failed on the solver's work
// limit), an outcome left open says the budget ran out ("timeout"), or
// gives the failed query's reason, or a reason the failed query alone
// gives; never that the solver could not decide the query the deadline cut. CI met "treefrog: the
// solver could not decide a skeleton's query" on float comparisons where
// the deadline had cut the query.
func TestTreeFrogDeadlineCutsAnyQuery(t *testing.T) {
	solverReasons := map[string]bool{}
	for _, src := range []string{deadlineSrc, skeletonSrc} {
		s := irSession(t, src, 10)
		TreeFrog{}.Explore(s)
		total := s.Stats.SolverCalls + s.Stats.SatChecks
		for i := 0; i <= total; i++ {
			before := map[string]bool{}
			if i > 0 {
				for _, why := range cutReasons(t, src, []int{i}, false) {
					before[why] = true
					solverReasons[why[strings.Index(why, ": ")+2:]] = true
				}
			}
			for j := i + 1; j <= total+1; j++ {
				cuts := []int{j}
				if i > 0 {
					cuts = []int{i, j}
				}
				for _, why := range cutReasons(t, src, cuts, true) {
					if !strings.Contains(why, "timeout") && !strings.Contains(why, "solver: rlimit") && !before[why] {
						t.Errorf("query %d failed, deadline at query %d of %d: %s, want the budget's reason", i, j, total, why)
					}
				}
			}
		}
	}
	if !solverReasons["treefrog: the solver could not decide a skeleton's query"] {
		t.Errorf("no query beyond the work limit left a skeleton's query undecided (got %v): the cuts miss what they test", solverReasons)
	}
}
