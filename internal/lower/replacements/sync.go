// sync: Mutex, RWMutex, Once, OnceFunc/OnceValue(s), WaitGroup, Pool, Map and Cond, with one goroutine's semantics.

package replacements

// leapfrog interprets one goroutine. Blocking then never ends: Lock of a
// locked Mutex, RLock of a write-locked RWMutex, Lock of a read-locked
// one, Wait on a WaitGroup whose counter is not zero, a recursive
// Once.Do. In Go such a program dies with "fatal error: all goroutines
// are asleep - deadlock!" (in a test, it hangs until the test's timeout);
// here the run is aborted with that reason (panic(fatal(...)), an IR
// FatalPanic), and what it would have reached stays unknown. The fatal
// errors of Go's run time (an unlock of an unlocked mutex), which no
// recover sees and no test survives, abort the run likewise. The panics
// of sync (a negative WaitGroup counter) are ordinary panics.
//
// Each type is a mirror (replace_types.go): the methods' receivers are the
// mirrors, whose fields keep the state one goroutine needs, with the size
// of the type they stand for.

// fatal is the message of a fatal error of Go's run time (a deadlock, an
// unlock of an unlocked mutex, os.Exit): Go never goes past it, no
// deferred call sees it, no test survives it. panic(fatal(...)) in a
// replacement body aborts the run with it as the reason (an IR
// FatalPanic), and the provers may take the path as ended. Compiled
// natively (the differential tests), it is an ordinary panic.
type fatal string

// unmodelled is the reason of a run leapfrog stops where it does not
// model what Go does (Go returns an error, chooses at random, or panics
// with a value the model does not build): panic(unmodelled(...)) in a
// replacement body aborts the run with it as the reason (an IR
// AbortPanic), and no prover may take the path as ended, since Go goes
// on. Compiled natively, it is an ordinary panic.
type unmodelled string

// deadlock is the reason of a run that blocks forever.
const deadlock = "fatal error: all goroutines are asleep - deadlock! (one goroutine waits on itself: "

// mutex replaces sync.Mutex: state is 1 when locked (as sync's), 0 when
// not.
type mutex struct {
	state int32
	_     uint32
}

// Lock replaces (*sync.Mutex).Lock.
func (m *mutex) Lock() {
	if m.state != 0 {
		panic(fatal(deadlock + "Lock of a locked Mutex)"))
	}
	m.state = 1
}

// TryLock replaces (*sync.Mutex).TryLock.
func (m *mutex) TryLock() bool {
	if m.state != 0 {
		return false
	}
	m.state = 1
	return true
}

// Unlock replaces (*sync.Mutex).Unlock.
func (m *mutex) Unlock() {
	if m.state == 0 {
		panic(fatal("fatal error: sync: unlock of unlocked mutex"))
	}
	m.state = 0
}

// rwMutex replaces sync.RWMutex: w is locked by a writer, readers counts
// the readers holding it.
type rwMutex struct {
	w       mutex
	readers int32
	_       [3]uint32
}

// Lock replaces (*sync.RWMutex).Lock.
func (rw *rwMutex) Lock() {
	if rw.w.state != 0 || rw.readers != 0 {
		panic(fatal(deadlock + "Lock of a locked RWMutex)"))
	}
	rw.w.state = 1
}

// TryLock replaces (*sync.RWMutex).TryLock.
func (rw *rwMutex) TryLock() bool {
	if rw.w.state != 0 || rw.readers != 0 {
		return false
	}
	rw.w.state = 1
	return true
}

// Unlock replaces (*sync.RWMutex).Unlock.
func (rw *rwMutex) Unlock() {
	if rw.w.state == 0 {
		panic(fatal("fatal error: sync: Unlock of unlocked RWMutex"))
	}
	rw.w.state = 0
}

// RLock replaces (*sync.RWMutex).RLock.
func (rw *rwMutex) RLock() {
	if rw.w.state != 0 {
		panic(fatal(deadlock + "RLock of a write-locked RWMutex)"))
	}
	rw.readers++
}

// TryRLock replaces (*sync.RWMutex).TryRLock.
func (rw *rwMutex) TryRLock() bool {
	if rw.w.state != 0 {
		return false
	}
	rw.readers++
	return true
}

// RUnlock replaces (*sync.RWMutex).RUnlock.
func (rw *rwMutex) RUnlock() {
	if rw.readers == 0 {
		panic(fatal("fatal error: sync: RUnlock of unlocked RWMutex"))
	}
	rw.readers--
}

// once replaces sync.Once: done is 1 once f has returned or panicked, as
// sync's.
type once struct {
	done uint32
	m    mutex
}

