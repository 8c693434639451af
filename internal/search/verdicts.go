// Verdicts: turning the explored tree into covered / unreachable / unknown, with proofs.

package search

import (
	"fmt"
	"sort"
	"strings"

	"leapfrog/internal/cfg"
	"leapfrog/internal/engine"
	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
	"leapfrog/internal/report"
)

// Result builds the function's result: a verdict for every objective, the
// cases (kept ones first), and the statistics.
//
// strategy is the name of the strategy run; when that strategy chose
// another by the function's shape (Auto, Whole), the result names the one
// that decided the verdicts.
func (s *Session) Result(name, pkg, strategy string) *Result {
	if s.decidedBy != "" {
		strategy = s.decidedBy
	}
	r := &Result{Function: name, Package: pkg, Strategy: strategy}
	kept := s.keep()
	var order []*Case
	for _, c := range s.Cases {
		if kept[c] {
			order = append(order, c)
		}
	}
	names := map[*Case]string{}
	cn := newCaseNamer(s.SourceDir)
	for _, c := range order {
		names[c] = cn.name(c)
	}
	for _, c := range s.Cases {
		if !kept[c] {
			order = append(order, c)
			names[c] = fmt.Sprintf("discarded %d", c.Index+1)
		}
	}
	var sides []sideRef
	s.walk(s.Root, func(n *Node) {
		for _, d := range []bool{false, true} {
			sides = append(sides, sideRef{n, d})
		}
	})
	for _, o := range s.Objectives {
		b := Branch{ID: o.ID, Func: o.Func.Name, Pos: o.Pos(), Outcome: o.Outcome}
		if s.Theirs(o) {
			// Covered by the package's own tests (a real run): never
			// claimed otherwise. A proof the search reached anyway that it
			// is unreachable is an engine bug, said loudly.
			b, _ = s.takenOver(o)
			if len(s.Cases) > 0 && s.firstKept(o, order, kept) == nil {
				var d Branch
				s.decide(o, sides, &d)
				if d.Verdict == report.Unreachable {
					r.Warnings = append(r.Warnings, fmt.Sprintf("ENGINE WAS WRONG: %s %s proved unreachable (%s), but %s covers it", b.Pos, b.Outcome, d.Reason, strings.Join(b.Tests, ", ")))
				}
			}
		} else if c := s.firstKept(o, order, kept); c != nil {
			b.Verdict, b.Case = report.Covered, names[c]
			if g := s.given[o]; g != nil && g.Branch.Verdict == report.Unreachable && g.Branch.DecidedIn == "" { // settled (Settle); given ones: analysis.takeOver
				r.Warnings = append(r.Warnings, fmt.Sprintf("ENGINE WAS WRONG: %s %s proved unreachable (%s), but %s covers it", b.Pos, b.Outcome, g.Branch.Reason, names[c]))
			}
		} else if g, ok := s.takenOver(o); ok {
			b = g
		} else {
			s.decide(o, sides, &b)
		}
		r.Branches = append(r.Branches, b)
	}
	// After the verdicts, which its time cannot then cut short: the cases
	// take the same steps on their minimised inputs.
	s.minimiseCases(kept)
	for _, c := range order {
		p := c.Path
		t := Test{Name: names[c], Discarded: !kept[c], In: p.InputValues(), Env: p.Env, Seams: p.Seams(), Out: p.Outputs, Panicked: p.Panicked(), Panic: p.Panic, PanicType: p.PanicType}
		for _, o := range c.Covers {
			t.Covers = append(t.Covers, o.ID)
		}
		r.Tests = append(r.Tests, t)
		if kept[c] {
			r.Stats.Cases++
		} else {
			r.Stats.Discarded++
		}
	}
	st := s.Stats
	st.Cases, st.Discarded = r.Stats.Cases+r.Stats.Discarded, r.Stats.Discarded
	st.TimeMs = s.Elapsed().Milliseconds()
	st.MinimiseChecks = int(s.minimiseChecks.Load())
	st.DistinctPaths = s.distinctPaths()
	r.Stats = st
	return r
}

