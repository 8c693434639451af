// The validating decorator: re-checks every Sat model by evaluation and every Unsat core with a fresh solver.

package solver

import (
	"fmt"
	"strings"

	"leapfrog/internal/expr"
)

// ValidationError describes an answer of a solver that failed validation.
type ValidationError struct {
	Result  Result // the answer being validated
	Problem string // what is wrong
	SMT2    string // the query: assertions in scope and assumptions (for Unsat: the core)
}

func (e *ValidationError) Error() string {
	return fmt.Sprintf("solver: invalid %s answer: %s", e.Result, e.Problem)
}

// Validating returns s checking its own answers and reporting each wrong one to
// report (which tests typically wire to t.Error):
//
//   - after Sat, every variable of the assertions and assumptions must have a value
//     in the model, and every assertion and assumption must evaluate to true on it
//     (expr.Eval);
//   - after Unsat, the core must be a subset of the assumptions (the same pointers),
//     and, when fresh is not nil, a solver made by fresh (and closed afterwards) must
//     find the assertions in scope plus the core Unsat as well. An Unknown from that
//     second opinion is not reported.
//
// Answers are passed through unchanged.
func Validating(s Solver, fresh func() Solver, report func(error)) Solver {
	return &validating{inner: s, fresh: fresh, report: report, scopes: make([][]*expr.Term, 1)}
}

type validating struct {
	inner  Solver
	fresh  func() Solver
	report func(error)
	scopes [][]*expr.Term
}

func (v *validating) Push() {
	v.inner.Push()
	v.scopes = append(v.scopes, nil)
}

func (v *validating) Pop() {
	if len(v.scopes) == 1 {
		panic("solver: Pop without Push")
	}
	v.inner.Pop()
	v.scopes = v.scopes[:len(v.scopes)-1]
}

func (v *validating) Assert(t *expr.Term) {
	v.inner.Assert(t)
	v.scopes[len(v.scopes)-1] = append(v.scopes[len(v.scopes)-1], t)
}

func (v *validating) assertions() []*expr.Term {
	var all []*expr.Term
	for _, sc := range v.scopes {
		all = append(all, sc...)
	}
	return all
}

func (v *validating) fail(r Result, formula []*expr.Term, format string, args ...any) {
	v.report(&ValidationError{Result: r, Problem: fmt.Sprintf(format, args...), SMT2: expr.SMT2(formula)})
}

func (v *validating) Check(assumptions []*expr.Term) Result {
	r := v.inner.Check(assumptions)
	switch r {
	case Sat:
		v.checkModel(assumptions)
	case Unsat:
		v.checkCore(assumptions)
	}
	return r
}

func (v *validating) checkModel(assumptions []*expr.Term) {
	all := append(v.assertions(), assumptions...)
	m := v.inner.Model()
	var missing []string
	for _, x := range expr.Vars(all...) {
		if _, ok := m[x.Name]; !ok {
			missing = append(missing, x.Name)
		}
	}
	if len(missing) > 0 {
		v.fail(Sat, all, "model has no value for %s", strings.Join(missing, ", "))
	}
	for i, t := range all {
		if expr.Eval(t, m) != 1 && !computedNaN(t, m, map[*expr.Term]bool{}) {
			what := "assertion"
			if i >= len(all)-len(assumptions) {
				what = "assumption"
			}
			v.fail(Sat, all, "%s %v is false in model %v", what, t, m)
			return
		}
	}
}

func (v *validating) checkCore(assumptions []*expr.Term) {
	core := v.inner.Core()
	given := make(map[*expr.Term]bool, len(assumptions))
	for _, t := range assumptions {
		given[t] = true
	}
	for _, t := range core {
		if !given[t] {
			v.fail(Unsat, append(v.assertions(), assumptions...), "core member %v is not an assumption", t)
			return
		}
	}
	if v.fresh == nil {
		return
	}
	f := v.fresh()
	defer f.Close()
	as := v.assertions()
	for _, t := range as {
		f.Assert(t)
	}
	if f.Check(core) == Sat {
		v.fail(Unsat, append(as, core...), "the assertions and the core %v are satisfiable: %v", core, f.Model())
	}
}

func (v *validating) Model() Model       { return v.inner.Model() }
func (v *validating) Core() []*expr.Term { return v.inner.Core() }
func (v *validating) Reason() string     { return v.inner.Reason() }
func (v *validating) Close()             { v.inner.Close() }

// computedNaN reports whether t holds a floating-point operation whose
// result is a NaN in m. The encoding lets the bits of such a result be any
// NaN pattern (SMT-LIB has one NaN; expr/smt2_float.go), while Eval computes
// the pattern amd64 gives: a model may then satisfy the formula and not
// Eval, and is no wrong answer (its run is the judge of what it reaches).
func computedNaN(t *expr.Term, m map[string]uint64, seen map[*expr.Term]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	if expr.ProducesFloat(t.Op) && expr.IsNaNBits(expr.Eval(t, m), t.Width) {
		return true
	}
	for _, a := range t.Args {
		if computedNaN(a, m, seen) {
			return true
		}
	}
	return false
}
