// The report data model: what leapfrog found for each function, as written to JSON.

package report

import "fmt"

// Verdict is what leapfrog concluded about an objective.
type Verdict string

const (
	Covered     Verdict = "covered"     // a generated test case covers it
	Unreachable Verdict = "unreachable" // a proof says no input reaches it
	Unknown     Verdict = "unknown"     // neither, for the reason given
)

// UnmarshalText reads a verdict, refusing any other word.
func (v *Verdict) UnmarshalText(b []byte) error {
	switch x := Verdict(b); x {
	case Covered, Unreachable, Unknown:
		*v = x
		return nil
	}
	return fmt.Errorf("bad verdict %q", b)
}

// Report is the whole JSON report of leapfrog gen (and of leapfrog merge,
// which joins the reports of shards into the report of the whole run).
type Report struct {
	Tool      string      `json:"tool"`             // "leapfrog"
	Version   string      `json:"version"`          // the tool's version
	Flags     Flags       `json:"flags"`            // the settings that shape the results
	Args      []string    `json:"args"`             // the package and function arguments, as given
	Shard     string      `json:"shard,omitempty"`  // "K/N" for the report of one shard; never in a merged report
	Packages  []*Package  `json:"packages"`         // every package matched, sorted by import path
	Functions []*Function `json:"functions"`        // the functions analysed, by package, file and line
	Rejected  []*Rejected `json:"rejected"`         // the functions leapfrog cannot handle, with the reason
	Failed    []*Failed   `json:"failed,omitempty"` // the functions whose analysis or test generation failed (an internal error): present only when some did
	// Reused counts the functions whose analysis gen read from its cache
	// (-cache) instead of analysing them: absent when none was.
	Reused  int    `json:"reused,omitempty"`
	Summary Totals `json:"summary"` // the sums over Packages
}

// Flags are the settings that shape the results: two reports can only be
// merged when they agree on them. Flags that only change where output goes
// or how fast it comes (-json, -html, -o, -p, -q, -shard) are not recorded.
type Flags struct {
	Strategy       string `json:"strategy"`
	KBound         int    `json:"kbound"`
	LoopRaise      int    `json:"loop_raise"`
	LoopModels     string `json:"loop_models"`
	Timeout        string `json:"timeout"`        // per function, as a Go duration ("0s": none)
	SolverTimeout  string `json:"solver_timeout"` // per solver query
	Seed           int64  `json:"seed"`
	Run            string `json:"run"`       // -run: the regular expression selecting functions ("" when not given)
	Important      string `json:"important"` // -important as given
	Workers        int    `json:"workers"`
	ValidateSolver bool   `json:"validate_solver"`
	MaxLen         int    `json:"maxlen"`       // -maxlen: the bound on input sizes
	MaxLenRaise    int    `json:"maxlen_raise"` // -maxlen-raise: how far it is doubled when it keeps branches open
	Verify         bool   `json:"verify"`
	Recheck        bool   `json:"recheck"` // unreachable verdicts re-proved independently
	Strict         bool   `json:"strict"`
	Complete       bool   `json:"complete"` // gen -complete in effect: a package's own tests were measured first, and what they cover was no target
}

// Package is one package matched by the arguments, with the sums over its
// functions (those of this report: a shard's share).
type Package struct {
	Path string `json:"path"` // import path (a CFG model: its file name)
	Dir  string `json:"dir"`  // directory, relative to the working directory
	Totals
}

// Totals are the counts of a package or of the whole report.
type Totals struct {
	Packages  int `json:"packages,omitempty"` // the whole report only
	Functions int `json:"functions"`          // analysed + rejected
	Analysed  int `json:"analysed"`
	Rejected  int `json:"rejected"`
	Failed    int `json:"failed,omitempty"` // analysis or test generation failed: not in Analysed
	// The distinct source outcomes of the package (Outcomes): each
	// (position, outcome) once, with its one package-level verdict, though
	// a callee's outcome is an objective of every function calling it.
	Objectives  int `json:"objectives"`
	Covered     int `json:"covered"`
	Unreachable int `json:"unreachable"`
	Unknown     int `json:"unknown"`
	Cases       int `json:"cases"` // kept (emitted) cases
	// PerFunction counts the objectives as each function saw them (the
	// sums of functions[]): a callee's outcome once per function calling it.
	PerFunction Verdicts `json:"per_function"`
}

