// Loading: go/packages + go/ssa, target lookup, and the lazy lowering of targets and callees.

package lower

import (
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"leapfrog/internal/ir"
)

// Result is the outcome of Load.
type Result struct {
	Targets []*Target // one per name lowered successfully, in the order given
	Errors  []error   // per-name failures: "file:line:col: unsupported: <what>" or "no function X in package P"
	Fset    *token.FileSet
	// Pkg is the package's name, path and types; its syntax, types.Info
	// and dependencies are released once lowered (release), as nothing
	// after the front end reads them: kept, they held every dependency's
	// trees per package of a module.
	Pkg *packages.Package
}

// Target is one lowered function asked for by name.
type Target struct {
	Name   string      // as given
	Prog   *ir.Program // the target and everything it calls (Func.Prog)
	Func   *ir.Function
	GoFunc *types.Func // the generic function for an instance
	// Sig is the target's signature (an instance's, its type parameters
	// replaced), and TypeArgs an instance's type arguments as the package
	// writes them ("[int,Point]"; "" for a function that is not generic).
	Sig      *types.Signature
	TypeArgs string
	File     string   // absolute path of the .go file declaring it
	PtrRecv  bool     // method with pointer receiver: IR param 0 is a pointer to the receiver's struct
	Params   []string // Go parameter names in IR param order (receiver first; "_"/unnamed become "argN")
	// Loop directives of the doc comment (directives.go), and the Go variable
	// of each phi of the program.
	KBounds  []LoopBound
	Models   []LoopModels
	PhiNames map[*ir.Phi]string
	// Assume is the precondition (//leapfrog:assume, assume.go): a function
	// of Prog with the target's parameters returning bool, nil when there
	// is none; AssumeText is its Go expression.
	Assume     *ir.Function
	AssumeText string
	// DynTypes maps the names of the program's dynamic types
	// (ir.Program.Types) to their Go types, for the emitted tests.
	DynTypes map[string]types.Type
	// Aborts says, per function of the closure that could not be lowered
	// (an abort stub, aborts.go), why: a run calling one is aborted with
	// that reason. Sorted.
	Aborts []string
}

// Load loads the Go package in dir and lowers each named function ("F", "T.M"
// for methods with value or pointer receivers; "(*T).M" is accepted too) and
// everything it calls into an ir.Program of its own. A program per target
// makes a function's IR, and so its verdicts, independent of which other
// functions were asked for: what a target receives (a pointer parameter may
// be nil) differs from what the package's own call sites pass. It fails only
// when the package cannot be loaded or does not build; unknown or
// unsupported functions are reported per name in Result.Errors. It is Open,
// Lower of each name in order, Release.
func Load(dir string, names []string) (*Result, error) {
	p, err := Open(dir, names)
	if err != nil {
		return nil, err
	}
	res := &Result{Fset: p.Fset}
	for _, name := range names {
		t, err := p.Lower(name)
		var me *MalformedError
		if errors.As(err, &me) {
			return nil, err
		}
		if err != nil {
			res.Errors = append(res.Errors, err)
			continue
		}
		res.Targets = append(res.Targets, t)
	}
	p.Release()
	res.Pkg = p.Pkg
	return res, nil
}

// Package is a loaded package whose functions are lowered on demand, each
// call of Lower into a program of its own: a caller that analyses a
// package's functions one by one holds one program per analysis running,
// not one per function of the package. Its methods are safe for
// concurrent use (lowering is serialized).
//
// Lowering a function depends on what the package lowered before it: the
// IR names of types are given in the order first met (typeMapper.name),
// as are go/ssa's wrappers (closures.go). Once every function has been
// lowered in one order, lowering one again gives the same program, as the
// names it meets were all given (the determinism test in load_test.go).
type Package struct {
	Fset *token.FileSet
	// Pkg is the package's name, path and types; its syntax, types.Info
	// and dependencies are held until Release (see Result.Pkg).
	Pkg *packages.Package

	mu sync.Mutex
	l  *loader // nil once released
}

// MalformedError is Lower's internal error: the lowered program fails the
// IR sanity check (a bug of the front end, not a function it rejects).
type MalformedError struct{ Err error }

func (e *MalformedError) Error() string { return e.Err.Error() }
func (e *MalformedError) Unwrap() error { return e.Err }

