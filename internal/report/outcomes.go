// Distinct source outcomes: each (position, outcome) of a package once, with one verdict over the functions that have it as an objective.

package report

import "fmt"

// View is one function's verdict on an outcome: the function and its
// objective.
type View struct {
	Fn *Function
	B  *Branch
}

// Outcome is one source outcome of a package: a side of a branch, a
// run-time check's failure, an explicit panic or a function's entry, at its
// position. A callee's outcome is an objective of every analysed function
// calling it; the outcome counts once, with one verdict (Decide).
type Outcome struct {
	Package string
	Pos     string // file.go:line:col, as the objectives give it
	Outcome string
	Verdict Verdict
	// Checked is, for an unreachable outcome, CheckedIndependent when every
	// proof the verdict rests on was re-proved independently.
	Checked Check
	Reason  string // unknown: the reason of the first function leaving it open
	Views   []View // every function's verdict on it, in the report's order
}

// Outcomes lists the distinct source outcomes of the report's functions,
// in the order the functions first list them (by package once the report
// is sorted). An objective without a position counts alone.
func (r *Report) Outcomes() []*Outcome {
	var out []*Outcome
	byKey := map[string]*Outcome{}
	for _, f := range r.Functions {
		for i := range f.Branches {
			b := &f.Branches[i]
			key := f.Package + "\x00" + b.Pos + "\x00" + b.Outcome
			if b.Pos == "-" || b.Pos == "" {
				key = f.Package + "\x00" + f.Function + "\x00" + b.ID
			}
			o := byKey[key]
			if o == nil {
				o = &Outcome{Package: f.Package, Pos: b.Pos, Outcome: b.Outcome}
				byKey[key] = o
				out = append(out, o)
			}
			o.Views = append(o.Views, View{f, b})
		}
	}
	for _, o := range out {
		o.Verdict, o.Checked, o.Reason = Decide(o.Views)
	}
	return out
}

// Decide gives an outcome its package-level verdict from the functions'
// verdicts on it:
//
//   - covered when some function's case covers it (a test runs it);
//   - unreachable when a proof that holds in every caller proves it
//     (HoldsInCallers: the function containing it depends on its arguments
//     alone, and no caller can pass an argument its analysis did not
//     consider, so no function reaches it), or when every function proved
//     it unreachable (each from its own inputs);
//   - unknown otherwise, with the first open view's reason: some function
//     may reach it with what it passes or the package state it sets.
//
// checked is CheckedIndependent when every proof counted was re-proved
// independently.
func Decide(views []View) (v Verdict, checked Check, reason string) {
	var held, proofs []*Branch
	for _, w := range views {
		switch w.B.Verdict {
		case Covered:
			return Covered, "", ""
		case Unreachable:
			proofs = append(proofs, w.B)
			if w.B.HoldsInCallers {
				held = append(held, w.B)
			}
		case Unknown:
			if reason == "" {
				reason = w.B.Reason
				if reason == "" {
					reason = "unknown"
				}
				reason = w.Fn.Function + ": " + reason
			}
		default:
			panic(fmt.Sprintf("report: %s %s: verdict %q", w.Fn.Function, w.B.ID, w.B.Verdict))
		}
	}
	switch {
	case len(held) > 0:
		proofs = held
	case reason != "" || len(proofs) == 0:
		return Unknown, "", reason
	}
	checked = CheckedIndependent
	for _, b := range proofs {
		if b.Checked != CheckedIndependent {
			checked = CheckedEngine
		}
	}
	return Unreachable, checked, ""
}

func (v *Verdicts) add(w Verdicts) {
	v.Objectives += w.Objectives
	v.Covered += w.Covered
	v.Unreachable += w.Unreachable
	v.Unknown += w.Unknown
}
