// A run abandoned at the engine's deadline is no divergence: the side it was to take stays open.

package search

import (
	"testing"
	"time"

	"leapfrog/internal/solver"
)

// TestFollowTimedOut: Follow of a flip whose run the deadline abandons
// leaves the side Unexplored, without the "engine divergence" reason (on a
// loaded CI machine, the random programs' treefrog rows reported such
// sides as divergences).
func TestFollowTimedOut(t *testing.T) {
	src := `
func F(n i32) i32 {
b0:
    jump b1
b1:
    %1 = phi [b0: 0:i32, b2: %2]
    %3 = lt %1, 5000:i32
    if %3 b2 b3
b2:
    %2 = add %1, 1:i32
    jump b1
b3:
    %4 = eq n, 7:i32
    if %4 b4 b5
b4:
    return 1:i32
b5:
    return 0:i32
}
`
	s := irSession(t, src, 10000)
	eng := s.Engine
	_, nodes := s.Execute(solver.Model{})
	eq := nodes[len(nodes)-1] // n == 7, reached after 5000 iterations
	if eq.Depth < 5000 {
		t.Fatalf("the last branch node is at depth %d, want after the loop", eq.Depth)
	}
	if eq.State[ix(true)] != Unexplored {
		t.Fatalf("the side is %v before the flip, want unexplored", eq.State[ix(true)])
	}
	eng.Deadline = time.Now().Add(-time.Second)
	if _, ok := s.Follow(eq, true, solver.Model{"n": 7}); ok {
		t.Fatal("Follow succeeded past the deadline")
	}
	if st, why := eq.State[ix(true)], eq.Reason[ix(true)]; st != Unexplored || why != "" {
		t.Errorf("after a timed-out run the side is %v (%q), want unexplored with no reason", st, why)
	}
}