// Open loads the Go package in dir and builds its SSA form, ready to lower
// the named functions (names matter for the instances of generic functions
// they name, generic.go). It fails only when the package cannot be loaded
// or does not build.
func Open(dir string, names []string) (*Package, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	pkg, assumes, insts, err := loadPackage(abs, names)
	if err != nil {
		return nil, err
	}
	canon, err := addCanonical(abs, pkg, names) // canonical.go
	if err != nil {
		return nil, err
	}
	b, err := buildPackage(dir, pkg, nil)
	if ob, ok := err.(orderBroken); ok {
		// go/ssa could not build what order.go wrote (a bug of the
		// rewrite): the package once more, the functions that need a
		// rewrite rejected instead, so that the others are analysed.
		if pkg, assumes, insts, err = loadPackage(abs, names); err != nil {
			return nil, err
		}
		if canon, err = addCanonical(abs, pkg, names); err != nil {
			return nil, err
		}
		b, err = buildPackage(dir, pkg, &ob)
	}
	if err != nil {
		return nil, err
	}
	l := newLoader(abs, pkg, b.prog, b.spkg)
	l.assumes, l.instances, l.canon, l.unmodelled, l.orderBroken = assumes, insts, canon, b.unmodelled, b.broken
	return &Package{Fset: pkg.Fset, Pkg: release(pkg), l: l}, nil
}

// Lower lowers the named function and everything it calls into a program
// of its own. An error is the function's rejection ("file:line:col:
// unsupported: <what>", "no function X in package P"), or a
// *MalformedError.
func (p *Package) Lower(name string) (*Target, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	l := p.l
	if l == nil {
		panic("lower: Lower of " + name + " after Release")
	}
	t, err := l.target(name)
	if err != nil {
		return nil, err
	}
	l.finish()
	// The sanity check is always on: it is cheap next to the search, and a
	// malformed program would make every verdict meaningless.
	if err := ir.Check(t.Prog); err != nil {
		return nil, &MalformedError{fmt.Errorf("internal error: the lowered IR of %s in %s is malformed: %v", name, l.pkg.PkgPath, err)}
	}
	l.prog, l.done = nil, nil // the program is the target's alone
	return t, nil
}

// Release drops what lowering needs (syntax, type information and SSA form
// of the package and its dependencies); Pkg stays.
func (p *Package) Release() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.l = nil
}

// release keeps of a loaded package what the stages after lowering read:
// its identity, types and file set.
func release(pkg *packages.Package) *packages.Package {
	return &packages.Package{ID: pkg.ID, Name: pkg.Name, PkgPath: pkg.PkgPath, Types: pkg.Types, Fset: pkg.Fset, Module: pkg.Module}
}

// built is the SSA form of a loaded package.
type built struct {
	prog       *ssa.Program
	spkg       *ssa.Package
	unmodelled map[ast.Node]token.Pos // the functions order.go could not rewrite
	broken     *orderBroken           // the failure of an earlier build, when order.go did not rewrite
}

// orderBroken is a panic of go/ssa building the package once order.go
// rewrote it.
type orderBroken struct{ msg string }

func (o orderBroken) Error() string { return o.msg }

// buildPackage rewrites the statements of every package whose functions may
// be interpreted to gc's order of evaluation (order.go) and builds the
// package's SSA form. Every package of the program is created (their
// syntax is loaded); a package's functions are built when one of them is
// first called (deps.go); instances of generic functions are built for
// their type arguments. A panic of go/ssa on the rewritten syntax is an
// orderBroken error; with broken (the error of such a build), the
// functions are not rewritten: those that need it are unmodelled.
func buildPackage(dir string, pkg *packages.Package, broken *orderBroken) (b *built, err error) {
	b = &built{unmodelled: map[ast.Node]token.Pos{}, broken: broken}
	packages.Visit([]*packages.Package{pkg}, nil, func(p *packages.Package) {
		if p.TypesInfo != nil && !denied(p.PkgPath) {
			reorder(p.Syntax, p.TypesInfo, p.Types, b.unmodelled, broken != nil)
		}
	})
	prog, pkgs := ssautil.AllPackages([]*packages.Package{pkg}, ssa.GlobalDebug|ssa.InstantiateGenerics)
	b.prog, b.spkg = prog, pkgs[0]
	if b.spkg == nil {
		return nil, fmt.Errorf("%s: package %s has type errors", dir, pkg.PkgPath)
	}
	if broken == nil {
		defer func() {
			if r := recover(); r != nil {
				b, err = nil, orderBroken{fmt.Sprint(r)}
			}
		}()
	}
	b.spkg.Build()
	return b, nil
}

