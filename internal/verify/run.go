// run.go: runs the tests plainly (coverage) and instrumented (branch records) and checks the claims.

package verify

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// Verdicts a claim can carry.
const (
	Covered     = "covered"
	Unreachable = "unreachable"
	Unknown     = "unknown"
)

// Claim is the engine's verdict for one branch outcome.
type Claim struct {
	Pos     string // "file.go:line:col" of the condition (a directory part is ignored)
	Outcome string // "true" or "false"
	Verdict string // Covered, Unreachable or Unknown
}

// Options says what Run checks.
type Options struct {
	PkgDir  string  // directory of the package under test
	ModRoot string  // module root; "" means the nearest directory above PkgDir holding go.mod
	TestRun string  // regexp for go test -run, e.g. "^TestLeapfrog"; "" runs all tests
	Claims  []Claim // the claims to check
	GoCmd   string  // the go command; "" means "go"
}

// Result is what Run found.
type Result struct {
	TestsPassed bool    // the tests passed in the plain (uninstrumented) package
	TestOutput  string  // output of the plain go test run
	Coverage    float64 // statement coverage of the package by the selected tests, in percent

	InstrumentedPassed bool   // the tests passed in the instrumented copy
	InstrumentedOutput string // output of the instrumented go test run
	Sites              int    // sites found by the instrumenter in the package
	ObservedOutcomes   int    // branch outcomes observed in the whole package

	Claims           int // claims checked
	CoveredOK        int // covered claims whose outcome was observed
	CoveredMissing   int // covered claims whose outcome was not observed
	UnreachableOK    int // unreachable claims whose outcome was not observed
	FalseUnreachable int // unreachable claims whose outcome WAS observed
	UnknownObserved  int // unknown claims whose outcome was observed (engine too pessimistic)
	UnknownOpen      int // unknown claims whose outcome was not observed
	BadClaims        int // claims at positions that are not sites, or malformed

	Errors []string // failures; Run's error is non-nil iff this is not empty
	Notes  []string // observations that are not failures
}

func (r *Result) errorf(format string, args ...any) {
	r.Errors = append(r.Errors, fmt.Sprintf(format, args...))
}

func (r *Result) notef(format string, args ...any) {
	r.Notes = append(r.Notes, fmt.Sprintf(format, args...))
}

// Run checks the claims against the real Go toolchain: it runs the selected
// tests in the package with a coverage profile, then in an instrumented copy
// of the module recording every branch outcome, and compares the outcomes
// seen with the claims. The returned error is non-nil when the tests failed
// or a claim is contradicted; the Result is then still filled as far as
// possible. Setup failures (no module, copy errors) return a nil Result.
func Run(opts Options) (*Result, error) {
	gocmd := opts.GoCmd
	if gocmd == "" {
		gocmd = "go"
	}
	pkgDir, err := filepath.Abs(opts.PkgDir)
	if err != nil {
		return nil, err
	}
	modRoot := opts.ModRoot
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
	defer os.RemoveAll(tmp)

	res := &Result{}
	testArgs := []string{"test", "-count=1"}
	if opts.TestRun != "" {
		testArgs = append(testArgs, "-run", opts.TestRun)
	}

	// (a) The plain package, with a coverage profile.
	profile := filepath.Join(tmp, "cover.out")
	out, err := runGo(gocmd, pkgDir, nil, append(testArgs, "-coverprofile="+profile)...)
	res.TestOutput = out
	res.TestsPassed = err == nil
	if err != nil {
		res.errorf("go test failed in %s: %v\n%s", pkgDir, err, out)
	} else if res.Coverage, err = statementCoverage(profile); err != nil {
		res.errorf("reading coverage profile: %v", err)
	}

	// (b) An instrumented copy of the module.
	modCopy := filepath.Join(tmp, "mod")
	if err := copyTree(modRoot, modCopy, func(r string) bool { return filepath.Base(r) == ".git" }); err != nil {
		return nil, fmt.Errorf("verify: copying module: %v", err)
	}
	instDir := filepath.Join(modCopy, rel)
	sites, err := Instrument(pkgDir, instDir)
	if err != nil {
		res.errorf("instrumenting: %v", err)
		return res, res.err()
	}
	res.Sites = len(sites)
	recFile := filepath.Join(tmp, "rec.txt")
	out, err = runGo(gocmd, instDir, []string{RecEnv + "=" + recFile}, testArgs...)
	res.InstrumentedOutput = out
	res.InstrumentedPassed = err == nil
	if err != nil && res.TestsPassed {
		res.errorf("go test failed in the instrumented copy (it passed without instrumentation): %v\n%s", err, out)
	}
	obs, err := Observed(recFile, sites)
	if err != nil {
		res.errorf("reading records: %v", err)
		return res, res.err()
	}
	for _, m := range obs {
		res.ObservedOutcomes += len(m)
	}
	compareClaims(res, opts.Claims, sites, obs)
	return res, res.err()
}

