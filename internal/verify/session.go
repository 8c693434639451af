// session.go: one package's copy and its two test binaries, built once, checking each function's tests in turn.

package verify

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Session checks selections of one package's tests against claims. It
// copies the module (without .git) to a temporary directory, adds the test
// files to the package there, and builds the package's test binary twice
// with go test -c: plainly with coverage, then instrumented (every branch
// outcome, panic and entry recorded). Each Check runs the selected tests
// in both binaries: a package of N functions costs two builds, not 2N.
// Each run is a process of its own, with its own coverage profile and
// record file: nothing a run does reaches the next but what the tests
// themselves leave on disk in the copy.
type Session struct {
	gocmd   string
	pkgDir  string // the package's directory (absolute), for messages
	tmp     string
	pkgCopy string
	inst    *Instrumented
	runs    int // Check calls so far: names each run's files

	plainBin, instBin string // the test binaries ("" when the build failed)
	plainOut, instOut string // the build's output when it failed
	instErr           string // instrumenting failed: why
}

// NewSession prepares the package in pkgDir (modRoot: its module's root,
// "" for the nearest go.mod above it; testFiles: _test.go files outside
// pkgDir to add to it; gocmd: the go command, "" for "go"). A build that
// fails is reported by each Check, not here: the error is for setup
// failures (no module, copy errors).
func NewSession(pkgDir, modRoot string, testFiles []string, gocmd string) (*Session, error) {
	if gocmd == "" {
		gocmd = "go"
	}
	pkgDir, err := filepath.Abs(pkgDir)
	if err != nil {
		return nil, err
	}
	if modRoot == "" {
		if modRoot, err = findModRoot(pkgDir); err != nil {
			return nil, err
		}
	}
	if modRoot, err = filepath.Abs(modRoot); err != nil {
		return nil, err
	}
	rel, err := filepath.Rel(modRoot, pkgDir)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return nil, fmt.Errorf("verify: package %s is not inside module %s", pkgDir, modRoot)
	}
	tmp, err := os.MkdirTemp("", "leapfrog-verify-")
	if err != nil {
		return nil, err
	}
	s := &Session{gocmd: gocmd, pkgDir: pkgDir, tmp: tmp}
	if err := s.prepare(modRoot, rel, testFiles); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

// prepare copies the module with the test files, and builds the binaries.
func (s *Session) prepare(modRoot, rel string, testFiles []string) error {
	modCopy := filepath.Join(s.tmp, "mod")
	if err := CopyModule(modRoot, modCopy); err != nil {
		return fmt.Errorf("verify: copying module: %v", err)
	}
	s.pkgCopy = filepath.Join(modCopy, rel)
	for _, tf := range testFiles {
		abs, err := filepath.Abs(tf)
		if err != nil {
			return err
		}
		if filepath.Dir(abs) == s.pkgDir {
			continue // copied with the module
		}
		if !strings.HasSuffix(abs, "_test.go") {
			return fmt.Errorf("verify: %s: a test file must end in _test.go", tf)
		}
		if _, err := os.Stat(filepath.Join(s.pkgCopy, filepath.Base(abs))); err == nil {
			return fmt.Errorf("verify: %s: the package already has a file %s", tf, filepath.Base(abs))
		}
		if err := copyFile(abs, filepath.Join(s.pkgCopy, filepath.Base(abs))); err != nil {
			return fmt.Errorf("verify: %v", err)
		}
	}
	// (a) The plain package, with coverage.
	bin := filepath.Join(s.tmp, "plain.test")
	s.plainBin, s.plainOut = s.build(bin, "-cover")
	// (b) The package instrumented in place in the copy.
	inst, err := Instrument(s.pkgCopy, s.pkgCopy)
	if err == nil {
		err = UnrecordChecks(s.pkgCopy)
	}
	if err != nil {
		s.instErr = err.Error()
		return nil
	}
	s.inst = inst
	s.instBin, s.instOut = s.build(filepath.Join(s.tmp, "inst.test"), "")
	return nil
}

