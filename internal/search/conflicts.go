// The conflict database: sets of branch sides, with their constraints, that no input satisfies together.

package search

import (
	"fmt"
	"strings"
	"sync"

	"leapfrog/internal/engine"
	"leapfrog/internal/expr"
)

// Conflict is a set of branch sides that cannot hold together on any path where
// they carry these very constraints. Lits[i] carried Terms[i].
//
// Conflicts are matched by constraint term, not by branch alone: terms are
// hash-consed expressions over the inputs, so a branch side carries the same
// term exactly when the definitions its condition uses (through phis, loop
// iterations and call contexts) are the same. This is what TreeFrog's def-use
// protection achieves by adding branches; here it comes from the terms.
type Conflict struct {
	Lits  []Lit
	Terms []*expr.Term
	seq   int // position in the database: the earliest conflict wins, deterministically
}

func (c *Conflict) String() string {
	var parts []string
	for _, l := range c.Lits {
		parts = append(parts, l.String())
	}
	return strings.Join(parts, ", ")
}

// String renders a literal as "file.go:line:col true", or an internal
// decision by what it decides ("domain s", "bound s", "precondition").
func (l Lit) String() string {
	if engine.IsPseudo(l.If) {
		if l.If.Pos.IsValid() {
			return fmt.Sprintf("%s (%s) %v", l.If.Pos, l.If.Block().Comment, l.Dir)
		}
		return fmt.Sprintf("%s %v", l.If.Block().Comment, l.Dir)
	}
	return fmt.Sprintf("%s %v", l.If.Pos, l.Dir)
}

// ConflictDB stores conflicts and finds one contained in a set of constraints.
// It is safe for concurrent use.
type ConflictDB struct {
	mu     sync.Mutex
	list   []*Conflict
	seen   map[string]bool
	byTerm map[*expr.Term][]*Conflict // indexed by each conflict's first term
	byAny  map[*expr.Term][]*Conflict // indexed by every term of each conflict
}

// NewConflictDB returns an empty database.
func NewConflictDB() *ConflictDB {
	return &ConflictDB{seen: map[string]bool{}, byTerm: map[*expr.Term][]*Conflict{}, byAny: map[*expr.Term][]*Conflict{}}
}

func conflictKey(c *Conflict) string { return fmt.Sprint(termIDs(c.Terms)) }

// Add stores c unless an identical conflict is known; it reports whether c is new.
func (db *ConflictDB) Add(c *Conflict) bool {
	if len(c.Terms) == 0 {
		return false
	}
	db.mu.Lock()
	defer db.mu.Unlock()
	k := conflictKey(c)
	if db.seen[k] {
		return false
	}
	db.seen[k] = true
	c.seq = len(db.list)
	db.list = append(db.list, c)
	first := c.Terms[0]
	for _, t := range c.Terms[1:] {
		if t.ID < first.ID {
			first = t
		}
	}
	db.byTerm[first] = append(db.byTerm[first], c)
	for _, t := range c.Terms {
		db.byAny[t] = append(db.byAny[t], c)
	}
	return true
}

// Len returns the number of conflicts stored.
func (db *ConflictDB) Len() int {
	db.mu.Lock()
	defer db.mu.Unlock()
	return len(db.list)
}

// Violated returns the earliest conflict all of whose terms are in the set,
// or nil.
func (db *ConflictDB) Violated(terms map[*expr.Term]bool) *Conflict {
	db.mu.Lock()
	defer db.mu.Unlock()
	var best *Conflict
	for t := range terms {
		for _, c := range db.byTerm[t] {
			if (best == nil || c.seq < best.seq) && contains(terms, c.Terms) {
				best = c
			}
		}
	}
	return best
}

// ViolatedBy returns the earliest conflict that holds t and whose other
// terms are all in the set, or nil: the conflict that adding t to a
// conflict-free set completes (the incremental check of a suffix built one
// constraint at a time).
func (db *ConflictDB) ViolatedBy(terms map[*expr.Term]bool, t *expr.Term) *Conflict {
	db.mu.Lock()
	defer db.mu.Unlock()
	for _, c := range db.byAny[t] {
		all := true
		for _, u := range c.Terms {
			if u != t && !terms[u] {
				all = false
				break
			}
		}
		if all {
			return c
		}
	}
	return nil
}

// All returns the conflicts in the order they were added.
func (db *ConflictDB) All() []*Conflict {
	db.mu.Lock()
	defer db.mu.Unlock()
	return append([]*Conflict(nil), db.list...)
}

func contains(set map[*expr.Term]bool, ts []*expr.Term) bool {
	for _, t := range ts {
		if !set[t] {
			return false
		}
	}
	return true
}
