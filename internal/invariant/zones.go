// Zones: difference-bound matrices over integer atoms (x - y <= c, and bounds x <= c, -x <= c).

package invariant

import (
	"math"
	"math/big"
)

// inf is the absent bound.
const inf = math.MaxInt64

// akey names an integer atom: atom a of the value numbered v in the model
// (v < 0: a temporary of a parallel assignment, numbered by a; v = 0: the
// zero variable).
type akey struct {
	v, a int32
}

// zone is a difference-bound matrix: m[i*n+j] bounds x_i - x_j, x_0
// being the constant 0. A nil *zone is unreached (bottom).
type zone struct {
	vars []akey // vars[0] is the zero variable
	m    []int64
}

func newZone() *zone { return &zone{vars: []akey{{}}, m: []int64{0}} }

func (z *zone) n() int { return len(z.vars) }

func (z *zone) at(i, j int) int64 { return z.m[i*len(z.vars)+j] }

func (z *zone) set(i, j int, c int64) { z.m[i*len(z.vars)+j] = c }

func (z *zone) copy() *zone {
	if z == nil {
		return nil
	}
	return &zone{vars: append([]akey(nil), z.vars...), m: append([]int64(nil), z.m...)}
}

// index returns the position of an atom, or -1.
func (z *zone) index(a akey) int {
	for i := 1; i < len(z.vars); i++ {
		if z.vars[i] == a {
			return i
		}
	}
	return -1
}

// add adds an unconstrained atom (or forgets an existing one) and returns
// its index.
func (z *zone) add(a akey) int {
	if i := z.index(a); i >= 0 {
		z.forget(i)
		return i
	}
	n := len(z.vars)
	m := make([]int64, (n+1)*(n+1))
	for i := 0; i <= n; i++ {
		for j := 0; j <= n; j++ {
			switch {
			case i == j:
				m[i*(n+1)+j] = 0
			case i < n && j < n:
				m[i*(n+1)+j] = z.m[i*n+j]
			default:
				m[i*(n+1)+j] = inf
			}
		}
	}
	z.vars = append(z.vars, a)
	z.m = m
	return n
}

// forget removes every constraint on x_i.
func (z *zone) forget(i int) {
	for j := range z.vars {
		if j != i {
			z.set(i, j, inf)
			z.set(j, i, inf)
		}
	}
}

// sat adds two bounds, saturating: an overflow weakens the bound.
func sat(a, b int64) int64 {
	if a == inf || b == inf {
		return inf
	}
	s := a + b
	switch {
	case a > 0 && b > 0 && s < 0:
		return inf
	case a < 0 && b < 0 && s >= 0:
		return math.MinInt64 + 1
	}
	return s
}

// constrain adds x_i - x_j <= c and closes the matrix incrementally; it
// returns nil when the zone becomes empty.
func (z *zone) constrain(i, j int, c int64) *zone {
	if z == nil || c >= z.at(i, j) {
		return z
	}
	if sat(c, z.at(j, i)) < 0 {
		return nil
	}
	n := len(z.vars)
	for a := 0; a < n; a++ {
		ai := z.at(a, i)
		if ai == inf {
			continue
		}
		for b := 0; b < n; b++ {
			if v := sat(sat(ai, c), z.at(j, b)); v < z.at(a, b) {
				z.set(a, b, v)
			}
		}
	}
	for a := 0; a < n; a++ {
		if z.at(a, a) < 0 {
			return nil
		}
	}
	return z
}

// constrainBig is constrain with an exact bound (nil: none): one the
// matrix cannot hold is weakened, to no bound above MaxInt64-1 and to
// MinInt64+1 below it.
func (z *zone) constrainBig(i, j int, c *big.Int) *zone {
	switch {
	case c == nil || z == nil || c.Cmp(bigInf) >= 0:
		return z
	case c.Cmp(bigNegInf) < 0:
		return z.constrain(i, j, math.MinInt64+1)
	}
	return z.constrain(i, j, c.Int64())
}

