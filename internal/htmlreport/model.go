// The page's model: files, objective groups by place, badges, case tables, the summary rows.

package htmlreport

import (
	"fmt"
	"path"
	"sort"
	"strconv"
	"strings"

	"leapfrog/internal/ir"
	"leapfrog/internal/report"
)

// Verdict classes of a group (CSS classes too).
const (
	clsCovered   = "cov"
	clsUnreach   = "unr"
	clsChecked   = "unr chk" // unreachable, every proof re-checked independently
	clsUnknown   = "unk"
	clsRejected  = "rej"
	outcomeEntry = "entry"
)

// place is a position in a file.
type place struct{ line, col int }

// group is one objective place and outcome over all functions.
type group struct {
	id      string // element id of its details
	file    *file
	at      place
	outcome string
	entries []*entry
	cls     string
}

// entry is one function's verdict on a group.
type entry struct {
	fn   *fnView
	b    report.Branch
	cse  *caseView // covered: the case
	conf []confRef // unreachable: the conflict, with links
}

// confRef is one literal of a conflict, linked to its mark when shown.
type confRef struct {
	text, href string
}

// file is one source file of the page.
type file struct {
	id      string // "f0"
	path    string // relative to the working directory
	pkg     string
	src     []byte
	groups  map[place][]*group // marks: groups by place
	rejects map[place][]*report.Rejected
	funcs   []*fnView // functions declared here
	ext     extents
	counts  [3]int // covered, unreachable, unknown groups
}

// fnView is one analysed function.
type fnView struct {
	id    string // "fn0"
	r     *report.Function
	file  *file
	cases []*caseView
}

// caseView is one kept case.
type caseView struct {
	id string
	c  report.Case
}

// model is the whole page.
type model struct {
	tests  bool // cover's report: covered by the package's tests, or not (tests.go)
	rep    *report.Report
	files  []*file
	byPath map[string]*file
	funcs  []*fnView
	groups []*group
}

// build makes the model: the files the functions and objectives lie in,
// read with read (paths relative to the working directory).
func build(rep *report.Report, read func(string) ([]byte, error)) (*model, error) {
	m := &model{rep: rep, byPath: map[string]*file{}}
	dirOf := map[string]string{}
	for _, p := range rep.Packages {
		dirOf[p.Path] = p.Dir
	}
	missing := map[string]bool{}
	// need returns the file at p, read on first use; nil when it cannot be
	// read (a CFG model's @file:line:col naming a file that is not there:
	// its objectives are then listed in no file).
	need := func(pkg, p string) *file {
		p = path.Clean(p)
		if f := m.byPath[p]; f != nil || missing[p] {
			return f
		}
		src, err := read(p)
		if err != nil {
			missing[p] = true
			return nil
		}
		f := &file{path: p, pkg: pkg, src: src, groups: map[place][]*group{}, rejects: map[place][]*report.Rejected{}, ext: parseExtents(src)}
		m.byPath[p] = f
		m.files = append(m.files, f)
		return f
	}
	// Files, functions and cases first: groups link to them.
	for i, r := range rep.Functions {
		f := need(r.Package, r.File)
		if f == nil {
			return nil, fmt.Errorf("html report: %s: cannot read the source of %s", r.File, r.Function)
		}
		fv := &fnView{id: "fn" + strconv.Itoa(i), r: r, file: f}
		for j, c := range r.Cases {
			if !c.Discarded {
				fv.cases = append(fv.cases, &caseView{id: fmt.Sprintf("%s-c%d", fv.id, j), c: c})
			}
		}
		f.funcs = append(f.funcs, fv)
		m.funcs = append(m.funcs, fv)
	}
	byKey := map[string]*group{}
	for _, fv := range m.funcs {
		r := fv.r
		for _, b := range r.Branches {
			p, ok := position(b.Pos)
			if !ok {
				continue
			}
			f := need(r.Package, path.Join(dirOf[r.Package], p.File))
			if f == nil {
				continue
			}
			at := place{p.Line, p.Col}
			key := fmt.Sprintf("%s:%d:%d %s", f.path, p.Line, p.Col, b.Outcome)
			g := byKey[key]
			if g == nil {
				g = &group{file: f, at: at, outcome: b.Outcome}
				byKey[key] = g
				f.groups[at] = append(f.groups[at], g)
				m.groups = append(m.groups, g)
			}
			e := &entry{fn: fv, b: b}
			if b.Verdict == report.Covered {
				for _, c := range fv.cases {
					if c.c.Name == b.Case {
						e.cse = c
					}
				}
			}
			g.entries = append(g.entries, e)
		}
	}
	for _, x := range rep.Rejected {
		f := need(x.Package, x.File)
		if f == nil {
			continue
		}
		if p, ok := position(x.Pos); ok && path.Clean(p.File) == f.path {
			f.rejects[place{p.Line, p.Col}] = append(f.rejects[place{p.Line, p.Col}], x)
		} else {
			f.rejects[place{x.Line, 1}] = append(f.rejects[place{x.Line, 1}], x)
		}
	}
	sort.SliceStable(m.files, func(i, j int) bool {
		a, b := m.files[i], m.files[j]
		if a.pkg != b.pkg {
			return a.pkg < b.pkg
		}
		return a.path < b.path
	})
	for i, f := range m.files {
		f.id = "f" + strconv.Itoa(i)
	}
	for _, f := range m.files {
		for at, gs := range f.groups {
			sort.SliceStable(gs, func(i, j int) bool { return outcomeRank(gs[i].outcome) < outcomeRank(gs[j].outcome) })
			for k, g := range gs {
				g.id = fmt.Sprintf("d%s-%d-%d-%d", f.id, at.line, at.col, k)
			}
		}
	}
	for _, g := range m.groups {
		g.cls = classOf(g)
		switch g.cls {
		case clsCovered:
			g.file.counts[0]++
		case clsUnknown:
			g.file.counts[2]++
		default:
			g.file.counts[1]++
		}
		for _, e := range g.entries {
			for _, c := range e.b.Conflict {
				e.conf = append(e.conf, confRef{text: c, href: m.markHref(g.file, dirOf[e.fn.r.Package], c)})
			}
		}
	}
	return m, nil
}

