// check_test.go: one oracle run over a package: leapfrog per row (subprocesses), then the truth (observe_test.go) and the comparison (compare_test.go).

package oracle

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"

	"leapfrog/internal/report"
	"leapfrog/internal/verify"
)

// row is one configuration of leapfrog whose verdicts are checked.
type row struct {
	name     string   // a Go identifier: it names the emitted tests
	strategy string   // -strategy
	flags    []string // extra flags
}

// rows are the configurations checked: every search strategy family, and
// treefrog with loop models. Add a row when a strategy is added to the
// command line. The runs have -validate-solver (TestRandomPrograms: on the
// dfs and treefrog rows), so the solver's models and cores are checked too; the treefrog row re-proves every unreachable
// verdict independently (gen -recheck, the default).
var rows = []row{
	{"dfs", "dfs", noRecheck},
	{"pm", "pm", noRecheck},
	{"treefrog", "treefrog", nil},
	{"rgcb", "rgcb", noRecheck},
	{"mtelse", "mtelse", noRecheck},
	{"treefrog_models", "treefrog", append([]string{"-loop-models", "auto"}, noRecheck...)},
}

// noRecheck turns off gen's independent re-proof of unreachable verdicts
// (cvc5), which does not depend on the strategy: the treefrog row keeps it.
var noRecheck = []string{"-recheck=false"}

// disagreement is one way leapfrog's output contradicts the truth.
type disagreement struct {
	class     string // the symptom: see the classes in compare_test.go
	row       string // the configuration ("" when not attributable)
	fn        string // the function ("" when not attributable)
	objective string // "p.go:12:5 true (b3.true)"
	verdict   string // what leapfrog said
	witness   string // an input showing the truth
	detail    string // the rest: proof, output, message
}

func (d disagreement) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "[%s]", d.class)
	if d.row != "" {
		fmt.Fprintf(&b, " strategy %s", d.row)
	}
	if d.fn != "" {
		fmt.Fprintf(&b, " function %s", d.fn)
	}
	if d.objective != "" {
		fmt.Fprintf(&b, ": objective %s", d.objective)
	}
	if d.verdict != "" {
		fmt.Fprintf(&b, ", verdict %s", d.verdict)
	}
	if d.witness != "" {
		fmt.Fprintf(&b, ", witness %s", d.witness)
	}
	if d.detail != "" {
		fmt.Fprintf(&b, "\n%s", indent(strings.TrimRight(d.detail, "\n"), "    "))
	}
	return b.String()
}

func indent(s, prefix string) string {
	return prefix + strings.ReplaceAll(s, "\n", "\n"+prefix)
}

// oracleOptions configure one run.
type oracleOptions struct {
	rows      []row
	limit     time.Duration // a leapfrog subprocess is killed after this
	timeout   string        // leapfrog -timeout per function ("" none)
	selfCheck bool          // break correct reports and expect the comparison to object
	// validate lists the rows run with -validate-solver (nil: every row).
	// The check is of Z3's models and cores, not of the strategy, so the
	// random programs, which cost the most, have it on two rows only.
	validate map[string]bool
}

// oracleRun is the outcome of one run.
type oracleRun struct {
	pkg      *pkgSource
	funcs    []*function
	reports  map[string]map[string]*report.Function // row -> function -> report
	obs      map[string]*observation                // function -> what its enumeration saw
	sites    map[string]verify.Site                 // the instrumenter's sites by key
	timeouts int                                    // objectives unknown for a time budget
	found    []disagreement
	logs     []string
	mu       sync.Mutex
}

func (o *oracleRun) add(d disagreement) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.found = append(o.found, d)
}

func (o *oracleRun) logf(format string, args ...any) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.logs = append(o.logs, fmt.Sprintf(format, args...))
}

// byFunc returns the disagreements of fn ("" for those of no function).
func (o *oracleRun) byFunc(fn string) []disagreement {
	var out []disagreement
	for _, d := range o.found {
		if d.fn == fn {
			out = append(out, d)
		}
	}
	return out
}

