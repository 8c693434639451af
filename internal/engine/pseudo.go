// Pseudo branches: internal decisions (input domain, precondition, sizes, appends, map iteration) recorded as steps.

package engine

import (
	"fmt"

	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
)

// pseudoKey identifies the site of an internal decision: the block where it
// is taken, what is decided, and a distinguishing name (an input, an entry).
type pseudoKey struct {
	at   *ir.Block
	kind ir.PseudoKind
	name string
}

// pseudoIf returns the internal If standing for a decision of kind at block
// b: a branch outside the blocks (ID -1, in a block of index -1) whose two
// sides both continue in b, so that reachability from either side is b's.
// The same key always gives the same If, so that runs agree on the tree.
func (e *Engine) pseudoIf(b *ir.Block, kind ir.PseudoKind, name string, pos ir.Pos) *ir.If {
	k := pseudoKey{b, kind, name}
	if p := e.pseudo[k]; p != nil {
		return p
	}
	blk := &ir.Block{Index: -1, Func: b.Func, Succs: []*ir.Block{b, b}, Comment: fmt.Sprintf("%s %s", purpose(kind), name)}
	p := &ir.If{Cond: &ir.Const{Typ: ir.Bool, Val: 1}, Kind: ir.InternalBranch, Pos: pos, ID: -1, Pseudo: kind}
	blk.Append(p)
	e.pseudo[k] = p
	return p
}

// purpose is what the reports call a decision of kind (the start of its
// block's comment: "bound s types", "map entry 2").
func purpose(kind ir.PseudoKind) string {
	switch kind {
	case ir.DomainFact:
		return "domain"
	case ir.SizeBound, ir.TypesBound, ir.AliasBound, ir.ZeroBound, ir.CallsBound:
		return "bound"
	case ir.Precondition:
		return "precondition"
	case ir.SizeFits:
		return "size"
	case ir.ExactSize:
		return "exact size"
	case ir.AppendFits:
		return "append fits"
	case ir.Sentinel:
		return "sentinel"
	case ir.RuneWidth:
		return "rune width"
	case ir.MapEntry:
		return "map entry"
	case ir.Dispatch:
		return "dispatch"
	case ir.LoopModels:
		return "models of loop"
	}
	panic(fmt.Sprintf("engine: no pseudo branch of kind %d", kind))
}

// The ends of the names of the bounds' pseudo branches of interface inputs
// to their candidates, of pointer inputs to fresh objects, and of opaque
// inputs to their zero value.
const (
	typesBoundName = " types"
	aliasBoundName = " alias"
	zeroBoundName  = " zero"
)

// IsBound reports whether a branch is the pseudo branch of a bound of the
// input domain (a DomainBound step): of sizes, of interface inputs to their
// candidates, of pointer inputs to fresh objects, of opaque inputs to their
// zero value, of stubs' calls.
func IsBound(in *ir.If) bool {
	switch in.Pseudo {
	case ir.SizeBound, ir.TypesBound, ir.AliasBound, ir.ZeroBound, ir.CallsBound:
		return true
	case ir.NotPseudo, ir.DomainFact, ir.Precondition, ir.SizeFits, ir.ExactSize, ir.AppendFits, ir.Sentinel,
		ir.RuneWidth, ir.MapEntry, ir.Dispatch, ir.LoopModels:
		return false
	}
	panic(fmt.Sprintf("engine: no pseudo branch of kind %d", in.Pseudo))
}

// IsPrecondition reports whether a branch is the pseudo branch of the
// target's precondition (a Precondition step).
func IsPrecondition(in *ir.If) bool { return in != nil && in.Pseudo == ir.Precondition }

// preconditionName names the precondition's pseudo branch.
const preconditionName = "assume"

// IsPseudo reports whether a branch is an internal decision of the engine
// (not an If of the program).
func IsPseudo(in *ir.If) bool { return in != nil && in.Pseudo != ir.NotPseudo }

// decide records an internal decision on the bool c (its concrete value
// decides) at block b and returns it. A concrete c records nothing.
func (m *machine) decide(b *ir.Block, kind ir.PseudoKind, name string, c *scalar) bool {
	if c.s == nil {
		return c.c == 1
	}
	in := m.pseudoIf(b, kind, name, ir.Pos{})
	return m.branch(in, c, 0)
}

// domain records a fact of the input domain, a bound of it or the
// precondition (pk) at block b: t must hold. When the input violates it,
// the run stops (the input is no input). Its other side is never explored.
func (m *machine) domain(b *ir.Block, pk ir.PseudoKind, name string, t *expr.Term, holds bool) {
	if t == nil || t.IsConst() && t.Val == 1 {
		return
	}
	var kind Domain
	switch pk {
	case ir.DomainFact:
		kind = DomainFact
	case ir.SizeBound, ir.TypesBound, ir.AliasBound, ir.ZeroBound, ir.CallsBound:
		kind = DomainBound
	case ir.Precondition:
		kind = Precondition
	default:
		panic(fmt.Sprintf("engine: %s is no domain step", purpose(pk)))
	}
	in := m.pseudoIf(b, pk, name, ir.Pos{})
	taken := holds
	if k := len(m.path.Steps); m.force && k < len(m.forced) {
		taken = m.forced[k]
	}
	mk := func(dir bool) Step {
		st := Step{If: in, Taken: dir, Domain: kind}
		if !t.IsConst() {
			st.Cond = t
			if !dir {
				st.Cond = m.B.Not(t)
			}
		}
		return st
	}
	st := mk(taken)
	if k := len(m.path.Steps); m.guide != nil && k >= len(m.forced) && st.Cond != nil {
		// A guided run's suffix may assume the fact where the run's
		// concrete input violates it: its constraint joins the suffix's
		// (TreeFrog fleshes a skeleton out through a stub's answer).
		st = m.guided(k, st, false, mk)
		taken = st.Taken
		m.addStep(st)
	} else {
		m.addFixed(st)
	}
	if !taken {
		panic(excluded(fmt.Sprintf("the input violates %s", map[Domain]string{DomainFact: "the input domain (" + name + ")", DomainBound: "the size bound (" + name + ")", Precondition: "the precondition"}[kind])))
	}
}