// markHref links "file.go:line:col outcome" to its mark, if the page has it.
func (m *model) markHref(from *file, dir, lit string) string {
	s, _, _ := strings.Cut(lit, " ")
	p, ok := position(s)
	if !ok {
		return ""
	}
	f := m.byPath[path.Clean(path.Join(dir, p.File))]
	if f == nil || len(f.groups[place{p.Line, p.Col}]) == 0 {
		return ""
	}
	return "#" + markID(f, place{p.Line, p.Col})
}

func markID(f *file, at place) string { return fmt.Sprintf("m%s-%d-%d", f.id, at.line, at.col) }

// classOf is a group's package-level verdict (report.Decide, the rule the
// totals count by) as a class.
func classOf(g *group) string {
	views := make([]report.View, len(g.entries))
	for i, e := range g.entries {
		views[i] = report.View{Fn: e.fn.r, B: &e.b}
	}
	v, checked, _ := report.Decide(views)
	switch v {
	case report.Covered:
		return clsCovered
	case report.Unknown:
		return clsUnknown
	case report.Unreachable:
		if checked == report.CheckedIndependent {
			return clsChecked
		}
		return clsUnreach
	}
	panic(fmt.Sprintf("htmlreport: verdict %q", v))
}

// outcomeRank orders the outcomes at one place: entry, true, false, panics.
func outcomeRank(o string) int {
	switch o {
	case outcomeEntry:
		return 0
	case "true":
		return 1
	case "false":
		return 2
	}
	return 3
}

// badgeText is a badge's letter.
func badgeText(outcome string) string {
	switch outcome {
	case "true":
		return "T"
	case "false":
		return "F"
	case outcomeEntry:
		return "E"
	}
	return "!"
}

// position parses a report's "file:line:col" (line and column from 1).
func position(s string) (ir.Pos, bool) {
	p, ok := ir.ParsePos(s)
	return p, ok && p.Line >= 1 && p.Col >= 1
}
