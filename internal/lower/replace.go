// Replacements: Go bodies interpreted in place of standard-library functions that have none (package replacements).

package lower

import (
	"embed"
	"fmt"
	"go/ast"
	"go/build/constraint"
	"go/constant"
	"go/parser"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"leapfrog/internal/ir"
)

//go:embed replacements/*.go
var replacementFS embed.FS

// forLeapfrog reports whether the build constraint of a replacement file,
// if any, holds with the tag "leapfrog" (and no other): intrinsics.go
// declares the intrinsics without bodies for leapfrog, a native file
// gives them bodies for the differential tests.
func forLeapfrog(f *ast.File) bool {
	for _, g := range f.Comments {
		if g.Pos() > f.Package {
			break
		}
		for _, c := range g.List {
			if constraint.IsGoBuild(c.Text) {
				x, err := constraint.Parse(c.Text)
				if err != nil {
					panic("lower: a replacement file's build constraint: " + err.Error())
				}
				return x.Eval(func(tag string) bool { return tag == "leapfrog" })
			}
		}
	}
	return true
}

// intrinsics are the functions of the replacement package lowered to an
// IR instruction instead of called (their Go bodies are for the
// differential tests): comparable on one operand (typeComparable), on
// two (compares, and keyComparable, which compares its operand with
// itself), or a builtin.
const (
	typeComparableOp ir.BuiltinKind = -1 - iota
	comparesOp
)

var intrinsics = map[string]ir.BuiltinKind{
	replacementPath + ".typeComparable": typeComparableOp,
	replacementPath + ".keyComparable":  comparesOp,
	replacementPath + ".compares":       comparesOp,
	replacementPath + ".sliceLen":       ir.SliceLen,
	replacementPath + ".sliceSwap":      ir.SliceSwap,
	replacementPath + ".sameType":       ir.SameType,
	replacementPath + ".rtypeof":        ir.ReflectTypeOf, // replace_reflect.go
	replacementPath + ".rtypeint":       ir.ReflectTypeInt,
	replacementPath + ".rtypestr":       ir.ReflectTypeStr,
	replacementPath + ".rget":           ir.ReflectGet,
	replacementPath + ".rlen":           ir.ReflectLen,
	replacementPath + ".rcap":           ir.ReflectCap,
	replacementPath + ".risnil":         ir.ReflectIsNil,
	replacementPath + ".rset":           ir.ReflectSet,
	replacementPath + ".raddr":          ir.ReflectAddr,
	replacementPath + ".rnew":           ir.ReflectNew,
	replacementPath + ".rmake":          ir.ReflectMake,
	replacementPath + ".rmapindex":      ir.ReflectMapIndex,
	replacementPath + ".rmapset":        ir.ReflectMapSet,
	replacementPath + ".rmapdelete":     ir.ReflectMapDelete,
	replacementPath + ".rmapkeys":       ir.ReflectMapKeys,
	replacementPath + ".rslice":         ir.ReflectSlice,
	replacementPath + ".rappend":        ir.ReflectAppend,
	replacementPath + ".rcopy":          ir.ReflectCopy,
}

// isIntrinsic reports whether c is a static call of an intrinsic.
func isIntrinsic(c *ssa.CallCommon) bool {
	f := c.StaticCallee()
	if f == nil {
		return false
	}
	_, ok := intrinsics[f.String()]
	return ok
}

// lowerIntrinsic lowers a call of an intrinsic.
func (fl *fnLowerer) lowerIntrinsic(v *ssa.Call) error {
	args, err := fl.operands(v.Pos(), v.Call.Args...)
	if err != nil {
		return err
	}
	var in ir.Instr
	t := ir.Bool
	switch kind := intrinsics[v.Call.StaticCallee().String()]; kind {
	case typeComparableOp:
		in = &ir.Comparable{X: args[0]}
	case comparesOp:
		in = &ir.Comparable{X: args[0], Y: args[len(args)-1]}
	default:
		in = &ir.Builtin{Fn: kind, Args: args}
		if t = reflectBuiltins[kind]; t == nil {
			t = map[ir.BuiltinKind]*ir.Type{ir.SliceLen: ir.I64, ir.SliceSwap: voidType, ir.SameType: ir.Bool}[kind]
		}
	}
	fl.vals[v] = fl.emit(in, t).(ir.Value)
	return nil
}

