// run.go: runs the tests plainly (coverage) and instrumented (branch records) and checks the claims.

package verify

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"leapfrog/internal/ir"
	"leapfrog/internal/report"
)

// Claim is the engine's verdict for one objective: a branch outcome, a panic
// (a run-time check failing, an explicit panic), or a function's entry.
type Claim struct {
	Pos     ir.Pos // the condition or the panicking operation (a directory part of its file is ignored)
	Outcome string // "true" or "false", a panic kind (see PanicSite), or "entry"
	Verdict report.Verdict
}

// Options says what Run checks.
type Options struct {
	PkgDir    string   // directory of the package under test
	ModRoot   string   // module root; "" means the nearest directory above PkgDir holding go.mod
	TestRun   string   // regexp for go test -run, e.g. "^TestLeapfrog"; "" runs all tests
	TestFiles []string // _test.go files outside PkgDir to run with the package's (e.g. written by gen -o)
	Claims    []Claim  // the claims to check
	GoCmd     string   // the go command; "" means "go"
}

// Result is what Run found.
type Result struct {
	TestsPassed bool    // the tests passed in the plain (uninstrumented) package
	TestOutput  string  // output of the plain go test run
	Coverage    float64 // statement coverage of the package by the selected tests, in percent

	InstrumentedPassed bool      // the tests passed in the instrumented copy
	InstrumentedOutput string    // output of the instrumented go test run
	Sites              int       // sites found by the instrumenter in the package
	Skipped            []Skipped // declarations the instrumenter left as they are
	ObservedOutcomes   int       // branch outcomes observed in the whole package
	ObservedPanics     int       // panics (kind and line) observed in the whole package

	Claims           int // claims checked (branch outcomes and panics)
	PanicClaims      int // of which panics
	CoveredOK        int // covered claims whose outcome was observed
	CoveredMissing   int // covered claims whose outcome was not observed
	UnreachableOK    int // unreachable claims whose outcome was not observed
	FalseUnreachable int // unreachable claims whose outcome WAS observed
	UnknownObserved  int // unknown claims whose outcome was observed (engine too pessimistic)
	UnknownOpen      int // unknown claims whose outcome was not observed
	Unchecked        int // claims in declarations the instrumenter skipped
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

// Run checks the claims against the real Go toolchain. It copies the module
// (without .git) to a temporary directory, adds the TestFiles to the
// package there, runs the selected tests with a coverage profile, then
// instruments the package in the copy, runs the same tests again recording
// every branch outcome and panic, and compares what was seen with the
// claims. The returned error is non-nil when the tests failed, no test was
// selected, or a claim is contradicted; the Result is then still filled as
// far as possible. Setup failures (no module, copy errors) return a nil
// Result.
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

	// The copy of the module, with the test files in the package.
	modCopy := filepath.Join(tmp, "mod")
	if err := CopyModule(modRoot, modCopy); err != nil {
		return nil, fmt.Errorf("verify: copying module: %v", err)
	}
	pkgCopy := filepath.Join(modCopy, rel)
	for _, tf := range opts.TestFiles {
		abs, err := filepath.Abs(tf)
		if err != nil {
			return nil, err
		}
		if filepath.Dir(abs) == pkgDir {
			continue // copied with the module
		}
		if !strings.HasSuffix(abs, "_test.go") {
			return nil, fmt.Errorf("verify: %s: a test file must end in _test.go", tf)
		}
		if _, err := os.Stat(filepath.Join(pkgCopy, filepath.Base(abs))); err == nil {
			return nil, fmt.Errorf("verify: %s: the package already has a file %s", tf, filepath.Base(abs))
		}
		if err := copyFile(abs, filepath.Join(pkgCopy, filepath.Base(abs))); err != nil {
			return nil, fmt.Errorf("verify: %v", err)
		}
	}

	res := &Result{}
	testArgs := []string{"test", "-count=1", "-v"}
	if opts.TestRun != "" {
		testArgs = append(testArgs, "-run", opts.TestRun)
	}

	// (a) The plain package, with a coverage profile.
	profile := filepath.Join(tmp, "cover.out")
	out, err := runGo(gocmd, pkgCopy, nil, append(testArgs, "-coverprofile="+profile)...)
	res.TestOutput = out
	res.TestsPassed = err == nil
	switch {
	case err != nil:
		res.errorf("go test failed in %s: %v\n%s", pkgDir, err, out)
	case noTests(out):
		res.TestsPassed = false
		res.errorf("go test ran no test in %s (-run %q, test files %v): nothing was checked", pkgDir, opts.TestRun, opts.TestFiles)
	default:
		if res.Coverage, err = statementCoverage(profile); err != nil {
			res.errorf("reading coverage profile: %v", err)
		}
	}

	// (b) The package instrumented in place in the copy.
	inst, err := Instrument(pkgCopy, pkgCopy)
	if err != nil {
		res.errorf("instrumenting: %v", err)
		return res, res.err()
	}
	if err := UnrecordChecks(pkgCopy); err != nil {
		res.errorf("instrumenting: %v", err)
		return res, res.err()
	}
	res.Sites, res.Skipped = len(inst.Sites), inst.Skipped
	for _, s := range inst.Skipped {
		res.notef("%s not instrumented (%s): its claims are not checked", s.Name, s.Reason)
	}
	recFile := filepath.Join(tmp, "rec.txt")
	out, err = runGo(gocmd, pkgCopy, []string{RecEnv + "=" + recFile}, testArgs...)
	res.InstrumentedOutput = out
	res.InstrumentedPassed = err == nil && !noTests(out)
	if err != nil && res.TestsPassed {
		res.errorf("go test failed in the instrumented copy (it passed without instrumentation): %v\n%s", err, out)
	}
	obs, err := Observed(recFile, inst.Sites)
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
	compareClaims(res, opts.Claims, inst, observed{obs, panics, entries})
	return res, res.err()
}

