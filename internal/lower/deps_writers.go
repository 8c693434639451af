// Other packages' initializers that assign a used variable of another package (a bridge set in an init function).

package lower

import (
	"go/types"
	"sort"

	"golang.org/x/tools/go/ssa"
)

// addInitWriters adds to depPkgs every package of the import closure of the
// package under test whose initializer assigns a variable of another
// package the program uses, and reports whether it added one. Go runs every
// initializer of the test binary before the test: go-toml's unstable sets
// parserbridge.ScanComment in its init function, so a function of go-toml
// calling parserbridge.ScanComment never finds it nil, though parserbridge's
// own initializer leaves it nil. Such a writer's initializer runs whole
// (writers: no slice of it can be trusted to hold the assignment), in
// import order with the others.
func (l *loader) addInitWriters() bool {
	added := false
	for _, tp := range importOrder(l.pkg.Types) {
		p := l.ssa.Package(tp)
		if p == nil || p.Pkg == l.pkg.Types {
			continue
		}
		if _, ok := l.depPkgs[p]; ok || !l.importsUsed(tp) {
			continue
		}
		if g := l.initAssigns(p); g != nil {
			if l.writers == nil {
				l.writers = map[*ssa.Package]bool{}
			}
			l.writers[p] = true
			if l.depPkgs == nil {
				l.depPkgs = map[*ssa.Package]depUse{}
			}
			l.depPkgs[p] = depUse{g, l.depPkgs[g.Pkg].pos}
			added = true
		}
	}
	return added
}

// importsUsed says whether a package imports one whose variables the
// program uses: only such a package can name them (linkname aside), so only
// its initializer is built and scanned.
func (l *loader) importsUsed(tp *types.Package) bool {
	for _, q := range tp.Imports() {
		if p := l.ssa.Package(q); p != nil {
			if _, ok := l.depPkgs[p]; ok {
				return true
			}
		}
	}
	return false
}

// initAssigns returns a variable of another package, used by the program,
// that the initializer of p (its init functions and what they call in p)
// assigns; nil when there is none.
func (l *loader) initAssigns(p *ssa.Package) *ssa.Global {
	p.Build()
	init := p.Func("init")
	if init == nil {
		return nil
	}
	seen := map[*ssa.Function]bool{}
	work := []*ssa.Function{init}
	var found []*ssa.Global
	for len(work) > 0 {
		f := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[f] {
			continue
		}
		seen[f] = true
		work = append(work, f.AnonFuncs...)
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				switch in := in.(type) {
				case *ssa.Store:
					if g, ok := in.Addr.(*ssa.Global); ok && g.Pkg != p && l.globals[g] != nil {
						found = append(found, g)
					}
				case ssa.CallInstruction:
					if c := in.Common(); !l.isImportedInit(c) {
						if callee := c.StaticCallee(); callee != nil && callee.Pkg == p {
							work = append(work, callee)
						}
					}
				}
			}
		}
	}
	if len(found) == 0 {
		return nil
	}
	sort.Slice(found, func(i, j int) bool { return found[i].String() < found[j].String() })
	return found[0]
}
