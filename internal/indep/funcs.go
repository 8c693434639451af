// Function values: candidates (a function and its bound free variables); calls through them.

package indep

import "leapfrog/internal/ir"

// fnval is a function value: candidates with exclusive conditions, each a
// function and the values bound to its free variables (fn nil: the nil
// function).
type fnval struct{ cands []fcand }

type fcand struct {
	cond  *term
	fn    *ir.Function
	binds []sym
}

func (e *encoder) nilFunc() *fnval { return &fnval{cands: []fcand{{cond: e.ts.boolConst(true)}}} }

// iteFunc is "if c then a else b" on function values.
func (e *encoder) iteFunc(c *term, a, b *fnval) *fnval {
	if a == b {
		return a
	}
	r := &fnval{}
	for _, x := range a.cands {
		if cc := e.ts.and(c, x.cond); !cc.isFalse() {
			r.cands = append(r.cands, fcand{cc, x.fn, x.binds})
		}
	}
	nc := e.ts.not(c)
	for _, x := range b.cands {
		if cc := e.ts.and(nc, x.cond); !cc.isFalse() {
			r.cands = append(r.cands, fcand{cc, x.fn, x.binds})
		}
	}
	return r
}

// funcNil is the condition that v is the nil function.
func (e *encoder) funcNil(v *fnval) *term {
	r := e.ts.boolConst(false)
	for _, c := range v.cands {
		if c.fn == nil {
			r = e.ts.or(r, c.cond)
		}
	}
	return r
}

// callValue calls the function value v (not nil where the call runs)
// with args, reached under guard: one inlined call per candidate.
func (f *frame) callValue(v *fnval, args []sym, guard *term, mem memory) (sym, *term, memory) {
	e := f.e
	var rets []ret
	for _, c := range v.cands {
		if c.fn == nil {
			continue
		}
		if c.fn.External {
			panic(notEnc(NotExternal, "construct call to the external %s (run natively) not encoded", c.fn.Name))
		}
		g := e.ts.and(guard, c.cond)
		if g.isFalse() {
			continue
		}
		all := append(append([]sym(nil), c.binds...), args...)
		rets = append(rets, e.call(c.fn, all, g, mem)...)
	}
	return e.joinRets(rets, mem)
}