// replacementPath is the import path the replacement package gets in the
// program (positions in it read "leapfrog/replacements/bytealg.go:12:1").
const replacementPath = "leapfrog/replacements"

// replSet is the replacement package, built into the program, indexed.
type replSet struct {
	pkg *ssa.Package
	// funcs holds each replacing function or method by the name of the
	// function it replaces (a generic one's origin: "unique.Make",
	// "(*sync/atomic.Pointer[T]).Load").
	funcs map[string]*types.Func
	// mirrors holds each type whose structure stands for another's by the
	// other's package path and name ("sync.Mutex", "unique.Handle").
	mirrors map[string]*types.TypeName
	inst    map[*ssa.Function]*ssa.Function // the replacement of each function asked about (nil: none)
}

// replacementPkg returns the replacement package, built into the program
// on first use.
func (l *loader) replacementPkg() *ssa.Package {
	if l.repl == nil {
		l.repl = l.buildReplacements()
	}
	return l.repl.pkg
}

// replacementFunc returns the function name of the replacement package.
func (l *loader) replacementFunc(name string) *ssa.Function {
	f := l.replacementPkg().Func(name)
	if f == nil {
		panic("lower: no function " + name + " among the replacements")
	}
	return f
}

// replacement returns the ssa function whose body replaces fn's, or nil.
// A function or method of the replacement package replaces the one its
// doc comment names ("Lock replaces (*sync.Mutex).Lock"): a function
// another function, a method of a mirror type (replace_types.go) the
// same method of the type it mirrors, and, for a generic function, a
// method of a generic "carrier" type with the same type parameters
// (type makeOf[T comparable] struct{}; "Make replaces unique.Make"),
// instantiated with fn's type arguments; its receiver is no parameter of
// fn's. The signatures must be identical, but for mirrors.
func (l *loader) replacement(fn *ssa.Function) *ssa.Function {
	l.replacementPkg()
	if r, ok := l.repl.inst[fn]; ok {
		return r
	}
	var r *ssa.Function
	if obj := l.repl.funcs[origin(fn).String()]; obj != nil {
		r = l.instantiateReplacement(obj, fn)
	} else if pkgPath(fn) == "fmt" {
		r = l.fmtReplacement(fn) // fmt.go
	}
	l.repl.inst[fn] = r
	return r
}

// instantiateReplacement returns the replacement obj of fn, instantiated
// with fn's type arguments, or nil when their signatures do not match.
func (l *loader) instantiateReplacement(obj *types.Func, fn *ssa.Function) *ssa.Function {
	sig := obj.Type().(*types.Signature)
	targs := fn.TypeArgs()
	recv := sig.Recv()
	if recv == nil {
		if len(targs) > 0 || sig.TypeParams().Len() > 0 || fn.Signature.Recv() != nil {
			return nil
		}
		r := l.ssa.FuncValue(obj)
		if !l.mirrorSig(fn.Signature, r.Signature) {
			return nil
		}
		return r
	}
	t, ptr := types.Unalias(recv.Type()), false
	if p, ok := t.(*types.Pointer); ok {
		t, ptr = types.Unalias(p.Elem()), true
	}
	named, ok := t.(*types.Named)
	if !ok || named.TypeParams().Len() != len(targs) {
		return nil
	}
	var inst types.Type = named
	if len(targs) > 0 {
		var err error
		if inst, err = types.Instantiate(nil, named.Origin(), targs, true); err != nil {
			return nil
		}
	}
	if ptr {
		inst = types.NewPointer(inst)
	}
	r := l.ssa.LookupMethod(inst, obj.Pkg(), obj.Name())
	if r == nil || !l.mirrorSig(fn.Signature, r.Signature) {
		return nil
	}
	if fr := fn.Signature.Recv(); fr != nil && !l.mirrorIdentical(fr.Type(), r.Signature.Recv().Type()) {
		return nil
	}
	return r
}

// carrierReceiver reports whether the body r replacing fn's has a
// receiver that is no parameter of fn's (a generic carrier's).
func carrierReceiver(fn, r *ssa.Function) bool {
	return r != fn && fn.Signature.Recv() == nil && r.Signature.Recv() != nil
}

