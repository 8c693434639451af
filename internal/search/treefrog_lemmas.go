// TreeFrog's lemmas (§5.3): conflicts propagated to the branches their sides dominate, and objectives a conflict proves unreachable.

package search

import (
	"strings"

	"leapfrog/internal/cfg"
	"leapfrog/internal/engine"
	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
	"leapfrog/internal/report"
)

// The paper's conflicts are sets of branches; ours are sets of constraint
// terms (conflicts.go), so its three rules take this form here:
//
//   - "b_k, b_j and b_j', b_i give b_k, b_i when every path from b_k passes
//     b_j or b_j'": resolution on a term and its negation (resolve), which
//     needs no condition on paths since t ∨ ¬t always holds.
//   - "a conflict ending in b propagates to every branch b dominates": a
//     conflict one of whose sides (b, d) has an invariant constraint
//     (invariantIf: the same term on every path) refutes every objective u
//     that (b, d) dominates from any prefix holding the conflict's other
//     terms: a run reaching u passes (b, d) and adds its term
//     (lemmaRefutes, used before enumerating suffixes).
//   - "a one-branch conflict proves u unreachable": a conflict all of whose
//     sides are invariant and dominate u refutes u outright, whatever the
//     prefix (propagate; the verdict's proof is the conflict, unsat alone).
//
// Every lemma counts in Stats.Lemmas.

// invariantIf reports whether the condition of b has the same constraint
// term on every path: b is a source branch of the function under test whose
// condition is computed from its integer and boolean parameters and
// constants by operators and integer conversions only (no phi, load or
// call), so the engine builds the same hash-consed term wherever it
// executes b.
func (tf *treefrog) invariantIf(b *ir.If) bool {
	if v, ok := tf.invariant[b]; ok {
		return v
	}
	v := b.Kind == ir.SourceBranch && !engine.IsPseudo(b) && b.Block().Func == tf.s.Fn && ofParams(b.Cond, map[ir.Value]bool{})
	tf.invariant[b] = v
	return v
}

// ofParams reports whether v is computed from scalar parameters and
// constants by operators and integer conversions alone.
func ofParams(v ir.Value, seen map[ir.Value]bool) bool {
	if seen[v] {
		return true
	}
	seen[v] = true
	if t := v.Type(); t == nil || t.Kind != ir.KInt && t.Kind != ir.KBool {
		return false
	}
	switch x := v.(type) {
	case *ir.Const, *ir.Param:
		return true
	case *ir.BinOp:
		return ofParams(x.X, seen) && ofParams(x.Y, seen)
	case *ir.UnOp:
		return ofParams(x.X, seen)
	case *ir.Convert:
		return !x.Bits && ofParams(x.X, seen)
	}
	return false // anything else may differ from path to path
}

// sideDominates reports whether every run that takes objective u has taken
// side dir of b before (or is that side): the block side dir leads to is
// entered only from b and dominates u's branch.
func sideDominates(b *ir.If, dir bool, u *Objective) bool {
	if u.If == nil {
		return false
	}
	if u.If == b {
		return u.Dir == dir
	}
	succ := b.Block().Succs[ix(!dir)] // Succs: [then, else]
	return len(succ.Preds) == 1 && succ.Preds[0] == b.Block() && cfg.Dominates(succ, u.If.Block())
}

// propagate applies the unreachability rule to a new conflict of the search:
// when every side of c is invariant, each uncovered objective that all of
// them dominate is unreachable, with c as the proof; c is kept for
// propagation to dominated branches (lemmaRefutes).
func (tf *treefrog) propagate(c *Conflict) {
	s := tf.s
	if s.whole != nil {
		return // the whole-function encoding decides; its conflicts only illustrate
	}
	for _, l := range c.Lits {
		if l.If == nil || !tf.invariantIf(l.If) {
			tf.partial = append(tf.partial, c)
			return
		}
	}
	for _, u := range s.Objectives {
		if s.coveredBy[u.Index] != nil || s.lemmaRefuted[u] != nil {
			continue
		}
		all := true
		for _, l := range c.Lits {
			if !sideDominates(l.If, l.Dir, u) {
				all = false
				break
			}
		}
		if all {
			s.lemmaRefuted[u] = conflictProof(c)
			s.Stats.Lemmas++
		}
	}
	tf.partial = append(tf.partial, c)
}

// lemmaRefutes returns a conflict that refutes u from a prefix holding the
// terms of in (the prefix and the side it is about to take), by
// propagation to dominated branches: one of its sides is invariant and
// dominates u, and its other terms are in the prefix. nil: none.
func (tf *treefrog) lemmaRefutes(in map[*expr.Term]bool, u *Objective) *Conflict {
	for _, c := range tf.partial {
		for i, l := range c.Lits {
			if l.If == nil || !tf.invariantIf(l.If) || !sideDominates(l.If, l.Dir, u) {
				continue
			}
			rest := true
			for j, t := range c.Terms {
				if j != i && !in[t] {
					rest = false
					break
				}
			}
			if rest {
				return c
			}
		}
	}
	return nil
}

// decideLemma makes an uncovered objective that a lemma refutes outright
// unreachable, and reports whether it did.
func (s *Session) decideLemma(o *Objective, b *Branch) bool {
	p := s.lemmaRefuted[o]
	if p == nil || s.needsBound(p) != "" {
		return false
	}
	b.Verdict = report.Unreachable
	for _, l := range p.Conflict {
		b.Conflict = append(b.Conflict, l.String())
	}
	b.SMT2 = p.SMT2
	b.Reason = "no input reaches it: every run reaching it takes " + strings.Join(b.Conflict, ", ") +
		" (each condition the same on every path), which cannot hold together"
	return true
}