// distinctPaths counts the whole paths the runs took: the leaves of the
// execution tree, a side some run took (Feasible is set by runs alone) with
// no node after it. Runs that repeat a path count once; a run with no branch
// is the one path of a function without any.
func (s *Session) distinctPaths() int {
	if s.Root == nil {
		return min(s.Stats.Paths, 1)
	}
	n := 0
	s.walk(s.Root, func(nd *Node) {
		for d := range 2 {
			if nd.State[d] == Feasible && nd.Child[d] == nil {
				n++
			}
		}
	})
	return n
}

// keep decides which cases are emitted: those that covered something first.
func (s *Session) keep() map[*Case]bool {
	// TreeFrog §9: a case is discarded when later kept cases cover everything
	// it covers. Walking from the last case back, keep a case only if it
	// covers something no kept later case does. Only cases that covered
	// something first are candidates, so every objective keeps a case.
	kept := map[*Case]bool{}
	have := map[*Objective]bool{}
	theirs := false
	for o := range s.given {
		if s.Theirs(o) { // the package's own tests cover it: no case for it
			have[o], theirs = true, true
		}
	}
	for i := len(s.Cases) - 1; i >= 0; i-- {
		c := s.Cases[i]
		if len(c.New) == 0 {
			continue
		}
		for _, o := range c.Covers {
			if !have[o] {
				kept[c] = true
				break
			}
		}
		if kept[c] {
			for _, o := range c.Covers {
				have[o] = true
			}
		}
	}
	// A function whose kept cases all panic keeps its first returning case
	// too (see normalRun): its behaviour on normal input is pinned as well;
	// one the package's own tests cover entirely keeps none (theirs run it).
	if theirs && len(kept) == 0 {
		return kept
	}
	var first *Case
	for _, c := range s.Cases {
		if kept[c] && !c.Path.Panicked() {
			return kept
		}
		if first == nil && !c.Path.Panicked() {
			first = c
		}
	}
	if first != nil {
		kept[first] = true
	}
	return kept
}

func (s *Session) firstKept(o *Objective, order []*Case, kept map[*Case]bool) *Case {
	for _, c := range order {
		if !kept[c] {
			continue
		}
		for _, x := range c.Covers {
			if x == o {
				return c
			}
		}
	}
	return nil
}

type sideRef struct {
	n   *Node
	dir bool
}

func (s *Session) walk(n *Node, f func(*Node)) {
	if n == nil {
		return
	}
	f(n)
	s.walk(n.Child[0], f)
	s.walk(n.Child[1], f)
}

