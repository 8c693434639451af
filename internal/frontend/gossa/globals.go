// Package-level variables: IR globals, and the package initializer as Program.Init.

package gossa

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
	if g.Pkg != l.spkg {
		return nil, l.unsupported(pos, "package-level variable %s.%s of another package", g.Pkg.Pkg.Name(), g.Name())
	}
	t, err := l.types.irType(g.Type())
	if err != nil {
		return nil, l.unsupported(pos, "package-level variable %s of type %s", g.Name(), typeString(deref(g.Type()), l.pkg.Types))
	}
	ig := &ir.Global{Ident: g.Name(), Typ: t}
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
	f, err := l.lowerClosure(l.spkg.Func("init"))
	if err != nil {
		return fmt.Errorf("%v (in the package initializer, which gives the package-level variables their values)", err)
	}
	l.prog.Init = f
	return nil
}

// isImportedInit reports whether a call is go/ssa's call of an imported
// package's initializer (in the package initializer): skipped, since no
// code of another package runs in the IR.
func (l *loader) isImportedInit(c *ssa.CallCommon) bool {
	f, ok := c.Value.(*ssa.Function)
	return ok && f.Pkg != l.spkg && f.Name() == "init" && f.Synthetic != "" && len(c.Args) == 0
}
