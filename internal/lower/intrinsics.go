// Compiler intrinsics and run-time hooks that change no value: identities (abi.NoEscape, abi.Escape) and no-ops (runtime.KeepAlive, race hooks).

package lower

import (
	"golang.org/x/tools/go/ssa"

	"leapfrog/internal/ir"
)

// identities are the functions that return their argument unchanged, for
// the compiler's escape analysis only: their result is the argument.
var identities = map[string]bool{
	"internal/abi.NoEscape":                true,
	"internal/abi.Escape":                  true,
	"internal/abi.EscapeToResultNonString": true,
}

// noops are the functions that do nothing a program can observe: escape
// analysis and liveness hints, and the race detector's hooks, empty
// without -race (and a detector with it). Their arguments are evaluated
// (by the instructions before the call); the call is dropped.
var noops = map[string]bool{
	"internal/abi.EscapeNonString": true,
	"runtime.KeepAlive":            true,
	"internal/race.Acquire":        true, "internal/race.Release": true, "internal/race.ReleaseMerge": true,
	"internal/race.Disable": true, "internal/race.Enable": true,
	"internal/race.Read": true, "internal/race.ReadPC": true, "internal/race.ReadObjectPC": true, "internal/race.ReadRange": true,
	"internal/race.Write": true, "internal/race.WritePC": true, "internal/race.WriteObjectPC": true, "internal/race.WriteRange": true,
}

// intrinsicName is the package path and name of a static callee that is
// a plain function (an instance's generic function's), or "".
func intrinsicName(c *ssa.CallCommon) string {
	f := c.StaticCallee()
	if f == nil || f.Signature.Recv() != nil || f.Parent() != nil {
		return ""
	}
	o := origin(f)
	if o.Pkg == nil {
		return ""
	}
	return o.Pkg.Pkg.Path() + "." + o.Name()
}

// identityArg is the argument of a call of an identity, or nil.
func identityArg(c *ssa.CallCommon) ssa.Value {
	if len(c.Args) == 1 && identities[intrinsicName(c)] {
		return c.Args[0]
	}
	return nil
}

// isHint reports whether c calls an identity or a no-op.
func isHint(c *ssa.CallCommon) bool {
	name := intrinsicName(c)
	return identities[name] || noops[name]
}

// lowerHint lowers a call of an identity (its result is its argument;
// an unsafe.Pointer is looked through, see unsafe.go) or of a no-op
// (nothing).
func (fl *fnLowerer) lowerHint(v *ssa.Call) error {
	a := identityArg(v.Common())
	if a == nil {
		return nil
	}
	if isUnsafePointer(v.Type()) {
		return fl.lowerUnsafePointer(v)
	}
	x, err := fl.value(a, fl.l.callStart(v.Pos()))
	if err != nil {
		return err
	}
	fl.vals[v] = x
	return nil
}

// absorbNoopArgs leaves out of the lowering the interface conversions
// made only for a no-op's arguments (runtime.KeepAlive(x) converts x to
// any): they would add dynamic types to the program for nothing.
func (fl *fnLowerer) absorbNoopArgs(v *ssa.Call) {
	if !noops[intrinsicName(v.Common())] {
		return
	}
	for _, a := range v.Call.Args {
		mi, ok := a.(*ssa.MakeInterface)
		if !ok || !onlyUsedBy(mi, v) {
			continue
		}
		if fl.absorbed == nil {
			fl.absorbed = map[ssa.Instruction]bool{}
		}
		fl.absorbed[mi] = true
	}
}

// checkedAtCall are the functions gc on amd64 compiles to an instruction
// with its checks at the call: math/bits.Div64 (and Div, its alias)
// checks there that the divisor is not zero (runtime.panicdivide) and
// that hi < y (runtime.panicoverflow), so a panic is the caller's, at the
// call. The body runs after the checks, its own panics unreachable.
var checkedAtCall = map[string]bool{"math/bits.Div64": true, "math/bits.Div": true}

// callChecks emits the checks gc makes at a call of a function of
// checkedAtCall: a DivCheck and an OverflowCheck at the call.
func (fl *fnLowerer) callChecks(v *ssa.Call) error {
	if !checkedAtCall[intrinsicName(v.Common())] || len(v.Call.Args) != 3 {
		return nil
	}
	pos := fl.l.callStart(v.Pos())
	hi, err := fl.value(v.Call.Args[0], pos)
	if err != nil {
		return err
	}
	y, err := fl.value(v.Call.Args[2], pos)
	if err != nil {
		return err
	}
	fl.check(ir.DivCheck, fl.binop(ir.Ne, y, zero(y.Type())), pos)
	fl.check(ir.OverflowCheck, fl.binop(ir.Lt, hi, y), pos)
	return nil
}

// onlyUsedBy reports whether the only referrer of v (debug references
// apart) is user.
func onlyUsedBy(v ssa.Value, user ssa.Instruction) bool {
	refs := v.Referrers()
	if refs == nil {
		return false
	}
	for _, r := range *refs {
		if _, dbg := r.(*ssa.DebugRef); !dbg && r != user {
			return false
		}
	}
	return true
}
