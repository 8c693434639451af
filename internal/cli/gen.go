// The gen subcommand: check everything, analyse the selected functions in parallel, write the tests and reports, optionally verify.

package cli

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"leapfrog/internal/analysis"
	"leapfrog/internal/report"
	"leapfrog/internal/search"
)

const genLine = "leapfrog gen [flags] [packages] [Func|T.M|(*T).M ...]"

const genDesc = `Analyses every function and method with a body of the packages (go/packages
patterns: ./..., directories, import paths; default .), or only the functions
named after a single package, or those matching -run. Writes one test file per
source file (<file>_leapfrog_test.go, <file>_leapfrog_shardKofN_test.go with
-shard), and the -json and -html reports. Arguments that are Go identifiers,
T.M or (*T).M are function names; every other argument is a package (write an
import path without a slash as pattern=NAME, e.g. pattern=fmt). A file ending
in .ir is a CFG model (no Go test is emitted).

Everything is checked before the analysis, and nothing is written unless the
whole command can succeed. Exit status: 0 success; 1 failure (a package does
not build, an analysis or -verify failed, a file cannot be written); 2 bad
command line; 3 only rejections: a named function leapfrog cannot handle
(nothing is written), or, with -strict, any selected function it cannot
handle (everything else is written).`

// genFlags are gen's own flags.
type genFlags struct {
	commonFlags
	out, jsonOut, htmlOut string
	verify, strict        bool
	complete              bool
	shard                 shardSpec
	cacheDir              string
}

func gen(args []string, stdout, stderr io.Writer) int {
	var g genFlags
	fs := newFlagSet("gen", &g.commonFlags, analysis.DefaultBudget)
	fs.StringVar(&g.out, "o", "", "write all tests to this `file` (one package only; default: <file>_leapfrog_test.go beside each source file)")
	fs.StringVar(&g.jsonOut, "json", "", "write the JSON report to this `file`")
	fs.StringVar(&g.htmlOut, "html", "", "write the HTML report (sources with every branch outcome marked) to this `file`")
	fs.BoolVar(&g.verify, "verify", false, "run the emitted tests with go test -coverprofile and on a source-instrumented copy, and check every claim (implies -recheck)")
	fs.BoolVar(&g.opts.Recheck, "recheck", true, "re-prove every unreachable verdict with an independent encoding of the whole function, decided by cvc5")
	fs.BoolVar(&g.opts.ProveFirst, "prove-first", false, "before the search, try the abstract interpretation's invariants on the outcomes of functions with loops; an outcome they exclude is unreachable for every length (cvc5 checks the certificate) and is not searched for")
	fs.BoolVar(&g.strict, "strict", false, "exit 3 when a selected function is rejected (unsupported), after writing everything")
	fs.BoolVar(&g.complete, "complete", true, "complete the package's own tests: run them first (as leapfrog cover) and generate cases only for the outcomes they miss; false regenerates everything (a package without tests is analysed in full either way)")
	fs.StringVar(&g.cacheDir, "cache", "", "reuse the analyses of earlier runs from this `directory` for the functions whose code, callees, flags and covering tests did not change, and store the new ones; off: none (default: $LEAPFROG_CACHE, else leapfrog under the user cache directory)")
	fs.BoolVar(&g.opts.retryTimeouts, "retry-timeouts", false, "analyse again the functions whose cached analysis left an outcome unknown by a timeout (otherwise reused as they are)")
	fs.Var(shardFlag{&g.shard}, "shard", "analyse only share `K/N` of the functions (stable: by a hash of package and name); leapfrog merge joins the shards' JSON reports")
	rest, err := parseArgs(fs, args, stdout, usageOf(fs, genLine, genDesc))
	if err != nil {
		return fail(stderr, "gen", err)
	}
	return exitOf(stderr, "gen", g.execute(rest, stdout, stderr))
}

