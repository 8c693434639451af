// The page's structure without a browser: marks at the report's positions, verdict classes, links, escaping, determinism.

package htmlreport

import (
	"bytes"
	"fmt"
	"html"
	"regexp"
	"strings"
	"testing"

	"leapfrog/internal/report"
)

const src = `package p

// F compares.
func F(x, y int32) int32 {
	if x > 0 && y < x {
		return 1
	}
	s := "<&>"
	_ = s
	return 10 / y
}
`

func sample() *report.Report {
	rep := &report.Report{Tool: "leapfrog", Version: "test", Args: []string{"./p"},
		Packages: []*report.Package{{Path: "m/p", Dir: "p"}},
		Functions: []*report.Function{{Function: "F", Package: "m/p", File: "p/p.go", Line: 4, Strategy: "treefrog",
			Branches: []report.Branch{
				{ID: "eF", Pos: "p.go:4:6", Outcome: "entry", Verdict: report.Covered, Case: "01 p.go:5:5 true"},
				{ID: "b0.true", Pos: "p.go:5:5", Outcome: "true", Verdict: report.Covered, Case: "01 p.go:5:5 true"},
				{ID: "b0.false", Pos: "p.go:5:5", Outcome: "false", Verdict: report.Covered, Case: "02 p.go:5:5 false"},
				{ID: "b1.true", Pos: "p.go:5:14", Outcome: "true", Verdict: report.Unreachable, Reason: "no <way>", Conflict: []string{"p.go:5:5 true", "p.go:5:14 true"}, SMT2: "(assert (< x 0))\n(check-sat)", Checked: "independent"},
				{ID: "b1.false", Pos: "p.go:5:14", Outcome: "false", Verdict: report.Covered, Case: "01 p.go:5:5 true"},
				{ID: "b2.panic", Pos: "p.go:10:12", Outcome: "integer divide by zero", Verdict: report.Unknown, Reason: "timeout: the search stopped"},
			},
			Cases: []report.Case{
				{Name: "01 p.go:5:5 true", Inputs: []report.Arg{{Name: "x", Value: "1"}, {Name: "y", Value: "0"}}, Outputs: []report.Arg{{Name: "r0", Value: "1"}}},
				{Name: "02 p.go:5:5 false", Inputs: []report.Arg{{Name: "x", Value: "0"}, {Name: "y", Value: "1"}}, Outputs: []report.Arg{{Name: "r0", Value: "10"}}},
			}}},
		Rejected: []*report.Rejected{{Function: "G", Package: "m/p", File: "p/p.go", Line: 8, Pos: "p/p.go:8:2", Reason: "unsupported: <string>"}},
	}
	rep.Finish()
	return rep
}

func render(t *testing.T, rep *report.Report) string {
	t.Helper()
	page, err := Render(rep, func(p string) ([]byte, error) {
		if p == "p/p.go" {
			return []byte(src), nil
		}
		return nil, fmt.Errorf("no file %s", p)
	})
	if err != nil {
		t.Fatal(err)
	}
	return string(page)
}

var (
	tagRE   = regexp.MustCompile(`<[^>]*>`)
	badgeRE = regexp.MustCompile(`<a class="b [^"]*"[^>]*>[^<]*</a>`)
	lineRE  = regexp.MustCompile(`<span class="ln" id="f0-L(\d+)">\d+</span>(.*)`)
	markRE  = regexp.MustCompile(`<span class="mark[^"]*"(?: id="[^"]*")? data-pos="([^"]*)">`)
)

