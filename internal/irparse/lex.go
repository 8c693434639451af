// Lexer of the text form of the IR.

package irparse

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"leapfrog/internal/ir"
)

type tokKind int

const (
	tEOF     tokKind = iota
	tNL              // end of line (significant: one instruction per line)
	tIdent           // x, add, b1, i32
	tReg             // %3 (text without '%')
	tInt             // 12, -3, 0xff
	tString          // "msg" (text unquoted)
	tPos             // @file.go:3:5 (text without '@')
	tID              // #3 (text without '#')
	tComment         // // text (text without "//", trimmed)
	tPunct           // one of ( ) [ ] { } , : ; * = .
)

type token struct {
	kind      tokKind
	text      string
	line, col int
}

func (t token) String() string {
	switch t.kind {
	case tEOF:
		return "end of file"
	case tNL:
		return "end of line"
	case tReg:
		return "%" + t.text
	case tString:
		return fmt.Sprintf("%q", t.text)
	case tPos:
		return "@" + t.text
	case tID:
		return "#" + t.text
	case tComment:
		return "comment"
	}
	return fmt.Sprintf("%q", t.text)
}

// lex splits src into tokens; errors are reported as *Error.
func lex(filename string, src []byte) ([]token, error) {
	var toks []token
	line, col := 1, 1
	i := 0
	errAt := func(l, c int, format string, args ...any) error {
		return ErrorList{{File: filename, Line: l, Col: c, Msg: fmt.Sprintf(format, args...)}}
	}
	for i < len(src) {
		c := src[i]
		start, sl, sc := i, line, col
		adv := func(n int) {
			for k := 0; k < n && i < len(src); k++ {
				if src[i] == '\n' {
					line++
					col = 1
				} else if src[i] < utf8.RuneSelf || utf8.RuneStart(src[i]) {
					col++
				}
				i++
			}
		}
		emit := func(k tokKind, text string) { toks = append(toks, token{k, text, sl, sc}) }
		switch {
		case c == '\n':
			adv(1)
			emit(tNL, "")
		case c == ' ' || c == '\t' || c == '\r':
			adv(1)
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			j := i
			for j < len(src) && src[j] != '\n' {
				j++
			}
			text := strings.TrimSpace(string(src[i+2 : j]))
			adv(j - i)
			emit(tComment, text)
		case c == '%':
			adv(1)
			j := i
			for j < len(src) && isDigit(src[j]) {
				j++
			}
			if j == i {
				return nil, errAt(sl, sc, "'%%' must be followed by a register number")
			}
			text := string(src[i:j])
			adv(j - i)
			emit(tReg, text)
		case c == '#':
			adv(1)
			j := i
			for j < len(src) && isDigit(src[j]) {
				j++
			}
			if j == i {
				return nil, errAt(sl, sc, "'#' must be followed by an id")
			}
			text := string(src[i:j])
			adv(j - i)
			emit(tID, text)
		case c == '@':
			adv(1)
			j := i
			for j < len(src) && !strings.ContainsRune(" \t\r\n{", rune(src[j])) {
				j++
			}
			text := string(src[i:j])
			adv(j - i)
			emit(tPos, text)
		case isDigit(c) || (c == '-' && i+1 < len(src) && isDigit(src[i+1])):
			j := i + 1
			for j < len(src) && (isDigit(src[j]) || isLetterByte(src[j])) {
				j++
			}
			text := string(src[start:j])
			adv(j - i)
			emit(tInt, text)
		case c == '"':
			j := i + 1
			for j < len(src) && src[j] != '"' && src[j] != '\n' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(src) || src[j] != '"' {
				return nil, errAt(sl, sc, "unterminated string")
			}
			raw := string(src[i : j+1])
			s, err := unquote(raw)
			if err != nil {
				return nil, errAt(sl, sc, "bad string %s", raw)
			}
			adv(j + 1 - i)
			emit(tString, s)
		case strings.IndexByte("()[]{},:;*=.", c) >= 0:
			adv(1)
			emit(tPunct, string(c))
		default:
			r, size := utf8.DecodeRune(src[i:])
			if !ir.IsIdentRune(r, true) {
				return nil, errAt(sl, sc, "unexpected character %q", r)
			}
			j := i + size
			for j < len(src) {
				r, size := utf8.DecodeRune(src[j:])
				if !ir.IsIdentRune(r, false) {
					break
				}
				j += size
			}
			text := string(src[i:j])
			adv(j - i)
			emit(tIdent, text)
		}
	}
	toks = append(toks, token{tNL, "", line, col}, token{tEOF, "", line, col})
	return toks, nil
}

func isDigit(c byte) bool      { return '0' <= c && c <= '9' }
func isLetterByte(c byte) bool { return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