// execute is gen after flag parsing; its error decides the exit status.
func (g *genFlags) execute(args []string, stdout, stderr io.Writer) error {
	if err := g.check(); err != nil {
		return err
	}
	if g.verify {
		g.opts.Recheck = true
	}
	if err := checkOutputs(map[string]string{"-o": g.out, "-json": g.jsonOut, "-html": g.htmlOut}); err != nil {
		return err
	}
	sel, named, model, err := selectArgs(args, &g.commonFlags, g.shard, true, g.checkPackages)
	if err != nil {
		return err
	}

	// The packages are lowered and analysed one after another (a stream,
	// stream.go): before each is analysed, its test files are checked and
	// its own tests measured; a failure there, or a package that does not
	// build, stops the run before anything is written.
	g.opts.cache = openCache(g.cacheDir, func(w string) { fmt.Fprintf(stderr, "leapfrog gen: warning: %s\n", w) })
	var own *ownCoverage
	if g.complete && !model {
		own = &ownCoverage{given: map[string][]search.Given{}}
		g.opts.theirs = own.given
	}
	prepare := func(u *unit) error {
		if err := g.checkDestinations(u.targets); err != nil {
			return err
		}
		if own != nil {
			return own.measure(u.p, u.targets)
		}
		return nil
	}
	qualify := len(sel.pkgs) > 1
	// A function that fails (at analysis or when its test is rendered)
	// is reported as failed; the others are written, and the run exits 1.
	// A bad directive or -important line is bad input: nothing is written.
	var failed []*report.Failed
	var results []*result
	var bad []string
	analysed, err := analyzeAll(sel, g.opts, g.par, g.quiet, qualify, "gen", stdout, stderr, prepare)
	if err != nil {
		return err
	}
	for _, r := range analysed {
		var ie *analysis.InputError
		switch {
		case errors.As(r.err, &ie):
			bad = append(bad, fmt.Sprintf("%s: %v", label(r.t, qualify), r.err))
		case r.err != nil:
			failed = append(failed, failure(r.t, "analysis", r.err))
		default:
			results = append(results, r)
		}
	}
	if len(bad) > 0 {
		return fmt.Errorf("%s", strings.Join(bad, "\n"))
	}
	failed = append(sel.failed, failed...) // the front end's, then the analyses'
	// Render everything, then write.
	var files []outFile
	if !model {
		var bad []*report.Failed
		files, results, bad = g.testFiles(results)
		failed = append(failed, bad...)
		withdrawTakenOver(results, bad)
		for _, f := range bad {
			if !g.quiet {
				fmt.Fprintf(stdout, "%s: test generation failed: %s\n", f.Function, f.Reason)
			}
		}
	}
	rep := &report.Report{Tool: "leapfrog", Version: Version, Flags: g.reportFlags(), Args: args, Shard: g.shard.String(), Rejected: sel.rejected, Failed: failed, Reused: reusedCount(results)}
	rep.Flags.Verify, rep.Flags.Strict, rep.Flags.Recheck = g.verify, g.strict, g.opts.Recheck
	rep.Flags.Complete = own != nil && own.measured > 0
	for _, p := range sel.pkgs {
		rep.Packages = append(rep.Packages, &report.Package{Path: p.path, Dir: relPath(p.dir)})
	}
	for _, r := range results {
		r.rep.Stats.TimeMs, r.rep.Stats.AvgQueryMs = 0, 0 // the files hold no timing
		rep.Functions = append(rep.Functions, r.rep)
	}
	rep.Finish()

	if g.jsonOut != "" {
		js, err := rep.Marshal()
		if err != nil {
			return err
		}
		files = append(files, outFile{path: g.jsonOut, data: js})
	}
	if g.htmlOut != "" {
		page, err := renderHTML(rep)
		if err != nil {
			return err
		}
		files = append(files, outFile{path: g.htmlOut, data: page})
	}
	var stale []string
	if !model && !named && g.run == "" && g.out == "" {
		stale = staleTests(sel.pkgs, files, g.shard)
	}
	summarizeRun(stdout, rep, qualify || len(sel.rejected) > 0, g.quiet)
	summarizeCompletion(stdout, own, rep)
	if g.opts.cache != nil && !g.quiet {
		fmt.Fprintf(stdout, "reused %d of %d functions from the cache\n", rep.Reused, len(sel.targets))
	}
	if model && len(sel.targets) > 0 {
		fmt.Fprintf(stdout, "model input: no Go test emitted\n")
	}
	if err := writeFiles(files, stale, stdout); err != nil {
		return err
	}
	if g.verify {
		failed := 0
		sessions := verifySessions{}
		defer sessions.close()
		for _, r := range results {
			if r.rep.Stats.Cases == r.rep.Stats.Discarded {
				why := "no run completed"
				if theirs(r.rep) > 0 {
					why = "the package's own tests cover what a case would"
				}
				fmt.Fprintf(stdout, "verify %s: no case (%s), nothing to verify\n", r.rep.Function, why)
				continue
			}
			tf := g.out
			if tf == "" {
				tf = testPath(r.t.decl.file, g.shard)
			}
			if !verifyFunction(sessions, r.t.pkg.dir, tf, r.res.Result, stdout, stderr) {
				failed++
			}
		}
		if failed > 0 {
			return &quietError{1, fmt.Sprintf("-verify: %d of %d functions failed verification", failed, len(results))}
		}
	}
	if len(rep.Failed) > 0 {
		return &quietError{1, fmt.Sprintf("%d functions failed (an internal error of leapfrog): %s", len(rep.Failed), failedNames(rep.Failed))}
	}
	if g.strict && len(sel.rejected) > 0 {
		return &quietError{3, fmt.Sprintf("-strict: %d functions rejected", len(sel.rejected))}
	}
	return nil
}

