// Integers: signed and unsigned comparisons, wrap-around, conversions,
// shifts, remainders, masks, min and max, the extremes of each type.

package p

import "math"

func UnsignedLoop(n uint8, m uint8) int {
	c := 0
	for i := uint8(0); i < n; i++ {
		if i > m {
			c++
		}
		if i == 255 {
			c += 100
		}
		if i+1 == 0 {
			c += 1000
		}
	}
	return c
}

func WrapAround(x int8) int {
	c := 0
	for y := x; y != x-1; y++ {
		if y < x {
			c++
		}
		if y-x < 0 {
			c += 2
		}
	}
	return c
}

func WrapAdd(x int8, y uint16) int {
	c := 0
	if a := x + 100; a < x {
		c++
	}
	if d := y - 10; d > y {
		c += 2
	}
	if e := y + 1; e == 0 {
		c += 4
	}
	if f := -x; f == x && x != 0 {
		c += 8
	}
	return c
}

func WrapInt(x int) int {
	c := 0
	for i := x; i < x+3; i++ {
		if i < x {
			c++
		}
		if i > math.MaxInt64-1 {
			c += 2
		}
	}
	return c
}

func Extremes(x int64) int {
	c := 0
	if x > math.MinInt64 {
		if x < 100 {
			c++
		}
	}
	if x >= math.MinInt64+1 && x < 0 {
		c += 2
	}
	if x-1 > x {
		c += 4
	}
	if x+math.MinInt64 >= 0 {
		c += 8
	}
	if math.MinInt64-x > 0 {
		c += 16
	}
	for i := x; i > math.MinInt64 && i > x-2; i-- {
		if i < 5 {
			c += 32
		}
	}
	return c
}

func Unsigned64(x uint64, k uint8) int {
	c := 0
	if x > math.MaxInt64 {
		c++
	}
	if y := x + 1; y < x {
		c += 2
	}
	for i := uint64(k); i < x && i < uint64(k)+3; i++ {
		if i > math.MaxUint64-2 {
			c += 4
		}
	}
	if int64(x) < 0 {
		c += 8
	}
	return c
}

func Conversions(x int16) int {
	c := 0
	u := uint8(x)
	if int16(u) != x {
		c++
	}
	if w := uint16(x); w > 32767 {
		c += 2
	}
	if v := int8(x); v < 0 && x > 0 {
		c += 4
	}
	if e := int64(x); e < -32768 {
		c += 8
	}
	if b := uint32(x); b > 65535 {
		c += 16
	}
	for i := int8(x); i < 127 && i > 120; i++ {
		if int16(i) != x {
			c += 32
		}
	}
	if n := uint(x); n < 10 {
		c += 64
	}
	return c
}

func Widen(x uint8, y int8) int {
	c := 0
	s := int(x) + int(y)
	if s < -128 {
		c++
	}
	if s > 382 {
		c += 2
	}
	if s == 255+127 {
		c += 4
	}
	t := uint8(y) + x
	if t < x {
		c += 8
	}
	if uint16(y) > 255 {
		c += 16
	}
	return c
}

func Shifts(x uint8, k uint8) int {
	c := 0
	for i := uint(0); i < 10; i++ {
		y := x << i
		if y < x {
			c++
		}
		if x>>i == 0 {
			c += 2
		}
	}
	if z := int8(x) >> 7; z == -1 {
		c += 4
	}
	if x<<k > x {
		c += 8
	}
	if int8(x)>>(k&7) < -64 {
		c += 16
	}
	return c
}

func RemMask(x int8, y uint8) int {
	c := 0
	if r := x % 4; r < 0 {
		c++
	}
	if r := x % -3; r > 2 || r < -2 {
		c += 2
	}
	if a := x & 5; a > 5 || a < 0 {
		c += 4
	}
	if a := x & -2; a > 0 {
		c += 8
	}
	if m := min(x, 3); m > 3 {
		c += 16
	}
	if m := max(x, -3); m < -3 {
		c += 32
	}
	if u := y % 7; u >= 7 {
		c += 64
	}
	if u := y & 0x0f; u > 15 {
		c += 128
	}
	for i := int8(0); i < x%8; i++ {
		if i >= 7 {
			c += 256
		}
	}
	return c
}

func Divisions(x int8, y int8) int {
	c := 0
	if y != 0 {
		if q := x / y; q < x && x > 0 {
			c++
		}
		if x/y == -128 {
			c += 2
		}
	}
	if x/2 > 63 {
		c += 4
	}
	if x*2 < x {
		c += 8
	}
	return c
}

func EdgeSigned(x int64, y uint8) int {
	c := 0
	if x > math.MinInt64 {
		if x == math.MinInt64 {
			c++
		}
		if z := x - 1; z > x {
			c += 2
		}
	}
	if x < math.MaxInt64 {
		if x+1 <= x {
			c += 4
		}
	}
	if u := uint64(y); u > 255 {
		c += 8
	}
	if w := int16(y) - 256; w >= 0 {
		c += 16
	}
	if int16(y)+math.MaxInt16-255 < 0 {
		c += 32
	}
	if int16(y)+math.MaxInt16-254 < 0 {
		c += 64
	}
	if x < -5 && x > math.MinInt64+2 {
		if x-3 > x || x+5 > 0 {
			c += 128
		}
	}
	return c
}

func EdgeUnsigned(x uint64, k uint8) int {
	c := 0
	if x >= 10 {
		if x-10 > x {
			c++
		}
	}
	if x < 10 {
		if x-10 < x {
			c += 2
		}
	}
	if x < 1<<62 {
		if x+x < x {
			c += 4
		}
	}
	if x > math.MaxUint64-5 {
		if x+5 > x {
			c += 8
		}
	}
	for i := k; i > 0; i-- {
		if i == 0 {
			c += 16
		}
		if i-1 > i {
			c += 32
		}
	}
	for i := int8(k >> 1); i >= 0; i-- {
		if i < 0 || i > 127 {
			c += 64
		}
	}
	return c
}
