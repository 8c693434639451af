// Stand-in for the runtime's clock and timers, for a copy of package time: the real time package underneath.
package corpusrt

import (
	"sync"
	"time"
	"unsafe"
)

// start is the origin of Nano.
var start = time.Now()

// Nano returns a monotonic clock in nanoseconds, never 0.
func Nano() int64 { return int64(time.Since(start)) + 1 }

// Now returns the wall clock as seconds and nanoseconds since 1970, and Nano.
func Now() (sec int64, nsec int32, mono int64) {
	t := time.Now()
	return t.Unix(), int32(t.Nanosecond()), Nano()
}

// A timer fires its function at its deadline, then every period if positive.
type timer struct {
	mu     sync.Mutex
	t      *time.Timer
	period int64
	fire   func(seq uintptr, delta int64)
}

// timers maps the copy's *Timer (as a pointer) to its timer.
var timers sync.Map

// StartTimer arms a timer for key firing at when (a Nano time), then every period.
func StartTimer(key unsafe.Pointer, when, period int64, fire func(seq uintptr, delta int64)) {
	tm := &timer{fire: fire}
	timers.Store(key, tm)
	tm.mu.Lock()
	defer tm.mu.Unlock()
	tm.arm(when, period)
}

// arm schedules tm at when; tm.mu is held.
func (tm *timer) arm(when, period int64) {
	tm.period = period
	var t *time.Timer
	t = time.AfterFunc(time.Duration(when-Nano()), func() {
		tm.mu.Lock()
		current := tm.t == t
		if current && tm.period > 0 {
			tm.arm(when+tm.period, tm.period)
		}
		tm.mu.Unlock()
		if current {
			tm.fire(0, 0)
		}
	})
	tm.t = t
}

// lookup returns key's timer, or nil.
func lookup(key unsafe.Pointer) *timer {
	v, ok := timers.Load(key)
	if !ok {
		return nil
	}
	return v.(*timer)
}

// StopTimer stops key's timer, reporting whether it was still pending.
func StopTimer(key unsafe.Pointer) bool {
	tm := lookup(key)
	if tm == nil {
		return false
	}
	tm.mu.Lock()
	defer tm.mu.Unlock()
	pending := tm.t != nil && tm.t.Stop()
	tm.t = nil
	return pending
}

// ResetTimer re-arms key's timer at when with period, reporting whether it was pending.
func ResetTimer(key unsafe.Pointer, when, period int64) bool {
	tm := lookup(key)
	if tm == nil {
		return false
	}
	tm.mu.Lock()
	defer tm.mu.Unlock()
	pending := tm.t != nil && tm.t.Stop()
	tm.arm(when, period)
	return pending
}

// Sleep pauses for d nanoseconds.
func Sleep(d int64) { time.Sleep(time.Duration(d)) }