// decide gives an uncovered objective its verdict. It is unreachable when no
// unfinished side of the tree (unexplored, bounded, undecided, cut) may lead to
// it: every feasible path is then in the tree, and none covers it. The proof is
// the shortest conflict among the infeasible sides that lead towards it.
func (s *Session) decide(o *Objective, sides []sideRef, b *Branch) {
	if o.Entry {
		// No run completed: the entry is never unreachable.
		b.Verdict, b.Reason = report.Unknown, s.noRunReason()
		return
	}
	if why := s.aborted[Lit{o.If, o.Dir}]; o.If != nil && why != "" {
		// Taken by a run that could not finish: reachable, but no case.
		b.Verdict, b.Reason = report.Unknown, "reached only by runs that were aborted: "+why
		return
	}
	if why := s.unfixed[Lit{o.If, o.Dir}]; o.If != nil && why != "" {
		// Taken only where a test could not follow the run.
		b.Verdict, b.Reason = report.Unknown, why
		return
	}
	if s.decideWhole(o, b) || s.decideLemma(o, b) || s.decideMerged(o, sides, b) {
		return
	}
	if s.rootCut != "" {
		b.Verdict, b.Reason = report.Unknown, s.rootCut
		return
	}
	// The justification: a proof about the objective's own side first, an
	// infeasible side before a constant condition, then the shortest conflict.
	var best *sideRef
	rank := func(sr sideRef) int {
		r := 0
		if !(sr.n.If == o.If && sr.dir == o.Dir) {
			r += 2
		}
		if sr.n.State[ix(sr.dir)] == Impossible {
			r++
		}
		return r
	}
	size := func(sr sideRef) int {
		if p := sr.n.Proof[ix(sr.dir)]; p != nil {
			return len(p.Conflict)
		}
		return 0
	}
	proofs, impossible := 0, 0
	cores := s.newProofConflicts() // the distinct conflicts of the refuted sides
	underPre := false              // a refutation needs the precondition
	for _, sr := range sides {
		st := sr.n.State[ix(sr.dir)]
		if st == Feasible || st == Excluded || !s.reach.sideReaches(sr.n.If, sr.dir, o) {
			continue
		}
		if p := sr.n.Refuted[ix(sr.dir)][o]; p != nil && st != Infeasible && st != Impossible {
			if why := s.needsBound(p); why != "" {
				b.Verdict, b.Reason, b.Bound = report.Unknown, why, s.boundOf(p)
				return
			}
			// Every suffix through this side towards o was refuted (TreeFrog).
			proofs++
			underPre = underPre || s.needsPrecondition(p.Conflict)
			for _, c := range p.Cores {
				cores.add(c, nil)
			}
			if best == nil || rank(sr) < rank(*best) {
				x := sr
				best = &x
			}
			continue
		}
		switch st {
		case Infeasible:
			proofs++
			p := sr.n.Proof[ix(sr.dir)]
			if why := s.needsBound(p); why != "" {
				b.Verdict, b.Reason, b.Bound = report.Unknown, why, s.boundOf(p)
				return
			}
			underPre = underPre || s.needsPrecondition(p.Conflict)
			cores.add(p.Terms, p.Conflict)
		case Impossible:
			impossible++
		default:
			b.Verdict = report.Unknown
			b.Reason = unfinishedReason(st, sr.n.Reason[ix(sr.dir)])
			if p := sr.n.Proof[ix(sr.dir)]; st == Undecided && p != nil {
				b.SMT2 = p.SMT2
			}
			return
		}
		if best == nil || rank(sr) < rank(*best) || rank(sr) == rank(*best) && size(sr) < size(*best) {
			x := sr
			best = &x
		}
	}
	if s.Root == nil {
		s.decideSinglePath(o, b)
		return
	}
	if best == nil {
		// Reachable in the control-flow graph, yet no unfinished or refuted side
		// leads there: impossible for a complete tree, unless the CFG has no path.
		// The search's reachability follows blocks; NoPath follows the
		// calls in them too (the code after a call of a callee that
		// always panics or never returns is reached by no run).
		proof, ok := cfg.NoPath(s.Fn, o.block(), o.String())
		if !ok {
			b.Verdict, b.Reason = report.Unknown, "internal: no proof found"
			return
		}
		// The proof is the control-flow graph's, and the objective its
		// own conflict: no side of the tree leads there.
		b.Verdict, b.Reason = report.Unreachable, "no control-flow path from the function's entry (the code after a call is reached only when the callee returns)"
		b.Conflict, b.SMT2 = []string{o.String()}, proof
		return
	}
	b.Verdict = report.Unreachable
	towards := fmt.Sprintf("%d infeasible prefixes and %d constant conditions lead towards it", proofs, impossible)
	p := best.n.Proof[ix(best.dir)]
	if r := best.n.Refuted[ix(best.dir)][o]; r != nil && best.n.State[ix(best.dir)] != Infeasible {
		p = r
	}
	if len(cores.list) > 0 && p != nil && len(p.Conflict) > 0 {
		// The conflict shown is one of the proof's disjuncts (shown.go).
		i := cores.shown(o)
		for _, l := range cores.reading(cores.list[i], o) {
			b.Conflict = append(b.Conflict, litString(l))
		}
		b.SMT2 = s.combinedProof(o, cores, i)
		b.Reason = fmt.Sprintf("%sno feasible path reaches it (%s); conflict: %s", underPrecondition(underPre), towards, strings.Join(b.Conflict, ", "))
		// Sides refuted by constant conditions are part of the argument too.
		b.Folded = impossible > 0
		return
	}
	prefix, _ := best.n.Prefix(s.B)
	constantVerdict(b, prefix, best.n.If, best.dir)
	b.Reason = fmt.Sprintf("no feasible path reaches it (%s); the condition at %s is constant %v on the paths reaching it", towards, best.n.If.Pos, !best.dir)
	switch {
	case engine.IsPrecondition(best.n.If):
		b.Conflict = []string{Lit{best.n.If, best.dir}.String()}
		b.Reason = fmt.Sprintf("%sno feasible path reaches it (%s); the precondition (%s) is the constant false on the paths reaching it: it returns false or panics on every input there", underPrecondition(true), towards, best.n.If.Pos)
	case s.inPrecondition(best.n):
		b.Reason = underPrecondition(true) + b.Reason
	}
}

