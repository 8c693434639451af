// Analysis of one function: engine, solver stack, strategy, report.

package cli

import (
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"sync"
	"time"

	"leapfrog/internal/engine"
	"leapfrog/internal/expr"
	"leapfrog/internal/invariant"
	"leapfrog/internal/ir"
	"leapfrog/internal/report"
	"leapfrog/internal/search"
	"leapfrog/internal/solver"
	"leapfrog/internal/solver/z3"
)

// options are the flags shared by gen and bench.
type options struct {
	strategy      string
	kbound        int
	timeout       time.Duration
	solverTimeout time.Duration
	seed          int64
	validate      bool          // re-check every solver answer (tests)
	workers       int           // mtelse: parallel workers (>1: costs and cases may vary run to run)
	important     []search.Line // -important: the targets of rg and rgcb (nil: every objective)
	maxLen        int           // -maxlen: elements of input strings, slices and maps, levels of recursive inputs

	loops loopFlags // -loop-models, -loop-raise, the target's directives (loops.go)
	// onRun, when set, follows the search run by run (progress display).
	onRun func(covered, objectives, cases int)

	recheck bool      // gen -recheck: re-prove every unreachable verdict independently (recheck.go)
	stderr  io.Writer // where recheck reports an engine it proved wrong (nil: os.Stderr)
}

// strategies maps names to strategies.
var strategies = map[string]func() search.Strategy{
	"dfs":       func() search.Strategy { return search.DFS{} },
	"eager":     func() search.Strategy { return search.Eager{} },
	"lookahead": func() search.Strategy { return search.Lookahead{} },
	"else":      func() search.Strategy { return search.Else{} },
	"mtelse":    func() search.Strategy { return search.MTElse{} },
	"pm":        func() search.Strategy { return search.PM{} },
	"pe":        func() search.Strategy { return search.PE{} },
	"rg":        func() search.Strategy { return search.RG{} },
	"rgcb":      func() search.Strategy { return search.RGCB{} },
	"treefrog":  func() search.Strategy { return search.TreeFrog{} },
}

