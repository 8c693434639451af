// Whole-function encoding: a loop-free function executed merged from its entry, its objectives settled by queries on their obligations.

package search

import (
	"fmt"
	"slices"
	"strings"

	"leapfrog/internal/engine"
	"leapfrog/internal/expr"
	"leapfrog/internal/report"
	"leapfrog/internal/solver"
)

// wholeMergeBound is the largest merged summary (term nodes) the whole-function
// encoding keeps. It is far above PM's bound: the obligations stay small when
// the conditions do not read merged values, and the values merged at a
// region's exit (a running sum, say) are counted too although no query reads
// them.
const wholeMergeBound = 1 << 18

// wholeState is the whole-function encoding of a session: for each
// objective, the condition over the inputs under which a run takes it (the
// disjunction of its obligations in the merged regions).
type wholeState struct {
	// ctx is the precondition's formula (nil: none), under which the
	// obligations hold; ctxLit its side.
	ctx    *expr.Term
	ctxLit Lit
	obl    map[*Objective]*expr.Term
	// folded holds, for each objective whose obligations the term builder
	// folded to false, the symbolic terms of each (engine.Obligation.Folded:
	// their conjunction is unsatisfiable); nil for an objective one of
	// whose obligations is false by a constant condition instead.
	folded  map[*Objective][][]*expr.Term
	refuted map[*Objective]*Proof
	why     map[*Objective]string // undecided: the reason
}

// wholeFunction tries the whole-function encoding (TreeFrog's choice for
// loop-free code, see the strategy's comment): a forced merged run from the
// entry (engine.RunForcedMerged with no forced step). It applies when that
// run records no step: every branch it executed lies inside a merged region
// (no loop, no run-time check or panic that can happen inside one, no
// summary above the bound), so that each objective's obligation holds
// exactly for the inputs whose run takes it, and an objective with no
// obligation is never taken. Then:
//
//   - while objectives are open, one solver call asks for the disjunction of
//     their obligations; its model is extended, objective by objective, by
//     satisfiability checks of "the obligations it satisfies so far and one
//     more" (greedy packing: one case covers as many as it can), and run;
//   - when the disjunction is unsatisfiable, each open obligation is
//     unsatisfiable: the objective is unreachable, with its obligation as
//     the proof.
//
// A precondition with an exact formula (engine.PreconditionFormula) is the
// context of every query: its step, forced true, is the run's only one, and
// each round asserts it first (TreeFrog's test context).
//
// It reports whether it applied.
func (tf *treefrog) wholeFunction() bool {
	s := tf.s
	var ctx *expr.Term
	var dirs []bool
	if s.Engine.Assume[s.Fn] != nil {
		t, _ := s.Engine.PreconditionFormula(s.Fn)
		if t == nil || t.IsConst() && t.Val == 0 {
			return false
		}
		if !t.IsConst() {
			ctx, dirs = t, []bool{true}
		}
	}
	mg := engine.NewMerger(wholeMergeBound)
	saved := s.Engine.MaxSteps
	s.Engine.MaxSteps = mergedMaxSteps
	p := s.Engine.RunForcedMerged(s.Fn, solver.Model{}, dirs, mg)
	s.Engine.MaxSteps = saved
	if p.Aborted != "" || p.Stopped || p.Conflict >= 0 || len(p.Steps) != len(dirs) || p.Outputs == nil && p.PanicAt == nil || len(p.Merged) == 0 {
		return false
	}
	w := &wholeState{ctx: ctx, obl: map[*Objective]*expr.Term{}, folded: map[*Objective][][]*expr.Term{}, refuted: map[*Objective]*Proof{}, why: map[*Objective]string{}}
	constant := map[*Objective]bool{} // an obligation false by a constant condition
	if ctx != nil {
		if st := p.Steps[0]; st.Domain != engine.Precondition || st.Cond != ctx {
			return false
		}
		w.ctxLit = Lit{p.Steps[0].If, true}
	}
	for _, r := range p.Merged {
		for _, ob := range r.Obligations {
			o := s.objOfSide[Lit{ob.If, ob.Dir}]
			if o == nil {
				continue
			}
			if t := w.obl[o]; t != nil {
				w.obl[o] = s.B.Or(t, ob.Term) // a callee merged at two calls
			} else {
				w.obl[o] = ob.Term
			}
			switch {
			case !ob.Term.IsConst() || ob.Term.Val != 0:
			case len(ob.Folded) > 0:
				w.folded[o] = append(w.folded[o], ob.Folded)
			default:
				constant[o] = true
			}
		}
	}
	for o := range constant {
		delete(w.folded, o)
	}
	s.whole = w
	s.First()
	tf.pack()
	return true
}