// constantVerdict makes b unreachable by a constant condition: on every path
// satisfying prefix, the condition of at is the constant !dir, so its side
// dir, which the paths towards b's objective take, is never taken. The
// formula: the prefix, and the side asking the condition to be the other
// constant. The caller sets the reason.
func constantVerdict(b *Branch, prefix []*expr.Term, at *ir.If, dir bool) {
	b.Verdict, b.Folded = report.Unreachable, true
	b.EngineFact = fmt.Sprintf("the engine holds the condition at %s the constant %v on the paths reaching it, from constants, the package state and the bounds of the inputs", at.Pos, !dir)
	b.Conflict = []string{fmt.Sprintf("%s %v", at.Pos, dir)}
	b.SMT2 = fmt.Sprintf("; on every path reaching %s its condition is the constant %v: it is computed\n; from constants and package state, never from the inputs. The paths reaching it\n; are those satisfying the prefix below; the side asks the constant to be %v.\n",
		at.Pos, !dir, dir) + strings.TrimSuffix(expr.SMT2(prefix), "(check-sat)\n") +
		fmt.Sprintf("(define-fun |condition at %s| () Bool %v)\n(assert (= |condition at %s| %v))\n(check-sat)\n", at.Pos, !dir, at.Pos, dir)
}

// decideSinglePath decides an objective when no run recorded a branch
// outside merged regions (pm's objectives inside them are decided by
// decideMerged): every input follows the path of the first run, and o is
// unreachable when that run, which completed, missed it. The formula states
// what the run showed: the only path does not reach o.
func (s *Session) decideSinglePath(o *Objective, b *Branch) {
	if len(s.Cases) == 0 {
		b.Verdict, b.Reason = report.Unknown, s.noRunReason()
		return
	}
	p := s.Cases[0].Path
	end := "returns"
	if p.PanicAt != nil {
		end = fmt.Sprintf("%s panic", p.PanicAt.Pos)
	}
	b.Verdict, b.Folded = report.Unreachable, true
	b.EngineFact = fmt.Sprintf("the engine finds no branch depending on the inputs: every input takes the single path, which ends: %s", end)
	b.Conflict = []string{end}
	b.Reason = "the function has a single path (no branch on it depends on anything), which does not reach it: it returns"
	if p.PanicAt != nil {
		b.Reason = fmt.Sprintf("the function has a single path (no branch on it depends on anything), which does not reach it: it panics at %s", p.PanicAt.Pos)
	}
	if proof, ok := cfg.NoPath(s.Fn, o.block(), o.String()); ok {
		// No control-flow path leads there (the single path stops at a
		// callee that always panics): a formula that states it.
		b.Folded, b.EngineFact, b.SMT2 = false, "", proof
		return
	}
	name := fmt.Sprintf("|the single path reaches %s %s|", o.Pos(), o.Outcome)
	b.SMT2 = fmt.Sprintf("; every input takes the function's single path: no branch on it depends on\n; anything (the branches of merged regions, if any, hold no obligation of\n; %s %s). It ends: %s, without reaching it; the assertion asks it to.\n(set-logic QF_BV)\n(define-fun %s () Bool false)\n(assert %s)\n(check-sat)\n",
		o.Pos(), o.Outcome, end, name, name)
}

func termIDs(ts []*expr.Term) []int {
	ids := make([]int, len(ts))
	for i, t := range ts {
		ids[i] = t.ID
	}
	sort.Ints(ids)
	return ids
}

// block is the block whose terminator the objective is (a side of its
// If, or its Panic); the entry's, the function's first block.
func (o *Objective) block() *ir.Block {
	switch {
	case o.If != nil:
		return o.If.Block()
	case o.Panic != nil:
		return o.Panic.Block()
	}
	return o.Func.Blocks[0]
}