func strategyNames() string {
	var names []string
	for n := range strategies {
		names = append(names, n)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// analyze runs one strategy on fn.
func analyze(fn *ir.Function, name, pkg string, opts options) (*report.Function, error) {
	mk, ok := strategies[opts.strategy]
	if !ok {
		return nil, fmt.Errorf("unknown strategy %q (have %s)", opts.strategy, strategyNames())
	}
	b := expr.NewBuilder()
	var validationErr error
	var validationMu sync.Mutex // the workers of mtelse validate concurrently
	// The budget of the function bounds every solver query too: a query
	// started just before it runs out gets only what is left (a query could
	// otherwise take the whole -solver-timeout past the budget). Z3 notices
	// its timeout some tens of milliseconds late (hundreds on a loaded
	// machine), and the report takes a moment: the search and the solvers
	// stop a twelfth of the budget early. A tenth more is kept for the
	// invariant proofs of what the search leaves open (settleLoops).
	budget := opts.timeout - opts.timeout/12 - opts.timeout/10
	var deadline time.Time
	if budget > 0 {
		deadline = time.Now().Add(budget)
	}
	z3New := func() *z3.Solver {
		s := z3.New(opts.solverTimeout)
		s.SetDeadline(deadline)
		return s
	}
	newSolver := func() solver.Solver {
		var slv solver.Solver = z3New()
		if opts.validate {
			// The second opinion on each unsat core: one spare solver,
			// reset to its initial state after each use (a new Z3 context
			// per core cost more than the check).
			v := &validated{}
			v.Solver = solver.Validating(slv, func() solver.Solver {
				if v.spare == nil {
					v.spare = z3New()
				}
				return resetOnClose{v.spare}
			}, func(err error) {
				validationMu.Lock()
				defer validationMu.Unlock()
				if validationErr == nil {
					validationErr = err
				}
			})
			slv = v
		}
		return slv
	}
	slv := newSolver()
	defer slv.Close()
	eng := engine.New(b, opts.kbound)
	eng.Deadline = deadline
	if opts.maxLen > 0 {
		eng.MaxLen = opts.maxLen
	}
	var assume string
	if t := opts.loops.target; t != nil && t.Assume != nil {
		eng.Assume = map[*ir.Function]*ir.Function{fn: t.Assume}
		assume = t.AssumeText
	}
	lopt, err := opts.loops.setup(eng, fn)
	if err != nil {
		return nil, err
	}
	s := search.NewSession(search.Config{
		Fn:      fn,
		Engine:  eng,
		Solver:  slv,
		Timeout: budget,
		Seed:    opts.seed,
		OnRun:   opts.onRun,
	})
	st := mk()
	if m, ok := st.(search.MTElse); ok && opts.workers > 1 {
		m.Workers = opts.workers
		st = m
	}
	if opts.workers > 1 {
		// A solver per worker of mtelse. Parallel runs keep their verdicts
		// but not their cases, so gen's output is byte-identical only with
		// one worker (the default).
		s.NewSolver = newSolver
	}
	if len(opts.important) > 0 && s.Targeted(opts.important) == 0 {
		return nil, fmt.Errorf("-important: no branch of %s on any of the lines given", name)
	}
	warnings := search.ExploreLoops(s, search.Targeted(st, opts.important), lopt)
	r := s.Report(name, pkg, opts.strategy)
	r.Warnings = warnings
	r.Assume = assume
	r.Globals = globalsUsed(fn)
	search.MarkUntargeted(s, r, opts.important)
	if opts.recheck {
		w := opts.stderr
		if w == nil {
			w = os.Stderr
		}
		r = recheck(s, eng, r, opts, w)
	}
	settleLoops(s, r, opts, deadline)
	if validationErr != nil {
		return r, fmt.Errorf("solver validation failed: %v", validationErr)
	}
	return r, nil
}

// settleLoops proves unreachable, with an inductive invariant that cvc5
// checks, the outcomes left unknown for a loop or length bound or the
// search's timeout (package invariant). With -timeout, the proofs get the
// tenth of the budget kept for them, and what the search left.
func settleLoops(s *search.Session, r *report.Function, opts options, deadline time.Time) {
	objs := make([]*invariant.Objective, len(r.Branches))
	for i, o := range s.Objectives {
		if !o.Entry {
			objs[i] = &invariant.Objective{If: o.If, Dir: o.Dir, Panic: o.Panic}
		}
	}
	io := invariant.DefaultOptions
	io.Check = opts.solverTimeout
	if !deadline.IsZero() {
		io.Deadline = deadline.Add(opts.timeout / 10)
	}
	invariant.Settle(s.Fn, r, objs, io)
}

// globalsUsed lists the package-level variables of fn's package that fn
// and its callees use, by name: the emitted test saves and restores them
// around each case (another package's variables are not restored: a test
// cannot reach them).
func globalsUsed(fn *ir.Function) []string {
	seen := map[*ir.Global]bool{}
	var names []string
	for _, f := range search.Callees(fn) {
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				for _, op := range in.Operands() {
					if g, ok := op.(*ir.Global); ok && !seen[g] && g.Pkg == "" {
						seen[g] = true
						names = append(names, g.Ident)
					}
				}
			}
		}
	}
	sort.Strings(names)
	return names
}

// counts returns the number of objectives per verdict.
func counts(r *report.Function) (covered, unreachable, unknown int) {
	for _, b := range r.Branches {
		switch b.Verdict {
		case report.Covered:
			covered++
		case report.Unreachable:
			unreachable++
		default:
			unknown++
		}
	}
	return
}

// validated is a validating solver that closes its spare solver (the second
// opinion on unsat cores) with itself.
type validated struct {
	solver.Solver
	spare *z3.Solver
}

func (v *validated) Close() {
	v.Solver.Close()
	if v.spare != nil {
		v.spare.Close()
	}
}

// resetOnClose lends a solver for one use: closing it resets it.
type resetOnClose struct{ *z3.Solver }

func (r resetOnClose) Close() { r.Reset() }
