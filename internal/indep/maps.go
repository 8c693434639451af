// Maps: a reference to an object holding entries (present, key, value) and a length; lookups, updates, deletes.

package indep

import (
	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
)

// mapRef is a map value: a pointer to the object holding its contents (the
// nil candidate is the nil map).
type mapRef struct{ p *pointer }

// mapv is the contents of a map object: its entries, each present or not
// (keys of present entries distinct), and its length. open says that the
// map may hold entries beyond these (an input longer than its slots): a
// key found in none of them is then looked up among what the encoding
// does not know (a fresh answer, recorded as an unknown read).
type mapv struct {
	typ     *ir.Type
	entries []mentry
	n       *term
	open    *term
}

type mentry struct {
	present *term
	key     sym
	val     sym
}

// inputMap is a map input: p#nil, p#len, and e.slots entries p#k[i],
// p#v[i], the first p#len of them present, with distinct keys.
func (e *encoder) inputMap(p ir.InputPath, t *ir.Type) *mapRef {
	ts := e.ts
	isNil := e.declare(p.NilVar(), 0)
	n := e.declare(p.LenVar(), 64)
	e.sizeVars = append(e.sizeVars, n)
	e.domain = append(e.domain, e.ule(n, ts.bv(64, maxAlloc)), ts.or(ts.not(isNil), ts.eq(n, e.u64(0))))
	mv := &mapv{typ: t, n: n, open: e.ult(e.u64(e.slots), n)}
	for k := 0; k < e.slots; k++ {
		mv.entries = append(mv.entries, mentry{present: e.ult(e.u64(k), n), key: e.inputValue(p.MapKey(k), t.Key), val: e.inputValue(p.MapValue(k), t.Elem)})
	}
	for i := range mv.entries {
		for j := i + 1; j < len(mv.entries); j++ {
			a, b := mv.entries[i], mv.entries[j]
			e.domain = append(e.domain, ts.or(ts.not(b.present), ts.not(e.symEq(nil, a.key, b.key, ts.boolConst(false)))))
		}
	}
	o := e.newObject(t)
	e.inputMem[o] = mv
	return &mapRef{p: &pointer{cands: []cand{{cond: ts.not(isNil), obj: o}, {cond: isNil}}}}
}

func (e *encoder) nilMap() *mapRef {
	return &mapRef{p: &pointer{cands: []cand{{cond: e.ts.boolConst(true)}}}}
}

// reasonOfSym is the class of a value the encoding cannot compare.
func reasonOfSym(v sym) Reason {
	switch v.(type) {
	case *mapRef:
		return NotMap
	case *slice:
		return NotSlice
	}
	return NotOther
}

// mapCands lists the map objects m may refer to, with their contents in mem.
func (e *encoder) mapCands(m *mapRef, mem memory) (conds []*term, objs []*object, vals []*mapv) {
	for _, c := range m.p.cands {
		if c.obj != nil {
			conds, objs, vals = append(conds, c.cond), append(objs, c.obj), append(vals, mem.get(c.obj).(*mapv))
		}
	}
	return
}

// find is the value of key k in mv and whether it is present, the
// condition that the answer rests on entries the encoding does not know.
func (e *encoder) find(in ir.Instr, mv *mapv, k sym, guard *term) (v sym, found, unknown *term) {
	ts := e.ts
	v, found = e.zeroOf(mv.typ.Elem), ts.boolConst(false)
	for i := len(mv.entries) - 1; i >= 0; i-- {
		en := mv.entries[i]
		hit := ts.and(en.present, e.symEq(in, en.key, k, guard))
		v = e.iteSym(hit, en.val, v)
		found = ts.or(found, hit)
	}
	unknown = ts.and(mv.open, ts.not(found))
	if !unknown.isFalse() {
		// Among the entries not known, or absent (then the zero value).
		there := ts.and(unknown, e.fresh(0))
		v = e.iteSym(there, e.freshOf(mv.typ.Elem), v)
		found = ts.or(found, there)
	}
	return v, found, unknown
}

// lookup is m[k] (and whether k is in m) reached under guard.
func (f *frame) mapLookup(in *ir.Lookup, m *mapRef, k sym, guard *term, mem memory) (sym, *term) {
	e, ts := f.e, f.e.ts
	conds, _, vals := e.mapCands(m, mem)
	zero := e.zeroOf(in.X.Type().Elem)
	v, found := zero, ts.boolConst(false)
	for i := len(vals) - 1; i >= 0; i-- {
		x, fd, unk := e.find(in, vals[i], k, ts.and(guard, conds[i]))
		e.unknownRead(in, "a map lookup", ts.and(guard, ts.and(conds[i], unk)))
		v = e.iteSym(conds[i], x, v)
		found = ts.ite(conds[i], fd, found)
	}
	return v, found
}

