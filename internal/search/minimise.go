// Readable cases once the search is over: each kept case's input minimised under its path condition (by evaluation, then the solver with small bounds), kept when the run takes the same steps.

package search

import (
	"sort"
	"strconv"
	"strings"

	"leapfrog/internal/engine"
	"leapfrog/internal/expr"
	"leapfrog/internal/solver"
)

// minimiseAbove is the magnitude above which a shrunk model asks the solver
// for a smaller one.
const minimiseAbove = 64

// minimiseCases makes the inputs of the kept cases readable once the
// search is over, so that the search itself (its models, paths and solver
// calls) is the same with or without it: each case's input is minimised
// under its whole path condition (the constraint of every branch instance
// the run took), the function runs again on the smaller input, and the
// case takes the new run only when it took exactly the same steps (the
// same branch sides, the same panic, nothing aborted): it then covers the
// same objectives. Otherwise the case keeps its input. Done once per case.
func (s *Session) minimiseCases(kept map[*Case]bool) {
	for _, c := range s.Cases {
		if !kept[c] || c.minimised || c.Model == nil {
			continue
		}
		c.minimised = true
		var terms []*expr.Term
		for _, st := range c.Path.Steps {
			if st.Cond != nil {
				terms = append(terms, st.Cond)
			}
		}
		for _, r := range c.Path.Merged { // the outcomes taken inside merged regions (pm) are claims too
			for _, ob := range r.Obligations {
				if ob.Taken && ob.Term != nil {
					terms = append(terms, ob.Term)
				}
			}
		}
		m := s.minimise(s.Solver, terms, c.Model)
		if !sameModel(m, c.Model) {
			if p := s.Engine.Run(s.Fn, m); samePath(p, c.Path) {
				c.Path, c.Model = p, m
			}
		}
		if f := s.freeValues(terms, c.Model); f != nil {
			if p := s.Engine.Run(s.Fn, f); samePath(p, c.Path) {
				c.Path, c.Model = p, f
			}
		}
	}
}

// freeValues sets the inputs no branch of the path reads, but the run may
// (a byte of a string it returns, a value it stores) to their best value:
// 0, or 'a' for a byte of a string; nil when none changes. A
// length, a pointer's nil, an interface's type are left alone (they shape
// the input). The caller runs the result again (it may take other steps).
func (s *Session) freeValues(terms []*expr.Term, m solver.Model) solver.Model {
	read := map[string]bool{}
	for _, v := range expr.Vars(terms...) {
		read[v.Name] = true
	}
	var names []string
	for k, v := range m {
		names = append(names, k)
		if p, ok := strings.CutSuffix(k, "#len"); ok {
			for i := int64(0); i < min(expr.Signed(v, 64), 1024); i++ {
				names = append(names, p+"["+strconv.FormatInt(i, 10)+"]")
			}
		}
	}
	sort.Strings(names)
	var f solver.Model
	for _, n := range names {
		v := s.B.Lookup(n)
		if v == nil || read[n] {
			continue
		}
		var best uint64
		switch kindOf(v, false, false, isStringByte(s.B, nil, n)) {
		case kByte:
			best = byteOrder[0]
		case kInt:
		default:
			continue
		}
		if x, ok := m[n]; ok && x == best || !ok && best == 0 {
			continue
		}
		if f == nil {
			f = m.Clone()
		}
		f[n] = best
	}
	return f
}

func sameModel(a, b solver.Model) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// samePath says whether run p took the same steps as run q, the same
// outcomes inside the regions it ran merged, and ended the same way
// (returned, or panicked at the same place).
func samePath(p, q *engine.Path) bool {
	if p.Aborted != "" || p.Excluded != "" || p.Aborted != q.Aborted || p.Excluded != q.Excluded ||
		len(p.Steps) != len(q.Steps) || p.PanicAt != q.PanicAt || len(p.Recovered) != len(q.Recovered) ||
		len(p.Merged) != len(q.Merged) {
		return false
	}
	for i, r := range p.Merged {
		o := q.Merged[i]
		if r.Entry != o.Entry || r.At != o.At || len(r.Obligations) != len(o.Obligations) {
			return false
		}
		for j, ob := range r.Obligations {
			if ob.If != o.Obligations[j].If || ob.Dir != o.Obligations[j].Dir || ob.Taken != o.Obligations[j].Taken {
				return false
			}
		}
	}
	for i := range p.Steps {
		if p.Steps[i].If != q.Steps[i].If || p.Steps[i].Taken != q.Steps[i].Taken {
			return false
		}
	}
	for i := range p.Recovered {
		if p.Recovered[i] != q.Recovered[i] {
			return false
		}
	}
	return true
}

// minimise shrinks a model under terms. When an integer input of the
// shrunk model is still large (above minimiseAbove), a local search by
// evaluation is stuck in a region the constraints do not let it leave
// (a+b <= c satisfied by an overflow: Triangle(1980873, 2145502775, 1)),
// so it asks slv for a model of the same terms with every integer and
// length variable within ±2^k, for k = 4, 8, 16, 32 below the magnitude
// it has, and shrinks the first one found when that is cheaper. These
// checks are counted apart (Stats.MinimiseChecks), never as flips; an
// answer other than sat (a timeout) only moves to the next bound, and the
// terms are checked by evaluation on the result either way.
func (s *Session) minimise(slv solver.Solver, terms []*expr.Term, model solver.Model) solver.Model {
	mn := joint(s.B, terms, model)
	if mn == nil {
		return model
	}
	big := mn.largest()
	if big <= minimiseAbove || slv == nil {
		return mn.m
	}
	for _, k := range []uint{4, 8, 16, 32} {
		if uint64(1)<<k >= big {
			break
		}
		bounded := append(append([]*expr.Term(nil), terms...), mn.bounds(s.B, k)...)
		s.minimiseChecks.Add(1)
		if slv.Check(bounded) != solver.Sat {
			continue
		}
		cand := joint(s.B, terms, withInput(model, slv.Model()))
		if cand == nil {
			continue // the solver's model does not satisfy the terms: keep ours
		}
		if cand.total() < mn.total() {
			return cand.m
		}
		break
	}
	return mn.m
}

// largest is the largest magnitude of an integer or length variable.
func (mn *minimiser) largest() uint64 {
	var big uint64
	for _, v := range mn.vars {
		if !numeric(mn.kind[v]) || v.Width <= 8 {
			continue
		}
		if mn.kind[v] == kUint {
			big = max(big, mn.m[v.Name]&expr.Mask(v.Width))
			continue
		}
		x := expr.Signed(mn.m[v.Name], v.Width)
		if x < 0 {
			x = -x
		}
		if x < 0 { // the smallest integer of 64 bits
			return ^uint64(0)
		}
		big = max(big, uint64(x))
	}
	return big
}

// bounds are -2^k <= v <= 2^k (0 <= v <= 2^k unsigned) for the integer
// and length variables wider than k+1 bits.
func (mn *minimiser) bounds(b *expr.Builder, k uint) []*expr.Term {
	var ts []*expr.Term
	for _, v := range mn.vars {
		if !numeric(mn.kind[v]) || v.Width <= int(k)+1 {
			continue
		}
		hi := b.Const(v.Width, uint64(1)<<k)
		if mn.kind[v] == kUint {
			ts = append(ts, b.Ule(v, hi))
			continue
		}
		lo := b.Const(v.Width, -(uint64(1) << k))
		ts = append(ts, b.Sle(lo, v), b.Sle(v, hi))
	}
	return ts
}
