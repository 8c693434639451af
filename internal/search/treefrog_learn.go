// TreeFrog's conflict learning: back-substitution, minimal cores, feasible sequences, lemmas, slicing.

package search

import (
	"fmt"

	"leapfrog/internal/expr"
	"leapfrog/internal/solver"
)

// feasibleSeq is a satisfiable fragment: the sides it consists of and their
// constraints, as met on some path.
type feasibleSeq struct {
	lits  []Lit
	terms []*expr.Term
	set   map[*expr.Term]bool // terms as a set
}

// maxFeasibleSeqs bounds the memorised feasible sequences.
const maxFeasibleSeqs = 4096

// addSeq memorises a feasible sequence and indexes it by its terms.
func (tf *treefrog) addSeq(lits []Lit, terms []*expr.Term) {
	if len(tf.seqs) >= maxFeasibleSeqs {
		return
	}
	fs := feasibleSeq{lits: append([]Lit(nil), lits...), terms: append([]*expr.Term(nil), terms...), set: termSet(terms)}
	for t := range fs.set {
		tf.seqsWith[t] = append(tf.seqsWith[t], len(tf.seqs))
	}
	tf.seqs = append(tf.seqs, fs)
}

// withinFeasible reports whether one memorised feasible sequence holds every
// term: a conjunction of some of a satisfiable conjunction's constraints is
// satisfiable, so it needs no check (§6: "when finding a new unsatisfiable
// core, we may analyse a path fragment which ends in a known feasible
// sequence; there is no need to re-perform back-substitution on this part").
func (tf *treefrog) withinFeasible(terms []*expr.Term) bool {
	if tf.noSeqReuse {
		return false
	}
	for _, k := range tf.seqsWith[terms[len(terms)-1]] {
		if contains(tf.seqs[k].set, terms) {
			return true
		}
	}
	return false
}

// satCheck decides a conjunction for learning purposes (counted apart from the
// solver calls that flip branches or ask for a test). It uses the session's
// checker (Session.Checker) incrementally: the conjuncts are assumptions, so what Z3 learns from
// one check serves the next ones (a freshly reset solver per check, on Z3's
// non-incremental bit-blasting path, cost several milliseconds per check on
// TCAS, against a fraction of one here). Answers are memoised.
func (tf *treefrog) satCheck(terms []*expr.Term) solver.Result {
	if len(terms) == 0 {
		return solver.Sat
	}
	k := fmt.Sprint(termIDs(terms))
	if tf.feasible[k] {
		return solver.Sat
	}
	if tf.infeasible[k] {
		return solver.Unsat
	}
	if tf.withinFeasible(terms) {
		tf.s.Stats.FeasibleReused++
		tf.feasible[k] = true
		return solver.Sat
	}
	tf.s.Stats.SatChecks++
	res := tf.s.Checker().Check(terms)
	switch res {
	case solver.Sat:
		tf.feasible[k] = true
	case solver.Unsat:
		tf.infeasible[k] = true
	}
	return res
}

// learn analyses an unsatisfiable sequence of constraints (in path order) into
// a conflict, as TreeFrog's §5.1 does:
//
//   - Back-substitution: from the last constraint c_n towards the first, the
//     fragments c_i..c_n are checked (i = n-1, n-2, ...); each satisfiable
//     one is memorised as a feasible sequence (§6); the first unsatisfiable
//     one is mis(p). A fragment within a memorised feasible sequence is
//     known satisfiable and not checked (satCheck, withinFeasible: §6's
//     first reuse, counted in Stats.FeasibleReused). Only the constraints connected to c_n through shared
//     variables take part (what back-substitution's weakest precondition
//     keeps: the others constrain variables c_n does not read).
//   - mis(p) is shrunk to minimal cores by deleting constraints one at a
//     time (minimalCores), without the solver's core: one or two conflicts,
//     the first returned. (The whole-function encoding's illustrative
//     conflicts are seeded with Z3's core of the last check.)
//
// The search passes the whole flipped prefix, not the core of the flip. It
// returns nil when the analysis cannot conclude (solver unknown, or the
// sequence is not unsatisfiable after all).
func (tf *treefrog) learn(terms []*expr.Term, lits []Lit) *Conflict {
	if len(terms) == 0 {
		return nil
	}
	terms, lits = independent(terms, lits, terms[len(terms)-1])
	n := len(terms)
	lo := -1
	for i := n - 1; i >= 0; i-- {
		switch tf.satCheck(terms[i:]) {
		case solver.Unsat:
			lo = i
		case solver.Sat:
			if i < n-1 {
				tf.addSeq(lits[i:], terms[i:])
			}
			continue
		default:
			return nil
		}
		break
	}
	if lo < 0 {
		return nil
	}
	coreT, coreL := terms[lo:], lits[lo:]
	if tf.s.whole != nil {
		// The whole-function encoding's illustrative conflict (wholeProof):
		// Z3's core of the last check seeds the deletion, when the part of
		// mis(p) it names is checked unsatisfiable (the check may have been
		// answered from memory).
		if core := tf.s.Checker().Core(); len(core) > 0 {
			if ct, cl := coreOf(coreT, coreL, core); len(ct) < len(coreT) && tf.satCheck(ct) == solver.Unsat {
				coreT, coreL = ct, cl
			}
		}
	}
	cores := tf.minimalCores(coreT, coreL)
	for _, c := range cores[1:] {
		if tf.s.Conflicts.Add(c) {
			tf.s.Stats.Conflicts++
			tf.propagate(c)
			tf.resolve(c)
		}
	}
	coreT, coreL = cores[0].Terms, cores[0].Lits
	c := &Conflict{Lits: coreL, Terms: coreT}
	if tf.s.Conflicts.Add(c) {
		tf.s.Stats.Conflicts++
		tf.propagate(c)
		tf.resolve(c)
	}
	return c
}

