// Rendering the page: the summary, each file's marked source, the details of every mark, the case tables.

package htmlreport

import (
	"fmt"
	"html"
	"sort"
	"strings"

	"leapfrog/internal/report"
)

// Render renders the report as one self-contained HTML page. read returns a
// source file's content given its path as the report writes it (relative to
// the working directory).
func Render(rep *report.Report, read func(string) ([]byte, error)) ([]byte, error) {
	return renderPage(rep, read, false)
}

// renderPage renders the page of gen's report, or with tests of cover's
// (tests.go).
func renderPage(rep *report.Report, read func(string) ([]byte, error), tests bool) ([]byte, error) {
	m, err := build(rep, read)
	if err != nil {
		return nil, err
	}
	m.tests = tests
	var w strings.Builder
	w.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
	fmt.Fprintf(&w, "<title>leapfrog report: %s</title>\n", esc(strings.Join(rep.Args, " ")))
	w.WriteString("<style>\n" + css + "</style>\n</head>\n<body>\n")
	m.topbar(&w)
	w.WriteString("<div id=\"content\">\n")
	m.summary(&w)
	for _, f := range m.files {
		m.filePage(&w, f)
	}
	w.WriteString("</div>\n<script>\n" + script + "</script>\n</body>\n</html>\n")
	return []byte(w.String()), nil
}

func esc(s string) string { return html.EscapeString(s) }

// topbar is the file selector and the legend.
func (m *model) topbar(w *strings.Builder) {
	w.WriteString("<div id=\"topbar\">\n<select id=\"files\" aria-label=\"file\">\n<option value=\"summary\">Summary</option>\n")
	for _, f := range m.files {
		if m.tests {
			fmt.Fprintf(w, "<option value=\"%s\">%s (%d covered, %d not covered)</option>\n", f.id, esc(f.path), f.counts[0], f.counts[2])
			continue
		}
		fmt.Fprintf(w, "<option value=\"%s\">%s (%d covered, %d unreachable, %d unknown)</option>\n", f.id, esc(f.path), f.counts[0], f.counts[1], f.counts[2])
	}
	w.WriteString("</select>\n<span class=\"legend\">")
	if m.tests {
		w.WriteString(testsLegend)
		return
	}
	w.WriteString("<span class=\"b cov\">T</span> covered <span class=\"b unr chk\">F</span> unreachable, proof checked independently " +
		"<span class=\"b unr\">F</span> unreachable, engine's proof <span class=\"b unk\">T</span> unknown <span class=\"b rej\">✗</span> rejected · " +
		"T/F: outcome of a condition, !: panic, E: entry</span>\n</div>\n")
}

