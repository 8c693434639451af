// Minimised cases: small integers found jointly, strings no longer than their path needs, printable bytes, the same runs.

package search

import (
	"testing"

	"leapfrog/internal/expr"
	"leapfrog/internal/solver"
)

// minimiseRun explores the IR function F and returns the session, its
// result made.
func minimiseRun(t *testing.T, src string) *Session {
	t.Helper()
	s := irSession(t, src, 10)
	TreeFrog{}.Explore(s)
	s.Result("F", "p", "treefrog")
	return s
}

// keptCases are the session's cases the result kept.
func keptCases(s *Session) []*Case {
	kept := s.keep()
	var cs []*Case
	for _, c := range s.Cases {
		if kept[c] {
			cs = append(cs, c)
		}
	}
	return cs
}

// Triangle's a+b <= c: the solver's first model wraps around (a+b
// overflows), which no variable alone can leave; minimised jointly, every
// case's sides are at most 4, and each run still takes the steps it took.
const triangleIR = `
func F(a i32, b i32, c i32) i64 {
b0:
	%0 = le a, 0:i32
	if %0 b9 b1
b1:
	%1 = le b, 0:i32
	if %1 b9 b2
b2:
	%2 = le c, 0:i32
	if %2 b9 b3
b3:
	%3 = add a, b
	%4 = le %3, c
	if %4 b9 b4
b4:
	%5 = add a, c
	%6 = le %5, b
	if %6 b9 b5
b5:
	%7 = eq a, b
	if %7 b6 b8
b6:
	return 2:i64
b8:
	return 1:i64
b9:
	return 0:i64
}
`

func TestMinimiseJointly(t *testing.T) {
	s := minimiseRun(t, triangleIR)
	cs := keptCases(s)
	if len(cs) < 6 {
		t.Fatalf("%d kept cases, want at least 6", len(cs))
	}
	for _, c := range cs {
		for _, v := range []string{"a", "b", "c"} {
			x := expr.Signed(c.Model[v], 32)
			if x < -4 || x > 4 {
				t.Errorf("case %d: %s = %d, want |%s| <= 4 (model %v)", c.Index, v, x, v, c.Model)
			}
		}
		if p := s.Engine.Run(s.Fn, c.Model); !samePath(p, c.Path) {
			t.Errorf("the run on the minimised model %v takes other steps than the case's", c.Model)
		}
	}
}

// A string is as long as its path needs: the last byte dropped, the run
// takes other steps; a byte no condition pins is printable.
const stringIR = `
func F(s string) i64 {
b0:
	%0 = len s
	%1 = gt %0, 2:i64
	if %1 b1 b3
b1:
	%2 = index s, 2:i64
	%3 = eq %2, 120:u8
	if %3 b2 b3
b2:
	%4 = index s, 1:i64
	%5 = eq %4, 0:u8
	if %5 b4 b3
b4:
	return 2:i64
b3:
	return 0:i64
}
`

func TestMinimiseStrings(t *testing.T) {
	s := minimiseRun(t, stringIR)
	found := map[string]bool{}
	for _, c := range keptCases(s) {
		n := expr.Signed(c.Model["s#len"], 64)
		var b []byte
		for k := int64(0); k < n; k++ {
			b = append(b, byte(c.Model[elemName("s", k)]))
		}
		found[string(b)] = true
		if n == 0 {
			continue
		}
		m := c.Model.Clone()
		m["s#len"] = uint64(n - 1)
		if p := s.Engine.Run(s.Fn, m); samePath(p, c.Path) {
			t.Errorf("case s = %q: %q takes the same steps: the string is longer than its case needs", b, b[:n-1])
		}
	}
	// s[1] is pinned to 0 on one path only; on the other that reads it,
	// it is printable (its constraint is s[1] != 0), and so is s[0], which
	// no branch reads.
	for _, want := range []string{"", "aaa", "aax", "a\x00x"} {
		if !found[want] {
			t.Errorf("no case with s = %q; cases: %q", want, keys(found))
		}
	}
}

func elemName(s string, k int64) string {
	return s + "[" + string(rune('0'+k)) + "]"
}

func keys(m map[string]bool) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}

// The evaluation alone: an unsigned variable goes to its smallest value
// (not to 4294967295, -1 as signed), a length to the shortest, bytes to
// printable ones, and the terms still hold.
func TestJointByEvaluation(t *testing.T) {
	b := expr.NewBuilder()
	x := b.Var("x", 32)
	n := b.Var("s#len", 64)
	c0 := b.Var("s[0]", 8)
	d0 := b.Var("d[0]", 8) // a byte of a []byte: a number, 0 first
	dn := b.Var("d#len", 64)
	dnil := b.Var("d#nil", 0)
	terms := []*expr.Term{
		b.Ule(b.Const(32, 5), x),                               // x >= 5 unsigned
		b.Sle(b.Const(64, 1), n),                               // len(s) >= 1
		b.Not(b.Eq(c0, b.Const(8, 'a'))),                       // s[0] != 'a'
		b.Ule(b.ZExt(c0, 64), b.Const(64, 'z')),                // s[0] <= 'z'
		b.Sle(n, b.Const(64, 8)),                               // len(s) <= 8
		b.Not(b.Eq(b.BAnd(x, b.Const(32, 1)), b.Const(32, 0))), // x odd
		b.Not(dnil), b.Sle(b.Const(64, 1), dn), b.Not(b.Eq(d0, b.Const(8, 7))),
	}
	model := solver.Model{"x": 0xffffffff, "s#len": 8, "s[0]": 0, "d#len": 3, "d[0]": 'q'}
	mn := joint(nil, terms, model)
	if mn == nil {
		t.Fatal("the model does not satisfy the terms")
	}
	want := solver.Model{"x": 5, "s#len": 1, "s[0]": 'b', "d#len": 1, "d[0]": 0}
	for k, v := range want {
		if mn.m[k] != v {
			t.Errorf("%s = %d, want %d (model %v)", k, mn.m[k], v, mn.m)
		}
	}
	for _, tm := range terms {
		if expr.Eval(tm, mn.m) != 1 {
			t.Errorf("%v does not hold on %v", tm, mn.m)
		}
	}
}
