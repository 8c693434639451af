// Source positions: the one type, its text form "file:line:col" and the parser of it.

package ir

import (
	"fmt"
	"strings"
)

// Pos is a source position. File is the base name of the file ("tcas.go"),
// or, for a file of another package than the one under test, its import
// path and base name ("strconv/atoi.go"); other programs' positions
// (go/packages', the reports') may have any path.
type Pos struct {
	File      string
	Line, Col int
}

// IsValid reports whether the position is known.
func (p Pos) IsValid() bool { return p.Line > 0 }

// String is "file:line:col", or "-" for an unknown position.
func (p Pos) String() string {
	if !p.IsValid() {
		return "-"
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// ParsePos parses "file:line:col" (the file may hold ':', line and column
// are decimal digits).
func ParsePos(s string) (Pos, bool) {
	i := strings.LastIndexByte(s, ':')
	if i < 0 {
		return Pos{}, false
	}
	j := strings.LastIndexByte(s[:i], ':')
	if j <= 0 {
		return Pos{}, false
	}
	line, ok1 := decimal(s[j+1 : i])
	col, ok2 := decimal(s[i+1:])
	if !ok1 || !ok2 {
		return Pos{}, false
	}
	return Pos{File: s[:j], Line: line, Col: col}, true
}

// CutPos cuts the position off a message "file:line:col: what" (go/types',
// go/packages' and leapfrog's errors), returning the position and what
// follows; ok is false when the message starts with no position.
func CutPos(msg string) (p Pos, rest string, ok bool) {
	for k := 0; ; {
		i := strings.Index(msg[k:], ": ")
		if i < 0 {
			return Pos{}, msg, false
		}
		k += i
		if p, ok := ParsePos(msg[:k]); ok && !strings.Contains(p.File, "\n") {
			return p, msg[k+2:], true
		}
		k += 2
	}
}

// decimal parses a non-empty string of decimal digits.
func decimal(s string) (int, bool) {
	if s == "" || len(s) > 9 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}
