// Why an objective stays undecided: one named reason per answer, counted by the reports.

package indep

import (
	"fmt"

	"leapfrog/internal/ir"
)

// Reason names why the independent encoding leaves an objective undecided
// (Result.Why). Every undecided answer has exactly one; its detail
// (Result.Reason) says where.
type Reason int

const (
	NoReason Reason = iota // decided
	// Constructs the encoding does not have (the encoding stops: every
	// objective of the function gets the reason).
	NotFloat        // an operation on floats
	NotExternal     // a call of an external function (run natively by the engine)
	NotRecursion    // a recursive call
	NotControlFlow  // irreducible control flow, an edge into the middle of a loop
	NotInterface    // interface values, type assertions, method calls on interfaces
	NotFuncValue    // closures and calls through function values
	NotDefer        // deferred calls and recover
	NotMap          // map values and their operations
	NotSlice        // a slice operation not encoded (append that may grow an input, ...)
	NotString       // a string operation not encoded (range over a string, ...)
	NotPackageState // a package-level variable not encoded
	NotInput        // an input of a type not encoded (channels, ...)
	NotOther        // anything else not encoded
	NotModelled     // a run reaches a replacement body's stop where Go goes on (an AbortPanic: os.Remove, a reflect panic not built)
	TooLarge        // the unrolled function exceeds the block-instance or term budget
	LoopBound       // a loop may run more iterations than the unwinding bound
	SlotBound       // a string or slice may be read beyond the slots the encoding gives it
	SolverUndecided // cvc5 answered unknown or timed out
	BudgetSpent     // the re-check's time budget (Options.Deadline) ran out before this query
	FoldedConstant  // the reach condition folds to a constant and the unfolded encoding fails
	ModelMismatch   // internal: cvc5's model does not satisfy the formula
	InternalError   // internal: the encoder failed (a bug, reported rather than crashing the analysis)
	numReasons
)

var reasonNames = [...]string{
	NoReason:        "decided",
	NotFloat:        "not encoded: floats",
	NotExternal:     "not encoded: external calls",
	NotRecursion:    "not encoded: recursion",
	NotControlFlow:  "not encoded: control flow",
	NotInterface:    "not encoded: interfaces",
	NotFuncValue:    "not encoded: function values",
	NotDefer:        "not encoded: defer and recover",
	NotMap:          "not encoded: maps",
	NotSlice:        "not encoded: slice operation",
	NotString:       "not encoded: string operation",
	NotPackageState: "not encoded: package state",
	NotInput:        "not encoded: input type",
	NotOther:        "not encoded: other construct",
	NotModelled:     "not modelled: Go goes on where the model stops",
	TooLarge:        "encoding too large",
	LoopBound:       "loop beyond the unwinding bound",
	SlotBound:       "read beyond the encoded slots",
	SolverUndecided: "cvc5 undecided",
	BudgetSpent:     "time budget spent",
	FoldedConstant:  "constant reach condition not re-encoded",
	ModelMismatch:   "internal: model mismatch",
	InternalError:   "internal: encoder error",
}

func (r Reason) String() string {
	if r < 0 || r >= numReasons {
		panic(fmt.Sprintf("indep: unknown reason %d", int(r)))
	}
	return reasonNames[r]
}

// Reasons lists every reason but NoReason, in order (for tallies).
func Reasons() []Reason {
	var rs []Reason
	for r := NoReason + 1; r < numReasons; r++ {
		rs = append(rs, r)
	}
	return rs
}

// notEncoded aborts the encoding: why names the class of construct, msg
// says what could not be encoded, and where.
type notEncoded struct {
	why Reason
	msg string
}

func (n notEncoded) Error() string { return n.msg }

// notEnc is the panic value that aborts the encoding with a construct of
// class why not encoded.
func notEnc(why Reason, format string, args ...any) notEncoded {
	return notEncoded{why, fmt.Sprintf(format, args...)}
}

// reasonOfType is the class of a value of type t the encoding lacks.
func reasonOfType(t *ir.Type) Reason {
	switch t.Kind {
	case ir.KString:
		return NotString
	case ir.KSlice:
		return NotSlice
	case ir.KMap:
		return NotMap
	case ir.KInterface:
		return NotInterface
	case ir.KFunc:
		return NotFuncValue
	case ir.KFloat:
		return NotFloat
	}
	return NotInput
}

// reasonOf is the class of an instruction the encoding lacks.
func reasonOf(in ir.Instr) Reason {
	switch in := in.(type) {
	case *ir.MakeInterface, *ir.ChangeInterface, *ir.TypeAssert, *ir.Invoke, *ir.Comparable:
		return NotInterface
	case *ir.MakeClosure, *ir.CallValue:
		return NotFuncValue
	case *ir.Defer, *ir.RunDefers, *ir.Recover:
		return NotDefer
	case *ir.MakeMap, *ir.Lookup, *ir.MapUpdate:
		return NotMap
	case *ir.Range:
		return reasonOfType(in.X.Type())
	case *ir.Next:
		return reasonOfType(in.Iter.Type().Elem)
	case *ir.Len:
		return reasonOfType(in.X.Type())
	case *ir.Builtin:
		if len(in.Args) > 0 {
			return reasonOfType(in.Args[0].Type())
		}
	case *ir.Slice:
		return reasonOfType(in.Type())
	}
	return NotSlice
}
