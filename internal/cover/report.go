// report.go: cover's report, its JSON form (docs/cover.schema.json) and its text.

package cover

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// Status is what the package's tests did with an outcome.
type Status string

const (
	Covered    Status = "covered"     // a test took it
	NotCovered Status = "not covered" // no test took it
	Unchecked  Status = "unchecked"   // the instrumenter cannot tell (the reason says why)
)

// Report is the JSON report of leapfrog cover.
type Report struct {
	Tool        string     `json:"tool"`    // "leapfrog"
	Command     string     `json:"command"` // "cover"
	Version     string     `json:"version"`
	Args        []string   `json:"args"`                    // the package arguments
	GoTestFlags []string   `json:"go_test_flags,omitempty"` // the flags after "--"
	Packages    []*Package `json:"packages"`
	Totals      Totals     `json:"totals"`
}

// Package is one package's tests and outcomes.
type Package struct {
	Path      string        `json:"path"`
	Dir       string        `json:"dir"` // relative to the working directory
	Tests     []TestRun     `json:"tests"`
	Functions []*Function   `json:"functions"`
	Skipped   []SkippedDecl `json:"not_instrumented,omitempty"` // declarations whose outcomes are unchecked
	Error     string        `json:"error,omitempty"`            // why the package could not be measured (then no tests, no functions)
	Totals    Totals        `json:"totals"`
}

// TestRun is a top-level test and whether it passed.
type TestRun struct {
	Name    string `json:"name"`
	Passed  bool   `json:"passed"`
	Skipped bool   `json:"skipped,omitempty"` // it called t.Skip
}

// SkippedDecl is a declaration the instrumenter left as it is.
type SkippedDecl struct {
	Name   string `json:"name"`
	Reason string `json:"reason"`
}

// Function is one function's outcomes.
type Function struct {
	Function string        `json:"function"`
	File     string        `json:"file"`
	Line     int           `json:"line"`
	Rejected string        `json:"rejected,omitempty"` // why gen rejects it: its outcomes are then the instrumenter's
	Outcomes []OutcomeJSON `json:"outcomes"`
	Totals   Totals        `json:"totals"`
}

// OutcomeJSON is one objective: gen's id, position and outcome, and the
// tests that took it.
type OutcomeJSON struct {
	ID      string   `json:"id,omitempty"` // none for a function gen rejects
	Pos     string   `json:"pos"`
	Outcome string   `json:"outcome"`
	Status  Status   `json:"status"`
	Tests   []string `json:"tests,omitempty"`  // covered: the tests that took it
	Reason  string   `json:"reason,omitempty"` // unchecked: why
}

// Totals counts outcomes by status, and tests.
type Totals struct {
	Outcomes   int `json:"outcomes"`
	Covered    int `json:"covered"`
	NotCovered int `json:"not_covered"`
	Unchecked  int `json:"unchecked"`
	Tests      int `json:"tests"`
	Failed     int `json:"failed_tests"`
}

func (t *Totals) add(u Totals) {
	t.Outcomes += u.Outcomes
	t.Covered += u.Covered
	t.NotCovered += u.NotCovered
	t.Unchecked += u.Unchecked
	t.Tests += u.Tests
	t.Failed += u.Failed
}

// PackageReport turns a package's result into its report entry; dir is
// the package's directory as reported.
func PackageReport(path, dir string, r *Result) *Package {
	p := &Package{Path: path, Dir: dir, Tests: []TestRun{}, Functions: []*Function{}}
	for _, t := range r.Tests {
		p.Tests = append(p.Tests, TestRun{Name: t.Name, Passed: t.Passed, Skipped: t.Skipped})
		p.Totals.Tests++
		if !t.Passed {
			p.Totals.Failed++
		}
	}
	for _, s := range r.Skipped {
		p.Skipped = append(p.Skipped, SkippedDecl{Name: s.Name, Reason: s.Reason})
	}
	for _, fr := range r.Funcs {
		f := &Function{Function: fr.Name, File: fr.File, Line: fr.Line, Rejected: fr.Rejected, Outcomes: []OutcomeJSON{}}
		for _, o := range fr.Outcomes {
			j := OutcomeJSON{ID: o.ID, Pos: o.Pos.String(), Outcome: o.Outcome, Tests: o.Tests, Reason: o.Unchecked}
			f.Totals.Outcomes++
			switch {
			case o.Unchecked != "":
				j.Status = Unchecked
				f.Totals.Unchecked++
			case len(o.Tests) > 0:
				j.Status = Covered
				f.Totals.Covered++
			default:
				j.Status = NotCovered
				f.Totals.NotCovered++
			}
			f.Outcomes = append(f.Outcomes, j)
		}
		p.Functions = append(p.Functions, f)
		p.Totals.add(Totals{Outcomes: f.Totals.Outcomes, Covered: f.Totals.Covered, NotCovered: f.Totals.NotCovered, Unchecked: f.Totals.Unchecked})
	}
	return p
}

