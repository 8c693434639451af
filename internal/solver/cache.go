// The query cache decorator: remembers Check answers keyed by the set of assertions in scope and the assumptions.

package solver

import (
	"encoding/binary"
	"slices"
	"strings"

	"leapfrog/internal/expr"
)

// DefaultCacheEntries bounds a Cache: when it is full it starts over empty.
const DefaultCacheEntries = 1 << 16

// Cache is a Solver decorator that answers a Check from memory when the same
// assertions (as a set of term IDs, across all scopes) were already checked with the
// same assumptions (as a set of term IDs). Sat answers keep their model and Unsat
// answers their core (as IDs, mapped back to the caller's assumption pointers), so a
// hit answers Model and Core exactly as the original check did. Unknown answers are
// not cached: a later check may succeed.
type Cache struct {
	inner      Solver
	MaxEntries int // 0 means DefaultCacheEntries

	scopes  [][]int // IDs asserted per scope; scopes[0] is the base
	akey    string  // encoded assertion set, valid when !dirty
	dirty   bool
	entries map[string]*cacheEntry
	hits    int
	misses  int

	// The last Check.
	hit     *cacheEntry // nil: the answer came from inner (or state changed)
	fromIn  bool        // the inner solver holds the answer of the last Check
	assumps []*expr.Term
}

type cacheEntry struct {
	res   Result
	model Model
	core  []int // IDs of the core's assumptions
}

// WithCache returns s behind a query cache.
func WithCache(s Solver) *Cache {
	return &Cache{inner: s, scopes: make([][]int, 1), entries: make(map[string]*cacheEntry), dirty: true}
}

// Hits returns how many checks were answered from the cache.
func (c *Cache) Hits() int { return c.hits }

// Misses returns how many checks went to the wrapped solver.
func (c *Cache) Misses() int { return c.misses }

// Len returns the number of cached answers.
func (c *Cache) Len() int { return len(c.entries) }

func (c *Cache) forget() {
	c.hit, c.fromIn, c.assumps = nil, false, nil
}

// Push opens a scope.
func (c *Cache) Push() {
	c.forget()
	c.inner.Push()
	c.scopes = append(c.scopes, nil)
}

// Pop discards the innermost scope.
func (c *Cache) Pop() {
	if len(c.scopes) == 1 {
		panic("solver: Pop without Push")
	}
	c.forget()
	c.inner.Pop()
	if len(c.scopes[len(c.scopes)-1]) > 0 {
		c.dirty = true
	}
	c.scopes = c.scopes[:len(c.scopes)-1]
}

// Assert adds t at the current scope.
func (c *Cache) Assert(t *expr.Term) {
	c.forget()
	c.inner.Assert(t)
	c.scopes[len(c.scopes)-1] = append(c.scopes[len(c.scopes)-1], t.ID)
	c.dirty = true
}

// encodeIDs appends the count of distinct IDs and then the sorted, deduplicated
// IDs to sb, as uvarints: the encoding is self-delimiting, so concatenations of
// encodings are unambiguous.
func encodeIDs(sb *strings.Builder, ids []int) {
	slices.Sort(ids)
	ids = slices.Compact(ids)
	var buf [binary.MaxVarintLen64]byte
	sb.Write(buf[:binary.PutUvarint(buf[:], uint64(len(ids)))])
	for _, id := range ids {
		sb.Write(buf[:binary.PutUvarint(buf[:], uint64(id))])
	}
}

func (c *Cache) key(assumptions []*expr.Term) string {
	if c.dirty {
		var ids []int
		for _, sc := range c.scopes {
			ids = append(ids, sc...)
		}
		var sb strings.Builder
		encodeIDs(&sb, ids)
		c.akey = sb.String()
		c.dirty = false
	}
	ids := make([]int, len(assumptions))
	for i, t := range assumptions {
		ids[i] = t.ID
	}
	var sb strings.Builder
	sb.Grow(len(c.akey) + 3*len(ids) + 3)
	sb.WriteString(c.akey)
	encodeIDs(&sb, ids)
	return sb.String()
}

// Check answers from the cache when it can, else asks the wrapped solver.
func (c *Cache) Check(assumptions []*expr.Term) Result {
	c.forget()
	k := c.key(assumptions)
	c.assumps = assumptions
	if e, ok := c.entries[k]; ok {
		c.hits++
		c.hit = e
		return e.res
	}
	c.misses++
	r := c.inner.Check(assumptions)
	c.fromIn = true
	e := &cacheEntry{res: r}
	switch r {
	case Sat:
		e.model = c.inner.Model()
	case Unsat:
		for _, t := range c.inner.Core() {
			e.core = append(e.core, t.ID)
		}
	default:
		return r
	}
	max := c.MaxEntries
	if max <= 0 {
		max = DefaultCacheEntries
	}
	if len(c.entries) >= max {
		c.entries = make(map[string]*cacheEntry)
	}
	c.entries[k] = e
	c.hit = e
	return r
}

// Model returns the model of the last Check (a copy the caller may modify).
func (c *Cache) Model() Model {
	if c.hit == nil || c.hit.res != Sat {
		return nil
	}
	return c.hit.model.Clone()
}

// Core returns the core of the last Check, as the caller's assumption pointers.
func (c *Cache) Core() []*expr.Term {
	if c.hit == nil || c.hit.res != Unsat {
		return nil
	}
	in := make(map[int]bool, len(c.hit.core))
	for _, id := range c.hit.core {
		in[id] = true
	}
	core := []*expr.Term{}
	seen := make(map[int]bool)
	for _, t := range c.assumps {
		if in[t.ID] && !seen[t.ID] {
			seen[t.ID] = true
			core = append(core, t)
		}
	}
	return core
}

// Reason returns the reason of the last Unknown answer (never cached).
func (c *Cache) Reason() string {
	if c.fromIn && c.hit == nil {
		return c.inner.Reason()
	}
	return ""
}

// Close closes the wrapped solver.
func (c *Cache) Close() { c.inner.Close() }
