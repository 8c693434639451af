// Differential tests: sync/atomic's functions and typed forms against the replacements, exhaustively on edge values and on random sequences.

package replacements

import (
	"fmt"
	"math"
	"math/rand"
	"sync/atomic"
	"testing"
	"unsafe"
)

// intFuncs are one integer type's atomic functions.
type intFuncs[T any] struct {
	swap, add, and, or func(*T, T) T
	cas                func(*T, T, T) bool
	load               func(*T) T
	store              func(*T, T)
}

// checkIntFuncs runs every function of real and repl on every pair (and
// triple, for CompareAndSwap) of vals, and on a nil address: results, the
// final value and the panics must agree.
func checkIntFuncs[T comparable](t *testing.T, name string, vals []T, real, repl intFuncs[T]) {
	t.Helper()
	run := func(f intFuncs[T], op string, a, b, c T, addr bool) string {
		return outcomeOf(func() string {
			x := a
			p := &x
			if !addr {
				p = nil
			}
			var r any
			switch op {
			case "Swap":
				r = f.swap(p, b)
			case "Add":
				r = f.add(p, b)
			case "And":
				r = f.and(p, b)
			case "Or":
				r = f.or(p, b)
			case "CompareAndSwap":
				r = f.cas(p, b, c)
			case "Load":
				r = f.load(p)
			case "Store":
				f.store(p, b)
			}
			return fmt.Sprint(r, " ", x)
		})
	}
	n := 0
	for _, op := range []string{"Swap", "Add", "And", "Or", "CompareAndSwap", "Load", "Store"} {
		for _, a := range vals {
			for _, b := range vals {
				for _, c := range vals {
					for _, addr := range []bool{true, false} {
						got, want := run(repl, op, a, b, c, addr), run(real, op, a, b, c, addr)
						if got != want {
							t.Errorf("%s%s(%v, %v, %v) addr %v: got %s, want %s", op, name, a, b, c, addr, got, want)
						}
						n++
					}
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("nothing compared")
	}
}

// outcomeOf runs f: its result, or the panic's value.
func outcomeOf(f func() string) (s string) {
	defer func() {
		if r := recover(); r != nil {
			s = fmt.Sprintf("panic(%v)", r)
		}
	}()
	return f()
}

func TestAtomicFuncs(t *testing.T) {
	checkIntFuncs(t, "Int32", []int32{0, 1, -1, 5, math.MaxInt32, math.MinInt32},
		intFuncs[int32]{atomic.SwapInt32, atomic.AddInt32, atomic.AndInt32, atomic.OrInt32, atomic.CompareAndSwapInt32, atomic.LoadInt32, atomic.StoreInt32},
		intFuncs[int32]{SwapInt32, AddInt32, AndInt32, OrInt32, CompareAndSwapInt32, LoadInt32, StoreInt32})
	checkIntFuncs(t, "Int64", []int64{0, 1, -1, 5, math.MaxInt64, math.MinInt64},
		intFuncs[int64]{atomic.SwapInt64, atomic.AddInt64, atomic.AndInt64, atomic.OrInt64, atomic.CompareAndSwapInt64, atomic.LoadInt64, atomic.StoreInt64},
		intFuncs[int64]{SwapInt64, AddInt64, AndInt64, OrInt64, CompareAndSwapInt64, LoadInt64, StoreInt64})
	checkIntFuncs(t, "Uint32", []uint32{0, 1, 5, math.MaxUint32, 1 << 31},
		intFuncs[uint32]{atomic.SwapUint32, atomic.AddUint32, atomic.AndUint32, atomic.OrUint32, atomic.CompareAndSwapUint32, atomic.LoadUint32, atomic.StoreUint32},
		intFuncs[uint32]{SwapUint32, AddUint32, AndUint32, OrUint32, CompareAndSwapUint32, LoadUint32, StoreUint32})
	checkIntFuncs(t, "Uint64", []uint64{0, 1, 5, math.MaxUint64, 1 << 63},
		intFuncs[uint64]{atomic.SwapUint64, atomic.AddUint64, atomic.AndUint64, atomic.OrUint64, atomic.CompareAndSwapUint64, atomic.LoadUint64, atomic.StoreUint64},
		intFuncs[uint64]{SwapUint64, AddUint64, AndUint64, OrUint64, CompareAndSwapUint64, LoadUint64, StoreUint64})
	checkIntFuncs(t, "Uintptr", []uintptr{0, 1, 5, math.MaxUint64, 1 << 63},
		intFuncs[uintptr]{atomic.SwapUintptr, atomic.AddUintptr, atomic.AndUintptr, atomic.OrUintptr, atomic.CompareAndSwapUintptr, atomic.LoadUintptr, atomic.StoreUintptr},
		intFuncs[uintptr]{SwapUintptr, AddUintptr, AndUintptr, OrUintptr, CompareAndSwapUintptr, LoadUintptr, StoreUintptr})
}

func TestAtomicPointerFuncs(t *testing.T) {
	a, b := new(int), new(int)
	ptrs := []unsafe.Pointer{nil, unsafe.Pointer(a), unsafe.Pointer(b)}
	for _, x := range ptrs {
		for _, y := range ptrs {
			for _, z := range ptrs {
				p, q := x, x
				if got, want := SwapPointer(&p, y), atomic.SwapPointer(&q, y); got != want || p != q {
					t.Errorf("SwapPointer(%v, %v)", x, y)
				}
				p, q = x, x
				if got, want := CompareAndSwapPointer(&p, y, z), atomic.CompareAndSwapPointer(&q, y, z); got != want || p != q {
					t.Errorf("CompareAndSwapPointer(%v, %v, %v)", x, y, z)
				}
				p, q = x, x
				StorePointer(&p, y)
				atomic.StorePointer(&q, y)
				if p != q || LoadPointer(&p) != atomic.LoadPointer(&q) {
					t.Errorf("StorePointer(%v, %v)", x, y)
				}
			}
		}
	}
	got := outcomeOf(func() string { return fmt.Sprint(LoadPointer(nil)) })
	want := outcomeOf(func() string { return fmt.Sprint(atomic.LoadPointer(nil)) })
	if got != want {
		t.Errorf("LoadPointer(nil): %s, want %s", got, want)
	}
}

// atomicInt is the method set of the integer typed forms.
type atomicInt[T any] interface {
	Load() T
	Store(T)
	Swap(T) T
	CompareAndSwap(T, T) bool
	Add(T) T
	And(T) T
	Or(T) T
}

// checkTyped runs the same random sequences of methods on real and repl
// (fresh zero values made by mk): every result must agree.
func checkTyped[T comparable](t *testing.T, name string, vals []T, mkReal, mkRepl func() atomicInt[T]) {
	t.Helper()
	r := rand.New(rand.NewSource(1))
	for seq := 0; seq < 300; seq++ {
		real, repl := mkReal(), mkRepl()
		for step := 0; step < 12; step++ {
			a, b := vals[r.Intn(len(vals))], vals[r.Intn(len(vals))]
			var got, want any
			op := r.Intn(7)
			switch op {
			case 0:
				got, want = repl.Load(), real.Load()
			case 1:
				repl.Store(a)
				real.Store(a)
			case 2:
				got, want = repl.Swap(a), real.Swap(a)
			case 3:
				got, want = repl.CompareAndSwap(a, b), real.CompareAndSwap(a, b)
			case 4:
				got, want = repl.Add(a), real.Add(a)
			case 5:
				got, want = repl.And(a), real.And(a)
			case 6:
				got, want = repl.Or(a), real.Or(a)
			}
			if got != want || repl.Load() != real.Load() {
				t.Fatalf("%s sequence %d step %d (op %d, %v, %v): got %v (now %v), want %v (now %v)", name, seq, step, op, a, b, got, repl.Load(), want, real.Load())
			}
		}
	}
}

func TestAtomicTyped(t *testing.T) {
	checkTyped(t, "Int32", []int32{0, 1, -1, 3, math.MaxInt32, math.MinInt32},
		func() atomicInt[int32] { return new(atomic.Int32) }, func() atomicInt[int32] { return new(atomicInt32) })
	checkTyped(t, "Int64", []int64{0, 1, -1, 3, math.MaxInt64, math.MinInt64},
		func() atomicInt[int64] { return new(atomic.Int64) }, func() atomicInt[int64] { return new(atomicInt64) })
	checkTyped(t, "Uint32", []uint32{0, 1, 3, math.MaxUint32},
		func() atomicInt[uint32] { return new(atomic.Uint32) }, func() atomicInt[uint32] { return new(atomicUint32) })
	checkTyped(t, "Uint64", []uint64{0, 1, 3, math.MaxUint64},
		func() atomicInt[uint64] { return new(atomic.Uint64) }, func() atomicInt[uint64] { return new(atomicUint64) })
	checkTyped(t, "Uintptr", []uintptr{0, 1, 3, math.MaxUint64},
		func() atomicInt[uintptr] { return new(atomic.Uintptr) }, func() atomicInt[uintptr] { return new(atomicUintptr) })
}

func TestAtomicBoolPointer(t *testing.T) {
	bools := []bool{false, true}
	for _, ops := range allSeqs(4, 4) {
		var real atomic.Bool
		var repl atomicBool
		for k, op := range ops {
			a, b := bools[k%2], bools[(k/2)%2]
			var got, want bool
			switch op {
			case 0:
				got, want = repl.Load(), real.Load()
			case 1:
				repl.Store(a)
				real.Store(a)
			case 2:
				got, want = repl.Swap(b), real.Swap(b)
			case 3:
				got, want = repl.CompareAndSwap(a, b), real.CompareAndSwap(a, b)
			}
			if got != want || repl.Load() != real.Load() {
				t.Fatalf("Bool %v step %d: got %v, want %v", ops, k, got, want)
			}
		}
	}
	x, y := new(string), new(string)
	ptrs := []*string{nil, x, y}
	for _, ops := range allSeqs(4, 4) {
		var real atomic.Pointer[string]
		var repl atomicPointer[string]
		for k, op := range ops {
			a, b := ptrs[k%3], ptrs[(k+op)%3]
			var got, want any
			switch op {
			case 0:
				got, want = repl.Load(), real.Load()
			case 1:
				repl.Store(a)
				real.Store(a)
			case 2:
				got, want = repl.Swap(b), real.Swap(b)
			case 3:
				got, want = repl.CompareAndSwap(a, b), real.CompareAndSwap(a, b)
			}
			if got != want || repl.Load() != real.Load() {
				t.Fatalf("Pointer %v step %d: got %v, want %v", ops, k, got, want)
			}
		}
	}
}

// allSeqs is every sequence of n operations among k.
func allSeqs(n, k int) [][]int {
	out := [][]int{{}}
	for i := 0; i < n; i++ {
		var next [][]int
		for _, s := range out {
			for op := 0; op < k; op++ {
				next = append(next, append(append([]int(nil), s...), op))
			}
		}
		out = next
	}
	return out
}

func TestAtomicValue(t *testing.T) {
	// Values of three dynamic types, one of them uncomparable, and nil.
	vals := []any{nil, 1, 2, "a", []int{1}}
	panics := 0
	for _, ops := range allSeqs(3, 4) {
		for _, a := range vals {
			for _, b := range vals {
				run := func(v interface {
					Load() any
					Store(any)
					Swap(any) any
					CompareAndSwap(any, any) bool
				}) string {
					var out []string
					for _, op := range ops {
						out = append(out, outcomeOf(func() string {
							switch op {
							case 0:
								return fmt.Sprint(v.Load())
							case 1:
								v.Store(a)
								return ""
							case 2:
								return fmt.Sprint(v.Swap(b))
							}
							return fmt.Sprint(v.CompareAndSwap(a, b))
						}))
						out = append(out, fmt.Sprint(v.Load()))
					}
					return fmt.Sprint(out)
				}
				got, want := run(new(atomicValue)), run(new(atomic.Value))
				if got != want {
					t.Errorf("Value %v with %v, %v: got %s, want %s", ops, a, b, got, want)
				}
				if containsPanic(want) {
					panics++
				}
			}
		}
	}
	if panics == 0 {
		t.Error("no sequence panics: the typing rules are not exercised")
	}
}

func containsPanic(s string) bool {
	for i := 0; i+6 <= len(s); i++ {
		if s[i:i+6] == "panic(" {
			return true
		}
	}
	return false
}
