// The spelling of the text form, which the printer writes and the parser (package irparse) reads.

package ir

import (
	"strconv"
	"strings"
	"unicode"
)

// BinOpKinds returns the binary operators in order; each one's String is
// its spelling in the text form.
func BinOpKinds() []BinOpKind {
	ks := make([]BinOpKind, len(binOpNames))
	for i := range ks {
		ks[i] = BinOpKind(i)
	}
	return ks
}

// BranchKinds returns the branch kinds in order; each one's String is its
// spelling in the text form (after "if.", except SourceBranch: "if" alone).
func BranchKinds() []BranchKind {
	ks := make([]BranchKind, len(branchKindNames))
	for i := range ks {
		ks[i] = BranchKind(i)
	}
	return ks
}

// BuiltinKinds returns the builtins in order; each one's String is its
// spelling in the text form.
func BuiltinKinds() []BuiltinKind {
	ks := make([]BuiltinKind, len(builtinNames))
	for i := range ks {
		ks[i] = BuiltinKind(i)
	}
	return ks
}

// SliceBounds returns the words introducing the bounds of a slice
// instruction, in the order of Slice.Bounds.
func SliceBounds() [3]string { return sliceBounds }

// sliceBounds are the words introducing the bounds of a slice instruction.
var sliceBounds = [3]string{"low", "high", "max"}

// PredeclaredType returns the predeclared type spelled name ("i32", "int",
// "byte", ...), or nil.
func PredeclaredType(name string) *Type { return typeNames[name] }

// typeNames are the predeclared type names of the text form.
var typeNames = map[string]*Type{
	"bool": Bool,
	"i8":   I8, "i16": I16, "i32": I32, "i64": I64,
	"u8": U8, "u16": U16, "u32": U32, "u64": U64,
	"f32": F32, "f64": F64,
	"int8": I8, "int16": I16, "int32": I32, "int64": I64, "int": I64,
	"uint8": U8, "uint16": U16, "uint32": U32, "uint64": U64, "uint": U64, "byte": U8, "uintptr": U64,
}

// TypeName returns a named type's name as written: verbatim when it is an identifier
// or a dotted identifier that names no predeclared type, quoted otherwise.
func TypeName(name string) string {
	if typeNames[name] == nil && !reservedTypeWord[name] && isDottedIdent(name) {
		return name
	}
	return strconv.Quote(name)
}

// reservedTypeWord are the words that start a type other than a name.
var reservedTypeWord = map[string]bool{"string": true, "struct": true, "map": true, "iter": true, "interface": true, "func": true}

func isDottedIdent(name string) bool {
	for part := range strings.SplitSeq(name, ".") {
		if !isIdent(part) {
			return false
		}
	}
	return true
}

// isIdent reports whether s is an identifier of the text form.
func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !IsIdentRune(r, i == 0) {
			return false
		}
	}
	return true
}

// IsIdentRune reports whether r may start (first) or continue an identifier
// of the text form: letters, digits after the first, '_' and '$'.
func IsIdentRune(r rune, first bool) bool {
	switch {
	case r == '_' || r == '$':
		return true
	case 'a' <= r && r <= 'z', 'A' <= r && r <= 'Z':
		return true
	case '0' <= r && r <= '9':
		return !first
	case r >= 0x80:
		return isLetterOrDigit(r, first)
	}
	return false
}

func identOr(s, alt string) string {
	if isIdent(s) {
		return s
	}
	return alt
}

func isLetterOrDigit(r rune, first bool) bool {
	return unicode.IsLetter(r) || (!first && unicode.IsDigit(r))
}

// DynName returns a dynamic type's name as written: verbatim when it is a
// dotted identifier, quoted otherwise.
func DynName(name string) string {
	if isDottedIdent(name) && !dynWords[name] {
		return name
	}
	return strconv.Quote(name)
}

// dynWords are the words that cannot be a dynamic type's name unquoted.
var dynWords = map[string]bool{"input": true, "stub": true, "ok": true, "to": true, "as": true, "dyn": true, "prints": true}