// pack runs the rounds of the whole-function encoding: one case per round,
// until every objective is covered or refuted.
func (tf *treefrog) pack() {
	s, w := tf.s, tf.s.whole
	for !s.Done() {
		var open []*Objective
		for _, o := range s.Objectives {
			if s.coveredBy[o.Index] != nil || w.refuted[o] != nil || w.why[o] != "" {
				continue
			}
			if t := w.obl[o]; t == nil || t.IsConst() && t.Val == 0 {
				w.refuted[o] = tf.wholeProof(o, false)
				continue
			}
			open = append(open, o)
		}
		if len(open) == 0 {
			return
		}
		model, chosen := tf.round(open)
		if len(chosen) == 0 {
			continue // every check refuted its objective or was undecided
		}
		var kept []*expr.Term
		if w.ctx != nil {
			kept = append(kept, w.ctx)
		}
		for _, o := range chosen {
			kept = append(kept, w.obl[o])
		}
		before := s.firsts
		p, _ := s.Execute(shrink(kept, model))
		if s.firsts == before && !p.TimedOut() {
			// The engine did not take what the model satisfies: claim nothing.
			for _, o := range chosen {
				w.why[o] = divergence("engine divergence: the run of a model of its obligation did not take it", w.obl[o])
			}
		}
	}
}

// maxRoundFailures bounds the objectives a round fails to add to its case
// (each failure is a satisfiability check that found the objective's
// obligation inconsistent with those kept): late rounds, with few objectives
// left that all want different inputs, would otherwise check every one of
// them for a case covering a handful.
const maxRoundFailures = 32

// round builds one case: in objective order, an obligation the model
// satisfies is kept; one it does not is checked together with those kept,
// and kept (with the new model) when satisfiable. The kept obligations are
// asserted in a scope of the round, so each check adds one assumption to
// what the solver already knows. The first check of a round, with nothing
// kept yet, is the round's solver call: it asks for a case covering that
// objective, or proves its obligation unsatisfiable, which refutes it. It
// returns the model and the objectives whose obligation it satisfies.
func (tf *treefrog) round(open []*Objective) (solver.Model, []*Objective) {
	s, w := tf.s, tf.s.whole
	slv := s.Solver
	slv.Push()
	defer slv.Pop()
	model := solver.Model{}
	// The empty model stands for the zero input; every model after a check
	// satisfies the precondition.
	// The precondition is an assumption of every check, so that the core
	// of a refutation says whether it needs it.
	inContext := true
	var ctx []*expr.Term
	if w.ctx != nil {
		ctx = []*expr.Term{w.ctx}
		inContext = expr.Eval(w.ctx, model) == 1
	}
	var chosen []*Objective
	fails := 0
	for _, o := range open {
		if s.Expired() {
			break
		}
		t := w.obl[o]
		if inContext && expr.Eval(t, model) == 1 {
			slv.Assert(t)
			chosen = append(chosen, o)
			continue
		}
		if fails >= maxRoundFailures {
			continue
		}
		if len(chosen) == 0 {
			s.Stats.SolverCalls++
			s.Stats.EagerFlips++ // it aims at an uncovered objective
		} else {
			s.Stats.SatChecks++
		}
		switch slv.Check(append(ctx, t)) {
		case solver.Sat:
			for k, v := range slv.Model() {
				model[k] = v
			}
			inContext = true
			slv.Assert(t)
			chosen = append(chosen, o)
		case solver.Unsat:
			if len(chosen) == 0 {
				w.refuted[o] = tf.wholeProof(o, w.ctx != nil && slices.Contains(slv.Core(), w.ctx))
				continue
			}
			fails++
		default:
			if len(chosen) == 0 {
				w.why[o] = "solver: " + slv.Reason()
				continue
			}
			fails++
		}
	}
	return model, chosen
}

