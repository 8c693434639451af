// source_test.go: the package under test as the oracle sees it: targets, their parameters as scalar leaves, the reach of each function.

package oracle

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"

	"leapfrog/internal/verify"
)

// maxInputs bounds the input space of a function under test.
const maxInputs = 1 << 17

// numFloat32s is the length of the enumeration's lfFloat32s (enumHeader).
const numFloat32s = 88

// leaf is one scalar of a parameter: int8, uint8 or bool.
type leaf struct {
	path string // Go accessor from the parameter: "", ".A", "[1]", ".P[0]"
	typ  string // int8, uint8 or bool
}

// param is one input of a function under test (the receiver first).
type param struct {
	name   string // the Go name, or "recv"
	typ    types.Type
	ptr    bool   // a pointer receiver: nil, or a pointer to each value of its pointee
	leaves []leaf // the scalars of the value (of the pointee for ptr)
	// domain, for a parameter of interface type, is the scenario's function
	// listing its values (lfDomainShape, lfDomainAny, lfDomainError; see
	// domainFunc); the enumeration ranges over them.
	domain string
	// factory: the parameter is of function type, and its domain function
	// returns factories ([]func() T), called once per call of the function
	// under test, so that a stub's state (its calls) is its own.
	factory bool
	// stub: the parameter is of an interface type with a stub (stubbed),
	// which the replay declares.
	stub bool
}

// stubbed mirrors the frontend's rule of the interfaces whose inputs hold
// a stub: with methods, not error, and no type of the package implements
// them (nor a pointer to one).
func (pkg *pkgSource) stubbed(t types.Type) bool {
	it, ok := t.Underlying().(*types.Interface)
	if !ok || it.NumMethods() == 0 || types.Identical(t, types.Universe.Lookup("error").Type()) {
		return false
	}
	for _, n := range pkg.types.Scope().Names() {
		if tn, ok := pkg.types.Scope().Lookup(n).(*types.TypeName); ok && !types.IsInterface(tn.Type()) {
			if types.Implements(tn.Type(), it) || types.Implements(types.NewPointer(tn.Type()), it) {
				return false
			}
		}
	}
	return true
}

// value returns the type of the value the leaves make up (the pointee of a
// pointer receiver).
func (p param) value() types.Type {
	if p.ptr {
		return p.typ.(*types.Pointer).Elem()
	}
	return p.typ
}

// function is one function under test.
type function struct {
	name     string // as leapfrog names it: "F", "(*T).M"
	goName   string // "F" or "M"
	recvType string // "T" for a method with a pointer receiver
	params   []param
	results  int
	decl     *ast.FuncDecl
	loops    bool // LoopsDirective: unknowns with a loop-bound reason are accepted
	// sampled: an input holds a float32, which the enumeration samples
	// (lfFloat32s), or is a string, slice or map, whose values the
	// scenario lists (sizedType): an outcome it does not observe is
	// inconclusive, not unreachable, and a covered claim rests on its
	// case's replay.
	sampled  bool
	inputs   int  // the number of inputs, times the size of each domain of an interface parameter
	ifaces   bool // a parameter is of interface type: unknowns with boundReason are accepted
	recovers bool // the function or one it may call calls recover: panics are checked where they escape only
	// assume is the precondition (the //leapfrog:assume expressions of its
	// doc comment, joined by &&; "" when none): the enumeration runs only
	// the inputs satisfying it.
	assume string
}

// boundReason is the reason of an outcome only inputs beyond the bound of
// interface inputs to their candidates could reach: accepted as unknown in a
// function with interface parameters, as long as no input of the
// enumeration reaches it (the domains are exactly the engine's candidates).
const boundReason = "interface inputs bounded to the dynamic types a test can construct"

// aliasReason is the reason of an outcome only an input pointing into the
// package state reaches (beyond a pointer's fresh object and an interface
// input's sentinel candidates), accepted like boundReason: the domain
// cannot reach it either, or compare objects.
const aliasReason = "pointer inputs bounded to fresh objects (a caller may pass a package-level variable's, or a sentinel error)"

// isBound reports whether reason is one of the input bounds accepted in a
// function with interface parameters.
func isBound(reason string) bool { return reason == boundReason || reason == aliasReason }

