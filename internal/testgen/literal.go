// Go literals for concrete values, typed by go/types.

package testgen

import (
	"fmt"
	"go/types"
	"strconv"
	"strings"

	"leapfrog/internal/expr"
	"leapfrog/internal/report"
)

// Literal renders v as a Go expression of type t, naming types relative to pkg
// (types of other packages are qualified by their package name; imports collects
// their paths).
func Literal(v report.Value, t types.Type, pkg *types.Package, imports map[string]string) string {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			return strconv.FormatBool(v.Bits == 1)
		case u.Info()&types.IsInteger != 0:
			w := v.Type.Width
			if u.Info()&types.IsUnsigned != 0 {
				return strconv.FormatUint(v.Bits&expr.Mask(w), 10)
			}
			return strconv.FormatInt(expr.Signed(v.Bits, w), 10)
		}
	case *types.Array:
		var parts []string
		for _, e := range v.Elems {
			parts = append(parts, Literal(e, u.Elem(), pkg, imports))
		}
		return typeName(t, pkg, imports) + "{" + strings.Join(parts, ", ") + "}"
	case *types.Pointer:
		// nil, or a pointer to a fresh value: &T{...} for composite types,
		// a function literal for the others (&int32(5) is not Go).
		if v.Nil {
			return "nil"
		}
		lit := Literal(v.Elems[0], u.Elem(), pkg, imports)
		switch u.Elem().Underlying().(type) {
		case *types.Struct, *types.Array:
			return "&" + lit
		}
		return "func() " + typeName(t, pkg, imports) + " { v := " + typeName(u.Elem(), pkg, imports) + "(" + lit + "); return &v }()"
	case *types.Struct:
		var parts []string
		for i, e := range v.Elems {
			if isZero(e) {
				continue
			}
			f := u.Field(i)
			parts = append(parts, f.Name()+": "+Literal(e, f.Type(), pkg, imports))
		}
		return typeName(t, pkg, imports) + "{" + strings.Join(parts, ", ") + "}"
	}
	panic(fmt.Sprintf("testgen: no literal for %s", t))
}

func isZero(v report.Value) bool {
	if v.Elems == nil {
		return v.Bits == 0
	}
	for _, e := range v.Elems {
		if !isZero(e) {
			return false
		}
	}
	return true
}

// typeName names t in package pkg, recording the imports it needs.
func typeName(t types.Type, pkg *types.Package, imports map[string]string) string {
	return types.TypeString(t, func(p *types.Package) string {
		if p == pkg {
			return ""
		}
		imports[p.Path()] = p.Name()
		return p.Name()
	})
}
