// Sentinel errors: the package-level variable an error value is or wraps (reports), and as the value of an interface input.

package engine

import (
	"go/token"
	"strings"

	"leapfrog/internal/ir"
)

// sentinel returns the package-level variable whose value x is or wraps
// (through Unwrap() error): the name of one of the package's, or the
// qualified name ("io.EOF") and import path of an exported one of another
// package a test can import; "" when there is none.
func (m *machine) sentinel(x *iface) (name, path string) {
	prog := m.root.Prog
	if m.globals == nil {
		return "", ""
	}
	for depth := 0; x != nil && depth < 8; depth++ {
		id := int(x.tag.c)
		if id == 0 || id >= otherTag || x.rt != "" {
			return "", ""
		}
		d := dyn(prog, id)
		comparable := comparableType(d.Type)
		for _, g := range prog.Globals {
			name, path := testName(g)
			if name == "" || !comparable {
				continue
			}
			gv := m.contents(m.globals[g.Index])
			switch gt := g.Typ.Elem; {
			case gt.Kind == ir.KInterface:
				if gi := gv.(*iface); gi.rt == "" && gi.tag.c == x.tag.c && m.ifaceEqual(x, gi).c == 1 {
					return name, path
				}
			case gt.String() == d.Type.String() && path == "": // the same Go type (named types print by name)
				if c, _ := m.equal(d.Type, m.alt(x, id), gv); c {
					return name, path
				}
			}
		}
		f := d.Method("Unwrap")
		if f == nil || len(f.Results) != 1 || f.Results[0].Kind != ir.KInterface {
			return "", ""
		}
		res, ok := m.aside(f, []val{m.alt(x, id)})
		if !ok {
			return "", ""
		}
		x, _ = res[0].(*iface)
	}
	return "", ""
}

// testName returns how a test of the package writes the variable g: its
// identifier, or for an exported variable of another package outside
// internal directories the qualified name ("io.EOF") and the import path;
// "" when a test cannot name it (go/ssa's own variables, unexported ones
// of other packages).
func testName(g *ir.Global) (name, path string) {
	if g.Pkg == "" {
		if strings.Contains(g.Ident, "$") {
			return "", ""
		}
		return g.Ident, ""
	}
	pkg, v, ok := strings.Cut(g.Ident, "$") // "io$EOF" ("io$EOF$2" for a second variable of that name)
	if !ok || strings.Contains(v, "$") || !token.IsExported(v) || strings.Contains("/"+g.Pkg+"/", "/internal/") {
		return "", ""
	}
	return pkg + "." + v, g.Pkg
}

// sentinelCand is a package-level variable of interface type an interface
// input may hold the value of, as a caller passing it (F(io.EOF)): its
// global, the dynamic type of its initial value, and how a test names it.
type sentinelCand struct {
	global     *ir.Global
	id         int
	name, path string
}

// sentinelCands returns the package-level variables whose initial values
// an input of interface type t may hold (cached): those of the program
// (the function and its callees use them) with an interface type, a
// non-nil initial value implementing t, and a name a test can write (the
// package's own, or an exported one of another package: importableVar).
func (m *machine) sentinelCands(t *ir.Type) []sentinelCand {
	if c, ok := m.sents[t]; ok {
		return c
	}
	var out []sentinelCand
	prog := m.root.Prog
	var gs *globalState // the initial package state, computed only when needed
	for i, g := range prog.Globals {
		name, path := testName(g)
		if name == "" || g.Typ.Elem.Kind != ir.KInterface {
			continue
		}
		if gs == nil {
			gs = m.initialGlobals(prog)
		}
		if gs.err != "" {
			break
		}
		if x, ok := gs.objs[i].v.(*iface); ok && x.rt == "" && x.lazy == nil {
			if id := int(x.tag.c); x.tag.s == nil && id != 0 && id < otherTag && dyn(prog, id).Implements(t) {
				out = append(out, sentinelCand{g, id, name, path})
			}
		}
	}
	m.sents[t] = out
	return out
}

// sentinelAlt decides, when the interface input lz holds a value of
// dynamic type id, whether it is one of its sentinel candidates (the
// choice variable says which): a decision recorded at the current block.
// It returns the candidate's value as the run's package state has it
// (ok), or ok false for a fresh value.
func (lz *lazyIface) sentinelAlt(id int) (v val, ok bool) {
	m := lz.m
	for k, s := range lz.sents {
		if s.id != id {
			continue
		}
		is := m.uop(ir.Eq, lz.choice, kc(uint64(lz.n+k+1), tagWidth))
		if !m.decide(m.here(), ir.Sentinel, lz.path.String()+" "+s.name, is) {
			continue
		}
		p := m.global(m.root.Prog, s.global.Index).(*ptr)
		if p.obj.dirty {
			panic(runError("an input holding the value of " + s.name + " is first used after the function wrote " + s.name + ": not modelled"))
		}
		return m.alt(p.obj.v.(*iface), id), true
	}
	return nil, false
}
