// The catalogue: the kinds of summaries, their shapes, and the standard-library functions each summarises.

package summary

import (
	"fmt"
	"sort"
)

// Kind is a family of summarised functions: the strings and bytes forms
// of one search (strings.IndexByte, bytes.IndexByte, the internal
// functions they call) share a kind, a closed form and a postcondition.
type Kind uint8

const (
	NoKind Kind = iota
	// Byte searches: (s, c byte) int.
	IndexByte     // first index of c in s, or -1
	LastIndexByte // last index of c in s, or -1
	CountByte     // number of bytes c in s (internal/bytealg.Count)
	// Substring searches: (s, sep) int.
	Index     // first index of sep in s, or -1; 0 when sep is empty
	LastIndex // last index of sep in s, or -1; len(s) when sep is empty
	Count     // non-overlapping instances of sep in s; 1 + the runes of s when sep is empty
	Contains  // (s, sep) bool: Index(s, sep) >= 0
	// Rune searches over the runes of s as `for range` decodes them.
	IndexRune    // (s, r rune) int: the first rune start where r is decoded, or -1
	ContainsRune // (s, r rune) bool
	IndexAny     // (s, chars) int: the first rune start whose rune is a rune of chars, or -1
	LastIndexAny // (s, chars) int: the last such rune start, or -1
	ContainsAny  // (s, chars) bool
	// Comparisons.
	HasPrefix // (s, prefix) bool
	HasSuffix // (s, suffix) bool
	Equal     // (a, b) bool: bytes.Equal
	Compare   // (a, b) int: -1, 0 or +1 as a < b, a == b, a > b by bytes
	EqualFold // (s, t) bool: equal under Unicode simple case folding
	// Trims: (s[, cutset]) string, a substring of s.
	TrimSpace  // (s) string: leading and trailing unicode.IsSpace runes removed
	Trim       // (s, cutset) string: leading and trailing runes of cutset removed
	TrimLeft   // (s, cutset) string
	TrimRight  // (s, cutset) string
	TrimPrefix // (s, prefix) string
	TrimSuffix // (s, suffix) string
	Cut        // (s, sep) (before, after string, found bool)
	CutPrefix  // (s, prefix) (after string, found bool)
	CutSuffix  // (s, suffix) (before string, found bool)
	// UTF-8.
	DecodeRune     // (s) (r rune, size int): the first rune; (RuneError, 0) when s is empty
	DecodeLastRune // (s) (r rune, size int): the last rune; (RuneError, 0) when s is empty
	RuneCount      // (s) int: the runes of s
	Valid          // (s) bool: s is valid UTF-8
	RuneLen        // (r rune) int: the bytes of r's encoding, -1 when r is no valid rune
	// Rune classes (package unicode): (r rune) bool, a table lookup.
	IsControl
	IsDigit
	IsGraphic
	IsLetter
	IsLower
	IsMark
	IsNumber
	IsPrint
	IsPunct
	IsSpace
	IsSymbol
	IsTitle
	IsUpper
	numKinds
)

// Shape is the type of an argument or a result of a summary. A Text is a
// string or a []byte (the bytes functions), read-only.
type Shape uint8

const (
	Text Shape = iota // string or []byte: a length and bytes
	Byte              // uint8
	Rune              // int32
	Int               // int
	Bool              // bool
	Str               // a string result: a substring of the first argument
)

// String names the shape as Go's type.
func (s Shape) String() string {
	switch s {
	case Text:
		return "string"
	case Byte:
		return "byte"
	case Rune:
		return "rune"
	case Int:
		return "int"
	case Bool:
		return "bool"
	case Str:
		return "string"
	}
	panic(fmt.Sprintf("summary: no shape %d", s))
}

type kindInfo struct {
	name    string
	args    []Shape
	results []Shape
}

var (
	textByte   = []Shape{Text, Byte}
	textText   = []Shape{Text, Text}
	textRune   = []Shape{Text, Rune}
	justText   = []Shape{Text}
	justRune   = []Shape{Rune}
	intResult  = []Shape{Int}
	boolResult = []Shape{Bool}
	strResult  = []Shape{Str}
	strBool    = []Shape{Str, Bool}
	runeInt    = []Shape{Rune, Int}
)

