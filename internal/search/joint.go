// Joint minimisation of a model by evaluation: the cost of each value, single and paired moves to a fixpoint.

package search

import (
	"math"
	"strings"

	"leapfrog/internal/expr"
	"leapfrog/internal/solver"
)

// joint minimises a model jointly while every constraint of terms still
// holds, checking by evaluation (no solver call; minimise adds the
// solver): the run on the shrunk model takes the same branch sides (the
// variables the terms do not read keep their values), and the emitted test reads Triangle(1, 1, 2), not
// Triangle(1980873, 2145502775, 1). What "smaller" means is a cost per
// variable (vkind.cost): integers by magnitude, a non-negative one before
// the negative one of the same magnitude (0, 1, -1, 2, -2, ...); lengths
// (strings, slices, map entries) shortest first; a pointer, slice or map
// nil first, other booleans false first, an interface's type choice 0
// (nil) first; floats by magnitude, integers before fractions; and a byte
// of a string printable first: the letters, the digits, the space, the
// other printable ASCII, then '\x00', the other control bytes, then the
// bytes above 0x7f ("a" reads better than "\x00", where either does; a
// byte of a []byte or an array is a number: 0 first, UUID{} not
// UUID{'a', ...}). The search lowers the sum of the costs: single variables first
// (small values, then halving and power-of-two steps towards the best
// value), then pairs of variables that share a constraint (one lowered,
// the other moved by the same amount either way, or lowered too), to a
// fixpoint, within a budget of evaluations. Deterministic: variables in
// name order. A model that does not satisfy the terms is returned as it
// is (the run and the divergence check speak).
func joint(b *expr.Builder, terms []*expr.Term, model solver.Model) *minimiser {
	mn := newMinimiser(b, terms, model)
	if mn != nil {
		mn.run()
	}
	return mn
}

// vkind is how a variable's values are ranked.
type vkind int

const (
	kInt    vkind = iota // a signed integer, or bits of unknown meaning
	kUint                // an integer only unsigned operations read
	kLen                 // a length (x#len, x#spare): non-negative
	kBool                // a boolean (x#nil: nil first)
	kChoice              // an interface's type choice (x#type): 0 (nil) first
	kByte                // a byte of a string (x[k]): printable first
	kFloat               // a float (read by a floating-point operation)
)

// minimiser holds one shrink: the model being lowered, the variables with
// their kinds, and the constraints reading each.
type minimiser struct {
	m       solver.Model
	vars    []*expr.Term
	kind    map[*expr.Term]vkind
	readers map[*expr.Term][]*expr.Term
	budget  int // evaluations of a reader left
}

// shrinkBudget bounds the evaluations of one shrink: it is called on every
// model, and a fixpoint over many variables could otherwise dominate.
const shrinkBudget = 20000

func newMinimiser(b *expr.Builder, terms []*expr.Term, model solver.Model) *minimiser {
	for _, t := range terms {
		if expr.Eval(t, model) != 1 {
			return nil
		}
	}
	mn := &minimiser{m: model.Clone(), kind: map[*expr.Term]vkind{}, readers: map[*expr.Term][]*expr.Term{}, budget: shrinkBudget}
	if mn.m == nil {
		mn.m = solver.Model{}
	}
	for _, t := range terms {
		for _, v := range expr.Vars(t) {
			mn.readers[v] = append(mn.readers[v], t)
		}
	}
	floats, unsigned := usesOf(terms)
	vars := expr.Vars(terms...)
	known := map[string]bool{}
	for _, v := range vars {
		known[v.Name] = true
	}
	for _, v := range vars {
		mn.vars = append(mn.vars, v)
		mn.kind[v] = kindOf(v, floats[v], unsigned[v], v.Width == 8 && isStringByte(b, known, v.Name))
	}
	return mn
}

// kindOf tells a variable's kind from its name (ir.InputPath spells them)
// and its use.
func kindOf(v *expr.Term, float, unsigned, strByte bool) vkind {
	switch {
	case v.Width == 0:
		return kBool
	case float:
		return kFloat
	case strings.HasSuffix(v.Name, "#len") || strings.HasSuffix(v.Name, "#spare"):
		return kLen
	case strings.HasSuffix(v.Name, "#type"):
		return kChoice
	case v.Width == 8 && strByte:
		return kByte
	case unsigned:
		return kUint
	}
	return kInt
}