// loadPackage loads the package in dir with types and syntax, its files
// extended with the precondition functions of its //leapfrog:assume
// directives and the functions naming the instances of generic functions
// among names (generic.go), and turns load, parse and type errors into one
// error naming the place. Type errors in a precondition or an instance are
// its own (its Err): the package is loaded again without it.
func loadPackage(dir string, names []string) (*packages.Package, []*assumeDecl, []*instanceReq, error) {
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return nil, nil, nil, fmt.Errorf("%s: not a directory", dir)
	}
	assumes, err := scanAssumes(dir)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("%s: %v", dir, err)
	}
	insts, err := scanInstances(dir, names)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("%s: %v", dir, err)
	}
	for attempt := 0; ; attempt++ {
		overlay, err := assumeOverlay(assumes)
		if err == nil {
			err = addInstances(overlay, insts)
		}
		if err != nil {
			return nil, nil, nil, fmt.Errorf("%s: %v", dir, err)
		}
		pkg, err := loadOnce(dir, overlay)
		if err != nil || len(pkg.Errors) == 0 || attempt > 0 {
			if err == nil {
				err = packageError(dir, pkg)
			}
			return pkg, assumes, insts, err
		}
		other := false
		for _, e := range pkg.Errors {
			if !assumeError(assumes, e.Pos, e.Msg, dir) && !instanceError(insts, e.Pos, e.Msg) {
				other = true
			}
		}
		if other {
			return nil, nil, nil, packageError(dir, pkg)
		}
	}
}

// loadOnce loads the package in dir with the overlay.
func loadOnce(dir string, overlay map[string][]byte) (*packages.Package, error) {
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes |
			packages.NeedTypesInfo | packages.NeedImports | packages.NeedDeps,
		Dir:     dir,
		Tests:   false,
		Overlay: overlay,
	}
	pkgs, err := packages.Load(cfg, ".")
	if err != nil {
		return nil, fmt.Errorf("%s: %v", dir, firstLine(err.Error()))
	}
	if len(pkgs) != 1 {
		return nil, fmt.Errorf("%s: no Go package", dir)
	}
	return pkgs[0], nil
}

