// TreeFrog's skeletons (§8): the skeletons the CFG walk gives, one query per skeleton, no hopeful flip.

package search

import (
	"fmt"
	"strings"
	"testing"

	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
	"leapfrog/internal/report"
)

// skeletonSrc: u (b > 10 the second time, true) needs a > 10 and b > 10.
// The concolic phase covers both sides of the first two tests and flips
// u's own instances, which their prefixes refute (a ≤ 10 on the first
// path, b ≤ 10 on the path with a > 10). What is left is the side b > 10
// true on the path a > 10: its objective is covered (an eager flip never
// takes it), and u lies beyond it. Its skeleton to u is [a > 10 (second)
// true, u]: the other side of the second a > 10 does not lead to u. One
// query, on that skeleton, covers u.
const skeletonSrc = `
func F(a i32, b i32) i32 {
entry:
	%1 = gt a, 10:i32
	if %1 t1 f1
t1:
	jump j1
f1:
	jump j1
j1:
	%2 = gt b, 10:i32
	if %2 t2 f2
t2:
	jump j2
f2:
	jump j2
j2:
	%3 = gt a, 10:i32
	if %3 t3 f3
t3:
	%4 = gt b, 10:i32
	if %4 u f4
u:
	jump e
f4:
	jump e
f3:
	jump e
e:
	%5 = phi [u: 1:i32, f4: 0:i32, f3: 2:i32]
	return %5
}
`

// ifsOf returns the function's Ifs in block order.
func ifsOf(fn *ir.Function) []*ir.If {
	var ifs []*ir.If
	for _, b := range fn.Blocks {
		if x, ok := b.Terminator().(*ir.If); ok {
			ifs = append(ifs, x)
		}
	}
	return ifs
}

// TestSkeletonQuery: pure TreeFrog covers every outcome of skeletonSrc
// with exactly one skeleton and one query towards a target, no hopeful
// flip; DFS agrees on every verdict.
func TestSkeletonQuery(t *testing.T) {
	s := irSession(t, skeletonSrc, 10)
	tf := newTreeFrog(s)
	tf.pure = true // as TreeFrog.Explore
	tf.search()
	r := s.Result(s.Fn.Name, "", "treefrog")
	_, ref := runOn(t, skeletonSrc, DFS{})
	for i, b := range r.Branches {
		if b.Verdict != ref.Branches[i].Verdict {
			t.Errorf("%s %s: treefrog %s (%s), dfs %s", b.Pos, b.Outcome, b.Verdict, b.Reason, ref.Branches[i].Verdict)
		}
		if b.Verdict != report.Covered {
			t.Errorf("%s %s: %s (%s), want covered", b.Pos, b.Outcome, b.Verdict, b.Reason)
		}
	}
	st := s.Stats
	if st.HopefulFlips != 0 || st.TargetQueries != 1 || st.Suffixes != 1 || tf.skeletonQueries != 1 {
		t.Errorf("hopeful flips %d, target queries %d (on skeletons %d), skeletons %d; want 0, 1 (1) and 1 (%+v)", st.HopefulFlips, st.TargetQueries, tf.skeletonQueries, st.Suffixes, st)
	}
	if st.SolverCalls != st.EagerFlips+st.TargetQueries {
		t.Errorf("%d solver calls != %d eager flips + %d target queries", st.SolverCalls, st.EagerFlips, st.TargetQueries)
	}
}

// skeletonWalkSrc: from the entry to u (a == 7 true), the path through
// a > 0 true must also take b == 1 false (its true side returns), the
// one through a > 0 false need not; both take c > 0 true.
const skeletonWalkSrc = `
func F(a i32, b i32, c i32) i32 {
entry:
	%1 = gt a, 0:i32
	if %1 t1 f1
t1:
	%2 = eq b, 1:i32
	if %2 r1 j1
r1:
	return 1:i32
f1:
	jump j1
j1:
	%3 = gt c, 0:i32
	if %3 t3 r4
t3:
	%4 = eq a, 7:i32
	if %4 u r3
u:
	return 2:i32
r3:
	return 3:i32
r4:
	return 4:i32
}
`

