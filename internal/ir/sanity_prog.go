// Sanity checks of the program as a whole: globals, init, type names, branch and panic ids.

package ir

import "fmt"

// globals checks Program.Globals (indexed by Global.Index, pointer types,
// distinct names) and Program.Init (a function of the program without
// parameters or results).
func (c *checker) globals() {
	p := c.prog
	names := map[string]bool{}
	for i, g := range p.Globals {
		gerr := func(format string, args ...any) {
			c.errs = append(c.errs, &CheckError{Global: g, Msg: fmt.Sprintf(format, args...)})
		}
		switch {
		case g == nil:
			c.errorf(nil, nil, nil, "Globals[%d] is nil", i)
			continue
		case g.Index != i:
			gerr("global has Index %d but is Globals[%d]", g.Index, i)
		case !isIdent(g.Ident):
			gerr("global name %q is not an identifier", g.Ident)
		case names[g.Ident]:
			gerr("duplicate global")
		}
		names[g.Ident] = true
		if g.Typ == nil || g.Typ.Kind != KPointer {
			gerr("global of type %s, not a pointer", g.Typ)
		} else if s := c.validType(g.Typ); s != "" {
			gerr("bad type: %s", s)
		}
	}
	if f := p.Init; f != nil {
		switch {
		case f.Prog != p || p.Func(f.Name) != f:
			c.errorf(f, nil, nil, "Program.Init is not a function of the program")
		case len(f.Params) > 0 || len(f.Results) > 0:
			c.errorf(f, nil, nil, "Program.Init has parameters or results")
		case f.External:
			c.errorf(f, nil, nil, "Program.Init is external")
		}
	}
}

// typeNames checks that a type name stands for one structure in the program.
func (c *checker) typeNames() {
	byName := map[string]*Type{}
	WalkTypes(c.prog, func(t *Type) {
		if t.Name == "" {
			return
		}
		if u := byName[t.Name]; u == nil {
			byName[t.Name] = t
		} else if !identicalStructure(t, u) {
			c.errorf(nil, nil, nil, "type name %s stands for two different types", TypeName(t.Name))
		}
	})
}

// identicalStructure compares two types of the same name by their
// structure (Identical would take them as identical by their name).
func identicalStructure(a, b *Type) bool {
	an, bn := *a, *b
	an.Name, bn.Name = "", ""
	return Identical(&an, &bn)
}

// ids checks Program.Branches and Program.Panics against the terminators.
func (c *checker) ids() {
	p := c.prog
	nIf, nPanic := 0, 0
	for _, f := range p.Funcs {
		if f == nil {
			continue
		}
		for _, b := range f.Blocks {
			if b == nil {
				continue
			}
			for _, in := range b.Instrs {
				switch in := in.(type) {
				case *If:
					nIf++
					if in.ID < 0 || in.ID >= len(p.Branches) || p.Branches[in.ID] != in {
						c.errorf(f, b, in, "branch id %d does not index Program.Branches", in.ID)
					}
				case *Panic:
					nPanic++
					if in.ID < 0 || in.ID >= len(p.Panics) || p.Panics[in.ID] != in {
						c.errorf(f, b, in, "panic id %d does not index Program.Panics", in.ID)
					}
				}
			}
		}
	}
	if nIf != len(p.Branches) {
		c.errorf(nil, nil, nil, "Program.Branches has %d entries, the program has %d ifs", len(p.Branches), nIf)
	}
	if nPanic != len(p.Panics) {
		c.errorf(nil, nil, nil, "Program.Panics has %d entries, the program has %d panics", len(p.Panics), nPanic)
	}
}