// packageError is the error of a package that did not load or build, or nil.
func packageError(dir string, pkg *packages.Package) error {
	if len(pkg.Errors) > 0 {
		e := pkg.Errors[0]
		msg := firstLine(e.Msg)
		if strings.Contains(msg, "no Go files") || (len(pkg.GoFiles) == 0 && len(pkg.CompiledGoFiles) == 0) {
			return fmt.Errorf("%s: no Go package", dir)
		}
		if e.Pos != "" && e.Pos != "-" {
			return fmt.Errorf("%s: %s", relPos(dir, e.Pos), msg)
		}
		return fmt.Errorf("%s: %s", dir, msg)
	}
	if len(pkg.GoFiles) == 0 || pkg.Types == nil {
		return fmt.Errorf("%s: no Go package", dir)
	}
	if pkg.IllTyped {
		return fmt.Errorf("%s: package %s has type errors", dir, pkg.PkgPath)
	}
	return nil
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// relPos shortens the file part of a "file:line:col" position to a path relative to dir.
func relPos(dir, pos string) string {
	file, rest := pos, ""
	// The file name may contain ':' (rare); split at the first ':' followed by a digit run to the end.
	for i := 0; i < len(pos); i++ {
		if pos[i] == ':' && i+1 < len(pos) && pos[i+1] >= '0' && pos[i+1] <= '9' {
			file, rest = pos[:i], pos[i:]
			break
		}
	}
	return relFile(dir, file) + rest
}

func relFile(dir, file string) string {
	if r, err := filepath.Rel(dir, file); err == nil && !strings.HasPrefix(r, "..") {
		return r
	}
	return file
}

// loader holds the state of one Load: the package, and for the target being
// lowered the program being built and the functions already lowered (or
// known to fail).
type loader struct {
	chanCtxt *types.Context // instances of the replacement package's queue (chans.go)
	dir      string
	pkg      *packages.Package
	ssa      *ssa.Program
	spkg     *ssa.Package
	prog     *ir.Program
	types    *typeMapper
	done     map[*ssa.Function]*ir.Function // committed to prog
	// wrappers holds the first of go/ssa's wrappers of each name
	// (closures.go: sameWrapper).
	wrappers map[string]*ssa.Function
	// builtinFuncs are the functions made for deferred builtins, by name
	// and signature (builtinFunc), of the program being lowered.
	builtinFuncs map[string]*ir.Function
	failed       map[*ssa.Function]error
	// The abort stubs of the target being lowered (aborts.go): the
	// functions stubbed from the start of each attempt, the stubs made,
	// and whether the closure being lowered may make more.
	aborted    map[*ssa.Function]error
	abortStubs map[*ssa.Function]*ir.Function
	aborting   bool
	nils       *nilFacts               // which pointers may be nil (per target, computed on first use)
	inputs     map[*ssa.Parameter]bool // the target's pointer parameters: inputs, so possibly nil
	calls      map[token.Pos]ast.Expr  // call expressions by the position of their '('

	phiNames map[*ir.Phi]string         // Go variable of lifted phis (directives.go)
	globals  map[*ssa.Global]*ir.Global // the package-level variables the program uses
	assumes  []*assumeDecl              // the package's preconditions (assume.go)

	dynState                                // the program's dynamic types (dyntypes.go)
	typeCases map[token.Pos]*ast.CaseClause // type switch cases by their keyword (ifaces.go)
	asserts   map[token.Pos]token.Pos       // type assertions' starts by their '(' (ifaces.go)

	instances []*instanceReq       // the instances of generic functions named (generic.go)
	canon     map[string]*canonReq // the canonical instances of those named without type arguments (canonical.go)

	bodies       map[*ssa.Function]*ssa.Function // replaced bodies (replace.go)
	repl         *replSet                        // the replacement package, once built (replace.go)
	fallbacks    map[*ssa.Function]*ssa.Function // assembly's pure-Go fallbacks, nil for none (fallback.go)
	pureGoFiles  map[string][]*ast.File          // per package directory, its files only pure-Go builds include (fallback.go)
	fmtReplaced  map[string]*ssa.Function        // fmt's replacements by name, once built (fmt.go)
	files        map[string]string               // Go file -> import path of its package (deps.go)
	replaceFiles map[string]string               // files of the replacement bodies -> their package
	globalNames  map[string]bool                 // IR names given to other packages' globals
	depPkgs      map[*ssa.Package]depUse         // other packages whose globals the program uses (deps_init.go)
	writers      map[*ssa.Package]bool           // of those, packages whose initializer assigns another's used variable (deps_writers.go)
	assigned     map[*ssa.Global]bool            // the package's variables a function but its initializers assigns (seams.go)
	unmodelled   map[ast.Node]token.Pos          // functions with a statement whose order of evaluation is not gc's (order.go)
	orderBroken  *orderBroken                    // go/ssa failed on order.go's rewrite: nothing rewritten, unmodelled says what needed it

	// Variables bound elsewhere (linkname.go): the replacement package's
	// variables by the variable each binds, and per package its variables
	// bound elsewhere, to what.
	bindings  map[string]*ssa.Global
	boundVars map[*types.Package]map[string]string

	// slices holds, for the initializer of another package lowered in part
	// (deps_init.go), the instructions kept and the variables they give
	// their values.
	slices map[*ssa.Function]*initSlice
}

func newLoader(dir string, pkg *packages.Package, prog *ssa.Program, spkg *ssa.Package) *loader {
	l := &loader{
		dir:    dir,
		pkg:    pkg,
		ssa:    prog,
		spkg:   spkg,
		bodies: map[*ssa.Function]*ssa.Function{},
	}
	l.types = newTypeMapper(pkg.Types, pkg.Fset)
	l.types.mirror = l.mirrorOf     // replace_types.go
	l.types.chanQueue = l.chanQueue // chans.go
	return l
}

// target finds and lowers one named function.
func (l *loader) target(name string) (*Target, error) {
	var obj *types.Func
	var fn *ssa.Function
	if _, _, generic := SplitInstance(name); generic {
		var err error
		if fn, obj, err = l.instance(name); err != nil {
			return nil, err
		}
	} else {
		if obj = l.lookup(name); obj == nil {
			return nil, fmt.Errorf("no function %s in package %s", name, l.pkg.PkgPath)
		}
		fn = l.ssa.FuncValue(obj)
		if fn == nil || fn.Pkg != l.spkg {
			return nil, fmt.Errorf("no function %s in package %s", name, l.pkg.PkgPath)
		}
		if isGeneric(fn) {
			if inst := l.usedInstance(fn); inst != nil { // generic.go
				fn = inst
			} else {
				var err error
				if fn, err = l.canonicalInstance(name, fn); err != nil { // canonical.go
					return nil, err
				}
			}
		}
	}
	if err := l.checkTargetSignature(fn); err != nil {
		return nil, err
	}
	ad := l.assumeOf(obj)
	if ad != nil && ad.Err != nil {
		return nil, ad.Err
	}
	var assumeFn *ssa.Function
	if ad != nil {
		if assumeFn = l.spkg.Func(ad.Func); assumeFn == nil {
			return nil, fmt.Errorf("internal error: no precondition function %s", ad.Func)
		}
	}
	// Each function of the closure that cannot be lowered is stood for by
	// an abort stub (aborts.go); one that fails after its callees were
	// lowered makes the target lowered again, from scratch, with it stubbed.
	l.aborted = map[*ssa.Function]error{}
	defer func() { l.aborted = nil }()
	for {
		t, err := l.lowerTarget(name, obj, fn, ad, assumeFn)
		var retry *abortRetry
		if !errors.As(err, &retry) {
			return t, err
		}
		if len(l.aborted) >= maxAborted || l.aborted[retry.fn] != nil {
			return nil, retry.err
		}
		l.aborted[retry.fn] = retry.err
	}
}

// lowerTarget lowers the target fn, found by target, into a program of its
// own.
func (l *loader) lowerTarget(name string, obj *types.Func, fn *ssa.Function, ad *assumeDecl, assumeFn *ssa.Function) (*Target, error) {
	// A fresh program: the target's pointer parameters may be nil whatever
	// the package's call sites pass (and the precondition receives them too).
	l.prog = &ir.Program{}
	l.abortStubs = map[*ssa.Function]*ir.Function{}
	l.done, l.failed, l.slices = map[*ssa.Function]*ir.Function{}, map[*ssa.Function]error{}, nil
	l.nils, l.phiNames, l.globals = nil, nil, map[*ssa.Global]*ir.Global{}
	l.depPkgs, l.globalNames, l.writers, l.builtinFuncs = nil, nil, nil, nil
	l.inputs = map[*ssa.Parameter]bool{}
	for _, f := range []*ssa.Function{fn, assumeFn} {
		if f == nil {
			continue
		}
		for _, p := range f.Params {
			if isPointer(p.Type()) {
				l.inputs[p] = true
			}
		}
	}
	l.resetDyn()
	l.dynamicParams(fn.Params, l.inputs) // dyntypes.go
	irf, err := l.lowerClosureAborting(fn, true)
	if err != nil {
		return nil, err
	}
	sig := fn.Signature
	t := &Target{
		Name:   name,
		Prog:   l.prog,
		Func:   irf,
		GoFunc: obj,
		Sig:    sig,
		File:   l.pkg.Fset.Position(obj.Pos()).Filename,
		Params: paramNames(sig),
	}
	if fn.Origin() != nil {
		t.TypeArgs = l.typeArgs(fn)
	}
	if assumeFn != nil {
		if t.Assume, err = l.lowerClosure(assumeFn); err != nil {
			return nil, err
		}
		t.AssumeText = ad.Text
		t.Assume.Pos = ir.Pos{File: filepath.Base(ad.File), Line: ad.Lines[0].Line, Col: ad.Lines[0].Col}
		for i, p := range t.Assume.Params {
			p.Ident = irf.Params[i].Ident // the target's names ("recv" for an unnamed receiver)
		}
	}
	if err := l.lowerInit(); err != nil {
		return nil, err
	}
	if err := l.finishInterfaces(fn.Params); err != nil { // dyntypes.go
		return nil, err
	}
	if err := l.lowerInit(); err != nil { // the methods lowered may use package-level variables
		return nil, err
	}
	t.DynTypes = map[string]types.Type{}
	for d, gt := range l.dynGo {
		t.DynTypes[d.Name] = gt
	}
	if recv := sig.Recv(); recv != nil {
		_, t.PtrRecv = types.Unalias(recv.Type()).(*types.Pointer)
	}
	if t.KBounds, t.Models, err = l.directives(l.funcDecl(obj.Pos())); err != nil {
		return nil, err
	}
	if l.phiNames == nil {
		l.phiNames = map[*ir.Phi]string{}
	}
	t.PhiNames = l.phiNames
	t.Aborts = l.abortReasons()
	return t, nil
}

// lookup resolves "F", "T.M" or "(*T).M" to a function or declared method of the package.
func (l *loader) lookup(name string) *types.Func { return lookupFunc(l.pkg.Types.Scope(), name) }

// lookupFunc resolves "F", "T.M" or "(*T).M" in a package's scope.
func lookupFunc(scope *types.Scope, name string) *types.Func {
	tname, mname, isMethod := strings.Cut(name, ".")
	if !isMethod {
		f, _ := scope.Lookup(name).(*types.Func)
		return f
	}
	tname = strings.TrimSuffix(strings.TrimPrefix(tname, "(*"), ")")
	tn, _ := scope.Lookup(tname).(*types.TypeName)
	if tn == nil {
		return nil
	}
	named, _ := types.Unalias(tn.Type()).(*types.Named)
	if named == nil {
		return nil
	}
	for i := 0; i < named.NumMethods(); i++ {
		if m := named.Method(i); m.Name() == mname {
			return m
		}
	}
	return nil
}

// checkTargetSignature rejects targets whose inputs or outputs have types
// the IR cannot represent.
func (l *loader) checkTargetSignature(fn *ssa.Function) error {
	sig := fn.Signature
	params := fn.Params
	if sig.Recv() != nil && len(params) > 0 {
		params = params[1:]
	}
	if isGeneric(fn) && sig.Recv() != nil {
		return l.unsupported(fn.Pos(), "method %s of a generic type", fn.Name())
	}
	if isGeneric(fn) {
		return l.unsupported(fn.Pos(), "generic function %s, which the package does not instantiate: give its type arguments, e.g. %s[int]", fn.Name(), fn.Name())
	}
	for _, p := range params {
		if l.holdsFunc(p.Type(), map[types.Type]bool{}) && !l.nameable(p.Type(), map[types.Type]bool{}) {
			return l.unsupported(p.Pos(), "parameter %s of type %s: a test cannot write its stub (a type it cannot name)", p.Name(), typeString(p.Type(), l.pkg.Types))
		}
		if _, err := l.types.irType(p.Type()); err != nil {
			return l.unsupported(p.Pos(), "parameter %s of type %s", p.Name(), typeString(p.Type(), l.pkg.Types))
		}
	}
	for i := 0; i < sig.Results().Len(); i++ {
		r := sig.Results().At(i)
		// A result holding functions is accepted: testgen checks one of
		// function type against nil, and leaves unchecked a value that
		// holds a function that is not nil (unwritable).
		if _, err := l.types.irType(r.Type()); err != nil {
			pos := r.Pos()
			if !pos.IsValid() {
				pos = fn.Pos()
			}
			return l.unsupported(pos, "result of type %s", typeString(r.Type(), l.pkg.Types))
		}
	}
	return nil
}

// lowerClosure lowers fn and its transitive callees. Either all of them are
// committed to the program, or none is and the first failure is returned.
func (l *loader) lowerClosure(root *ssa.Function) (*ir.Function, error) {
	return l.lowerClosureAborting(root, false)
}

// lowerClosureAborting is lowerClosure; when aborting (the target's own
// closure), a function of the closure other than root that cannot be
// lowered is stood for by an abort stub instead of failing the closure
// (aborts.go).
func (l *loader) lowerClosureAborting(root *ssa.Function, aborting bool) (*ir.Function, error) {
	saved := l.aborting
	l.aborting = aborting && l.aborted != nil
	defer func() { l.aborting = saved }()
	if f := l.done[root]; f != nil {
		return f, nil
	}
	if err := l.failed[root]; err != nil {
		return nil, err
	}
	pending := map[*ssa.Function]*ir.Function{}
	var order []*ssa.Function
	from := map[*ssa.Function]callSite{} // where each function was first called from
	// stubOr stands for fn, which cannot be lowered (err), by an abort
	// stub when it may be (aborts.go), else fails with err at the call of
	// the package under test that leads to it.
	stubOr := func(fn *ssa.Function, err error) (*ir.Function, error) {
		if l.canAbort(fn, root, err) {
			if f, ok := l.pendAbort(fn, err, pending, &order); ok {
				return f, nil
			}
		}
		return nil, l.viaTarget(fn, err, from)
	}
	// get returns the IR function for a callee, creating a stub to lower
	// later. The error of a function of another package is the error of
	// the call in the package under test that leads to it (viaTarget).
	get := func(fn *ssa.Function, site callSite) (*ir.Function, error) {
		fn = l.sameWrapper(fn) // closures.go
		if f := l.done[fn]; f != nil {
			return f, nil
		}
		if f := pending[fn]; f != nil {
			return f, nil
		}
		if f := l.abortStubs[fn]; f != nil && l.aborting {
			return f, nil // committed by an earlier closure of the target
		}
		if err := l.aborted[fn]; err != nil && l.aborting {
			if f, ok := l.pendAbort(fn, err, pending, &order); ok {
				return f, nil
			}
		}
		if err := l.failed[fn]; err != nil {
			return stubOr(fn, err)
		}
		if _, ok := from[fn]; !ok {
			from[fn] = site
		}
		f, err := l.stub(fn)
		if err != nil {
			l.failed[fn] = err
			return stubOr(fn, err)
		}
		pending[fn] = f
		order = append(order, fn)
		return f, nil
	}
	rootIR, err := get(root, callSite{})
	if err != nil {
		return nil, err
	}
	for i := 0; i < len(order); i++ {
		fn := order[i]
		if pending[fn].External {
			continue // the engine answers it: its Go body, if any, is not the program's (time.initLocal)
		}
		if err := lowerFunction(l, fn, pending[fn], get); err != nil {
			l.failed[fn] = err
			if l.canAbort(fn, root, err) {
				return nil, &abortRetry{fn, err} // lowered again, fn stubbed, without what it pended
			}
			return nil, l.viaTarget(fn, err, from)
		}
	}
	for _, fn := range order {
		if f := pending[fn]; f.Unsupported != "" {
			l.abortStubs[fn] = f // not done: a closure that cannot abort still fails on fn
		} else {
			l.done[fn] = f
		}
		l.prog.Funcs = append(l.prog.Funcs, pending[fn])
	}
	return rootIR, nil
}

// stub creates the IR function for fn with its name, parameters and results, but no body.
func (l *loader) stub(fn *ssa.Function) (*ir.Function, error) {
	if isGeneric(fn) {
		return nil, l.unsupported(fn.Pos(), "generic function %s", fn.Name())
	}
	closure := fn.Parent() != nil || isWrapper(fn)
	if !l.inTarget(fn) && !closure {
		return l.depStub(fn)
	}
	if (fn.Synthetic != "" && fn.Origin() == nil && fn != l.spkg.Func("init") && !isWrapper(fn) && !isRangeFuncYield(fn)) || fn.Blocks == nil {
		return nil, l.unsupported(fn.Pos(), "call to %s", fn.String())
	}
	name, pkg := l.irName(fn), ""
	if closure {
		name, pkg = l.closureIdent(fn) // closures.go: a replacement body's literal is the replacement package's
	}
	f := &ir.Function{Name: name, Pos: l.irPos(fn.Pos()), Prog: l.prog, Pkg: pkg}
	if err := l.freeParams(fn, f); err != nil { // closures.go: a function literal's free variables come first
		return nil, err
	}
	names := freeNames(fn, paramNames(fn.Signature))
	for i, p := range fn.Params {
		t, err := l.types.irType(p.Type())
		if err != nil {
			return nil, l.unsupported(p.Pos(), "parameter %s of type %s", p.Name(), typeString(p.Type(), l.pkg.Types))
		}
		f.Params = append(f.Params, &ir.Param{Ident: names[i], Typ: t, Index: len(f.Params)})
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

// funcName is "F", "T.M" for value receivers and "(*T).M" for pointer receivers.
func funcName(fn *ssa.Function) string {
	if name, ok := closureName(fn); ok { // closures.go
		return name
	}
	recv := fn.Signature.Recv()
	if recv == nil {
		return fn.Name()
	}
	t := types.Unalias(recv.Type())
	ptr := false
	if p, ok := t.(*types.Pointer); ok {
		t, ptr = types.Unalias(p.Elem()), true
	}
	tname := types.TypeString(t, func(*types.Package) string { return "" })
	if n, ok := t.(*types.Named); ok {
		tname = n.Obj().Name()
	}
	if ptr {
		return "(*" + tname + ")." + fn.Name()
	}
	return tname + "." + fn.Name()
}

// paramNames gives the Go parameter names in IR order: the receiver ("recv"
// when unnamed), then the parameters ("argN", N the IR index, when unnamed or
// "_"). Duplicates get a numeric suffix.
func paramNames(sig *types.Signature) []string {
	var names []string
	seen := map[string]bool{}
	add := func(name, dflt string) {
		if name == "" || name == "_" {
			name = dflt
		}
		base := name
		for i := 1; seen[name]; i++ {
			name = fmt.Sprintf("%s%d", base, i)
		}
		seen[name] = true
		names = append(names, name)
	}
	if r := sig.Recv(); r != nil {
		add(r.Name(), "recv")
	}
	for i := 0; i < sig.Params().Len(); i++ {
		add(sig.Params().At(i).Name(), fmt.Sprintf("arg%d", len(names)))
	}
	return names
}

// finish orders the program's functions by source position and numbers every
// If and Panic: Program.Branches and Program.Panics follow function order,
// then block order, then instruction order.
func (l *loader) finish() {
	fset := l.pkg.Fset
	pos := map[*ir.Function]token.Position{}
	gpos := map[*ir.Global]token.Position{}
	for sf, f := range l.done {
		pos[f] = fset.Position(sf.Pos())
	}
	for sf, f := range l.abortStubs {
		pos[f] = fset.Position(sf.Pos())
	}
	sort.SliceStable(l.prog.Funcs, func(i, j int) bool {
		return sourceOrder(pos[l.prog.Funcs[i]], pos[l.prog.Funcs[j]], l.prog.Funcs[i].Name, l.prog.Funcs[j].Name)
	})
	l.prog.Globals = l.prog.Globals[:0]
	for sg, g := range l.globals {
		l.prog.Globals = append(l.prog.Globals, g)
		gpos[g] = fset.Position(sg.Pos())
	}
	sort.Slice(l.prog.Globals, func(i, j int) bool {
		return sourceOrder(gpos[l.prog.Globals[i]], gpos[l.prog.Globals[j]], l.prog.Globals[i].Ident, l.prog.Globals[j].Ident)
	})
	for i, g := range l.prog.Globals {
		g.Index = i
	}
	l.prog.Types = l.sortedDyns()
	l.prog.Branches, l.prog.Panics = nil, nil
	for _, f := range l.prog.Funcs {
		f.Prog = l.prog
		for _, b := range f.Blocks {
			switch t := b.Terminator().(type) {
			case *ir.If:
				t.ID = len(l.prog.Branches)
				l.prog.Branches = append(l.prog.Branches, t)
			case *ir.Panic:
				t.ID = len(l.prog.Panics)
				l.prog.Panics = append(l.prog.Panics, t)
			}
		}
	}
}

// sourceOrder orders by file, then offset, then name.
func sourceOrder(a, b token.Position, aName, bName string) bool {
	if a.Filename != b.Filename {
		return a.Filename < b.Filename
	}
	if a.Offset != b.Offset {
		return a.Offset < b.Offset
	}
	return aName < bName
}

// unsupported builds the error "file:line:col: unsupported: <what>".
func (l *loader) unsupported(pos token.Pos, format string, args ...any) error {
	return &unsupportedError{pos: l.posString(pos), what: fmt.Sprintf(format, args...)}
}

// posString renders pos as "file:line:col" with the file relative to the
// package directory ("path/file.go:line:col" in another package).
func (l *loader) posString(pos token.Pos) string {
	if !pos.IsValid() {
		return l.dir
	}
	p := l.pkg.Fset.Position(pos)
	if path, target := l.filePkg(p.Filename); !target && path != "" {
		return fmt.Sprintf("%s:%d:%d", l.posFile(p.Filename), p.Line, p.Column)
	}
	return fmt.Sprintf("%s:%d:%d", relFile(l.dir, p.Filename), p.Line, p.Column)
}

// irPos converts a token.Pos to an ir.Pos (the file's base name; its
// package's import path and base name in another package).
func (l *loader) irPos(pos token.Pos) ir.Pos {
	if !pos.IsValid() {
		return ir.Pos{}
	}
	p := l.pkg.Fset.Position(pos)
	return ir.Pos{File: l.posFile(p.Filename), Line: p.Line, Col: p.Column}
}

func typeString(t types.Type, from *types.Package) string {
	return types.TypeString(t, types.RelativeTo(from))
}

// sortedMembers returns the names of the package's members in sorted order.
func sortedMembers(pkg *ssa.Package) []string {
	names := make([]string, 0, len(pkg.Members))
	for name := range pkg.Members {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}
