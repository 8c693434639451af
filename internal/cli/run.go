// Analysing the selected functions in parallel (internal/analysis), results in selection order.

package cli

import (
	"context"
	"errors"
	"fmt"
	"go/types"
	"io"
	"os"
	"runtime/debug"
	"strings"
	"sync"

	"leapfrog/internal/analysis"
	"leapfrog/internal/lower"
	"leapfrog/internal/report"
	"leapfrog/internal/search"
	"leapfrog/internal/testgen"
)

// result is one analysed function.
type result struct {
	t   *target
	res *analysis.Result // verdicts, cases with their values (the emitter, -verify)
	rep *report.Function // their JSON form, the cases' values rendered
	f   testgen.Func     // for the emitter (Go packages only)
	// wrong are the re-proof's lines about verdicts it found wrong.
	wrong []string
	// reused says the analysis was read from the cache (cached.go).
	reused bool
	err    error
}

// analyzeAll analyses the targets on up to par goroutines, a function's
// callees before it (analysis.Plan): its search takes over what their
// analyses decided. Each analysis has its own expression builder, engine
// and solvers (analysis.Analyze), so nothing is shared but the read-only
// IR; the order of the analyses depends on par, what each is given does
// not. The per-function summaries and warnings are
// printed in selection order as the functions finish, whatever par. An
// analysis that fails (an error, or a panic: an internal error) is that
// function's failure, printed in its place ("F: internal error: ..."); the
// others go on (failures lists them).
//
// A stream's packages (sel.units, stream.go) are analysed one after
// another: each is lowered (its targets and rejections join the
// selection), prepared (prepare: gen's checks of its outputs, the measure
// of its own tests; an error stops the run), its functions analysed, each
// with its program lowered again for its analysis and dropped after it,
// and the package released: memory holds one package and the analyses
// running. The plan's edges stay within a package, so the order of the
// packages takes nothing from any analysis.
func analyzeAll(sel *selection, opts options, par int, quiet, qualify bool, cmd string, stdout, stderr io.Writer, prepare func(*unit) error) ([]*result, error) {
	pr := newProgress(cmd, len(sel.targets)+sel.pending(), quiet, stdout, stderr)
	defer pr.finish()
	if len(sel.units) == 0 {
		return analyzeBatch(sel.targets, opts, par, quiet, qualify, cmd, pr, stdout, stderr), nil
	}
	var results []*result
	for _, u := range sel.units {
		counted := !u.lowered // its rejections are in the progress's total
		if err := u.lower(sel); err != nil {
			return nil, err
		}
		if counted {
			pr.drop(len(u.rejected) + len(u.failed))
		}
		if err := prepare(u); err != nil {
			u.release()
			return nil, err
		}
		results = append(results, analyzeBatch(u.targets, opts, par, quiet, qualify, cmd, pr, stdout, stderr)...)
		u.release()
	}
	return results, nil
}

// analyzeBatch analyses targets for analyzeAll: a package's, or all of
// them (a CFG model).
func analyzeBatch(targets []*target, opts options, par int, quiet, qualify bool, cmd string, pr *progress, stdout, stderr io.Writer) []*result {
	results := make([]*result, len(targets))
	keys, callees := make([]string, len(targets)), make([][]string, len(targets))
	for i, t := range targets {
		keys[i] = t.pkg.path + "\x00" + t.irName
		for _, c := range t.callees {
			callees[i] = append(callees[i], t.pkg.path+"\x00"+c)
		}
	}
	plan := analysis.NewPlanOf(keys, callees)
	analysed := make([]*analysis.Result, len(targets)) // the analyses done, for their callers
	var mu sync.Mutex
	next := 0 // the first result not printed yet
	parallelAfter(len(targets), par, plan.Deps, func(i int) {
		t := targets[i]
		mu.Lock()
		given := append(append([]search.Given(nil), opts.theirs[t.pkg.path]...), plan.Given(i, analysed)...)
		mu.Unlock()
		fp := pr.begin(label(t, qualify))
		var r *result
		if err := t.load(); err != nil {
			r = &result{t: t, err: err}
		} else {
			r = analyzeCached(t, opts, given, fp.onRun, func(w string) { pr.print(stderr, "leapfrog "+cmd+": warning: "+w+"\n") })
			t.unload()
		}
		for _, w := range r.wrong {
			pr.print(stderr, "leapfrog: "+w+"\n")
		}
		decided, objectives, cases := 0, 0, 0
		note := ""
		if r.err == nil {
			c, u, _ := r.rep.Count()
			decided, objectives, cases = c+u, len(r.rep.Branches), r.rep.Stats.Cases-r.rep.Stats.Discarded
		} else {
			note = " (failed)"
		}
		pr.end(fp, decided, objectives, cases, note)
		mu.Lock()
		defer mu.Unlock()
		results[i] = r
		if r.err == nil {
			analysed[i] = r.res
		}
		for next < len(results) && results[next] != nil {
			r := results[next]
			next++
			if r.err != nil {
				var ie *analysis.InputError
				if !quiet && !errors.As(r.err, &ie) {
					pr.print(stdout, fmt.Sprintf("%s: %v\n", label(r.t, qualify), r.err))
				}
				continue
			}
			var warn strings.Builder
			for _, w := range r.rep.Warnings {
				fmt.Fprintf(&warn, "leapfrog %s: %s: warning: %s\n", cmd, label(r.t, qualify), w)
			}
			if warn.Len() > 0 {
				pr.print(stderr, warn.String())
			}
			if !quiet {
				var sb strings.Builder
				summarize(&sb, r.rep, label(r.t, qualify), r.reused)
				pr.print(stdout, sb.String())
			}
		}
	})
	return results
}

