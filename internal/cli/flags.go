// The flags of gen and bench, and their checks (all made before any analysis).

package cli

import (
	"flag"
	"regexp"
	"runtime"
	"strings"
	"time"

	"leapfrog/internal/analysis"
	"leapfrog/internal/cache"
	"leapfrog/internal/report"
	"leapfrog/internal/search"
)

// options are the analysis settings of gen and bench: the configuration of
// every analysis and the flags that make it.
type options struct {
	analysis.Config
	strategy   string        // -strategy (check sets Config.Strategy)
	timeout    time.Duration // -timeout: the budget of each function (0: none)
	loopModels string        // -loop-models: off or auto (check sets Config.LoopModels)
	// theirs are, by package path, the outcomes the package's own tests
	// cover (gen -complete, complete.go): given to every search first.
	theirs map[string][]search.Given
	// cache holds the analyses of earlier runs (gen -cache; nil: none),
	// and retryTimeouts says not to reuse those cut by the time budget.
	cache         *cache.Cache
	retryTimeouts bool
}

// commonFlags are the flags gen and bench share, as given.
type commonFlags struct {
	opts      options
	important string
	run       string
	runRE     *regexp.Regexp
	par       int
	quiet     bool
}

// newFlagSet returns the flag set of gen or bench with the shared flags;
// budget is -timeout's default (gen: analysis.DefaultBudget; bench: none,
// it compares strategies run to the end unless given one).
func newFlagSet(name string, c *commonFlags, budget time.Duration) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	opts := &c.opts
	d := analysis.Defaults()
	opts.Config = d
	fs.StringVar(&opts.strategy, "strategy", d.Strategy.Name(), "search `strategy`: "+strings.Join(analysis.StrategyNames(), ", "))
	fs.IntVar(&opts.KBound, "kbound", d.KBound, "iterations of an input-dependent loop a path may take before its branches stop being flipped")
	fs.DurationVar(&opts.timeout, "timeout", budget, "time `budget` per function (0: none); open branches then get unknown")
	fs.DurationVar(&opts.SolverTimeout, "solver-timeout", d.SolverTimeout, "`budget` per solver query (0: none), counted in Z3's work (2M resource units a second), not in time: the answers do not depend on the load; a query still running at 10 times the budget is cut")
	fs.Int64Var(&opts.Seed, "seed", d.Seed, "seed of the first input (0: all zeros) and of randomised strategies")
	fs.StringVar(&opts.loopModels, "loop-models", "off", "auto: concretize the variables of each loop of the function at loop entry to models inferred from its body executed out of context (refined by the entry context); off: only //leapfrog:models directives")
	fs.IntVar(&opts.LoopRaise, "loop-raise", d.LoopRaise, "double the bound of a loop whose bounded paths may reach uncovered branches, up to this many iterations (0: never; //leapfrog:kbound bounds are never raised)")
	fs.IntVar(&opts.MaxLen, "maxlen", d.MaxLen, "elements of an input string, slice or map, and levels of a recursive input (lists, trees): a branch left open by the bound is unknown, never unreachable")
	fs.IntVar(&opts.MaxLenRaise, "maxlen-raise", d.MaxLenRaise, "double -maxlen for a function whose branches the bound keeps open, up to this (0: never): a branch still open at it is unknown, naming it")
	fs.BoolVar(&opts.ValidateSolver, "validate-solver", d.ValidateSolver, "re-check every model and unsat core of the solver (slow; for tests)")
	fs.IntVar(&opts.Workers, "workers", d.Workers, "mtelse: parallel workers, each with its own solver (verdicts stay the same; cases, costs and the emitted file may vary run to run)")
	fs.StringVar(&c.important, "important", "", "restrict the targets of rg and rgcb to the branches on these `FILE:LINE,...` lines (the others end unknown unless covered)")
	fs.StringVar(&c.run, "run", "", "analyse only the functions whose name matches the regular `expression` (\"F\", \"T.M\" or \"(*T).M\"; a method matches as T.M too)")
	fs.IntVar(&c.par, "p", runtime.GOMAXPROCS(0), "analyse up to `N` functions in parallel; the output is the same whatever N")
	fs.BoolVar(&c.quiet, "q", false, "quiet: no progress on stderr and no line per function on stdout")
	return fs
}

// check validates the shared flags; every error names its flag.
func (c *commonFlags) check() error {
	o := &c.opts
	st, err := analysis.Strategy(o.strategy)
	if err != nil {
		return usagef("-strategy: %v", err)
	}
	o.Strategy = st
	if o.KBound < 1 {
		return usagef("-kbound: must be at least 1, got %d", o.KBound)
	}
	if o.MaxLen < 1 || o.MaxLen > 1024 {
		return usagef("-maxlen: must be between 1 and 1024, got %d", o.MaxLen)
	}
	if o.timeout < 0 {
		return usagef("-timeout: must not be negative, got %v", o.timeout)
	}
	if o.SolverTimeout < 0 {
		return usagef("-solver-timeout: must not be negative, got %v", o.SolverTimeout)
	}
	if o.Workers < 1 {
		return usagef("-workers: must be at least 1, got %d", o.Workers)
	}
	if c.par < 1 {
		return usagef("-p: must be at least 1, got %d", c.par)
	}
	if o.loopModels != "off" && o.loopModels != "auto" {
		return usagef("-loop-models: must be off or auto, got %q", o.loopModels)
	}
	o.LoopModels = o.loopModels == "auto"
	if o.MaxLenRaise < 0 || o.MaxLenRaise > 1024 {
		return usagef("-maxlen-raise: must be between 0 and 1024, got %d", o.MaxLenRaise)
	}
	if o.LoopRaise < 0 {
		return usagef("-loop-raise: must be at least 0, got %d", o.LoopRaise)
	}
	if c.important != "" {
		lines, err := search.ParseLines(c.important)
		if err != nil {
			return usagef("-important: %v", err)
		}
		o.Important = lines
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
		Strategy: o.strategy, KBound: o.KBound, LoopRaise: o.LoopRaise, LoopModels: o.loopModels,
		Timeout: o.timeout.String(), SolverTimeout: o.SolverTimeout.String(), Seed: o.Seed,
		Run: c.run, Important: c.important, Workers: o.Workers, ValidateSolver: o.ValidateSolver, MaxLen: o.MaxLen,
		MaxLenRaise: o.MaxLenRaise,
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