// domainFunc names the function of a scenario's _test.go file listing the
// values of an interface type: lfDomain<T>() []T for a type T of the
// package, lfDomainAny() for any and interface{}, lfDomainError() for
// error. It must list nil and every value of every type a test can
// construct that implements T: exactly the engine's candidates. For a
// function type it lists factories, lfDomain<T>() []func() T, a sample:
// "func(int8) (int8, bool)" gives lfDomainFuncint8Toint8Andbool.
func domainFunc(typ string) string {
	switch typ {
	case "any", "interface{}":
		return "lfDomainAny"
	case "error":
		return "lfDomainError"
	}
	return "lfDomain" + strings.NewReplacer("[]", "SliceOf", "map[", "MapOf", "]", "To", "*", "Ptr", ".", "_",
		"func(", "Func", ") ", "To", ", ", "And", "(", "", ")", "").Replace(typ)
}

// sizedType reports whether t is a string, slice or map: an input the
// enumeration cannot exhaust, whose values the scenario lists in
// lfDomain<T>() (domainFunc: lfDomainstring, lfDomainSliceOfint8,
// lfDomainMapOfstringToint8). Such a function is sampled.
func sizedType(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsString != 0
	case *types.Slice, *types.Map:
		return true
	}
	return false
}

// id is the function's name as a Go identifier ("T_M" for "(*T).M").
func (f *function) id() string {
	return strings.NewReplacer("(", "", ")", "", "*", "", ".", "_").Replace(f.name)
}

// pkgSource is the parsed and type-checked source of the package under test.
type pkgSource struct {
	fset  *token.FileSet
	types *types.Package
	funcs map[string]*ast.FuncDecl   // functions by name, methods by "T.M"
	byID  map[string][]*ast.FuncDecl // functions and methods by their own name (reach follows identifiers)
	// domains are the lfDomain functions of the package's _test.go files.
	domains map[string]bool
}

// parsePackage parses and type-checks the non-test .go files of dir, and
// collects the domain functions (domainFunc) of its _test.go files.
func parsePackage(dir string) (*pkgSource, error) {
	fset := token.NewFileSet()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	pkg := &pkgSource{fset: fset, funcs: map[string]*ast.FuncDecl{}, byID: map[string][]*ast.FuncDecl{}, domains: map[string]bool{}}
	var syntax []*ast.File
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			return nil, err
		}
		if strings.HasSuffix(file, "_test.go") {
			f, err := parser.ParseFile(token.NewFileSet(), file, src, parser.SkipObjectResolution)
			if err != nil {
				return nil, err
			}
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && strings.HasPrefix(fd.Name.Name, "lfDomain") {
					pkg.domains[fd.Name.Name] = true
				}
			}
			continue
		}
		f, err := parser.ParseFile(fset, file, src, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		syntax = append(syntax, f)
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			key := fd.Name.Name
			if fd.Recv != nil {
				key = recvName(fd) + "." + key
			}
			pkg.funcs[key] = fd
			pkg.byID[fd.Name.Name] = append(pkg.byID[fd.Name.Name], fd)
		}
	}
	conf := types.Config{Importer: importer.Default()}
	if pkg.types, err = conf.Check("p", fset, syntax, nil); err != nil {
		return nil, fmt.Errorf("type-checking the package: %v", err)
	}
	return pkg, nil
}

// recvName returns the receiver's type name of a method declaration.
func recvName(fd *ast.FuncDecl) string {
	t := fd.Recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name
	}
	return "?"
}

