// The package state: every package-level variable an object, given its initial value by the package's initializer.

package indep

import "leapfrog/internal/ir"

// usesGlobals reports whether fn or a function it may call (ir.Callees)
// reads or writes a package-level variable.
func usesGlobals(fn *ir.Function) bool {
	for _, f := range ir.Callees(fn) {
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				for _, x := range in.Operands() {
					if _, ok := x.(*ir.Global); ok {
						return true
					}
				}
			}
		}
	}
	return false
}

// packageState makes an object per package-level variable of fn's program,
// zero, and encodes the program's initializer on them (as Go runs it
// before any test): its branches are not objectives, and a construct it
// cannot encode is reported as the package state's. It returns the guard
// under which the initializer returns (true, unless it panics) and the
// memory then.
func (e *encoder) packageState(prog *ir.Program, mem memory) (guard *term, out memory) {
	e.globals = make([]*object, len(prog.Globals))
	for i, g := range prog.Globals {
		if reason := e.unencodable(g.Typ.Elem); reason != NoReason {
			continue // e.globals[i] nil: a use says why
		}
		o := e.newObject(g.Typ.Elem)
		e.globals[i] = o
		mem = mem.with(o, e.zeroOf(g.Typ.Elem))
	}
	if prog.Init == nil {
		return e.ts.boolConst(true), mem.flatten()
	}
	defer func() {
		if r := recover(); r != nil {
			n, ok := r.(notEncoded)
			if !ok {
				panic(r)
			}
			panic(notEnc(NotPackageState, "construct package initializer %s: %s", prog.Init.Name, n.msg))
		}
	}()
	ifs, panics := e.ifs, e.panics
	e.ifs, e.panics = map[*ir.If][]ifInst{}, map[*ir.Panic]*term{}
	rets := e.call(prog.Init, nil, e.ts.boolConst(true), mem)
	e.ifs, e.panics = ifs, panics
	guard = e.ts.boolConst(false)
	var gs []*term
	var ms []memory
	for _, r := range rets {
		guard = e.ts.or(guard, r.guard)
		gs, ms = append(gs, r.guard), append(ms, r.mem)
	}
	if len(ms) == 0 {
		return guard, mem
	}
	return guard, e.mergeMem(gs, ms).flatten() // the function's stores copy their own writes only
}

// global is the pointer to a package-level variable.
func (e *encoder) global(g *ir.Global) *pointer {
	if e.globals == nil || g.Index >= len(e.globals) || e.globals[g.Index] == nil {
		why := e.unencodable(g.Typ.Elem)
		if why == NoReason {
			why = NotPackageState
		}
		panic(notEnc(why, "construct package-level variable %s of type %s not encoded", g.Ident, g.Typ.Elem))
	}
	return &pointer{cands: []cand{{cond: e.ts.boolConst(true), obj: e.globals[g.Index]}}}
}

// unencodable is why a value of type t has no encoding (NoReason: it has).
func (e *encoder) unencodable(t *ir.Type) (why Reason) {
	defer func() {
		if r := recover(); r != nil {
			n, ok := r.(notEncoded)
			if !ok {
				panic(r)
			}
			why = n.why
		}
	}()
	e.zeroOf(t)
	return NoReason
}