// TestMarksAtPositions: in each rendered line, the source text before a
// mark (tags and badges removed) is exactly the source up to the mark's
// column, the text after it is the source from there, and every objective
// and rejection of the report has its mark.
func TestMarksAtPositions(t *testing.T) {
	page := render(t, sample())
	lines := strings.Split(src, "\n")
	seen := map[string]bool{}
	for _, m := range lineRE.FindAllStringSubmatch(page, -1) {
		var n int
		fmt.Sscan(m[1], &n)
		body := m[2]
		if got := html.UnescapeString(tagRE.ReplaceAllString(badgeRE.ReplaceAllString(body, ""), "")); got != lines[n-1] {
			t.Errorf("line %d renders as %q, want %q", n, got, lines[n-1])
		}
		for _, loc := range markRE.FindAllStringSubmatchIndex(body, -1) {
			pos := body[loc[2]:loc[3]]
			before := html.UnescapeString(tagRE.ReplaceAllString(badgeRE.ReplaceAllString(body[:loc[0]], ""), ""))
			want := fmt.Sprintf("p.go:%d:%d", n, len(before)+1)
			if pos != want {
				t.Errorf("mark %s sits at %s", pos, want)
			}
			seen[pos] = true
		}
	}
	for _, p := range []string{"p.go:4:6", "p.go:5:5", "p.go:5:14", "p.go:10:12", "p.go:8:2"} {
		if !seen[p] {
			t.Errorf("no mark at %s", p)
		}
	}
}

// TestVerdictsAndLinks: badges carry the combined verdict; the unreachable
// one says its proof was checked and holds the formula behind a <details>;
// a covered one links to its case row; conflicts link to their marks.
func TestVerdictsAndLinks(t *testing.T) {
	page := render(t, sample())
	for _, want := range []string{
		`<span class="cond cov">x &gt; 0</span>`,     // both outcomes covered
		`<span class="cond unr chk">y &lt; x</span>`, // one proved unreachable (checked)
		`<a class="b unr chk" href="#df0-5-14-0" title="true: unreachable (proof checked independently)">T</a>`,
		`<a class="b unk" href="#df0-10-12-0" title="integer divide by zero: unknown">!</a>`,
		`<a class="b cov" href="#df0-4-6-0" title="entry: covered">E</a>`,
		`<span class="chk">checked independently</span>`,
		`<details><summary>SMT-LIB2 formula</summary><pre class="smt">(assert (&lt; x 0))` + "\n(check-sat)</pre></details>",
		`by case <a href="#fn0-c0">01 p.go:5:5 true</a>: x = 1, y = 0 → r0 = 1`,
		`conflict: <a href="#mf0-5-5">p.go:5:5 true</a>, <a href="#mf0-5-14">p.go:5:14 true</a>`,
		`<tr id="fn0-c1"><td>02 p.go:5:5 false</td><td>x = 0<br>y = 1</td><td>r0 = 10</td></tr>`,
		`title="rejected G: unsupported: &lt;string&gt;"`,
		`s := &#34;&lt;&amp;&gt;&#34;`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %s", want)
		}
	}
	for _, id := range regexp.MustCompile(`href="#([^"]+)"`).FindAllStringSubmatch(page, -1) {
		if !strings.Contains(page, `id="`+id[1]+`"`) {
			t.Errorf("link to #%s, which no element has", id[1])
		}
	}
	if strings.Contains(page, "http://") || strings.Contains(page, "https://") || strings.Contains(page, " src=") {
		t.Error("the page refers to something outside itself")
	}
}

// TestDeterministic: the same report gives the same bytes.
func TestDeterministic(t *testing.T) {
	a, b := render(t, sample()), render(t, sample())
	if !bytes.Equal([]byte(a), []byte(b)) {
		t.Error("two renderings differ")
	}
}

// TestEngineProof: an unreachable verdict not checked independently says so.
func TestEngineProof(t *testing.T) {
	rep := sample()
	rep.Functions[0].Branches[3].Checked = "engine"
	rep.Functions[0].Branches[3].CheckReason = "cvc5 missing"
	page := render(t, rep)
	for _, want := range []string{`<a class="b unr" href="#df0-5-14-0"`, "the engine's only (cvc5 missing)"} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %s", want)
		}
	}
}

// TestAborts: a function's abort stubs (the callees leapfrog cannot run)
// are shown under its heading, escaped.
func TestAborts(t *testing.T) {
	rep := sample()
	rep.Functions[0].Aborts = []string{"call to fmt.Sscan (package <fmt> is not interpreted)"}
	page := render(t, rep)
	if want := "aborts runs: call to fmt.Sscan (package &lt;fmt&gt; is not interpreted)"; !strings.Contains(page, want) {
		t.Errorf("page lacks %q", want)
	}
	if strings.Contains(render(t, sample()), "aborts runs:") {
		t.Error("a function without abort stubs shows some")
	}
}
