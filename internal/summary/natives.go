// The summarised functions by name, each with the real function run on concrete values.

package summary

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"
)

func str(a []Value, i int) string { return a[i].Str }
func byt(a []Value, i int) []byte { return []byte(a[i].Str) }
func ival(x int) []Value          { return []Value{{Int: int64(x)}} }
func bval(x bool) []Value         { return []Value{{Int: b2i(x)}} }
func sval(x string) []Value       { return []Value{{Str: x}} }

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// The internal functions (internal/stringslite, internal/bytealg) cannot
// be imported: their natives are the exported functions that call them
// with the same results (for bytealg's, whose assembly the front end
// replaces by Go bodies, the functions the replacements are tested
// against).
var natives = []Func{
	{"strings.IndexByte", IndexByte, func(a []Value) []Value { return ival(strings.IndexByte(str(a, 0), byte(a[1].Int))) }},
	{"bytes.IndexByte", IndexByte, func(a []Value) []Value { return ival(bytes.IndexByte(byt(a, 0), byte(a[1].Int))) }},
	{"internal/stringslite.IndexByte", IndexByte, func(a []Value) []Value { return ival(strings.IndexByte(str(a, 0), byte(a[1].Int))) }},
	{"internal/bytealg.IndexByteString", IndexByte, func(a []Value) []Value { return ival(strings.IndexByte(str(a, 0), byte(a[1].Int))) }},
	{"internal/bytealg.IndexByte", IndexByte, func(a []Value) []Value { return ival(bytes.IndexByte(byt(a, 0), byte(a[1].Int))) }},

	{"strings.LastIndexByte", LastIndexByte, func(a []Value) []Value { return ival(strings.LastIndexByte(str(a, 0), byte(a[1].Int))) }},
	{"bytes.LastIndexByte", LastIndexByte, func(a []Value) []Value { return ival(bytes.LastIndexByte(byt(a, 0), byte(a[1].Int))) }},
	{"internal/bytealg.LastIndexByteString", LastIndexByte, func(a []Value) []Value { return ival(strings.LastIndexByte(str(a, 0), byte(a[1].Int))) }},
	{"internal/bytealg.LastIndexByte", LastIndexByte, func(a []Value) []Value { return ival(bytes.LastIndexByte(byt(a, 0), byte(a[1].Int))) }},

	{"internal/bytealg.CountString", CountByte, func(a []Value) []Value {
		return ival(strings.Count(str(a, 0), string([]byte{byte(a[1].Int)})))
	}},
	{"internal/bytealg.Count", CountByte, func(a []Value) []Value { return ival(bytes.Count(byt(a, 0), []byte{byte(a[1].Int)})) }},

	{"strings.Index", Index, func(a []Value) []Value { return ival(strings.Index(str(a, 0), str(a, 1))) }},
	{"bytes.Index", Index, func(a []Value) []Value { return ival(bytes.Index(byt(a, 0), byt(a, 1))) }},
	{"internal/stringslite.Index", Index, func(a []Value) []Value { return ival(strings.Index(str(a, 0), str(a, 1))) }},
	{"internal/bytealg.IndexString", Index, func(a []Value) []Value { return ival(strings.Index(str(a, 0), str(a, 1))) }},
	{"internal/bytealg.Index", Index, func(a []Value) []Value { return ival(bytes.Index(byt(a, 0), byt(a, 1))) }},

	{"strings.LastIndex", LastIndex, func(a []Value) []Value { return ival(strings.LastIndex(str(a, 0), str(a, 1))) }},
	{"bytes.LastIndex", LastIndex, func(a []Value) []Value { return ival(bytes.LastIndex(byt(a, 0), byt(a, 1))) }},

	{"strings.Count", Count, func(a []Value) []Value { return ival(strings.Count(str(a, 0), str(a, 1))) }},
	{"bytes.Count", Count, func(a []Value) []Value { return ival(bytes.Count(byt(a, 0), byt(a, 1))) }},

	{"strings.Contains", Contains, func(a []Value) []Value { return bval(strings.Contains(str(a, 0), str(a, 1))) }},
	{"bytes.Contains", Contains, func(a []Value) []Value { return bval(bytes.Contains(byt(a, 0), byt(a, 1))) }},

	{"strings.IndexRune", IndexRune, func(a []Value) []Value { return ival(strings.IndexRune(str(a, 0), rune(a[1].Int))) }},
	{"bytes.IndexRune", IndexRune, func(a []Value) []Value { return ival(bytes.IndexRune(byt(a, 0), rune(a[1].Int))) }},
	{"strings.ContainsRune", ContainsRune, func(a []Value) []Value { return bval(strings.ContainsRune(str(a, 0), rune(a[1].Int))) }},
	{"bytes.ContainsRune", ContainsRune, func(a []Value) []Value { return bval(bytes.ContainsRune(byt(a, 0), rune(a[1].Int))) }},

	{"strings.IndexAny", IndexAny, func(a []Value) []Value { return ival(strings.IndexAny(str(a, 0), str(a, 1))) }},
	{"bytes.IndexAny", IndexAny, func(a []Value) []Value { return ival(bytes.IndexAny(byt(a, 0), str(a, 1))) }},
	{"strings.LastIndexAny", LastIndexAny, func(a []Value) []Value { return ival(strings.LastIndexAny(str(a, 0), str(a, 1))) }},
	{"bytes.LastIndexAny", LastIndexAny, func(a []Value) []Value { return ival(bytes.LastIndexAny(byt(a, 0), str(a, 1))) }},
	{"strings.ContainsAny", ContainsAny, func(a []Value) []Value { return bval(strings.ContainsAny(str(a, 0), str(a, 1))) }},
	{"bytes.ContainsAny", ContainsAny, func(a []Value) []Value { return bval(bytes.ContainsAny(byt(a, 0), str(a, 1))) }},

	{"strings.HasPrefix", HasPrefix, func(a []Value) []Value { return bval(strings.HasPrefix(str(a, 0), str(a, 1))) }},
	{"bytes.HasPrefix", HasPrefix, func(a []Value) []Value { return bval(bytes.HasPrefix(byt(a, 0), byt(a, 1))) }},
	{"internal/stringslite.HasPrefix", HasPrefix, func(a []Value) []Value { return bval(strings.HasPrefix(str(a, 0), str(a, 1))) }},
	{"strings.HasSuffix", HasSuffix, func(a []Value) []Value { return bval(strings.HasSuffix(str(a, 0), str(a, 1))) }},
	{"bytes.HasSuffix", HasSuffix, func(a []Value) []Value { return bval(bytes.HasSuffix(byt(a, 0), byt(a, 1))) }},
	{"internal/stringslite.HasSuffix", HasSuffix, func(a []Value) []Value { return bval(strings.HasSuffix(str(a, 0), str(a, 1))) }},

	{"bytes.Equal", Equal, func(a []Value) []Value { return bval(bytes.Equal(byt(a, 0), byt(a, 1))) }},

	{"strings.Compare", Compare, func(a []Value) []Value { return ival(strings.Compare(str(a, 0), str(a, 1))) }},
	{"bytes.Compare", Compare, func(a []Value) []Value { return ival(bytes.Compare(byt(a, 0), byt(a, 1))) }},
	{"internal/bytealg.Compare", Compare, func(a []Value) []Value { return ival(bytes.Compare(byt(a, 0), byt(a, 1))) }},
	{"internal/bytealg.CompareString", Compare, func(a []Value) []Value { return ival(strings.Compare(str(a, 0), str(a, 1))) }},
	{"internal/bytealg.abigen_runtime_cmpstring", Compare, func(a []Value) []Value { return ival(strings.Compare(str(a, 0), str(a, 1))) }},

	{"strings.EqualFold", EqualFold, func(a []Value) []Value { return bval(strings.EqualFold(str(a, 0), str(a, 1))) }},
	{"bytes.EqualFold", EqualFold, func(a []Value) []Value { return bval(bytes.EqualFold(byt(a, 0), byt(a, 1))) }},

	{"strings.TrimSpace", TrimSpace, func(a []Value) []Value { return sval(strings.TrimSpace(str(a, 0))) }},
	{"strings.Trim", Trim, func(a []Value) []Value { return sval(strings.Trim(str(a, 0), str(a, 1))) }},
	{"strings.TrimLeft", TrimLeft, func(a []Value) []Value { return sval(strings.TrimLeft(str(a, 0), str(a, 1))) }},
	{"strings.TrimRight", TrimRight, func(a []Value) []Value { return sval(strings.TrimRight(str(a, 0), str(a, 1))) }},
	{"strings.TrimPrefix", TrimPrefix, func(a []Value) []Value { return sval(strings.TrimPrefix(str(a, 0), str(a, 1))) }},
	{"internal/stringslite.TrimPrefix", TrimPrefix, func(a []Value) []Value { return sval(strings.TrimPrefix(str(a, 0), str(a, 1))) }},
	{"strings.TrimSuffix", TrimSuffix, func(a []Value) []Value { return sval(strings.TrimSuffix(str(a, 0), str(a, 1))) }},
	{"internal/stringslite.TrimSuffix", TrimSuffix, func(a []Value) []Value { return sval(strings.TrimSuffix(str(a, 0), str(a, 1))) }},
	{"strings.Cut", Cut, cutNative},
	{"internal/stringslite.Cut", Cut, cutNative},
	{"strings.CutPrefix", CutPrefix, cutPrefixNative},
	{"internal/stringslite.CutPrefix", CutPrefix, cutPrefixNative},
	{"strings.CutSuffix", CutSuffix, cutSuffixNative},
	{"internal/stringslite.CutSuffix", CutSuffix, cutSuffixNative},

	{"unicode/utf8.DecodeRune", DecodeRune, func(a []Value) []Value { return runeSize(utf8.DecodeRune(byt(a, 0))) }},
	{"unicode/utf8.DecodeRuneInString", DecodeRune, func(a []Value) []Value { return runeSize(utf8.DecodeRuneInString(str(a, 0))) }},
	{"unicode/utf8.DecodeLastRune", DecodeLastRune, func(a []Value) []Value { return runeSize(utf8.DecodeLastRune(byt(a, 0))) }},
	{"unicode/utf8.DecodeLastRuneInString", DecodeLastRune, func(a []Value) []Value { return runeSize(utf8.DecodeLastRuneInString(str(a, 0))) }},
	{"unicode/utf8.RuneCount", RuneCount, func(a []Value) []Value { return ival(utf8.RuneCount(byt(a, 0))) }},
	{"unicode/utf8.RuneCountInString", RuneCount, func(a []Value) []Value { return ival(utf8.RuneCountInString(str(a, 0))) }},
	{"unicode/utf8.Valid", Valid, func(a []Value) []Value { return bval(utf8.Valid(byt(a, 0))) }},
	{"unicode/utf8.ValidString", Valid, func(a []Value) []Value { return bval(utf8.ValidString(str(a, 0))) }},
	{"unicode/utf8.RuneLen", RuneLen, func(a []Value) []Value { return ival(utf8.RuneLen(rune(a[0].Int))) }},

	class("unicode.IsControl", IsControl, unicode.IsControl),
	class("unicode.IsDigit", IsDigit, unicode.IsDigit),
	class("unicode.IsGraphic", IsGraphic, unicode.IsGraphic),
	class("unicode.IsLetter", IsLetter, unicode.IsLetter),
	class("unicode.IsLower", IsLower, unicode.IsLower),
	class("unicode.IsMark", IsMark, unicode.IsMark),
	class("unicode.IsNumber", IsNumber, unicode.IsNumber),
	class("unicode.IsPrint", IsPrint, unicode.IsPrint),
	class("unicode.IsPunct", IsPunct, unicode.IsPunct),
	class("unicode.IsSpace", IsSpace, unicode.IsSpace),
	class("unicode.IsSymbol", IsSymbol, unicode.IsSymbol),
	class("unicode.IsTitle", IsTitle, unicode.IsTitle),
	class("unicode.IsUpper", IsUpper, unicode.IsUpper),
}

func cutNative(a []Value) []Value {
	before, after, found := strings.Cut(str(a, 0), str(a, 1))
	return []Value{{Str: before}, {Str: after}, {Int: b2i(found)}}
}

func cutPrefixNative(a []Value) []Value {
	after, found := strings.CutPrefix(str(a, 0), str(a, 1))
	return []Value{{Str: after}, {Int: b2i(found)}}
}

func cutSuffixNative(a []Value) []Value {
	before, found := strings.CutSuffix(str(a, 0), str(a, 1))
	return []Value{{Str: before}, {Int: b2i(found)}}
}

func runeSize(r rune, size int) []Value { return []Value{{Int: int64(r)}, {Int: int64(size)}} }

// classFuncs are the natives of the rune classes, by kind.
var classFuncs = map[Kind]func(rune) bool{}

func class(name string, k Kind, f func(rune) bool) Func {
	classFuncs[k] = f
	return Func{name, k, func(a []Value) []Value { return bval(f(rune(a[0].Int))) }}
}
