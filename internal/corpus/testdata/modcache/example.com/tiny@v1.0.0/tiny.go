// Package tiny is a module written for the corpus tests.
package tiny

// Abs returns the absolute value of x.
func Abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Clamp limits x to [lo, hi].
func Clamp(x, lo, hi int) int {
	if x < lo {
		return lo
	}
	if x > hi {
		return hi
	}
	return x
}

// Grade classifies a score, through Clamp.
func Grade(score int) string {
	switch s := Clamp(score, 0, 100); {
	case s >= 90:
		return "A"
	case s >= 50:
		return "B"
	}
	return "C"
}