// runOracle checks leapfrog on the functions names of the package in src
// (a module directory), working in tmp. The error is for what makes the
// whole run impossible (a package that does not type-check, an
// enumeration that does not build); everything leapfrog gets wrong is a
// disagreement.
func runOracle(src, tmp string, names []string, opts oracleOptions) (*oracleRun, error) {
	pkg, err := parsePackage(src)
	if err != nil {
		return nil, err
	}
	o := &oracleRun{pkg: pkg, reports: map[string]map[string]*report.Function{}, obs: map[string]*observation{}}
	for _, n := range names {
		f, err := pkg.function(n)
		if err != nil {
			return nil, err
		}
		o.funcs = append(o.funcs, f)
	}

	// leapfrog's verdicts and tests, one report per row.
	emitted := map[string][]string{} // row -> emitted test files
	var wg sync.WaitGroup
	for _, r := range opts.rows {
		wg.Add(1)
		go func() {
			defer wg.Done()
			reps, files := o.generate(src, tmp, r, names, opts)
			o.mu.Lock()
			o.reports[r.name], emitted[r.name] = reps, files
			o.mu.Unlock()
		}()
	}

	// The truth: an instrumented copy running every input of every function.
	inst := filepath.Join(tmp, "inst")
	instrumented, err := verify.Instrument(src, inst)
	wg.Wait()
	if err != nil {
		return o, fmt.Errorf("instrument: %v", err)
	}
	for _, s := range instrumented.Skipped {
		o.add(disagreement{class: "instrument-skipped", detail: fmt.Sprintf("verify.Instrument left %s as it is: %s", s.Name, s.Reason)})
	}
	sites := instrumented.Sites
	o.sites = sites
	enum, err := enumSource(pkg, o.funcs)
	if err != nil {
		return o, err
	}
	if err := os.WriteFile(filepath.Join(inst, "enum_test.go"), enum, 0o644); err != nil {
		return o, err
	}
	replay, err := replaySource(pkg, o.funcs, o.reports)
	if err != nil {
		return o, err
	}
	start := time.Now()
	bin, withReplay, withTests := o.build(tmp, inst, replay, emitted, opts.rows)
	o.logf("build of the test binary: %v", time.Since(start).Round(time.Millisecond))
	start = time.Now()
	if bin == "" {
		return o, fmt.Errorf("the enumeration does not build (see the disagreements)")
	}
	if withTests {
		for _, r := range opts.rows {
			o.runEmitted(bin, inst, r)
		}
	}
	o.logf("emitted tests: %v", time.Since(start).Round(time.Millisecond))
	start = time.Now()
	var replayed map[string]*replayed
	if withReplay {
		replayed = o.runReplay(bin, inst, tmp)
	}
	o.logf("replay: %v", time.Since(start).Round(time.Millisecond))
	for _, f := range o.funcs {
		start := time.Now()
		obs, err := enumerate(bin, inst, tmp, f, sites)
		if err != nil {
			return o, err
		}
		o.obs[f.name] = obs
		enumTime := time.Since(start)
		var proofTime time.Duration
		reach := pkg.reach(f)
		for _, r := range opts.rows {
			rep := o.reports[r.name][f.name]
			if rep == nil {
				continue // generate reported why
			}
			c := &comparison{row: r.name, f: f, rep: rep, obs: obs, sites: sites, entryKeys: instrumented.Entries, pkg: pkg, reach: reach}
			ds := c.compare()
			if replayed != nil {
				ds = append(ds, c.compareCases(replayed)...)
			}
			ps := time.Now()
			ds = append(ds, checkProofs(r.name, rep)...)
			proofTime += time.Since(ps)
			for _, d := range ds {
				o.add(d)
			}
			if len(ds) == 0 && opts.selfCheck {
				for _, d := range c.selfCheck() {
					o.add(d)
				}
				if replayed != nil {
					for _, d := range c.selfCheckCases(replayed) {
						o.add(d)
					}
				}
			}
		}
		for _, d := range agree(f, o.reports, opts.rows) {
			o.add(d)
		}
		for _, r := range opts.rows {
			if rep := o.reports[r.name][f.name]; rep != nil {
				n := 0
				for _, b := range rep.Branches {
					if isTimeout(b) {
						n++
					}
				}
				if n > 0 {
					o.logf("%s %s: %d objectives unknown for a time budget (accepted)", r.name, f.name, n)
					o.timeouts += n
				}
			}
		}
		o.logf("%s: %d inputs, %d branch outcomes and %d panic sites observed; enumeration %v, proofs %v, all %v", f.name, obs.inputs, countOutcomes(obs), len(obs.panics),
			enumTime.Round(time.Millisecond), proofTime.Round(time.Millisecond), time.Since(start).Round(time.Millisecond))
	}
	return o, nil
}

