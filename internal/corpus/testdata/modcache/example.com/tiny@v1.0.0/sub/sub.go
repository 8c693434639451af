// Package sub is the second package of the tiny module.
package sub

// Count returns how many bytes of s are c.
func Count(s string, c byte) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			n++
		}
	}
	return n
}
