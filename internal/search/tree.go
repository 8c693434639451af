// The execution tree: one node per branch instance, shared prefixes merged.

package search

import (
	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
	"leapfrog/internal/solver"
)

// Side is the state of one direction of a tree node.
type Side uint8

const (
	Unexplored Side = iota // nobody went there or tried to
	Feasible               // a run took it
	Infeasible             // the solver proved prefix ∧ side unsatisfiable (Proof says why)
	Impossible             // the condition is constant on this prefix: the other side is never taken
	Bounded                // beyond the loop bound: not flipped (Reason names the loop)
	Undecided              // the solver answered unknown, or a run diverged (Reason says)
	Cut                    // a run reached here and could not go on (Reason says)
	Excluded               // no input goes there: the other side of a fact of the input domain or of the precondition
)

// Node is a branch instance, identified by the directions taken before it.
type Node struct {
	If     *ir.If
	Cond   *expr.Term // the condition (true side); nil when concrete
	Parent *Node
	PDir   bool // the side of Parent this node follows
	Depth  int  // number of ancestors
	Child  [2]*Node
	State  [2]Side
	Proof  [2]*Proof
	Reason [2]string
	// Refuted records, per side, objectives that no path through that side can
	// reach (TreeFrog's exhausted suffix enumeration), with the conflicts that
	// refute every suffix. The side itself may still be unexplored.
	Refuted [2]map[*Objective]*Proof
	// Input is the input of the first run through this node: it satisfies the
	// node's prefix.
	Input solver.Model
	// Num is the engine's state number at this branch instance
	// (engine.States; 0: not numbered): nodes with equal numbers have the
	// same continuations.
	Num int
}

func ix(dir bool) int {
	if dir {
		return 1
	}
	return 0
}

// Constraint returns the constraint of taking side dir of n (nil if concrete).
func (n *Node) Constraint(b *expr.Builder, dir bool) *expr.Term {
	if n.Cond == nil {
		return nil
	}
	if dir {
		return n.Cond
	}
	return b.Not(n.Cond)
}

// Prefix returns the symbolic constraints from the root to n (excluded), each with
// the node and side it comes from.
func (n *Node) Prefix(b *expr.Builder) ([]*expr.Term, []Lit) {
	var terms []*expr.Term
	var lits []Lit
	for a, d := n.Parent, n.PDir; a != nil; a, d = a.Parent, a.PDir {
		if t := a.Constraint(b, d); t != nil {
			terms = append(terms, t)
			lits = append(lits, Lit{a.If, d})
		}
	}
	// Reverse to root-first order.
	for i, j := 0, len(terms)-1; i < j; i, j = i+1, j-1 {
		terms[i], terms[j] = terms[j], terms[i]
		lits[i], lits[j] = lits[j], lits[i]
	}
	return terms, lits
}

// prefixLen returns the number of symbolic constraints from the root to n
// (excluded): the length of Prefix.
func (n *Node) prefixLen() int {
	k := 0
	for a := n.Parent; a != nil; a = a.Parent {
		if a.Cond != nil {
			k++
		}
	}
	return k
}

// Lit is a branch side: one element of a conflict.
type Lit struct {
	If  *ir.If
	Dir bool
}

// Proof justifies an Infeasible side: a conflict (branch sides that cannot hold
// together, the last one being the side proved infeasible) and the unsatisfiable
// formula made of their constraints.
type Proof struct {
	Conflict []Lit
	Terms    []*expr.Term
	SMT2     string
	// Cores, for a refutation of a whole subtree: the distinct conflicts that
	// refuted each of its suffixes (each unsatisfiable).
	Cores [][]*expr.Term
	// engineFact, when set, says that SMT2 states no constraint over the
	// inputs: it names a value the engine computed (Branch.EngineFact).
	engineFact string
}
