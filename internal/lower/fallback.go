// Assembly with a pure-Go fallback: the Go function a package itself runs where its assembly is not built.

package lower

import (
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"unicode"
	"unicode/utf8"

	"golang.org/x/tools/go/ssa"
)

// pureGoTags are the build tags under which packages leave their assembly
// out for Go: the ecosystem's convention ("purego") and math/big's own.
var pureGoTags = []string{"purego", "math_big_pure_go"}

// goFallback returns the Go function of fn's package that the package
// itself runs in place of fn, a function with no Go body (assembly), on
// the builds that leave the assembly out, or nil. Two conventions of the
// standard library (and of the modules that follow it) name it:
//
//   - Pure-Go build tags (purego, math_big_pure_go): a file of the package
//     built only under such a tag declares fn with a body that does
//     nothing but call a function G of the package, fn's parameters in
//     order, and return G's results (math/big's addVV calls addVV_g,
//     crypto/md5's block calls blockGeneric). G is the fallback.
//   - An architecture switch (package math): fn is archX, the package
//     declares the constant haveArchX, and the exported function reads
//     "if haveArchX { return archX(...) }; return x(...)": x, X with a
//     lower-case first letter, is the fallback.
//
// Either way the fallback has fn's signature, identical, and a Go body.
// The two must give the same bits, and only exact computations do
// whatever their implementation: integer arithmetic (math/big's loops,
// hashes' blocks), and among floating-point results the operations whose
// value IEEE 754 fixes exactly (floor, ceil, trunc, max, min). math's
// assembly Exp and Log on amd64 round differently from their Go
// fallbacks (the last bit, the overflow threshold, subnormals):
// functions with other floats in their signature get no fallback (math's
// archExp, archLog and archHypot are run natively instead:
// externals.Native).
// fallback_test.go compares them with the real ones, and shows the
// difference for Exp and Log.
func (l *loader) goFallback(fn *ssa.Function) *ssa.Function {
	if l.fallbacks == nil {
		l.fallbacks = map[*ssa.Function]*ssa.Function{}
	}
	if r, ok := l.fallbacks[fn]; ok {
		return r
	}
	var r *ssa.Function
	if p := fn.Pkg; p != nil && fn.Signature.Recv() == nil && fn.Origin() == nil && fn.TypeParams().Len() == 0 && fn.Blocks == nil {
		name := l.pureGoCallee(fn)
		if name == "" {
			name = archFallback(p, fn.Name())
		}
		if name != "" && name != fn.Name() && (exactFloat[name] || !floatSig(fn.Signature)) {
			if g := p.Func(name); g != nil && types.Identical(g.Signature, fn.Signature) {
				p.Build()
				if g.Blocks != nil {
					r = g
				}
			}
		}
	}
	l.fallbacks[fn] = r
	return r
}

// exactFloat are the fallbacks with float results that IEEE 754 defines
// exactly: every implementation gives the same bits (NaN's included in
// Go's, which returns math.NaN()).
var exactFloat = map[string]bool{"floor": true, "ceil": true, "trunc": true, "max": true, "min": true}

// floatSig reports whether a parameter or result of sig holds a
// floating-point number, directly or through what it points to (a
// function with no Go body may write floats through a pointer or a
// slice it is passed).
func floatSig(sig *types.Signature) bool {
	seen := map[types.Type]bool{}
	for _, tup := range []*types.Tuple{sig.Params(), sig.Results()} {
		for i := 0; i < tup.Len(); i++ {
			if holdsFloatOrIface(tup.At(i).Type(), true, seen) {
				return true
			}
		}
	}
	return false
}

// archFallback is x for a function archX of a package declaring the
// constant haveArchX, or "".
func archFallback(p *ssa.Package, name string) string {
	const prefix = "arch"
	if len(name) <= len(prefix) || name[:len(prefix)] != prefix {
		return ""
	}
	rest := name[len(prefix):]
	if c, ok := p.Pkg.Scope().Lookup("have" + "Arch" + rest).(*types.Const); !ok || c.Type().Underlying().(*types.Basic).Info()&types.IsBoolean == 0 {
		return ""
	}
	r, size := utf8.DecodeRuneInString(rest)
	if !unicode.IsUpper(r) {
		return ""
	}
	return string(unicode.ToLower(r)) + rest[size:]
}

// pureGoCallee is the name of the function that fn's declaration in the
// package's pure-Go build calls, fn's parameters in order, as all its
// body does (see goFallback), or "".
func (l *loader) pureGoCallee(fn *ssa.Function) string {
	pos := l.ssa.Fset.Position(fn.Pos())
	if !pos.IsValid() {
		return ""
	}
	dir := filepath.Dir(pos.Filename)
	if l.pureGoFiles == nil {
		l.pureGoFiles = map[string][]*ast.File{}
	}
	files, ok := l.pureGoFiles[dir]
	if !ok {
		files = pureGoOnly(dir)
		l.pureGoFiles[dir] = files
	}
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv != nil || fd.Name.Name != fn.Name() || fd.Body == nil || len(fd.Body.List) != 1 {
				continue
			}
			if name := forwardedTo(fd); name != "" {
				return name
			}
		}
	}
	return ""
}

// pureGoOnly parses the Go files of the package in dir that a build with
// the pure-Go tags includes and the ordinary build leaves out.
func pureGoOnly(dir string) []*ast.File {
	plain, err := build.Default.ImportDir(dir, 0)
	if err != nil {
		return nil
	}
	ctx := build.Default
	ctx.BuildTags = append(append([]string(nil), ctx.BuildTags...), pureGoTags...)
	pure, err := ctx.ImportDir(dir, 0)
	if err != nil || pure.Name != plain.Name {
		return nil
	}
	have := map[string]bool{}
	for _, f := range plain.GoFiles {
		have[f] = true
	}
	var files []*ast.File
	for _, name := range pure.GoFiles {
		if have[name] {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err == nil {
			files = append(files, f)
		}
	}
	return files
}

// forwardedTo is G when the body of fd is "return G(p1, ..., pn)" or
// "G(p1, ..., pn)" with p1..pn fd's parameters in order, or "".
func forwardedTo(fd *ast.FuncDecl) string {
	var call *ast.CallExpr
	switch s := fd.Body.List[0].(type) {
	case *ast.ReturnStmt:
		if len(s.Results) != 1 {
			return ""
		}
		call, _ = s.Results[0].(*ast.CallExpr)
	case *ast.ExprStmt:
		if fd.Type.Results != nil && len(fd.Type.Results.List) > 0 {
			return ""
		}
		call, _ = s.X.(*ast.CallExpr)
	}
	if call == nil || call.Ellipsis.IsValid() {
		return ""
	}
	g, ok := call.Fun.(*ast.Ident)
	if !ok {
		return ""
	}
	var params []string
	for _, field := range fd.Type.Params.List {
		if len(field.Names) == 0 {
			return ""
		}
		for _, n := range field.Names {
			params = append(params, n.Name)
		}
	}
	if len(call.Args) != len(params) {
		return ""
	}
	for i, a := range call.Args {
		if id, ok := a.(*ast.Ident); !ok || id.Name != params[i] || id.Name == "_" {
			return ""
		}
	}
	return g.Name
}
