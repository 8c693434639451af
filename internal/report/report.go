// The report data model: what leapfrog found for each function, as written to JSON.

package report

import "leapfrog/internal/ir"

// Verdicts.
const (
	Covered     = "covered"
	Unreachable = "unreachable"
	Unknown     = "unknown"
)

// Report is the whole JSON report.
type Report struct {
	Functions []*Function `json:"functions"`
}

// Function is the result for one function under test.
type Function struct {
	Function string   `json:"function"` // as named on the command line: "F", "T.M"
	Package  string   `json:"package"`  // import path, or the IR file name
	Strategy string   `json:"strategy"`
	Branches []Branch `json:"branches"` // every objective, in source order
	Cases    []Case   `json:"cases"`    // kept cases first, then discarded ones
	Stats    Stats    `json:"stats"`

	Warnings []string `json:"warnings,omitempty"` // e.g. loop models that conflict with their context
}

// Branch is one objective: a branch outcome, or a panic pseudo-branch.
type Branch struct {
	ID       string   `json:"id"`                 // stable id: "b<If.ID>.true", "b<If.ID>.false", "b<If.ID>.panic", "p<Panic.ID>"
	Func     string   `json:"func"`               // the IR function holding it (a callee, possibly)
	Pos      string   `json:"pos"`                // file.go:line:col of the condition
	Outcome  string   `json:"outcome"`            // "true", "false", or the pseudo-branch kind ("index out of range", "panic")
	Verdict  string   `json:"verdict"`            // covered, unreachable, unknown
	Case     string   `json:"case,omitempty"`     // covered: the name of the first kept case that covers it
	Reason   string   `json:"reason,omitempty"`   // unknown: why; unreachable: a one-line summary of the proof
	Conflict []string `json:"conflict,omitempty"` // unreachable: the branches that cannot hold together ("tcas.go:135:14 true")
	SMT2     string   `json:"smt2,omitempty"`     // unreachable: the unsatisfiable formula; unknown (timeout): the formula
	// Checked says who vouches for an unreachable verdict: "independent"
	// (re-proved by the independent encoding, package indep) or "engine"
	// (the engine's proof only; CheckReason says why the re-proof failed).
	// A verdict the independent encoding refuted says so in CheckReason.
	Checked     string `json:"checked,omitempty"`
	CheckReason string `json:"check_reason,omitempty"`
}

// Who vouches for an unreachable verdict (Branch.Checked).
const (
	CheckedIndependent = "independent"
	CheckedEngine      = "engine"
)

// Case is one generated test case.
type Case struct {
	Name      string   `json:"name"`
	Inputs    []Arg    `json:"inputs"`
	Outputs   []Arg    `json:"outputs"`         // results in order ("r0", ...) and, for a pointer receiver, its final value
	Panic     string   `json:"panic,omitempty"` // the panic message when the case panics
	Covers    []string `json:"covers"`          // ids of the objectives it covers
	Discarded bool     `json:"discarded"`       // later cases cover everything it covers: not emitted

	// In and Out hold the values themselves, for the emitter.
	In  []Value `json:"-"`
	Out []Value `json:"-"`
}

// Arg is a named value rendered as a Go literal.
type Arg struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// Stats are the cost figures, named like the papers' table columns.
type Stats struct {
	Cases           int `json:"cases"` // kept (emitted) cases
	Discarded       int `json:"discarded"`
	SolverCalls     int `json:"solver_calls"` // solver calls made to flip branches
	SatChecks       int `json:"sat_checks"`   // other satisfiability checks (proofs, back-substitution)
	EagerFlips      int `json:"eager_flips"`
	HopefulFlips    int `json:"hopeful_flips"`
	Conflicts       int `json:"conflicts"`
	Paths           int `json:"paths"`            // executions of the function
	InfeasiblePaths int `json:"infeasible_paths"` // flips the solver proved infeasible
	// TreeFrog (conflict learning, feasible sequences, suffix enumeration).
	Lemmas          int   `json:"lemmas"`
	FeasibleReused  int   `json:"feasible_sequences_reused"`
	Suffixes        int   `json:"suffixes_enumerated"`
	OverConflicts   int   `json:"over_approximate_conflicts"`
	Blocked         int   `json:"blocked"`          // flips skipped because they violate a learned conflict clause (rgcb)
	ConflictClauses int   `json:"conflict_clauses"` // conflict clauses learned from unsat cores (rgcb)
	LargestBackjump int   `json:"largest_backjump"` // most decision levels jumped over at once (rgcb); 0: none
	TimeMs          int64 `json:"time_ms"`
	// Path merging (pm): merged region instances, solver queries of every kind, their mean time.
	Merges     int     `json:"merges"`
	Queries    int     `json:"queries"`
	AvgQueryMs float64 `json:"avg_query_ms"`
}

// Value is a concrete value of an IR type: a bool or integer (Bits, masked to the
// width) or an aggregate (Elems: array elements or struct fields in order).
type Value struct {
	Type  *ir.Type
	Bits  uint64
	Elems []Value
}
