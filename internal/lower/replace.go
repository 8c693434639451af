// Replacements: Go bodies interpreted in place of standard-library functions that have none (package replacements).

package lower

import (
	"embed"
	"go/ast"
	"go/build/constraint"
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
// differential tests).
var intrinsics = map[string]bool{
	replacementPath + ".typeComparable": true,
}

// isIntrinsic reports whether c is a static call of an intrinsic.
func isIntrinsic(c *ssa.CallCommon) bool {
	f := c.StaticCallee()
	return f != nil && intrinsics[f.String()]
}

// lowerIntrinsic lowers a call of an intrinsic.
func (fl *fnLowerer) lowerIntrinsic(v *ssa.Call) error {
	x, err := fl.value(v.Call.Args[0], v.Pos())
	if err != nil {
		return err
	}
	fl.vals[v] = fl.emit(&ir.Comparable{X: x}, ir.Bool).(ir.Value)
	return nil
}

// replacementPath is the import path the replacement package gets in the
// program (positions in it read "leapfrog/replacements/bytealg.go:12:1").
const replacementPath = "leapfrog/replacements"

// replacementPkg returns the replacement package, built into the program
// on first use.
func (l *loader) replacementPkg() *ssa.Package {
	if l.replaced == nil {
		l.replaced = l.buildReplacements()
	}
	return l.replPkg
}

// replacementFunc returns the function name of the replacement package.
func (l *loader) replacementFunc(name string) *ssa.Function {
	f := l.replacementPkg().Func(name)
	if f == nil {
		panic("lower: no function " + name + " among the replacements")
	}
	return f
}

// replacement returns the ssa function whose body replaces fn's, or nil:
// a function of the replacement package whose doc comment says "<Name>
// replaces <fn.String()>" and whose signature is identical to fn's.
func (l *loader) replacement(fn *ssa.Function) *ssa.Function {
	l.replacementPkg()
	r := l.replaced[fn.String()]
	if r == nil || !types.Identical(r.Signature, fn.Signature) {
		return nil
	}
	return r
}

// buildReplacements compiles the replacement package into the program and
// indexes its functions by the name of the function each replaces.
func (l *loader) buildReplacements() map[string]*ssa.Function {
	out := map[string]*ssa.Function{}
	entries, err := replacementFS.ReadDir("replacements")
	if err != nil {
		panic("lower: the replacement bodies: " + err.Error())
	}
	var files []*ast.File
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		src, err := replacementFS.ReadFile("replacements/" + e.Name())
		if err != nil {
			panic("lower: the replacement bodies: " + err.Error())
		}
		f, err := parser.ParseFile(l.pkg.Fset, replacementPath+"/"+e.Name(), src, parser.ParseComments)
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
	tpkg, err := (&types.Config{}).Check(replacementPath, l.pkg.Fset, files, info)
	if err != nil {
		panic("lower: the replacement bodies do not type-check: " + err.Error())
	}
	spkg := l.ssa.CreatePackage(tpkg, files, info, false)
	spkg.Build()
	l.replPkg = spkg
	if l.replaceFiles == nil {
		l.replaceFiles = map[string]string{}
	}
	l.files = nil // the file index is rebuilt with the replacement files
	for _, f := range files {
		l.replaceFiles[l.pkg.Fset.File(f.Pos()).Name()] = replacementPath
		for _, d := range f.Decls {
			l.addBindings(spkg, d) // linkname.go
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Doc == nil {
				continue
			}
			for _, line := range strings.Split(fd.Doc.Text(), "\n") {
				if name, ok := strings.CutPrefix(line, fd.Name.Name+" replaces "); ok {
					if sf := spkg.Func(fd.Name.Name); sf != nil {
						out[strings.TrimRight(strings.Fields(name)[0], ".:")] = sf
					}
				}
			}
		}
	}
	return out
}
