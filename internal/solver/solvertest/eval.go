// A compiled evaluator for Brute: terms flattened once into a node array evaluated per assignment.

package solvertest

import "leapfrog/internal/expr"

// program is the terms of a query in topological order. It exists because
// expr.Eval allocates a memo per call, too slow for 2^24 assignments; its meaning is
// expr.Eval's (operators go through expr.Apply and expr.Extend), and Brute checks
// every model it finds with expr.Eval.
type program struct {
	nodes   []*expr.Term
	args    [][]int // operand slots of each node
	roots   []int   // slots of the terms that must be true
	varSlot []int   // slot of each variable, in the order given to compile
}

func compile(roots, vars []*expr.Term) *program {
	p := &program{}
	slot := make(map[*expr.Term]int)
	var visit func(t *expr.Term) int
	visit = func(t *expr.Term) int {
		if i, ok := slot[t]; ok {
			return i
		}
		args := make([]int, len(t.Args))
		for i, a := range t.Args {
			args[i] = visit(a)
		}
		i := len(p.nodes)
		slot[t] = i
		p.nodes = append(p.nodes, t)
		p.args = append(p.args, args)
		return i
	}
	for _, t := range roots {
		p.roots = append(p.roots, visit(t))
	}
	for _, v := range vars {
		p.varSlot = append(p.varSlot, visit(v)) // a slot even if v occurs nowhere
	}
	return p
}

// run evaluates every node given the variables' slots in vals and reports whether
// all roots are true.
func (p *program) run(vals []uint64) bool {
	var buf [3]uint64
	for i, t := range p.nodes {
		args := p.args[i]
		var v uint64
		switch t.Op {
		case expr.OpVar:
			continue
		case expr.OpConst:
			v = t.Val
		case expr.OpNot:
			v = 1 - vals[args[0]]
		case expr.OpAnd:
			v = 1
			for _, a := range args {
				v &= vals[a]
			}
		case expr.OpOr:
			for _, a := range args {
				v |= vals[a]
			}
		case expr.OpIte:
			if vals[args[0]] == 1 {
				v = vals[args[1]]
			} else {
				v = vals[args[2]]
			}
		case expr.OpZExt, expr.OpSExt:
			v = expr.Extend(vals[args[0]], t.Args[0].Width, t.Width, t.Op == expr.OpSExt)
		case expr.OpExtract:
			v = vals[args[0]] & expr.Mask(t.Width)
		case expr.OpFToF, expr.OpSToF, expr.OpUToF, expr.OpFToSBV:
			v = expr.ApplyConv(t.Op, t.Args[0].Width, t.Width, vals[args[0]])
		default:
			ops := buf[:len(args)]
			for j, a := range args {
				ops[j] = vals[a]
			}
			v = expr.Apply(t.Op, t.Args[0].Width, ops...)
		}
		vals[i] = v
	}
	for _, r := range p.roots {
		if vals[r] != 1 {
			return false
		}
	}
	return true
}
