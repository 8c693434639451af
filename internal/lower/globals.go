// Package-level variables: IR globals, and the package initializer as Program.Init.

package lower

import (
	"fmt"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"leapfrog/internal/ir"
)

// global returns the IR global of a package-level variable of the package.
func (l *loader) global(g *ssa.Global, pos token.Pos) (*ir.Global, error) {
	if ig := l.globals[g]; ig != nil {
		return ig, nil
	}
	if ig, bound, err := l.boundGlobal(g, pos); bound { // linkname.go
		return ig, err
	}
	t, err := l.types.irType(g.Type())
	if err != nil {
		return nil, l.unsupported(pos, "package-level variable %s of type %s", g.Name(), typeString(deref(g.Type()), l.pkg.Types))
	}
	ig := &ir.Global{Ident: g.Name(), Typ: t}
	if g.Pkg != l.spkg {
		l.depGlobal(g, ig, pos)
	} else if _, fn := deref(g.Type()).Underlying().(*types.Signature); fn {
		ig.Assigned = l.assignedGlobal(g) // seams.go
	}
	l.globals[g] = ig
	return ig, nil
}

func deref(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// lowerInit lowers the package initializer (go/ssa's init, which runs the
// variables' initializers and the init functions) as Program.Init when the
// program uses a package-level variable.
func (l *loader) lowerInit() error {
	if len(l.globals) == 0 {
		return nil
	}
	own := false
	for g := range l.globals {
		own = own || g.Pkg == l.spkg
	}
	// The package's own init functions may assign another package's
	// variable the program uses (deps_writers.go): its initializer runs then.
	own = own || l.initAssigns(l.spkg) != nil
	var f *ir.Function
	if own {
		var err error
		if f, err = l.lowerClosure(l.spkg.Func("init")); err != nil {
			return fmt.Errorf("%v (in the package initializer, which gives the package-level variables their values)", err)
		}
	}
	if len(l.depPkgs) > 0 {
		return l.lowerDepInits(f)
	}
	l.prog.Init = f
	return nil
}

// isImportedInit reports whether a call is go/ssa's call of an imported
// package's initializer (in a package initializer): skipped, since the
// initializers of the packages whose variables the program uses are called
// by Program.Init in dependency order (deps_init.go).
func (l *loader) isImportedInit(c *ssa.CallCommon) bool {
	f, ok := c.Value.(*ssa.Function)
	return ok && f.Pkg != l.spkg && f.Name() == "init" && f.Synthetic != "" && len(c.Args) == 0
}
