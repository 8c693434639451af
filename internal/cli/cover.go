// The cover subcommand: the packages' own tests run under leapfrog's branch instrumentation, every outcome gen lists reported covered (by which tests) or not.

package cli

import (
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"time"

	"leapfrog/internal/cover"
	"leapfrog/internal/htmlreport"
	"leapfrog/internal/report"
)

const coverLine = "leapfrog cover [flags] [packages] [-- go test flags]"

const coverDesc = `Runs each package's own tests (go test) under leapfrog's branch
instrumentation and reports every branch outcome gen lists (both sides of each
condition and of each && / || operand, each switch case, each panic
objective, each function's entry) as covered, with the names of the tests that
take it, or not covered; per function and per package (a function gen rejects:
the instrumenter's outcomes, without panics). Packages are go/packages
patterns (default .). After "--" come go test flags: build flags (-tags,
-race, -gcflags, -ldflags, -mod, -trimpath ...) build the test binary, test
flags (-run, -skip, -short, -timeout, -count, -cpu, -parallel, -failfast, -v)
run it. Each top-level test runs in a process of its own, so that what it
covers is its own (subtests count for their top-level test).

Exit status: 0 success; 1 a package's tests do not build (the others are
measured), a test failed (the reports are written all the same) or a file
cannot be written; 2 bad command line.`

// coverFlags are cover's flags.
type coverFlags struct {
	jsonOut, htmlOut string
	quiet            bool
	par              int
}

func coverCmd(args []string, stdout, stderr io.Writer) int {
	var c coverFlags
	fs := flag.NewFlagSet("cover", flag.ContinueOnError)
	fs.StringVar(&c.jsonOut, "json", "", "write the JSON report (docs/cover.schema.json) to this `file`")
	fs.StringVar(&c.htmlOut, "html", "", "write the HTML report (sources with every branch outcome marked) to this `file`")
	fs.BoolVar(&c.quiet, "q", false, "quiet: per function only its totals, not every outcome")
	fs.IntVar(&c.par, "p", runtime.GOMAXPROCS(0), "lower and test up to `N` packages in parallel (the tests of one package run one after another); the output is the same whatever N")
	ours, goFlags := args, []string(nil)
	for i, a := range args {
		if a == "--" {
			ours, goFlags = args[:i], args[i+1:]
			break
		}
	}
	rest, err := parseArgs(fs, ours, stdout, usageOf(fs, coverLine, coverDesc))
	if err != nil {
		return fail(stderr, "cover", err)
	}
	return exitOf(stderr, "cover", c.execute(rest, goFlags, stdout))
}

// execute is cover after flag parsing; its error decides the exit status.
func (c *coverFlags) execute(args, goFlags []string, stdout io.Writer) error {
	if c.par < 1 {
		return usagef("-p: must be at least 1, got %d", c.par)
	}
	gf, err := splitGoTestFlags(goFlags)
	if err != nil {
		return err
	}
	if err := checkOutputs(map[string]string{"-json": c.jsonOut, "-html": c.htmlOut}); err != nil {
		return err
	}
	for _, a := range args {
		if strings.HasSuffix(a, ".ir") {
			return usagef("%s: cover runs a Go package's tests, not a CFG model", a)
		}
	}
	if len(args) == 0 {
		args = []string{"."}
	}
	pkgs, err := resolvePackages(args)
	if err != nil {
		return err
	}
	sel, err := selectTargets(pkgs, nil, nil, shardSpec{}, c.par, false)
	if err != nil {
		return err
	}
	rep := &cover.Report{Tool: "leapfrog", Command: "cover", Version: Version, Args: args, GoTestFlags: goFlags, Packages: []*cover.Package{}}
	// The packages run in parallel, as go test runs them; the tests of one
	// package one after another.
	results := make([]*cover.Result, len(pkgs))
	errs := make([]error, len(pkgs))
	parallel(len(pkgs), c.par, func(i int) {
		p := pkgs[i]
		var funcs []cover.Func
		for _, t := range sel.targets {
			if t.pkg == p {
				funcs = append(funcs, cover.Func{Name: t.decl.name, File: relPath(t.decl.file), Line: t.decl.line, Objectives: cover.Objectives(t.t.Func)})
			}
		}
		var rejected []cover.Rejected
		for _, r := range sel.rejected {
			if r.Package == p.path {
				rejected = append(rejected, cover.Rejected{Name: r.Function, File: r.File, Path: abs(r.File), Line: r.Line, Reason: r.Pos + ": " + r.Reason})
			}
		}
		root, err := moduleRoot(p.dir)
		if err != nil {
			errs[i] = err
			return
		}
		results[i], errs[i] = cover.Run(cover.Options{PkgDir: p.dir, ModRoot: root, BuildFlags: gf.build, TestFlags: gf.test, Run: gf.run, Funcs: funcs, Rejected: rejected})
	})
	// A package that cannot be measured (its tests do not build) is
	// reported as such; the others are measured all the same.
	var failed []string
	for i, p := range pkgs {
		if errs[i] != nil {
			msg := relMessage(p.dir, errs[i].Error())
			failed = append(failed, msg)
			rep.Packages = append(rep.Packages, &cover.Package{Path: p.path, Dir: relPath(p.dir), Tests: []cover.TestRun{}, Functions: []*cover.Function{}, Error: msg})
			continue
		}
		rep.Packages = append(rep.Packages, cover.PackageReport(p.path, relPath(p.dir), results[i]))
	}
	rep.Finish()

	var files []outFile
	if c.jsonOut != "" {
		js, err := rep.Marshal()
		if err != nil {
			return err
		}
		files = append(files, outFile{path: c.jsonOut, data: js})
	}
	if c.htmlOut != "" {
		page, err := htmlreport.RenderTests(coverAsReport(rep), os.ReadFile)
		if err != nil {
			return err
		}
		files = append(files, outFile{path: c.htmlOut, data: page})
	}
	rep.WriteText(stdout, c.quiet)
	if err := writeFiles(files, nil, stdout); err != nil {
		return err
	}
	if rep.Totals.Failed > 0 {
		failed = append(failed, fmt.Sprintf("%d of %d tests failed", rep.Totals.Failed, rep.Totals.Tests))
	}
	if len(failed) > 0 {
		return &quietError{1, strings.Join(failed, "\n")}
	}
	return nil
}

