// The result of a search: the verdict of every objective, the test cases with their values, the costs; and its one conversion to the JSON report.

package search

import (
	"leapfrog/internal/engine"
	"leapfrog/internal/ir"
	"leapfrog/internal/report"
)

// Result is what the analysis of one function concluded: a verdict for
// every objective, the test cases with their inputs and outputs, the costs.
// The search makes it (Session.Result); the analysis completes it
// (warnings, globals, precondition, the re-proof's checks); the emitter
// reads it; Report converts it to its JSON form.
type Result struct {
	Function string // "F", "T.M" or "(*T).M"
	Package  string // import path, or the IR file name
	Strategy string
	Branches []Branch // every objective, in source order
	Tests    []Test   // kept cases first, then discarded ones
	Stats    report.Stats
	Warnings []string // e.g. loop models that conflict with their context
	// Globals are the package-level variables of the package under test
	// (their Go names) that the function may write, directly or through the
	// map, slice or pointer they hold: the emitted test restores them after
	// each case. A variable of a package leapfrog does not interpret that
	// the function may write (os.Args) is among them, qualified.
	Globals []string
	// Assume is the function's precondition (//leapfrog:assume), a Go
	// boolean expression over its parameters; verdicts are relative to it.
	Assume string
}

// Branch is the verdict of one objective: a branch outcome, a panic, or the
// function's entry.
type Branch struct {
	ID       string // stable id: "b<If.ID>.true", "b<If.ID>.false", "b<If.ID>.panic", "p<Panic.ID>", "e<function>"
	Func     string // the IR function holding it (a callee, possibly)
	Pos      ir.Pos // the condition, the panicking operation, the function
	Outcome  string // "true", "false", the panic kind ("index out of range", "panic"), or "entry"
	Verdict  report.Verdict
	Case     string   // covered: the name of the first kept case that covers it
	Reason   string   // unknown: why; unreachable: a one-line summary of the proof
	Conflict []string // unreachable: the branches that cannot hold together ("tcas.go:135:14 true")
	SMT2     string   // unreachable: the unsatisfiable formula; unknown (timeout): the formula
	// Checked says who vouches for an unreachable verdict, CheckReason why
	// the re-proof failed or what it refuted (the analysis' re-proof).
	Checked     report.Check
	CheckReason string
	// DecidedIn names the function whose analysis decided a given
	// objective (Session.Give) no case of this one covers: the verdict is
	// that analysis'. HoldsInCallers marks an unreachable verdict that
	// holds for every call of the function containing the objective
	// (internal/analysis decides it): callers take it over.
	DecidedIn      string
	HoldsInCallers bool
	// Tests are the package's own tests that cover the objective (gen
	// completing them, Given.Branch.Tests): covered, not searched, no case.
	Tests []string
	// Folded says that the engine's proof rests on its own constant folding
	// (a condition constant on the prefix, an obligation that simplified to
	// false), not on a formula an outside solver can check: the re-proof
	// replaces SMT2 by the independent encoding's formula, or withdraws the
	// verdict.
	Folded bool
	// EngineFact, on an unreachable verdict, says that SMT2 states no
	// constraint over the inputs: the proof names a value the engine
	// computed (a condition constant on its paths, from constants and
	// package state; the function's single path; an obligation folded to
	// false) and asserts it to be otherwise; it says what, as a clause
	// ("the engine holds the condition at ... constant false ..."). The re-proof
	// replaces SMT2 by the independent encoding's formula or withdraws the
	// verdict (internal/analysis).
	EngineFact string
	// Bound, on an unknown verdict, is the bound of the input domain a
	// refutation towards it needs (ir.SizeBound, ir.CallsBound, ...;
	// ir.NotPseudo: none): the bound keeps it open, and a larger one may
	// decide it (internal/analysis raises the size bound so).
	Bound ir.PseudoKind
}

// Test is one generated test case: the inputs it runs the function on and
// what the function does then.
type Test struct {
	Name string
	In   []engine.Value // one per parameter: what the test constructs
	// Env lists the environment variables the case sets (or unsets) before
	// the call: the run read them (os.Getenv).
	Env []engine.EnvVar
	// Seams are the seams the case replaces (engine.Seam): the stubs
	// the emitted test puts in them.
	Seams []engine.Seam
	// Out holds the results, then the final value behind each pointer,
	// slice or map parameter (when the run returns).
	Out []engine.Value
	// Panicked says the run panics; Panic is then the message a test
	// compares, or, when the engine cannot render the value's message,
	// PanicType is the value's dynamic type (the Go type as the package
	// writes it) and Panic "panic".
	Panicked  bool
	Panic     string
	PanicType string
	Covers    []string // ids of the objectives it covers
	Discarded bool     // later cases cover everything it covers: not emitted
}

// Kept returns the tests that are emitted.
func (r *Result) Kept() []*Test {
	var ts []*Test
	for i := range r.Tests {
		if !r.Tests[i].Discarded {
			ts = append(ts, &r.Tests[i])
		}
	}
	return ts
}

// Report converts the result to its JSON form, the function's entry of the
// report: file and line are its declaration's (relative to the working
// directory), and render gives each test's inputs and outputs as Go
// literals (nil: none rendered).
func (r *Result) Report(file string, line int, render func(*Test) (in, out []report.Arg)) *report.Function {
	f := &report.Function{Function: r.Function, Package: r.Package, File: file, Line: line, Strategy: r.Strategy,
		Stats: r.Stats, Warnings: r.Warnings, Globals: r.Globals, Assume: r.Assume}
	for _, b := range r.Branches {
		f.Branches = append(f.Branches, report.Branch{ID: b.ID, Func: b.Func, Pos: b.Pos.String(), Outcome: b.Outcome, Verdict: b.Verdict,
			Case: b.Case, Reason: b.Reason, Conflict: b.Conflict, SMT2: b.SMT2, Checked: b.Checked, CheckReason: b.CheckReason,
			DecidedIn: b.DecidedIn, HoldsInCallers: b.HoldsInCallers, Tests: b.Tests})
	}
	for i := range r.Tests {
		t := &r.Tests[i]
		c := report.Case{Name: t.Name, Panic: t.Panic, Covers: t.Covers, Discarded: t.Discarded}
		if render != nil {
			c.Inputs, c.Outputs = render(t)
		}
		f.Cases = append(f.Cases, c)
	}
	return f
}
