// The Solver interface, its Result and Model types: the narrow waist between the engine and any decision procedure.

package solver

import (
	"strconv"

	"leapfrog/internal/expr"
)

// Result is the answer of a satisfiability check. The zero value is Unknown, so an
// uninitialised result never claims more than it knows.
type Result int

const (
	Unknown Result = iota // the solver gave up (timeout, error, unsupported); see Reason
	Sat                   // satisfiable; see Model
	Unsat                 // unsatisfiable; see Core
)

// String returns "sat", "unsat" or "unknown", the SMT-LIB spelling.
func (r Result) String() string {
	switch r {
	case Sat:
		return "sat"
	case Unsat:
		return "unsat"
	case Unknown:
		return "unknown"
	default:
		return "Result(" + strconv.Itoa(int(r)) + ")"
	}
}

// Model maps each variable name to its value: the bits of a bit-vector (masked to its
// width), 0 or 1 for a bool.
type Model map[string]uint64

// Clone returns a copy of m that the caller may modify.
func (m Model) Clone() Model {
	if m == nil {
		return nil
	}
	c := make(Model, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}

// Solver decides conjunctions of boolean terms incrementally.
//
// A Solver is not safe for concurrent use: it must be used by one goroutine at a time
// (one per worker). All terms given to one Solver must come from one expr.Builder,
// because term IDs identify terms (caches are keyed by them).
//
// Model, Core and Reason describe the last Check and are valid only until the next
// Push, Pop, Assert or Check.
type Solver interface {
	// Push opens a new assertion scope.
	Push()
	// Pop discards the innermost scope with every assertion made in it. Popping the
	// base scope panics.
	Pop()
	// Assert adds a bool term at the current scope.
	Assert(t *expr.Term)
	// Check decides the current assertions plus the assumptions (bool terms of any
	// shape). The assumptions hold for this check only.
	Check(assumptions []*expr.Term) Result
	// Model, after Sat, gives a value for every variable occurring in the assertions
	// and the assumptions.
	Model() Model
	// Core, after Unsat, gives a subset of the assumptions (the same pointers) that is
	// unsatisfiable together with the assertions. It is empty when the assertions
	// alone are unsatisfiable.
	Core() []*expr.Term
	// Reason, after Unknown, says why ("timeout", an error message, Z3's reason).
	Reason() string
	// Close releases the solver's resources; the solver must not be used afterwards.
	Close()
}
