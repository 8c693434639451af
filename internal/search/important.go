// Important branches (-important FILE:LINE,...): the targets of the reachability-guided strategies.

package search

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"leapfrog/internal/report"
)

// NotTargeted is the reason given to an objective left uncovered because it was
// not among the important ones.
const NotTargeted = "not targeted (-important)"

// Line is a source line: the objectives whose position is on it are important.
type Line struct {
	File string // base name
	Line int
}

func (l Line) String() string { return fmt.Sprintf("%s:%d", l.File, l.Line) }

// ParseLines parses "FILE:LINE,FILE:LINE,...". Only the base name of FILE is
// kept: positions name files by base name.
func ParseLines(s string) ([]Line, error) {
	var lines []Line
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		i := strings.LastIndexByte(f, ':')
		if i <= 0 {
			return nil, fmt.Errorf("%q: want FILE:LINE", f)
		}
		n, err := strconv.Atoi(f[i+1:])
		if err != nil || n < 1 {
			return nil, fmt.Errorf("%q: want FILE:LINE with a positive line number", f)
		}
		lines = append(lines, Line{filepath.Base(f[:i]), n})
	}
	if len(lines) == 0 {
		return nil, fmt.Errorf("no FILE:LINE given")
	}
	return lines, nil
}

// importance is the set of important objectives (nil: every objective).
type importance map[*Objective]bool

// importantOf returns the objectives of s on the given lines (nil lines: nil,
// meaning every objective is important).
func importantOf(s *Session, lines []Line) importance {
	if len(lines) == 0 {
		return nil
	}
	imp := importance{}
	for _, o := range s.Objectives {
		if onLines(o, lines) {
			imp[o] = true
		}
	}
	return imp
}

func onLines(o *Objective, lines []Line) bool {
	p := o.Pos()
	for _, l := range lines {
		if p.Line == l.Line && filepath.Base(p.File) == l.File {
			return true
		}
	}
	return false
}

func (imp importance) has(o *Objective) bool { return imp == nil || imp[o] }

// Targeted reports how many objectives of s lie on the given lines.
func (s *Session) Targeted(lines []Line) int {
	n := 0
	for _, o := range s.Objectives {
		if onLines(o, lines) {
			n++
		}
	}
	return n
}

// MarkUntargeted gives every objective of r that is not on one of the lines and
// not covered the verdict unknown, reason NotTargeted: the search did not try to
// decide it. It returns how many objectives were not targeted (covered or not).
func MarkUntargeted(s *Session, r *Result, lines []Line) int {
	if len(lines) == 0 {
		return 0
	}
	n := 0
	for i, o := range s.Objectives {
		if onLines(o, lines) {
			continue
		}
		n++
		b := &r.Branches[i]
		if b.ID != o.ID {
			panic("search: result branches out of objective order")
		}
		if b.Verdict != report.Covered && b.DecidedIn == "" {
			b.Verdict, b.Reason, b.Conflict, b.SMT2 = report.Unknown, NotTargeted, nil, ""
		}
	}
	return n
}
