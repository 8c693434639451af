// The steps after gen: the three test sets under go test -cover, the -verify sample, and counting functions when gen wrote nothing.
package corpus

import (
	"context"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// tests runs go test -cover with the emitted tests alone, the maintainers'
// alone, and both, and compares their statement coverage.
func (m *moduleRun) tests(ctx context.Context) error {
	r := m.result
	emitted, err := testFiles(m.src, isEmittedTest)
	if err != nil {
		return err
	}
	maintDir, emittedDir := filepath.Join(m.dir, "maintainers"), filepath.Join(m.dir, "emitted")
	maint, err := testFiles(maintDir, isMaintainersTest)
	if err != nil {
		return err
	}
	var profs []profile
	// The emitted tests alone (the maintainers' are aside since build).
	if len(emitted) > 0 {
		p := m.testSet(ctx, "emitted", &r.Coverage.Emitted, nil)
		profs = append(profs, p)
	}
	if err := moveFiles(m.src, emittedDir, emitted); err != nil {
		return err
	}
	// The maintainers' alone: those that build in the copy.
	skip := map[string]bool{}
	if len(maint) > 0 {
		if err := moveFiles(maintDir, m.src, maint); err != nil {
			return err
		}
		if err := m.dropUnbuildable(ctx); err != nil {
			return err
		}
		profs = append(profs, m.testSet(ctx, "maintainers", &r.Coverage.Maintainers, skip))
		r.Coverage.Skipped = sortedKeys(skip)
	}
	// Both.
	if len(emitted) > 0 && len(maint) > 0 {
		if err := moveFiles(emittedDir, m.src, emitted); err != nil {
			return err
		}
		profs = append(profs, m.testSet(ctx, "both", &r.Coverage.Both, skip))
		if err := moveFiles(m.src, emittedDir, emitted); err != nil {
			return err
		}
	}
	// Leave the copy without tests for verify.
	left, err := testFiles(m.src, isMaintainersTest)
	if err != nil {
		return err
	}
	if err := moveFiles(m.src, maintDir, left); err != nil {
		return err
	}
	total, covered := statements(profs...)
	r.Coverage.Statements = total
	sets := []*TestSet{}
	if len(emitted) > 0 {
		sets = append(sets, &r.Coverage.Emitted)
	}
	if len(maint) > 0 {
		sets = append(sets, &r.Coverage.Maintainers)
	}
	if len(emitted) > 0 && len(maint) > 0 {
		sets = append(sets, &r.Coverage.Both)
	}
	for i, s := range sets {
		s.Covered, s.Percent = covered[i], percent(covered[i], total)
	}
	// With one set only, both is that set.
	switch {
	case len(emitted) > 0 && len(maint) == 0:
		r.Coverage.Both = r.Coverage.Emitted
	case len(emitted) == 0 && len(maint) > 0:
		r.Coverage.Both = r.Coverage.Maintainers
	}
	if len(maint) == 0 {
		m.notef("no maintainers' tests")
	}
	return nil
}

// dropUnbuildable moves aside the maintainers' test files that do not build
// in the copy (they use what a copy of the standard library lacks, say), a
// few rounds, as the compiler names them.
func (m *moduleRun) dropUnbuildable(ctx context.Context) error {
	for round := 0; round < 5; round++ {
		args := append([]string{"go", "test", "-count=1", "-vet=off", "-run", "^$"}, m.entry.Patterns...)
		res := m.run(ctx, command{dir: m.src, env: m.env, args: args, log: fmt.Sprintf("testbuild%d", round)})
		if res.err != nil {
			return res.err
		}
		if res.exit == 0 {
			return nil
		}
		files := failingTestFiles(string(res.stdout) + string(res.stderr))
		if len(files) == 0 {
			return nil // a failure that is not a test file's: the runs will say
		}
		if err := moveFiles(m.src, filepath.Join(m.dir, "dropped"), files); err != nil {
			return err
		}
		for _, f := range files {
			m.result.Coverage.Dropped = append(m.result.Coverage.Dropped, f+" (does not build)")
		}
	}
	return nil
}

// testSet runs go test -json -cover on the module's packages into s. With
// skip non-nil, a test binary that crashes or hangs is run again without the
// tests responsible (added to skip), so that it writes its coverage.
func (m *moduleRun) testSet(ctx context.Context, name string, s *TestSet, skip map[string]bool) profile {
	s.Ran = true
	prof := profile{}
	var pkgs map[string]*pkgTests
	patterns := m.entry.Patterns
	for round := 0; ; round++ {
		cover := filepath.Join(m.dir, fmt.Sprintf("%s%d.cover", name, round))
		args := []string{"go", "test", "-json", "-count=1", "-vet=off", "-cover", "-coverprofile", cover, "-timeout", m.cfg.TestTimeout.String()}
		if len(skip) > 0 {
			var names []string
			for _, t := range sortedKeys(skip) {
				names = append(names, regexp.QuoteMeta(t))
			}
			args = append(args, "-skip", "^("+strings.Join(names, "|")+")$")
		}
		res := m.run(ctx, command{dir: m.src, env: m.env, args: append(args, patterns...), log: fmt.Sprintf("test-%s%d", name, round)})
		if res.err != nil {
			s.Error = res.err.Error()
			return prof
		}
		p, err := parseProfile(cover)
		if err != nil {
			s.Error = err.Error()
			return prof
		}
		for k, b := range p {
			if old, ok := prof[k]; ok {
				b.hit = b.hit || old.hit
			}
			prof[k] = b
		}
		got := parseTestEvents(res.stdout)
		if pkgs == nil {
			pkgs = got
		} else {
			for k, v := range got {
				pkgs[k] = v
			}
		}
		if len(got) == 0 {
			s.Error = "go test: " + firstLine(string(res.stderr))
		}
		if skip == nil || round == 3 {
			break
		}
		// Run again the packages whose binary crashed, without the culprits.
		patterns = nil
		for path, p := range got {
			added := false
			for _, t := range p.culprits() {
				if !skip[t] {
					skip[t], added = true, true
				}
			}
			if added {
				patterns = append(patterns, path)
			}
		}
		if len(patterns) == 0 {
			break
		}
		sort.Strings(patterns)
	}
	s.Passed = len(pkgs) > 0
	var paths []string
	for p := range pkgs {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, path := range paths {
		p := pkgs[path]
		s.Packages++
		s.Tests += p.passed
		switch {
		case p.status == "build failed":
			s.Failed = append(s.Failed, path+": build failed")
		case p.crashed:
			s.Failed = append(s.Failed, path+": test binary crashed or timed out")
		}
		for _, t := range p.failed {
			s.Failed = append(s.Failed, path+": "+t)
		}
		if p.status == "fail" || p.status == "build failed" || p.crashed {
			s.Passed = false
		}
	}
	return prof
}

// verifyLine matches leapfrog gen -verify's line for a function checked.
var (
	verifyOK     = regexp.MustCompile(`(?m)^verify (\S+): go test passed, `)
	verifyNoCase = regexp.MustCompile(`(?m)^verify (\S+): no case \(no run completed\), nothing to verify$`)
	verifyFailed = regexp.MustCompile(`(?m)^leapfrog gen: verify (\S+) failed: (.*)$`)
)

// verify runs every Nth analysed function again, named, with gen -verify,
// one run per package, and counts the failures.
func (m *moduleRun) verify(ctx context.Context) error {
	if m.cfg.VerifyEvery <= 0 || m.report == nil {
		return nil
	}
	r := m.result
	dirs := map[string]string{}
	for _, p := range m.report.Packages {
		dirs[p.Path] = p.Dir
	}
	sample := map[string][]string{}
	var order []string
	for i, f := range m.report.Functions {
		if i%m.cfg.VerifyEvery != 0 {
			continue
		}
		if sample[f.Package] == nil {
			order = append(order, f.Package)
		}
		sample[f.Package] = append(sample[f.Package], f.Function)
	}
	for k, pkg := range order {
		names := sample[pkg]
		r.Verify.Sampled += len(names)
		dir, ok := dirs[pkg]
		if !ok {
			r.Verify.Failed = append(r.Verify.Failed, Crash{Function: pkg, Message: "package not in the report"})
			continue
		}
		args := []string{m.cfg.Leapfrog, "gen", "-q", "-complete=false", "-verify", "-timeout", m.cfg.Timeout.String()}
		if m.cfg.GenParallel > 0 {
			args = append(args, "-p", fmt.Sprint(m.cfg.GenParallel))
		}
		args = append(append(args, "./"+filepath.ToSlash(dir)), names...)
		res := m.run(ctx, command{dir: m.src, env: m.env, args: args, log: fmt.Sprintf("verify%d", k)})
		if res.err != nil {
			return res.err
		}
		out, errOut := string(res.stdout), string(res.stderr)
		done := map[string]bool{}
		for _, mm := range verifyOK.FindAllStringSubmatch(out, -1) {
			done[mm[1]] = true
			r.Verify.Confirmed++
		}
		for _, mm := range verifyNoCase.FindAllStringSubmatch(out, -1) {
			done[mm[1]] = true
			r.Verify.NoCase++
		}
		for _, mm := range verifyFailed.FindAllStringSubmatch(errOut, -1) {
			if done[mm[1]] {
				r.Verify.Confirmed-- // go test passed, but a claim failed
			}
			done[mm[1]] = true
			r.Verify.Failed = append(r.Verify.Failed, Crash{Function: pkg + "." + mm[1], Message: truncate(mm[2], 300)})
		}
		for _, n := range names {
			if !done[n] {
				msg := fmt.Sprintf("leapfrog gen -verify exited %d: %s", res.exit, lastLine(errOut))
				r.Verify.Failed = append(r.Verify.Failed, Crash{Function: pkg + "." + n, Message: truncate(msg, 300)})
			}
		}
		// The next package's run starts from a copy without tests.
		written, err := testFiles(m.src, isEmittedTest)
		if err != nil {
			return err
		}
		if err := moveFiles(m.src, filepath.Join(m.dir, fmt.Sprintf("verified%d", k)), written); err != nil {
			return err
		}
	}
	return nil
}

// countFunctions counts the functions and methods with a body (not init) of
// the module's packages, for a run that wrote no report.
func (m *moduleRun) countFunctions(ctx context.Context) (int, error) {
	res := m.run(ctx, command{dir: m.src, env: m.env, args: append([]string{"go", "list", "-json=Dir,GoFiles"}, m.entry.Patterns...), log: "list"})
	if res.err != nil || res.exit != 0 {
		return 0, fmt.Errorf("go list: %s", firstLine(string(res.stderr)))
	}
	dec := json.NewDecoder(strings.NewReader(string(res.stdout)))
	n := 0
	for dec.More() {
		var p struct {
			Dir     string
			GoFiles []string
		}
		if err := dec.Decode(&p); err != nil {
			return n, err
		}
		for _, name := range p.GoFiles {
			f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(p.Dir, name), nil, parser.SkipObjectResolution)
			if err != nil {
				return n, err
			}
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && (fd.Recv != nil || fd.Name.Name != "init") {
					n++
				}
			}
		}
	}
	return n, nil
}
