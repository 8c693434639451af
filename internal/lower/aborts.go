// Abort stubs: a function of the target's closure that cannot be lowered is stood for by an external that aborts the run, so that its callers are analysed.

package lower

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"leapfrog/internal/ir"
)

// maxAborted bounds the functions of one target stubbed after their
// lowering failed (each costs the target's lowering again): past it, the
// target is rejected with the last failure.
const maxAborted = 32

// abortRetry is the failure of fn, a function of the target's closure
// whose body could not be lowered after its callees were pended: the
// target is lowered again with fn stubbed, so that nothing fn alone needed
// stays in the program.
type abortRetry struct {
	fn  *ssa.Function
	err error
}

func (e *abortRetry) Error() string { return e.err.Error() }

// canAbort reports whether fn, which could not be lowered (err), may be
// stood for by an abort stub in the closure of root being lowered: the
// target's own closure, fn not its root, a function or method (not a
// function literal, whose free variables a stub would not bind, nor a
// wrapper), and an unsupported construct (not an internal error).
func (l *loader) canAbort(fn, root *ssa.Function, err error) bool {
	return l.aborting && fn != root && stubbable(fn, err)
}

// stubbable reports whether fn, which could not be lowered (err), may be
// stood for by an abort stub (canAbort).
func stubbable(fn *ssa.Function, err error) bool {
	var ue *unsupportedError
	return fn.Parent() == nil && !isWrapper(fn) && !isGeneric(fn) && errors.As(err, &ue)
}

// pendAbort makes the abort stub of fn and pends it in the closure being
// lowered. When fn's signature cannot be lowered either, the call cannot
// be: it reports false, and err stays the caller's failure.
func (l *loader) pendAbort(fn *ssa.Function, err error, pending map[*ssa.Function]*ir.Function, order *[]*ssa.Function) (*ir.Function, bool) {
	name, path := fn.String(), pkgPath(fn)
	if l.inTarget(fn) {
		name, path = l.irName(fn), ""
	}
	f, serr := l.stubOf(fn, name, path)
	if serr != nil {
		return nil, false
	}
	f.External = true
	var ue *unsupportedError
	errors.As(err, &ue) // stubbable: an unsupported construct
	if ue.cause != nil {
		ue = ue.cause // where the construct is, not the target's call leading there
	}
	f.Unsupported = fmt.Sprintf("call to %s, which leapfrog cannot run: %s: unsupported: %s", fn.String(), ue.pos, ue.what)
	if strings.HasPrefix(ue.what, "call to "+fn.String()) {
		f.Unsupported = ue.what // its own call: "call to fmt.Sscan (package fmt is not interpreted, ...)"
	}
	pending[fn] = f
	*order = append(*order, fn)
	return f, true
}

// abortReasons are the reasons of the abort stubs of the target's program,
// sorted.
func (l *loader) abortReasons() []string {
	var rs []string
	for _, f := range l.abortStubs {
		rs = append(rs, f.Unsupported)
	}
	sort.Strings(rs)
	return rs
}