// boundOf is the kind of the first bound of the input domain a
// refutation's conflict holds (ir.NotPseudo: none).
func (s *Session) boundOf(p *Proof) ir.PseudoKind {
	if p != nil {
		for _, l := range p.Conflict {
			if s.bounds[l.If] {
				return l.If.Pseudo
			}
		}
	}
	return ir.NotPseudo
}

// needsBound returns why a refutation proves nothing when its conflict
// holds an input size bound (the other inputs were never considered), or "".
func (s *Session) needsBound(p *Proof) string {
	switch k := s.boundOf(p); k {
	case ir.NotPseudo:
		return ""
	case ir.TypesBound:
		return "interface inputs bounded to the dynamic types a test can construct"
	case ir.ZeroBound:
		return "inputs a test cannot write (opaque types of sync, sync/atomic, unique; channels, nil; another package's unexported fields) bounded to their zero value"
	case ir.AliasBound:
		return "pointer inputs bounded to fresh objects (a caller may pass a package-level variable's, or a sentinel error)"
	case ir.SizeBound:
		return fmt.Sprintf("input length bounded at %d", s.Engine.MaxLen)
	case ir.CallsBound:
		return engine.CallsBoundReason(s.Engine.MaxLen)
	default:
		panic(fmt.Sprintf("search: a bound of no kind (%d)", k))
	}
}

// needsPrecondition reports whether a conflict holds the precondition: its
// step, or, when it runs branch by branch, a branch of a function only the
// precondition calls (a branch of a helper the function calls too may be
// the function's: such a conflict is not called so).
func (s *Session) needsPrecondition(conflict []Lit) bool {
	for _, l := range conflict {
		if engine.IsPrecondition(l.If) || !engine.IsPseudo(l.If) && s.preOnly[l.If.Block().Func] {
			return true
		}
	}
	return false
}

// inPrecondition reports whether n is a branch instance of the
// precondition run branch by branch: one before the Precondition step.
func (s *Session) inPrecondition(n *Node) bool {
	if len(s.preOnly) == 0 || engine.IsPseudo(n.If) {
		return false
	}
	for a := n.Parent; a != nil; a = a.Parent {
		if engine.IsPrecondition(a.If) {
			return false
		}
	}
	return true
}

// underPrecondition starts the reason of an unreachable verdict whose proof
// needs the precondition: an input violating it might reach the objective.
func underPrecondition(needed bool) string {
	if needed {
		return "under the precondition, "
	}
	return ""
}

// noRunReason says why no run of the function completed.
func (s *Session) noRunReason() string {
	switch {
	case s.rootCut != "":
		return s.rootCut
	case s.Expired():
		return "timeout: no run completed within the budget"
	case s.preconditionRefuted():
		return "no input satisfies the precondition: the runs violated it, and the rest of its domain is refuted"
	case len(s.aborted) > 0:
		// Why the runs stopped (the least reason, for determinism).
		why := ""
		for _, r := range s.aborted {
			if why == "" || r < why {
				why = r
			}
		}
		return "no run completed: " + why
	}
	return "no run completed: every run stopped before the function returned"
}

// preconditionRefuted reports whether the tree holds the precondition's
// step, every side of it is decided (or refuted towards every objective
// TreeFrog aimed at) and no run completed: no input satisfies the
// precondition.
func (s *Session) preconditionRefuted() bool {
	pre, open := false, false
	s.walk(s.Root, func(n *Node) {
		pre = pre || engine.IsPrecondition(n.If)
		for i, st := range n.State {
			refuted := st == Unexplored && len(n.Refuted[i]) > 0 // TreeFrog's exhausted suffix enumeration
			open = open || st != Feasible && st != Infeasible && st != Impossible && st != Excluded && !refuted
		}
	})
	return pre && !open && len(s.Cases) == 0
}

func unfinishedReason(st Side, why string) string {
	switch st {
	case Unexplored:
		return "timeout: the search stopped before exploring every path towards it"
	case Bounded, Undecided, Cut:
		return why
	}
	return "unfinished"
}