// withdrawTakenOver makes unknown the covered verdicts callers took over
// from a function whose test could not be generated: no emitted test
// covers them, and the callers did not search them.
func withdrawTakenOver(results []*result, failed []*report.Failed) {
	gone := map[string]bool{}
	for _, f := range failed {
		gone[f.Package+"\x00"+f.Function] = true
	}
	for _, r := range results {
		for i := range r.res.Branches {
			b := &r.res.Branches[i]
			if b.Verdict != report.Covered || !gone[r.t.pkg.path+"\x00"+b.DecidedIn] {
				continue
			}
			b.Verdict, b.Reason = report.Unknown, "covered by a case of "+b.DecidedIn+", whose test could not be generated; not searched here"
			rb := &r.rep.Branches[i]
			if rb.ID != b.ID {
				panic("gen: report branches out of the result's order")
			}
			rb.Verdict, rb.Reason = b.Verdict, b.Reason
		}
	}
}

// failedNames lists the failed functions, qualified.
func failedNames(fs []*report.Failed) string {
	var names []string
	for _, f := range fs {
		names = append(names, f.Package+"."+f.Function)
	}
	return strings.Join(names, ", ")
}

// checkPackages checks what depends on the packages: -o holds one package's
// tests, and tests are not written into the Go installation or the module
// cache; a CFG model has no Go test to write or verify.
func (g *genFlags) checkPackages(pkgs []*pkgInfo, model bool) error {
	if model {
		if g.verify {
			return usagef("-verify: needs a Go package, not a CFG model")
		}
		if g.out != "" {
			return usagef("-o: no Go test is emitted for a CFG model")
		}
		return nil
	}
	if g.out != "" && len(pkgs) > 1 {
		return usagef("-o: one file holds the tests of one package, but %d packages match", len(pkgs))
	}
	if g.out != "" && g.verify && !strings.HasSuffix(g.out, "_test.go") {
		// -verify copies the file into the package of a module copy.
		return usagef("-o: -verify runs the tests: want a _test.go file, not %s", g.out)
	}
	if g.out == "" {
		for _, p := range pkgs {
			if inGoRoot(p.dir) {
				return usagef("%s: in the Go installation or the module cache: give -o to write its tests elsewhere", p.path)
			}
		}
	}
	return nil
}

// rejection reports the named functions leapfrog cannot handle: exit 3.
func rejection(rs []*report.Rejected) error {
	var lines []string
	for _, r := range rs {
		lines = append(lines, fmt.Sprintf("%s: %s (%s)", r.Pos, r.Reason, r.Function))
	}
	return &quietError{3, strings.Join(lines, "\n")}
}

// quietError carries an exit status and the lines to print.
type quietError struct {
	code int
	msg  string
}

func (e *quietError) Error() string { return e.msg }

// fail prints err as one "leapfrog CMD: ..." line per line of its message
// and returns the exit status: 2 for a bad command line, the status a
// quietError carries, 1 otherwise; 0 for -h.
func fail(stderr io.Writer, cmd string, err error) int {
	if errors.Is(err, errHelp) {
		return 0
	}
	code := 1
	var ue *usageError
	var qe *quietError
	switch {
	case errors.As(err, &ue):
		code = 2
	case errors.As(err, &qe):
		code = qe.code
	}
	prefix := "leapfrog " + cmd + ": "
	if cmd == "" {
		prefix = "leapfrog: "
	}
	for _, line := range strings.Split(err.Error(), "\n") {
		fmt.Fprintf(stderr, "%s%s\n", prefix, line)
	}
	return code
}

// exitOf turns run's error into the exit status (0 when nil).
func exitOf(stderr io.Writer, cmd string, err error) int {
	if err == nil {
		return 0
	}
	return fail(stderr, cmd, err)
}

// usageOf prints a subcommand's usage: the line, what it does, the flags.
func usageOf(fs interface {
	SetOutput(io.Writer)
	PrintDefaults()
}, line, desc string) func(io.Writer) {
	return func(w io.Writer) {
		fmt.Fprintf(w, "usage: %s\n\n%s\n\nFlags (before, between or after the arguments; \"--\" ends them):\n", line, desc)
		fs.SetOutput(w)
		fs.PrintDefaults()
	}
}
