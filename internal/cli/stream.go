// Streaming gen's packages: each lowered, analysed and released in turn, and a function's program built again for its analysis and dropped after it, so that memory follows one package and the analyses running, not the module.

package cli

import (
	"errors"
	"fmt"
	"slices"

	"leapfrog/internal/analysis"
	"leapfrog/internal/cfg"
	"leapfrog/internal/ir"
	"leapfrog/internal/lower"
	"leapfrog/internal/report"
)

// unit is a package with functions selected.
type unit struct {
	p    *pkgInfo
	want map[string]bool // the functions selected
	// keep says the targets keep their programs (bench, cover: they read
	// them all at once) and the package is released once lowered;
	// otherwise (gen) the package stays open in src until its analyses
	// end, and lowers each target again for its analysis.
	keep     bool
	lowered  bool
	src      *lower.Package
	targets  []*target
	rejected []*report.Rejected
	// failed are the selected functions the front end failed on (a panic,
	// a malformed program): internal errors of theirs, which do not stop
	// the package's other functions.
	failed []*report.Failed
}

// pending counts the selected functions of the units not lowered yet.
func (s *selection) pending() int {
	n := 0
	for _, u := range s.units {
		if !u.lowered {
			n += len(u.want)
		}
	}
	return n
}

// lower lowers the unit once (lowerAll) and adds its targets and
// rejections to the selection.
func (u *unit) lower(sel *selection) error {
	if u.lowered {
		return nil
	}
	if err := u.lowerAll(); err != nil {
		return err
	}
	sel.targets = append(sel.targets, u.targets...)
	sel.rejected = append(sel.rejected, u.rejected...)
	sel.failed = append(sel.failed, u.failed...)
	return nil
}

// lowerAll opens the package and lowers every function of it in order,
// selected or not (the IR names the loader gives then do not depend on the
// selection, and a function lowered again later is the same program:
// lower.Package): the selected ones become targets, with the plan's edges,
// or rejections. A streamed target keeps only what the report and the
// emitter read (stripped), and the package stays open (u.src). A panic of
// the front end is an internal error naming the package, not a crash of
// the whole run.
func (u *unit) lowerAll() (err error) {
	p := u.p
	var src *lower.Package
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%s: internal error in the Go front end: %v", relPath(p.dir), r)
		}
		if err != nil && src != nil {
			src.Release()
		}
	}()
	names := make([]string, len(p.funcs))
	for i, d := range p.funcs {
		names[i] = d.name
	}
	if src, err = lower.Open(p.dir, names); err != nil {
		return fmt.Errorf("%s", relMessage(p.dir, err.Error()))
	}
	for _, d := range p.funcs {
		lt, err := lowerOne(src, d.name)
		if ie := (*frontEndError)(nil); errors.As(err, &ie) {
			// One function's internal error: the others go on (the loader
			// starts each target's program afresh).
			if u.want[d.name] {
				u.failed = append(u.failed, &report.Failed{Function: d.name, Package: p.path, File: relPath(d.file), Line: d.line,
					Stage: "lowering", Reason: relMessage(p.dir, err.Error())})
			}
			continue
		}
		if !u.want[d.name] {
			continue
		}
		if err != nil {
			pos, reason := splitPos(p.dir, fmt.Sprint(err))
			u.rejected = append(u.rejected, &report.Rejected{
				Function: d.name, Package: p.path, File: relPath(d.file), Line: d.line, Pos: pos, Reason: reason,
			})
			continue
		}
		t := &target{pkg: p, decl: d, t: lt, types: src.Pkg.Types, irName: lt.Func.Name, callees: analysis.PackageCallees(lt.Func)}
		if !u.keep {
			t.t, t.src = stripped(lt), src
		}
		u.targets = append(u.targets, t)
	}
	u.lowered = true
	if u.keep || len(u.targets) == 0 {
		src.Release()
		return nil
	}
	u.src = src
	streamHook("open", u.p.path, nil)
	return nil
}

// release ends the unit's analyses: its package is released, and its
// targets cannot be lowered again.
func (u *unit) release() {
	if u.src == nil {
		return
	}
	u.src.Release()
	u.src = nil
	for _, t := range u.targets {
		t.src = nil
	}
	streamHook("release", u.p.path, nil)
}

// frontEndError is an internal error of the front end on one function: a
// panic, or a program the IR's sanity check rejects.
type frontEndError struct{ msg string }

func (e *frontEndError) Error() string { return e.msg }

// lowerOne lowers the function name of src; a panic of the front end, or a
// malformed program, is a frontEndError.
func lowerOne(src *lower.Package, name string) (lt *lower.Target, err error) {
	defer func() {
		if r := recover(); r != nil {
			lt, err = nil, &frontEndError{"internal error in the Go front end: " + panicText(r)}
		}
	}()
	injectFault("lowering", name)
	lt, err = src.Lower(name)
	if me := (*lower.MalformedError)(nil); errors.As(err, &me) {
		return nil, &frontEndError{err.Error()}
	}
	return lt, err
}

// stripped is a lowered target without its program: what the report and
// the emitter read.
func stripped(t *lower.Target) *lower.Target {
	c := *t
	c.Prog, c.Func, c.Assume, c.PhiNames, c.KBounds, c.Models = nil, nil, nil, nil, nil, nil
	return &c
}

// program is t's lowered function with its program: t.t, or for a streamed
// target lowered again (the plan's edges checked: the same program as
// when selected). The caller drops it with unload.
func (t *target) program() (lt *lower.Target, err error) {
	if t.src == nil {
		return t.t, nil
	}
	defer func() {
		if r := recover(); r != nil {
			lt, err = nil, internalError(r)
		}
	}()
	if lt, err = t.src.Lower(t.decl.name); err != nil {
		return nil, fmt.Errorf("internal error: lowered again, %v", err)
	}
	if lt.Func.Name != t.irName || !slices.Equal(analysis.PackageCallees(lt.Func), t.callees) {
		return nil, fmt.Errorf("internal error: lowered again, %s is another program", t.decl.name)
	}
	return lt, nil
}

// load gives a streamed target its program for its analysis; unload drops
// it after.
func (t *target) load() error {
	if t.src == nil {
		return nil
	}
	lt, err := t.program()
	if err == nil {
		t.t = lt
		streamHook("program", t.pkg.path+"."+t.decl.name, lt.Prog)
	}
	return err
}

func (t *target) unload() {
	if t.src != nil {
		cfg.Forget(t.t.Prog) // its cache holds the program
		t.t = stripped(t.t)
		streamHook("drop", t.pkg.path+"."+t.decl.name, nil)
	}
}

// testHookStream, when set (tests), sees the stream's events: a package
// opened for its analyses ("open") and released ("release"), a target's
// program (prog) built for its analysis ("program") and dropped ("drop").
var testHookStream func(event, what string, prog *ir.Program)

func streamHook(event, what string, prog *ir.Program) {
	if testHookStream != nil {
		testHookStream(event, what, prog)
	}
}
