// Dependencies: functions of other packages (interpreted, replaced, or external), their names, positions and errors.

package lower

import (
	"errors"
	"fmt"
	"go/token"
	"go/types"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"

	"leapfrog/internal/externals"
	"leapfrog/internal/ir"
)

// isGeneric reports whether fn is a generic function not instantiated.
func isGeneric(fn *ssa.Function) bool {
	return fn.TypeParams().Len() > 0 && len(fn.TypeArgs()) == 0
}

// origin is the function whose body fn instantiates (fn itself when it is
// no instance of a generic function).
func origin(fn *ssa.Function) *ssa.Function {
	if o := fn.Origin(); o != nil {
		return o
	}
	return fn
}

// pkgOf is the package declaring fn (the origin's for an instance), or
// nil for a synthetic function of no package.
func pkgOf(fn *ssa.Function) *ssa.Package { return origin(fn).Pkg }

// pkgPath is the import path of the package declaring fn, or "".
func pkgPath(fn *ssa.Function) string {
	if p := pkgOf(fn); p != nil {
		return p.Pkg.Path()
	}
	return ""
}

// inTarget reports whether fn belongs to the package under test (its
// instances included).
func (l *loader) inTarget(fn *ssa.Function) bool { return pkgOf(fn) == l.spkg }

// irName is the IR name of fn: "F", "T.M" or "(*T).M" in the package under
// test (with the type arguments of an instance: "F[int]"), go/ssa's
// qualified name elsewhere ("strings.Index", "(*strings.Builder).String"),
// which is also the key of the table of externals.
func (l *loader) irName(fn *ssa.Function) string {
	if l.inTarget(fn) {
		if fn.Origin() == nil {
			return funcName(fn)
		}
		if recv := fn.Signature.Recv(); recv != nil {
			// A method of an instance of a generic type: "(*List[int]).Push".
			t := types.Unalias(recv.Type())
			p, ptr := t.(*types.Pointer)
			if ptr {
				t = p.Elem()
			}
			tname, m := types.TypeString(t, types.RelativeTo(l.pkg.Types)), fn.Origin().Name()
			if ptr {
				return "(*" + tname + ")." + m
			}
			return tname + "." + m
		}
		return funcName(fn.Origin()) + l.typeArgs(fn)
	}
	return fn.String()
}

// deniedPackages are the packages whose functions are never interpreted:
// the run-time system, reflection, system calls and the operating system.
// A call into them must be an external, or the caller is rejected. Package
// time is interpreted: its clock is read through externals (the engine's
// env.go).
var deniedPackages = []string{"runtime", "unsafe", "reflect", "syscall", "os", "sync", "sync/atomic",
	"internal/abi", "internal/cpu", "internal/godebug", "internal/race", "internal/runtime", "internal/reflectlite",
	"internal/poll", "internal/syscall", "internal/testlog", "internal/goarch", "internal/goos", "iter", "fmt"}

// denied reports whether the package path (or a package under it) is never
// interpreted.
func denied(path string) bool {
	for _, d := range deniedPackages {
		if path == d || strings.HasPrefix(path, d+"/") {
			return true
		}
	}
	return false
}

// depKind says how fn, a function of another package, runs.
type depKind int

const (
	depInterpreted depKind = iota // its Go body is lowered like the package's own
	depReplaced                   // an equivalent Go body is lowered (replace.go, or assembly's Go fallback: fallback.go)
	depExternal                   // run natively (package externals)
)

// depKindOf decides how fn, a function of another package, runs: an
// external when it is in the table of externals; else it is interpreted
// like the package's own functions, its body built on demand (or replaced
// by an equivalent Go body), unless its package is never interpreted or it
// has no Go body (the error is placed at pos).
func (l *loader) depKindOf(fn *ssa.Function, pos token.Pos) (depKind, error) {
	key := fn.String()
	switch {
	case externals.Has(key):
		return depExternal, nil
	case refused(fn) != "":
		return 0, l.unsupported(pos, "call to %s: %s", key, refused(fn))
	case l.replacement(fn) != nil:
		return depReplaced, nil
	case denied(pkgPath(fn)) && fn.Synthetic != "package initializer":
		return 0, l.unsupported(pos, "call to %s (package %s is not interpreted, and this function is not among the externals)", key, pkgPath(fn))
	case fn.Synthetic != "" && fn.Origin() == nil && fn.Synthetic != "package initializer":
		return 0, l.unsupported(pos, "call to %s (%s)", key, fn.Synthetic)
	}
	if p := pkgOf(fn); p != nil && fn.Origin() == nil {
		p.Build()
	}
	if fn.Blocks == nil && l.goFallback(fn) != nil { // fallback.go
		return depReplaced, nil
	}
	if fn.Blocks == nil {
		return 0, l.unsupported(pos, "call to %s (no Go body: assembly or a run-time function, and not among the externals)", key)
	}
	return depInterpreted, nil
}

// depStub makes the IR stub of fn, a function of another package (see
// depKindOf).
func (l *loader) depStub(fn *ssa.Function) (*ir.Function, error) {
	kind, err := l.depKindOf(fn, fn.Pos())
	if err != nil {
		return nil, err
	}
	key := fn.String()
	switch kind {
	case depExternal:
		return l.externalStub(fn, key)
	case depReplaced:
		if l.bodies[fn] = l.replacement(fn); l.bodies[fn] == nil {
			l.bodies[fn] = l.goFallback(fn)
		}
	}
	return l.stubOf(fn, key, pkgPath(fn))
}

// externalStub is the IR function of the external key: parameters and
// results, no body.
func (l *loader) externalStub(fn *ssa.Function, key string) (*ir.Function, error) {
	f, err := l.stubOf(fn, key, pkgPath(fn))
	if err != nil {
		return nil, err
	}
	f.External = true
	return f, nil
}