// wrapperCheckSeen reports whether a covered claim of a nil dereference at
// a method's name, the nil check of the wrapper through which a type
// embedding the method's receiver type promotes it, was seen where gc
// raises it: in the wrapper (<autogenerated>), or, when gc's wrapper calls
// the method without checking (the embedded field at offset 0: the method
// faults on the receiver itself), in the method's body. A wrapper inlined
// into its caller raises it at the call, which is not matched: the claim is
// then reported as not observed, never confirmed wrongly. Only covered
// claims are matched so: the body's own dereferences are objectives of
// their own, and an unreachable wrapper claim is not contradicted by them.
//
// A wrapper promoting the method of an embedded interface (pkg/errors'
// withStack embeds error) has no source position at all: its claim, at no
// position, is confirmed by a nil dereference in a wrapper.
func wrapperCheckSeen(c Claim, inst *Instrumented, panics map[PanicSite]bool) bool {
	if c.Outcome != ir.NilCheck.PanicMessage() {
		return false
	}
	inWrapper := panics[PanicSite{c.Outcome, "<autogenerated>:1"}]
	if !c.Pos.IsValid() {
		return inWrapper
	}
	body, ok := inst.Bodies[siteKey(c.Pos)]
	if !ok {
		return false
	}
	if inWrapper {
		return true
	}
	for l := body.Line + 1; l <= body.End; l++ {
		if panics[PanicSite{c.Outcome, fmt.Sprintf("%s:%d", body.File, l)}] {
			return true
		}
	}
	return false
}

// noTests reports whether go test -v output shows that no test ran.
func noTests(out string) bool {
	return strings.Contains(out, "no tests to run") || strings.Contains(out, "[no test files]") || !strings.Contains(out, "--- ")
}

func (r *Result) err() error {
	if len(r.Errors) == 0 {
		return nil
	}
	return fmt.Errorf("verify: %d problem(s):\n%s", len(r.Errors), strings.Join(r.Errors, "\n"))
}

// observed is what an instrumented run recorded.
type observed struct {
	branches map[string]map[bool]bool
	panics   map[PanicSite]bool
	entries  map[string]bool
}

// compareClaims checks each claim against the sites and what was observed.
// Branch claims are compared by position and outcome, entry claims by
// position; panic claims by kind and line (a stack trace has no column): a
// covered panic must have been seen, and a panic seen must not have only
// unreachable claims.
func compareClaims(res *Result, claims []Claim, inst *Instrumented, obs observed) {
	claims = mergeClaims(res, claims)
	type group struct {
		claims      []Claim
		unreachable bool // every claim of the group is unreachable
	}
	groups := map[PanicSite]*group{}
	var order []PanicSite
	for _, c := range claims {
		res.Claims++
		key := siteKey(c.Pos)
		what := key + " " + c.Outcome
		if c.Verdict != report.Covered && c.Verdict != report.Unreachable && c.Verdict != report.Unknown {
			res.BadClaims++
			res.errorf("%s: bad verdict %q", what, c.Verdict)
			continue
		}
		if s, ok := skippedAt(inst, c.Pos); ok {
			res.Unchecked++
			res.notef("%s claimed %s: not checked, %s was not instrumented", what, c.Verdict, s.Name)
			continue
		}
		if c.Outcome == "entry" {
			if !inst.Entries[key] {
				res.BadClaims++
				res.errorf("%s claimed %s but is the entry of no function of the instrumenter", what, c.Verdict)
				continue
			}
			tally(res, what, c.Verdict, obs.entries[key], "")
			continue
		}
		if c.Outcome != "true" && c.Outcome != "false" {
			res.PanicClaims++
			if !isPanicKind(c.Outcome) {
				res.BadClaims++
				res.errorf("%s: bad outcome %q (want true, false or a panic kind)", key, c.Outcome)
				continue
			}
			ps := PanicSite{c.Outcome, lineKey(c.Pos)}
			g := groups[ps]
			if g == nil {
				g = &group{unreachable: true}
				groups[ps] = g
				order = append(order, ps)
			}
			g.claims = append(g.claims, c)
			g.unreachable = g.unreachable && c.Verdict == report.Unreachable
			continue
		}
		b := c.Outcome == "true"
		if _, ok := inst.Sites[key]; !ok {
			res.BadClaims++
			res.errorf("%s claimed %s but is not a branch site of the instrumenter (the two countings disagree)", what, c.Verdict)
			continue
		}
		tally(res, what, c.Verdict, obs.branches[key][b], "")
	}
	for _, ps := range order {
		g := groups[ps]
		seen := obs.panics[ps]
		for _, c := range g.claims {
			what := siteKey(c.Pos) + " " + c.Outcome
			switch {
			case c.Verdict == report.Unreachable && seen && !g.unreachable:
				// Another objective of that kind on that line may be the
				// one that panicked: not a contradiction.
				res.UnreachableOK++
			case c.Verdict == report.Covered && !seen && wrapperCheckSeen(c, inst, obs.panics):
				res.CoveredOK++
			default:
				tally(res, what, c.Verdict, seen, fmt.Sprintf(" (a %q panic at line %s)", ps.Kind, ps.Line))
			}
		}
	}
}

