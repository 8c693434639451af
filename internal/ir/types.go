// Type helpers: structural identity, validity and the text form of types.

package ir

import (
	"strconv"
	"strings"
	"unicode"
)

// Identical reports whether a and b are structurally the same type. Struct
// field names are part of the type.
func Identical(a, b *Type) bool {
	if a == b {
		return true
	}
	if a == nil || b == nil || a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case KBool:
		return true
	case KInt:
		return a.Width == b.Width && a.Signed == b.Signed
	case KArray:
		return a.Len == b.Len && Identical(a.Elem, b.Elem)
	case KPointer:
		return Identical(a.Elem, b.Elem)
	case KStruct:
		if len(a.Fields) != len(b.Fields) {
			return false
		}
		for i := range a.Fields {
			if a.Fields[i].Name != b.Fields[i].Name || !Identical(a.Fields[i].Type, b.Fields[i].Type) {
				return false
			}
		}
		return true
	case KTuple:
		if len(a.Elems) != len(b.Elems) {
			return false
		}
		for i := range a.Elems {
			if !Identical(a.Elems[i], b.Elems[i]) {
				return false
			}
		}
		return true
	}
	return false
}

// TupleOf returns the tuple type of the given element types.
func TupleOf(elems ...*Type) *Type { return &Type{Kind: KTuple, Elems: elems} }

// ResultType is the type of a call to f: its single result type, or a tuple
// of its results (the empty tuple when it has none).
func ResultType(f *Function) *Type {
	if len(f.Results) == 1 {
		return f.Results[0]
	}
	return TupleOf(f.Results...)
}

// validType reports why t is not a well-formed type, or "".
func validType(t *Type) string {
	if t == nil {
		return "nil type"
	}
	switch t.Kind {
	case KBool:
		return ""
	case KInt:
		switch t.Width {
		case 8, 16, 32, 64:
			return ""
		}
		return "integer width " + strconv.Itoa(t.Width)
	case KArray:
		if t.Len < 0 {
			return "negative array length"
		}
		return validType(t.Elem)
	case KPointer:
		return validType(t.Elem)
	case KStruct:
		for _, f := range t.Fields {
			if s := validType(f.Type); s != "" {
				return s
			}
		}
		return ""
	case KTuple:
		for _, e := range t.Elems {
			if s := validType(e); s != "" {
				return s
			}
		}
		return ""
	}
	return "unknown type kind " + strconv.Itoa(int(t.Kind))
}

// String returns the text form of t: bool, i32, u8, [4]i32, *T,
// struct{a i32; b bool}, (i32, bool).
func (t *Type) String() string {
	var sb strings.Builder
	writeType(&sb, t)
	return sb.String()
}

func writeType(sb *strings.Builder, t *Type) {
	if t == nil {
		sb.WriteString("<nil>")
		return
	}
	switch t.Kind {
	case KBool:
		sb.WriteString("bool")
	case KInt:
		if t.Signed {
			sb.WriteByte('i')
		} else {
			sb.WriteByte('u')
		}
		sb.WriteString(strconv.Itoa(t.Width))
	case KArray:
		sb.WriteByte('[')
		sb.WriteString(strconv.Itoa(t.Len))
		sb.WriteByte(']')
		writeType(sb, t.Elem)
	case KPointer:
		sb.WriteByte('*')
		writeType(sb, t.Elem)
	case KStruct:
		sb.WriteString("struct{")
		for i, f := range t.Fields {
			if i > 0 {
				sb.WriteString("; ")
			}
			sb.WriteString(identOr(f.Name, "_"))
			sb.WriteByte(' ')
			writeType(sb, f.Type)
		}
		sb.WriteByte('}')
	case KTuple:
		sb.WriteByte('(')
		for i, e := range t.Elems {
			if i > 0 {
				sb.WriteString(", ")
			}
			writeType(sb, e)
		}
		sb.WriteByte(')')
	default:
		sb.WriteString("<kind " + strconv.Itoa(int(t.Kind)) + ">")
	}
}

// isIdent reports whether s is an identifier of the text form.
func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !isIdentRune(r, i == 0) {
			return false
		}
	}
	return true
}

func isIdentRune(r rune, first bool) bool {
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
