// Package shapes is the example leapfrog runs on in the README.
package shapes

// Triangle classifies a triangle by its side lengths: 0 not a triangle,
// 1 scalene, 2 isosceles, 3 equilateral.
func Triangle(a, b, c int32) int {
	if a <= 0 || b <= 0 || c <= 0 {
		return 0
	}
	if a+b <= c || a+c <= b || b+c <= a {
		return 0
	}
	if a == b && b == c {
		return 3
	}
	if a == b || b == c || a == c {
		return 2
	}
	return 1
}

// Classify has one branch that no input reaches: y < 4 and y >= 7 never hold
// together.
func Classify(x, y int32) int32 {
	r := int32(0)
	if x > 2 {
		r = 1
	} else if y < 4 {
		r = 2
		if y >= 7 {
			r = 100
		}
	}
	return r
}

// Lookup indexes a table: inputs outside 0..3 panic.
func Lookup(layer int32, scale uint8) int32 {
	t := [4]int32{400, 500, 640, 740}
	v := t[layer]
	if scale != 0 {
		v /= int32(scale)
	}
	return v
}
