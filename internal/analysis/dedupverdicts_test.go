// Objectives decided once give the verdicts per-caller search gives: every distinct outcome, on a package of calls and on the bench's.

package analysis

import (
	"context"
	"path/filepath"
	"testing"

	"leapfrog/internal/lower"
	"leapfrog/internal/report"
	"leapfrog/internal/testutil"
)

// compareSrc has callees that depend on their arguments alone (their
// proofs are taken over), callees reading or writing the package state
// (searched again by their callers: Gate), run-time checks, a loop, a
// cycle and a method.
const compareSrc = `package p

var limit = 4

var mode int

type Acc struct{ n int }

func Sign(x int8) int {
	if x > 0 {
		if x < 0 {
			return 2
		}
		return 1
	}
	if x == 0 {
		return 0
	}
	return -1
}

func Digit(s string, i int) int {
	if i >= 0 && i < len(s) && s[i] >= '0' && s[i] <= '9' {
		return int(s[i] - '0')
	}
	return -1
}

func Sum(b []byte) int {
	s := 0
	for i := 0; i < len(b) && i < limit; i++ {
		s += int(b[i])
	}
	return s
}

func Div(a, b int) int { return a / b }

// Gate's true side is unreachable from the initial state; Use sets the
// state first.
func Gate(x int) int {
	if mode == 7 && x == 3 {
		return 1
	}
	return 0
}

func (a *Acc) Add(x int8) {
	if Sign(x) > 0 {
		a.n += int(x)
	}
	if a.n > 100 {
		a.n = 100
	}
}

func Even(n uint8) bool {
	if n == 0 {
		return true
	}
	return Odd(n - 1)
}

func Odd(n uint8) bool {
	if n == 0 {
		return false
	}
	return Even(n - 1)
}

func Use(x int8, s string, b []byte) int {
	limit, mode = 2, 7
	r := Sign(x) + Digit(s, 1) + Sum(b) + Gate(int(x))
	if r > 10 {
		r = Div(r, int(x))
	}
	var a Acc
	a.Add(x)
	if Even(uint8(x) % 4) {
		r++
	}
	return r + a.n
}
`

// analyseAll analyses the targets in a plan's order (callees first), with
// what their callees decided when dedup is set, and returns their reports
// as gen's JSON report holds them.
func analyseAll(t *testing.T, ts []Target, dedup bool) *report.Report {
	t.Helper()
	p := NewPlan(ts)
	results := make([]*Result, len(ts))
	done := make([]bool, len(ts))
	for left := len(ts); left > 0; {
		progress := false
		for i := range ts {
			ready := !done[i]
			for _, j := range p.Deps(i) {
				ready = ready && done[j]
			}
			if !ready {
				continue
			}
			cfg := Defaults()
			cfg.Recheck = true
			if dedup {
				cfg.Given = p.Given(i, results)
			}
			r, err := Analyze(context.Background(), ts[i], cfg)
			if err != nil {
				t.Fatalf("%s: %v", ts[i].Func.Name, err)
			}
			if len(r.EngineWrong) > 0 {
				t.Errorf("%s (dedup %v): %q", ts[i].Func.Name, dedup, r.EngineWrong)
			}
			results[i], done[i], progress = r, true, true
			left--
		}
		if !progress {
			t.Fatal("the plan's dependencies are cyclic")
		}
	}
	rep := &report.Report{}
	for _, r := range results {
		rep.Functions = append(rep.Functions, r.Report("", 0, nil))
	}
	return rep
}

// compareDedup analyses the targets twice, each function searching every
// objective itself and with its callees' verdicts taken over, and compares
// the verdict of every distinct outcome (report.Decide). Dedup must give
// the verdicts per-caller search gives, and take something over.
func compareDedup(t *testing.T, ts []Target) {
	t.Helper()
	alone, once := analyseAll(t, ts, false), analyseAll(t, ts, true)
	verdicts := func(r *report.Report) map[string]report.Verdict {
		m := map[string]report.Verdict{}
		for _, o := range r.Outcomes() {
			m[o.Pos+" "+o.Outcome] = o.Verdict
		}
		return m
	}
	a, o := verdicts(alone), verdicts(once)
	if len(a) != len(o) {
		t.Errorf("%d distinct outcomes searched per caller, %d decided once", len(a), len(o))
	}
	counts := map[report.Verdict]int{}
	for k, v := range a {
		counts[v]++
		if o[k] != v {
			t.Errorf("%s: %s searched per caller, %q decided once", k, v, o[k])
		}
	}
	taken := 0
	for _, f := range once.Functions {
		for _, b := range f.Branches {
			if b.DecidedIn != "" {
				taken++
			}
		}
	}
	if taken == 0 {
		t.Error("no verdict taken over: the comparison compares nothing")
	}
	t.Logf("%d distinct outcomes (%v), %d verdicts taken over", len(a), counts, taken)
}

// TestDedupKeepsVerdicts: on a package of calls (state set by the caller,
// proofs that hold in callers, run-time checks, a loop, a cycle, a
// method), every distinct outcome has the same verdict whether each
// caller searches its callees' outcomes again or takes over what they
// decided.
func TestDedupKeepsVerdicts(t *testing.T) {
	compareDedup(t, loadAll(t, compareSrc, "Sign", "Digit", "Sum", "Div", "Gate", "(*Acc).Add", "Even", "Odd", "Use"))
}

// TestDedupKeepsBenchVerdicts: the same on TCAS and WBS, whose functions
// call one another through the package state.
func TestDedupKeepsBenchVerdicts(t *testing.T) {
	testutil.SkipShort(t, "TCAS and WBS analysed twice")
	dir := testutil.BenchCopy(t)
	for pkg, names := range map[string][]string{
		"tcas": {"(*state).initialize", "(*state).ALIM", "(*state).Inhibit_Biased_Climb", "(*state).Non_Crossing_Biased_Climb",
			"(*state).Non_Crossing_Biased_Descend", "(*state).Own_Below_Threat", "(*state).Own_Above_Threat", "(*state).alt_sep_test",
			"AltSepTest", "AltSepTest12"},
		"wbs": {"NewWBS", "(*WBS).Update", "(*WBS).Outputs", "Step", "Launch"},
	} {
		t.Run(pkg, func(t *testing.T) {
			res, err := lower.Load(filepath.Join(dir, pkg), names)
			if err != nil || len(res.Errors) > 0 {
				t.Fatalf("%v %v", err, res.Errors)
			}
			var ts []Target
			for _, x := range res.Targets {
				ts = append(ts, Target{Target: x, Package: pkg})
			}
			compareDedup(t, ts)
		})
	}
}
