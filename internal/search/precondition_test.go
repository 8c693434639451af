// Preconditions: every strategy, with the precondition's exact formula or run branch by branch, from any first input, gives the same verdicts, checked by hand.

package search_test

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"leapfrog/internal/engine"
	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
	"leapfrog/internal/lower"
	"leapfrog/internal/report"
	"leapfrog/internal/search"
)

const precondSrc = `package p

//leapfrog:assume x > 5
func F(x int32) int32 {
	if x > 10 {
		return 1
	}
	return 0
}

//leapfrog:assume x > 5 && y != 0
func G(x, y int32) int32 {
	if x/y > 2 {
		return 1
	}
	return 0
}

// isneg is called by the precondition and by the function: the outcomes
// the precondition's call takes are not the function's.
func isneg(v int8) bool {
	if v < 0 {
		return true
	}
	return false
}

//leapfrog:assume isneg(y) || x > 100
func H(x, y int8) int8 {
	if isneg(y & 63) {
		return 1
	}
	if y >= 0 && x < 100 {
		return 3
	}
	return 0
}

//leapfrog:assume x > 0 && x < 0
func Never(x int8) int8 {
	if x > 3 {
		return 1
	}
	return 0
}

func zero(a int8) int8 {
	k := uint8(0)
	return int8(uint8(a) % k)
}

// Panics' precondition panics on every input: it is the constant false.
//leapfrog:assume zero(x) > 0
func Panics(x int8) int8 {
	if x > 3 {
		return 1
	}
	return 0
}
`

// precondWant are the verdicts, checked by hand: F and G cover everything
// but G's division by zero (y != 0); isneg's true side is reached by the
// precondition's call only (H's argument y & 63 is never negative), and
// H's x < 100 needs y >= 0, so x > 100 by the precondition; no input
// satisfies Never's precondition, nor Panics', which always panics (zero,
// called by the precondition only, has no objective of Panics).
const precondWant = `F p.go:4:6 entry covered
F p.go:5:5 false covered
F p.go:5:5 true covered
G p.go:12:6 entry covered
G p.go:13:5 false covered
G p.go:13:5 true covered
G p.go:13:6 integer divide by zero unreachable (under the precondition)
H p.go:22:5 false covered
H p.go:22:5 true unreachable
H p.go:29:6 entry covered
H p.go:30:5 false covered
H p.go:30:5 true unreachable
H p.go:33:15 false covered
H p.go:33:15 true unreachable (under the precondition)
H p.go:33:5 false covered
H p.go:33:5 true covered
Never p.go:40:6 entry unknown
Never p.go:41:5 false unreachable (under the precondition)
Never p.go:41:5 true unreachable (under the precondition)
Panics p.go:54:6 entry unknown
Panics p.go:55:5 false unreachable (under the precondition)
Panics p.go:55:5 true unreachable (under the precondition)
`

var precondStrategies = []search.Strategy{search.DFS{}, search.Eager{}, search.Lookahead{}, search.Else{}, search.MTElse{},
	search.PM{}, search.PE{}, search.RG{}, search.RGCB{}, search.TreeFrog{}, search.Whole{}, search.Auto{}}

// TestPreconditions runs every strategy on precondSrc, with the
// precondition's exact formula and run branch by branch (Engine.PrePaths
// 0), from the zero input and from random ones, and compares the verdicts
// with precondWant. It checks that the first input is a solution of the
// precondition (one solver call, counted, when the initial input violates
// it) and that unreachable verdicts needing the precondition say so and
// carry it in their proof.
func TestPreconditions(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string]string{"go.mod": "module p\n\ngo 1.22\n", "p.go": precondSrc} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res, err := lower.Load(dir, []string{"F", "G", "H", "Never", "Panics"})
	if err != nil || len(res.Errors) > 0 {
		t.Fatalf("%v %v", err, res.Errors)
	}
	for _, st := range precondStrategies {
		for _, exact := range []bool{true, false} {
			for _, seed := range []int64{0, 1, 2, 3} {
				if seed > 1 && !exact {
					continue
				}
				name := fmt.Sprintf("%s/exact=%v/seed=%d", st.Name(), exact, seed)
				t.Run(name, func(t *testing.T) {
					var lines []string
					for _, tg := range res.Targets {
						r, s := precondRun(t, tg, st, exact, seed)
						lines = append(lines, precondLines(t, tg, r, s)...)
					}
					sort.Strings(lines)
					if got := strings.Join(lines, "\n") + "\n"; got != precondWant {
						t.Errorf("verdicts:\n%s--- want ---\n%s", got, precondWant)
					}
				})
			}
		}
	}
}

// precondRun explores one target with one strategy.
func precondRun(t *testing.T, tg *lower.Target, st search.Strategy, exact bool, seed int64) (*search.Result, *search.Session) {
	t.Helper()
	slv := search.NewTestSolver(t)
	eng := engine.New(expr.NewBuilder(), 10)
	eng.Assume = map[*ir.Function]*ir.Function{tg.Func: tg.Assume}
	if !exact {
		eng.PrePaths = 0
	}
	f, why := eng.PreconditionFormula(tg.Func)
	if (f != nil) != exact {
		t.Fatalf("%s: formula %v (%s), exact %v", tg.Name, f, why, exact)
	}
	s := search.NewSession(search.Config{Fn: tg.Func, Engine: eng, Solver: slv, Seed: seed})
	st.Explore(s)
	return s.Result(tg.Name, "p", st.Name()), s
}

// precondLines renders the verdicts as "func pos outcome verdict" lines,
// checking the proofs and the first input on the way.
func precondLines(t *testing.T, tg *lower.Target, r *search.Result, s *search.Session) []string {
	t.Helper()
	var lines []string
	for _, b := range r.Branches {
		line := fmt.Sprintf("%s %s %s %s", tg.Name, b.Pos, b.Outcome, b.Verdict)
		if b.Verdict == report.Unreachable {
			under := strings.HasPrefix(b.Reason, "under the precondition")
			pre := false // the precondition's step, or one of its branches (on its line, or in zero)
			at := fmt.Sprintf("%s:%d:", tg.Assume.Pos.File, tg.Assume.Pos.Line)
			for _, c := range b.Conflict {
				pre = pre || strings.Contains(c, "(precondition assume)") || strings.HasPrefix(c, at) || strings.HasPrefix(c, "p.go:49:")
			}
			if under != pre {
				t.Errorf("%s %s: reason %q, conflict %v", b.Pos, b.Outcome, b.Reason, b.Conflict)
			}
			if under {
				line += " (under the precondition)"
			}
		}
		lines = append(lines, line)
	}
	// The first run that completed satisfied the precondition: no case of
	// F comes from the zero input, and the first input cost one call.
	if tg.Name == "F" {
		for _, c := range r.Tests {
			if c.In[0].Bits <= 5 || int32(c.In[0].Bits) < 0 {
				t.Errorf("F: case %s has x = %d", c.Name, int32(c.In[0].Bits))
			}
		}
		if s.Seed == 0 && (r.Stats.SolverCalls != 2 || r.Stats.HopefulFlips != 0) {
			t.Errorf("F: %d solver calls (%d hopeful), want 2 (the precondition's solution, neither eager nor hopeful, then x > 10's other side)", r.Stats.SolverCalls, r.Stats.HopefulFlips)
		}
	}
	if (tg.Name == "Never" || tg.Name == "Panics") && !strings.Contains(r.Branches[0].Reason, "no input satisfies the precondition") {
		t.Errorf("%s: entry %s", tg.Name, r.Branches[0].Reason)
	}
	return lines
}
