// Analyze: one function through the pipeline, from its IR to its report, as every caller gets it.

package analysis

import (
	"context"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"leapfrog/internal/engine"
	"leapfrog/internal/expr"
	"leapfrog/internal/invariant"
	"leapfrog/internal/ir"
	"leapfrog/internal/lower"
	"leapfrog/internal/search"
	"leapfrog/internal/solver"
	"leapfrog/internal/solver/z3"
)

// Target is one function to analyse: a lowered Go function or a function of
// a CFG model, with its doc comment's loop directives and precondition.
type Target struct {
	*lower.Target
	Package string // import path (a CFG model's file name), as reported
}

// Config is how a function is analysed: the settings of gen and bench.
type Config struct {
	Strategy      search.Strategy // required
	KBound        int             // iterations of an input-dependent loop whose branches may be flipped
	SolverTimeout time.Duration   // per query; 0: none
	Seed          int64           // of the first input (0: all zeros) and of randomised strategies
	MaxLen        int             // elements of input strings, slices and maps, levels of recursive inputs (0: the engine's default)
	LoopModels    bool            // infer models of the loops without a directive (-loop-models auto)
	LoopRaise     int             // double a loop bound up to this many iterations (0: never)
	MaxLenRaise   int             // double MaxLen up to this while the size bound keeps an outcome open (lengths.go; 0: never)
	Important     []search.Line   // the targets of rg and rgcb (nil: every objective)
	// Workers > 1 runs mtelse on that many goroutines, a solver chain each
	// (verdicts stay; cases and costs may vary run to run).
	Workers int
	Recheck bool // re-prove every unreachable verdict independently (recheck.go)
	// ProveFirst tries the abstract interpretation's invariants before the
	// search, which then does not search for the outcomes they settle
	// (provefirst.go; gen's, not bench's: the papers' strategies search
	// for every outcome).
	ProveFirst     bool
	ValidateSolver bool // re-check every answer of the solvers (slow; tests)
	// OnRun, when set, follows the search run by run (progress display).
	OnRun func(covered, objectives, cases int)
	// Given are the outcomes the analyses of the function's callees
	// decided (Plan.Given): not searched again (dedup.go).
	Given []search.Given
}

// Defaults is the configuration of leapfrog gen without flags (but
// -recheck, which bench does not do).
func Defaults() Config {
	return Config{Strategy: search.Auto{}, KBound: 10, SolverTimeout: 10 * time.Second,
		MaxLen: engine.DefaultMaxLen, LoopRaise: 160, MaxLenRaise: DefaultMaxLenRaise, Workers: 1}
}

// DefaultBudget is the time budget of a function when gen is given no
// -timeout: chosen by measurement on real code (doc.go, "The default
// budget").
const DefaultBudget = 5 * time.Second

// Result is the outcome of an analysis: the verdicts, the cases with their
// values and the costs (Report converts them to the JSON report's form).
type Result struct {
	*search.Result
	// EngineWrong holds a line per verdict the re-proof found wrong: the
	// engine claimed unreachable what the independent encoding's witness
	// reaches (the verdict is covered now). Never expected; said loudly.
	EngineWrong []string
}

// SearchBudget is the part of a time budget the search, a run of the
// function and every solver query may spend. Z3 notices its timeout some
// tens of milliseconds late (hundreds on a loaded machine), and the report
// takes a moment: they stop a twelfth of the budget early, and leave
// ProofShare of it to the invariant proofs.
func SearchBudget(budget time.Duration) time.Duration { return budget - budget/12 - ProofShare(budget) }

// InputError is an error of the input, not of leapfrog: a bad directive
// of the function, or an -important line with no branch of it. The
// command fails as for any bad input.
type InputError struct{ Err error }

func (e *InputError) Error() string { return e.Err.Error() }
func (e *InputError) Unwrap() error { return e.Err }