// wholeProof is the refutation of o in the whole-function encoding: its
// obligation, unsatisfiable. The conflict shown with it comes from a case
// that reached o's branch: the sides of its path that cannot hold together
// with o's (a core, one satisfiability check and the learning's), when
// each of their constraints occurs in the formula (the proof uses it); o
// alone otherwise, or when no case reached it. An obligation the term
// builder folded to false gives the formula of the terms it folded
// (engine.Obligation.Folded); one a constant condition made false names
// the constant (Proof.engineFact). With the precondition (underCtx: the
// refutation needs it), the obligation and the precondition's formula,
// and its side first in the conflict.
func (tf *treefrog) wholeProof(o *Objective, underCtx bool) *Proof {
	s, w := tf.s, tf.s.whole
	t := w.obl[o]
	if t == nil {
		t = s.B.BoolConst(false)
	}
	p := &Proof{Terms: []*expr.Term{t}}
	if underCtx {
		p.Terms = []*expr.Term{w.ctx, t}
		p.Conflict = []Lit{w.ctxLit}
	}
	p.SMT2 = expr.SMT2(p.Terms)
	used := p.Terms // the terms the formula states
	if groups := w.folded[o]; t.IsConst() && len(groups) > 0 {
		// The builder folded each obligation to false from symbolic terms
		// that contradict each other: their conjunctions are the formula.
		if underCtx {
			withCtx := make([][]*expr.Term, len(groups))
			for i, g := range groups {
				withCtx[i] = append([]*expr.Term{w.ctx}, g...)
			}
			groups = withCtx
		}
		used = slices.Concat(groups...)
		p.SMT2 = fmt.Sprintf("; executed merged from its entry, the function reaches %s %s under an obligation\n; that the engine folded to false: each conjunction below is one of its obligations'\n; conditions, which contradict each other; their disjunction is unsatisfiable.\n", o.Pos(), o.Outcome) +
			expr.SMT2Disjunction(groups)
	} else if t.IsConst() {
		// The merged execution never takes o, or its term builder folded
		// the obligation: no formula over the inputs is left. The script
		// names what the engine computed (the independent re-proof
		// replaces it when it can encode the function).
		name := fmt.Sprintf("|the merged execution reaches %s %s|", o.Pos(), o.Outcome)
		base := "(set-logic QF_BV)\n"
		if underCtx { // the precondition's formula, then the obligation
			base = strings.TrimSuffix(expr.SMT2([]*expr.Term{w.ctx}), "(check-sat)\n")
		}
		p.SMT2 = fmt.Sprintf("; executed merged from its entry, the function reaches %s %s under an obligation\n; that is the constant false: the engine folded the conditions on the way, and\n; no formula over the inputs is left; the assertion asks the obligation to hold.\n",
			o.Pos(), o.Outcome) + base
		p.SMT2 += fmt.Sprintf("(define-fun %s () Bool false)\n(assert %s)\n(check-sat)\n", name, name)
		p.engineFact = fmt.Sprintf("the engine folds the obligation of %s %s to the constant false, from constants, the package state and the bounds of the inputs", o.Pos(), o.Outcome)
	}
	if o.If == nil {
		return p
	}
	p.Conflict = append(p.Conflict, Lit{o.If, o.Dir})
	var at *Node
	s.walk(s.Root, func(n *Node) {
		if at == nil && n.If == o.If && n.Cond != nil {
			at = n
		}
	})
	if at != nil {
		terms, lits := tf.sideTerms(at, o.Dir)
		if tf.satCheck(terms) == solver.Unsat {
			// The checker's core seeds the learning, when it names some of
			// these terms (the check may have been answered from memory).
			ct, cl := coreOf(terms, lits, s.Checker().Core())
			if len(ct) == 0 {
				ct, cl = terms, lits
			}
			if c := tf.learn(ct, cl); c != nil && occursIn(c.Terms, used) {
				p.Conflict = c.Lits
				if underCtx && !slices.Contains(c.Lits, w.ctxLit) {
					p.Conflict = append([]Lit{w.ctxLit}, c.Lits...)
				}
			}
		}
	}
	return p
}

// decideWhole gives an uncovered objective its verdict from the whole-function
// encoding, and reports whether it did.
func (s *Session) decideWhole(o *Objective, b *Branch) bool {
	if s.whole == nil {
		return false
	}
	if p := s.whole.refuted[o]; p != nil {
		b.Verdict, b.EngineFact = report.Unreachable, p.engineFact
		for _, l := range p.Conflict {
			b.Conflict = append(b.Conflict, l.String())
		}
		b.SMT2 = p.SMT2
		if s.whole.obl[o] == nil {
			b.Reason = "no input reaches it: executed merged from its entry (loop-free), the function never executes its branch"
		} else {
			b.Reason = "no input reaches it: executed merged from its entry (loop-free), the function takes it exactly when its obligation holds, and the obligation is unsatisfiable"
		}
		if len(b.Conflict) > 0 {
			b.Reason += "; conflict: " + strings.Join(b.Conflict, ", ")
		}
		if len(p.Terms) == 2 { // the precondition's formula and the obligation
			b.Reason = underPrecondition(true) + b.Reason
		}
		return true
	}
	if why := s.whole.why[o]; why != "" {
		b.Verdict, b.Reason = report.Unknown, why
		return true
	}
	return false
}

// occursIn reports whether every term of ts occurs in one of in (itself or
// a subterm).
func occursIn(ts, in []*expr.Term) bool {
	seen := map[*expr.Term]bool{}
	var walk func(t *expr.Term)
	walk = func(t *expr.Term) {
		if seen[t] {
			return
		}
		seen[t] = true
		for _, a := range t.Args {
			walk(a)
		}
	}
	for _, t := range in {
		walk(t)
	}
	for _, t := range ts {
		if !seen[t] {
			return false
		}
	}
	return true
}
