// Evaluation of terms under a model, and collection of their variables.

package expr

import "sort"

// Eval returns the value of t when every variable takes its value in model
// (missing variables are 0). Bools are 0 or 1.
func Eval(t *Term, model map[string]uint64) uint64 {
	memo := make(map[*Term]uint64)
	return eval(t, model, memo)
}

func eval(t *Term, model map[string]uint64, memo map[*Term]uint64) uint64 {
	if v, ok := memo[t]; ok {
		return v
	}
	var v uint64
	switch t.Op {
	case OpConst:
		v = t.Val
	case OpVar:
		v = model[t.Name] & Mask(t.Width)
	case OpNot:
		v = 1 - eval(t.Args[0], model, memo)
	case OpAnd:
		v = 1
		for _, a := range t.Args {
			if eval(a, model, memo) == 0 {
				v = 0
				break
			}
		}
	case OpOr:
		for _, a := range t.Args {
			if eval(a, model, memo) == 1 {
				v = 1
				break
			}
		}
	case OpIte:
		if eval(t.Args[0], model, memo) == 1 {
			v = eval(t.Args[1], model, memo)
		} else {
			v = eval(t.Args[2], model, memo)
		}
	case OpZExt, OpSExt:
		a := t.Args[0]
		v = Extend(eval(a, model, memo), a.Width, t.Width, t.Op == OpSExt)
	case OpExtract:
		v = eval(t.Args[0], model, memo) & Mask(t.Width)
	case OpFToF, OpSToF, OpUToF, OpFToSBV: // float conversions (float.go)
		a := t.Args[0]
		v = ApplyConv(t.Op, a.Width, t.Width, eval(a, model, memo))
	default:
		args := make([]uint64, len(t.Args))
		for i, a := range t.Args {
			args[i] = eval(a, model, memo)
		}
		v = Apply(t.Op, t.Args[0].Width, args...)
	}
	memo[t] = v
	return v
}

// Vars returns the variables occurring in the terms, sorted by name.
func Vars(ts ...*Term) []*Term {
	seen := make(map[*Term]bool)
	var vars []*Term
	var walk func(t *Term)
	walk = func(t *Term) {
		if seen[t] {
			return
		}
		seen[t] = true
		if t.Op == OpVar {
			vars = append(vars, t)
		}
		for _, a := range t.Args {
			walk(a)
		}
	}
	for _, t := range ts {
		walk(t)
	}
	sort.Slice(vars, func(i, j int) bool { return vars[i].Name < vars[j].Name })
	return vars
}
