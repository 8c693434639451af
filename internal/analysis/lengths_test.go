// The adaptive size bound: outcomes that need longer inputs than -maxlen covered under every strategy, up to the cap; beyond it unknown, naming the cap.

package analysis

import (
	"context"
	"testing"

	"leapfrog/internal/ir"
	"leapfrog/internal/report"
	"leapfrog/internal/search"
	"leapfrog/internal/testutil"
)

const longInputs = `package p

import "strings"

func Long(s string) int {
	if len(s) > 20 && s[20] == 'x' {
		return 1
	}
	return 0
}

func Prefix(s string) bool {
	if strings.HasPrefix(s, "abcdefghijk") {
		return true
	}
	return false
}

func Beyond(b []byte) int {
	if len(b) > 20 {
		return 1
	}
	return 0
}

func Abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
`

// analyseLong analyses the function name of longInputs under strategy
// sname with the size bound raised up to raise.
func analyseLong(t *testing.T, dir, name, sname string, raise int) *Result {
	t.Helper()
	st, err := Strategy(sname)
	if err != nil {
		t.Fatal(err)
	}
	cfg := Defaults()
	cfg.Strategy, cfg.MaxLenRaise = st, raise
	r, err := Analyze(context.Background(), lowerTarget(t, dir, name), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func branchAt(t *testing.T, r *Result, pos, outcome string) search.Branch {
	t.Helper()
	for _, b := range r.Branches {
		if b.Pos.String() == pos && b.Outcome == outcome {
			return b
		}
	}
	t.Fatalf("%s: no outcome %s %s", r.Function, pos, outcome)
	return search.Branch{}
}

func testOf(t *testing.T, r *Result, name string) search.Test {
	t.Helper()
	for _, c := range r.Tests {
		if c.Name == name {
			return c
		}
	}
	t.Fatalf("%s: no case %q", r.Function, name)
	return search.Test{}
}

// TestMaxLenRaised: under every strategy, the outcome s[20] == 'x' is
// covered by a 21-byte input (the bound raised from 8 to 32; the model
// shrunk to the shortest length), HasPrefix of an 11-byte prefix is
// covered, an outcome needing 21 elements under a cap of 16 stays unknown
// naming the cap (never unreachable: a proof under the bound would be
// false; the same outcome is covered under 32), and a function the bound
// keeps nothing open of costs what it did. With -short, only Long runs
// under every strategy, the rest under treefrog.
func TestMaxLenRaised(t *testing.T) {
	dir := testutil.WritePackage(t, "1.26", longInputs)
	for _, sname := range StrategyNames() {
		t.Run(sname, func(t *testing.T) {
			r := analyseLong(t, dir, "Long", sname, DefaultMaxLenRaise)
			for _, b := range r.Branches {
				want := report.Covered
				if b.Outcome == "index out of range" {
					want = report.Unreachable
				}
				if b.Verdict != want {
					t.Errorf("Long %s %s: %s (%s), want %s", b.Pos, b.Outcome, b.Verdict, b.Reason, want)
				}
			}
			if b := branchAt(t, r, "p.go:6:20", "true"); b.Verdict == report.Covered {
				if in := testOf(t, r, b.Case).In[0].Str; len(in) != 21 || in[20] != 'x' {
					t.Errorf("Long: s[20] == 'x' covered by %q (%d bytes), want 21 bytes", in, len(in))
				}
			}
			if testing.Short() && sname != "treefrog" {
				return // the rest under the default strategy only
			}
			if b := branchAt(t, analyseLong(t, dir, "Prefix", sname, DefaultMaxLenRaise), "p.go:13:5", "true"); b.Verdict != report.Covered {
				t.Errorf("Prefix: HasPrefix true is %s (%s)", b.Verdict, b.Reason)
			}
			beyond := analyseLong(t, dir, "Beyond", sname, 16)
			if b := branchAt(t, beyond, "p.go:20:5", "true"); b.Verdict != report.Unknown || b.Reason != "input length bounded at 16" || b.Bound != ir.SizeBound {
				t.Errorf("Beyond: len(b) > 20 under a cap of 16 is %s (%s), want unknown: input length bounded at 16", b.Verdict, b.Reason)
			}
			// Without the raise, the bound keeps Long's outcome open: unknown, never unreachable.
			if b := branchAt(t, analyseLong(t, dir, "Long", sname, 0), "p.go:6:20", "true"); b.Verdict != report.Unknown || b.Reason != "input length bounded at 8" {
				t.Errorf("Long without the raise: %s (%s), want unknown: input length bounded at 8", b.Verdict, b.Reason)
			}
			raised, fixed := analyseLong(t, dir, "Abs", sname, DefaultMaxLenRaise), analyseLong(t, dir, "Abs", sname, 0)
			if raised.Stats.SolverCalls != fixed.Stats.SolverCalls || len(raised.Tests) != len(fixed.Tests) {
				t.Errorf("Abs: %d solver calls and %d cases with the raise, %d and %d without", raised.Stats.SolverCalls, len(raised.Tests), fixed.Stats.SolverCalls, len(fixed.Tests))
			}
		})
	}
}
