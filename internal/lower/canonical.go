// Canonical instances: type arguments chosen for a generic function the package never instantiates.

package lower

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/types"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
)

// canonFile is the file declaring the functions that name the canonical
// instances. The go tool ignores files whose names begin with '_', so no
// file of a package can have this name.
const canonFile = "_leapfrog_canonical.go"

// canonPrefix begins the names of the functions naming canonical
// instances (and the instances named by their type arguments,
// generic.go): they are no code of the package, and the searches over its
// members (its own instances, dynamic types, nil facts) skip them.
const canonPrefix = "leapfrogInstance_"

// canonReq is the canonical instance of a generic function the targets
// name without type arguments: Gen, a function of canonFile, returns it;
// Args renders its type arguments ("[[]int,int]"). Reason, when not
// empty, says why no type arguments were chosen (Gen is then empty).
type canonReq struct {
	Gen    string
	Args   string
	Reason string
}

// canonCandidates are the type arguments tried first, in order, for each
// type parameter; then the terms of its constraint.
var canonCandidates = []types.Type{
	types.Typ[types.Int],
	types.Typ[types.String],
	types.Universe.Lookup("byte").Type(),
	types.Typ[types.Float64],
	types.Typ[types.Bool],
}

// addCanonical chooses, for each generic function of pkg among names
// (named without type arguments), its canonical type arguments
// (canonicalArgs), and extends pkg with canonFile, type-checked on its own
// into pkg's types and syntax, declaring for each "func
// leapfrogInstance_cN() any { return F[args] }", so that go/ssa builds the
// instance. The package's own code, and so the emitted tests, do not
// depend on the file. A function the package instantiates gets one too:
// which instance its target is analysed as is decided from the SSA form
// (target: the package's own first).
func addCanonical(dir string, pkg *packages.Package, names []string) (map[string]*canonReq, error) {
	reqs := map[string]*canonReq{}
	var src strings.Builder
	fmt.Fprintf(&src, "package %s\n\n", pkg.Name)
	qual := types.RelativeTo(pkg.Types)
	n := 0
	for _, name := range names {
		if _, _, inst := SplitInstance(name); inst || reqs[name] != nil {
			continue
		}
		obj := lookupFunc(pkg.Types.Scope(), name)
		if obj == nil {
			continue
		}
		sig := obj.Type().(*types.Signature)
		tps, generic := sig.TypeParams(), types.Type(sig)
		var recv *types.Named
		if sig.Recv() != nil {
			if recv, _ = derefNamed(sig.Recv().Type()); recv == nil {
				continue
			}
			tps, generic = recv.Origin().TypeParams(), recv.Origin()
		}
		if tps.Len() == 0 {
			continue
		}
		args, reason := canonicalArgs(pkg.Types, tps, generic)
		if reason != "" {
			reqs[name] = &canonReq{Reason: reason}
			continue
		}
		var ss []string
		for _, a := range args {
			ss = append(ss, types.TypeString(a, qual))
		}
		r := &canonReq{Gen: fmt.Sprintf("%sc%d", canonPrefix, n), Args: "[" + strings.Join(ss, ",") + "]"}
		n++
		reqs[name] = r
		expr := name + r.Args // F[int]
		if recv != nil {      // a method expression of the instantiated type, with the method's receiver: no wrapper
			expr = recv.Obj().Name() + r.Args + "." + obj.Name()
			if _, ptr := derefNamed(sig.Recv().Type()); ptr {
				expr = "(*" + recv.Obj().Name() + r.Args + ")." + obj.Name()
			}
		}
		fmt.Fprintf(&src, "func %s() any { return %s }\n", r.Gen, expr)
	}
	if n == 0 {
		return reqs, nil
	}
	file := filepath.Join(dir, canonFile)
	f, err := parser.ParseFile(pkg.Fset, file, src.String(), parser.SkipObjectResolution)
	if err != nil {
		return nil, fmt.Errorf("internal error: canonical instances: %v", err)
	}
	info := &types.Info{
		Types:        map[ast.Expr]types.TypeAndValue{},
		Defs:         map[*ast.Ident]types.Object{},
		Uses:         map[*ast.Ident]types.Object{},
		Implicits:    map[ast.Node]types.Object{},
		Selections:   map[*ast.SelectorExpr]*types.Selection{},
		Scopes:       map[ast.Node]*types.Scope{},
		Instances:    map[*ast.Ident]types.Instance{},
		FileVersions: map[*ast.File]string{},
	}
	conf := &types.Config{Sizes: pkg.TypesSizes, Error: func(error) {}}
	if err := types.NewChecker(conf, pkg.Fset, pkg.Types, info).Files([]*ast.File{f}); err != nil {
		// Not expected (each choice was instantiated): the functions
		// fail, naming it, not the package.
		for _, r := range reqs {
			if r.Gen != "" {
				r.Gen, r.Reason = "", fmt.Sprintf("internal error: its canonical instance %s does not type-check: %v", r.Args, err)
			}
		}
		return reqs, nil
	}
	ti := pkg.TypesInfo
	for k, v := range info.Types {
		ti.Types[k] = v
	}
	for k, v := range info.Defs {
		ti.Defs[k] = v
	}
	for k, v := range info.Uses {
		ti.Uses[k] = v
	}
	for k, v := range info.Implicits {
		ti.Implicits[k] = v
	}
	for k, v := range info.Selections {
		ti.Selections[k] = v
	}
	for k, v := range info.Scopes {
		ti.Scopes[k] = v
	}
	if ti.Instances != nil {
		for k, v := range info.Instances {
			ti.Instances[k] = v
		}
	}
	if ti.FileVersions != nil {
		for k, v := range info.FileVersions {
			ti.FileVersions[k] = v
		}
	}
	pkg.Syntax = append(pkg.Syntax, f)
	return reqs, nil
}

