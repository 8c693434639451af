// math/rand and math/rand/v2: the top-level functions, over random bits the engine reads as what a test cannot fix.

package replacements

// The top-level functions of math/rand and math/rand/v2 draw from a
// source seeded at random (Go 1.20 on): a test cannot fix what they
// return. Each replacement draws its bits from randomBits, which the
// engine answers with fresh variables tainted as such (a branch on them is
// unknown, a result from them is not asserted); the rest is Go: the same
// panics as the real ones on the same arguments, results in the same
// ranges (TestRandAgainstGo). Which value in the range is never assumed.

// rand1Int replaces math/rand.Int.
func rand1Int() int { return int(uint(randomBits()) << 1 >> 1) }

// rand1Int63 replaces math/rand.Int63.
func rand1Int63() int64 { return int64(randomBits() >> 1) }

// rand1Int31 replaces math/rand.Int31.
func rand1Int31() int32 { return int32(randomBits() >> 33) }

// rand1Uint32 replaces math/rand.Uint32.
func rand1Uint32() uint32 { return uint32(randomBits() >> 32) }

// rand1Uint64 replaces math/rand.Uint64.
func rand1Uint64() uint64 { return randomBits() }

// rand1Intn replaces math/rand.Intn.
func rand1Intn(n int) int {
	if n <= 0 {
		panic("invalid argument to Intn")
	}
	return int(randomBits() % uint64(n))
}

// rand1Int63n replaces math/rand.Int63n.
func rand1Int63n(n int64) int64 {
	if n <= 0 {
		panic("invalid argument to Int63n")
	}
	return int64(randomBits() % uint64(n))
}

// rand1Int31n replaces math/rand.Int31n.
func rand1Int31n(n int32) int32 {
	if n <= 0 {
		panic("invalid argument to Int31n")
	}
	return int32(randomBits() % uint64(n))
}

// rand1Float64 replaces math/rand.Float64.
func rand1Float64() float64 { return float64(randomBits()>>11) / (1 << 53) }

// rand1Float32 replaces math/rand.Float32.
func rand1Float32() float32 { return float32(randomBits()>>40) / (1 << 24) }

// rand1Perm replaces math/rand.Perm.
func rand1Perm(n int) []int { return randPerm(n) }

// rand1Shuffle replaces math/rand.Shuffle.
func rand1Shuffle(n int, swap func(i, j int)) { randShuffle(n, swap) }

// rand2Int replaces math/rand/v2.Int.
func rand2Int() int { return int(uint(randomBits()) << 1 >> 1) }

// rand2Int64 replaces math/rand/v2.Int64.
func rand2Int64() int64 { return int64(randomBits() >> 1) }

// rand2Int32 replaces math/rand/v2.Int32.
func rand2Int32() int32 { return int32(randomBits() >> 33) }

// rand2Uint32 replaces math/rand/v2.Uint32.
func rand2Uint32() uint32 { return uint32(randomBits() >> 32) }

// rand2Uint64 replaces math/rand/v2.Uint64.
func rand2Uint64() uint64 { return randomBits() }

// rand2Uint replaces math/rand/v2.Uint.
func rand2Uint() uint { return uint(randomBits()) }

// rand2IntN replaces math/rand/v2.IntN.
func rand2IntN(n int) int {
	if n <= 0 {
		panic("invalid argument to IntN")
	}
	return int(randomBits() % uint64(n))
}

// rand2Int64N replaces math/rand/v2.Int64N.
func rand2Int64N(n int64) int64 {
	if n <= 0 {
		panic("invalid argument to Int64N")
	}
	return int64(randomBits() % uint64(n))
}

// rand2Int32N replaces math/rand/v2.Int32N.
func rand2Int32N(n int32) int32 {
	if n <= 0 {
		panic("invalid argument to Int32N")
	}
	return int32(randomBits() % uint64(n))
}

// rand2UintN replaces math/rand/v2.UintN.
func rand2UintN(n uint) uint {
	if n == 0 {
		panic("invalid argument to UintN")
	}
	return uint(randomBits() % uint64(n))
}

// rand2Uint64N replaces math/rand/v2.Uint64N.
func rand2Uint64N(n uint64) uint64 {
	if n == 0 {
		panic("invalid argument to Uint64N")
	}
	return randomBits() % n
}

// rand2Uint32N replaces math/rand/v2.Uint32N.
func rand2Uint32N(n uint32) uint32 {
	if n == 0 {
		panic("invalid argument to Uint32N")
	}
	return uint32(randomBits() % uint64(n))
}

// rand2Float64 replaces math/rand/v2.Float64.
func rand2Float64() float64 { return float64(randomBits()>>11) / (1 << 53) }

// rand2Float32 replaces math/rand/v2.Float32.
func rand2Float32() float32 { return float32(randomBits()>>40) / (1 << 24) }

// rand2Perm replaces math/rand/v2.Perm.
func rand2Perm(n int) []int { return randPerm(n) }

// rand2Shuffle replaces math/rand/v2.Shuffle.
func rand2Shuffle(n int, swap func(i, j int)) { randShuffle(n, swap) }

// randPerm is a permutation of [0, n) (make panics when n < 0, as Perm's
// does).
func randPerm(n int) []int {
	m := make([]int, n)
	for i := 0; i < n; i++ {
		j := int(randomBits() % uint64(i+1))
		m[i] = m[j]
		m[j] = i
	}
	return m
}

// randShuffle swaps elements as Shuffle does: n-1 swaps, from the last
// element down, with one at or before it.
func randShuffle(n int, swap func(i, j int)) {
	if n < 0 {
		panic("invalid argument to Shuffle")
	}
	for i := n - 1; i > 0; i-- {
		swap(i, int(randomBits()%uint64(i+1)))
	}
}
