// Memory: the values of the objects, shared between the states of the encoding and joined at merges.

package indep

import "slices"

// memory maps objects to their current values. It is never modified in
// place: a store makes a new memory. It is a shared base, never written
// once made, and the objects written since (top): a store copies the writes
// since the base, and a join merges those, not every object of the program
// (the package state has one object per package-level variable, and a
// random program's package has hundreds: copying them all at every store
// and merging them all at every join made the encoding quadratic).
type memory struct {
	base *memBase
	top  map[*object]sym
}

// memBase is a memory's shared part.
type memBase struct{ m map[*object]sym }

// flattenAt is the size of top past which a store folds it into a new base
// (when it is also a quarter of the base): a store's copy stays bounded.
const flattenAt = 64

func newMemory() memory { return memory{} }

// get is o's value, nil if o has none (allocated on another path).
func (m memory) get(o *object) sym {
	v, _ := m.lookup(o)
	return v
}

func (m memory) lookup(o *object) (sym, bool) {
	if v, ok := m.top[o]; ok {
		return v, true
	}
	if m.base != nil {
		v, ok := m.base.m[o]
		return v, ok
	}
	return nil, false
}

// with is m where o holds v.
func (m memory) with(o *object, v sym) memory {
	n := make(map[*object]sym, len(m.top)+1)
	for k, x := range m.top {
		n[k] = x
	}
	n[o] = v
	r := memory{base: m.base, top: n}
	if len(n) > flattenAt && (m.base == nil || len(n) > len(m.base.m)/4) {
		r = r.flatten()
	}
	return r
}

// flatten is m with every value in its base.
func (m memory) flatten() memory {
	all := make(map[*object]sym, m.size())
	if m.base != nil {
		for k, x := range m.base.m {
			all[k] = x
		}
	}
	for k, x := range m.top {
		all[k] = x
	}
	return memory{base: &memBase{m: all}}
}

func (m memory) size() int {
	n := len(m.top)
	if m.base != nil {
		n += len(m.base.m)
	}
	return n
}

// objects are the objects m has a value for, base first, each once.
func (m memory) objects(into map[*object]bool, base bool) []*object {
	var objs []*object
	add := func(o *object) {
		if !into[o] {
			into[o] = true
			objs = append(objs, o)
		}
	}
	if base && m.base != nil {
		for o := range m.base.m {
			add(o)
		}
	}
	for o := range m.top {
		add(o)
	}
	return objs
}

// mergeMem joins memories arriving along exclusive guards. An object missing
// from some of them was allocated on other paths only: no pointer to it
// exists on those, so any value serves there. Memories of one base join
// their tops only: the base's values are the same on every side.
func (e *encoder) mergeMem(guards []*term, mems []memory) memory {
	if len(mems) == 1 {
		return mems[0]
	}
	shared := true
	for _, m := range mems[1:] {
		shared = shared && m.base == mems[0].base
	}
	seen := map[*object]bool{}
	var objs []*object
	for _, m := range mems {
		objs = append(objs, m.objects(seen, !shared)...)
	}
	// In the order of the objects' creation: the terms are made in the
	// same order on every run.
	slices.SortFunc(objs, func(a, b *object) int { return a.id - b.id })
	out := memory{top: make(map[*object]sym, len(objs))}
	if shared {
		out.base = mems[0].base
	}
	for _, o := range objs {
		vals := make([]sym, len(mems))
		var any sym
		for i, m := range mems {
			if v, ok := m.lookup(o); ok {
				vals[i] = v
				any = v
			}
		}
		for i := range vals {
			if vals[i] == nil {
				vals[i] = any
			}
		}
		out.top[o] = e.merge(guards, vals)
	}
	if !shared || len(out.top) > flattenAt {
		out = out.flatten()
	}
	return out
}
