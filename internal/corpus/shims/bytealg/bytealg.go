// Stand-in for internal/bytealg: the search and comparison loops through the public strings and bytes packages.
package bytealg

import (
	"bytes"
	"strings"
)

// MaxLen is the longest separator Index and IndexString accept (amd64 with AVX2).
var MaxLen = 63

// MaxBruteForce is the length below which Index searches by brute force.
const MaxBruteForce = 64

// PrimeRK is the base of the Rabin-Karp rolling hash.
const PrimeRK = 16777619

// Cutover is the number of false starts after which an Index loop switches to
// the bytealg search, as amd64's heuristic.
func Cutover(n int) int { return (n + 16) / 8 }

func IndexByte(b []byte, c byte) int           { return bytes.IndexByte(b, c) }
func IndexByteString(s string, c byte) int     { return strings.IndexByte(s, c) }
func LastIndexByte(b []byte, c byte) int       { return bytes.LastIndexByte(b, c) }
func LastIndexByteString(s string, c byte) int { return strings.LastIndexByte(s, c) }
func Count(b []byte, c byte) int               { return bytes.Count(b, []byte{c}) }
func CountString(s string, c byte) int         { return strings.Count(s, string([]byte{c})) }
func Compare(a, b []byte) int                  { return bytes.Compare(a, b) }
func CompareString(a, b string) int            { return strings.Compare(a, b) }
func Equal(a, b []byte) bool                   { return bytes.Equal(a, b) }
func Index(a, b []byte) int                    { return bytes.Index(a, b) }
func IndexString(a, b string) int              { return strings.Index(a, b) }

// MakeNoZero returns a slice of length n (zeroed: the copy cannot skip it).
func MakeNoZero(n int) []byte { return make([]byte, n) }

// HashStr returns the Rabin-Karp hash of sep and PrimeRK to the power len(sep).
func HashStr[T string | []byte](sep T) (uint32, uint32) {
	var hash uint32
	for i := 0; i < len(sep); i++ {
		hash = hash*PrimeRK + uint32(sep[i])
	}
	return hash, power(len(sep))
}

// HashStrRev returns the Rabin-Karp hash of sep reversed and PrimeRK to the power len(sep).
func HashStrRev[T string | []byte](sep T) (uint32, uint32) {
	var hash uint32
	for i := len(sep) - 1; i >= 0; i-- {
		hash = hash*PrimeRK + uint32(sep[i])
	}
	return hash, power(len(sep))
}

// power is PrimeRK**n in uint32 arithmetic.
func power(n int) uint32 {
	p := uint32(1)
	for ; n > 0; n-- {
		p *= PrimeRK
	}
	return p
}

// IndexRabinKarp returns the index of the first sep in s, or -1.
func IndexRabinKarp[T string | []byte](s, sep T) int {
	return strings.Index(string(s), string(sep))
}

// LastIndexRabinKarp returns the index of the last sep in s, or -1.
func LastIndexRabinKarp[T string | []byte](s, sep T) int {
	return strings.LastIndex(string(s), string(sep))
}
