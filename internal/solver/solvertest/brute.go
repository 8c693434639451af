// Brute: a Solver that decides small formulas by enumerating every assignment.

package solvertest

import (
	"fmt"
	"slices"

	"leapfrog/internal/expr"
	"leapfrog/internal/solver"
)

// MaxBits is the largest total bit count (bools count one bit) Brute enumerates.
const MaxBits = 24

// Brute is a solver.Solver for tests: it enumerates every assignment of the
// variables of the assertions and assumptions when they have at most MaxBits bits
// in all, and answers Unknown otherwise. Its Core is every assumption: valid,
// though not minimal. It shares no code with the Z3 backend except expr's operator
// semantics, which makes it a second opinion on unsat answers.
type Brute struct {
	scopes  [][]*expr.Term
	last    solver.Result
	valid   bool
	model   solver.Model
	core    []*expr.Term
	reason  string
	Checked uint64 // assignments evaluated by the last Check
}

var _ solver.Solver = (*Brute)(nil)

// NewBrute returns an empty brute-force solver.
func NewBrute() *Brute { return &Brute{scopes: make([][]*expr.Term, 1)} }

// Push opens a scope.
func (b *Brute) Push() {
	b.valid = false
	b.scopes = append(b.scopes, nil)
}

// Pop discards the innermost scope.
func (b *Brute) Pop() {
	if len(b.scopes) == 1 {
		panic("solvertest: Pop without Push")
	}
	b.valid = false
	b.scopes = b.scopes[:len(b.scopes)-1]
}

// Assert adds t at the current scope.
func (b *Brute) Assert(t *expr.Term) {
	b.valid = false
	b.scopes[len(b.scopes)-1] = append(b.scopes[len(b.scopes)-1], t)
}

// Check enumerates the assignments until one satisfies the assertions and the
// assumptions.
func (b *Brute) Check(assumptions []*expr.Term) solver.Result {
	b.valid = true
	b.model, b.core, b.reason, b.Checked = nil, nil, "", 0
	var all []*expr.Term
	for _, sc := range b.scopes {
		all = append(all, sc...)
	}
	all = append(all, assumptions...)
	for _, t := range all {
		if !t.IsBool() {
			return b.unknown(fmt.Sprintf("term of width %d is not bool", t.Width))
		}
	}
	vars := expr.Vars(all...)
	bits := 0
	for i, v := range vars {
		if i > 0 && vars[i-1].Name == v.Name && vars[i-1].Width != v.Width {
			return b.unknown(fmt.Sprintf("variable %q has widths %d and %d", v.Name, vars[i-1].Width, v.Width))
		}
		bits += max(v.Width, 1)
		if v.Width > 64 || bits > MaxBits {
			return b.unknown(fmt.Sprintf("too many bits to enumerate (more than %d)", MaxBits))
		}
	}
	prog := compile(all, vars)
	vals := make([]uint64, len(prog.nodes))
	for n := uint64(0); n < 1<<uint(bits); n++ {
		b.Checked++
		rest := n
		for i, v := range vars {
			w := max(v.Width, 1)
			vals[prog.varSlot[i]] = rest & expr.Mask(w)
			rest >>= uint(w)
		}
		if prog.run(vals) {
			m := make(solver.Model, len(vars))
			for i, v := range vars {
				m[v.Name] = vals[prog.varSlot[i]]
			}
			// The fast evaluator found it; the reference evaluator must agree.
			for _, t := range all {
				if expr.Eval(t, m) != 1 {
					panic(fmt.Sprintf("solvertest: evaluators disagree on %v under %v", t, m))
				}
			}
			b.last, b.model = solver.Sat, m
			return solver.Sat
		}
	}
	b.last = solver.Unsat
	b.core = []*expr.Term{}
	for _, t := range assumptions {
		if !slices.Contains(b.core, t) {
			b.core = append(b.core, t)
		}
	}
	return solver.Unsat
}

func (b *Brute) unknown(reason string) solver.Result {
	b.last, b.reason = solver.Unknown, "solvertest: "+reason
	return solver.Unknown
}

// Model returns the satisfying assignment found by the last Check.
func (b *Brute) Model() solver.Model {
	if !b.valid || b.last != solver.Sat {
		return nil
	}
	return b.model.Clone()
}

// Core returns every assumption of the last Check (deduplicated).
func (b *Brute) Core() []*expr.Term {
	if !b.valid || b.last != solver.Unsat {
		return nil
	}
	return slices.Clone(b.core)
}

// Reason says why the last Check answered Unknown.
func (b *Brute) Reason() string {
	if !b.valid || b.last != solver.Unknown {
		return ""
	}
	return b.reason
}

// Close does nothing.
func (b *Brute) Close() {}
