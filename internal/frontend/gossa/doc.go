// Package gossa is the Go frontend: it loads a Go package with go/packages,
// builds it with go/ssa (ssa.GlobalDebug, for DebugRef instructions) and
// lowers each requested function, and everything it calls, into an
// ir.Program of its own (Target.Prog): what a target receives differs from
// what the package's call sites pass (a pointer receiver may be nil), and a
// function's IR, so its verdicts, must not depend on which other functions
// were asked for.
//
// # Files
//
//	load.go    Load, Result, Target; package loading and build errors; target
//	           lookup; lazy lowering of a target and its transitive callees
//	           (all committed, or none); final function order and branch/panic ids
//	types.go   go/types -> ir types
//	lower.go   one ssa function -> one ir function: values, instructions, CFG wiring
//	checks.go  run-time checks as pseudo-branches; which pointers may be nil
//	logic.go   branches on the right operand of value-context && and ||
//	dropped.go conditions whose If go/ssa dropped (empty if bodies), restored
//	pos.go     source positions of branches and calls
//
// # Supported subset
//
// Parameters and results of bool, every integer type (int, uint and uintptr
// are 64 bits), fixed-size arrays and structs of those, nested. Inside the
// package's code also pointers: locals, address-taken locals, new(T), &T{}
// (ssa.Alloc on the heap or not), FieldAddr, Field, IndexAddr and Index on
// arrays (symbolic indices too) and structs, loads and stores. Static calls
// to functions and methods of the same package (the callee is lowered too and
// executed by the engine, not summarised), Extract of multiple results, Phi,
// every integer BinOp and comparison (== and != also on bools and pointers),
// UnOp (-x, !b, ^x, *p), Convert between integer types (a no-op when the IR
// types are identical, e.g. int to int64), ChangeType (always a no-op),
// If, Jump, Return and Panic. DebugRef instructions are skipped. Constants
// become ir.Const with the bits masked to the width; nil pointers and zero
// structs and arrays become Const with Val 0 (the IR's "zero:T").
//
// Everything else fails with "file:line:col: unsupported: <what>" at the
// position of the offending instruction (calls and conversions: the start of
// the call expression), value or parameter: strings, floats, maps, slices,
// channels, interfaces, closures, defer, go, package-level variables, calls
// out of the package, builtins (len of an array is a constant already),
// generic functions, comparisons of whole structs or arrays. Defer and go
// statements, then calls out of the package and closures, are looked for
// before lowering so that their message wins over the messages of the values
// they need. A target's parameters and results must not contain pointers,
// except its pointer receiver. A target fails with the error of any function
// it reaches.
//
// Function names are "F", "T.M" for value receivers and "(*T).M" for pointer
// receivers; params are the receiver (if any) then the parameters, named as
// in Go ("recv" for an unnamed receiver, "argN" for an unnamed or blank
// parameter at IR index N). Program.Funcs is in source order; Branches and
// Panics are numbered in function, block and instruction order.
//
// # Blocks
//
// ssa blocks map 1:1 to IR blocks, in ssa order, except that a run-time
// check splits a block: the instructions after the checked operation continue
// in a new block, and the failing side is a new block ending in the check's
// Panic. The last block of the chain holds the ssa terminator and is the
// predecessor seen by the successors' phis. Blocks go/ssa left unreachable
// are dropped. Register numbers are assigned in block order.
//
// # Run-time checks
//
// The engine relies on these being explicit. Each is an If whose true side
// continues and whose false side panics (Panic{Kind: CheckPanic, Msg:
// kind.PanicMessage()}); the If's Pos is the operation's (the ssa
// instruction's position).
//
//   - DivCheck "y != 0" before x/y and x%y unless the divisor is a non-zero
//     constant (go/ssa propagates a local holding zero as the constant 0).
//   - IndexCheck "u64(i) < len" before Index/IndexAddr with a non-constant
//     index: one unsigned comparison, the index converted to u64 first (a
//     negative signed index sign-extends to a huge value). Constant in-range
//     indices and the counter of a range loop over the array (go/ssa's hidden
//     "rangeindex" variable, in the body guarded by its "< len" test) need
//     no check.
//   - ShiftCheck "s >= 0" before a shift by a signed count that is not a
//     non-negative constant.
//   - NilCheck "p != nil" before FieldAddr, IndexAddr, load and store through
//     a pointer that may be nil. Allocations, field and element addresses
//     are never nil; the target's own pointer parameters (its receiver) are
//     inputs and may be nil; another pointer parameter or a result is never
//     nil when every static call site in the package passes a non-nil
//     argument and every return returns a non-nil value (a greatest fixpoint
//     over the package, seeded with the target's parameters: code outside it
//     never runs in the IR, dynamic calls are unsupported). So tcas and wbs
//     have no nil checks in AltSepTest12, Step and Launch, while a method
//     analysed on its own checks its receiver, and the result of a function
//     that may return nil is checked before use.
//
// A check dominated by the same check (the same kind, the same pointer or
// index value, the same length) is not emitted: it could never fail. go/ssa
// addresses an operand twice for p.x++ and a[i] += 1, and every use of a
// receiver after the first would otherwise be a second, unreachable, nil
// dereference objective.
//
// Explicit panic(v) becomes Panic{Kind: ExplicitPanic} with the constant
// argument as text ("" when not constant) at the start of the panic call.
//
// # Source branches
//
// Every source condition and every && / || operand is one If of kind
// SourceBranch. In condition context go/ssa already emits an If per operand
// ("if !x" branches on x with swapped targets: the true side is x true). In
// value context (x := a && b, return a || b, f(a && b)) its logicalBinop
// branches on the left operand but evaluates the right operand y as a value
// flowing into a phi with Comment "&&" or "||" along the phi block's last
// edge. logic.go adds the missing branch: the predecessor on that edge ends
// in a Jump, which becomes If y with two new blocks jumping to the phi's
// block; the phi's last edge becomes two edges (true and false) and the
// other phis of the block get their old value on both. No branch is added
// when y is a constant or an && / || expression written in place (possibly
// negated or parenthesised: its operands branch already); a variable
// holding such a value (c := a || b; return x && c) is an operand like any
// other and gets its branch.
//
// go/ssa's jump threading drops an If whose two targets reach the same block
// ("if c {}", or the last operand of "if a && b {}"): the If becomes a Jump,
// block fusion may then remove that too, even in GlobalDebug mode. In
// condition context go/ssa always emits an operand's If right after the
// operand's DebugRef, so a DebugRef of an operand of an if, for or tagless
// switch condition that is not followed by an If on its value marks a dropped
// If; dropped.go restores it (an If whose two sides jump to a new block where
// the rest of the ssa block continues).
//
// # Positions
//
// An ssa.If has no position. The operand expression comes from the last
// DebugRef before the If in its block whose X is the If's condition (the
// expression is already unparenthesised); its Pos is the branch position.
// The added value-context branches use the DebugRef of y likewise. Fallbacks:
// the condition value's position (a tag switch's comparison carries its case
// expression's), then the block's first non-phi instruction (a phi carries
// its variable's declaration). An If with no position at all, like the
// "index < len" test of a range loop over an array, is an InternalBranch, and
// so is an If on a whole && / || expression whose operands branch already.
// ir.Pos holds the file's base name.
package gossa