// Do replaces (*sync.Once).Do: sync's code, whose mutex makes a
// recursive Do wait on itself.
func (o *once) Do(f func()) {
	if o.done == 0 {
		o.doSlow(f)
	}
}

func (o *once) doSlow(f func()) {
	o.m.Lock()
	defer o.m.Unlock()
	if o.done == 0 {
		defer o.setDone()
		f()
	}
}

func (o *once) setDone() { o.done = 1 }

// OnceFunc replaces sync.OnceFunc: sync's code.
func OnceFunc(f func()) func() {
	d := struct {
		f     func()
		once  once
		valid bool
		p     any
	}{
		f: f,
	}
	return func() {
		d.once.Do(func() {
			defer func() {
				d.f = nil
				d.p = recover()
				if !d.valid {
					panic(d.p)
				}
			}()
			d.f()
			d.valid = true
		})
		if !d.valid {
			panic(d.p)
		}
	}
}

// onceValueOf carries the type parameter of OnceValue (replace.go).
type onceValueOf[T any] struct{}

// OnceValue replaces sync.OnceValue: sync's code.
func (onceValueOf[T]) OnceValue(f func() T) func() T {
	d := struct {
		f      func() T
		once   once
		valid  bool
		p      any
		result T
	}{
		f: f,
	}
	return func() T {
		d.once.Do(func() {
			defer func() {
				d.f = nil
				d.p = recover()
				if !d.valid {
					panic(d.p)
				}
			}()
			d.result = d.f()
			d.valid = true
		})
		if !d.valid {
			panic(d.p)
		}
		return d.result
	}
}

// onceValuesOf carries the type parameters of OnceValues (replace.go).
type onceValuesOf[T1, T2 any] struct{}

// OnceValues replaces sync.OnceValues: sync's code.
func (onceValuesOf[T1, T2]) OnceValues(f func() (T1, T2)) func() (T1, T2) {
	d := struct {
		f     func() (T1, T2)
		once  once
		valid bool
		p     any
		r1    T1
		r2    T2
	}{
		f: f,
	}
	return func() (T1, T2) {
		d.once.Do(func() {
			defer func() {
				d.f = nil
				d.p = recover()
				if !d.valid {
					panic(d.p)
				}
			}()
			d.r1, d.r2 = d.f()
			d.valid = true
		})
		if !d.valid {
			panic(d.p)
		}
		return d.r1, d.r2
	}
}

// waitGroup replaces sync.WaitGroup: n is the counter (the high half of
// sync's state). WaitGroup.Go starts a goroutine: it is not replaced, and
// a function calling it is rejected.
type waitGroup struct {
	n int32
	_ [3]uint32
}

// Add replaces (*sync.WaitGroup).Add: the counter wraps at 32 bits, and
// is changed before the panic, as sync's.
func (wg *waitGroup) Add(delta int) {
	wg.n += int32(delta)
	if wg.n < 0 {
		panic("sync: negative WaitGroup counter")
	}
}

// Done replaces (*sync.WaitGroup).Done.
func (wg *waitGroup) Done() { wg.Add(-1) }

// Wait replaces (*sync.WaitGroup).Wait.
func (wg *waitGroup) Wait() {
	if wg.n != 0 {
		panic(fatal(deadlock + "Wait on a WaitGroup whose counter is not zero)"))
	}
}

// pool replaces sync.Pool, New at its index. puts counts the values Put
// in the run.
//
// Go's Get returns any value Put before, or calls New: a choice of the
// run time. Get calls New (or returns nil without one), which Go does
// when the pool is empty; after a Put in the same run, where Go would
// often return the value put, the run is aborted. A value put by an
// earlier call (an earlier case, on a package-level pool) is not
// modelled: code that gets one is assumed to reset it, as Pool's users
// must ("any item stored in the Pool may be removed automatically at any
// time").
type pool struct {
	noCopy     struct{}
	local      uintptr
	puts       uintptr
	victim     uintptr
	victimSize uintptr
	New        func() any
}

// Get replaces (*sync.Pool).Get.
func (p *pool) Get() any {
	if p == nil {
		panic("nil Pool")
	}
	if p.puts != 0 {
		panic(unmodelled("sync.Pool.Get after a Put: Go may return the value put or call New (the run time's choice, not modelled)"))
	}
	if p.New != nil {
		return p.New()
	}
	return nil
}

// Put replaces (*sync.Pool).Put.
func (p *pool) Put(x any) {
	if x == nil {
		return
	}
	if p == nil {
		panic("nil Pool")
	}
	p.puts++
}