// isStringByte says whether the variable named name is a byte of a string
// (p[k] where p has a length and no nil variable: a slice and a map have
// one, an array has no length), by the variables of the terms (known) and
// those the builder made (b; either may be nil).
func isStringByte(b *expr.Builder, known map[string]bool, name string) bool {
	if !strings.HasSuffix(name, "]") {
		return false
	}
	p := name[:strings.LastIndexByte(name, '[')]
	if strings.HasSuffix(p, "#k") || strings.HasSuffix(p, "#v") || strings.HasSuffix(p, "#call") {
		return false
	}
	has := func(n string) bool { return known[n] || b != nil && b.Lookup(n) != nil }
	return has(p+"#len") && !has(p+"#nil")
}

// usesOf tells the variables a floating-point operation reads, and those
// only unsigned operations read (a comparison, a division, a shift, an
// extension): a uint32 is then lowered as unsigned, 0 before 4294967295.
func usesOf(terms []*expr.Term) (floats, unsigned map[*expr.Term]bool) {
	fl := map[*expr.Term]bool{}
	uns, sig := map[*expr.Term]bool{}, map[*expr.Term]bool{}
	seen := map[*expr.Term]bool{}
	var walk func(t *expr.Term)
	walk = func(t *expr.Term) {
		if seen[t] {
			return
		}
		seen[t] = true
		for _, a := range t.Args {
			if a.Op == expr.OpVar {
				switch {
				case expr.TakesFloats(t.Op):
					fl[a] = true
				case t.Op == expr.OpUlt || t.Op == expr.OpUle || t.Op == expr.OpUDiv || t.Op == expr.OpURem || t.Op == expr.OpZExt || t.Op == expr.OpUToF:
					uns[a] = true
				case t.Op == expr.OpSlt || t.Op == expr.OpSle || t.Op == expr.OpSDiv || t.Op == expr.OpSRem || t.Op == expr.OpSExt || t.Op == expr.OpSToF:
					sig[a] = true
				}
			}
			walk(a)
		}
	}
	for _, t := range terms {
		walk(t)
	}
	for v := range sig {
		delete(uns, v)
	}
	return fl, uns
}

// cost is what the minimiser lowers: the cost of value x of a variable of
// kind k and the given width.
func (k vkind) cost(x uint64, width int) float64 {
	switch k {
	case kBool:
		return float64(x & 1) // kindOf's callers flip #nil (boolPref)
	case kUint:
		return float64(x)
	case kLen, kChoice:
		s := expr.Signed(x, width)
		if s < 0 {
			return math.Inf(1)
		}
		return float64(s)
	case kByte:
		return float64(byteRank[x&0xff])
	case kFloat:
		var f float64
		if width == 32 {
			f = float64(math.Float32frombits(uint32(x)))
		} else {
			f = math.Float64frombits(x)
		}
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return math.Inf(1)
		}
		c := 2 * math.Abs(f)
		if math.Signbit(f) {
			c++
		}
		if f != math.Trunc(f) {
			c += 3
		}
		return c
	}
	s := expr.Signed(x, width)
	if s < 0 {
		return -2*float64(s) + 1
	}
	return 2 * float64(s)
}

// byteRank orders the bytes of strings: printable first (see joint).
var byteRank = func() [256]int {
	var r [256]int
	order := []byte("abcdefghijklmnopqrstuvwxyz0123456789 ABCDEFGHIJKLMNOPQRSTUVWXYZ")
	seen := [256]bool{}
	for c := 0x21; c < 0x7f; c++ {
		if !strings.ContainsRune(string(order), rune(c)) {
			order = append(order, byte(c))
		}
	}
	order = append(order, 0)
	for c := 1; c < 256; c++ {
		if c < 0x20 || c == 0x7f {
			order = append(order, byte(c))
		}
	}
	for c := 0x80; c < 256; c++ {
		order = append(order, byte(c))
	}
	for i, c := range order {
		if seen[c] {
			panic("byteRank: duplicate")
		}
		seen[c] = true
		r[c] = i
	}
	return r
}()

