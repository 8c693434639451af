// Re-proof of every unreachable verdict by the independent encoding (package indep).

package cli

import (
	"fmt"
	"io"
	"strings"

	"leapfrog/internal/engine"
	"leapfrog/internal/expr"
	"leapfrog/internal/indep"
	"leapfrog/internal/ir"
	"leapfrog/internal/report"
	"leapfrog/internal/search"
)

// recheck hands every unreachable verdict of r to the independent encoding
// (one cvc5 process for the function):
//
//   - re-proved: Checked "independent";
//   - undecided: Checked "engine", CheckReason says why;
//   - reached by the encoding's witness: the witness is replayed by the
//     engine; when the replay reaches the objective, the engine was wrong:
//     the run becomes a case of the session, the verdict covered, and a loud
//     line goes to stderr; when it does not, the two encodings disagree and
//     the verdict is unknown.
//
// It returns the report to use: r itself, or, when cases were added, a report
// rebuilt from the session whose covered verdicts and cases are the new ones
// and whose other verdicts are r's (the added run's unexplored sides must
// not turn them into timeouts).
func recheck(s *search.Session, eng *engine.Engine, r *report.Function, opts options, stderr io.Writer) *report.Function {
	var objs []indep.Objective
	var at []int
	for i, b := range r.Branches {
		if b.Verdict != report.Unreachable {
			continue
		}
		o := s.Objectives[i]
		if o.ID != b.ID {
			panic("cli: report branches out of objective order")
		}
		objs = append(objs, indep.Objective{If: o.If, Dir: o.Dir, Panic: o.Panic})
		at = append(at, i)
	}
	if len(objs) == 0 {
		return r
	}
	rs := indep.Check(s.Fn, objs, indep.Options{Timeout: opts.solverTimeout, Assume: eng.Assume[s.Fn]})
	wrong := map[int]string{} // branch index -> the witness, rendered
	for k, res := range rs {
		b := &r.Branches[at[k]]
		switch res.Status {
		case indep.Unreachable:
			b.Checked = report.CheckedIndependent
			if b.Folded {
				// The engine's argument is a constant condition: the
				// independent formula is the one that shows it.
				b.SMT2 = "; the engine found a condition constant on the paths reaching it; the\n; independent encoding of the whole function proves it:\n" + res.Script
			}
		case indep.Undecided:
			b.Checked, b.CheckReason = report.CheckedEngine, res.Reason
		case indep.Reachable:
			inputs := formatInputs(s.Fn, res.Witness)
			if reaches(eng.Run(s.Fn, res.Witness), s.Objectives[at[k]]) {
				s.Execute(res.Witness)
				wrong[at[k]] = inputs
				fmt.Fprintf(stderr, "leapfrog: ENGINE WAS WRONG: %s %s claimed unreachable, reached by %s\n", b.Pos, b.Outcome, inputs)
				continue
			}
			*b = report.Branch{ID: b.ID, Func: b.Func, Pos: b.Pos, Outcome: b.Outcome, Verdict: report.Unknown,
				Reason: fmt.Sprintf("the two encodings disagree: the engine proved it unreachable, the independent encoding reaches it with %s, and the engine's run of that input does not", inputs),
				SMT2:   res.Script}
		}
	}
	if len(wrong) == 0 {
		return r
	}
	r2 := s.Report(r.Function, r.Package, r.Strategy)
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
	r.Cases, r.Stats = r2.Cases, r2.Stats
	return r
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
	var walk func(name string, t *ir.Type)
	walk = func(name string, t *ir.Type) {
		switch t.Kind {
		case ir.KBool:
			parts = append(parts, fmt.Sprintf("%s=%v", name, w[name] == 1))
		case ir.KInt:
			if t.Signed {
				parts = append(parts, fmt.Sprintf("%s=%d", name, expr.Signed(w[name], t.Width)))
			} else {
				parts = append(parts, fmt.Sprintf("%s=%d", name, w[name]))
			}
		case ir.KArray:
			for i := 0; i < t.Len; i++ {
				walk(fmt.Sprintf("%s[%d]", name, i), t.Elem)
			}
		case ir.KStruct:
			for _, f := range t.Fields {
				walk(name+"."+f.Name, f.Type)
			}
		case ir.KPointer:
			if w[name+indep.NilFlag] == 1 {
				parts = append(parts, name+"=nil")
				return
			}
			walk(name, t.Elem)
		}
	}
	for _, p := range fn.Params {
		walk(p.Ident, p.Typ)
	}
	if len(parts) == 0 {
		return "any input"
	}
	return strings.Join(parts, " ")
}