// buildReplacements compiles the replacement package into the program and
// indexes its functions by the name of the function each replaces, its
// mirror types by the type each mirrors.
func (l *loader) buildReplacements() *replSet {
	files, info := l.parseReplacements(replacementFS, "replacements", replacementPath)
	// The replacement package imports nothing but unsafe: the types it
	// stands in for are mirrored, not named.
	conf := &types.Config{Importer: unsafeOnly{}}
	tpkg, err := conf.Check(replacementPath, l.pkg.Fset, files, info)
	if err != nil {
		panic("lower: the replacement bodies do not type-check: " + err.Error())
	}
	if l.ssa.Package(types.Unsafe) == nil {
		// A program that imports no package using unsafe has none.
		l.ssa.CreatePackage(types.Unsafe, nil, nil, true)
	}
	spkg := l.ssa.CreatePackage(tpkg, files, info, false)
	spkg.Build()
	rs := &replSet{pkg: spkg, funcs: map[string]*types.Func{}, mirrors: map[string]*types.TypeName{}, inst: map[*ssa.Function]*ssa.Function{}}
	if l.replaceFiles == nil {
		l.replaceFiles = map[string]string{}
	}
	l.files = nil // the file index is rebuilt with the replacement files
	for _, f := range files {
		l.replaceFiles[l.pkg.Fset.File(f.Pos()).Name()] = replacementPath
		for _, d := range f.Decls {
			l.addBindings(spkg, d) // linkname.go
			switch d := d.(type) {
			case *ast.FuncDecl:
				if name := replaces(d.Doc, d.Name.Name); name != "" {
					rs.funcs[name] = info.Defs[d.Name].(*types.Func)
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					ts, ok := s.(*ast.TypeSpec)
					if !ok {
						continue
					}
					doc := ts.Doc
					if doc == nil && len(d.Specs) == 1 {
						doc = d.Doc
					}
					if name := replaces(doc, ts.Name.Name); name != "" {
						rs.mirrors[name] = info.Defs[ts.Name].(*types.TypeName)
					}
				}
			}
		}
	}
	return rs
}

// parseReplacements parses the Go files of dir in fsys (its tests and
// the files not for leapfrog left out) as the files of the package path,
// with a types.Info to check them into.
func (l *loader) parseReplacements(fsys embed.FS, dir, path string) ([]*ast.File, *types.Info) {
	entries, err := fsys.ReadDir(dir)
	if err != nil {
		panic("lower: the replacement bodies: " + err.Error())
	}
	var files []*ast.File
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), "_test.go") || e.IsDir() {
			continue
		}
		src, err := fsys.ReadFile(dir + "/" + e.Name())
		if err != nil {
			panic("lower: the replacement bodies: " + err.Error())
		}
		f, err := parser.ParseFile(l.pkg.Fset, path+"/"+e.Name(), src, parser.ParseComments)
		if err != nil {
			panic("lower: the replacement bodies do not parse: " + err.Error())
		}
		if forLeapfrog(f) {
			files = append(files, f)
		}
	}
	info := &types.Info{
		Types:        map[ast.Expr]types.TypeAndValue{},
		Defs:         map[*ast.Ident]types.Object{},
		Uses:         map[*ast.Ident]types.Object{},
		Implicits:    map[ast.Node]types.Object{},
		Instances:    map[*ast.Ident]types.Instance{},
		Scopes:       map[ast.Node]*types.Scope{},
		Selections:   map[*ast.SelectorExpr]*types.Selection{},
		FileVersions: map[*ast.File]string{},
	}
	return files, info
}

// replaces returns what the doc comment of the declaration name says it
// replaces ("<name> replaces <what>"), or "".
func replaces(doc *ast.CommentGroup, name string) string {
	if doc == nil {
		return ""
	}
	for _, line := range strings.Split(doc.Text(), "\n") {
		if what, ok := strings.CutPrefix(line, name+" replaces "); ok {
			if fs := strings.Fields(what); len(fs) > 0 {
				return strings.TrimRight(fs[0], ".:,")
			}
		}
	}
	return ""
}

// unsafeOnly is the replacement package's importer.
type unsafeOnly struct{}

