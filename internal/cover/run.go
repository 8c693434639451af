// run.go: the package's own tests run one by one on an instrumented copy, and the outcomes each took.

package cover

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"leapfrog/internal/verify"
)

// Options says which package's tests cover runs, and how.
type Options struct {
	PkgDir     string     // directory of the package
	ModRoot    string     // its module's root
	BuildFlags []string   // given to go test -c ("-tags=x", "-race")
	TestFlags  []string   // given to each run of the test binary ("-test.short")
	Run        string     // regexp selecting the top-level tests ("" all), as go test -run
	Funcs      []Func     // the functions and objectives to report
	Rejected   []Rejected // the functions gen rejects: their outcomes are the instrumenter's
	GoCmd      string     // "" means "go"
	// Drop are test files of the package (base names) left out of the
	// measure: gen completing the package's tests leaves out the tests
	// leapfrog generated before.
	Drop []string
}

// Test is one top-level test (Test*, Fuzz* with its seed corpus, Example*)
// run in a process of its own.
type Test struct {
	Name    string
	Passed  bool
	Skipped bool   // the test called t.Skip (its outcomes until then count)
	Output  string // the run's output when it failed
}

// Outcome is one objective and the tests that took it.
type Outcome struct {
	Objective
	Tests     []string // the tests that took it, in the order they ran; none: not covered
	Unchecked string   // why the instrumenter cannot tell (then Tests is empty)
}

// FuncResult is a function's outcomes.
type FuncResult struct {
	Func
	// Rejected is why gen rejects the function; its outcomes are then the
	// instrumenter's (instrumenterObjectives).
	Rejected string
	Outcomes []Outcome
}

// Result is what the package's tests cover.
type Result struct {
	Tests   []Test
	Funcs   []FuncResult
	Skipped []verify.Skipped // declarations the instrumenter left as they are
}

// Run copies the module to a temporary directory, instruments the package
// there (verify.Instrument: every condition, entry and panic recorded),
// builds its test binary once, lists its tests and runs each top-level
// test in its own process with its own record file, and attributes each
// objective to the tests whose records hold it. A test that fails still
// covers what it ran (Test.Passed says it failed). The error is for what
// stops the measure: the module cannot be copied, the package does not
// build, the binary cannot list its tests.
func Run(opts Options) (*Result, error) {
	gocmd := opts.GoCmd
	if gocmd == "" {
		gocmd = "go"
	}
	rel, err := filepath.Rel(opts.ModRoot, opts.PkgDir)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return nil, fmt.Errorf("%s: not inside module %s", opts.PkgDir, opts.ModRoot)
	}
	tmp, err := os.MkdirTemp("", "leapfrog-cover-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	modCopy := filepath.Join(tmp, "mod")
	if err := verify.CopyModule(opts.ModRoot, modCopy); err != nil {
		return nil, fmt.Errorf("copying module: %v", err)
	}
	pkgCopy := filepath.Join(modCopy, rel)
	for _, name := range opts.Drop {
		if err := os.Remove(filepath.Join(pkgCopy, filepath.Base(name))); err != nil && !os.IsNotExist(err) {
			return nil, err
		}
	}
	inst, err := verify.InstrumentWith(pkgCopy, pkgCopy, verify.InstrumentOptions{Recovered: true})
	if err != nil {
		return nil, err
	}
	res := &Result{Skipped: inst.Skipped}
	bin := filepath.Join(tmp, "pkg.test")
	args := append([]string{"test", "-c", "-o", bin}, opts.BuildFlags...)
	if out, err := runIn(pkgCopy, nil, gocmd, args...); err != nil {
		return nil, buildError(out, err, pkgCopy, opts.PkgDir)
	}
	var seen []verify.Seen
	if _, err := os.Stat(bin); err == nil { // no binary: no test file
		names, err := listTests(pkgCopy, bin, opts.Run)
		if err != nil {
			return nil, err
		}
		for i, name := range names {
			recFile := filepath.Join(tmp, fmt.Sprintf("rec%d.txt", i))
			pattern := "^" + regexp.QuoteMeta(name) + "$"
			if _, sub, ok := strings.Cut(opts.Run, "/"); ok {
				pattern += "/" + sub // the subtests -run selects
			}
			args := append([]string{"-test.run=" + pattern, "-test.count=1", "-test.v=true"}, withTimeout(opts.TestFlags)...)
			out, err := runIn(pkgCopy, []string{verify.RecEnv + "=" + recFile}, bin, args...)
			t := Test{Name: name, Passed: err == nil, Skipped: strings.Contains("\n"+out, "\n--- SKIP: "+name+" (")}
			if err != nil {
				t.Output = out
			}
			res.Tests = append(res.Tests, t)
			s, err := verify.ReadSeen(recFile, inst)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", name, err)
			}
			seen = append(seen, s)
		}
	}
	funcs := make([]FuncResult, 0, len(opts.Funcs)+len(opts.Rejected))
	for _, f := range opts.Funcs {
		funcs = append(funcs, FuncResult{Func: f})
	}
	for _, r := range opts.Rejected {
		objs, err := instrumenterObjectives(r, inst)
		if err != nil {
			return nil, err
		}
		funcs = append(funcs, FuncResult{Func: Func{Name: r.Name, File: r.File, Line: r.Line, Objectives: objs}, Rejected: r.Reason})
	}
	sort.SliceStable(funcs, func(i, j int) bool {
		a, b := funcs[i], funcs[j]
		if a.File != b.File {
			return a.File < b.File
		}
		return a.Line < b.Line
	})
	for _, fr := range funcs {
		f := fr.Func
		for _, o := range f.Objectives {
			out := Outcome{Objective: o}
			if ok, why := inst.Checkable(o.Pos, o.Outcome); !ok {
				out.Unchecked = why
			} else {
				for i, s := range seen {
					if s.Took(o.Pos, o.Outcome) {
						out.Tests = append(out.Tests, res.Tests[i].Name)
					}
				}
			}
			fr.Outcomes = append(fr.Outcomes, out)
		}
		res.Funcs = append(res.Funcs, fr)
	}
	return res, nil
}