// canonicalArgs chooses type arguments for the type parameters tps of
// generic, a function's signature or a type of package pkg: for each type parameter, in order, the first of
// canonCandidates that satisfies its constraint, else the first term of
// the constraint (~[]E gives []E, E replaced by its own choice) that does.
// A constraint naming other type parameters is decided once theirs are;
// it is satisfied by one of its terms, the other parameters replaced. The
// choice is checked by instantiating generic. reason says which type
// parameter has no type argument, or why the choice fails.
func canonicalArgs(pkg *types.Package, tps *types.TypeParamList, generic types.Type) (args []types.Type, reason string) {
	chosen := map[*types.TypeParam]types.Type{}
	for progress := true; progress && len(chosen) < tps.Len(); {
		progress = false
		for i := 0; i < tps.Len(); i++ {
			tp := tps.At(i)
			if chosen[tp] != nil {
				continue
			}
			iface, _ := tp.Constraint().Underlying().(*types.Interface)
			if iface == nil {
				return nil, fmt.Sprintf("type parameter %s has constraint %s, no interface", tp.Obj().Name(), tp.Constraint())
			}
			deps := map[*types.TypeParam]bool{}
			mentions(iface, deps, map[types.Type]bool{})
			open := false
			for d := range deps {
				if d != tp && chosen[d] == nil {
					open = true
				}
			}
			if open {
				continue
			}
			var t types.Type
			if len(deps) == 0 {
				for _, c := range canonCandidates {
					if types.Satisfies(c, iface) {
						t = c
						break
					}
				}
			}
			if t == nil && !deps[tp] {
				for _, term := range terms(iface) {
					c := subst(term, chosen)
					if c != nil && unqualified(c, pkg) && (len(deps) > 0 || types.Satisfies(c, iface)) {
						t = c
						break
					}
				}
			}
			if t == nil {
				return nil, fmt.Sprintf("no type argument leapfrog tries (int, string, byte, float64, bool, the constraint's terms) satisfies %s's constraint %s", tp.Obj().Name(), types.TypeString(tp.Constraint(), types.RelativeTo(pkg)))
			}
			chosen[tp] = t
			progress = true
		}
	}
	for i := 0; i < tps.Len(); i++ {
		tp := tps.At(i)
		if chosen[tp] == nil {
			return nil, fmt.Sprintf("the constraint of %s names type parameters no type argument was chosen for: %s", tp.Obj().Name(), types.TypeString(tp.Constraint(), types.RelativeTo(pkg)))
		}
		args = append(args, chosen[tp])
	}
	if _, err := types.Instantiate(nil, generic, args, true); err != nil {
		return nil, fmt.Sprintf("the type arguments chosen do not satisfy the constraints: %v", err)
	}
	return args, ""
}

// terms returns the types of the terms of a constraint's type set, in
// source order (embedded interfaces flattened; ~T gives T).
func terms(iface *types.Interface) []types.Type {
	var out []types.Type
	var walk func(t types.Type)
	walk = func(t types.Type) {
		switch u := t.(type) {
		case *types.Union:
			for i := 0; i < u.Len(); i++ {
				walk(u.Term(i).Type())
			}
			return
		case *types.TypeParam:
			return
		}
		if in, ok := t.Underlying().(*types.Interface); ok {
			for i := 0; i < in.NumEmbeddeds(); i++ {
				walk(in.EmbeddedType(i))
			}
			return
		}
		out = append(out, t)
	}
	walk(iface)
	return out
}