// summary is the first page: what ran, the packages, the functions, the rejections.
func (m *model) summary(w *strings.Builder) {
	if m.tests {
		m.testsSummary(w)
		return
	}
	rep := m.rep
	w.WriteString("<div class=\"page\" id=\"summary\">\n<h1>leapfrog report</h1>\n<p class=\"meta\">")
	fmt.Fprintf(w, "leapfrog %s · gen %s", esc(rep.Version), esc(strings.Join(rep.Args, " ")))
	if rep.Shard != "" {
		fmt.Fprintf(w, " · shard %s", esc(rep.Shard))
	}
	f := rep.Flags
	fmt.Fprintf(w, "<br>-strategy %s -kbound %d -loop-raise %d -loop-models %s -timeout %s -solver-timeout %s -seed %d",
		esc(f.Strategy), f.KBound, f.LoopRaise, esc(f.LoopModels), esc(f.Timeout), esc(f.SolverTimeout), f.Seed)
	if f.Run != "" {
		fmt.Fprintf(w, " -run %s", esc(f.Run))
	}
	if f.Important != "" {
		fmt.Fprintf(w, " -important %s", esc(f.Important))
	}
	w.WriteString("</p>\n<h2>Packages</h2>\n<table class=\"sum\">\n<tr><th>package</th><th>functions</th><th>analysed</th><th>rejected</th><th>outcomes</th><th>covered</th><th>unreachable</th><th>unknown</th><th>decided</th><th>cases</th><th>per-function objectives</th></tr>\n")
	row := func(name string, t report.Totals, cls string) {
		fmt.Fprintf(w, "<tr%s><td>%s</td><td class=\"num\">%d</td><td class=\"num\">%d</td><td class=\"num\">%d</td><td class=\"num\">%d</td><td class=\"num cov\">%d</td><td class=\"num unr\">%d</td><td class=\"num unk\">%d</td><td class=\"num\">%s</td><td class=\"num\">%d</td><td class=\"num\">%d</td></tr>\n",
			cls, name, t.Functions, t.Analysed, t.Rejected, t.Objectives, t.Covered, t.Unreachable, t.Unknown, percent(t.Covered+t.Unreachable, t.Objectives), t.Cases, t.PerFunction.Objectives)
	}
	for _, p := range rep.Packages {
		row(esc(p.Path), p.Totals, "")
	}
	row("total", rep.Summary, " class=\"total\"")
	w.WriteString("</table>\n<p class=\"meta\">Outcomes are counted once per package: a callee's outcome is an objective of every function calling it, and is covered when some case covers it, unreachable when proved, unknown otherwise; the per-function objectives count it in each function.</p>\n")
	if len(m.funcs) > 0 {
		w.WriteString("<h2>Functions</h2>\n<table class=\"sum\">\n<tr><th>function</th><th>file</th><th>objectives</th><th>covered</th><th>unreachable</th><th>unknown</th><th>cases</th></tr>\n")
		for _, fv := range m.funcs {
			r := fv.r
			c, u, k := r.Count()
			fmt.Fprintf(w, "<tr><td><a href=\"#%s\">%s</a></td><td>%s:%d</td><td class=\"num\">%d</td><td class=\"num cov\">%d</td><td class=\"num unr\">%d</td><td class=\"num unk\">%d</td><td class=\"num\">%d</td></tr>\n",
				fv.id, esc(r.Package+"."+r.Function), esc(r.File), r.Line, len(r.Branches), c, u, k, len(fv.cases))
		}
		w.WriteString("</table>\n")
	}
	if len(rep.Rejected) > 0 {
		w.WriteString("<h2 id=\"rejected\">Rejected</h2>\n<table class=\"sum\">\n<tr><th>function</th><th>where</th><th>why</th></tr>\n")
		for _, x := range rep.Rejected {
			where := esc(x.Pos)
			if f := m.byPath[x.File]; f != nil {
				where = fmt.Sprintf("<a href=\"#%s-L%d\">%s</a>", f.id, x.Line, esc(x.Pos))
			}
			fmt.Fprintf(w, "<tr><td>%s</td><td>%s</td><td>%s</td></tr>\n", esc(x.Package+"."+x.Function), where, esc(x.Reason))
		}
		w.WriteString("</table>\n")
	}
	w.WriteString("</div>\n")
}

func percent(n, d int) string {
	if d == 0 {
		return "–"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(n)/float64(d))
}

// filePage is one file: the marked source, the details panel, the case tables.
func (m *model) filePage(w *strings.Builder, f *file) {
	fmt.Fprintf(w, "<div class=\"page\" id=\"%s\" data-path=\"%s\">\n<pre class=\"src\">", f.id, esc(f.path))
	lines := strings.Split(string(f.src), "\n")
	if len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	for i, text := range lines {
		n := i + 1
		fmt.Fprintf(w, "<span class=\"ln\" id=\"%s-L%d\">%d</span>", f.id, n, n)
		m.line(w, f, n, text)
		w.WriteString("\n")
	}
	w.WriteString("</pre>\n")
	// Details, shown in the panel.
	fmt.Fprintf(w, "<div class=\"panel\" id=\"%s-panel\">\n", f.id)
	var places []place
	for at := range f.groups {
		places = append(places, at)
	}
	sort.Slice(places, func(i, j int) bool {
		return places[i].line < places[j].line || places[i].line == places[j].line && places[i].col < places[j].col
	})
	for _, at := range places {
		for _, g := range f.groups[at] {
			m.detail(w, g)
		}
	}
	w.WriteString("</div>\n")
	for _, fv := range f.funcs {
		m.caseTable(w, fv)
	}
	w.WriteString("</div>\n")
}

