// The page of leapfrog cover: the same sources and marks, an outcome covered by the package's own tests or not.

package htmlreport

import (
	"fmt"
	"strings"

	"leapfrog/internal/report"
)

// RenderTests renders cover's report, given in gen's form: an outcome the
// package's tests take is covered, its Case the names of those tests
// ("TestA, TestB"); one they do not take is unknown, its Reason saying
// why (not covered, or why the instrumenter cannot tell). The page is
// gen's, worded for tests: no unreachable verdicts, no cases.
func RenderTests(rep *report.Report, read func(string) ([]byte, error)) ([]byte, error) {
	return renderPage(rep, read, true)
}

const testsLegend = "<span class=\"b cov\">T</span> covered by the package's tests <span class=\"b unk\">T</span> not covered · " +
	"T/F: outcome of a condition, !: panic, E: entry</span>\n</div>\n"

// testsTitle is a badge's tooltip.
func testsTitle(g *group) string {
	if g.cls == clsCovered {
		return g.outcome + ": covered"
	}
	return g.outcome + ": not covered"
}

// testsEntry is one function's line of a mark's details.
func testsEntry(w *strings.Builder, e *entry) {
	b := e.b
	switch b.Verdict {
	case report.Covered:
		fmt.Fprintf(w, "<li><b>%s</b>: <span class=\"%s\">covered</span> by %s</li>\n", esc(e.fn.r.Function), clsCovered, esc(b.Case))
	case report.Unknown:
		fmt.Fprintf(w, "<li><b>%s</b>: <span class=\"%s\">%s</span></li>\n", esc(e.fn.r.Function), clsUnknown, esc(b.Reason))
	default:
		panic(fmt.Sprintf("htmlreport: verdict %q in a report of tests", b.Verdict))
	}
}

// testsSummary is the first page: the packages and functions with their
// outcomes covered.
func (m *model) testsSummary(w *strings.Builder) {
	rep := m.rep
	fmt.Fprintf(w, "<div class=\"page\" id=\"summary\">\n<h1>leapfrog cover</h1>\n<p class=\"meta\">leapfrog %s · %s</p>\n", esc(rep.Version), esc(strings.Join(rep.Args, " ")))
	w.WriteString("<h2>Packages</h2>\n<table class=\"sum\">\n<tr><th>package</th><th>functions</th><th>outcomes</th><th>covered</th><th>not covered</th><th>covered %</th></tr>\n")
	row := func(name string, t report.Totals, cls string) {
		fmt.Fprintf(w, "<tr%s><td>%s</td><td class=\"num\">%d</td><td class=\"num\">%d</td><td class=\"num cov\">%d</td><td class=\"num unk\">%d</td><td class=\"num\">%s</td></tr>\n",
			cls, name, t.Functions, t.Objectives, t.Covered, t.Unknown, percent(t.Covered, t.Objectives))
	}
	for _, p := range rep.Packages {
		row(esc(p.Path), p.Totals, "")
	}
	row("total", rep.Summary, " class=\"total\"")
	w.WriteString("</table>\n")
	if len(m.funcs) > 0 {
		w.WriteString("<h2>Functions</h2>\n<table class=\"sum\">\n<tr><th>function</th><th>file</th><th>outcomes</th><th>covered</th><th>not covered</th></tr>\n")
		for _, fv := range m.funcs {
			r := fv.r
			c, _, k := r.Count()
			fmt.Fprintf(w, "<tr><td><a href=\"#%s\">%s</a></td><td>%s:%d</td><td class=\"num\">%d</td><td class=\"num cov\">%d</td><td class=\"num unk\">%d</td></tr>\n",
				fv.id, esc(r.Package+"."+r.Function), esc(r.File), r.Line, len(r.Branches), c, k)
		}
		w.WriteString("</table>\n")
	}
	w.WriteString("</div>\n")
}

// testsHeading is a function's heading under its file's source.
func (m *model) testsHeading(w *strings.Builder, fv *fnView) {
	r := fv.r
	c, _, k := r.Count()
	fmt.Fprintf(w, "<div class=\"fn\" id=\"%s\">\n<h3>%s <span class=\"meta\">%s · %d outcomes: %d covered, %d not covered</span></h3>\n",
		fv.id, esc(r.Function), esc(r.Package), len(r.Branches), c, k)
	for _, warn := range r.Warnings {
		fmt.Fprintf(w, "<p class=\"warn\">%s</p>\n", esc(warn))
	}
	w.WriteString("</div>\n")
}