// Verdicts count objectives by verdict.
type Verdicts struct {
	Objectives  int `json:"objectives"`
	Covered     int `json:"covered"`
	Unreachable int `json:"unreachable"`
	Unknown     int `json:"unknown"`
}

// Rejected is a function leapfrog cannot handle: it has no test and no verdict.
type Rejected struct {
	Function string `json:"function"`
	Package  string `json:"package"`
	File     string `json:"file"`   // the file declaring it, relative to the working directory
	Line     int    `json:"line"`   // of the declaration
	Pos      string `json:"pos"`    // where the obstacle is: file:line:col relative to the working directory
	Reason   string `json:"reason"` // "unsupported: <what>"
}

// Failed is a function whose analysis or test generation failed: an
// internal error of leapfrog (or a solver answer that validation found
// wrong). The others are analysed and written; the run exits 1.
type Failed struct {
	Function string `json:"function"`
	Package  string `json:"package"`
	File     string `json:"file"`   // the file declaring it, relative to the working directory
	Line     int    `json:"line"`   // of the declaration
	Stage    string `json:"stage"`  // where it failed: "lowering", "analysis" or "testgen"
	Reason   string `json:"reason"` // the message ("internal error: ...")
}

// Function is the result for one function under test.
type Function struct {
	Function string   `json:"function"` // "F", "T.M" or "(*T).M"
	Package  string   `json:"package"`  // import path, or the IR file name
	File     string   `json:"file"`     // the file declaring it, relative to the working directory
	Line     int      `json:"line"`     // of the declaration
	Strategy string   `json:"strategy"`
	Branches []Branch `json:"branches"` // every objective, in source order
	Cases    []Case   `json:"cases"`    // kept cases first, then discarded ones
	Stats    Stats    `json:"stats"`

	Warnings []string `json:"warnings,omitempty"` // e.g. loop models that conflict with their context

	// Globals are the package-level variables of the package under test
	// (their Go names) that the function may write, directly or through the
	// map, slice or pointer they hold: the emitted test restores them after
	// each case.
	Globals []string `json:"globals,omitempty"`
	// Assume is the function's precondition (//leapfrog:assume), a Go
	// boolean expression over its parameters; verdicts are relative to it.
	Assume string `json:"assume,omitempty"`
	// Instance is, for a generic function, the instance analysed with its
	// type arguments ("Index[[]int,int]"): the one named, the first the
	// package uses, or, when it uses none, the canonical one leapfrog
	// chose. The emitted test calls it.
	Instance string `json:"instance,omitempty"`
	// Aborts are the functions of its closure leapfrog cannot run (their
	// lowering failed), with why: a run calling one is aborted with that
	// reason, and what only such runs reach stays unknown.
	Aborts []string `json:"aborts,omitempty"`
}

// Branch is one objective: a branch outcome, or a panic pseudo-branch.
type Branch struct {
	ID       string   `json:"id"`                 // stable id: "b<If.ID>.true", "b<If.ID>.false", "b<If.ID>.panic", "p<Panic.ID>", "e<function>"
	Func     string   `json:"func"`               // the IR function holding it (a callee, possibly)
	Pos      string   `json:"pos"`                // file.go:line:col of the condition
	Outcome  string   `json:"outcome"`            // "true", "false", the pseudo-branch kind ("index out of range", "panic"), or "entry"
	Verdict  Verdict  `json:"verdict"`            // covered, unreachable, unknown
	Case     string   `json:"case,omitempty"`     // covered: the name of the first kept case that covers it
	Reason   string   `json:"reason,omitempty"`   // unknown: why; unreachable: a one-line summary of the proof
	Conflict []string `json:"conflict,omitempty"` // unreachable: the branches that cannot hold together ("tcas.go:135:14 true")
	SMT2     string   `json:"smt2,omitempty"`     // unreachable: the unsatisfiable formula; unknown (timeout): the formula
	// Checked says who vouches for an unreachable verdict: "independent"
	// (re-proved by the independent encoding, package indep) or "engine"
	// (the engine's proof only; CheckReason says why the re-proof failed).
	// A verdict the independent encoding refuted says so in CheckReason.
	Checked     Check  `json:"checked,omitempty"`
	CheckReason string `json:"check_reason,omitempty"`
	// DecidedIn names the function whose own analysis decided the
	// objective, when it is not this one: its verdict (covered, by that
	// function's case; or unreachable, by a proof that holds in every
	// caller) is taken over and the objective was not searched again here,
	// unless this function's own cases cover it (then it is covered here,
	// with this function's case, and DecidedIn is empty).
	DecidedIn string `json:"decided_in,omitempty"`
	// HoldsInCallers marks an unreachable verdict that holds for every
	// call of the function containing the objective, whoever calls it
	// (the function depends on its arguments alone, and a caller can pass
	// no argument its analysis did not consider): callers take it over.
	HoldsInCallers bool `json:"holds_in_callers,omitempty"`
	// Tests are the package's own tests that cover the outcome (gen
	// completing them, leapfrog cover's measure): covered, with no case;
	// the outcome was not a target of the search.
	Tests []string `json:"tests,omitempty"`
}