// compilerPos matches the start of a compiler's message: "file.go:12:5: ".
var compilerPos = regexp.MustCompile(`^(\S+\.go):\d+(:\d+)?: `)

// buildError is a failed go test -c in one line: the compiler's first
// message, its file in the package's directory rather than the copy's
// ("go test -c: <first line>" when there is none).
func buildError(out string, err error, pkgCopy, pkgDir string) error {
	for _, line := range strings.Split(out, "\n") {
		m := compilerPos.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		file := m[1]
		if !filepath.IsAbs(file) {
			file = filepath.Join(pkgCopy, file)
		}
		if r, e := filepath.Rel(pkgCopy, file); e == nil && !strings.HasPrefix(r, "..") {
			file = filepath.Join(pkgDir, r)
		}
		return fmt.Errorf("%s%s (building the tests)", file, line[len(m[1]):])
	}
	first, _, _ := strings.Cut(strings.TrimSpace(out), "\n")
	if first == "" {
		first = err.Error()
	}
	return fmt.Errorf("go test -c: %s", first)
}

// listTests lists the top-level tests the binary runs (go test's -run
// selecting among them): tests, fuzz targets (their seed corpus runs as a
// test) and examples with output; benchmarks are not run by go test.
func listTests(dir, bin, run string) ([]string, error) {
	if run == "" {
		run = "."
	}
	if _, err := regexp.Compile(run); err != nil {
		return nil, fmt.Errorf("-run: %v", err)
	}
	// -test.run's pattern is split at '/' for subtests: the top level is
	// its first element.
	top, _, _ := strings.Cut(run, "/")
	out, err := runIn(dir, nil, bin, "-test.list="+top)
	if err != nil {
		return nil, fmt.Errorf("listing the tests: %v\n%s", err, strings.TrimSpace(out))
	}
	var names []string
	for _, line := range strings.Split(out, "\n") {
		if !isTestName(line) {
			continue
		}
		names = append(names, line)
	}
	return names, nil
}

// testName matches the names go test runs.
var testName = regexp.MustCompile(`^(Test|Fuzz|Example)[\p{L}\p{N}_]*$`)

func isTestName(s string) bool { return testName.MatchString(s) }

// withTimeout adds go test's default timeout (10m) unless one is given:
// a test binary run alone has none.
func withTimeout(flags []string) []string {
	for _, f := range flags {
		if strings.HasPrefix(f, "-test.timeout") {
			return flags
		}
	}
	return append([]string{"-test.timeout=10m0s"}, flags...)
}

// runIn runs a command in dir with the inherited environment plus env,
// returning its combined output.
func runIn(dir string, env []string, name string, args ...string) (string, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var buf bytes.Buffer
	cmd.Stdout, cmd.Stderr = &buf, &buf
	err := cmd.Run()
	return buf.String(), err
}
