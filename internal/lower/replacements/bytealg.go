// Package replacements holds the Go bodies leapfrog interprets in place of
// standard-library functions that have none (assembly, or a body in the
// run time): internal/bytealg's search and comparison loops, written in
// plain Go with the same results. The front end embeds this file, compiles
// it into the program under analysis (its own package), and lowers the
// body of each function instead of the function its doc comment says it
// replaces; the differential tests compare each with its original (through the
// exported wrappers of strings and bytes). Interpreting them keeps the
// results symbolic, where a native call (package externals) would make them
// concrete.
package replacements

// IndexByte replaces internal/bytealg.IndexByte.
func IndexByte(b []byte, c byte) int {
	for i := 0; i < len(b); i++ {
		if b[i] == c {
			return i
		}
	}
	return -1
}

// IndexByteString replaces internal/bytealg.IndexByteString.
func IndexByteString(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}

// Count replaces internal/bytealg.Count.
func Count(b []byte, c byte) int {
	n := 0
	for i := 0; i < len(b); i++ {
		if b[i] == c {
			n++
		}
	}
	return n
}

// CountString replaces internal/bytealg.CountString.
func CountString(s string, c byte) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			n++
		}
	}
	return n
}

// Compare replaces internal/bytealg.Compare.
func Compare(a, b []byte) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			if a[i] < b[i] {
				return -1
			}
			return 1
		}
	}
	if len(a) < len(b) {
		return -1
	}
	if len(a) > len(b) {
		return 1
	}
	return 0
}

// CompareString replaces internal/bytealg.abigen_runtime_cmpstring.
func CompareString(a, b string) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			if a[i] < b[i] {
				return -1
			}
			return 1
		}
	}
	if len(a) < len(b) {
		return -1
	}
	if len(a) > len(b) {
		return 1
	}
	return 0
}

// Index replaces internal/bytealg.Index.
func Index(a, b []byte) int {
	for i := 0; i+len(b) <= len(a); i++ {
		if string(a[i:i+len(b)]) == string(b) {
			return i
		}
	}
	return -1
}

// IndexString replaces internal/bytealg.IndexString.
func IndexString(a, b string) int {
	for i := 0; i+len(b) <= len(a); i++ {
		if a[i:i+len(b)] == b {
			return i
		}
	}
	return -1
}

// MakeNoZero replaces internal/bytealg.MakeNoZero: a slice of length n whose
// capacity is n rounded up to the allocator's size class, as the run time's
// (append grows an empty slice to exactly that).
func MakeNoZero(n int) []byte {
	if n == 0 {
		return make([]byte, 0)
	}
	return append([]byte(nil), make([]byte, n)...)
}