// Analyze runs the configured strategy on the target until every objective
// is decided or the context's deadline nears (SearchBudget of the time
// left), and returns the result. The deadline bounds the search, each run of
// the function and each solver query alike. An error is an InputError (a bad
// directive or -important line), or a solver answer found wrong by
// validation.
func Analyze(ctx context.Context, t Target, cfg Config) (*Result, error) {
	a, err := start(ctx, t, cfg)
	if err != nil {
		return nil, err
	}
	defer func() { a.close() }() // the analysis of the last bound raised
	var r *search.Result
	a, r = a.exploreRaising()
	res := &Result{Result: r}
	if cfg.Recheck {
		res.Result, res.EngineWrong = a.recheck(res.Result)
	}
	a.settle(res.Result, a.proofStop, nil)
	res.EngineWrong = append(res.EngineWrong, a.takeOver(res.Result)...)
	if err := a.invalidAnswer(); err != nil {
		return nil, fmt.Errorf("solver validation failed: %v", err)
	}
	return res, nil
}

// analysis is one function's pipeline: its expression builder, engine,
// solver chain and session (Z3 contexts are not thread-safe: nothing is
// shared between analyses but the read-only IR).
type analysis struct {
	t     Target
	cfg   Config
	eng   *engine.Engine
	slv   solver.Solver
	s     *search.Session
	loops search.LoopOptions
	// stop ends the search, proofStop the invariant proofs (zero: no
	// deadline).
	stop, proofStop time.Time
	// budget is the function's time budget (0: none); the re-check of
	// its unreachable verdicts (recheck.go) has as much again.
	budget time.Duration
	// prover proves the function's outcomes with invariants; proved holds
	// the verdicts it proved before the search (provefirst.go), by
	// objective index. Both pass to the analysis of a raised bound.
	prover *invariant.Prover
	proved map[int]search.Branch

	mu      sync.Mutex // the workers of mtelse validate concurrently
	invalid error      // the first answer validation found wrong
}

// start builds the pipeline: the deadline from ctx, the solver chain, the
// engine with the target's directives and precondition, the session.
func start(ctx context.Context, t Target, cfg Config) (*analysis, error) {
	if cfg.Strategy == nil {
		return nil, fmt.Errorf("analysis: no strategy (start from Defaults)")
	}
	var stop, proofStop time.Time
	var left time.Duration
	if d, ok := ctx.Deadline(); ok {
		left = time.Until(d)
		stop = time.Now().Add(SearchBudget(left))
		proofStop = stop.Add(ProofShare(left))
	}
	a, err := build(t, cfg, stop, proofStop, nil)
	if a != nil {
		a.budget = left
		a.proved = a.proveFirst()
		a.settleFirst()
	}
	return a, err
}

// build builds the pipeline for the deadlines given; replay are the inputs
// a search under a smaller size bound covered with (lengths.go), run first.
func build(t Target, cfg Config, stop, proofStop time.Time, replay []solver.Model) (*analysis, error) {
	a := &analysis{t: t, cfg: cfg, stop: stop, proofStop: proofStop}
	newSolver := func() solver.Solver {
		return solver.NewChain(func() solver.Solver {
			s := z3.New(cfg.SolverTimeout)
			s.SetDeadline(stop)
			return s
		}, solver.ChainOptions{Validate: cfg.ValidateSolver, Invalid: a.wrongAnswer})
	}
	a.slv = newSolver()
	a.eng = engine.New(expr.NewBuilder(), cfg.KBound)
	a.eng.Deadline = stop
	if cfg.MaxLen > 0 {
		a.eng.MaxLen = cfg.MaxLen
	}
	if t.Assume != nil {
		a.eng.Assume = map[*ir.Function]*ir.Function{t.Func: t.Assume}
	}
	var err error
	if a.loops, err = setupLoops(a.eng, t, cfg); err != nil {
		a.close()
		return nil, &InputError{err}
	}
	a.s = search.NewSession(search.Config{Fn: t.Func, SourceDir: sourceDir(t.File), Engine: a.eng, Solver: a.slv, Deadline: stop, Seed: cfg.Seed, OnRun: cfg.OnRun})
	if cfg.Workers > 1 {
		// A solver per worker of mtelse. Parallel runs keep their verdicts
		// but not their cases, so gen's output is byte-identical only with
		// one worker (the default).
		a.s.NewSolver = newSolver
	}
	a.s.NewChecker = newSolver
	a.s.Give(cfg.Given)
	if len(cfg.Important) > 0 && a.s.Targeted(cfg.Important) == 0 {
		a.close()
		return nil, &InputError{fmt.Errorf("-important: no branch of %s on any of the lines given", t.Name)}
	}
	a.s.Replay(replay)
	return a, nil
}