var bigInf, bigNegInf = big.NewInt(inf), big.NewInt(math.MinInt64 + 1)

// bounds returns the bounds of x_i (inf: none; the lower one negated).
func (z *zone) bounds(i int) (negLo, hi int64) { return z.at(0, i), z.at(i, 0) }

// project keeps the atoms keep selects (the zero variable always).
func (z *zone) project(keep func(akey) bool) *zone {
	if z == nil {
		return nil
	}
	var idx []int
	for i, a := range z.vars {
		if i == 0 || keep(a) {
			idx = append(idx, i)
		}
	}
	if len(idx) == len(z.vars) {
		return z
	}
	r := &zone{vars: make([]akey, len(idx)), m: make([]int64, len(idx)*len(idx))}
	for a, i := range idx {
		r.vars[a] = z.vars[i]
		for b, j := range idx {
			r.m[a*len(idx)+b] = z.at(i, j)
		}
	}
	return r
}

// aligned returns a and b projected on their common atoms, in a's order.
func aligned(a, b *zone) (*zone, *zone) {
	in := map[akey]bool{}
	for _, v := range b.vars[1:] {
		in[v] = true
	}
	a = a.project(func(k akey) bool { return in[k] })
	pos := map[akey]int{}
	for i, v := range b.vars {
		pos[v] = i
	}
	r := &zone{vars: a.vars, m: make([]int64, len(a.m))}
	n := len(a.vars)
	for i, vi := range a.vars {
		for j, vj := range a.vars {
			bi, bj := 0, 0
			if i > 0 {
				bi = pos[vi]
			}
			if j > 0 {
				bj = pos[vj]
			}
			r.m[i*n+j] = b.at(bi, bj)
		}
	}
	return a, r
}

// join returns the least zone containing both (on their common atoms).
func join(a, b *zone) *zone {
	if a == nil {
		return b.copy()
	}
	if b == nil {
		return a.copy()
	}
	a, b = aligned(a, b)
	r := a.copy()
	for i := range r.m {
		if b.m[i] > r.m[i] {
			r.m[i] = b.m[i]
		}
	}
	return r
}

// widen returns old widened by new: the bounds new relaxes are dropped.
func widen(old, new *zone) *zone {
	if old == nil {
		return new.copy()
	}
	if new == nil {
		return old.copy()
	}
	o, nw := aligned(old, new)
	r := o.copy()
	for i := range r.m {
		if nw.m[i] > o.m[i] {
			r.m[i] = inf
		}
	}
	// Restore closure on what is left.
	return r.close()
}

// close computes the tightest bounds (Floyd-Warshall); nil when empty.
func (z *zone) close() *zone {
	n := len(z.vars)
	for k := 0; k < n; k++ {
		for i := 0; i < n; i++ {
			ik := z.at(i, k)
			if ik == inf {
				continue
			}
			for j := 0; j < n; j++ {
				if v := sat(ik, z.at(k, j)); v < z.at(i, j) {
					z.set(i, j, v)
				}
			}
		}
	}
	for i := 0; i < n; i++ {
		if z.at(i, i) < 0 {
			return nil
		}
	}
	return z
}

// leq reports whether a is included in b (b's atoms a subset of a's).
func leq(a, b *zone) bool {
	if a == nil {
		return true
	}
	if b == nil {
		return false
	}
	pos := map[akey]int{}
	for i, v := range a.vars {
		pos[v] = i
	}
	for i, vi := range b.vars {
		ai, ok := pos[vi]
		if i > 0 && !ok {
			return false
		}
		if i == 0 {
			ai = 0
		}
		for j, vj := range b.vars {
			aj, ok := pos[vj]
			if j > 0 && !ok {
				return false
			}
			if j == 0 {
				aj = 0
			}
			if a.at(ai, aj) > b.at(i, j) {
				return false
			}
		}
	}
	return true
}
