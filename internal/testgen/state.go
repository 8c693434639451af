// What a case sets up around the call: the package-level variables it restores, and the check of the precondition.

package testgen

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ast/astutil"

	"leapfrog/internal/search"
)

// globals returns the statements that save each package-level variable the
// function writes and restore it when the case ends (deferred), so that
// every case starts from the values the variables had when the test began:
// the package's initial values, if every test restores what it changes.
// A map, slice or pointer variable is restored with its contents one level
// down (the entries, the elements, the pointee), which a function can
// change without assigning the variable.
func (f *file) globals(r *search.Result) ([]string, error) {
	var out []string
	seen := map[string]bool{}
	maps := 0 // map variables so far
	for _, name := range r.Globals {
		if seen[name] {
			continue
		}
		seen[name] = true
		v, ok := f.pkg.Scope().Lookup(name).(*types.Var)
		ref := name
		if path, vn, qualified := strings.Cut(name, "."); qualified {
			// A variable of another package (os.Args): one the package
			// imports, directly or not.
			if p := importedPkg(f.pkg, path); p != nil {
				v, ok = p.Scope().Lookup(vn).(*types.Var)
				ref = f.std(path) + "." + vn
			}
		}
		if !ok {
			return nil, fmt.Errorf("testgen: %s writes %s, which is not a package-level variable of %s", r.Function, name, f.pkg.Path())
		}
		name = ref
		T := f.typeName(v.Type())
		old := f.local("old")
		switch u := v.Type().Underlying().(type) {
		case *types.Map:
			entries := f.local("entries")
			if maps++; maps > 1 && !f.stdMaps {
				entries = f.local(fmt.Sprintf("entries%d", maps)) // declared beside the others
			}
			if f.stdMaps {
				out = append(out, fmt.Sprintf("\t\t\tdefer func(%[1]s, %[2]s %[3]s) {\n\t\t\t\t%[4]s = %[1]s\n\t\t\t\tclear(%[1]s)\n\t\t\t\t%[5]s.Copy(%[1]s, %[2]s)\n\t\t\t}(%[4]s, %[5]s.Clone(%[4]s))\n",
					old, entries, T, name, f.std("maps")))
				break
			}
			// Before Go 1.21: no clear, no maps package.
			kName, vName := f.local("k"), f.local("v")
			out = append(out, fmt.Sprintf("\t\t\t%[2]s := %[3]s{}\n\t\t\tfor %[5]s, %[6]s := range %[4]s {\n\t\t\t\t%[2]s[%[5]s] = %[6]s\n\t\t\t}\n"+
				"\t\t\tdefer func(%[1]s %[3]s) {\n\t\t\t\t%[4]s = %[1]s\n\t\t\t\tfor %[5]s := range %[1]s {\n\t\t\t\t\tdelete(%[1]s, %[5]s)\n\t\t\t\t}\n\t\t\t\tfor %[5]s, %[6]s := range %[2]s {\n\t\t\t\t\t%[1]s[%[5]s] = %[6]s\n\t\t\t\t}\n\t\t\t}(%[4]s)\n",
				old, entries, T, name, kName, vName))
		case *types.Slice:
			elems := f.local("elems")
			clone := fmt.Sprintf("append(%s(nil), %s...)", f.convType(v.Type()), name)
			if f.stdMaps {
				clone = f.std("slices") + ".Clone(" + name + ")"
			}
			out = append(out, fmt.Sprintf("\t\t\tdefer func(%[1]s, %[2]s %[3]s) {\n\t\t\t\t%[4]s = %[1]s\n\t\t\t\tcopy(%[1]s, %[2]s)\n\t\t\t}(%[4]s, %[5]s)\n",
				old, elems, T, name, clone))
		case *types.Pointer:
			pointee := f.local("pointee")
			out = append(out, fmt.Sprintf("\t\t\tdefer func(%[1]s %[2]s) { %[3]s = %[1]s }(%[3]s)\n\t\t\tif %[3]s != nil {\n\t\t\t\tdefer func(%[1]s %[2]s, %[4]s %[5]s) { *%[1]s = %[4]s }(%[3]s, *%[3]s)\n\t\t\t}\n",
				old, T, name, pointee, f.typeName(u.Elem())))
		default:
			out = append(out, fmt.Sprintf("\t\t\tdefer func(%[1]s %[2]s) { %[3]s = %[1]s }(%[3]s)\n", old, T, name))
		}
	}
	return out, nil
}

// importedPkg is the package of import path path that p imports, directly
// or not, or nil.
func importedPkg(p *types.Package, path string) *types.Package {
	seen := map[*types.Package]bool{}
	var walk func(*types.Package) *types.Package
	walk = func(q *types.Package) *types.Package {
		if seen[q] {
			return nil
		}
		seen[q] = true
		if q.Path() == path {
			return q
		}
		for _, i := range q.Imports() {
			if r := walk(i); r != nil {
				return r
			}
		}
		return nil
	}
	return walk(p)
}

// precondition returns the function's precondition as a condition on the
// case's inputs (each parameter p becomes tt.p; a package it names is
// imported), or "" when there is none or it cannot be rewritten safely (a
// function literal or a composite literal could declare or name things the
// rewrite would get wrong; a package imported under another name): the
// test then only says it in its doc comment.
func (f *file) precondition(assume string, s *sig, tt string) string {
	if assume == "" {
		return ""
	}
	e, err := parser.ParseExpr(assume)
	if err != nil {
		return ""
	}
	safe := true
	ast.Inspect(e, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.FuncLit, *ast.CompositeLit:
			safe = false
		}
		return safe
	})
	if !safe {
		return ""
	}
	fields := map[string]string{}
	for _, in := range s.ins {
		fields[in.param] = in.field
	}
	type pkgRef struct {
		id  *ast.Ident
		pkg *types.Package
	}
	var pkgs []pkgRef // package names to import, in source order
	e = astutil.Apply(e, func(c *astutil.Cursor) bool {
		id, ok := c.Node().(*ast.Ident)
		if !ok {
			return true
		}
		sel, inSel := c.Parent().(*ast.SelectorExpr)
		if inSel && sel.Sel == id {
			return true
		}
		if field, ok := fields[id.Name]; ok {
			c.Replace(&ast.SelectorExpr{X: ast.NewIdent(tt), Sel: ast.NewIdent(field)})
			return true
		}
		if inSel && f.pkg.Scope().Lookup(id.Name) == nil {
			// A package the function's file imports (utf8.ValidString):
			// the test file imports it too, under a name of its own.
			var imp *types.Package
			for _, p := range f.pkg.Imports() {
				if p.Name() == id.Name {
					imp = p
				}
			}
			if imp == nil {
				safe = false
			} else {
				pkgs = append(pkgs, pkgRef{id, imp})
			}
		}
		return true
	}, nil).(ast.Expr)
	if !safe {
		return ""
	}
	for _, r := range pkgs {
		r.id.Name = f.importName(r.pkg.Path(), r.pkg.Name())
	}
	var b bytes.Buffer
	if err := format.Node(&b, token.NewFileSet(), e); err != nil {
		return ""
	}
	return b.String()
}
