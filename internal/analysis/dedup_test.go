// The order of a run's analyses (callees first, cycles together) and when a callee's unreachable verdict holds in its callers.

package analysis

import (
	"context"
	"strings"
	"testing"

	"leapfrog/internal/lower"
	"leapfrog/internal/report"
	"leapfrog/internal/testutil"
)

const dedupSrc = `package p

var state int

type Pair struct {
	A int8
	S string
}

func A(x int) int { return B(x) + 1 }
func B(x int) int {
	if x > 0 {
		return C(x - 1)
	}
	return 0
}
func C(x int) int { return B(x) }
func D(x int) int { return x }

// Closed: value parameters, no package state, anywhere.
func Closed(p Pair, n [2]uint16, f float64, b bool) int {
	if p.A > 3 && len(p.S) > 2 {
		return 1
	}
	return D(int(n[0]))
}

func ReadsState(x int) int { return x + state }
func CallsReader(x int) int { return ReadsState(x) }
func Pointer(p *int) int { return *p }
func Slice(s []int) int { return len(s) }

//leapfrog:assume x > 0
func Assumes(x int) int { return x }
`

func loadAll(t *testing.T, src string, names ...string) []Target {
	t.Helper()
	dir := testutil.WritePackage(t, "1.22", src)
	res, err := lower.Load(dir, names)
	if err != nil || len(res.Errors) > 0 {
		t.Fatalf("%v %v", err, res.Errors)
	}
	var ts []Target
	for _, x := range res.Targets {
		ts = append(ts, Target{Target: x, Package: "p"})
	}
	return ts
}

// TestPlanOrder: a function waits for the functions it calls, transitively,
// but not for those of its own cycle (B and C call each other).
func TestPlanOrder(t *testing.T) {
	names := []string{"A", "B", "C", "D"}
	p := NewPlan(loadAll(t, dedupSrc, names...))
	for i, want := range []string{"B C", "", "", ""} {
		var got []string
		for _, j := range p.Deps(i) {
			got = append(got, names[j])
		}
		if strings.Join(got, " ") != want {
			t.Errorf("%s waits for %v, want [%s]", names[i], got, want)
		}
	}
}

// TestHoldsInCallers: only a function of value parameters, without a
// precondition, using no package-level variable itself or through its
// callees, has proofs that hold in every caller.
func TestHoldsInCallers(t *testing.T) {
	names := []string{"Closed", "D", "ReadsState", "CallsReader", "Pointer", "Slice", "Assumes"}
	ts := loadAll(t, dedupSrc, names...)
	want := map[string]bool{"Closed": true, "D": true}
	for i, tg := range ts {
		if got := holdsInCallers(tg); got != want[names[i]] {
			t.Errorf("%s: holds in callers %v, want %v", names[i], got, want[names[i]])
		}
	}
}

// TestGivenTakenOver: a caller's analysis takes over its callee's
// unreachable outcomes whose proof holds in callers, covers the callee's
// covered outcomes its runs reach (still flipped towards; script dedup has
// one it cannot reach, taken over), and searches the others itself.
func TestGivenTakenOver(t *testing.T) {
	src := `package p

var mode int

func Clamp(x int8) int8 {
	if x > 10 {
		if x < 5 {
			return 0
		}
		return 10
	}
	return x
}

func Check(x int) int {
	if mode == 7 && x == 3 {
		return 1
	}
	return 0
}

func Use(x int8, y int) int {
	mode = 7
	return int(Clamp(x)) + Check(y)
}
`
	ts := loadAll(t, src, "Clamp", "Check", "Use")
	p := NewPlan(ts)
	results := make([]*Result, len(ts))
	for _, i := range []int{0, 1} {
		r, err := Analyze(context.Background(), ts[i], Defaults())
		if err != nil {
			t.Fatal(err)
		}
		results[i] = r
	}
	cfg := Defaults()
	cfg.Given = p.Given(2, results)
	r, err := Analyze(context.Background(), ts[2], cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.EngineWrong) > 0 {
		t.Errorf("loud lines %q", r.EngineWrong)
	}
	verdicts := map[string]string{}
	for _, b := range r.Branches {
		verdicts[b.Pos.String()+" "+b.Outcome] = string(b.Verdict) + " " + b.DecidedIn
	}
	for at, want := range map[string]string{
		"p.go:7:6 true":   "unreachable Clamp", // Clamp's proof holds in every caller
		"p.go:6:5 true":   "covered ",          // given as covered: still flipped towards, covered here
		"p.go:16:5 true":  "covered ",          // Check's proof is from mode == 0: searched again
		"p.go:16:18 true": "covered ",
	} {
		if got := verdicts[at]; got != want {
			t.Errorf("%s: %q, want %q", at, got, want)
		}
	}
	for _, b := range r.Branches {
		if b.DecidedIn != "" && b.Verdict == report.Unreachable && (!b.HoldsInCallers || b.Reason == "") {
			t.Errorf("%s %s taken over without its proof: %+v", b.Pos, b.Outcome, b)
		}
	}
}