// mentions adds to set the type parameters t names.
func mentions(t types.Type, set map[*types.TypeParam]bool, seen map[types.Type]bool) {
	if t == nil || seen[t] {
		return
	}
	seen[t] = true
	switch t := t.(type) {
	case *types.TypeParam:
		set[t] = true
	case *types.Basic:
	case *types.Alias:
		mentions(types.Unalias(t), set, seen)
	case *types.Named:
		for i := 0; i < t.TypeArgs().Len(); i++ {
			mentions(t.TypeArgs().At(i), set, seen)
		}
	case *types.Pointer:
		mentions(t.Elem(), set, seen)
	case *types.Slice:
		mentions(t.Elem(), set, seen)
	case *types.Array:
		mentions(t.Elem(), set, seen)
	case *types.Chan:
		mentions(t.Elem(), set, seen)
	case *types.Map:
		mentions(t.Key(), set, seen)
		mentions(t.Elem(), set, seen)
	case *types.Tuple:
		for i := 0; i < t.Len(); i++ {
			mentions(t.At(i).Type(), set, seen)
		}
	case *types.Signature:
		mentions(t.Params(), set, seen)
		mentions(t.Results(), set, seen)
	case *types.Struct:
		for i := 0; i < t.NumFields(); i++ {
			mentions(t.Field(i).Type(), set, seen)
		}
	case *types.Union:
		for i := 0; i < t.Len(); i++ {
			mentions(t.Term(i).Type(), set, seen)
		}
	case *types.Interface:
		for i := 0; i < t.NumExplicitMethods(); i++ {
			mentions(t.ExplicitMethod(i).Type(), set, seen)
		}
		for i := 0; i < t.NumEmbeddeds(); i++ {
			mentions(t.EmbeddedType(i), set, seen)
		}
	default:
		panic(fmt.Sprintf("lower: mentions: unexpected type %T", t))
	}
}

// subst replaces in t the type parameters chosen; nil when t is of a kind
// a canonical type argument is not built of (functions, structs,
// interfaces, channels, instances of generic types).
func subst(t types.Type, chosen map[*types.TypeParam]types.Type) types.Type {
	switch u := t.(type) {
	case *types.TypeParam:
		return chosen[u]
	case *types.Basic:
		return u
	case *types.Named:
		if u.TypeArgs().Len() > 0 || u.TypeParams().Len() > 0 {
			return nil
		}
		return u
	case *types.Alias:
		return subst(types.Unalias(u), chosen)
	case *types.Pointer:
		if e := subst(u.Elem(), chosen); e != nil {
			return types.NewPointer(e)
		}
	case *types.Slice:
		if e := subst(u.Elem(), chosen); e != nil {
			return types.NewSlice(e)
		}
	case *types.Array:
		if e := subst(u.Elem(), chosen); e != nil {
			return types.NewArray(e, u.Len())
		}
	case *types.Map:
		k, e := subst(u.Key(), chosen), subst(u.Elem(), chosen)
		if k != nil && e != nil {
			return types.NewMap(k, e)
		}
	}
	return nil
}

// unqualified reports whether a test of package pkg names t without an
// import: its named types are pkg's or predeclared.
func unqualified(t types.Type, pkg *types.Package) bool {
	switch u := t.(type) {
	case *types.Basic:
		return u.Kind() != types.UnsafePointer && u.Info()&types.IsUntyped == 0
	case *types.Named:
		return u.Obj().Pkg() == nil || u.Obj().Pkg() == pkg
	case *types.Pointer:
		return unqualified(u.Elem(), pkg)
	case *types.Slice:
		return unqualified(u.Elem(), pkg)
	case *types.Array:
		return unqualified(u.Elem(), pkg)
	case *types.Map:
		return unqualified(u.Key(), pkg) && unqualified(u.Elem(), pkg)
	}
	return false
}

// canonicalInstance returns the canonical instance of the generic function
// the target name names without type arguments, or why there is none.
func (l *loader) canonicalInstance(name string, fn *ssa.Function) (*ssa.Function, error) {
	r := l.canon[name]
	if r == nil {
		return nil, fmt.Errorf("internal error: no canonical instance of %s", name)
	}
	if r.Reason != "" && fn.Signature.Recv() != nil {
		return nil, l.unsupported(fn.Pos(), "method %s of a generic type the package does not instantiate: %s", fn.Name(), r.Reason)
	}
	if r.Reason != "" {
		return nil, l.unsupported(fn.Pos(), "generic function %s, which the package does not instantiate: %s: give its type arguments, e.g. %s[int]", fn.Name(), r.Reason, fn.Name())
	}
	inst, _, err := l.returnedInstance(r.Gen)
	return inst, err
}

// derefNamed returns the named type t is or points to, and whether it
// points to it.
func derefNamed(t types.Type) (*types.Named, bool) {
	ptr := false
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t, ptr = p.Elem(), true
	}
	n, _ := types.Unalias(t).(*types.Named)
	return n, ptr
}
