// The replacements of math/rand and math/rand/v2 against the real functions: the same panics on the same arguments, results in the same ranges.

package replacements

import (
	"fmt"
	"math/rand"
	randv2 "math/rand/v2"
	"slices"
	"testing"
)

// panicOf runs f and returns what it panicked with, as text ("" when it
// returned), and its result.
func panicOf[T any](f func() T) (msg string, r T) {
	defer func() {
		if x := recover(); x != nil {
			msg = fmt.Sprint(x)
		}
	}()
	return "", f()
}

// sameIntn checks a replacement of a function of [0, n) against the real
// one on n: the same panic, else both results in range.
func sameIntn[T int | int32 | int64 | uint | uint32 | uint64](t *testing.T, name string, real, repl func(T) T, n T) {
	t.Helper()
	for range 20 {
		pr, r := panicOf(func() T { return real(n) })
		pl, l := panicOf(func() T { return repl(n) })
		if pr != pl {
			t.Fatalf("%s(%v): Go panics %q, the replacement %q", name, n, pr, pl)
		}
		if pr == "" && (r < 0 || r >= n || l < 0 || l >= n) {
			t.Fatalf("%s(%v): Go gives %v, the replacement %v: one is out of [0, %v)", name, n, r, l, n)
		}
	}
}

// TestRandAgainstGo: every replacement panics where the real function
// does, with its message, and otherwise returns a value of the real one's
// range (Perm a permutation, Shuffle n-1 swaps of an element with one at
// or before it), on bounds around 0, small and extreme.
func TestRandAgainstGo(t *testing.T) {
	ints := []int64{-1 << 63, -5, -1, 0, 1, 2, 3, 7, 10, 1000, 1 << 31, 1<<62 + 3, 1<<63 - 1}
	for _, n := range ints {
		sameIntn(t, "Intn", rand.Intn, rand1Intn, int(n))
		sameIntn(t, "Int63n", rand.Int63n, rand1Int63n, n)
		sameIntn(t, "Int31n", rand.Int31n, rand1Int31n, int32(n))
		sameIntn(t, "IntN", randv2.IntN, rand2IntN, int(n))
		sameIntn(t, "Int64N", randv2.Int64N, rand2Int64N, n)
		sameIntn(t, "Int32N", randv2.Int32N, rand2Int32N, int32(n))
		sameIntn(t, "UintN", randv2.UintN, rand2UintN, uint(n))
		sameIntn(t, "Uint64N", randv2.Uint64N, rand2Uint64N, uint64(n))
		sameIntn(t, "Uint32N", randv2.Uint32N, rand2Uint32N, uint32(n))
	}
	for range 200 {
		if rand1Int() < 0 || rand1Int63() < 0 || rand1Int31() < 0 || rand2Int() < 0 || rand2Int64() < 0 || rand2Int32() < 0 {
			t.Fatal("a non-negative replacement gave a negative number")
		}
		for _, f := range []float64{rand1Float64(), float64(rand1Float32()), rand2Float64(), float64(rand2Float32())} {
			if f < 0 || f >= 1 {
				t.Fatalf("a Float replacement gave %v, out of [0, 1)", f)
			}
		}
	}
	for _, n := range []int{-1, 0, 1, 2, 5, 9} {
		for _, perm := range [][2]func(int) []int{{rand.Perm, rand1Perm}, {randv2.Perm, rand2Perm}} {
			pr, _ := panicOf(func() []int { return perm[0](n) })
			pl, p := panicOf(func() []int { return perm[1](n) })
			if pr != pl {
				t.Fatalf("Perm(%d): Go panics %q, the replacement %q", n, pr, pl)
			}
			if pr == "" {
				s := slices.Sorted(slices.Values(p))
				for i, v := range s {
					if v != i {
						t.Fatalf("Perm(%d) = %v: no permutation of [0, %d)", n, p, n)
					}
				}
				if len(s) != n {
					t.Fatalf("Perm(%d) = %v: length %d", n, p, len(s))
				}
			}
		}
		for _, shuffle := range [][2]func(int, func(i, j int)){{rand.Shuffle, rand1Shuffle}, {randv2.Shuffle, rand2Shuffle}} {
			pr, _ := panicOf(func() int { shuffle[0](n, func(i, j int) {}); return 0 })
			calls := 0
			pl, _ := panicOf(func() int {
				shuffle[1](n, func(i, j int) {
					calls++
					if j < 0 || j > i || i >= n {
						t.Fatalf("Shuffle(%d): swap(%d, %d)", n, i, j)
					}
				})
				return 0
			})
			if pr != pl {
				t.Fatalf("Shuffle(%d): Go panics %q, the replacement %q", n, pr, pl)
			}
			if pr == "" && calls != max(n-1, 0) {
				t.Fatalf("Shuffle(%d): %d swaps, want %d", n, calls, max(n-1, 0))
			}
		}
	}
}
