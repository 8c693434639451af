// Package-level variables: initialised once by the program's initializer, copied for each run.

package engine

import (
	"fmt"
	"strings"

	"leapfrog/internal/ir"
)

// globalState is the initial state of a program's package-level variables:
// one object per Program.Globals entry, as Program.Init leaves them, or why
// it could not be computed.
type globalState struct {
	objs []*object
	err  string
	// unfixed: the initializer read what a test cannot fix (the clock, an
	// environment variable: env.go), and the variables may hold it.
	unfixed bool
	// seams are the indices of the globals that are seams (seams.go).
	seams []int
	// capFloor: the initializer made a conversion's tainted capacity
	// (convcap.go): 1 + the smallest ID of one, or 0.
	capFloor int
}

// global returns a pointer to package-level variable idx of prog for this
// run, initialising the run's variables on first use.
func (m *machine) global(prog *ir.Program, idx int) val {
	if m.globals == nil {
		gs := m.initialGlobals(prog)
		if gs.err != "" {
			panic(runError("package initialization: " + gs.err))
		}
		m.globals, m.sharedObjs = copyObjects(gs.objs)
		m.unfixedVars = m.unfixedVars || gs.unfixed
		m.installSeams(prog, gs.seams)
		m.lowerCapFloor(gs.capFloor)
	}
	return &ptr{obj: m.globals[idx]}
}

// initialGlobals runs the program's initializer once, concretely, on
// zeroed variables.
func (e *Engine) initialGlobals(prog *ir.Program) *globalState {
	if gs := e.globals[prog]; gs != nil {
		return gs
	}
	gs := &globalState{objs: make([]*object, len(prog.Globals))}
	for i, g := range prog.Globals {
		gs.objs[i] = &object{v: zero(g.Typ.Elem)}
	}
	e.globals[prog] = gs
	if prog.Init != nil {
		// The initializer's fresh variables are named apart from the
		// runs' (externals.go: ext#<n>).
		im := &machine{Engine: e, path: &Path{Conflict: -1}, root: prog.Init, globals: gs.objs, extN: initExtBase, inInit: true}
		func() {
			defer func() {
				if r := recover(); r != nil {
					switch r := r.(type) {
					case runError:
						gs.err = string(r)
					case excluded, stopRun:
						gs.err = fmt.Sprint(r)
					default:
						panic(r)
					}
				}
			}()
			if _, panicked := im.call(prog.Init, nil, 0); panicked {
				gs.err = "the initializer panics: " + im.path.Panic
			}
		}()
		gs.unfixed = im.unfixedVars
		if gs.err == "" {
			gs.seams = seamsOf(prog, gs.objs)
		}
		gs.capFloor = im.capFloor
		for _, st := range im.path.Steps {
			if st.Cond != nil {
				gs.err = "the initializer depends on an input"
				if strings.HasPrefix(st.Unfixed, "depends on ") {
					gs.err = "the initializer branches on what a test cannot fix: it " + st.Unfixed // env.go, args.go
				}
				break
			}
		}
	}
	return gs
}

// initExtBase numbers the initializer's fresh variables from far beyond
// any run's.
const initExtBase = 1 << 30

// copyObjects deep-copies a set of objects and everything they refer to, so
// that a run's writes do not reach the initial state.
func copyObjects(objs []*object) (out, all []*object) {
	c := &copier{seen: map[*object]*object{}}
	out = make([]*object, len(objs))
	for i, o := range objs {
		out[i] = c.object(o)
	}
	return out, c.all
}

type copier struct {
	seen map[*object]*object
	all  []*object // the copies, in order
}

func (c *copier) object(o *object) *object {
	if o == nil {
		return nil
	}
	if n := c.seen[o]; n != nil {
		return n
	}
	n := &object{lazy: o.lazy, input: o.input, shared: len(c.all) + 1}
	c.seen[o] = n
	c.all = append(c.all, n)
	n.v = c.val(o.v)
	return n
}

func (c *copier) val(v val) val {
	switch v := v.(type) {
	case nil, *scalar, *str:
		return v
	case *agg:
		r := &agg{elems: make([]val, len(v.elems))}
		for i, e := range v.elems {
			r.elems[i] = c.val(e)
		}
		return r
	case *tuple:
		r := &tuple{elems: make([]val, len(v.elems))}
		for i, e := range v.elems {
			r.elems[i] = c.val(e)
		}
		return r
	case *ptr:
		r := *v
		r.obj = c.object(v.obj)
		return &r
	case *slice:
		r := *v
		r.arr = c.object(v.arr)
		return &r
	case *mapv:
		r := *v
		r.obj = c.object(v.obj)
		return &r
	case *table:
		r := &table{entries: make([]entry, len(v.entries))}
		for i, e := range v.entries {
			r.entries[i] = entry{present: e.present, key: c.val(e.key), v: c.val(e.v)}
		}
		return r
	case *iter:
		r := *v
		r.m = c.object(v.m)
		return &r
	case *iface:
		r := *v
		r.alts = make([]ifaceAlt, len(v.alts))
		for i, a := range v.alts {
			r.alts[i] = ifaceAlt{a.id, c.val(a.v)}
		}
		return &r
	case *closure:
		r := &closure{fn: v.fn, env: make([]val, len(v.env))}
		for i, e := range v.env {
			r.env[i] = c.val(e)
		}
		return r
	}
	panic(fmt.Sprintf("engine: cannot copy %T", v))
}