// Check says who vouches for an unreachable verdict (Branch.Checked).
type Check string

const (
	CheckedIndependent Check = "independent"
	CheckedEngine      Check = "engine"
)

// UnmarshalText reads who vouches for a verdict, refusing any other word.
func (c *Check) UnmarshalText(b []byte) error {
	switch x := Check(b); x {
	case CheckedIndependent, CheckedEngine:
		*c = x
		return nil
	}
	return fmt.Errorf("bad check %q", b)
}

// Case is one generated test case.
type Case struct {
	Name      string   `json:"name"`
	Inputs    []Arg    `json:"inputs"`
	Outputs   []Arg    `json:"outputs"`         // results in order ("r0", ...), then the final value behind each pointer, slice or map parameter (named after it)
	Panic     string   `json:"panic,omitempty"` // the panic message when the case panics ("panic" when leapfrog does not render it)
	Covers    []string `json:"covers"`          // ids of the objectives it covers
	Discarded bool     `json:"discarded"`       // later cases cover everything it covers: not emitted
}

// Arg is a named value rendered as a Go literal.
type Arg struct {
	Name  string `json:"name"`
	Value string `json:"value"`
	Note  string `json:"note,omitempty"` // an output: why the emitted test does not check it (cyclic, or depends on map order); an environment variable ("$NAME"): "unset" when the case unsets it
}

// Stats are the cost figures, named like the papers' table columns.
type Stats struct {
	Cases           int `json:"cases"` // kept (emitted) cases
	Discarded       int `json:"discarded"`
	SolverCalls     int `json:"solver_calls"` // solver calls made to flip branches
	SatChecks       int `json:"sat_checks"`   // other satisfiability checks (proofs, back-substitution)
	EagerFlips      int `json:"eager_flips"`
	HopefulFlips    int `json:"hopeful_flips"`
	TargetQueries   int `json:"target_queries,omitempty"` // TreeFrog's queries towards an uncovered target (skeleton, suffix, feasible sequence): no flip
	Conflicts       int `json:"conflicts"`
	Paths           int `json:"paths"`            // executions of the function
	InfeasiblePaths int `json:"infeasible_paths"` // flips the solver proved infeasible
	DistinctPaths   int `json:"distinct_paths"`   // whole paths the executions took, each counted once (the reachability paper's "paths explored")
	// TreeFrog (conflict learning, feasible sequences, suffix enumeration,
	// over-approximate conflicts learnt and reused at the same state).
	Lemmas           int   `json:"lemmas"`
	FeasibleReused   int   `json:"feasible_sequences_reused"`             // back-substitutions spared (§6 first use) and remapped queries
	FeasibleRemapped int   `json:"feasible_sequences_remapped,omitempty"` // queries on a sequence mapped onto another prefix (§6 second use)
	Suffixes         int   `json:"suffixes_enumerated"`
	OverConflicts    int   `json:"over_approximate_conflicts"`
	OverReused       int   `json:"over_approximate_reused"`
	Blocked          int   `json:"blocked"`           // flips skipped because they violate a learned conflict clause (rgcb)
	ConflictClauses  int   `json:"conflict_clauses"`  // conflict clauses learned from unsat cores (rgcb)
	LargestBackjump  int   `json:"largest_backjump"`  // most decision levels jumped over at once (rgcb); 0: none
	TimeMs           int64 `json:"time_ms,omitempty"` // bench only: gen's report holds no timing
	// Path merging (pm): merged region instances, solver queries of every kind, their mean time.
	Merges     int     `json:"merges"`
	Queries    int     `json:"queries"`
	AvgQueryMs float64 `json:"avg_query_ms,omitempty"` // bench only
	// MinimiseChecks are the solver checks that made the kept cases'
	// inputs smaller once the search was over: readability, not search.
	MinimiseChecks int `json:"minimise_checks,omitempty"`
}
