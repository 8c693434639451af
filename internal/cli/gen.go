// The gen subcommand: analyse functions, write the tests and the report, optionally verify.

package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"leapfrog/internal/frontend/gossa"
	"leapfrog/internal/report"
	"leapfrog/internal/search"
	"leapfrog/internal/testgen"
	"leapfrog/internal/verify"
)

// flagSet returns a flag set whose errors are reported in one line by parse.
func flagSet(name string, opts *options) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.StringVar(&opts.strategy, "strategy", "treefrog", "search strategy: "+strategyNames())
	fs.IntVar(&opts.kbound, "kbound", 10, "iterations of an input-dependent loop a path may take before its branches stop being flipped")
	fs.DurationVar(&opts.timeout, "timeout", 0, "time budget per function (0: none); open branches then get unknown")
	fs.DurationVar(&opts.solverTimeout, "solver-timeout", 10*time.Second, "time budget per solver query (0: none)")
	fs.Int64Var(&opts.seed, "seed", 0, "seed of the first input (0: all zeros) and of randomised strategies")
	addLoopFlags(fs, opts)
	fs.BoolVar(&opts.validate, "validate-solver", false, "re-check every model and unsat core of the solver (slow; for tests)")
	fs.IntVar(&opts.workers, "workers", 1, "mtelse: parallel workers, each with its own solver (verdicts stay the same; cases, costs and the emitted file may vary run to run)")
	fs.Func("important", "FILE:LINE,... restrict the targets of rg and rgcb to the branches on these lines (the others end unknown unless covered)", func(v string) (err error) {
		opts.important, err = search.ParseLines(v)
		return err
	})
	return fs
}

// parse parses a subcommand's flags and checks what gen and bench share: a
// package and at least one function, and the common options. It prints a
// one-line error (or the usage for -h) and returns the exit code when the
// command must stop.
func parse(fs *flag.FlagSet, args []string, opts *options, stderr io.Writer) (exit int, ok bool) {
	var buf bytes.Buffer
	fs.SetOutput(&buf)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			io.Copy(stderr, &buf)
			return 0, false
		}
		fmt.Fprintf(stderr, "leapfrog %s: %v\n", fs.Name(), err)
		return 2, false
	}
	if fs.NArg() < 2 {
		fmt.Fprintf(stderr, "leapfrog %s: need a package directory and at least one function name\n", fs.Name())
		return 2, false
	}
	if opts.kbound < 1 {
		fmt.Fprintf(stderr, "leapfrog %s: -kbound must be at least 1, got %d\n", fs.Name(), opts.kbound)
		return 2, false
	}
	return 0, true
}