// byteOrder lists the bytes best first (byteRank's inverse).
var byteOrder = func() [256]uint64 {
	var o [256]uint64
	for c, r := range byteRank {
		o[r] = uint64(c)
	}
	return o
}()

// costOf is the cost of variable v's value x in the model.
func (mn *minimiser) costOf(v *expr.Term, x uint64) float64 {
	k := mn.kind[v]
	if k == kBool && strings.HasSuffix(v.Name, "#nil") {
		return float64(1 - x&1) // nil first
	}
	return k.cost(x&expr.Mask(v.Width), v.Width)
}

// holds says whether every constraint reading one of vs holds.
func (mn *minimiser) holds(vs ...*expr.Term) bool {
	for i, v := range vs {
		for _, t := range mn.readers[v] {
			if i > 0 && reads(mn.readers[vs[0]], t) {
				continue // checked already
			}
			mn.budget--
			if expr.Eval(t, mn.m) != 1 {
				return false
			}
		}
	}
	return true
}

func reads(ts []*expr.Term, t *expr.Term) bool {
	for _, x := range ts {
		if x == t {
			return true
		}
	}
	return false
}

// try sets v to x when that lowers v's cost and keeps the constraints.
func (mn *minimiser) try(v *expr.Term, x uint64) bool {
	x &= expr.Mask(v.Width)
	old := mn.m[v.Name] & expr.Mask(v.Width)
	if x == old || mn.costOf(v, x) >= mn.costOf(v, old) || mn.budget <= 0 {
		return false
	}
	mn.m[v.Name] = x
	if mn.holds(v) {
		return true
	}
	mn.m[v.Name] = old
	return false
}

// tryPair sets u to x and v to y when that lowers their summed cost and
// keeps the constraints.
func (mn *minimiser) tryPair(u *expr.Term, x uint64, v *expr.Term, y uint64) bool {
	x &= expr.Mask(u.Width)
	y &= expr.Mask(v.Width)
	ou, ov := mn.m[u.Name]&expr.Mask(u.Width), mn.m[v.Name]&expr.Mask(v.Width)
	if mn.budget <= 0 || mn.costOf(u, x)+mn.costOf(v, y) >= mn.costOf(u, ou)+mn.costOf(v, ov) {
		return false
	}
	mn.m[u.Name], mn.m[v.Name] = x, y
	if mn.holds(u, v) {
		return true
	}
	mn.m[u.Name], mn.m[v.Name] = ou, ov
	return false
}

// smallValues are the first values tried for a variable, best first.
func (mn *minimiser) smallValues(v *expr.Term) []uint64 {
	switch mn.kind[v] {
	case kBool:
		return []uint64{0, 1}
	case kByte:
		return byteOrder[:]
	case kFloat:
		var xs []uint64
		for _, f := range []float64{0, 1, -1, 2, -2, 3, -3, 4, -4, 5, 8, 10, 16, 100, 0.5, -0.5, 0.25, 1.5} {
			xs = append(xs, floatBits(f, v.Width))
		}
		return xs
	case kLen, kChoice, kUint:
		xs := make([]uint64, 17)
		for i := range xs {
			xs[i] = uint64(i)
		}
		return xs
	}
	xs := []uint64{0}
	for i := int64(1); i <= 16; i++ {
		xs = append(xs, uint64(i), uint64(-i))
	}
	return xs
}

func floatBits(f float64, width int) uint64 {
	if width == 32 {
		return uint64(math.Float32bits(float32(f)))
	}
	return math.Float64bits(f)
}