// resolve derives lemmas (§5.3) by resolution: a conflict holding a constraint
// t and one holding ¬t give the conflict of their other constraints, sound for
// any path since t ∨ ¬t always holds. Only lemmas no larger than their parents
// are kept.
func (tf *treefrog) resolve(c *Conflict) {
	for _, d := range tf.s.Conflicts.All() {
		if d == c {
			continue
		}
		for i, t := range c.Terms {
			nt := tf.s.B.Not(t)
			for j, u := range d.Terms {
				if u != nt {
					continue
				}
				var lt []*expr.Term
				var ll []Lit
				seen := map[*expr.Term]bool{}
				add := func(ts []*expr.Term, ls []Lit, skip int) {
					for k, x := range ts {
						if k != skip && !seen[x] {
							seen[x] = true
							lt, ll = append(lt, x), append(ll, ls[k])
						}
					}
				}
				add(c.Terms, c.Lits, i)
				add(d.Terms, d.Lits, j)
				if len(lt) == 0 || len(lt) > len(c.Terms) && len(lt) > len(d.Terms) {
					continue
				}
				if l := (&Conflict{Lits: ll, Terms: lt}); tf.s.Conflicts.Add(l) {
					tf.s.Stats.Lemmas++
					tf.propagate(l)
				}
			}
		}
	}
}

// maxSecondCore bounds the sequences whose second core is looked for: each
// pass costs a satisfiability check per constraint.
const maxSecondCore = 12

// minimalCores shrinks the unsatisfiable sequence mis(p) to minimal cores
// by deleting constraints one at a time and re-checking (§5.1): once from
// the first constraint on, once from the last (up to maxSecondCore
// constraints); the second core is returned too when it differs (one or more minimal infeasible subsequences, found
// without the solver's core).
func (tf *treefrog) minimalCores(terms []*expr.Term, lits []Lit) []*Conflict {
	shrink := func(order []int) *Conflict {
		keep := make([]bool, len(terms))
		for i := range keep {
			keep[i] = true
		}
		kept := len(terms)
		for _, j := range order {
			if kept == 1 {
				break
			}
			keep[j] = false
			var t []*expr.Term
			for i, k := range keep {
				if k {
					t = append(t, terms[i])
				}
			}
			if tf.satCheck(t) == solver.Unsat {
				kept--
				continue
			}
			keep[j] = true
		}
		c := &Conflict{}
		for i, k := range keep {
			if k {
				c.Terms, c.Lits = append(c.Terms, terms[i]), append(c.Lits, lits[i])
			}
		}
		return c
	}
	fwd, bwd := make([]int, len(terms)), make([]int, len(terms))
	for i := range terms {
		fwd[i], bwd[i] = i, len(terms)-1-i
	}
	first := shrink(fwd)
	if len(terms) < 3 || len(terms) > maxSecondCore || tf.s.whole != nil { // the whole-function encoding's illustrative conflicts need one
		return []*Conflict{first}
	}
	if second := shrink(bwd); conflictKey(second) != conflictKey(first) {
		return []*Conflict{first, second}
	}
	return []*Conflict{first}
}

// coreOf keeps the constraints (and their sides) that are in the solver's core,
// in order; with no core it keeps everything.
func coreOf(terms []*expr.Term, lits []Lit, core []*expr.Term) ([]*expr.Term, []Lit) {
	if len(core) == 0 {
		return terms, lits
	}
	in := termSet(core)
	var ct []*expr.Term
	var cl []Lit
	for i, t := range terms {
		if in[t] {
			ct, cl = append(ct, t), append(cl, lits[i])
			delete(in, t)
		}
	}
	return ct, cl
}

// independent returns the constraints of terms connected to t through shared
// variables (t included), in order: when the others are satisfiable, terms is
// satisfiable exactly when this slice is.
func independent(terms []*expr.Term, lits []Lit, t *expr.Term) ([]*expr.Term, []Lit) {
	return independentOf(terms, lits, []*expr.Term{t})
}

// independentOf is independent with several seeds: the constraints connected
// to any of them (the seeds among terms are kept).
func independentOf(terms []*expr.Term, lits []Lit, seeds []*expr.Term) ([]*expr.Term, []Lit) {
	vars := make([][]*expr.Term, len(terms))
	for i, x := range terms {
		vars[i] = expr.Vars(x)
	}
	reach := map[*expr.Term]bool{}
	for _, v := range expr.Vars(seeds...) {
		reach[v] = true
	}
	seed := termSet(seeds)
	in := make([]bool, len(terms))
	for changed := true; changed; {
		changed = false
		for i := range terms {
			if in[i] {
				continue
			}
			for _, v := range vars[i] {
				if reach[v] {
					in[i], changed = true, true
					for _, w := range vars[i] {
						reach[w] = true
					}
					break
				}
			}
		}
	}
	var st []*expr.Term
	var sl []Lit
	for i := range terms {
		if in[i] || seed[terms[i]] {
			st, sl = append(st, terms[i]), append(sl, lits[i])
		}
	}
	return st, sl
}
