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

	"golang.org/x/tools/go/ast/astutil"

	"leapfrog/internal/report"
)

// globals returns the statements that save each package-level variable the
// function writes and restore it when the case ends (deferred), so that
// every case starts from the values the variables had when the test began:
// the package's initial values, if every test restores what it changes.
// A map, slice or pointer variable is restored with its contents one level
// down (the entries, the elements, the pointee), which a function can
// change without assigning the variable.
func (f *file) globals(r *report.Function) ([]string, error) {
	var out []string
	seen := map[string]bool{}
	for _, name := range r.Globals {
		if seen[name] {
			continue
		}
		seen[name] = true
		v, ok := f.pkg.Scope().Lookup(name).(*types.Var)
		if !ok {
			return nil, fmt.Errorf("testgen: %s writes %s, which is not a package-level variable of %s", r.Function, name, f.pkg.Path())
		}
		T := f.typeName(v.Type())
		old := f.local("old")
		switch u := v.Type().Underlying().(type) {
		case *types.Map:
			entries := f.local("entries")
			maps := f.std("maps")
			out = append(out, fmt.Sprintf("\t\t\tdefer func(%[1]s, %[2]s %[3]s) {\n\t\t\t\t%[4]s = %[1]s\n\t\t\t\tclear(%[1]s)\n\t\t\t\t%[5]s.Copy(%[1]s, %[2]s)\n\t\t\t}(%[4]s, %[5]s.Clone(%[4]s))\n",
				old, entries, T, name, maps))
		case *types.Slice:
			elems := f.local("elems")
			out = append(out, fmt.Sprintf("\t\t\tdefer func(%[1]s, %[2]s %[3]s) {\n\t\t\t\t%[4]s = %[1]s\n\t\t\t\tcopy(%[1]s, %[2]s)\n\t\t\t}(%[4]s, %[5]s.Clone(%[4]s))\n",
				old, elems, T, name, f.std("slices")))
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

// precondition returns the function's precondition as a condition on the
// case's inputs (each parameter p becomes tt.p), or "" when there is none
// or it cannot be rewritten safely (a function literal or a composite
// literal could declare or name things the rewrite would get wrong): the
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
	e = astutil.Apply(e, func(c *astutil.Cursor) bool {
		id, ok := c.Node().(*ast.Ident)
		if !ok {
			return true
		}
		if sel, ok := c.Parent().(*ast.SelectorExpr); ok && sel.Sel == id {
			return true
		}
		if field, ok := fields[id.Name]; ok {
			c.Replace(&ast.SelectorExpr{X: ast.NewIdent(tt), Sel: ast.NewIdent(field)})
		}
		return true
	}, nil).(ast.Expr)
	var b bytes.Buffer
	if err := format.Node(&b, token.NewFileSet(), e); err != nil {
		return ""
	}
	return b.String()
}
