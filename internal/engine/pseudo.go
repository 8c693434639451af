// Pseudo branches: internal decisions (input domain, precondition, sizes, appends, map iteration) recorded as steps.

package engine

import (
	"fmt"
	"strings"

	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
)

// pseudoKey identifies the site of an internal decision: the block where it
// is taken, what is decided, and a distinguishing name (an input, an entry).
type pseudoKey struct {
	at      *ir.Block
	purpose string
	name    string
}

// pseudoIf returns the internal If standing for a decision at block b: a
// branch outside the blocks (ID -1, in a block of index -1) whose two sides
// both continue in b, so that reachability from either side is b's. The
// same key always gives the same If, so that runs agree on the tree.
func (e *Engine) pseudoIf(b *ir.Block, purpose, name string, pos ir.Pos) *ir.If {
	k := pseudoKey{b, purpose, name}
	if p := e.pseudo[k]; p != nil {
		return p
	}
	blk := &ir.Block{Index: -1, Func: b.Func, Succs: []*ir.Block{b, b}, Comment: fmt.Sprintf("%s %s", purpose, name)}
	p := &ir.If{Cond: &ir.Const{Typ: ir.Bool, Val: 1}, Kind: ir.InternalBranch, Pos: pos, ID: -1}
	blk.Append(p)
	e.pseudo[k] = p
	return p
}

// IsBound reports whether a branch is the pseudo branch of an input size
// bound (a DomainBound step).
func IsBound(in *ir.If) bool {
	return IsPseudo(in) && strings.HasPrefix(in.Block().Comment, "bound ")
}

// TypesBound ends the name of the pseudo branch of the bound of interface
// inputs to the dynamic types a test can construct (its candidates).
const TypesBound = " types"

// AliasBound ends the name of the pseudo branch of the bound that pointer
// inputs do not point into the package state (aliasBound).
const AliasBound = " alias"

// IsAliasBound reports whether a branch is the pseudo branch of such a
// bound.
func IsAliasBound(in *ir.If) bool {
	return IsBound(in) && strings.HasSuffix(in.Block().Comment, AliasBound)
}

// IsTypesBound reports whether a branch is the pseudo branch of the bound
// of interface inputs to their candidates.
func IsTypesBound(in *ir.If) bool {
	return IsBound(in) && strings.HasSuffix(in.Block().Comment, TypesBound)
}

// IsPrecondition reports whether a branch is the pseudo branch of the
// target's precondition (a Precondition step).
func IsPrecondition(in *ir.If) bool {
	return IsPseudo(in) && in.Block().Comment == preconditionPurpose+" "+preconditionName
}

// The purpose and name of the precondition's pseudo branch.
const (
	preconditionPurpose = "precondition"
	preconditionName    = "assume"
)

// IsPseudo reports whether a branch is an internal decision of the engine
// (not an If of the program).
func IsPseudo(in *ir.If) bool {
	return in != nil && in.ID == -1 && in.Block() != nil && in.Block().Index == -1
}

// decide records an internal decision on the bool c (its concrete value
// decides) at block b and returns it. A concrete c records nothing.
func (m *machine) decide(b *ir.Block, purpose, name string, c *scalar) bool {
	if c.s == nil {
		return c.c == 1
	}
	in := m.pseudoIf(b, purpose, name, ir.Pos{})
	return m.branch(in, c, 0)
}

// domain records a fact of the input domain (or the precondition) at block b:
// t must hold. When the input violates it, the run stops (the input is no
// input). Its other side is never explored.
func (m *machine) domain(b *ir.Block, kind Domain, name string, t *expr.Term, holds bool) {
	if t == nil || t.IsConst() && t.Val == 1 {
		return
	}
	purpose := map[Domain]string{DomainFact: "domain", DomainBound: "bound", Precondition: preconditionPurpose}[kind]
	in := m.pseudoIf(b, purpose, name, ir.Pos{})
	taken := holds
	if k := len(m.path.Steps); m.force && k < len(m.forced) {
		taken = m.forced[k]
	}
	st := Step{If: in, Taken: taken, Domain: kind}
	if !t.IsConst() {
		st.Cond = t
		if !taken {
			st.Cond = m.B.Not(t)
		}
	}
	m.addFixed(st)
	if !taken {
		panic(excluded(fmt.Sprintf("the input violates %s", map[Domain]string{DomainFact: "the input domain (" + name + ")", DomainBound: "the size bound (" + name + ")", Precondition: "the precondition"}[kind])))
	}
}
