// The conflict shown with an unreachable verdict: one of the disjuncts of its proof, the most telling.

package search

import (
	"fmt"
	"slices"
	"strings"

	"leapfrog/internal/expr"
)

// proofConflict is one disjunct of an unreachable verdict's proof: the
// constraint terms of a conflict (unsatisfiable together) and the readings
// its proofs recorded, each the branch sides that carried its terms
// (reading[i] carried terms[i]). Terms are hash-consed: the same conflict
// may be met on several paths, carried by other sides.
type proofConflict struct {
	terms    []*expr.Term
	readings [][]Lit
}

// proofConflicts gathers the distinct disjuncts of a proof in the order
// they are added.
type proofConflicts struct {
	s    *Session
	list []proofConflict
	at   map[string]int // a conflict's index in list, by its terms
	// carriers are the sides known to carry each term: those of the
	// database's conflicts holding it, then the tree's sides whose
	// constraint it is (read for conflicts whose proof did not record its
	// sides: the cores of a subtree's refutation, terms the merger folded).
	carriers map[*expr.Term][]Lit
}

func (s *Session) newProofConflicts() *proofConflicts {
	return &proofConflicts{s: s, at: map[string]int{}}
}

// add records the conflict of terms, with its reading lits (lits[i]
// carried terms[i]) when lits is as long as terms.
func (pc *proofConflicts) add(terms []*expr.Term, lits []Lit) {
	k := fmt.Sprint(termIDs(terms))
	i, ok := pc.at[k]
	if !ok {
		i = len(pc.list)
		pc.at[k] = i
		pc.list = append(pc.list, proofConflict{terms: terms})
	}
	if len(lits) != len(terms) {
		return
	}
	c := &pc.list[i]
	reading := make([]Lit, len(c.terms))
	used := make([]bool, len(terms))
	for j, t := range c.terms {
		for m, u := range terms {
			if u == t && !used[m] {
				reading[j], used[m] = lits[m], true
				break
			}
		}
	}
	for _, r := range c.readings {
		if slices.Equal(r, reading) {
			return
		}
	}
	c.readings = append(c.readings, reading)
}

// carrying returns the sides known to carry t.
func (pc *proofConflicts) carrying(t *expr.Term) []Lit {
	if pc.carriers == nil {
		s := pc.s
		pc.carriers = map[*expr.Term][]Lit{}
		note := func(u *expr.Term, l Lit) {
			if !slices.Contains(pc.carriers[u], l) {
				pc.carriers[u] = append(pc.carriers[u], l)
			}
		}
		if s.Conflicts != nil {
			for _, c := range s.Conflicts.All() {
				for i, u := range c.Terms {
					if i < len(c.Lits) {
						note(u, c.Lits[i])
					}
				}
			}
		}
		// The tree's sides: a true side carries its condition; the sides
		// of a proof carry its terms. No term is built here (the builder's
		// numbering, which later queries see, stays as the search left it).
		s.walk(s.Root, func(n *Node) {
			if n.Cond != nil {
				note(n.Cond, Lit{n.If, true})
			}
			for _, p := range n.Proof {
				if p != nil && len(p.Conflict) == len(p.Terms) {
					for i, u := range p.Terms {
						note(u, p.Conflict[i])
					}
				}
			}
		})
	}
	return pc.carriers[t]
}

// sideRank orders sides for o: o's own side, the other side of o's branch,
// any other, none known (a zero Lit).
func sideRank(l Lit, o *Objective) int {
	switch {
	case l.If == nil:
		return 3
	case o.If != nil && l.If == o.If && l.Dir == o.Dir:
		return 0
	case o.If != nil && l.If == o.If:
		return 1
	}
	return 2
}

// readingRank ranks a reading for o: the best rank of its sides, or 3
// when one is not known.
func readingRank(r []Lit, o *Objective) int {
	best := 2
	for _, l := range r {
		k := sideRank(l, o)
		if k == 3 {
			return 3
		}
		best = min(best, k)
	}
	return best
}

// reading reads conflict c for o: the best ranked of its recorded readings
// and of the one its terms' carriers give (o's own side for the term it
// carries, a side off o's branch for the others when one is known), the
// recorded ones first on a tie.
func (pc *proofConflicts) reading(c proofConflict, o *Objective) []Lit {
	carried := make([]Lit, len(c.terms))
	for j, t := range c.terms {
		cands := pc.carrying(t)
		for _, l := range cands {
			if sideRank(l, o) == 0 {
				carried[j] = l
				break
			}
		}
		if carried[j].If != nil {
			continue
		}
		for _, l := range cands {
			if sideRank(l, o) == 2 {
				carried[j] = l
				break
			}
		}
		if carried[j].If == nil && len(cands) > 0 {
			carried[j] = cands[0]
		}
	}
	best := carried
	for i := len(c.readings) - 1; i >= 0; i-- {
		if r := c.readings[i]; readingRank(r, o) <= readingRank(best, o) {
			best = r
		}
	}
	return best
}

func (pc *proofConflicts) terms() [][]*expr.Term {
	ts := make([][]*expr.Term, len(pc.list))
	for i, c := range pc.list {
		ts[i] = c.terms
	}
	return ts
}

// shown picks the conflict shown with o's verdict among the proof's
// disjuncts, each read for o (reading), and returns its index into list:
// the first, in order, of
//
//  1. those holding o's own side (it says why o's condition cannot take
//     o's direction there);
//  2. those holding the other side of o's branch;
//  3. the others;
//  4. those with a term no side is known to carry;
//
// the fewest sides first within each, then the earliest.
func (pc *proofConflicts) shown(o *Objective) int {
	best, bestRank := -1, 0
	for i, c := range pc.list {
		r := readingRank(pc.reading(c, o), o)
		if best < 0 || r < bestRank || r == bestRank && len(c.terms) < len(pc.list[best].terms) {
			best, bestRank = i, r
		}
	}
	return best
}

// litsString renders a conflict's sides, "file.go:line:col true, ...";
// a side not known reads "(a constraint of no recorded branch)".
func litsString(lits []Lit) string {
	parts := make([]string, len(lits))
	for i, l := range lits {
		parts[i] = litString(l)
	}
	return strings.Join(parts, ", ")
}

func litString(l Lit) string {
	if l.If == nil {
		return "(a constraint of no recorded branch)"
	}
	return l.String()
}

// combinedProof renders, as one SMT-LIB2 script, the disjunction of every
// distinct conflict refuting a side that leads towards o: it is
// unsatisfiable, so no input satisfies any of them. Together with the
// exhaustive tree (every path towards o passes one of those sides, or a
// condition that is constant on it) this proves o unreachable. The header
// lists the disjuncts' sides in order and marks the one shown with the
// verdict (index shown).
func (s *Session) combinedProof(o *Objective, pc *proofConflicts, shown int) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "; %s %s is unreachable: each of the %d distinct conflicts below refutes a side that\n; leads towards it; their disjunction is unsatisfiable. Their sides, in order:\n", o.Pos(), o.Outcome, len(pc.list))
	for i, c := range pc.list {
		mark := ""
		if i == shown {
			mark = "   <- the conflict shown"
		}
		fmt.Fprintf(&sb, ";   %d. %s%s\n", i+1, litsString(pc.reading(c, o)), mark)
	}
	return sb.String() + expr.SMT2Disjunction(pc.terms())
}
