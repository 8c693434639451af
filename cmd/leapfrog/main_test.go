// The collector's settings: leapfrog's pace unless GOGC or GOMEMLIMIT says otherwise.

package main

import (
	"math"
	"runtime/debug"
	"testing"
)

func TestCollectLess(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))

	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	collectLess()
	if got := debug.SetGCPercent(100); got != gcPercent {
		t.Errorf("GOGC unset: the collector's percent is %d, want %d", got, gcPercent)
	}
	limit := debug.SetMemoryLimit(math.MaxInt64)
	if total := totalMemory(); total > 0 && limit != int64(float64(total)*memLimitShare) {
		t.Errorf("GOMEMLIMIT unset: the soft limit is %d, want %v of %d", limit, memLimitShare, total)
	}

	// The user's settings stand (the runtime read them at start: here
	// they are set by hand as it would have).
	t.Setenv("GOGC", "77")
	t.Setenv("GOMEMLIMIT", "1GiB")
	debug.SetGCPercent(77)
	debug.SetMemoryLimit(1 << 30)
	collectLess()
	if got := debug.SetGCPercent(100); got != 77 {
		t.Errorf("GOGC=77: the collector's percent is %d, want 77", got)
	}
	if got := debug.SetMemoryLimit(math.MaxInt64); got != 1<<30 {
		t.Errorf("GOMEMLIMIT=1GiB: the soft limit is %d, want %d", got, 1<<30)
	}
}
