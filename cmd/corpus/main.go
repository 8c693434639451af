// Command corpus measures leapfrog on the corpus of internal/corpus/corpus.txt
// (pinned public modules and copies of standard-library packages), as a user
// would run it: leapfrog gen ./... in a copy of each module with its tests set
// aside, then go test -cover with the emitted tests, the maintainers' and both.
// It prints a markdown table on stdout and writes every number to a JSON file.
//
//	go run ./cmd/corpus [-only REGEXP] [-j N] [-timeout 5s] [-json corpus.json] [-out DIR]
//
// The logic is in internal/corpus (tested there without the network); this
// command parses the flags, builds leapfrog from the checkout unless
// -leapfrog names a binary, and writes the outputs.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"time"

	"leapfrog/internal/analysis"
	"leapfrog/internal/corpus"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("corpus", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var (
		lf       = fs.String("leapfrog", "", "the leapfrog binary (default: built from the leapfrog module of the working directory)")
		listFile = fs.String("list", "", "the list of modules (default: "+corpus.DefaultListName+", built in)")
		timeout  = fs.Duration("timeout", analysis.DefaultBudget, "leapfrog gen -timeout: the budget per function, gen's own default unless given")
		modCap   = fs.Duration("module-timeout", 45*time.Minute, "wall-time cap per module, every step included (0: none)")
		testCap  = fs.Duration("test-timeout", 10*time.Minute, "go test -timeout per test binary")
		jobs     = fs.Int("j", 1, "modules run in parallel")
		genP     = fs.Int("p", 0, "leapfrog gen -p: functions analysed in parallel (0: leapfrog's default)")
		every    = fs.Int("verify-every", 5, "run every Nth analysed function of each module again with gen -verify (0: none)")
		only     = fs.String("only", "", "run only the entries whose name (module path, or std/PKG) matches this regular expression: the totals then say the list was partial")
		modCache = fs.String("modcache", "", "read modules from this directory (GOMODCACHE layout) instead of go mod download, offline")
		goroot   = fs.String("goroot", "", "copy standard-library packages from this GOROOT (default: go env GOROOT)")
		jsonOut  = fs.String("json", "corpus.json", "write every number to this JSON file")
		outDir   = fs.String("out", "", "keep each module's raw outputs (leapfrog's report, logs, coverage profiles) under this directory")
		workDir  = fs.String("work", "", "scratch directory for the copies (default: a temporary directory, removed)")
		cacheDir = fs.String("cache", "", "reuse the rows kept in this directory by earlier runs of the same leapfrog binary with the same settings, and keep the new ones there")
		quiet    = fs.Bool("q", false, "no progress on stderr")
	)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: go run ./cmd/corpus [flags]\n\nRuns leapfrog on the corpus and prints a markdown table; every number goes to -json.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "corpus: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "corpus: "+format+"\n", a...)
		return 1
	}
	if *timeout < 0 || *modCap < 0 || *testCap <= 0 || *jobs < 1 || *genP < 0 || *every < 0 {
		fmt.Fprintln(stderr, "corpus: -timeout, -module-timeout, -p and -verify-every must not be negative, -test-timeout and -j must be positive")
		return 2
	}
	cfg := corpus.Config{Timeout: *timeout, ModuleTimeout: *modCap, TestTimeout: *testCap, Jobs: *jobs, GenParallel: *genP,
		VerifyEvery: *every, ModCache: *modCache, GoRoot: *goroot, Progress: stderr}
	if *quiet {
		cfg.Progress = nil
	}
	if *only != "" {
		re, err := regexp.Compile(*only)
		if err != nil {
			fmt.Fprintf(stderr, "corpus: -only: %v\n", err)
			return 2
		}
		cfg.Only = re
	}
	name, text := corpus.DefaultListName, corpus.DefaultList
	if *listFile != "" {
		data, err := os.ReadFile(*listFile)
		if err != nil {
			return fail("-list: %v", err)
		}
		name, text = *listFile, string(data)
	}
	entries, err := corpus.ParseList(name, text)
	if err != nil {
		return fail("%v", err)
	}
	if dir := filepath.Dir(*jsonOut); dir != "" {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			return fail("-json: %s: no such directory", dir)
		}
	}
	tmp, err := os.MkdirTemp("", "corpus-")
	if err != nil {
		return fail("%v", err)
	}
	defer os.RemoveAll(tmp)
	cfg.Work = tmp
	if *workDir != "" {
		if err := os.MkdirAll(*workDir, 0o755); err != nil {
			return fail("-work: %v", err)
		}
		cfg.Work = *workDir
	}
	if *outDir != "" {
		if err := os.MkdirAll(*outDir, 0o755); err != nil {
			return fail("-out: %v", err)
		}
		cfg.Out = *outDir
	}
	if *cacheDir != "" {
		if err := os.MkdirAll(*cacheDir, 0o755); err != nil {
			return fail("-cache: %v", err)
		}
		cfg.Cache = *cacheDir
	}
	cfg.Leapfrog = *lf
	if cfg.Leapfrog == "" {
		cfg.Leapfrog = filepath.Join(tmp, "leapfrog")
		if out, err := exec.Command("go", "build", "-o", cfg.Leapfrog, "leapfrog/cmd/leapfrog").CombinedOutput(); err != nil {
			return fail("building leapfrog (run from the leapfrog checkout, or give -leapfrog): %v\n%s", err, out)
		}
	} else if cfg.Leapfrog, err = filepath.Abs(cfg.Leapfrog); err != nil {
		return fail("-leapfrog: %v", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	res, err := corpus.Run(ctx, cfg, name, entries)
	if err != nil {
		return fail("%v", err)
	}
	res.Markdown(stdout)
	if err := corpus.WriteFileAtomic(*jsonOut, res.JSON()); err != nil {
		return fail("-json: %v", err)
	}
	fmt.Fprintf(stderr, "corpus: wrote %s\n", *jsonOut)
	return 0
}