// Finish computes the report's totals.
func (r *Report) Finish() {
	r.Totals = Totals{}
	for _, p := range r.Packages {
		r.Totals.add(p.Totals)
	}
}

// Marshal is the JSON report, indented, with a final newline.
func (r *Report) Marshal() ([]byte, error) {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// WriteText writes the report as text: per package its tests, per
// function every outcome with the tests that took it (only the totals
// when brief), then the package's and the run's totals.
func (r *Report) WriteText(w io.Writer, brief bool) {
	for _, p := range r.Packages {
		if p.Error != "" {
			fmt.Fprintf(w, "package %s: not measured: %s\n", p.Path, p.Error)
			continue
		}
		fmt.Fprintf(w, "package %s: %d tests", p.Path, p.Totals.Tests)
		if p.Totals.Failed > 0 {
			var failed []string
			for _, t := range p.Tests {
				if !t.Passed {
					failed = append(failed, t.Name)
				}
			}
			fmt.Fprintf(w, ", %d FAILED (%s)", p.Totals.Failed, strings.Join(failed, ", "))
		}
		var skipped []string
		for _, t := range p.Tests {
			if t.Skipped {
				skipped = append(skipped, t.Name)
			}
		}
		if len(skipped) > 0 {
			fmt.Fprintf(w, ", %d skipped (%s)", len(skipped), strings.Join(skipped, ", "))
		}
		fmt.Fprintln(w)
		for _, f := range p.Functions {
			fmt.Fprintf(w, "%s (%s:%d): %s\n", f.Function, f.File, f.Line, f.Totals.fraction())
			if f.Rejected != "" {
				fmt.Fprintf(w, "  gen rejects it (%s): the outcomes are the instrumenter's, without panics\n", f.Rejected)
			}
			if brief {
				continue
			}
			width := 0
			for _, o := range f.Outcomes {
				width = max(width, len(o.Pos)+1+len(o.Outcome))
			}
			for _, o := range f.Outcomes {
				what := o.Pos + " " + o.Outcome
				switch o.Status {
				case Covered:
					fmt.Fprintf(w, "  %-*s  covered by %s\n", width, what, strings.Join(o.Tests, ", "))
				case NotCovered:
					fmt.Fprintf(w, "  %-*s  not covered\n", width, what)
				case Unchecked:
					fmt.Fprintf(w, "  %-*s  unchecked: %s\n", width, what, o.Reason)
				default:
					panic(fmt.Sprintf("cover: status %q", o.Status))
				}
			}
		}
		for _, s := range p.Skipped {
			fmt.Fprintf(w, "%s: not instrumented: %s\n", s.Name, s.Reason)
		}
		fmt.Fprintf(w, "package %s: %s\n", p.Path, p.Totals.fraction())
	}
	if len(r.Packages) > 1 {
		fmt.Fprintf(w, "total: %d packages, %d tests: %s\n", len(r.Packages), r.Totals.Tests, r.Totals.fraction())
	}
}

// fraction is "7 of 10 outcomes covered (70.0%)", with the unchecked ones.
func (t Totals) fraction() string {
	s := fmt.Sprintf("%d of %d outcomes covered", t.Covered, t.Outcomes)
	if t.Outcomes > 0 {
		s += fmt.Sprintf(" (%.1f%%)", 100*float64(t.Covered)/float64(t.Outcomes))
	}
	if t.Unchecked > 0 {
		s += fmt.Sprintf(", %d unchecked", t.Unchecked)
	}
	return s
}