// failure is the report of a function that failed at a stage.
func failure(t *target, stage string, err error) *report.Failed {
	return &report.Failed{Function: t.decl.name, Package: t.pkg.path, File: relPath(t.decl.file), Line: t.decl.line, Stage: stage, Reason: err.Error()}
}

// injectFault panics at a stage for the function named by
// LEAPFROG_INJECT_FAULT=stage:F (tests of failure isolation: no input is
// known to crash leapfrog once its bug is fixed).
func injectFault(stage string, name string) {
	if v := os.Getenv("LEAPFROG_INJECT_FAULT"); v != "" && v == stage+":"+name {
		panic("fault injected by LEAPFROG_INJECT_FAULT=" + v)
	}
}

// internalError turns a panic recovered at a stage into an error (the
// stack on stderr with LEAPFROG_DEBUG set).
func internalError(p any) error {
	return fmt.Errorf("internal error: %s", panicText(p))
}

// panicText is a recovered panic's text for an internal error (the stack
// on stderr with LEAPFROG_DEBUG set).
func panicText(p any) string {
	if os.Getenv("LEAPFROG_DEBUG") != "" {
		os.Stderr.Write(debug.Stack())
	}
	return fmt.Sprintf("%v (LEAPFROG_DEBUG=1 prints the stack)", p)
}

// label names a target in messages: "F", or "pkg.F" when several packages run.
func label(t *target, qualify bool) string {
	if qualify {
		return t.pkg.path + "." + t.decl.name
	}
	return t.decl.name
}

// analyzeTarget analyses one function and renders its cases' values.
func analyzeTarget(t *target, opts options, given []search.Given, onRun func(int, int, int)) (r *result) {
	r = &result{t: t}
	defer func() {
		if p := recover(); p != nil {
			r.err = internalError(p)
		}
	}()
	injectFault("analysis", t.decl.name)
	cfg := opts.Config
	cfg.OnRun, cfg.Given = onRun, given
	ctx, cancel := analysis.WithBudget(context.Background(), opts.timeout)
	defer cancel()
	res, err := analysis.Analyze(ctx, analysis.Target{Target: t.t, Package: t.pkg.path}, cfg)
	if err != nil {
		r.err = err
		return r
	}
	return renderResult(t, res)
}

// renderResult is the result of t's analysis res: its report, the cases'
// values rendered as Go literals, what the emitter needs.
func renderResult(t *target, res *analysis.Result) (r *result) {
	r = &result{t: t}
	defer func() {
		if p := recover(); p != nil {
			r.err = internalError(p)
		}
	}()
	r.res, r.wrong = res, res.EngineWrong
	file, line := relPath(t.decl.file), t.decl.line
	if t.types == nil { // a CFG model
		r.rep = res.Report(file, line, func(c *search.Test) (in, out []report.Arg) { return modelArgs(t.t.Func, c) })
		return r
	}
	r.f = testgen.Func{GoFunc: t.t.GoFunc, PtrRecv: t.t.PtrRecv, Params: t.t.Params, Result: res.Result, DynTypes: t.t.DynTypes, Sig: t.t.Sig, TypeArgs: t.t.TypeArgs}
	r.rep = res.Report(file, line, func(c *search.Test) (in, out []report.Arg) { return testgen.Args(t.types, r.f, c) })
	if t.t.TypeArgs != "" {
		r.rep.Instance = instanceName(t.t, t.types)
	}
	r.rep.Aborts = t.t.Aborts
	return r
}

// instanceName is the display name of the instance of a generic function
// or method t is: "Index[[]int,int]", "(*Stack[int]).Push".
func instanceName(t *lower.Target, pkg *types.Package) string {
	recv := t.Sig.Recv()
	if recv == nil {
		return t.GoFunc.Name() + t.TypeArgs
	}
	rt := types.TypeString(recv.Type(), types.RelativeTo(pkg))
	if strings.HasPrefix(rt, "*") {
		rt = "(" + rt + ")"
	}
	return rt + "." + t.GoFunc.Name()
}