// mapUpdate is m[k] = x reached under guard: the entry of k rewritten, or
// a new entry where none holds k.
func (f *frame) mapUpdate(in *ir.MapUpdate, m *mapRef, k, x sym, guard *term, mem memory) memory {
	e, ts := f.e, f.e.ts
	conds, objs, vals := e.mapCands(m, mem)
	for i, mv := range vals {
		c := conds[i]
		if len(vals) == 1 {
			c = ts.boolConst(true) // where the update runs, the map is not nil
		}
		r := &mapv{typ: mv.typ, open: mv.open}
		found := ts.boolConst(false)
		for _, en := range mv.entries {
			hit := ts.and(c, ts.and(en.present, e.symEq(in, en.key, k, guard)))
			found = ts.or(found, hit)
			r.entries = append(r.entries, mentry{en.present, en.key, e.iteSym(hit, x, en.val)})
		}
		add := ts.and(c, ts.not(found))
		r.entries = append(r.entries, mentry{add, k, x})
		grown := ts.bin(expr.OpAdd, mv.n, e.u64(1))
		if !mv.open.isFalse() {
			// The key may be among the entries not known: the length too.
			e.unknownRead(in, "a map update", ts.and(guard, ts.and(add, mv.open)))
			grown = ts.ite(mv.open, e.fresh(64), grown)
		}
		r.n = ts.ite(add, grown, mv.n)
		mem = mem.with(objs[i], r)
	}
	return mem
}

// mapDelete is delete(m, k) reached under guard.
func (f *frame) mapDelete(in *ir.Builtin, m *mapRef, k sym, guard *term, mem memory) memory {
	e, ts := f.e, f.e.ts
	conds, objs, vals := e.mapCands(m, mem)
	for i, mv := range vals {
		c := conds[i]
		r := &mapv{typ: mv.typ, open: mv.open}
		found := ts.boolConst(false)
		for _, en := range mv.entries {
			hit := ts.and(c, ts.and(en.present, e.symEq(in, en.key, k, guard)))
			found = ts.or(found, hit)
			r.entries = append(r.entries, mentry{ts.and(en.present, ts.not(hit)), en.key, en.val})
		}
		shrunk := ts.bin(expr.OpSub, mv.n, e.u64(1))
		r.n = ts.ite(found, shrunk, mv.n)
		if !mv.open.isFalse() {
			miss := ts.and(c, ts.and(ts.not(found), mv.open))
			e.unknownRead(in, "a map delete", ts.and(guard, miss))
			r.n = ts.ite(miss, e.fresh(64), r.n)
		}
		mem = mem.with(objs[i], r)
	}
	return mem
}

// mapClear is clear(m).
func (e *encoder) mapClear(m *mapRef, mem memory) memory {
	conds, objs, vals := e.mapCands(m, mem)
	for i, mv := range vals {
		r := &mapv{typ: mv.typ, open: e.ts.and(mv.open, e.ts.not(conds[i])), n: e.ts.ite(conds[i], e.u64(0), mv.n)}
		for _, en := range mv.entries {
			r.entries = append(r.entries, mentry{e.ts.and(en.present, e.ts.not(conds[i])), en.key, en.val})
		}
		mem = mem.with(objs[i], r)
	}
	return mem
}

// mapLen is len(m).
func (e *encoder) mapLen(m *mapRef, mem memory) *term {
	conds, _, vals := e.mapCands(m, mem)
	n := e.u64(0)
	for i := len(vals) - 1; i >= 0; i-- {
		n = e.ts.ite(conds[i], vals[i].n, n)
	}
	return n
}

// iteMapv is "if c then a else b" on map contents: entries by position,
// the shorter list padded with absent ones.
func (e *encoder) iteMapv(c *term, a, b *mapv) *mapv {
	if a == b {
		return a
	}
	ts := e.ts
	r := &mapv{typ: a.typ, n: ts.ite(c, a.n, b.n), open: ts.ite(c, a.open, b.open)}
	absent := mentry{ts.boolConst(false), e.zeroOf(a.typ.Key), e.zeroOf(a.typ.Elem)}
	for i := 0; i < max(len(a.entries), len(b.entries)); i++ {
		x, y := absent, absent
		if i < len(a.entries) {
			x = a.entries[i]
		}
		if i < len(b.entries) {
			y = b.entries[i]
		}
		r.entries = append(r.entries, mentry{ts.ite(c, x.present, y.present), e.iteSym(c, x.key, y.key), e.iteSym(c, x.val, y.val)})
	}
	return r
}