// coverAsReport puts cover's report in gen's form for the HTML report
// (htmlreport.RenderTests): an outcome a test takes is covered, its case
// the tests that take it; the others unknown, with the reason. A function
// gen rejects says so in a warning.
func coverAsReport(c *cover.Report) *report.Report {
	rep := &report.Report{Tool: "leapfrog", Version: c.Version, Args: append([]string{"cover"}, c.Args...)}
	for _, p := range c.Packages {
		rep.Packages = append(rep.Packages, &report.Package{Path: p.Path, Dir: p.Dir})
		for _, f := range p.Functions {
			rf := &report.Function{Function: f.Function, Package: p.Path, File: f.File, Line: f.Line, Strategy: "cover", Branches: []report.Branch{}, Cases: []report.Case{}}
			if f.Rejected != "" {
				rf.Warnings = []string{"gen rejects it (" + f.Rejected + "): the outcomes are the instrumenter's, without panics"}
			}
			for _, o := range f.Outcomes {
				b := report.Branch{ID: o.ID, Func: f.Function, Pos: o.Pos, Outcome: o.Outcome}
				switch o.Status {
				case cover.Covered:
					b.Verdict, b.Case = report.Covered, strings.Join(o.Tests, ", ")
				case cover.NotCovered:
					b.Verdict, b.Reason = report.Unknown, "not covered"
				case cover.Unchecked:
					b.Verdict, b.Reason = report.Unknown, "unchecked: "+o.Reason
				default:
					panic(fmt.Sprintf("cli: cover status %q", o.Status))
				}
				rf.Branches = append(rf.Branches, b)
			}
			rep.Functions = append(rep.Functions, rf)
		}
	}
	rep.Finish()
	return rep
}

// goTestFlags are the go test flags after "--": for go test -c, for each
// run of the test binary (as -test.X), and -run.
type goTestFlags struct {
	build, test []string
	run         string
}

// Which go test flags cover passes on, and whether they take a value.
var (
	buildFlags = map[string]bool{"tags": true, "gcflags": true, "ldflags": true, "asmflags": true, "mod": true, "modfile": true,
		"overlay": true, "pgo": true, "race": false, "msan": false, "asan": false, "trimpath": false, "a": false}
	testFlags = map[string]bool{"run": true, "skip": true, "timeout": true, "count": true, "cpu": true, "parallel": true,
		"shuffle": true, "short": false, "v": false, "failfast": false, "fullpath": false}
)

// splitGoTestFlags sorts the go test flags given after "--". A flag cover
// does not pass on is a usage error naming it.
func splitGoTestFlags(args []string) (goTestFlags, error) {
	var g goTestFlags
	for i := 0; i < len(args); i++ {
		a := args[i]
		if len(a) < 2 || a[0] != '-' {
			return g, usagef("-- %s: not a go test flag (cover takes the packages before \"--\")", a)
		}
		name, value, hasValue := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-"), "=")
		takes, isBuild := buildFlags[name]
		if !isBuild {
			var isTest bool
			if takes, isTest = testFlags[name]; !isTest {
				return g, usagef("-- -%s: not a go test flag cover passes on (build: -tags -race -gcflags -ldflags -asmflags -mod -modfile -overlay -pgo -msan -asan -trimpath -a; test: -run -skip -timeout -count -cpu -parallel -shuffle -short -v -failfast -fullpath)", name)
			}
		}
		if takes && !hasValue {
			if i+1 == len(args) {
				return g, usagef("-- -%s: needs a value", name)
			}
			i++
			value, hasValue = args[i], true
		}
		if err := checkGoTestValue(name, value); hasValue && err != nil {
			return g, usagef("-- -%s: invalid value %q: %v", name, value, err)
		}
		flag := "-" + name
		if hasValue {
			flag += "=" + value
		}
		switch {
		case isBuild:
			g.build = append(g.build, flag)
		case name == "run":
			g.run = value
		default:
			g.test = append(g.test, "-test."+flag[1:])
		}
	}
	return g, nil
}

// checkGoTestValue checks the value of a test flag as the test binary
// would, so that a bad one is a usage error, not a failure of every test.
func checkGoTestValue(name, value string) error {
	var err error
	switch name {
	case "run", "skip":
		_, err = regexp.Compile(value)
	case "count", "parallel":
		var n int
		if n, err = strconv.Atoi(value); err == nil && n < 1 {
			err = fmt.Errorf("must be at least 1")
		}
	case "timeout":
		_, err = time.ParseDuration(value)
	case "cpu":
		for _, c := range strings.Split(value, ",") {
			if n, e := strconv.Atoi(c); e != nil || n < 1 {
				return fmt.Errorf("want a list of positive integers")
			}
		}
	case "shuffle":
		if value != "off" && value != "on" {
			_, err = strconv.ParseInt(value, 10, 64)
		}
	case "short", "v", "failfast", "fullpath", "race", "msan", "asan", "trimpath", "a":
		_, err = strconv.ParseBool(value)
	}
	if err != nil {
		return fmt.Errorf("%s", plainErr(err))
	}
	return nil
}