// stubOf makes the IR function named name in package path with fn's
// parameters and results.
func (l *loader) stubOf(fn *ssa.Function, name, path string) (*ir.Function, error) {
	f := &ir.Function{Name: name, Pos: l.irPos(fn.Pos()), Prog: l.prog, Pkg: path}
	names := paramNames(fn.Signature)
	for i, p := range fn.Params {
		t, err := l.types.irType(p.Type())
		if err != nil {
			return nil, l.unsupported(p.Pos(), "parameter %s of type %s", p.Name(), typeString(p.Type(), l.pkg.Types))
		}
		f.Params = append(f.Params, &ir.Param{Ident: names[i], Typ: t, Index: i})
	}
	if sig := fn.Signature; len(fn.Params) == 0 && (sig.Recv() != nil || sig.Params().Len() > 0) {
		// No body: the parameters come from the signature.
		sig := fn.Signature
		if r := sig.Recv(); r != nil {
			if err := l.stubParam(f, r, names[0], fn.Pos()); err != nil {
				return nil, err
			}
		}
		for i := 0; i < sig.Params().Len(); i++ {
			if err := l.stubParam(f, sig.Params().At(i), names[len(f.Params)], fn.Pos()); err != nil {
				return nil, err
			}
		}
	}
	res := fn.Signature.Results()
	for i := 0; i < res.Len(); i++ {
		t, err := l.types.irType(res.At(i).Type())
		if err != nil {
			return nil, l.unsupported(fn.Pos(), "result of type %s", typeString(res.At(i).Type(), l.pkg.Types))
		}
		f.Results = append(f.Results, t)
	}
	return f, nil
}

func (l *loader) stubParam(f *ir.Function, v *types.Var, name string, pos token.Pos) error {
	t, err := l.types.irType(v.Type())
	if err != nil {
		return l.unsupported(pos, "parameter %s of type %s", v.Name(), typeString(v.Type(), l.pkg.Types))
	}
	f.Params = append(f.Params, &ir.Param{Ident: name, Typ: t, Index: len(f.Params)})
	return nil
}

// body is the ssa function whose body fn's IR function gets: fn's own, or
// its replacement.
func (l *loader) body(fn *ssa.Function) *ssa.Function {
	if r := l.bodies[fn]; r != nil {
		return r
	}
	return fn
}

// callSite is where a function was first called from: the caller and the
// call's position.
type callSite struct {
	caller *ssa.Function
	pos    token.Pos
}

// unsupportedError is "pos: unsupported: what".
type unsupportedError struct {
	pos, what string
	// cause is, for the error viaTarget places at the target's call, the
	// error where the construct is (an abort stub's reason: aborts.go).
	cause *unsupportedError
}

func (e *unsupportedError) Error() string { return e.pos + ": unsupported: " + e.what }

// viaTarget rewrites the error of fn, a function of another package reached
// from the package under test, as the error of the call in the package
// under test that leads to it: "a.go:7:9: unsupported: call to
// strconv.ParseFloat: <what> at strconv/atof.go:12:3".
func (l *loader) viaTarget(fn *ssa.Function, err error, from map[*ssa.Function]callSite) error {
	var ue *unsupportedError
	if l.inTarget(fn) || !errors.As(err, &ue) {
		return err
	}
	callee, site := fn, from[fn]
	for site.caller != nil && !l.inTarget(site.caller) {
		callee, site = site.caller, from[site.caller]
	}
	if site.caller == nil {
		return err
	}
	cause := ue
	if ue.cause != nil {
		cause = ue.cause
	}
	what := ue.what
	var placed error
	if callee != fn || !strings.HasPrefix(what, "call to "+callee.String()) {
		what = fmt.Sprintf("%s at %s", what, ue.pos)
		placed = l.unsupported(l.callStart(site.pos), "call to %s: %s", callee.String(), what)
	} else {
		placed = l.unsupported(l.callStart(site.pos), "%s", what)
	}
	placed.(*unsupportedError).cause = cause
	return placed
}

// fileInfo says which package declares each Go file of the program: the
// package under test gets base names in positions, the others their import
// path before the base name.
func (l *loader) filePkg(file string) (path string, target bool) {
	if l.files == nil {
		l.files = map[string]string{}
		packages.Visit([]*packages.Package{l.pkg}, nil, func(p *packages.Package) {
			for _, f := range p.GoFiles {
				l.files[f] = p.PkgPath
			}
			for _, f := range p.CompiledGoFiles {
				l.files[f] = p.PkgPath
			}
		})
		for f, p := range l.replaceFiles {
			l.files[f] = p
		}
	}
	path, ok := l.files[file]
	if !ok {
		return "", false
	}
	return path, path == l.pkg.PkgPath
}

// posFile is the File of an IR position in file: the base name in the
// package under test, "path/base" in another package.
func (l *loader) posFile(file string) string {
	path, target := l.filePkg(file)
	if target || path == "" {
		return filepath.Base(file)
	}
	return path + "/" + filepath.Base(file)
}

// precheckCall reports, before lowering, why a call cannot be lowered: its
// callee is dynamic, a closure, an uninstantiated generic, or a function of
// another package that cannot run (depKindOf), so that this message wins
// over those of the values it needs (the interface conversions of a
// fmt.Println call).
func (fl *fnLowerer) precheckCall(v *ssa.Call) error {
	callee, err := fl.callee(v.Common(), v.Pos())
	if err != nil {
		return err
	}
	if !fl.l.inTarget(callee) && callee.Parent() == nil && !isGeneric(callee) && !fl.l.aborting {
		if _, err := fl.l.depKindOf(callee, fl.l.callStart(v.Pos())); err != nil {
			return err
		}
	}
	return nil
}
