// Other packages' variables: their IR globals, and their packages' initializers called by Program.Init in dependency order.

package lower

import (
	"errors"
	"fmt"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"

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
		l.addInitWriters()
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
			f, err := l.lowerDepInit(p)
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
	if l.repl != nil {
		if f := lowered[l.repl.pkg]; f != nil {
			call(f) // the replacement package (linkname.go) imports none of them
		}
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

// lowerDepInit lowers the initializer of p, another package whose
// variables the program uses. When the whole initializer cannot be lowered
// (io's makes a sync.Pool, whose type holds an unsafe.Pointer), the part
// that gives the used variables their values is (initSlice), provided it
// can be and nothing else needs more of it.
func (l *loader) lowerDepInit(p *ssa.Package) (*ir.Function, error) {
	init := p.Func("init")
	if s := l.slices[init]; s != nil {
		if s.covers(l.usedGlobals(p)) {
			return l.lowerClosure(init)
		}
		return l.reslice(p, init)
	}
	if l.repl != nil && p == l.repl.pkg {
		// The replacement package's initializer gives every variable it
		// binds its value (os.Stdout, os.Args, math/bits' errors): the
		// part for the variables the program uses is lowered, no more (a
		// program writing to os.Stderr does not read the command line,
		// an external the independent encoding does not write).
		if f, err := l.sliceDepInit(p, init, nil); f != nil || err != nil {
			return f, err
		}
		return l.lowerClosure(init)
	}
	saved := l.saveGlobals()
	f, err := l.lowerClosure(init)
	if err == nil || l.writers[p] {
		return f, err
	}
	// The variables the failed attempt met are not the program's: path/
	// filepath's whole initializer stores os.Lstat in lstat, which the part
	// for ErrBadPattern does not need.
	l.restoreGlobals(saved)
	return l.sliceDepInit(p, init, err)
}

// globalsState is what lowering records of the package-level variables a
// program uses: saved before an attempt that may fail and commit nothing.
type globalsState struct {
	globals map[*ssa.Global]*ir.Global
	depPkgs map[*ssa.Package]depUse
	names   map[string]bool
}

func (l *loader) saveGlobals() globalsState {
	return globalsState{maps.Clone(l.globals), maps.Clone(l.depPkgs), maps.Clone(l.globalNames)}
}

func (l *loader) restoreGlobals(s globalsState) {
	l.globals, l.depPkgs, l.globalNames = s.globals, s.depPkgs, s.names
}

// sliceDepInit lowers the part of p's initializer init that gives the
// variables the program uses their values; when it cannot, it returns the
// whole initializer's error, whole (nil, nil when whole is nil).
func (l *loader) sliceDepInit(p *ssa.Package, init *ssa.Function, whole error) (*ir.Function, error) {
	err := whole
	used := l.usedGlobals(p)
	s := sliceInit(init, used)
	if s == nil {
		return nil, err
	}
	delete(l.failed, init)
	if l.slices == nil {
		l.slices = map[*ssa.Function]*initSlice{}
	}
	l.slices[init] = s
	f, serr := l.lowerClosure(init)
	if serr != nil {
		delete(l.slices, init)
		return nil, err // the whole initializer's error: the first obstacle
	}
	if !s.covers(l.usedGlobals(p)) {
		return nil, err
	}
	return f, nil
}

// reslice lowers again the part of p's initializer init lowered before,
// for the variables the program uses now: lowering more functions (the
// methods of the dynamic types, a later target of the package) may use
// variables the part lowered first does not give their values (a use of
// time.Local first, of time.UTC and the day names after). The new part
// gives every variable the old one did; the old lowering is dropped. It
// tries until the part covers what its own lowering uses.
func (l *loader) reslice(p *ssa.Package, init *ssa.Function) (*ir.Function, error) {
	for {
		s, used := l.slices[init], l.usedGlobals(p)
		if s.covers(used) {
			return l.lowerClosure(init)
		}
		for g := range s.vars {
			used[g] = true
		}
		next := sliceInit(init, used)
		if next == nil || next.covers(s.vars) && len(next.vars) == len(s.vars) {
			return nil, fmt.Errorf("the part of it lowered for %s does not give %s its value",
				varNames(s.vars, func(g *ssa.Global) bool { return !strings.HasPrefix(g.Name(), "init$") }),
				varNames(used, func(g *ssa.Global) bool { return !s.vars[g] }))
		}
		if old := l.done[init]; old != nil {
			delete(l.done, init)
			l.prog.Funcs = slices.DeleteFunc(l.prog.Funcs, func(f *ir.Function) bool { return f == old })
		}
		l.slices[init] = next
		if _, err := l.lowerClosure(init); err != nil {
			return nil, err
		}
	}
}

// isReplacementHook reports whether fn is a function of the replacement
// package with no Go body (an intrinsic, or an external the engine
// answers: commandLine, randomBits), which writes none of the package's
// variables: the slice of the package's initializer holds a call of one
// only for a variable it gives a value.
func isReplacementHook(fn *ssa.Function) bool {
	return fn.Pkg != nil && fn.Pkg.Pkg.Path() == replacementPath && fn.Blocks == nil
}

// usedGlobals returns the variables of p the program uses.
func (l *loader) usedGlobals(p *ssa.Package) map[*ssa.Global]bool {
	out := map[*ssa.Global]bool{}
	for g := range l.globals {
		if g.Pkg == p {
			out[g] = true
		}
	}
	return out
}

// initSlice is the part of a package initializer that gives some of its
// variables their values.
type initSlice struct {
	keep map[ssa.Instruction]bool
	vars map[*ssa.Global]bool // the variables it gives their values (and those they are computed from)
}

// slicedOut reports whether instr of fn is left out of fn's lowering: fn is
// an initializer lowered in part, and instr is not in the part.
func (l *loader) slicedOut(fn *ssa.Function, instr ssa.Instruction) bool {
	s := l.slices[fn]
	return s != nil && !s.keep[instr]
}

func (s *initSlice) covers(used map[*ssa.Global]bool) bool {
	for g := range used {
		if !s.vars[g] {
			return false
		}
	}
	return true
}

// varNames lists the names of the variables of set that keep holds for,
// sorted.
func varNames(set map[*ssa.Global]bool, keep func(*ssa.Global) bool) string {
	var ns []string
	for g := range set {
		if keep(g) {
			ns = append(ns, g.Name())
		}
	}
	sort.Strings(ns)
	return strings.Join(ns, ", ")
}

// sliceInit returns the instructions of the package initializer init that
// the values of the variables used depend on: a backward slice from the
// stores into them (and into their fields and elements), closed under
// operands (a variable read joins the used ones), under what writes through
// an address the slice holds (the stores filling a composite literal), and
// holding every terminator and every call of the package's own functions
// (an init function, or a function that may write a used variable). It
// returns nil when the initializer is not the sequence of blocks go/ssa
// builds (no phis expected).
func sliceInit(init *ssa.Function, used map[*ssa.Global]bool) *initSlice {
	vars := map[*ssa.Global]bool{}
	for g := range used {
		vars[g] = true
	}
	for {
		keep := map[ssa.Instruction]bool{}
		var work []ssa.Value // values whose writers join the slice
		var queue []ssa.Instruction
		add := func(i ssa.Instruction) {
			if !keep[i] {
				keep[i] = true
				queue = append(queue, i)
			}
		}
		grown := false
		for _, b := range init.Blocks {
			for _, i := range b.Instrs {
				switch x := i.(type) {
				case *ssa.If, *ssa.Jump, *ssa.Return, *ssa.Panic:
					add(i)
				case ssa.CallInstruction:
					if callee := x.Common().StaticCallee(); callee == nil || callee.Pkg == init.Pkg && !isReplacementHook(callee) {
						add(i)
					}
				case *ssa.Store:
					if g := rootGlobal(x.Addr); g != nil && vars[g] {
						add(i)
					}
				}
			}
		}
		for g := range vars {
			work = append(work, g)
		}
		for len(queue) > 0 || len(work) > 0 {
			for len(queue) > 0 {
				i := queue[len(queue)-1]
				queue = queue[:len(queue)-1]
				var ops [8]*ssa.Value
				for _, op := range i.Operands(ops[:0]) {
					switch v := (*op).(type) {
					case nil:
					case *ssa.Global:
						if v.Pkg == init.Pkg && !vars[v] {
							vars[v], grown = true, true
						}
					case ssa.Instruction:
						add(v)
						if val, ok := v.(ssa.Value); ok && writable(val.Type()) {
							work = append(work, val)
						}
					}
				}
			}
			for len(work) > 0 {
				v := work[len(work)-1]
				work = work[:len(work)-1]
				refs := v.Referrers()
				if refs == nil {
					continue
				}
				for _, r := range *refs {
					if r.Parent() != init {
						continue
					}
					switch x := r.(type) {
					case *ssa.FieldAddr, *ssa.IndexAddr, *ssa.Slice:
						if !keep[r] {
							add(r)
							work = append(work, x.(ssa.Value))
						}
					case *ssa.Store:
						if x.Addr == v {
							add(r)
						}
					case *ssa.MapUpdate:
						if x.Map == v {
							add(r)
						}
					case ssa.CallInstruction:
						add(r)
					case *ssa.Phi:
						return nil
					}
				}
			}
		}
		if !grown {
			return &initSlice{keep: keep, vars: vars}
		}
	}
}

// writable reports whether a value of type t lets what receives it write
// memory (a pointer, a slice, a map): the writes through it join a slice.
func writable(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Slice, *types.Map:
		return true
	}
	return false
}

// rootGlobal returns the variable an address points into (a field or an
// element of it), or nil.
func rootGlobal(v ssa.Value) *ssa.Global {
	for {
		switch x := v.(type) {
		case *ssa.Global:
			return x
		case *ssa.FieldAddr:
			v = x.X
		case *ssa.IndexAddr:
			v = x.X
		default:
			return nil
		}
	}
}
