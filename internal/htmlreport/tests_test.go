// cover's page: the same marks, worded for the package's own tests.

package htmlreport

import (
	"fmt"
	"strings"
	"testing"

	"leapfrog/internal/report"
)

func TestRenderTests(t *testing.T) {
	rep := &report.Report{Tool: "leapfrog", Version: "test", Args: []string{"cover", "./p"},
		Packages: []*report.Package{{Path: "m/p", Dir: "p"}},
		Functions: []*report.Function{{Function: "F", Package: "m/p", File: "p/p.go", Line: 4, Strategy: "cover",
			Branches: []report.Branch{
				{ID: "eF", Pos: "p.go:4:6", Outcome: "entry", Verdict: report.Covered, Case: "TestA, TestB"},
				{ID: "b0.true", Pos: "p.go:5:5", Outcome: "true", Verdict: report.Covered, Case: "TestA"},
				{ID: "b0.false", Pos: "p.go:5:5", Outcome: "false", Verdict: report.Unknown, Reason: "not covered"},
				{ID: "b1.true", Pos: "p.go:5:14", Outcome: "true", Verdict: report.Unknown, Reason: "unchecked: <why>"},
			},
			Cases: []report.Case{}}},
	}
	rep.Finish()
	page, err := RenderTests(rep, func(p string) ([]byte, error) {
		if p == "p/p.go" {
			return []byte(src), nil
		}
		return nil, fmt.Errorf("no file %s", p)
	})
	if err != nil {
		t.Fatal(err)
	}
	s := string(page)
	for _, want := range []string{
		"<h1>leapfrog cover</h1>",
		"p/p.go (2 covered, 2 not covered)",
		`<li><b>F</b>: <span class="cov">covered</span> by TestA, TestB</li>`,
		`<li><b>F</b>: <span class="cov">covered</span> by TestA</li>`,
		`<li><b>F</b>: <span class="unk">not covered</span></li>`,
		`<li><b>F</b>: <span class="unk">unchecked: &lt;why&gt;</span></li>`,
		`title="false: not covered"`,
		"4 outcomes: 2 covered, 2 not covered",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	for _, bad := range []string{"unreachable", "unknown", "no case"} {
		if strings.Contains(s, bad) {
			t.Errorf("the page says %q: gen's words, not cover's", bad)
		}
	}
}
