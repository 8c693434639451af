// Pure TreeFrog when a budget is raised: one side's budget of guided runs (a random program's outcomes needed more than the first), and loop bounds (the search resumes, no hopeful flip).

package search_test

import (
	"testing"
	"time"

	"leapfrog/internal/search"
	"leapfrog/internal/testutil"
)

// TestSideBudgetRaised: F78 (a random program of the oracle,
// GenerateUnit(1295554727567752836, "F78"), -randseed=1) has sides whose
// suffixes, through a loop of four iterations and four calls of two
// branching helpers, need more guided runs than one side's first budget
// (200). Pure TreeFrog left 10 outcomes unknown ("spent its budget (200
// runs)") where DFS proves them unreachable; raising the side's budget
// (raiseSideBudget) decides them all, as DFS does.
func TestSideBudgetRaised(t *testing.T) {
	dir := testutil.WritePackage(t, "1.23", sideBudgetSrc)
	fn := load(t, dir, "(*F78T).F78")["(*F78T).F78"]
	tf := analyze(t, fn, search.TreeFrog{}, 5*time.Minute, nil)
	ref := analyze(t, fn, search.DFS{}, 5*time.Minute, nil)
	if tf.Stats.Suffixes <= 200 {
		t.Errorf("%d guided runs: the first budget sufficed, the test no longer checks its raise", tf.Stats.Suffixes)
	}
	sameVerdicts(t, ref, tf)
	t.Logf("%+v", tf.Stats)
}

// TestLoopRaiseResumes: when ExploreLoops raises a loop's bound, pure
// TreeFrog resumes its own search on the reopened sides (TreeFrog.Resume)
// and makes no hopeful flip; DFS, which ExploreLoops ran for every
// strategy before, flipped them (3 hopeful flips on Count). The verdicts
// are DFS's.
func TestLoopRaiseResumes(t *testing.T) {
	src := `package p

func Count(x uint8, y int8) int {
	c := 0
	for i := uint8(0); i < x; i++ {
		if i%3 == 0 {
			c++
		}
	}
	if c == 7 && y > 3 {
		return 1
	}
	if c > 12 {
		return 2
	}
	return 0
}
`
	dir := testutil.WritePackage(t, "1.23", src)
	fn := load(t, dir, "Count")["Count"]
	tf := analyze(t, fn, search.TreeFrog{}, 5*time.Minute, nil)
	ref := analyze(t, fn, search.DFS{}, 5*time.Minute, nil)
	if tf.Stats.HopefulFlips != 0 {
		t.Errorf("%d hopeful flips, want none", tf.Stats.HopefulFlips)
	}
	sameVerdicts(t, ref, tf)
	for _, b := range tf.Branches {
		if b.Verdict != "covered" {
			t.Errorf("%s %s: %s (%s), want covered (the loop's bound raised)", b.Pos, b.Outcome, b.Verdict, b.Reason)
		}
	}
	t.Logf("%+v", tf.Stats)
}

// sideBudgetSrc is F78's package, as the generator wrote it.
const sideBudgetSrc = `package p

// F78T has methods with pointer receivers.
type F78T struct {
	A int8
	B bool
}

// Get returns a field; a nil receiver gives -1.
func (t *F78T) Get() int8 {
	if t == nil {
		return -1
	}
	if t.B && t.A > 4 {
		return t.A
	}
	return t.A / 2
}

// Set stores v (and panics on a nil receiver).
func (t *F78T) Set(v int8) {
	if v < 5 {
		t.B = !t.B
	}
	t.A = v
}

// f78h0 is a helper of F78.
func f78h0(h0 int8) bool {
	r := int32(0)
	v1 := h0
	switch (uint8(v1)) & 3 {
	case 6:
	case 100, 54:
		v1 |= (h0 * 4)
		v2 := h0
		r += int32(v2)
		fallthrough
	case 64:
		a3 := [3]uint8{uint8(h0), uint8(h0), uint8(h0)}
		a3[(uint8(h0)&uint8(v1))&1] = uint8(v1)
		a3[a3[2]%3] += 1
		if a3[a3[0]&1] > 16 {
			r += int32(a3[2])
		}
		if h0 > 5 && h0 < 3 {
			r += 77
		}
		fallthrough
	case 128, uint8(h0):
		if uint8(h0)%3 == 3 {
			panic("unreachable 4")
		}
		a5 := [3]uint8{uint8(h0), uint8(v1), uint8(v1)}
		a5[uint8(v1)&1] = a5[(uint8(v1) % 3)]
		a5[a5[1]%3] += 1
		if a5[a5[0]&1] > 17 {
			r += int32(a5[2])
		}
	default:
		p6 := &v1
		q7 := &h0
		if !(int32(v1) != int32(h0)) {
			q7 = p6
		}
		*q7 ^= *q7
		if p6 == q7 {
			r += 5
		}
		k8 := int8(0)
		if v1 == -64 {
			r += int32(int8(uint8(*p6)) % k8)
		}
	}
	return r > 68 || (uint8(v1) != uint8(h0) && v1 > 3)
}

// f78h1 is a helper of F78.
func f78h1(h0 uint8) bool {
	r := int32(0)
	var a9 [4]int8
	p10 := &a9[(uint8(a9[int8(h0)]) & 3)]
	q11 := &a9[3]
	*q11 |= a9[(int32(h0) & 3)]
	if p10 == q11 {
		r += 5
	}
	if v12 := uint8(a9[1]); v12 != h0 {
		if (uint8(a9[3]) << uint8(*p10)) > (uint8(a9[2]) + 127) {
			panic("f78 boom 14")
		}
		a15 := [2]int8{(int8(h0) * int8(v12)), int8(h0)}
		r += int32(a15[1])
	} else {
		v16 := int8(uint8(a9[1]))
		r = r*3 + int32(int8(v12))
		r += int32(v16)
	}
	return r > -1
}

// F78 is generated (unit seed in the test's failure message).
//
//leapfrog:assume z[(uint8(t.Get()) % 3)]
func (t *F78T) F78(x bool, y [2]bool, z [3]bool) int32 {
	r := int32(0)
	for i17 := int8(0); i17 < 4; i17++ {
		t18 := &F78T{A: (-t.A), B: !(t.A >= i17)}
		if !(i17 >= 12 || t.A == i17) {
			t18 = nil
		}
		r += int32(t18.Get())
		r += int32(t.A)
	}
	if t.A&3 == 6 {
		r += 77
	}
	if t == nil {
		panic("f78 boom 21")
	}
	if f78h0(t.A) {
		r += 11
	}
	if f78h0(t.A) {
		r += 11
	}
	if f78h1(uint8(t.Get())) {
		r += 11
	}
	if f78h1(uint8(t.Get())) {
		r += 11
	}
	return r
}
`