var kinds = [numKinds]kindInfo{
	IndexByte:      {"IndexByte", textByte, intResult},
	LastIndexByte:  {"LastIndexByte", textByte, intResult},
	CountByte:      {"CountByte", textByte, intResult},
	Index:          {"Index", textText, intResult},
	LastIndex:      {"LastIndex", textText, intResult},
	Count:          {"Count", textText, intResult},
	Contains:       {"Contains", textText, boolResult},
	IndexRune:      {"IndexRune", textRune, intResult},
	ContainsRune:   {"ContainsRune", textRune, boolResult},
	IndexAny:       {"IndexAny", textText, intResult},
	LastIndexAny:   {"LastIndexAny", textText, intResult},
	ContainsAny:    {"ContainsAny", textText, boolResult},
	HasPrefix:      {"HasPrefix", textText, boolResult},
	HasSuffix:      {"HasSuffix", textText, boolResult},
	Equal:          {"Equal", textText, boolResult},
	Compare:        {"Compare", textText, intResult},
	EqualFold:      {"EqualFold", textText, boolResult},
	TrimSpace:      {"TrimSpace", justText, strResult},
	Trim:           {"Trim", textText, strResult},
	TrimLeft:       {"TrimLeft", textText, strResult},
	TrimRight:      {"TrimRight", textText, strResult},
	TrimPrefix:     {"TrimPrefix", textText, strResult},
	TrimSuffix:     {"TrimSuffix", textText, strResult},
	Cut:            {"Cut", textText, []Shape{Str, Str, Bool}},
	CutPrefix:      {"CutPrefix", textText, strBool},
	CutSuffix:      {"CutSuffix", textText, strBool},
	DecodeRune:     {"DecodeRune", justText, runeInt},
	DecodeLastRune: {"DecodeLastRune", justText, runeInt},
	RuneCount:      {"RuneCount", justText, intResult},
	Valid:          {"Valid", justText, boolResult},
	RuneLen:        {"RuneLen", justRune, intResult},
	IsControl:      {"IsControl", justRune, boolResult},
	IsDigit:        {"IsDigit", justRune, boolResult},
	IsGraphic:      {"IsGraphic", justRune, boolResult},
	IsLetter:       {"IsLetter", justRune, boolResult},
	IsLower:        {"IsLower", justRune, boolResult},
	IsMark:         {"IsMark", justRune, boolResult},
	IsNumber:       {"IsNumber", justRune, boolResult},
	IsPrint:        {"IsPrint", justRune, boolResult},
	IsPunct:        {"IsPunct", justRune, boolResult},
	IsSpace:        {"IsSpace", justRune, boolResult},
	IsSymbol:       {"IsSymbol", justRune, boolResult},
	IsTitle:        {"IsTitle", justRune, boolResult},
	IsUpper:        {"IsUpper", justRune, boolResult},
}

func (k Kind) info() kindInfo {
	if k == NoKind || k >= numKinds {
		panic(fmt.Sprintf("summary: no kind %d", k))
	}
	return kinds[k]
}

// String is the kind's name ("IndexByte").
func (k Kind) String() string { return k.info().name }

// Args are the shapes of the kind's arguments.
func (k Kind) Args() []Shape { return k.info().args }

// Results are the shapes of the kind's results.
func (k Kind) Results() []Shape { return k.info().results }

// IsClass reports whether the kind is a rune class of package unicode.
func (k Kind) IsClass() bool { return k >= IsControl && k < numKinds }

// Kinds lists every kind.
func Kinds() []Kind {
	out := make([]Kind, 0, numKinds-1)
	for k := NoKind + 1; k < numKinds; k++ {
		out = append(out, k)
	}
	return out
}

// Func is a summarised function of the standard library.
type Func struct {
	// Name is the function as go/ssa names it (Function.String), which is
	// the IR's name of a function of another package: "strings.IndexByte",
	// "unicode/utf8.RuneCountInString", "internal/bytealg.IndexByteString".
	Name string
	Kind Kind
	// Native runs the real function (or, for an internal function leapfrog
	// cannot import, the exported one that computes the same: their
	// replacement bodies are checked against those) on concrete values.
	Native func([]Value) []Value
}

// Value is a concrete argument or result: a string (a []byte's bytes), or
// an integer (a byte, a rune, an int; a bool is 0 or 1).
type Value struct {
	Str string
	Int int64
}

// Lookup returns the summary of the function named name (go/ssa's
// Function.String), if it is one.
func Lookup(name string) (Func, bool) {
	f, ok := byName[name]
	return f, ok
}

// Funcs lists the summarised functions, sorted by name.
func Funcs() []Func {
	out := make([]Func, 0, len(byName))
	for _, f := range byName {
		out = append(out, f)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

var byName = func() map[string]Func {
	m := map[string]Func{}
	for _, f := range natives {
		if _, dup := m[f.Name]; dup || f.Kind == NoKind {
			panic("summary: " + f.Name + " twice or without a kind")
		}
		m[f.Name] = f
	}
	return m
}()
