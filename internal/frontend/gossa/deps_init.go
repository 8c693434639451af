// Other packages' variables: their IR globals, and their packages' initializers called by Program.Init in dependency order.

package gossa

import (
	"errors"
	"go/token"
	"go/types"
	"sort"
	"strconv"

	"golang.org/x/tools/go/ssa"

	"leapfrog/internal/ir"
)

// depGlobal names the IR global of another package's variable g
// ("utf8$first": its package's name, '$', its name, which no Go name of the
// package under test can be; "$2" after it when two packages share a
// name) and records that its package's initializer must run.
func (l *loader) depGlobal(g *ssa.Global, ig *ir.Global, pos token.Pos) {
	if l.globalNames == nil {
		l.globalNames = map[string]bool{}
	}
	base := g.Pkg.Pkg.Name() + "$" + g.Name()
	name := base
	for i := 2; l.globalNames[name]; i++ {
		name = base + "$" + strconv.Itoa(i)
	}
	l.globalNames[name] = true
	ig.Ident, ig.Pkg = name, g.Pkg.Pkg.Path()
	if l.depPkgs == nil {
		l.depPkgs = map[*ssa.Package]depUse{}
	}
	if _, ok := l.depPkgs[g.Pkg]; !ok {
		l.depPkgs[g.Pkg] = depUse{g, pos}
	}
}

// depUse is the first use of a package's variable: the variable and where.
type depUse struct {
	g   *ssa.Global
	pos token.Pos
}

// lowerDepInits makes Program.Init a function that calls the initializer
// of every other package whose variables the program uses, in dependency
// order (a package after those it imports), then own, the initializer of
// the package under test (nil when it uses none of its variables). Each
// initializer's calls of its imports' initializers are skipped
// (isImportedInit): lowering an initializer may use the variables of
// further packages, whose initializers join the list.
func (l *loader) lowerDepInits(own *ir.Function) error {
	lowered := map[*ssa.Package]*ir.Function{}
	for {
		var next []*ssa.Package
		for p := range l.depPkgs {
			if lowered[p] == nil {
				next = append(next, p)
			}
		}
		if len(next) == 0 {
			break
		}
		sort.Slice(next, func(i, j int) bool { return next[i].Pkg.Path() < next[j].Pkg.Path() })
		for _, p := range next {
			f, err := l.lowerClosure(p.Func("init"))
			if err != nil {
				u := l.depPkgs[p]
				what := err.Error()
				var ue *unsupportedError
				if errors.As(err, &ue) {
					what = ue.what + " at " + ue.pos
				}
				return l.unsupported(u.pos, "package-level variable %s.%s: the initializer of package %s, which gives it its value, cannot be lowered: %s", p.Pkg.Name(), u.g.Name(), p.Pkg.Path(), what)
			}
			lowered[p] = f
		}
	}
	root := &ir.Function{Name: "leapfrog$init", Prog: l.prog}
	b := &ir.Block{Func: root, Comment: "entry"}
	n := 0
	call := func(f *ir.Function) {
		c := &ir.Call{Callee: f}
		ir.NewRegister(c, n, &ir.Type{Kind: ir.KTuple})
		n++
		b.Append(c)
	}
	for _, p := range importOrder(l.pkg.Types) {
		if f := lowered[l.ssa.Package(p)]; f != nil {
			call(f)
		}
	}
	if own != nil {
		call(own)
	}
	b.Append(&ir.Return{})
	root.Blocks = []*ir.Block{b}
	if old := l.prog.Init; old != nil && old.Name == root.Name {
		// Made by an earlier call (lowerInit runs again after the methods
		// of the dynamic types are lowered): replaced.
		for i, f := range l.prog.Funcs {
			if f == old {
				l.prog.Funcs = append(l.prog.Funcs[:i], l.prog.Funcs[i+1:]...)
				break
			}
		}
	}
	l.prog.Funcs = append(l.prog.Funcs, root)
	l.prog.Init = root
	return nil
}

// importOrder lists the packages pkg depends on, each after the packages
// it imports (a depth-first postorder, imports visited by path).
func importOrder(pkg *types.Package) []*types.Package {
	var order []*types.Package
	seen := map[*types.Package]bool{}
	var visit func(p *types.Package)
	visit = func(p *types.Package) {
		if seen[p] {
			return
		}
		seen[p] = true
		imps := append([]*types.Package(nil), p.Imports()...)
		sort.Slice(imps, func(i, j int) bool { return imps[i].Path() < imps[j].Path() })
		for _, q := range imps {
			visit(q)
		}
		order = append(order, p)
	}
	visit(pkg)
	return order
}
