// Re-proof of every unreachable verdict by the independent encoding (package indep).

package analysis

import (
	"fmt"
	"strings"
	"time"

	"leapfrog/internal/engine"
	"leapfrog/internal/expr"
	"leapfrog/internal/indep"
	"leapfrog/internal/ir"
	"leapfrog/internal/report"
	"leapfrog/internal/search"
)

// recheck hands every unreachable verdict of r not checked yet to the
// independent encoding (one cvc5 process for the function, each query
// bounded by the solver timeout, all of them by the function's budget
// again):
//
//   - re-proved: Checked "independent";
//   - undecided: Checked "engine", CheckReason says why (the named
//     reason, a colon, its detail);
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
			switch {
			case !foldedScript(res.Script):
				b.SMT2 = res.Script
			case b.EngineFact != "":
				withdraw(b, "the independent encoding's formula folds to false as well")
				continue
			}
			b.Checked, b.EngineFact = report.CheckedIndependent, ""
		case indep.Undecided:
			// The named reason first (indep.Reason: what the report's
			// tallies group by), then its detail.
			why := res.Why.String() + ": " + res.Reason
			if b.EngineFact != "" {
				withdraw(b, "the independent encoding cannot re-prove it: "+why)
				continue
			}
			b.Checked, b.CheckReason = report.CheckedEngine, why
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

// withdraw makes an unreachable verdict whose engine proof states no
// formula over the inputs (Branch.EngineFact) unknown, when the re-proof
// gives no formula either: no verdict without a formula anyone can check.
func withdraw(b *search.Branch, why string) {
	*b = search.Branch{ID: b.ID, Func: b.Func, Pos: b.Pos, Outcome: b.Outcome, Verdict: report.Unknown,
		Reason: fmt.Sprintf("no proof over the inputs: %s, which no formula states, and %s", b.EngineFact, why)}
}