// build builds the package's test binary bin (with flag, when not ""):
// bin, or "" and why (the build's output; go test's "[no test files]"
// when the package has none, and go test -c writes no binary).
func (s *Session) build(bin, flag string) (string, string) {
	args := []string{"test", "-c", "-o", bin}
	if flag != "" {
		args = append(args, flag)
	}
	out, err := runIn(s.gocmd, s.pkgCopy, nil, args...)
	if err != nil {
		return "", fmt.Sprintf("%v\n%s", err, out)
	}
	if _, err := os.Stat(bin); err != nil {
		return "", "[no test files]"
	}
	return bin, ""
}

// Close removes the copy and the binaries.
func (s *Session) Close() { os.RemoveAll(s.tmp) }

// testTimeout bounds one run of a test binary, as go test's default.
const testTimeout = "10m"

// Check runs the tests matching testRun (a regexp for -test.run; "" runs
// all) in both binaries and compares what was seen with the claims. The
// error is non-nil when the tests failed, none was selected, or a claim is
// contradicted; the Result is then still filled as far as possible.
func (s *Session) Check(testRun string, claims []Claim) (*Result, error) {
	s.runs++
	res := &Result{}
	args := []string{"-test.count=1", "-test.v", "-test.timeout=" + testTimeout}
	if testRun != "" {
		args = append(args, "-test.run="+testRun)
	}

	// (a) The plain package, with a coverage profile.
	profile := filepath.Join(s.tmp, fmt.Sprintf("cover%d.out", s.runs))
	var out string
	var err error
	switch {
	case s.plainOut == "[no test files]":
		out = s.plainOut // noTests below
	case s.plainBin == "":
		out, err = s.plainOut, fmt.Errorf("build failed")
	default:
		out, err = runIn(s.plainBin, s.pkgCopy, nil, append(args, "-test.coverprofile="+profile)...)
	}
	res.TestOutput = out
	res.TestsPassed = err == nil
	switch {
	case err != nil:
		res.errorf("go test failed in %s: %v\n%s", s.pkgDir, err, out)
	case noTests(out):
		res.TestsPassed = false
		res.errorf("go test ran no test in %s (-run %q): nothing was checked", s.pkgDir, testRun)
	default:
		if res.Coverage, err = statementCoverage(profile); err != nil {
			res.errorf("reading coverage profile: %v", err)
		}
	}

	// (b) The instrumented package.
	if s.inst == nil {
		res.errorf("instrumenting: %s", s.instErr)
		return res, res.err()
	}
	res.Sites, res.Skipped = len(s.inst.Sites), s.inst.Skipped
	for _, sk := range s.inst.Skipped {
		res.notef("%s not instrumented (%s): its claims are not checked", sk.Name, sk.Reason)
	}
	recFile := filepath.Join(s.tmp, fmt.Sprintf("rec%d.txt", s.runs))
	switch {
	case s.instOut == "[no test files]":
		out, err = s.instOut, nil
	case s.instBin == "":
		out, err = s.instOut, fmt.Errorf("build failed")
	default:
		out, err = runIn(s.instBin, s.pkgCopy, []string{RecEnv + "=" + recFile}, args...)
	}
	res.InstrumentedOutput = out
	res.InstrumentedPassed = err == nil && !noTests(out)
	if err != nil && res.TestsPassed {
		res.errorf("go test failed in the instrumented copy (it passed without instrumentation): %v\n%s", err, out)
	}
	obs, err := Observed(recFile, s.inst.Sites)
	if err != nil {
		res.errorf("reading records: %v", err)
		return res, res.err()
	}
	panics, err := ObservedPanics(recFile)
	if err != nil {
		res.errorf("reading records: %v", err)
		return res, res.err()
	}
	entries, err := ObservedEntries(recFile)
	if err != nil {
		res.errorf("reading records: %v", err)
		return res, res.err()
	}
	for _, m := range obs {
		res.ObservedOutcomes += len(m)
	}
	res.ObservedPanics = len(panics)
	compareClaims(res, claims, s.inst, observed{obs, panics, entries})
	return res, res.err()
}