// function returns the function under test called name ("F" or "(*T).M"),
// whose inputs must be int8, uint8 and bool, in arrays and structs, at
// most maxInputs of them (before the interface parameters' domains), or of
// an interface type with a domain function.
func (pkg *pkgSource) function(name string) (*function, error) {
	f := &function{name: name, goName: name}
	var sig *types.Signature
	if strings.HasPrefix(name, "(*") {
		i := strings.Index(name, ").")
		if i < 0 {
			return nil, fmt.Errorf("bad method name %q", name)
		}
		f.recvType, f.goName = name[2:i], name[i+2:]
		f.decl = pkg.funcs[f.recvType+"."+f.goName]
		obj, _ := pkg.types.Scope().Lookup(f.recvType).(*types.TypeName)
		if obj == nil || f.decl == nil {
			return nil, fmt.Errorf("no method %s in the package", name)
		}
		m, _, _ := types.LookupFieldOrMethod(types.NewPointer(obj.Type()), true, pkg.types, f.goName)
		fn, ok := m.(*types.Func)
		if !ok {
			return nil, fmt.Errorf("no method %s in the package", name)
		}
		sig = fn.Type().(*types.Signature)
		// The engine passes nil receivers too: the input is a *T.
		p := param{name: "recv", typ: types.NewPointer(obj.Type()), ptr: true}
		if n := sig.Recv().Name(); n != "" && n != "_" {
			p.name = n
		}
		f.params = append(f.params, p)
	} else {
		fn, ok := pkg.types.Scope().Lookup(name).(*types.Func)
		f.decl = pkg.funcs[name]
		if !ok || f.decl == nil {
			return nil, fmt.Errorf("no function %s in the package", name)
		}
		sig = fn.Type().(*types.Signature)
	}
	for i := 0; i < sig.Params().Len(); i++ {
		v := sig.Params().At(i)
		n := v.Name()
		if n == "" || n == "_" {
			n = fmt.Sprintf("arg%d", len(f.params))
		}
		f.params = append(f.params, param{name: n, typ: v.Type()})
	}
	f.results = sig.Results().Len()
	f.inputs = 1
	for i := range f.params {
		p := &f.params[i]
		_, isFunc := p.typ.Underlying().(*types.Signature)
		if isFunc || pkg.stubbed(p.typ) {
			// A function input, or an interface input the package does not
			// implement, is a stub: the domain lists factories of its values
			// (a fresh one per call, as each case's stub is its own), a
			// sample of the functions or implementations of the type.
			p.domain, p.factory = domainFunc(pkg.typeString(p.typ)), true
			p.stub = !isFunc
			f.ifaces = f.ifaces || !isFunc
			if !pkg.domains[p.domain] {
				return nil, fmt.Errorf("%s: parameter %s of type %s: no %s() in the package's _test.go files", name, p.name, pkg.typeString(p.typ), p.domain)
			}
			f.sampled = true
			continue
		}
		if types.IsInterface(p.typ) || sizedType(p.typ) {
			p.domain = domainFunc(pkg.typeString(p.typ))
			if !pkg.domains[p.domain] {
				return nil, fmt.Errorf("%s: parameter %s of type %s: no %s() in the package's _test.go files", name, p.name, pkg.typeString(p.typ), p.domain)
			}
			if types.IsInterface(p.typ) {
				f.ifaces = true
			} else {
				f.sampled = true
			}
			continue
		}
		var err error
		if p.leaves, err = leaves(p.value(), ""); err != nil {
			return nil, fmt.Errorf("%s: parameter %s: %v", name, p.name, err)
		}
		n := 1
		for _, l := range p.leaves {
			f.sampled = f.sampled || l.typ == "float32"
			switch l.typ {
			case "bool":
				n *= 2
			case "float32":
				n *= numFloat32s
			default:
				n *= 256
			}
			if f.inputs*n > maxInputs {
				return nil, fmt.Errorf("%s has more than %d inputs", name, maxInputs)
			}
		}
		if p.ptr {
			n++ // nil
		}
		f.inputs *= n
	}
	for _, d := range pkg.reach(f) {
		ast.Inspect(d, func(x ast.Node) bool {
			if c, ok := x.(*ast.CallExpr); ok {
				if id, ok := c.Fun.(*ast.Ident); ok && id.Name == "recover" {
					f.recovers = true
				}
				if usesFmt(c) {
					f.recovers = true // fmt recovers the panics of the methods it calls
				}
			}
			return true
		})
	}
	if f.decl.Doc != nil {
		var assume []string
		for _, c := range f.decl.Doc.List {
			if strings.TrimSpace(c.Text) == LoopsDirective {
				f.loops = true
			}
			if e, ok := strings.CutPrefix(c.Text, "//leapfrog:assume "); ok {
				assume = append(assume, "("+strings.TrimSpace(e)+")")
			}
		}
		f.assume = strings.Join(assume, " && ")
	}
	return f, nil
}

