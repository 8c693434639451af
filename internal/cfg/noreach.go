// Proofs that no control-flow path reaches a place: a reachability formula that Z3 and cvc5 refute on their own.

package cfg

import (
	"fmt"
	"strings"

	"leapfrog/internal/ir"
)

// Reach is a reachability problem over nodes 0..len(Names)-1: Start is
// reached, and a node is reached when every node of one of its
// alternatives (Alts) was reached before it. A block is a node whose
// alternatives are its predecessors, one each; the code after a call is
// a node whose one alternative is the call and the callee's return.
type Reach struct {
	Names []string  // per node, what it stands for
	Alts  [][][]int // per node: its alternatives, each a conjunction of nodes
	Start int
}

// reached computes the least fixpoint: the nodes some run reaches.
func (g *Reach) reached() []bool {
	r := make([]bool, len(g.Names))
	r[g.Start] = true
	for changed := true; changed; {
		changed = false
		for x, alts := range g.Alts {
			if r[x] {
				continue
			}
			for _, alt := range alts {
				all := true
				for _, y := range alt {
					all = all && r[y]
				}
				if all {
					r[x], changed = true, true
					break
				}
			}
		}
	}
	return r
}

// Proof returns an SMT-LIB2 script that is unsat exactly when no target
// is reached, and whether none is (no script when one is). The script
// states the whole graph the targets depend on: a Boolean per node
// (reached) and an integer per node (when it is first reached), the start
// reached, each other node reached only if one of its alternatives was
// reached strictly before it, a target reached. The ranks keep a cycle of
// nodes from reaching itself: a run reaches a node after what it needs.
// header opens the script (comment lines).
func (g *Reach) Proof(header string, targets []int) (string, bool) {
	r := g.reached()
	for _, t := range targets {
		if r[t] {
			return "", false
		}
	}
	// The nodes the targets depend on, in order.
	need := make([]bool, len(g.Names))
	work := append([]int(nil), targets...)
	for _, t := range targets {
		need[t] = true
	}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		for _, alt := range g.Alts[x] {
			for _, y := range alt {
				if !need[y] {
					need[y] = true
					work = append(work, y)
				}
			}
		}
	}
	reach := func(x int) string { return "|reached " + g.Names[x] + "|" }
	rank := func(x int) string { return "|step " + g.Names[x] + "|" }
	var sb strings.Builder
	sb.WriteString(header)
	sb.WriteString("; a Boolean per place (reached by a run) and an integer (the step it is first\n; reached at): the start is reached; any other place is reached only after what\n; leads to it (one of its predecessors, or the call before it and that call's\n; return); the last assertion asks a run to reach the place.\n(set-logic QF_LIA)\n")
	var nodes []int
	for x, n := range need {
		if n {
			nodes = append(nodes, x)
		}
	}
	for _, x := range nodes {
		fmt.Fprintf(&sb, "(declare-const %s Bool)\n(declare-const %s Int)\n", reach(x), rank(x))
	}
	for _, x := range nodes {
		if x == g.Start {
			fmt.Fprintf(&sb, "(assert %s)\n", reach(x))
			continue
		}
		var ors []string
		for _, alt := range g.Alts[x] {
			var ands []string
			for _, y := range alt {
				ands = append(ands, reach(y), fmt.Sprintf("(< %s %s)", rank(y), rank(x)))
			}
			ors = append(ors, "(and "+strings.Join(ands, " ")+")")
		}
		switch len(ors) {
		case 0:
			fmt.Fprintf(&sb, "(assert (not %s)) ; nothing leads to it\n", reach(x))
		case 1:
			fmt.Fprintf(&sb, "(assert (=> %s %s))\n", reach(x), ors[0])
		default:
			fmt.Fprintf(&sb, "(assert (=> %s (or %s)))\n", reach(x), strings.Join(ors, " "))
		}
	}
	var goals []string
	for _, t := range targets {
		goals = append(goals, reach(t))
	}
	if len(goals) == 1 {
		fmt.Fprintf(&sb, "(assert %s)\n(check-sat)\n", goals[0])
	} else {
		fmt.Fprintf(&sb, "(assert (or %s))\n(check-sat)\n", strings.Join(goals, " "))
	}
	return sb.String(), true
}

