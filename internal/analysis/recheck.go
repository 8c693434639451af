// Re-proof of every unreachable verdict by the independent encoding (package indep).

package analysis

import (
	"fmt"
	"strings"
	"time"

	"leapfrog/internal/cfg"
	"leapfrog/internal/engine"
	"leapfrog/internal/expr"
	"leapfrog/internal/indep"
	"leapfrog/internal/invariant"
	"leapfrog/internal/ir"
	"leapfrog/internal/report"
	"leapfrog/internal/search"
)

// recheck hands every unreachable verdict of r not checked yet to the
// independent encoding (one cvc5 process for the function, each query
// bounded by the solver timeout, all of them by the function's budget
// again):
//
//   - re-proved: Checked "independent", the whole-function formula (or the
//     control-flow graph's) its smt2;
//   - undecided, or re-proved by a formula folded to false: the engine's
//     formula does not stand alone (its disjunction of conflicts holds
//     only with the search's knowledge that every path passes one of
//     them; a constant states nothing), so an invariant certificate is
//     sought (package invariant): proved, Checked "independent" with the
//     certificate; otherwise the verdict is withdrawn (unknown, "no proof
//     over the inputs: ...", the re-check's reason and the prover's);
//   - reached by the encoding's witness: the witness is replayed by the
//     engine; when the replay reaches the objective, the engine was wrong:
//     the run becomes a case of the session, the verdict covered, and a loud
//     line says so (the second result); when it does not, the two encodings disagree and
//     the verdict is unknown.
//
// It returns the result to use: r itself, or, when cases were added, a
// result rebuilt from the session whose covered verdicts and cases are the
// new ones and whose other verdicts are r's (the added run's unexplored
// sides must not turn them into timeouts).
func (a *analysis) recheck(r *search.Result) (*search.Result, []string) {
	s, eng := a.s, a.eng
	var objs []indep.Objective
	var at []int
	for i, b := range r.Branches {
		if b.Verdict != report.Unreachable || b.DecidedIn != "" || b.Checked == report.CheckedIndependent {
			// A verdict taken over was re-proved where it was decided; one
			// an invariant certificate settled (settle, before the bound was
			// raised) was checked by cvc5 already, for every length, which
			// the unrolling here could not match.
			continue
		}
		o := s.Objectives[i]
		if o.ID != b.ID {
			panic("analysis: result branches out of objective order")
		}
		objs = append(objs, indep.Objective{If: o.If, Dir: o.Dir, Panic: o.Panic})
		at = append(at, i)
	}
	if len(objs) == 0 {
		return r, nil
	}
	opts := indep.Options{Timeout: a.cfg.SolverTimeout, Assume: s.Engine.Assume[s.Fn]}
	if a.budget > 0 {
		// As much time as the search had: the queries not made by then
		// leave their verdicts checked by the engine (BudgetSpent).
		opts.Deadline = time.Now().Add(a.budget)
	}
	rs := indep.Check(s.Fn, objs, opts)
	// The verdicts the independent encoding leaves without a formula
	// that stands alone (k: index into objs), and why.
	type pending struct {
		k   int
		why string
	}
	var open []pending
	var loud []string
	wrong := map[int]string{} // branch index -> the witness, rendered
	for k, res := range rs {
		b := &r.Branches[at[k]]
		switch res.Status {
		case indep.Unreachable:
			// The proof is the independent encoding's whole-function
			// formula, unsat by itself; the engine's conflict (Conflict)
			// stays as the short explanation of its search. A formula its
			// encoding folded to a literal (assert false) states nothing:
			// the engine's stays when it states a refutation over the
			// inputs.
			if foldedScript(res.Script) {
				// No formula to show: the engine's proof (a constant, or
				// conflicts whose exhaustiveness the search alone knows)
				// does not stand alone either.
				open = append(open, pending{k, "the independent encoding's formula folds to false as well"})
				continue
			}
			b.SMT2 = res.Script
			b.Checked, b.EngineFact = report.CheckedIndependent, ""
		case indep.Undecided:
			// The named reason first (indep.Reason: what the report's
			// tallies group by), then its detail.
			open = append(open, pending{k, "the independent encoding cannot re-prove it: " + res.Why.String() + ": " + res.Reason})
		case indep.Reachable:
			inputs := formatInputs(s.Fn, res.Witness)
			if reaches(eng.Run(s.Fn, res.Witness), s.Objectives[at[k]]) {
				s.Execute(res.Witness)
				wrong[at[k]] = inputs
				loud = append(loud, fmt.Sprintf("ENGINE WAS WRONG: %s %s claimed unreachable, reached by %s", b.Pos, b.Outcome, inputs))
				continue
			}
			*b = search.Branch{ID: b.ID, Func: b.Func, Pos: b.Pos, Outcome: b.Outcome, Verdict: report.Unknown,
				Reason: fmt.Sprintf("the two encodings disagree: the engine proved it unreachable, the independent encoding reaches it with %s, and the engine's run of that input does not", inputs),
				SMT2:   res.Script}
		}
	}
	if len(open) > 0 {
		// The engine's proof of these is a disjunction of the conflicts
		// of the sides its search refuted (or a lemma's conflict, or a
		// constant): unsat, but that every path towards the objective
		// passes one of those sides is the search's knowledge, stated by
		// no formula. An invariant certificate states it; without one the
		// verdict is withdrawn.
		ios := make([]invariant.Objective, len(open))
		for i, p := range open {
			ios[i] = invariant.Objective{If: objs[p.k].If, Dir: objs[p.k].Dir, Panic: objs[p.k].Panic}
		}
		iopts := invariant.DefaultOptions
		iopts.Check, iopts.Deadline = a.cfg.SolverTimeout, opts.Deadline
		for i, res := range invariant.NewProver(a.t.Func, a.t.PhiNames).ProveAll(ios, iopts) {
			b := &r.Branches[at[open[i].k]]
			if !res.Proved && cfgProved(s, b, s.Objectives[at[open[i].k]]) {
				continue
			}
			if !res.Proved {
				withdraw(b, open[i].why+"; no invariant certificate either ("+res.Why+")")
				continue
			}
			b.SMT2, b.Checked, b.CheckReason, b.EngineFact = res.SMT2, report.CheckedIndependent, "", ""
		}
	}
	if len(wrong) == 0 {
		return r, nil
	}
	r2 := s.Result(r.Function, r.Package, r.Strategy)
	for i := range r.Branches {
		if r2.Branches[i].Verdict != report.Covered {
			continue
		}
		b := r2.Branches[i]
		if in, ok := wrong[i]; ok {
			b.Checked = report.CheckedIndependent
			b.CheckReason = "ENGINE WAS WRONG: it claimed this unreachable; the independent encoding reaches it with " + in
		}
		r.Branches[i] = b
	}
	r.Tests, r.Stats = r2.Tests, r2.Stats
	return r, loud
}