// genRun runs leapfrog gen for one row on names, in dir; it returns the
// report by function, the emitted test file, and the subprocess's outcome.
func genRun(src, dir string, r row, names []string, opts oracleOptions) (map[string]*report.Function, string, cliRun) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, "", cliRun{code: -1, stderr: err.Error()}
	}
	js, test := filepath.Join(dir, "r.json"), filepath.Join(dir, "x_leapfrog_test.go")
	args := []string{"gen", "-strategy", r.strategy, "-json", js, "-o", test}
	if opts.validate == nil || opts.validate[r.name] {
		args = append(args, "-validate-solver")
	}
	if opts.timeout != "" {
		args = append(args, "-timeout", opts.timeout)
	}
	args = append(append(append(args, r.flags...), src), names...)
	run := runCLI(opts.limit, args...)
	if run.code != 0 {
		return nil, "", run
	}
	data, err := os.ReadFile(js)
	if err != nil {
		run.code, run.stderr = -1, run.stderr+"\nno report: "+err.Error()
		return nil, "", run
	}
	var rep report.Report
	if err := json.Unmarshal(data, &rep); err != nil {
		run.code, run.stderr = -1, run.stderr+"\nbad report: "+err.Error()
		return nil, "", run
	}
	byName := map[string]*report.Function{}
	for _, f := range rep.Functions {
		byName[f.Function] = f
	}
	return byName, test, run
}

// generate runs one row on all functions at once; when that fails, on each
// function alone, so that a crash names its function and spares the others.
func (o *oracleRun) generate(src, tmp string, r row, names []string, opts oracleOptions) (map[string]*report.Function, []string) {
	reps, test, run := genRun(src, filepath.Join(tmp, "gen-"+r.name), r, names, opts)
	if run.code == 0 {
		o.logf("leapfrog gen -strategy %s %s: %v", r.strategy, strings.Join(r.flags, " "), run.elapsed.Round(time.Millisecond))
		for _, n := range names {
			if reps[n] == nil {
				o.add(disagreement{class: "no-report", row: r.name, fn: n, detail: "gen exited 0 but its report lacks the function"})
			}
		}
		return reps, []string{test}
	}
	reps = map[string]*report.Function{}
	var tests []string
	failed := 0
	for _, n := range names {
		one, test, run := genRun(src, filepath.Join(tmp, "gen-"+r.name+"-"+sanitize(n)), r, []string{n}, opts)
		if run.code != 0 {
			failed++
			o.add(genFailure(r, n, run))
			continue
		}
		reps[n] = one[n]
		tests = append(tests, test)
	}
	if failed == 0 {
		o.add(genFailure(r, "", run))
	}
	return reps, tests
}

// genFailure describes a failed leapfrog run.
func genFailure(r row, fn string, run cliRun) disagreement {
	d := disagreement{row: r.name, fn: fn, detail: tail(run.stderr+run.stdout, 40)}
	switch {
	case run.killed:
		d.class = "killed"
		d.detail = fmt.Sprintf("leapfrog ran for %v and was killed\n%s", run.elapsed.Round(time.Second), d.detail)
	case run.crashed():
		d.class = "crash"
		d.verdict = panicLine(run.stderr)
	case strings.Contains(run.stderr, "internal error"): // a crash the command line caught
		d.class = "crash"
		for _, l := range strings.Split(run.stderr, "\n") {
			if strings.Contains(l, "internal error") {
				d.verdict = l
				break
			}
		}
	case strings.Contains(run.stderr, "unsupported"):
		d.class = "unsupported"
	case strings.Contains(run.stderr, "solver validation failed"):
		d.class = "solver-validation"
	default:
		d.class = "exit"
	}
	if fn == "" {
		d.detail = "the run on all functions failed, but every function alone passed\n" + d.detail
	}
	return d
}

// panicLine returns the "panic: ..." line of a Go crash.
func panicLine(stderr string) string {
	for _, l := range strings.Split(stderr, "\n") {
		if strings.HasPrefix(l, "panic: ") || strings.HasPrefix(l, "fatal error: ") || strings.HasPrefix(l, "SIG") {
			return l
		}
	}
	return firstLine(stderr)
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// tail returns the last n lines of s.
func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = append([]string{"..."}, lines[len(lines)-n:]...)
	}
	return strings.Join(lines, "\n")
}

var nonIdent = regexp.MustCompile(`[^A-Za-z0-9_]+`)

func sanitize(s string) string { return nonIdent.ReplaceAllString(s, "_") }

// sortDisagreements orders disagreements by function, row, class, objective.
func sortDisagreements(ds []disagreement) {
	sort.SliceStable(ds, func(i, j int) bool {
		a, b := ds[i], ds[j]
		if a.fn != b.fn {
			return a.fn < b.fn
		}
		if a.row != b.row {
			return a.row < b.row
		}
		if a.class != b.class {
			return a.class < b.class
		}
		return a.objective < b.objective
	})
}
