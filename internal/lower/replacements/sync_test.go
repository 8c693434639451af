// Differential tests: sync's Mutex, RWMutex, Once, OnceFunc/OnceValue(s), WaitGroup, Pool and Map against the replacements.

package replacements

import (
	"errors"
	"fmt"
	"math"
	"math/rand"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// rwLocker is the method set of sync.RWMutex (a Mutex has the first three).
type rwLocker interface {
	Lock()
	Unlock()
	TryLock() bool
	RLock()
	RUnlock()
	TryRLock() bool
}

var rwOps = []string{"Lock", "Unlock", "TryLock", "RLock", "RUnlock", "TryRLock"}

// apply runs operation op on l and returns what it returned ("" for none).
func apply(l rwLocker, op int) string {
	switch op {
	case 0:
		l.Lock()
	case 1:
		l.Unlock()
	case 2:
		return strconv.FormatBool(l.TryLock())
	case 3:
		l.RLock()
	case 4:
		l.RUnlock()
	case 5:
		return strconv.FormatBool(l.TryRLock())
	}
	return ""
}

// locker is the method set of sync.Mutex.
type locker interface {
	Lock()
	Unlock()
	TryLock() bool
}

// mutexRW gives a Mutex (real or replacement) the methods it lacks; they
// are never called.
type mutexRW struct{ locker }

func (mutexRW) RLock()         { panic("no RLock") }
func (mutexRW) RUnlock()       { panic("no RUnlock") }
func (mutexRW) TryRLock() bool { panic("no TryRLock") }

// runMirror runs ops on the replacement: the results, and the index and
// reason of the fatal error that ends it (-1 when none does).
func runMirror(l rwLocker, ops []int) (out []string, at int, why fatal) {
	for i, op := range ops {
		var f fatal
		r := func() (r string) {
			defer func() {
				if x := recover(); x != nil {
					f = x.(fatal)
				}
			}()
			return apply(l, op)
		}()
		if f != "" {
			return out, i, f
		}
		out = append(out, r)
	}
	return out, -1, ""
}

// runReal runs ops on the real lock in a goroutine of its own: the results,
// or false when it blocked (where the replacement did not).
func runReal(l rwLocker, ops []int) ([]string, bool) {
	return unblocked(func() []string {
		var out []string
		for _, op := range ops {
			out = append(out, apply(l, op))
		}
		return out
	})
}

// unblocked runs f in a goroutine of its own: its result, or false when it
// has not returned within five seconds (it blocked).
func unblocked(f func() []string) ([]string, bool) {
	done := make(chan []string, 1)
	go func() { done <- f() }()
	select {
	case out := <-done:
		return out, true
	case <-time.After(5 * time.Second):
		return nil, false
	}
}

func init() {
	childSeqs["rw"] = func(arg string) { runChildOps(new(sync.RWMutex), arg) }
	childSeqs["mutex"] = func(arg string) { runChildOps(mutexRW{new(sync.Mutex)}, arg) }
}

// runChildOps runs the comma-separated operations of arg on l.
func runChildOps(l rwLocker, arg string) {
	for _, s := range strings.Split(arg, ",") {
		op, _ := strconv.Atoi(s)
		apply(l, op)
	}
}

func opsArg(ops []int) string {
	var s []string
	for _, op := range ops {
		s = append(s, strconv.Itoa(op))
	}
	return strings.Join(s, ",")
}

// checkLocks runs every sequence of up to n operations among k on the
// replacement and on the real lock: the results of the operations the
// replacement completes must agree; each sequence the replacement ends
// with a fatal error at its last operation, up to the first children
// that show every reason, must kill a child process with that error.
func checkLocks(t *testing.T, kind string, k, n int, mkReal, mkRepl func() rwLocker) {
	reasons := map[fatal]int{}
	for length := 1; length <= n; length++ {
		for _, ops := range allSeqs(length, k) {
			got, at, why := runMirror(mkRepl(), ops)
			prefix := ops
			if at >= 0 {
				prefix = ops[:at]
			}
			want, ok := runReal(mkReal(), prefix)
			if !ok {
				t.Fatalf("%s %v: the real lock blocked where the replacement did not", kind, names(ops))
			}
			if !slices.Equal(got, want) {
				t.Errorf("%s %v: got %v, want %v", kind, names(ops), got, want)
			}
			if at == len(ops)-1 && reasons[why] < 2 {
				reasons[why]++
				checkFatal(t, kind+":"+opsArg(ops), why)
			}
		}
	}
	if len(reasons) == 0 {
		t.Errorf("%s: no sequence ends in a fatal error", kind)
	}
}

func names(ops []int) []string {
	var s []string
	for _, op := range ops {
		s = append(s, rwOps[op])
	}
	return s
}

func TestMutex(t *testing.T) {
	checkLocks(t, "mutex", 3, 4, func() rwLocker { return mutexRW{new(sync.Mutex)} }, func() rwLocker { return mutexRW{new(mutex)} })
}

func TestRWMutex(t *testing.T) {
	checkLocks(t, "rw", 6, 3, func() rwLocker { return new(sync.RWMutex) }, func() rwLocker { return new(rwMutex) })
}

// onceBehaviours are what a function given to Once does: return, panic
// with a string, panic with an error.
var errOnce = errors.New("once")

func behave(b int) {
	switch b {
	case 1:
		panic("boom")
	case 2:
		panic(errOnce)
	}
}

// recovered runs f: "" or the panic's value. A replacement's fatal error,
// or its stop where it does not model Go, goes on.
func recovered(f func()) (s string) {
	defer func() {
		if r := recover(); r != nil {
			switch r.(type) {
			case fatal, unmodelled:
				panic(r)
			}
			s = fmt.Sprint("panic: ", r)
		}
	}()
	f()
	return ""
}

func TestOnce(t *testing.T) {
	type doer interface{ Do(func()) }
	for b := 0; b < 3; b++ {
		run := func(o doer) string {
			calls := 0
			var out []string
			for i := 0; i < 3; i++ {
				out = append(out, recovered(func() { o.Do(func() { calls++; behave(b) }) }))
			}
			return fmt.Sprint(out, calls)
		}
		if got, want := run(new(once)), run(new(sync.Once)); got != want {
			t.Errorf("Once with behaviour %d: got %s, want %s", b, got, want)
		}
	}
	var o once
	var why fatal
	func() {
		defer func() { why, _ = recover().(fatal) }()
		o.Do(func() { o.Do(func() {}) })
	}()
	if why == "" {
		t.Fatal("a recursive Do of the replacement does not end in a fatal error")
	}
	checkFatal(t, "once:", why)
}

func init() {
	childSeqs["once"] = func(string) {
		var o sync.Once
		o.Do(func() { o.Do(func() {}) })
	}
	childSeqs["oncefunc"] = func(string) {
		var f func()
		f = sync.OnceFunc(func() { f() })
		f()
	}
	childSeqs["waitgroup"] = func(arg string) {
		var wg sync.WaitGroup
		runWaitGroup(&wg, arg)
	}
}

func TestOnceFunc(t *testing.T) {
	for b := 0; b < 3; b++ {
		runF := func(mk func(func()) func()) string {
			calls := 0
			f := mk(func() { calls++; behave(b) })
			var out []string
			for i := 0; i < 3; i++ {
				out = append(out, recovered(f))
			}
			return fmt.Sprint(out, calls)
		}
		if got, want := runF(OnceFunc), runF(sync.OnceFunc); got != want {
			t.Errorf("OnceFunc with behaviour %d: got %s, want %s", b, got, want)
		}
		runV := func(mk func(func() int) func() int) string {
			calls := 0
			f := mk(func() int { calls++; behave(b); return 7 * calls })
			var out []string
			for i := 0; i < 3; i++ {
				var v int
				out = append(out, recovered(func() { v = f() }), strconv.Itoa(v))
			}
			return fmt.Sprint(out, calls)
		}
		if got, want := runV(onceValueOf[int]{}.OnceValue), runV(sync.OnceValue[int]); got != want {
			t.Errorf("OnceValue with behaviour %d: got %s, want %s", b, got, want)
		}
		runVs := func(mk func(func() (int, string)) func() (int, string)) string {
			calls := 0
			f := mk(func() (int, string) { calls++; behave(b); return calls, "x" })
			var out []string
			for i := 0; i < 3; i++ {
				var v int
				var s string
				out = append(out, recovered(func() { v, s = f() }), strconv.Itoa(v), s)
			}
			return fmt.Sprint(out, calls)
		}
		if got, want := runVs(onceValuesOf[int, string]{}.OnceValues), runVs(sync.OnceValues[int, string]); got != want {
			t.Errorf("OnceValues with behaviour %d: got %s, want %s", b, got, want)
		}
	}
	var why fatal
	func() {
		defer func() { why, _ = recover().(fatal) }()
		var f func()
		f = OnceFunc(func() { f() })
		f()
	}()
	if why == "" {
		t.Fatal("a recursive call of OnceFunc's function does not end in a fatal error")
	}
	checkFatal(t, "oncefunc:", why)
}

// waitGroupOps are the WaitGroup operations of the sequences.
var waitGroupOps = []string{"Add(1)", "Add(-1)", "Add(2)", "Add(1<<32)", "Add(MaxInt32)", "Done", "Wait"}

type waiter interface {
	Add(int)
	Done()
	Wait()
}

// runWaitGroup runs the comma-separated operations of arg on wg; a panic
// of one is recovered and the sequence goes on.
func runWaitGroup(wg waiter, arg string) []string {
	var out []string
	for _, s := range strings.Split(arg, ",") {
		op, _ := strconv.Atoi(s)
		out = append(out, recovered(func() {
			switch op {
			case 0:
				wg.Add(1)
			case 1:
				wg.Add(-1)
			case 2:
				wg.Add(2)
			case 3:
				wg.Add(1 << 32)
			case 4:
				wg.Add(math.MaxInt32)
			case 5:
				wg.Done()
			case 6:
				wg.Wait()
			}
		}))
	}
	return out
}

func TestWaitGroup(t *testing.T) {
	reasons := 0
	for length := 1; length <= 4; length++ {
		for _, ops := range allSeqs(length, len(waitGroupOps)) {
			// The replacement, up to its fatal error.
			var wg waitGroup
			var at int
			var why fatal
			for at = 0; at < len(ops); at++ {
				func() {
					defer func() {
						if r := recover(); r != nil {
							why, _ = r.(fatal)
						}
					}()
					runWaitGroup(&wg, strconv.Itoa(ops[at]))
				}()
				if why != "" {
					break
				}
			}
			got := runWaitGroup(new(waitGroup), opsArg(ops[:at]))
			done := make(chan []string, 1)
			go func() { done <- runWaitGroup(new(sync.WaitGroup), opsArg(ops[:at])) }()
			var want []string
			select {
			case want = <-done:
			case <-time.After(5 * time.Second):
				t.Fatalf("WaitGroup %v: the real one blocked where the replacement did not", ops)
			}
			if !slices.Equal(got, want) {
				t.Errorf("WaitGroup %v: got %v, want %v", ops, got, want)
			}
			if why != "" && at == len(ops)-1 && reasons < 3 && rand.Intn(4) == 0 {
				reasons++
				checkFatal(t, "waitgroup:"+opsArg(ops), why)
			}
		}
	}
	if reasons == 0 {
		t.Error("no WaitGroup sequence checked in a child")
	}
}

func TestPool(t *testing.T) {
	// A pool without New, and one with: Get before any Put calls New.
	for _, withNew := range []bool{false, true} {
		mk := func() func() any {
			calls := 0
			return func() any { calls++; return calls }
		}
		var real sync.Pool
		var repl pool
		if withNew {
			real.New, repl.New = mk(), mk()
		}
		want := fmt.Sprint(real.Get(), real.Get())
		got := fmt.Sprint(repl.Get(), repl.Get())
		if got != want {
			t.Errorf("Get with New %v: got %s, want %s", withNew, got, want)
		}
		real.Put(nil)
		repl.Put(nil) // ignored, as Go's
		if got, want := fmt.Sprint(repl.Get()), fmt.Sprint(real.Get()); got != want {
			t.Errorf("Get after Put(nil), with New %v: got %s, want %s", withNew, got, want)
		}
		repl.Put(1)
		func() {
			defer func() {
				if _, ok := recover().(unmodelled); !ok {
					t.Error("Get after a Put does not abort")
				}
			}()
			repl.Get()
		}()
	}
	// A nil pool: both dereference it.
	var rp *sync.Pool
	var mp *pool
	if got, want := recovered(func() { mp.Get() }), recovered(func() { rp.Get() }); got != want {
		t.Errorf("Get on nil: got %q, want %q", got, want)
	}
	if got, want := recovered(func() { mp.Put(1) }), recovered(func() { rp.Put(1) }); got != want {
		t.Errorf("Put on nil: got %q, want %q", got, want)
	}
	if got, want := recovered(func() { mp.Put(nil) }), recovered(func() { rp.Put(nil) }); got != want {
		t.Errorf("Put(nil) on nil: got %q, want %q", got, want)
	}
}

// syncMapLike is sync.Map's method set.
type syncMapLike interface {
	Load(key any) (value any, ok bool)
	Store(key, value any)
	Clear()
	LoadOrStore(key, value any) (actual any, loaded bool)
	LoadAndDelete(key any) (value any, loaded bool)
	Delete(key any)
	Swap(key, value any) (previous any, loaded bool)
	CompareAndSwap(key, old, new any) (swapped bool)
	CompareAndDelete(key, old any) (deleted bool)
	Range(f func(key, value any) bool)
}

// mapOp runs operation op of a Map sequence: its results, or its panic.
func mapOp(m syncMapLike, op int, k, v, w any) string {
	return outcomeOf(func() string {
		switch op {
		case 0:
			a, b := m.Load(k)
			return fmt.Sprint(a, b)
		case 1:
			m.Store(k, v)
		case 2:
			m.Clear()
		case 3:
			a, b := m.LoadOrStore(k, v)
			return fmt.Sprint(a, b)
		case 4:
			a, b := m.LoadAndDelete(k)
			return fmt.Sprint(a, b)
		case 5:
			m.Delete(k)
		case 6:
			a, b := m.Swap(k, v)
			return fmt.Sprint(a, b)
		case 7:
			return fmt.Sprint(m.CompareAndSwap(k, v, w))
		case 8:
			return fmt.Sprint(m.CompareAndDelete(k, v))
		case 9: // the entries, in order
			var es []string
			m.Range(func(k, v any) bool { es = append(es, fmt.Sprint(k, ":", v)); return true })
			slices.Sort(es)
			return fmt.Sprint(es)
		case 10: // Range stops when f says so
			n := 0
			m.Range(func(k, v any) bool { n++; return false })
			return fmt.Sprint(n)
		}
		return ""
	})
}

func TestMap(t *testing.T) {
	keys := []any{1, 2, "a", []int{1}, nil}
	vals := []any{10, 20, nil, []int{2}}
	r := rand.New(rand.NewSource(2))
	keyAborts, poisonAborts := 0, 0
	for seq := 0; seq < 3000; seq++ {
		var real sync.Map
		var repl syncMap
		for step := 0; step < 8; step++ {
			op := r.Intn(11)
			k, v, w := keys[r.Intn(len(keys))], vals[r.Intn(len(vals))], vals[r.Intn(len(vals))]
			got, want := mapOp(&repl, op, k, v, w), mapOp(&real, op, k, v, w)
			// The replacement aborts the run where Go panics (and may leave
			// the map locked).
			if strings.HasPrefix(got, "panic(sync.Map with a key of an uncomparable type") && strings.HasPrefix(want, "panic(runtime error: hash of unhashable type") {
				keyAborts++
				break
			}
			if strings.HasPrefix(got, "panic("+poisons) && strings.HasPrefix(want, "panic(runtime error: comparing uncomparable type") {
				poisonAborts++
				break
			}
			if got != want {
				t.Fatalf("Map sequence %d step %d: op %d (%v, %v, %v): got %s, want %s", seq, step, op, k, v, w, got, want)
			}
			if got, want := mapOp(&repl, 9, nil, nil, nil), mapOp(&real, 9, nil, nil, nil); got != want {
				t.Fatalf("Map sequence %d after step %d: entries %s, want %s", seq, step, got, want)
			}
		}
	}
	if keyAborts == 0 || poisonAborts == 0 {
		t.Errorf("%d aborts on keys, %d on values: uncomparable keys and values are not exercised", keyAborts, poisonAborts)
	}
}