// sourceDir is the directory of the Go file at path ("" for none).
func sourceDir(path string) string {
	if path == "" || !strings.HasSuffix(path, ".go") {
		return ""
	}
	return filepath.Dir(path)
}

// explore runs the strategy (with the loops' bounds raised and models
// inferred as configured) and returns the result.
func (a *analysis) explore() *search.Result {
	st := a.cfg.Strategy
	if m, ok := st.(search.MTElse); ok && a.cfg.Workers > 1 {
		m.Workers = a.cfg.Workers
		st = m
	}
	warnings := search.ExploreLoops(a.s, search.Targeted(st, a.cfg.Important), a.loops)
	r := a.s.Result(a.t.Name, a.t.Package, a.cfg.Strategy.Name())
	r.Warnings = warnings
	r.Assume = a.t.AssumeText
	r.Globals = globalsUsed(a.t.Func)
	search.MarkUntargeted(a.s, r, a.cfg.Important)
	return r
}

func (a *analysis) close() {
	if a.s != nil {
		a.s.Close()
	}
	a.slv.Close()
}

// wrongAnswer records the first answer validation found wrong.
func (a *analysis) wrongAnswer(err error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.invalid == nil {
		a.invalid = err
	}
}

func (a *analysis) invalidAnswer() error {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.invalid
}

// globalsUsed lists the package-level variables of fn's package that fn
// and its callees use, by name: the emitted test saves and restores them
// around each case. Another package's variables are not restored (a test
// cannot reach them), but for those of a package leapfrog does not
// interpret that the replacement package binds (ir.Global.Binds), by
// their qualified name ("os.Args"): when assigned or, for a slice, used
// at all (an element may be written through it).
func globalsUsed(fn *ir.Function) []string {
	seen := map[*ir.Global]bool{}
	var names []string
	for _, f := range ir.Callees(fn) {
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				for _, op := range in.Operands() {
					g, ok := op.(*ir.Global)
					if !ok || seen[g] {
						continue
					}
					switch {
					case g.Pkg == "":
						seen[g] = true
						names = append(names, g.Ident)
					case g.Binds != "" && (g.Typ.Elem.Kind == ir.KSlice || !isLoadOf(in, g)):
						seen[g] = true
						names = append(names, g.Binds)
					}
				}
			}
		}
	}
	sort.Strings(names)
	return names
}

// isLoadOf reports whether in only loads the variable g.
func isLoadOf(in ir.Instr, g *ir.Global) bool {
	l, ok := in.(*ir.Load)
	return ok && l.Ptr == g
}

// strategies maps the names of the command line to strategies.
var strategies = map[string]search.Strategy{
	"dfs":       search.DFS{},
	"eager":     search.Eager{},
	"lookahead": search.Lookahead{},
	"else":      search.Else{},
	"mtelse":    search.MTElse{},
	"pm":        search.PM{},
	"pe":        search.PE{},
	"rg":        search.RG{},
	"rgcb":      search.RGCB{},
	"treefrog":  search.TreeFrog{},
	"whole":     search.Whole{},
	"auto":      search.Auto{},
}

// StrategyNames lists the strategies' names in order.
func StrategyNames() []string {
	var names []string
	for n := range strategies {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Strategy returns the strategy of a name; the error lists the names.
func Strategy(name string) (search.Strategy, error) {
	st, ok := strategies[name]
	if !ok {
		return nil, fmt.Errorf("unknown strategy %q (have %s)", name, strings.Join(StrategyNames(), ", "))
	}
	return st, nil
}

// WithBudget returns ctx bounded by a time budget (-timeout), or ctx itself
// when the budget is 0 (none).
func WithBudget(ctx context.Context, budget time.Duration) (context.Context, context.CancelFunc) {
	if budget <= 0 {
		return ctx, func() {}
	}
	return context.WithTimeout(ctx, budget)
}