// line renders one source line with its marks: at each marked column, the
// badges of the groups there, then the condition's text highlighted.
func (m *model) line(w *strings.Builder, f *file, n int, text string) {
	type open struct{ end int }
	var stack []open
	var cols []int
	seen := map[int]bool{}
	for at := range f.groups {
		if at.line == n && !seen[at.col] {
			seen[at.col] = true
			cols = append(cols, at.col)
		}
	}
	for at := range f.rejects {
		if at.line == n && !seen[at.col] {
			seen[at.col] = true
			cols = append(cols, at.col)
		}
	}
	sort.Ints(cols)
	k := 0
	for i := 0; i <= len(text); i++ {
		for len(stack) > 0 && stack[len(stack)-1].end == i {
			stack = stack[:len(stack)-1]
			w.WriteString("</span></span>")
		}
		for k < len(cols) && cols[k]-1 <= i {
			at := place{n, cols[k]}
			k++
			length := 0
			if gs := f.groups[at]; len(gs) > 0 {
				fmt.Fprintf(w, "<span class=\"mark\" id=\"%s\" data-pos=\"%s:%d:%d\">", markID(f, at), esc(baseName(f.path)), at.line, at.col)
				cls := ""
				for _, g := range gs {
					fmt.Fprintf(w, "<a class=\"b %s\" href=\"#%s\" title=\"%s\">%s</a>", g.cls, g.id, esc(m.title(g)), badgeText(g.outcome))
					if g.outcome == "true" || g.outcome == "false" {
						cls = worse(cls, g.cls)
					}
				}
				if cls != "" {
					length = f.ext.at(at.line, at.col)
				}
				if length > 0 && i+length <= len(text) {
					fmt.Fprintf(w, "<span class=\"cond %s\">", cls)
					stack = append(stack, open{i + length})
				} else {
					w.WriteString("</span>")
				}
			}
			for _, x := range f.rejects[at] {
				fmt.Fprintf(w, "<span class=\"mark rejm\" data-pos=\"%s:%d:%d\"><a class=\"b rej\" href=\"#rejected\" title=\"%s\">✗</a></span>",
					esc(baseName(f.path)), at.line, at.col, esc("rejected "+x.Function+": "+x.Reason))
			}
		}
		if i < len(text) {
			j := i + 1
			for j < len(text) && (k >= len(cols) || cols[k]-1 > j) && (len(stack) == 0 || stack[len(stack)-1].end > j) {
				j++
			}
			w.WriteString(esc(text[i:j]))
			i = j - 1
		}
	}
	for range stack {
		w.WriteString("</span></span>")
	}
}

// worse combines condition classes: unknown over unreachable over covered.
func worse(a, b string) string {
	rank := map[string]int{"": 0, clsCovered: 1, clsChecked: 2, clsUnreach: 3, clsUnknown: 4}
	if rank[b] > rank[a] {
		return b
	}
	return a
}