// mergeClaims makes one claim of the branch and entry claims at one
// position and outcome. The instances of a generic function
// (levenshtein's distance[uint16] and distance[int]) are objectives of
// their own at the same source positions, with verdicts of their own,
// while the instrumented package records each site once for all of them:
// the claim checked is the strongest the record can check, covered if one
// instance is covered, unknown if one is, unreachable only if all are. A
// note names the positions whose verdicts differ. Panic claims are
// grouped by line later.
func mergeClaims(res *Result, claims []Claim) []Claim {
	rank := map[report.Verdict]int{report.Unreachable: 0, report.Unknown: 1, report.Covered: 2}
	var out []Claim
	at := map[string]int{} // position and outcome -> index in out
	differ := map[string]bool{}
	var order []string
	for _, c := range claims {
		if c.Outcome != "true" && c.Outcome != "false" && c.Outcome != "entry" {
			out = append(out, c)
			continue
		}
		what := siteKey(c.Pos) + " " + c.Outcome
		i, dup := at[what]
		if !dup {
			at[what] = len(out)
			out = append(out, c)
			continue
		}
		if prev := out[i].Verdict; prev != c.Verdict {
			if !differ[what] {
				order = append(order, what)
			}
			differ[what] = true
			if r, ok := rank[c.Verdict]; ok && r > rank[prev] {
				out[i].Verdict = c.Verdict
			}
		}
	}
	for _, what := range order {
		res.notef("%s has objectives of different verdicts (instances of a generic function): checked as %s", what, out[at[what]].Verdict)
	}
	return out
}

// tally counts one claim against whether its outcome was observed.
func tally(res *Result, what string, verdict report.Verdict, observed bool, detail string) {
	switch verdict {
	case report.Covered:
		if observed {
			res.CoveredOK++
		} else {
			res.CoveredMissing++
			res.errorf("%s claimed covered but not observed%s", what, detail)
		}
	case report.Unreachable:
		if observed {
			res.FalseUnreachable++
			res.errorf("FALSE UNREACHABLE: %s claimed unreachable but observed%s", what, detail)
		} else {
			res.UnreachableOK++
		}
	case report.Unknown:
		if observed {
			res.UnknownObserved++
			res.notef("%s claimed unknown but observed (the engine was too pessimistic)%s", what, detail)
		} else {
			res.UnknownOpen++
		}
	default:
		panic(fmt.Sprintf("verify: verdict %q", verdict))
	}
}

// isPanicKind reports whether outcome names a panic objective.
func isPanicKind(outcome string) bool {
	return outcome == "panic" || slices.Contains(PanicKinds, outcome)
}

// siteKey is the key of the instrumenter's site at p, "file.go:line:col"
// (the directory part of p's file ignored; "-" for an unknown position).
func siteKey(p ir.Pos) string { return inFile(p).String() }

// lineKey is the "file.go:line" of a panic at p (stack traces have no
// columns; "-" for an unknown position).
func lineKey(p ir.Pos) string {
	if p = inFile(p); !p.IsValid() {
		return p.String()
	}
	return fmt.Sprintf("%s:%d", p.File, p.Line)
}

// inFile is p with its file's base name.
func inFile(p ir.Pos) ir.Pos {
	p.File = p.File[strings.LastIndexAny(p.File, `/\`)+1:]
	return p
}

// skippedAt returns the skipped declaration holding the position, if any.
func skippedAt(inst *Instrumented, p ir.Pos) (Skipped, bool) {
	for _, s := range inst.Skipped {
		if s.Contains(p) {
			return s, true
		}
	}
	return Skipped{}, false
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
