// Replacements: Go bodies interpreted in place of standard-library functions that have none (package replacements).

package gossa

import (
	_ "embed"
	"go/ast"
	"go/parser"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

//go:embed replacements/bytealg.go
var replacementSource string

// replacementPath is the import path the replacement package gets in the
// program (positions in it read "leapfrog/replacements/bytealg.go:12:1").
const replacementPath = "leapfrog/replacements"

// replacement returns the ssa function whose body replaces fn's, or nil:
// a function of the replacement package whose doc comment says "<Name>
// replaces <fn.String()>" and whose signature is identical to fn's.
func (l *loader) replacement(fn *ssa.Function) *ssa.Function {
	if l.replaced == nil {
		l.replaced = l.buildReplacements()
	}
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
	file := replacementPath + "/bytealg.go"
	f, err := parser.ParseFile(l.pkg.Fset, file, replacementSource, parser.ParseComments)
	if err != nil {
		panic("gossa: the replacement bodies do not parse: " + err.Error())
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
	tpkg, err := (&types.Config{}).Check(replacementPath, l.pkg.Fset, []*ast.File{f}, info)
	if err != nil {
		panic("gossa: the replacement bodies do not type-check: " + err.Error())
	}
	spkg := l.ssa.CreatePackage(tpkg, []*ast.File{f}, info, false)
	spkg.Build()
	if l.replaceFiles == nil {
		l.replaceFiles = map[string]string{}
	}
	l.replaceFiles[file] = replacementPath
	l.files = nil // the file index is rebuilt with the replacement file
	for _, d := range f.Decls {
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
	return out
}