func (r *Result) err() error {
	if len(r.Errors) == 0 {
		return nil
	}
	return fmt.Errorf("verify: %d problem(s):\n%s", len(r.Errors), strings.Join(r.Errors, "\n"))
}

// compareClaims checks each claim against the sites and the observed outcomes.
func compareClaims(res *Result, claims []Claim, sites map[string]Site, obs map[string]map[bool]bool) {
	seen := map[string]string{}
	for _, c := range claims {
		res.Claims++
		key := claimKey(c.Pos)
		what := key + " " + c.Outcome
		b, err := strconv.ParseBool(c.Outcome)
		if err != nil || (c.Outcome != "true" && c.Outcome != "false") {
			res.BadClaims++
			res.errorf("%s: bad outcome %q (want true or false)", key, c.Outcome)
			continue
		}
		if prev, dup := seen[what]; dup && prev != c.Verdict {
			res.BadClaims++
			res.errorf("%s claimed both %s and %s", what, prev, c.Verdict)
			continue
		}
		seen[what] = c.Verdict
		if _, ok := sites[key]; !ok {
			res.BadClaims++
			res.errorf("%s claimed %s but is not a branch site of the instrumenter (the two countings disagree)", what, c.Verdict)
			continue
		}
		observed := obs[key][b]
		switch c.Verdict {
		case Covered:
			if observed {
				res.CoveredOK++
			} else {
				res.CoveredMissing++
				res.errorf("%s claimed covered but not observed", what)
			}
		case Unreachable:
			if observed {
				res.FalseUnreachable++
				res.errorf("FALSE UNREACHABLE: %s claimed unreachable but observed", what)
			} else {
				res.UnreachableOK++
			}
		case Unknown:
			if observed {
				res.UnknownObserved++
				res.notef("%s claimed unknown but observed (the engine was too pessimistic)", what)
			} else {
				res.UnknownOpen++
			}
		default:
			res.BadClaims++
			res.errorf("%s: bad verdict %q", what, c.Verdict)
		}
	}
}

// claimKey reduces a claim position to the "file.go:line:col" key of a site.
func claimKey(pos string) string {
	i := strings.LastIndexAny(pos, `/\`)
	return pos[i+1:]
}

// findModRoot returns the nearest directory at or above dir holding go.mod.
func findModRoot(dir string) (string, error) {
	for d := dir; ; {
		if st, err := os.Stat(filepath.Join(d, "go.mod")); err == nil && !st.IsDir() {
			return d, nil
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", fmt.Errorf("verify: no go.mod above %s", dir)
		}
		d = parent
	}
}

// runGo runs the go command in dir with the inherited environment plus env.
func runGo(gocmd, dir string, env []string, args ...string) (string, error) {
	cmd := exec.Command(gocmd, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var buf bytes.Buffer
	cmd.Stdout = &buf
	cmd.Stderr = &buf
	err := cmd.Run()
	return buf.String(), err
}

// statementCoverage returns the percentage of statements covered according
// to a cover profile ("mode: ..." then "file:l.c,l.c nstmts count" lines).
// Blocks listed more than once count once, covered if any listing is.
func statementCoverage(profile string) (float64, error) {
	f, err := os.Open(profile)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	type block struct {
		stmts   int
		covered bool
	}
	blocks := map[string]*block{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	first := true
	for sc.Scan() {
		line := sc.Text()
		if first {
			first = false
			if !strings.HasPrefix(line, "mode:") {
				return 0, fmt.Errorf("%s: no mode line", profile)
			}
			continue
		}
		if line == "" {
			continue
		}
		fields := strings.Fields(line)
		if len(fields) != 3 {
			return 0, fmt.Errorf("%s: bad line %q", profile, line)
		}
		n, err1 := strconv.Atoi(fields[1])
		cnt, err2 := strconv.Atoi(fields[2])
		if err1 != nil || err2 != nil {
			return 0, fmt.Errorf("%s: bad line %q", profile, line)
		}
		b := blocks[fields[0]]
		if b == nil {
			b = &block{stmts: n}
			blocks[fields[0]] = b
		}
		b.covered = b.covered || cnt > 0
	}
	if err := sc.Err(); err != nil {
		return 0, err
	}
	total, cov := 0, 0
	for _, b := range blocks {
		total += b.stmts
		if b.covered {
			cov += b.stmts
		}
	}
	if total == 0 {
		return 100, nil
	}
	return 100 * float64(cov) / float64(total), nil
}