func gen(args []string, stdout, stderr io.Writer) int {
	var opts options
	fs := flagSet("gen", &opts)
	out := fs.String("o", "", "write the tests to this file (default: <file>_leapfrog_test.go beside each function's file)")
	jsonOut := fs.String("json", "", "write the JSON report to this file")
	verifyFlag := fs.Bool("verify", false, "run the emitted tests with go test -coverprofile and on a source-instrumented copy, and check every claim")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: leapfrog gen [flags] <package dir> <Func|Type.Method>...")
		fs.PrintDefaults()
	}
	if exit, ok := parse(fs, args, &opts, stderr); !ok {
		return exit
	}
	if _, ok := strategies[opts.strategy]; !ok {
		fmt.Fprintf(stderr, "leapfrog gen: unknown strategy %q (have %s)\n", opts.strategy, strategyNames())
		return 2
	}
	if err := checkLoopFlags(opts); err != nil {
		fmt.Fprintf(stderr, "leapfrog gen: %v\n", err)
		return 2
	}
	dir, names := fs.Arg(0), fs.Args()[1:]
	if isModel(dir) { // a CFG model (model.go)
		return genModel(dir, names, opts, *jsonOut, *verifyFlag, stdout, stderr)
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		fmt.Fprintf(stderr, "leapfrog gen: %s: not a package directory\n", dir)
		return 2
	}
	res, err := gossa.Load(dir, names)
	if err != nil {
		fmt.Fprintf(stderr, "leapfrog gen: %v\n", err)
		return 1
	}
	exit := 0
	for _, e := range res.Errors {
		fmt.Fprintf(stderr, "%v\n", e)
		exit = 1
	}
	if len(res.Targets) == 0 {
		return exit
	}

	type result struct {
		t *gossa.Target
		f testgen.Func
	}
	var results []result
	rep := &report.Report{}
	for _, t := range res.Targets {
		opts.loops.target = t
		r, err := analyze(t.Func, t.Name, res.Pkg.PkgPath, opts)
		if err != nil {
			fmt.Fprintf(stderr, "leapfrog gen: %s: %v\n", t.Name, err)
			return 1
		}
		for _, w := range r.Warnings {
			fmt.Fprintf(stderr, "leapfrog gen: %s: warning: %s\n", t.Name, w)
		}
		f := testgen.Func{GoFunc: t.GoFunc, PtrRecv: t.PtrRecv, Params: t.Params, Report: r}
		for i := range r.Cases {
			r.Cases[i].Inputs, r.Cases[i].Outputs = testgen.Args(res.Pkg.Types, f, &r.Cases[i])
		}
		results = append(results, result{t, f})
		rep.Functions = append(rep.Functions, r)
		summarize(stdout, r)
	}

	// Everything is computed; now write the files.
	files := map[string][]testgen.Func{}
	for _, r := range results {
		path := *out
		if path == "" {
			path = strings.TrimSuffix(r.t.File, ".go") + "_leapfrog_test.go"
		}
		files[path] = append(files[path], r.f)
	}
	var paths []string
	for p := range files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	srcs := map[string][]byte{}
	for _, p := range paths {
		src, err := testgen.Emit(res.Pkg.Types, files[p])
		if err != nil {
			fmt.Fprintf(stderr, "leapfrog gen: %v\n", err)
			return 1
		}
		srcs[p] = src
	}
	var js []byte
	if *jsonOut != "" {
		js, err = json.MarshalIndent(rep, "", "  ")
		if err != nil {
			fmt.Fprintf(stderr, "leapfrog gen: %v\n", err)
			return 1
		}
		js = append(js, '\n')
	}
	for _, p := range paths {
		if err := writeAtomic(p, srcs[p]); err != nil {
			fmt.Fprintf(stderr, "leapfrog gen: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdout, "wrote %s\n", p)
	}
	if js != nil {
		if err := writeAtomic(*jsonOut, js); err != nil {
			fmt.Fprintf(stderr, "leapfrog gen: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdout, "wrote %s\n", *jsonOut)
	}
	if *verifyFlag {
		// One run per function: functions sharing a callee may give one source
		// branch different verdicts (wbs Step and Launch do).
		abs, _ := filepath.Abs(dir)
		for i, r := range rep.Functions {
			path := *out
			if path == "" {
				path = strings.TrimSuffix(results[i].t.File, ".go") + "_leapfrog_test.go"
			}
			if !verifyFunction(abs, path, r, stdout, stderr) {
				exit = 1
			}
		}
	}
	return exit
}

// verifyFunction checks one function's claims (branch outcomes and panics)
// from outside the engine, running its emitted test from testFile.
func verifyFunction(dir, testFile string, r *report.Function, stdout, stderr io.Writer) bool {
	var claims []verify.Claim
	for _, b := range r.Branches {
		claims = append(claims, verify.Claim{Pos: b.Pos, Outcome: b.Outcome, Verdict: b.Verdict})
	}
	vr, err := verify.Run(verify.Options{PkgDir: dir, TestRun: "^" + testgen.TestName(r.Function) + "$", TestFiles: []string{testFile}, Claims: claims})
	if vr != nil {
		fmt.Fprintf(stdout, "verify %s: go test %s, %.1f%% of the package's statements covered; %d claims (%d panics): %d covered confirmed, %d unreachable never observed, %d unknown",
			r.Function, passFail(vr.TestsPassed && vr.InstrumentedPassed), vr.Coverage, vr.Claims, vr.PanicClaims, vr.CoveredOK, vr.UnreachableOK, vr.UnknownObserved+vr.UnknownOpen)
		if vr.Unchecked > 0 {
			fmt.Fprintf(stdout, ", %d not checked", vr.Unchecked)
		}
		fmt.Fprintln(stdout)
		for _, n := range vr.Notes {
			fmt.Fprintf(stdout, "verify %s: note: %s\n", r.Function, n)
		}
		for _, e := range vr.Errors {
			fmt.Fprintf(stderr, "verify %s: %s\n", r.Function, e)
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "leapfrog gen: verify %s failed: %s\n", r.Function, verifyFailure(vr, err))
		return false
	}
	return true
}

// verifyFailure says in one line what failed: the counts of each kind of
// problem and the first problem's first line.
func verifyFailure(vr *verify.Result, err error) string {
	if vr == nil || len(vr.Errors) == 0 {
		return firstLine(err.Error())
	}
	var parts []string
	if !vr.TestsPassed {
		parts = append(parts, "the emitted test failed or did not run")
	} else if !vr.InstrumentedPassed {
		parts = append(parts, "the emitted test failed in the instrumented copy")
	}
	for _, c := range []struct {
		n    int
		what string
	}{
		{vr.FalseUnreachable, "FALSE UNREACHABLE"},
		{vr.CoveredMissing, "covered but not observed"},
		{vr.BadClaims, "claims the instrumenter cannot place"},
	} {
		if c.n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", c.n, c.what))
		}
	}
	first := firstLine(vr.Errors[0])
	if len(vr.Errors) > 1 {
		first += fmt.Sprintf(" (and %d more above)", len(vr.Errors)-1)
	}
	if len(parts) == 0 {
		return first
	}
	return strings.Join(parts, ", ") + ": " + first
}

func passFail(ok bool) string {
	if ok {
		return "passed"
	}
	return "FAILED"
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// summarize prints the text summary of one function.
func summarize(w io.Writer, r *report.Function) {
	cov, unr, unk := counts(r)
	fmt.Fprintf(w, "%s (%s): %d objectives: %d covered, %d unreachable, %d unknown; %d cases kept, %d discarded; %d solver calls, %d paths, %d infeasible; %s\n",
		r.Function, r.Strategy, len(r.Branches), cov, unr, unk, r.Stats.Cases-r.Stats.Discarded, r.Stats.Discarded,
		r.Stats.SolverCalls, r.Stats.Paths, r.Stats.InfeasiblePaths, time.Duration(r.Stats.TimeMs)*time.Millisecond)
	if n := notTargeted(r); n > 0 {
		fmt.Fprintf(w, "  %d objectives not targeted (-important) and not covered: unknown\n", n)
	}
	for _, b := range r.Branches {
		switch b.Verdict {
		case report.Unreachable:
			fmt.Fprintf(w, "  unreachable %s %s: %s\n", b.Pos, b.Outcome, b.Reason)
		case report.Unknown:
			fmt.Fprintf(w, "  unknown     %s %s: %s\n", b.Pos, b.Outcome, b.Reason)
		}
	}
}
