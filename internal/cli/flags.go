// The flags of gen and bench, and their checks (all made before any analysis).

package cli

import (
	"flag"
	"regexp"
	"runtime"
	"time"

	"leapfrog/internal/engine"
	"leapfrog/internal/report"
	"leapfrog/internal/search"
)

// commonFlags are the flags gen and bench share, as given.
type commonFlags struct {
	opts      options
	important string
	run       string
	runRE     *regexp.Regexp
	par       int
	quiet     bool
}

// newFlagSet returns the flag set of gen or bench with the shared flags.
func newFlagSet(name string, c *commonFlags) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	opts := &c.opts
	fs.StringVar(&opts.strategy, "strategy", "treefrog", "search `strategy`: "+strategyNames())
	fs.IntVar(&opts.kbound, "kbound", 10, "iterations of an input-dependent loop a path may take before its branches stop being flipped")
	fs.DurationVar(&opts.timeout, "timeout", 0, "time `budget` per function (0: none); open branches then get unknown")
	fs.DurationVar(&opts.solverTimeout, "solver-timeout", 10*time.Second, "time `budget` per solver query (0: none)")
	fs.Int64Var(&opts.seed, "seed", 0, "seed of the first input (0: all zeros) and of randomised strategies")
	addLoopFlags(fs, opts)
	fs.IntVar(&opts.maxLen, "maxlen", engine.DefaultMaxLen, "elements of an input string, slice or map, and levels of a recursive input (lists, trees): a branch left open by the bound is unknown, never unreachable")
	fs.BoolVar(&opts.validate, "validate-solver", false, "re-check every model and unsat core of the solver (slow; for tests)")
	fs.IntVar(&opts.workers, "workers", 1, "mtelse: parallel workers, each with its own solver (verdicts stay the same; cases, costs and the emitted file may vary run to run)")
	fs.StringVar(&c.important, "important", "", "restrict the targets of rg and rgcb to the branches on these `FILE:LINE,...` lines (the others end unknown unless covered)")
	fs.StringVar(&c.run, "run", "", "analyse only the functions whose name matches the regular `expression` (\"F\", \"T.M\" or \"(*T).M\"; a method matches as T.M too)")
	fs.IntVar(&c.par, "p", runtime.GOMAXPROCS(0), "analyse up to `N` functions in parallel; the output is the same whatever N")
	fs.BoolVar(&c.quiet, "q", false, "quiet: no progress on stderr and no line per function on stdout")
	return fs
}

// check validates the shared flags; every error names its flag.
func (c *commonFlags) check() error {
	o := &c.opts
	if _, ok := strategies[o.strategy]; !ok {
		return usagef("-strategy: unknown strategy %q (have %s)", o.strategy, strategyNames())
	}
	if o.kbound < 1 {
		return usagef("-kbound: must be at least 1, got %d", o.kbound)
	}
	if o.maxLen < 1 || o.maxLen > 1024 {
		return usagef("-maxlen: must be between 1 and 1024, got %d", o.maxLen)
	}
	if o.timeout < 0 {
		return usagef("-timeout: must not be negative, got %v", o.timeout)
	}
	if o.solverTimeout < 0 {
		return usagef("-solver-timeout: must not be negative, got %v", o.solverTimeout)
	}
	if o.workers < 1 {
		return usagef("-workers: must be at least 1, got %d", o.workers)
	}
	if c.par < 1 {
		return usagef("-p: must be at least 1, got %d", c.par)
	}
	if err := checkLoopFlags(*o); err != nil {
		return err
	}
	if c.important != "" {
		lines, err := search.ParseLines(c.important)
		if err != nil {
			return usagef("-important: %v", err)
		}
		o.important = lines
	}
	if c.run != "" {
		re, err := regexp.Compile(c.run)
		if err != nil {
			return usagef("-run: %v", err)
		}
		c.runRE = re
	}
	return nil
}

// reportFlags are the flags recorded in the JSON report.
func (c *commonFlags) reportFlags() report.Flags {
	o := c.opts
	return report.Flags{
		Strategy: o.strategy, KBound: o.kbound, LoopRaise: o.loops.raise, LoopModels: o.loops.models,
		Timeout: o.timeout.String(), SolverTimeout: o.solverTimeout.String(), Seed: o.seed,
		Run: c.run, Important: c.important, Workers: o.workers, ValidateSolver: o.validate, MaxLen: o.maxLen,
	}
}

// shardFlag is -shard K/N.
type shardFlag struct{ spec *shardSpec }

func (f shardFlag) String() string {
	if f.spec == nil {
		return ""
	}
	return f.spec.String()
}

func (f shardFlag) Set(v string) error {
	k, n, err := report.ParseShard(v)
	if err != nil {
		return err
	}
	*f.spec = shardSpec{k, n}
	return nil
}
