// The distinct source outcomes: one verdict per (position, outcome) of a package, the totals counted by it, the same after merging shards.

package report

import (
	"testing"
)

func br(pos, outcome string, v Verdict) Branch {
	return Branch{ID: pos + outcome, Pos: pos, Outcome: outcome, Verdict: v}
}

// TestDecide: covered when some function covers it; unreachable when a
// proof holding in callers says so or every function proved it; else
// unknown with the first open function's reason.
func TestDecide(t *testing.T) {
	f, g := &Function{Function: "F"}, &Function{Function: "G"}
	unr := func(checked Check, holds bool) *Branch {
		return &Branch{Verdict: Unreachable, Checked: checked, HoldsInCallers: holds}
	}
	unk := &Branch{Verdict: Unknown, Reason: "timeout"}
	cov := &Branch{Verdict: Covered}
	for _, c := range []struct {
		name    string
		views   []View
		v       Verdict
		checked Check
		reason  string
	}{
		{"covered by one", []View{{g, unr(CheckedIndependent, false)}, {f, cov}}, Covered, "", ""},
		{"all proved", []View{{g, unr(CheckedIndependent, false)}, {f, unr(CheckedEngine, false)}}, Unreachable, CheckedEngine, ""},
		{"all proved, checked", []View{{g, unr(CheckedIndependent, false)}, {f, unr(CheckedIndependent, false)}}, Unreachable, CheckedIndependent, ""},
		// G's proof is relative to G's inputs and the initial state: F,
		// which may set the package state first, leaves it open.
		{"proved in the callee only", []View{{g, unr(CheckedIndependent, false)}, {f, unk}}, Unknown, "", "F: timeout"},
		// A proof holding in every caller settles it whatever F found.
		{"proof holding in callers", []View{{g, unr(CheckedIndependent, true)}, {f, unk}}, Unreachable, CheckedIndependent, ""},
		{"proof holding in callers, engine's", []View{{f, unr(CheckedIndependent, false)}, {g, unr(CheckedEngine, true)}}, Unreachable, CheckedEngine, ""},
		{"open everywhere", []View{{f, unk}, {g, &Branch{Verdict: Unknown}}}, Unknown, "", "F: timeout"},
	} {
		v, checked, reason := Decide(c.views)
		if v != c.v || checked != c.checked || reason != c.reason {
			t.Errorf("%s: %s %q %q, want %s %q %q", c.name, v, checked, reason, c.v, c.checked, c.reason)
		}
	}
}

// TestDistinctTotals: a callee's outcome counts once per package, the
// per-function view once per function; two packages never share one.
func TestDistinctTotals(t *testing.T) {
	rep := &Report{Packages: []*Package{{Path: "p"}, {Path: "q"}}, Functions: []*Function{
		{Function: "G", Package: "p", File: "p/g.go", Line: 1, Branches: []Branch{
			br("g.go:1:6", "entry", Covered), br("g.go:2:5", "true", Unreachable), br("g.go:2:5", "false", Covered)}},
		{Function: "F", Package: "p", File: "p/f.go", Line: 1, Branches: []Branch{
			br("f.go:1:6", "entry", Covered), br("g.go:2:5", "true", Covered), br("g.go:2:5", "false", Unknown)}},
		{Function: "H", Package: "p", File: "p/f.go", Line: 9, Branches: []Branch{
			br("f.go:9:6", "entry", Unknown), br("g.go:2:5", "true", Unknown)}},
		{Function: "G", Package: "q", File: "q/g.go", Line: 1, Branches: []Branch{
			br("g.go:1:6", "entry", Covered), br("g.go:2:5", "true", Unreachable)}},
	}}
	rep.Finish()
	p, q := rep.Packages[0].Totals, rep.Packages[1].Totals
	// p: 3 entries, g.go:2:5 true (covered by F), false (covered by G).
	if p.Objectives != 5 || p.Covered != 4 || p.Unreachable != 0 || p.Unknown != 1 {
		t.Errorf("p: %+v, want 5 outcomes: 4 covered, 1 unknown", p)
	}
	if p.PerFunction != (Verdicts{8, 4, 1, 3}) {
		t.Errorf("p per function: %+v, want 8 objectives: 4 covered, 1 unreachable, 3 unknown", p.PerFunction)
	}
	if q.Objectives != 2 || q.Covered != 1 || q.Unreachable != 1 {
		t.Errorf("q: %+v, want 2 outcomes: 1 covered, 1 unreachable", q)
	}
	s := rep.Summary
	if s.Objectives != 7 || s.Covered != 5 || s.Unreachable != 1 || s.Unknown != 1 || s.PerFunction.Objectives != 10 {
		t.Errorf("summary %+v", s)
	}
}

// TestMergeDistinct: shards split the functions, so a caller in one shard
// searched what the whole run took over from its callee in the other; the
// merged report counts the distinct outcomes as the whole run does.
func TestMergeDistinct(t *testing.T) {
	g := &Function{Function: "G", Package: "p", File: "p/a.go", Line: 1, Branches: []Branch{
		br("a.go:1:6", "entry", Covered), br("a.go:2:5", "false", Covered),
		{ID: "t", Pos: "a.go:2:5", Outcome: "true", Verdict: Unreachable, HoldsInCallers: true, Checked: CheckedIndependent}}}
	// The whole run: F takes G's verdicts over.
	fWhole := &Function{Function: "F", Package: "p", File: "p/a.go", Line: 9, Branches: []Branch{
		br("a.go:9:6", "entry", Covered),
		{ID: "f", Pos: "a.go:2:5", Outcome: "false", Verdict: Covered, DecidedIn: "G"},
		{ID: "t", Pos: "a.go:2:5", Outcome: "true", Verdict: Unreachable, HoldsInCallers: true, Checked: CheckedIndependent, DecidedIn: "G"}}}
	// F's shard: F searched them itself, and its budget ran out.
	fShard := &Function{Function: "F", Package: "p", File: "p/a.go", Line: 9, Branches: []Branch{
		br("a.go:9:6", "entry", Covered), br("a.go:2:5", "false", Covered), br("a.go:2:5", "true", Unknown)}}
	flags := Flags{Strategy: "treefrog"}
	whole := &Report{Tool: "leapfrog", Flags: flags, Packages: []*Package{{Path: "p"}}, Functions: []*Function{g, fWhole}}
	whole.Finish()
	s1 := &Report{Tool: "leapfrog", Flags: flags, Shard: "1/2", Packages: []*Package{{Path: "p"}}, Functions: []*Function{g}}
	s2 := &Report{Tool: "leapfrog", Flags: flags, Shard: "2/2", Packages: []*Package{{Path: "p"}}, Functions: []*Function{fShard}}
	s1.Finish()
	s2.Finish()
	merged, err := Merge([]*Report{s2, s1})
	if err != nil {
		t.Fatal(err)
	}
	w, m := whole.Summary, merged.Summary
	if w.Objectives != 4 || w.Covered != 3 || w.Unreachable != 1 {
		t.Errorf("whole run: %+v, want 4 outcomes: 3 covered, 1 unreachable", w)
	}
	if w.Objectives != m.Objectives || w.Covered != m.Covered || w.Unreachable != m.Unreachable || w.Unknown != m.Unknown {
		t.Errorf("merged shards count %+v, the whole run %+v", m, w)
	}
}
