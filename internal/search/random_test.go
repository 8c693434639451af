// Random loop-free programs: TreeFrog's verdicts (whole-function encoding, reused over-approximate conflicts) against DFS and against sampled runs.

package search

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"leapfrog/internal/engine"
	"leapfrog/internal/expr"
	"leapfrog/internal/irparse"
	"leapfrog/internal/report"
)

// randomProgram writes a function of two i8 inputs: a sequence of segments,
// each a diamond on a random comparison (sometimes with a nested diamond,
// often on a value the earlier segments computed, so that some outcomes are
// unreachable and states recur) or, when checks is set, a division guarded
// by its check (which keeps TreeFrog off the whole-function encoding).
func randomProgram(rng *rand.Rand, checks bool) string {
	var b strings.Builder
	reg := 0
	next := func() string { reg++; return fmt.Sprintf("%%%d", reg) }
	label := 0
	lbl := func() string { label++; return fmt.Sprintf("l%d", label) }
	operand := func(v string) string {
		switch rng.Intn(4) {
		case 0:
			return "a"
		case 1:
			return "b"
		case 2:
			return v
		}
		return fmt.Sprintf("%d:i8", rng.Intn(256)-128)
	}
	cmps := []string{"lt", "le", "eq", "ne", "gt", "ge"}
	ops := []string{"add", "sub", "and", "or", "xor", "mul"}
	fmt.Fprintf(&b, "func F(a i8, b i8) i8 {\nentry:\n")
	v := "0:i8"
	var diamond func(cur string, depth int) string
	diamond = func(cur string, depth int) string {
		c := next()
		fmt.Fprintf(&b, "\t%s = %s %s, %s\n", c, cmps[rng.Intn(len(cmps))], operand(cur), operand(cur))
		t, f, j := lbl(), lbl(), lbl()
		fmt.Fprintf(&b, "\tif %s %s %s\n%s:\n", c, t, f, t)
		tv := next()
		fmt.Fprintf(&b, "\t%s = %s %s, %s\n", tv, ops[rng.Intn(len(ops))], cur, operand(cur))
		if depth < 1 && rng.Intn(2) == 0 {
			tv = diamond(tv, depth+1)
		}
		tl := fmt.Sprintf("l%d", label) // the block the then side ends in
		fmt.Fprintf(&b, "\tjump %s\n%s:\n", j, f)
		fv := next()
		fmt.Fprintf(&b, "\t%s = %s %s, %s\n\tjump %s\n%s:\n", fv, ops[rng.Intn(len(ops))], cur, operand(cur), j, j)
		if tl == j {
			tl = t
		}
		p := next()
		fmt.Fprintf(&b, "\t%s = phi [%s: %s, %s: %s]\n", p, tl, tv, f, fv)
		return p
	}
	for i, n := 0, 4+rng.Intn(5); i < n; i++ {
		if checks && rng.Intn(2) == 0 {
			d, ok, pan := next(), lbl(), lbl()
			den := operand(v)
			if !strings.Contains(den, ":") {
				fmt.Fprintf(&b, "\t%s = ne %s, 0:i8\n\tif.div %s %s %s\n%s:\n\tpanic.check \"integer divide by zero\"\n%s:\n", d, den, d, ok, pan, pan, ok)
				q := next()
				fmt.Fprintf(&b, "\t%s = div %s, %s\n", q, operand(v), den)
				v = q
				continue
			}
		}
		v = diamond(v, 0)
	}
	fmt.Fprintf(&b, "\treturn %s\n}\n", v)
	return b.String()
}

// TestRandomTreeFrog: on random programs with and without run-time checks,
// TreeFrog (conflict learning on every program) and Auto (the whole-function
// encoding where it applies) give every objective DFS's verdict, and no
// input of a sample (every a, sixteen values of b) takes an outcome they
// claim unreachable.
func TestRandomTreeFrog(t *testing.T) {
	rng := rand.New(rand.NewSource(14))
	whole, tree, unreachable, reused, lemmas := 0, 0, 0, 0, 0
	for i := 0; i < 60; i++ {
		src := randomProgram(rng, i%2 == 1)
		prog, err := irparse.Parse("r.ir", []byte(src))
		if err != nil {
			t.Fatalf("program %d: %v\n%s", i, err, src)
		}
		fn := prog.Funcs[0]
		run := func(st Strategy) (*Session, *Result) {
			slv := NewTestSolver(t)
			defer slv.Close() // now: sixty programs' Z3 contexts would wait for the test's end
			s := NewSession(Config{Fn: fn, Engine: engine.New(expr.NewBuilder(), 10), Solver: slv})
			st.Explore(s)
			return s, s.Result(fn.Name, "", st.Name())
		}
		sa, auto := run(Auto{})
		s, tf := run(TreeFrog{})
		_, ref := run(DFS{})
		if sa.whole != nil {
			whole++
		} else {
			tree++
		}
		reused += tf.Stats.OverReused
		lemmas += tf.Stats.Lemmas
		seen := map[string]bool{}
		e := engine.New(expr.NewBuilder(), 10)
		for a := 0; a < 256; a++ {
			for _, bv := range []int{-128, -127, -2, -1, 0, 1, 2, 3, 7, 15, 16, 63, 64, 100, 126, 127} {
				p := e.Run(fn, map[string]uint64{"a": uint64(a), "b": uint64(bv) & 0xff})
				for _, st := range p.Steps {
					seen[fmt.Sprintf("%d %v", st.If.ID, st.Taken)] = true
				}
			}
		}
		for _, r := range []*Result{tf, auto} {
			for k, b := range r.Branches {
				if b.Verdict != ref.Branches[k].Verdict {
					t.Errorf("program %d: %s %s: %s %s (%s), dfs %s\n%s", i, b.Pos, b.Outcome, r.Strategy, b.Verdict, b.Reason, ref.Branches[k].Verdict, src)
				}
				o := s.Objectives[k]
				if b.Verdict == report.Unreachable && o.If != nil && seen[fmt.Sprintf("%d %v", o.If.ID, o.Dir)] {
					t.Errorf("program %d: FALSE UNREACHABLE %s %s by %s (%s)\n%s", i, b.Pos, b.Outcome, r.Strategy, b.Reason, src)
				}
				if b.Verdict == report.Unreachable {
					unreachable++
				}
			}
		}
	}
	if whole == 0 || tree == 0 || unreachable == 0 || reused == 0 || lemmas == 0 {
		t.Errorf("%d programs on the whole-function encoding (auto), %d on the tree (%d reuses of over-approximate conflicts and %d lemmas by treefrog), %d unreachable outcomes: the test does not exercise them all", whole, tree, reused, lemmas, unreachable)
	}
	t.Logf("auto: %d whole-function, %d tree; treefrog: %d reuses of over-approximate conflicts, %d lemmas; %d unreachable outcomes", whole, tree, reused, lemmas, unreachable)
}