// syncMap replaces sync.Map: a Go map, made on the first store. Its range
// order is random, as sync's. A key of an uncomparable dynamic type
// aborts the run: sync's hash panics with a run-time error naming the
// type (a Go map's message differs: "hash of unhashable type: T" when it
// is empty).
type syncMap struct {
	m map[any]any
	_ [5]uintptr
}

// hashed is m.m, after checking that key can be hashed.
func (m *syncMap) hashed(key any) map[any]any {
	if !keyComparable(key) {
		panic(unmodelled("sync.Map with a key of an uncomparable type: the run-time error is not modelled"))
	}
	return m.m
}

// Load replaces (*sync.Map).Load.
func (m *syncMap) Load(key any) (value any, ok bool) {
	value, ok = m.hashed(key)[key]
	return value, ok
}

// Store replaces (*sync.Map).Store.
func (m *syncMap) Store(key, value any) {
	if m.hashed(key) == nil {
		m.m = map[any]any{}
	}
	m.m[key] = value
}

// Clear replaces (*sync.Map).Clear.
func (m *syncMap) Clear() { clear(m.m) }

// LoadOrStore replaces (*sync.Map).LoadOrStore.
func (m *syncMap) LoadOrStore(key, value any) (actual any, loaded bool) {
	if v, ok := m.hashed(key)[key]; ok {
		return v, true
	}
	m.Store(key, value)
	return value, false
}

// LoadAndDelete replaces (*sync.Map).LoadAndDelete.
func (m *syncMap) LoadAndDelete(key any) (value any, loaded bool) {
	value, loaded = m.hashed(key)[key]
	delete(m.m, key)
	return value, loaded
}

// Delete replaces (*sync.Map).Delete.
func (m *syncMap) Delete(key any) { delete(m.hashed(key), key) }

// Swap replaces (*sync.Map).Swap.
func (m *syncMap) Swap(key, value any) (previous any, loaded bool) {
	previous, loaded = m.hashed(key)[key]
	m.Store(key, value)
	return previous, loaded
}

// poisons is the reason of a comparison that panics inside sync.Map's
// CompareAndSwap or CompareAndDelete: sync's lock stays held after the
// panic, and a later store may wait on it forever (or not: it depends on
// the hash).
const poisons = "sync.Map.CompareAndSwap or CompareAndDelete of values that do not compare: the panic leaves the map locked (not modelled)"

// CompareAndSwap replaces (*sync.Map).CompareAndSwap: the values are
// compared when the key is present.
func (m *syncMap) CompareAndSwap(key, old, new any) (swapped bool) {
	v, ok := m.hashed(key)[key]
	if ok && !compares(v, old) {
		panic(unmodelled(poisons))
	}
	if !ok || v != old {
		return false
	}
	m.m[key] = new
	return true
}

// CompareAndDelete replaces (*sync.Map).CompareAndDelete.
func (m *syncMap) CompareAndDelete(key, old any) (deleted bool) {
	v, ok := m.hashed(key)[key]
	if ok && !compares(v, old) {
		panic(unmodelled(poisons))
	}
	if !ok || v != old {
		return false
	}
	delete(m.m, key)
	return true
}

// Range replaces (*sync.Map).Range.
func (m *syncMap) Range(f func(key, value any) bool) {
	for k, v := range m.m {
		if !f(k, v) {
			return
		}
	}
}

// cond replaces sync.Cond, L at its index (an interface of Locker's
// methods: the replacement package cannot name sync.Locker, and an
// interface's identity is its method set). checker is the Cond's address
// once it has been used, as sync's copyChecker keeps its own.
//
// With one goroutine nobody else signals: Wait unlocks L, then blocks
// forever (in Go: "fatal error: all goroutines are asleep - deadlock!"),
// and Signal and Broadcast wake nobody.
type cond struct {
	noCopy  struct{}
	L       lockerOf
	notify  [4]uintptr
	checker *cond
}

// lockerOf is sync.Locker's method set (an alias: no named type).
type lockerOf = interface {
	Lock()
	Unlock()
}

// NewCond replaces sync.NewCond.
func NewCond(l lockerOf) *cond { return &cond{L: l} }

// check is sync's copyChecker: a Cond used at one address, then copied
// and used at another, panics.
func (c *cond) check() {
	if c.checker != c {
		if c.checker != nil {
			panic("sync.Cond is copied")
		}
		c.checker = c
	}
}

// Wait replaces (*sync.Cond).Wait.
func (c *cond) Wait() {
	c.check()
	c.L.Unlock()
	panic(fatal(deadlock + "Wait on a Cond no other goroutine signals)"))
}

// Signal replaces (*sync.Cond).Signal.
func (c *cond) Signal() { c.check() }

// Broadcast replaces (*sync.Cond).Broadcast.
func (c *cond) Broadcast() { c.check() }