func baseName(p string) string {
	if i := strings.LastIndexAny(p, `/\`); i >= 0 {
		return p[i+1:]
	}
	return p
}

// title is a badge's tooltip.
func (m *model) title(g *group) string {
	if m.tests {
		return testsTitle(g)
	}
	what := map[string]string{clsCovered: "covered", clsChecked: "unreachable (proof checked independently)", clsUnreach: "unreachable (engine's proof)", clsUnknown: "unknown"}[g.cls]
	return fmt.Sprintf("%s: %s", g.outcome, what)
}

// detail is the details of one group, one item per function.
func (m *model) detail(w *strings.Builder, g *group) {
	f := g.file
	fmt.Fprintf(w, "<div class=\"detail\" id=\"%s\" data-mark=\"%s\">\n<div class=\"dh\"><span class=\"b %s\">%s</span> <b>%s:%d:%d %s</b> %s <a class=\"close\" href=\"#%s\" title=\"close\">×</a></div>\n<ul>\n",
		g.id, markID(f, g.at), g.cls, badgeText(g.outcome), esc(baseName(f.path)), g.at.line, g.at.col, esc(g.outcome), esc(strings.SplitN(m.title(g), ": ", 2)[1]), f.id)
	for _, e := range g.entries {
		b := e.b
		if m.tests {
			testsEntry(w, e)
			continue
		}
		fmt.Fprintf(w, "<li><b>%s</b>: <span class=\"%s\">%s</span>", esc(e.fn.r.Function), verdictClass(b), esc(string(b.Verdict)))
		switch b.Verdict {
		case report.Covered:
			switch {
			case len(b.Tests) > 0:
				fmt.Fprintf(w, " by the package's own %s (not a target: no case generated)", esc(strings.Join(b.Tests, ", ")))
			case b.DecidedIn != "":
				fmt.Fprintf(w, " by a case of %s (decided there: not searched again here)", esc(b.DecidedIn))
			case e.cse != nil:
				fmt.Fprintf(w, " by case <a href=\"#%s\">%s</a>: %s", e.cse.id, esc(e.cse.c.Name), esc(caseLine(e.cse.c)))
			default:
				fmt.Fprintf(w, " by case %s", esc(b.Case))
			}
		case report.Unreachable:
			reason := b.Reason
			if len(e.conf) > 0 {
				reason, _, _ = strings.Cut(reason, "; conflict: ") // listed with links below
			}
			if b.DecidedIn != "" {
				fmt.Fprintf(w, " (decided in %s, the proof holding for every call: not searched again here)", esc(b.DecidedIn))
			}
			fmt.Fprintf(w, ": %s", esc(reason))
			if len(e.conf) > 0 {
				w.WriteString("<br>conflict: ")
				for i, c := range e.conf {
					if i > 0 {
						w.WriteString(", ")
					}
					if c.href != "" {
						fmt.Fprintf(w, "<a href=\"%s\">%s</a>", c.href, esc(c.text))
					} else {
						w.WriteString(esc(c.text))
					}
				}
			}
			w.WriteString("<br>proof: ")
			switch b.Checked {
			case report.CheckedIndependent:
				w.WriteString("<span class=\"chk\">checked independently</span>")
			case report.CheckedEngine:
				w.WriteString("the engine's only")
			case "":
				w.WriteString("the engine's (not re-checked independently)")
			default:
				panic(fmt.Sprintf("htmlreport: checked %q", b.Checked))
			}
			if b.CheckReason != "" {
				fmt.Fprintf(w, " (%s)", esc(b.CheckReason))
			}
		case report.Unknown:
			fmt.Fprintf(w, ": %s", esc(b.Reason))
		default:
			panic(fmt.Sprintf("htmlreport: verdict %q", b.Verdict))
		}
		if b.SMT2 != "" {
			fmt.Fprintf(w, "<details><summary>SMT-LIB2 formula</summary><pre class=\"smt\">%s</pre></details>", esc(b.SMT2))
		}
		w.WriteString("</li>\n")
	}
	w.WriteString("</ul>\n</div>\n")
}

func verdictClass(b report.Branch) string {
	switch b.Verdict {
	case report.Covered:
		return clsCovered
	case report.Unreachable:
		return clsUnreach
	case report.Unknown:
		return clsUnknown
	}
	panic(fmt.Sprintf("htmlreport: verdict %q", b.Verdict))
}

// caseLine renders a case's inputs and outputs on one line.
func caseLine(c report.Case) string {
	var in, out []string
	for _, a := range c.Inputs {
		in = append(in, a.Name+" = "+a.Value)
	}
	for _, a := range c.Outputs {
		out = append(out, a.Name+" = "+a.Value)
	}
	s := strings.Join(in, ", ") + " → "
	if c.Panic != "" {
		return s + "panic: " + c.Panic
	}
	return s + strings.Join(out, ", ")
}

// caseTable is a function's heading and its kept cases.
func (m *model) caseTable(w *strings.Builder, fv *fnView) {
	if m.tests {
		m.testsHeading(w, fv)
		return
	}
	r := fv.r
	c, u, k := r.Count()
	entry := ""
	for at, gs := range fv.file.groups {
		for _, g := range gs {
			for _, e := range g.entries {
				if e.fn == fv && g.outcome == outcomeEntry {
					entry = markID(fv.file, at)
				}
			}
		}
	}
	name := esc(r.Function)
	if entry != "" {
		name = fmt.Sprintf("<a href=\"#%s\">%s</a>", entry, name)
	}
	fmt.Fprintf(w, "<div class=\"fn\" id=\"%s\">\n<h3>%s <span class=\"meta\">%s · %s · %d objectives: %d covered, %d unreachable, %d unknown · %d cases</span></h3>\n",
		fv.id, name, esc(r.Package), esc(r.Strategy), len(r.Branches), c, u, k, len(fv.cases))
	for _, warn := range r.Warnings {
		fmt.Fprintf(w, "<p class=\"warn\">warning: %s</p>\n", esc(warn))
	}
	for _, a := range r.Aborts {
		fmt.Fprintf(w, "<p class=\"warn\">aborts runs: %s</p>\n", esc(a))
	}
	if len(fv.cases) == 0 {
		w.WriteString("<p class=\"meta\">no case (no run completed)</p>\n</div>\n")
		return
	}
	w.WriteString("<table class=\"cases\">\n<tr><th>case</th><th>inputs</th><th>outputs</th></tr>\n")
	for _, cv := range fv.cases {
		var in, out []string
		for _, a := range cv.c.Inputs {
			in = append(in, esc(a.Name+" = "+a.Value))
		}
		for _, a := range cv.c.Outputs {
			out = append(out, esc(a.Name+" = "+a.Value))
		}
		res := strings.Join(out, "<br>")
		if cv.c.Panic != "" {
			res = "<span class=\"unk\">panic: " + esc(cv.c.Panic) + "</span>"
		}
		fmt.Fprintf(w, "<tr id=\"%s\"><td>%s</td><td>%s</td><td>%s</td></tr>\n", cv.id, esc(cv.c.Name), strings.Join(in, "<br>"), res)
	}
	w.WriteString("</table>\n</div>\n")
}