// lowerOne lowers variable v alone: the first small value that holds, else
// by halving and by power-of-two steps towards zero. It reports progress.
func (mn *minimiser) lowerOne(v *expr.Term) bool {
	if v.Width == 0 {
		return mn.try(v, 0) || mn.try(v, 1)
	}
	for _, x := range mn.smallValues(v) {
		if mn.try(v, x) {
			return true
		}
	}
	switch mn.kind[v] {
	case kInt, kLen, kChoice:
	case kUint:
		return mn.lowerUint(v)
	case kFloat:
		return mn.lowerFloat(v)
	default:
		return false
	}
	progress := false
	towardsZero(expr.Signed(mn.m[v.Name], v.Width), func(x int64) bool {
		ok := mn.try(v, uint64(x))
		progress = progress || ok
		return ok
	})
	return progress
}

// lowerUint lowers an unsigned variable by halving and by power-of-two
// steps.
func (mn *minimiser) lowerUint(v *expr.Term) bool {
	progress := false
	for cur := mn.m[v.Name] & expr.Mask(v.Width); cur != 0 && mn.try(v, cur/2); cur /= 2 {
		progress = true
	}
	cur := mn.m[v.Name] & expr.Mask(v.Width)
	for step := uint64(1) << 63; step > 0; step >>= 1 {
		if cur >= step && mn.try(v, cur-step) {
			cur, progress = cur-step, true
		}
	}
	return progress
}

// lowerFloat halves a float towards zero and drops its fraction.
func (mn *minimiser) lowerFloat(v *expr.Term) bool {
	get := func() float64 {
		if v.Width == 32 {
			return float64(math.Float32frombits(uint32(mn.m[v.Name])))
		}
		return math.Float64frombits(mn.m[v.Name])
	}
	progress := false
	for i := 0; i < 64; i++ {
		f := get()
		if !(mn.try(v, floatBits(math.Trunc(f), v.Width)) || mn.try(v, floatBits(f/2, v.Width)) || mn.try(v, floatBits(math.Trunc(f/2), v.Width))) {
			break
		}
		progress = true
	}
	return progress
}

// lowerPairs moves two variables that share a constraint together: u to a
// small value and v by the same amount either way (a+b <= c keeps holding
// as a shrinks and b grows, then b shrinks), or both to small values.
func (mn *minimiser) lowerPairs() bool {
	progress := false
	for _, u := range mn.vars {
		if !numeric(mn.kind[u]) {
			continue
		}
		for _, v := range mn.partners(u) {
			if mn.budget <= 0 {
				return progress
			}
			ou, ov := mn.m[u.Name]&expr.Mask(u.Width), mn.m[v.Name]&expr.Mask(v.Width)
			if mn.costOf(u, ou) == 0 {
				break
			}
			for _, x := range mn.smallValues(u) {
				if mn.costOf(u, x) >= mn.costOf(u, ou) {
					continue
				}
				d := expr.Signed(ou, u.Width) - expr.Signed(x, u.Width)
				if mn.tryPair(u, x, v, ov+uint64(d)) || mn.tryPair(u, x, v, ov-uint64(d)) {
					progress = true
					break
				}
				done := false
				for _, y := range mn.smallValues(v) {
					if mn.tryPair(u, x, v, y) {
						progress, done = true, true
						break
					}
				}
				if done {
					break
				}
			}
		}
	}
	return progress
}

func numeric(k vkind) bool { return k == kInt || k == kUint || k == kLen }

// partners are the numeric variables sharing a constraint with u, in name
// order.
func (mn *minimiser) partners(u *expr.Term) []*expr.Term {
	var ps []*expr.Term
	for _, v := range expr.Vars(mn.readers[u]...) {
		if v != u && numeric(mn.kind[v]) && v.Width > 0 {
			ps = append(ps, v)
		}
	}
	return ps
}

// run lowers the model to a fixpoint (or until the budget is spent).
func (mn *minimiser) run() {
	for round := 0; round < 8 && mn.budget > 0; round++ {
		progress := false
		for _, v := range mn.vars {
			for mn.lowerOne(v) {
				progress = true
			}
		}
		if mn.lowerPairs() {
			progress = true
		}
		if !progress {
			return
		}
	}
}

// total is the model's cost: what shrink lowers.
func (mn *minimiser) total() float64 {
	c := 0.0
	for _, v := range mn.vars {
		c += mn.costOf(v, mn.m[v.Name])
	}
	return c
}
