// gen completing the package's own tests: leapfrog cover's measure first, the outcomes those tests cover given to the search as covered.

package cli

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"leapfrog/internal/cover"
	"leapfrog/internal/report"
	"leapfrog/internal/search"
)

// testFiles lists a package directory's test files: the package's own, and
// those leapfrog generated (they begin with its header), by base name.
func testFiles(dir string) (own, generated []string) {
	matches, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
	for _, m := range matches {
		data, err := os.ReadFile(m)
		if err == nil && bytes.HasPrefix(data, []byte(generatedHeader)) {
			generated = append(generated, filepath.Base(m))
		} else {
			own = append(own, filepath.Base(m))
		}
	}
	return own, generated
}

// ownCoverage is what the packages' own tests cover, measured before gen
// analyses them (-complete): per package path, the outcomes to give every
// search as covered by those tests.
type ownCoverage struct {
	measured int                       // packages with tests of their own
	given    map[string][]search.Given // by package path
	tests    int                       // their top-level tests run
	failed   []string                  // "pkg.TestX": tests that fail (what they ran still counts)
}

// measure runs leapfrog cover's measure (cover.Run) on a package before
// gen analyses it, when the package has tests of its own, leaving out the
// tests leapfrog generated before, and gives each outcome a test takes as
// covered by the tests that take it. A package without tests of its own is
// not measured: gen runs on it as without -complete. Tests that do not
// build stop gen: their outcomes cannot be told apart.
func (oc *ownCoverage) measure(p *pkgInfo, targets []*target) error {
	own, generated := testFiles(p.dir)
	if len(own) == 0 {
		return nil
	}
	oc.measured++
	var funcs []cover.Func
	for _, t := range targets {
		lt, err := t.program() // a streamed target's program, lowered again
		if err != nil {
			continue // its analysis fails the same way
		}
		f := cover.Func{Name: t.decl.name, File: relPath(t.decl.file), Line: t.decl.line}
		for _, o := range search.Objectives(lt.Func) { // the callees' too, as the search lists them
			f.Objectives = append(f.Objectives, cover.Objective{ID: o.ID, Pos: o.Pos(), Outcome: o.Outcome})
		}
		funcs = append(funcs, f)
	}
	root, err := moduleRoot(p.dir)
	var r *cover.Result
	if err == nil {
		r, err = cover.Run(cover.Options{PkgDir: p.dir, ModRoot: root, Funcs: funcs, Drop: generated})
	}
	if err != nil {
		return fmt.Errorf("-complete: measuring the tests of %s: %s (-complete=false analyses without them)", p.path, relMessage(p.dir, err.Error()))
	}
	oc.tests += len(r.Tests)
	for _, t := range r.Tests {
		if !t.Passed {
			oc.failed = append(oc.failed, p.path+"."+t.Name)
		}
	}
	seen := map[string]bool{}
	for _, f := range r.Funcs {
		for _, o := range f.Outcomes {
			k := o.Pos.String() + " " + o.Outcome
			if len(o.Tests) == 0 || seen[k] {
				continue
			}
			seen[k] = true
			oc.given[p.path] = append(oc.given[p.path], search.Given{Pos: o.Pos, Outcome: o.Outcome,
				Branch: search.Branch{Verdict: report.Covered, Tests: o.Tests}})
		}
	}
	return nil
}

// summarizeCompletion prints the line saying what the packages' own tests
// cover and what leapfrog adds: "your tests cover 142 of 210 outcomes;
// leapfrog adds 19 cases: 201 covered, 7 unreachable, 2 unknown".
func summarizeCompletion(w io.Writer, oc *ownCoverage, rep *report.Report) {
	if oc == nil || oc.measured == 0 {
		return
	}
	theirs := map[string]bool{}
	for _, f := range rep.Functions {
		for _, b := range f.Branches {
			if len(b.Tests) > 0 {
				theirs[f.Package+"\x00"+b.Pos+"\x00"+b.Outcome] = true
			}
		}
	}
	s := rep.Summary
	fmt.Fprintf(w, "your tests cover %d of %d outcomes; leapfrog adds %d cases: %d covered, %d unreachable, %d unknown\n",
		len(theirs), s.Objectives, s.Cases, s.Covered, s.Unreachable, s.Unknown)
	if len(oc.failed) > 0 {
		sort.Strings(oc.failed)
		fmt.Fprintf(w, "note: %d of your %d tests fail (what they ran counts as covered): %s\n", len(oc.failed), oc.tests, strings.Join(oc.failed, ", "))
	}
}

// theirs counts the objectives of f the package's own tests cover.
func theirs(f *report.Function) int {
	n := 0
	for _, b := range f.Branches {
		if len(b.Tests) > 0 {
			n++
		}
	}
	return n
}