// leaves decomposes t into its scalars.
func leaves(t types.Type, path string) ([]leaf, error) {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch u.Kind() {
		case types.Int8:
			return []leaf{{path, "int8"}}, nil
		case types.Uint8:
			return []leaf{{path, "uint8"}}, nil
		case types.Bool:
			return []leaf{{path, "bool"}}, nil
		case types.Float32:
			return []leaf{{path, "float32"}}, nil // a sample (lfFloat32s)
		}
	case *types.Array:
		var out []leaf
		for i := int64(0); i < u.Len(); i++ {
			ls, err := leaves(u.Elem(), fmt.Sprintf("%s[%d]", path, i))
			if err != nil {
				return nil, err
			}
			out = append(out, ls...)
		}
		return out, nil
	case *types.Struct:
		var out []leaf
		for i := 0; i < u.NumFields(); i++ {
			ls, err := leaves(u.Field(i).Type(), path+"."+u.Field(i).Name())
			if err != nil {
				return nil, err
			}
			out = append(out, ls...)
		}
		return out, nil
	}
	return nil, fmt.Errorf("type %s: want int8, uint8, bool, float32, or arrays and structs of them", t)
}

// typeString spells t in the package's own files.
func (pkg *pkgSource) typeString(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string {
		if p == pkg.types {
			return ""
		}
		return p.Name()
	})
}

// literalFormat returns a fmt format printing a value of t as a Go literal,
// and the arguments picking its scalars from the expression x.
func (pkg *pkgSource) literalFormat(t types.Type, x string) (string, []string) {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return "%v", []string{x}
	case *types.Array:
		var fs, args []string
		for i := int64(0); i < u.Len(); i++ {
			f, a := pkg.literalFormat(u.Elem(), fmt.Sprintf("%s[%d]", x, i))
			fs, args = append(fs, f), append(args, a...)
		}
		return pkg.typeString(t) + "{" + strings.Join(fs, ", ") + "}", args
	case *types.Struct:
		var fs, args []string
		for i := 0; i < u.NumFields(); i++ {
			f, a := pkg.literalFormat(u.Field(i).Type(), x+"."+u.Field(i).Name())
			fs, args = append(fs, u.Field(i).Name()+": "+f), append(args, a...)
		}
		return pkg.typeString(t) + "{" + strings.Join(fs, ", ") + "}", args
	}
	panic("oracle: literalFormat of " + t.String())
}

// fmtMethods are the methods fmt calls to print a value.
var fmtMethods = []string{"Error", "Format", "GoString", "String"}

// usesFmt reports whether the call is one of package fmt's.
func usesFmt(c *ast.CallExpr) bool {
	sel, ok := c.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	id, ok := sel.X.(*ast.Ident)
	return ok && id.Name == "fmt"
}

// reach returns the declarations of f and of every function and method it
// names, transitively (by identifier: an over-approximation of the calls),
// and the methods fmt may call on what a call of fmt prints.
func (pkg *pkgSource) reach(f *function) []*ast.FuncDecl {
	seen := map[*ast.FuncDecl]bool{}
	var out []*ast.FuncDecl
	var visit func(d *ast.FuncDecl)
	visit = func(d *ast.FuncDecl) {
		if seen[d] {
			return
		}
		seen[d] = true
		out = append(out, d)
		ast.Inspect(d.Body, func(x ast.Node) bool {
			if id, ok := x.(*ast.Ident); ok {
				for _, d := range pkg.byID[id.Name] {
					visit(d)
				}
			}
			if c, ok := x.(*ast.CallExpr); ok && usesFmt(c) {
				for _, m := range fmtMethods {
					for _, d := range pkg.byID[m] {
						visit(d)
					}
				}
			}
			return true
		})
	}
	visit(f.decl)
	return out
}

// contains reports whether the site lies within the declaration.
func (pkg *pkgSource) contains(d *ast.FuncDecl, s verify.Site) bool {
	start, end := pkg.fset.Position(d.Pos()), pkg.fset.Position(d.End())
	if filepath.Base(start.Filename) != s.File {
		return false
	}
	after := s.Line > start.Line || s.Line == start.Line && s.Col >= start.Column
	before := s.Line < end.Line || s.Line == end.Line && s.Col < end.Column
	return after && before
}

// containsLine reports whether the line "file.go:N" lies within the declaration.
func (pkg *pkgSource) containsLine(d *ast.FuncDecl, line string) bool {
	i := strings.LastIndex(line, ":")
	if i < 0 {
		return false
	}
	var n int
	if _, err := fmt.Sscan(line[i+1:], &n); err != nil {
		return false
	}
	return pkg.contains(d, verify.Site{File: line[:i], Line: n, Col: 1}) ||
		pkg.contains(d, verify.Site{File: line[:i], Line: n, Col: 1 << 20})
}