func (unsafeOnly) Import(path string) (*types.Package, error) {
	if path == "unsafe" {
		return types.Unsafe, nil
	}
	return nil, fmt.Errorf("the replacement package imports only unsafe, not %s", path)
}

// stopPanic reports whether the panic v ends leapfrog's run rather than
// unwinding, of which kind, and its message: panic(fatal("...")) of a
// replacement body, a fatal error of Go's run time (FatalPanic: Go never
// goes past it); panic(unmodelled("...")), where the replacement does not
// model what Go does (AbortPanic: Go goes on); the panic of a misbehaving
// iterator (AbortPanic: Go's run-time error is recoverable, not modelled).
func (fl *fnLowerer) stopPanic(v *ssa.Panic) (kind ir.PanicKind, msg string, dyn ssa.Value, ok bool) {
	if msg, ok := rangeFuncPanic(v); ok { // rangefunc.go
		return ir.AbortPanic, msg, nil, true
	}
	mi, ok := v.X.(*ssa.MakeInterface)
	if !ok || pkgPath(fl.sfn) != replacementPath {
		return 0, "", nil, false
	}
	n, ok := mi.X.Type().(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != replacementPath {
		return 0, "", nil, false
	}
	switch n.Obj().Name() {
	case "fatal":
		kind = ir.FatalPanic
	case "unmodelled":
		kind = ir.AbortPanic
	default:
		return 0, "", nil, false
	}
	c, ok := mi.X.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.String {
		return kind, "", mi.X, true // computed: panic(unmodelled("... " + method + " ..."))
	}
	return kind, constant.StringVal(c.Value), nil, true
}

// fatalValue reports whether v is the value of a fatal or abort panic only.
func (fl *fnLowerer) fatalValue(v *ssa.MakeInterface) bool {
	refs := *v.Referrers()
	if len(refs) != 1 {
		return false
	}
	p, ok := refs[0].(*ssa.Panic)
	if !ok {
		return false
	}
	if _, ok := fl.selectMatchedNone(p); ok { // chans.go
		return true
	}
	_, _, _, stops := fl.stopPanic(p)
	return stops
}

// noAddress are reflect's methods that give the address of what a Value
// holds: the engine's memory has objects, not addresses, and a number
// standing for one would be a guess (a test could not reproduce it, and
// the program may order, hash, print or do arithmetic on it).
var noAddress = map[string]bool{"(reflect.Value).Pointer": true, "(reflect.Value).UnsafePointer": true,
	"(reflect.Value).UnsafeAddr": true, "(reflect.Value).InterfaceData": true}

// refused says why fn is not replaced, or "": a method of noAddress, or
// an instance of a replaced generic function that is refused:
// unique.Make of a type holding floats or interfaces, whose canonical
// value Go may pick among equal ones (+0 for -0, by an earlier call).
func refused(fn *ssa.Function) string {
	if noAddress[fn.String()] {
		return "an address, which leapfrog's memory model does not have (objects, not numbers a test could reproduce)"
	}
	if origin(fn).String() == "unique.Make" && len(fn.TypeArgs()) == 1 && holdsFloatOrIface(fn.TypeArgs()[0], false, map[types.Type]bool{}) {
		return "a type holding floats or interfaces (Go's canonical value may be another equal one: -0 for +0)"
	}
	return ""
}

// holdsFloatOrIface reports whether a value of t holds a float, a
// complex number or an interface; through pointers, slices and maps too
// when refs is set (what a call may reach), else only what the value
// itself holds.
func holdsFloatOrIface(t types.Type, refs bool, seen map[types.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&(types.IsFloat|types.IsComplex) != 0
	case *types.Interface:
		return true
	case *types.Array:
		return holdsFloatOrIface(u.Elem(), refs, seen)
	case *types.Slice:
		return refs && holdsFloatOrIface(u.Elem(), refs, seen)
	case *types.Pointer:
		return refs && holdsFloatOrIface(u.Elem(), refs, seen)
	case *types.Map:
		return refs && (holdsFloatOrIface(u.Key(), refs, seen) || holdsFloatOrIface(u.Elem(), refs, seen))
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if holdsFloatOrIface(u.Field(i).Type(), refs, seen) {
				return true
			}
		}
	}
	return false
}
