// Rune classes: the runes unicode.IsSpace and the others accept, as ranges with strides, read off the real functions.

package summary

import (
	"fmt"
	"sync"
	"unicode"
)

// Range is the runes Lo, Lo+Stride, ..., Hi (Stride >= 1; Hi - Lo a
// multiple of Stride).
type Range struct {
	Lo, Hi, Stride uint32
}

// Contains reports whether r is one of the range's runes.
func (g Range) Contains(r rune) bool {
	u := uint32(r)
	return r >= 0 && g.Lo <= u && u <= g.Hi && (u-g.Lo)%g.Stride == 0
}

var (
	classOnce   [numKinds]sync.Once
	classRanges [numKinds][]Range
)

// Class returns the runes the class kind k accepts (unicode.IsLetter's
// for IsLetter), sorted, as ranges with strides: read off the real
// function over every rune from 0 to unicode.MaxRune, so that they are
// its answers whatever tables package unicode holds. No class accepts a
// negative rune or one above unicode.MaxRune (the tests check).
func Class(k Kind) []Range {
	f := classFuncs[k]
	if f == nil {
		panic(fmt.Sprintf("summary: %v is no rune class", k))
	}
	classOnce[k].Do(func() { classRanges[k] = scan(f) })
	return classRanges[k]
}

// scan makes the ranges of f's runes: each rune of f extends the current
// range when it is the range's next element, else starts a new range (a
// second element sets the stride: no rune of f lies between the two).
func scan(f func(rune) bool) []Range {
	var out []Range
	open := false
	var cur Range
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if !f(r) {
			continue
		}
		u := uint32(r)
		switch {
		case !open:
			cur, open = Range{u, u, 1}, true
		case cur.Lo == cur.Hi:
			cur.Hi, cur.Stride = u, u-cur.Lo
		case u == cur.Hi+cur.Stride:
			cur.Hi = u
		default:
			out = append(out, cur)
			cur = Range{u, u, 1}
		}
	}
	if open {
		out = append(out, cur)
	}
	return out
}

// InClass is the real function of the class kind k (unicode.IsLetter for
// IsLetter) applied to r.
func InClass(k Kind, r rune) bool {
	f := classFuncs[k]
	if f == nil {
		panic(fmt.Sprintf("summary: %v is no rune class", k))
	}
	return f(r)
}