// NoPath returns the proof that no run of fn reaches the end of block
// target (its terminator) of fn or of a function fn calls, and whether
// there is one. The graph is fn's and its callees' blocks, each split
// after its calls: a callee's entry follows any call of it, and the code
// after a call of a function of fn's package follows the call only when
// some run of the callee returns (a callee that always panics or never
// ends returns to nothing). Other calls (another package's functions,
// interface methods, function values) are taken to return: their code
// may be replaced or stubbed. A panic ends the run; a program that defers
// a call (a panic may run it, and it may recover) gets no proof.
//
// what names the place in the script's first line ("; can what be
// reached in fn? ...").
func NoPath(fn *ir.Function, target *ir.Block, what string) (string, bool) {
	g, end, ok := callGraphReach(fn)
	if !ok {
		return "", false
	}
	at, ok := end[target]
	if !ok {
		return "", false
	}
	header := fmt.Sprintf("; can %s be reached in %s? unsat: no run reaches it.\n; no control-flow path from the entry leads to the end of %s of %s (callees'\n; blocks included, the code after a call reached only when the callee returns).\n", what, fn.Name, ir.BlockLabel(target), target.Func.Name)
	return g.Proof(header, []int{at})
}

// callGraphReach builds NoPath's graph, and per block the node of its end.
func callGraphReach(fn *ir.Function) (*Reach, map[*ir.Block]int, bool) {
	var ts *ir.Targets
	if fn.Prog != nil {
		ts = ir.NewTargets(fn.Prog)
	}
	calls := func(in ir.Instr) []*ir.Function {
		if c, ok := in.(*ir.Call); ok {
			return []*ir.Function{c.Callee}
		}
		if ts != nil {
			return ts.Of(in)
		}
		return nil
	}
	// The functions, in call order.
	var funcs []*ir.Function
	seen := map[*ir.Function]bool{}
	var walk func(f *ir.Function) bool
	walk = func(f *ir.Function) bool {
		if seen[f] || len(f.Blocks) == 0 {
			return true
		}
		seen[f] = true
		funcs = append(funcs, f)
		if f.RecoverResults != nil {
			return false
		}
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				switch in.(type) {
				case *ir.Defer, *ir.RunDefers:
					return false
				}
				for _, g := range calls(in) {
					if !walk(g) {
						return false
					}
				}
			}
		}
		return true
	}
	if !walk(fn) {
		return nil, nil, false
	}
	g := &Reach{}
	node := func(name string) int {
		g.Names = append(g.Names, name)
		g.Alts = append(g.Alts, nil)
		return len(g.Names) - 1
	}
	label := func(f *ir.Function) string { return strings.NewReplacer("|", "!", "\\", "/").Replace(f.Name) }
	first := map[*ir.Block]int{}  // a block's first node
	end := map[*ir.Block]int{}    // a block's last node (its terminator)
	ret := map[*ir.Function]int{} // "a run of f returns", for fn's package's callees
	type site struct {
		at     int // the node holding the call
		callee *ir.Function
	}
	var sites []site
	for _, f := range funcs {
		if f.Pkg == fn.Pkg {
			ret[f] = node(label(f) + " returns")
		}
	}
	for _, f := range funcs {
		for _, b := range f.Blocks {
			cur := node(fmt.Sprintf("%s %s", label(f), ir.BlockLabel(b)))
			first[b] = cur
			k := 0
			for _, in := range b.Instrs[:len(b.Instrs)-1] {
				gs := calls(in)
				if len(gs) == 0 {
					continue
				}
				for _, callee := range gs {
					if len(callee.Blocks) > 0 {
						sites = append(sites, site{cur, callee})
					}
				}
				k++
				next := node(fmt.Sprintf("%s %s after call %d", label(f), ir.BlockLabel(b), k))
				if r, ok := ret[callee(in)]; ok {
					g.Alts[next] = [][]int{{cur, r}}
				} else {
					g.Alts[next] = [][]int{{cur}}
				}
				cur = next
			}
			end[b] = cur
		}
	}
	for _, f := range funcs {
		for _, b := range f.Blocks {
			if b.Index == 0 {
				continue
			}
			for _, p := range b.Preds {
				g.Alts[first[b]] = append(g.Alts[first[b]], []int{end[p]})
			}
		}
		if r, ok := ret[f]; ok {
			for _, b := range f.Blocks {
				if _, isRet := b.Terminator().(*ir.Return); isRet {
					g.Alts[r] = append(g.Alts[r], []int{end[b]})
				}
			}
		}
	}
	for _, s := range sites {
		e := first[s.callee.Blocks[0]]
		g.Alts[e] = append(g.Alts[e], []int{s.at})
	}
	g.Start = first[fn.Blocks[0]]
	return g, end, true
}

// callee is the function a direct call of fn's package calls (nil: any
// other instruction).
func callee(in ir.Instr) *ir.Function {
	if c, ok := in.(*ir.Call); ok {
		return c.Callee
	}
	return nil
}