// cfgProved gives b the control-flow graph's proof when no control-flow
// path reaches o (what the independent encoding proves too when it can
// encode the function), and reports whether it did.
func cfgProved(s *search.Session, b *search.Branch, o *search.Objective) bool {
	var at *ir.Block
	switch {
	case o.If != nil:
		at = o.If.Block()
	case o.Panic != nil:
		at = o.Panic.Block()
	default:
		return false
	}
	proof, ok := cfg.NoPath(s.Fn, at, o.String())
	if ok {
		b.SMT2, b.Checked, b.CheckReason, b.EngineFact = proof, report.CheckedIndependent, "", ""
	}
	return ok
}

// reaches reports whether the run took the objective.
func reaches(p *engine.Path, o *search.Objective) bool {
	if p.Aborted != "" {
		return false
	}
	if o.If == nil {
		return p.PanicAt == o.Panic
	}
	for _, st := range p.Steps {
		if st.If == o.If && st.Taken == o.Dir {
			return true
		}
	}
	return false
}

// formatInputs renders a witness as "x=-3 b=true a[0]=7", in parameter order.
func formatInputs(fn *ir.Function, w map[string]uint64) string {
	var parts []string
	for _, p := range fn.Params {
		ir.ParamPath(p.Ident).Walk(p.Typ, func(p ir.InputPath, t *ir.Type) bool {
			switch t.Kind {
			case ir.KBool:
				parts = append(parts, fmt.Sprintf("%s=%v", p, w[p.String()] == 1))
			case ir.KInt:
				if t.Signed {
					parts = append(parts, fmt.Sprintf("%s=%d", p, expr.Signed(w[p.String()], t.Width)))
				} else {
					parts = append(parts, fmt.Sprintf("%s=%d", p, w[p.String()]))
				}
			case ir.KPointer:
				if w[p.NilVar()] == 1 {
					parts = append(parts, fmt.Sprintf("%s=nil", p))
					return false
				}
			case ir.KString:
				b := make([]byte, min(w[p.LenVar()], 64))
				for k := range b {
					b[k] = byte(w[p.Elem(k).String()])
				}
				parts = append(parts, fmt.Sprintf("%s=%q", p, b))
			case ir.KSlice:
				if w[p.NilVar()] == 1 {
					parts = append(parts, fmt.Sprintf("%s=nil", p))
				} else {
					parts = append(parts, fmt.Sprintf("%s=len %d", p, w[p.LenVar()]))
				}
			}
			return true
		})
	}
	if len(parts) == 0 {
		return "any input"
	}
	return strings.Join(parts, " ")
}

// foldedScript reports whether an SMT-LIB2 script asserts the literal
// false: a formula its encoder folded, which states no constraint.
func foldedScript(script string) bool {
	return strings.Contains(script, "(assert false)")
}

// withdraw makes an unreachable verdict unknown when neither the re-proof
// nor an invariant certificate gives it a formula that stands alone: its
// engine proof states no formula over the inputs (Branch.EngineFact), or
// one whose exhaustiveness only the search knows. No verdict without a
// formula anyone can check.
func withdraw(b *search.Branch, why string) {
	reason := "no proof over the inputs: the engine's formula refutes the sides its search found towards it, and no formula states that every path passes one of them"
	if b.EngineFact != "" {
		reason = fmt.Sprintf("no proof over the inputs: %s, which no formula states", b.EngineFact)
	}
	*b = search.Branch{ID: b.ID, Func: b.Func, Pos: b.Pos, Outcome: b.Outcome, Verdict: report.Unknown,
		Reason: reason + "; " + why}
}
