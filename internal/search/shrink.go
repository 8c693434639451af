// Model shrinking: smaller, more readable inputs that satisfy the same constraints.

package search

import (
	"leapfrog/internal/expr"
	"leapfrog/internal/solver"
)

// shrink moves each variable of a model towards zero (as a signed number) while
// every constraint still holds, checking by evaluation (no solver call). The run
// on the shrunk model takes the same branch sides, and the emitted test reads
// x: 3 instead of x: -2147483645. Deterministic: variables in name order.
func shrink(terms []*expr.Term, model solver.Model) solver.Model {
	holds := func(m solver.Model) bool {
		for _, t := range terms {
			if expr.Eval(t, m) != 1 {
				return false
			}
		}
		return true
	}
	if !holds(model) {
		return model // let the run (and the divergence check) speak
	}
	m := model.Clone()
	// Changing one variable can only falsify the constraints that read it.
	readers := map[*expr.Term][]*expr.Term{}
	for _, t := range terms {
		for _, v := range expr.Vars(t) {
			readers[v] = append(readers[v], t)
		}
	}
	for _, v := range expr.Vars(terms...) {
		if v.Width == 0 {
			continue
		}
		orig := m[v.Name]
		mine := readers[v]
		try := func(c uint64) bool {
			m[v.Name] = c & expr.Mask(v.Width)
			ok := true
			for _, t := range mine {
				if expr.Eval(t, m) != 1 {
					ok = false
					break
				}
			}
			if ok {
				return true
			}
			m[v.Name] = orig
			return false
		}
		if orig == 0 || try(0) {
			continue
		}
		towardsZero(expr.Signed(orig, v.Width), func(x int64) bool {
			if try(uint64(x)) {
				orig = uint64(x) & expr.Mask(v.Width)
				return true
			}
			return false
		})
	}
	return m
}

// towardsZero moves cur towards zero while try accepts the next value:
// halving its magnitude, then stepping by decreasing powers of two. It
// returns the value reached.
func towardsZero(cur int64, try func(int64) bool) int64 {
	for cur != 0 && try(cur/2) {
		cur /= 2
	}
	for step := int64(1) << 62; step > 0; step >>= 1 {
		var next int64
		switch {
		case cur > 0 && cur-step >= 0:
			next = cur - step
		case cur < 0 && cur+step <= 0:
			next = cur + step
		default:
			continue
		}
		if try(next) {
			cur = next
		}
	}
	return cur
}