// TestSkeletonWalk checks the skeletons of §8.1 the CFG walk gives, and
// their pruning by conflicts with the prefix and the skeleton so far.
func TestSkeletonWalk(t *testing.T) {
	s := irSession(t, skeletonWalkSrc, 10)
	fn := s.Fn
	tf := newTreeFrog(s)
	tf.invTerm = map[*ir.If]*expr.Term{}
	ifs := ifsOf(fn) // a > 0, b == 1, c > 0, a == 7
	if len(ifs) != 4 {
		t.Fatalf("%d ifs", len(ifs))
	}
	u := s.objOfSide[Lit{ifs[3], true}]
	entry := fn.Blocks[0]
	show := func(sks [][]Lit) string {
		var out []string
		for _, sk := range sks {
			out = append(out, fmt.Sprint(sk))
		}
		return fmt.Sprint(out)
	}
	lit := func(i int, d bool) Lit { return Lit{ifs[i], d} }

	// No conflict: the two paths' skeletons are [b == 1 false, c > 0 true,
	// u] and [c > 0 true, u]; the first contains the second and is dropped.
	sks, ok := tf.skeletonsFrom(entry, u, nil)
	if want := show([][]Lit{{lit(2, true), lit(3, true)}}); !ok || show(sks) != want {
		t.Errorf("skeletons %s %v, want %s", show(sks), ok, want)
	}

	// The branch constraints, invariant: a conflict between the prefix's p
	// and a > 0 false leaves only the path through a > 0 true, whose
	// skeleton now holds the side the conflict forces and b == 1 false.
	B := s.B
	x := func(name string) *expr.Term { return B.Var(name, 32) }
	p := B.Eq(x("p"), B.Const(32, 1))
	tA := B.Slt(B.Const(32, 0), x("a"))
	tf.invTerm[ifs[0]] = tA
	s.Conflicts.Add(&Conflict{Lits: []Lit{lit(0, false)}, Terms: []*expr.Term{p, B.Not(tA)}})
	sks, ok = tf.skeletonsFrom(entry, u, []*expr.Term{p})
	if want := show([][]Lit{{lit(0, true), lit(1, false), lit(2, true), lit(3, true)}}); !ok || show(sks) != want {
		t.Errorf("with the conflict {p, a > 0 false}: skeletons %s %v, want %s", show(sks), ok, want)
	}

	// A conflict between p and c > 0 true refutes every skeleton.
	tC := B.Slt(B.Const(32, 0), x("c"))
	tf.invTerm[ifs[2]] = tC
	s.Conflicts.Add(&Conflict{Lits: []Lit{lit(2, true)}, Terms: []*expr.Term{p, tC}})
	if sks, ok = tf.skeletonsFrom(entry, u, []*expr.Term{p}); !ok || len(sks) != 0 {
		t.Errorf("with the conflict {p, c > 0}: skeletons %s %v, want none", show(sks), ok)
	}
}

// loopBeyondBoundSrc: u (i == 50 after the loop) needs 50 iterations, past
// the bound of 10.
const loopBeyondBoundSrc = `
func F(n i32) i32 {
b0:
	jump b1
b1:
	%1 = phi [b0: 0:i32, b2: %2]
	%3 = lt %1, n
	if %3 b2 b3
b2:
	%2 = add %1, 1:i32
	jump b1
b3:
	%4 = eq %1, 50:i32
	if %4 b4 b5
b4:
	return 1:i32
b5:
	return 0:i32
}
`

// TestTreeFrogLoopBeyondBound: with no hopeful flip, an objective the
// enumeration cannot reach within the loop's bound stays unknown, with the
// bound as the reason, never unreachable; every other outcome is covered.
func TestTreeFrogLoopBeyondBound(t *testing.T) {
	s, r := runOn(t, loopBeyondBoundSrc, TreeFrog{})
	if s.Stats.HopefulFlips != 0 {
		t.Errorf("%d hopeful flips", s.Stats.HopefulFlips)
	}
	unknown := 0
	for _, b := range r.Branches {
		t.Logf("%s %s: %s (%s)", b.Pos, b.Outcome, b.Verdict, b.Reason)
		switch b.Verdict {
		case report.Unreachable:
			t.Errorf("%s %s unreachable (%s): it is reached with n = 50", b.Pos, b.Outcome, b.Reason)
		case report.Unknown:
			unknown++
			if !strings.Contains(b.Reason, "bound") {
				t.Errorf("%s %s: unknown for %q, want the loop's bound as the reason", b.Pos, b.Outcome, b.Reason)
			}
		}
	}
	if unknown != 1 {
		t.Errorf("%d unknown outcomes, want 1 (i == 50 true)", unknown)
	}
}
