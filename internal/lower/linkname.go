// Package-level variables whose value comes from elsewhere (//go:linkname, assembly): bound to the variable they name, or rejected.

package lower

import (
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"regexp"
	"strings"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"

	"leapfrog/internal/ir"
)

// A package-level variable declared in Go may get its value elsewhere:
// "//go:linkname local pkg.name" makes it another package's variable (the
// Go declaration has no initializer: math/bits' divideError is the
// runtime's), and assembly may define it (GLOBL). Its Go declaration says
// nothing of its value, so it is never taken as the zero value: the
// variable is the one it is bound to when that one is known (a variable
// of a package of the program that leapfrog interprets, or one of the
// replacement package's variables binding the runtime's, linknames.go),
// and any use of it is rejected otherwise.

// addBindings indexes the variables of the replacement package's
// declaration d whose doc comment says "<name> binds <pkg.var>".
func (l *loader) addBindings(spkg *ssa.Package, d ast.Decl) {
	gd, ok := d.(*ast.GenDecl)
	if !ok || gd.Tok != token.VAR || gd.Doc == nil {
		return
	}
	for _, spec := range gd.Specs {
		for _, id := range spec.(*ast.ValueSpec).Names {
			for _, line := range strings.Split(gd.Doc.Text(), "\n") {
				if rest, ok := strings.CutPrefix(line, id.Name+" binds "); ok {
					if l.bindings == nil {
						l.bindings = map[string]*ssa.Global{}
					}
					l.bindings[strings.TrimRight(strings.Fields(rest)[0], ".:")] = spkg.Var(id.Name)
				}
			}
		}
	}
}

// boundGlobal returns, for a package-level variable bound elsewhere, the
// IR global of the variable it is bound to; ok is false when g is not
// bound elsewhere.
func (l *loader) boundGlobal(g *ssa.Global, pos token.Pos) (ig *ir.Global, ok bool, err error) {
	name := g.Pkg.Pkg.Path() + "." + g.Name()
	target, ok := l.boundTo(g)
	if !ok {
		// A variable of a package leapfrog does not interpret that a
		// variable of the replacement package binds (os.Stdout).
		if !denied(g.Pkg.Pkg.Path()) {
			return nil, false, nil
		}
		l.replacementPkg()
		if l.bindings[name] == nil {
			return nil, false, nil
		}
		target = name
	}
	if target == "" {
		return nil, true, l.unsupported(pos, "package-level variable %s is defined in assembly: its value is not known", name)
	}
	r := l.binding(target)
	if r == nil {
		return nil, true, l.unsupported(pos, "package-level variable %s is bound by //go:linkname to %s, whose value leapfrog does not know", name, target)
	}
	if !types.Identical(deref(r.Type()), deref(g.Type())) && !l.mirrors(deref(g.Type()), deref(r.Type())) {
		return nil, true, l.unsupported(pos, "package-level variable %s is bound by //go:linkname to %s, of another type", name, target)
	}
	ig, err = l.global(r, pos)
	if err == nil && target == name && token.IsExported(g.Name()) {
		ig.Binds = name // os.Args: the emitted test restores it (analysis.globalsUsed)
	}
	return ig, true, err
}

// mirrors reports whether m is the pointer to the mirror of the type t
// points to (the replacement package's *osFile for *os.File).
func (l *loader) mirrors(t, m types.Type) bool {
	pt, ok1 := t.(*types.Pointer)
	pm, ok2 := m.(*types.Pointer)
	if !ok1 || !ok2 {
		return false
	}
	n, ok := pt.Elem().(*types.Named)
	if !ok {
		return false
	}
	mt, err := l.mirrorOf(n)
	return err == nil && mt != nil && types.Identical(mt, pm.Elem())
}

// binding is the variable "path.name" names: a variable of the
// replacement package binding it, or a package of the program whose code
// leapfrog interprets; nil when there is none.
func (l *loader) binding(target string) *ssa.Global {
	l.replacementPkg()
	if r := l.bindings[target]; r != nil {
		return r
	}
	i := strings.LastIndexByte(target, '.')
	if i < 0 || denied(target[:i]) {
		return nil
	}
	if p := l.ssa.ImportedPackage(target[:i]); p != nil {
		return p.Var(target[i+1:])
	}
	return nil
}

// asmGlobl matches the assembly directive defining a symbol of the
// package: "GLOBL ·name(SB)".
var asmGlobl = regexp.MustCompile(`(?m)^\s*GLOBL\s+·(\w+)\(SB\)`)

// boundTo reports whether g is bound elsewhere, and to what: the target of
// its //go:linkname directive, or "" when assembly defines it.
func (l *loader) boundTo(g *ssa.Global) (string, bool) {
	tp := g.Pkg.Pkg
	if l.boundVars == nil {
		l.boundVars = map[*types.Package]map[string]string{}
	}
	bound, ok := l.boundVars[tp]
	if !ok {
		bound = boundVars(l.pkgOfTypes(tp), tp)
		l.boundVars[tp] = bound
	}
	target, ok := bound[g.Name()]
	return target, ok
}

// pkgOfTypes is the loaded package of tp, or nil (the replacement package).
func (l *loader) pkgOfTypes(tp *types.Package) *packages.Package {
	var out *packages.Package
	packages.Visit([]*packages.Package{l.pkg}, func(p *packages.Package) bool { return out == nil }, func(p *packages.Package) {
		if p.Types == tp {
			out = p
		}
	})
	return out
}

// boundVars lists the package-level variables of p bound elsewhere: by a
// //go:linkname directive with a target (to it), by assembly (to "").
func boundVars(p *packages.Package, tp *types.Package) map[string]string {
	out := map[string]string{}
	if p == nil {
		return out
	}
	isVar := func(name string) bool {
		_, ok := tp.Scope().Lookup(name).(*types.Var)
		return ok
	}
	for _, f := range p.Syntax {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				fields := strings.Fields(c.Text)
				if len(fields) == 3 && fields[0] == "//go:linkname" && isVar(fields[1]) && fields[2] != tp.Path()+"."+fields[1] {
					out[fields[1]] = fields[2]
				}
			}
		}
	}
	for _, file := range p.OtherFiles {
		if !strings.HasSuffix(file, ".s") {
			continue
		}
		src, err := os.ReadFile(file)
		if err != nil {
			continue
		}
		for _, m := range asmGlobl.FindAllStringSubmatch(string(src), -1) {
			if isVar(m[1]) {
				out[m[1]] = ""
			}
		}
	}
	return out
}
