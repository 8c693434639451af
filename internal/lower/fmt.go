// fmt: its printing functions replaced by Go bodies (replacements/fmt), the dynamic types they box, reflect's type names.

package lower

import (
	"embed"
	"fmt"
	"go/ast"
	"go/types"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"leapfrog/internal/externals"
	"leapfrog/internal/ir"
)

//go:embed replacements/fmt/*.go
var fmtFS embed.FS

// fmtPath is the import path the fmt replacement package gets in the
// program.
const fmtPath = externals.FmtPath

// fmtReplacement returns the function of the fmt replacement package that
// replaces fn, a function of fmt, or nil. The package is built on first
// use: it imports fmt's own dependencies (strconv, io, errors,
// unicode/utf8) and fmt's interfaces, which the program has loaded when
// it calls fmt.
func (l *loader) fmtReplacement(fn *ssa.Function) *ssa.Function {
	if l.fmtReplaced == nil {
		l.fmtReplaced = l.buildFmtReplacement()
	}
	r := l.fmtReplaced[fn.String()]
	if r == nil || !types.Identical(r.Signature, fn.Signature) {
		return nil
	}
	return r
}

// buildFmtReplacement compiles the fmt replacement package into the
// program and indexes its functions by the name of the function each
// replaces. Unlike the replacement package, it imports packages: fmt's
// own dependencies, which the program has loaded.
func (l *loader) buildFmtReplacement() map[string]*ssa.Function {
	files, info := l.parseReplacements(fmtFS, "replacements/fmt", fmtPath)
	tpkg, err := (&types.Config{Importer: loadedImporter{l.ssa}}).Check(fmtPath, l.pkg.Fset, files, info)
	if err != nil {
		panic("lower: the fmt replacement does not type-check: " + err.Error())
	}
	spkg := l.ssa.CreatePackage(tpkg, files, info, false)
	spkg.Build()
	out := map[string]*ssa.Function{}
	l.files = nil // the file index is rebuilt with the replacement files
	for _, f := range files {
		l.replaceFiles[l.pkg.Fset.File(f.Pos()).Name()] = fmtPath
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				if name := replaces(fd.Doc, fd.Name.Name); name != "" && spkg.Func(fd.Name.Name) != nil {
					out[name] = spkg.Func(fd.Name.Name)
				}
			}
		}
	}
	return out
}

// loadedImporter imports the packages the program has loaded (the fmt
// replacement imports only dependencies of fmt).
type loadedImporter struct{ prog *ssa.Program }

func (i loadedImporter) Import(path string) (*types.Package, error) {
	if p := i.prog.ImportedPackage(path); p != nil {
		return p.Pkg, nil
	}
	return nil, fmt.Errorf("package %s is not loaded", path)
}

// fmtParts gives a dynamic type to every part of every dynamic type of a
// program that calls fmt's printing functions (the fields of structs, the
// elements of arrays, slices, maps and pointers, a map's keys, but no
// interface: what one holds has a dynamic type already): the printer
// boxes each part it prints, as reflect's Value.Interface does, to look
// for its methods. They are no candidates of interface inputs
// (fmtOnly). It reports whether it made any.
func (l *loader) fmtParts() bool {
	if l.fmtReplaced == nil || !l.callsFmt() {
		return false
	}
	var todo []types.Type
	l.dyns.Iterate(func(t types.Type, d any) {
		if !d.(*ir.DynType).Stub { // a stub's Go type is a stand-in, of no parts
			todo = append(todo, t)
		}
	})
	sort.Slice(todo, func(i, j int) bool { return l.dynName(todo[i]) < l.dynName(todo[j]) })
	made := false
	for len(todo) > 0 {
		t := todo[0]
		todo = todo[1:]
		var parts []types.Type
		switch u := t.Underlying().(type) {
		case *types.Struct:
			for i := 0; i < u.NumFields(); i++ {
				parts = append(parts, u.Field(i).Type())
			}
		case *types.Array:
			parts = append(parts, u.Elem())
		case *types.Slice:
			parts = append(parts, u.Elem())
		case *types.Pointer:
			parts = append(parts, u.Elem())
		case *types.Map:
			parts = append(parts, u.Key(), u.Elem())
		}
		for _, p := range parts {
			if types.IsInterface(p) || l.dyns.At(p) != nil {
				continue
			}
			if _, err := l.dynType(p, 0); err != nil {
				continue // a part the IR cannot hold: the value could not be built either
			}
			l.fmtOnly[p] = true
			todo = append(todo, p)
			made = true
		}
	}
	return made
}

// fmtMethods are the methods fmt calls to print a value.
var fmtMethods = map[string]bool{"Format": true, "GoString": true, "Error": true, "String": true}

// callsFmt reports whether the program has a function of the fmt
// replacement package.
func (l *loader) callsFmt() bool {
	for _, f := range l.prog.Funcs {
		if f.Pkg == fmtPath {
			return true
		}
	}
	return false
}

// reflectName is reflect's Type.String() of t (fmt's %T): named types
// qualified by their package's name (the type arguments of an instance
// by their package's path), the predeclared byte and rune as uint8 and
// int32, struct fields with their tags quoted. (A type declared in a
// function and used as a type argument is written without the "·N"
// suffix reflect gives it.)
func reflectName(t types.Type) string {
	var b strings.Builder
	writeReflectName(&b, t, false)
	return b.String()
}

func writeReflectName(b *strings.Builder, t types.Type, path bool) {
	switch t := t.(type) {
	case *types.Alias:
		writeReflectName(b, types.Unalias(t), path)
	case *types.Basic:
		b.WriteString(types.Typ[t.Kind()].Name())
	case *types.Named:
		obj := t.Obj()
		if p := obj.Pkg(); p != nil {
			if path {
				b.WriteString(p.Path())
			} else {
				b.WriteString(p.Name())
			}
			b.WriteByte('.')
		}
		b.WriteString(obj.Name())
		if args := t.TypeArgs(); args.Len() > 0 {
			b.WriteByte('[')
			for i := 0; i < args.Len(); i++ {
				if i > 0 {
					b.WriteByte(',')
				}
				writeReflectName(b, args.At(i), true)
			}
			b.WriteByte(']')
		}
	case *types.Pointer:
		b.WriteByte('*')
		writeReflectName(b, t.Elem(), path)
	case *types.Slice:
		b.WriteString("[]")
		writeReflectName(b, t.Elem(), path)
	case *types.Array:
		b.WriteString("[" + strconv.FormatInt(t.Len(), 10) + "]")
		writeReflectName(b, t.Elem(), path)
	case *types.Map:
		b.WriteString("map[")
		writeReflectName(b, t.Key(), path)
		b.WriteByte(']')
		writeReflectName(b, t.Elem(), path)
	case *types.Chan:
		switch t.Dir() {
		case types.SendOnly:
			b.WriteString("chan<- ")
		case types.RecvOnly:
			b.WriteString("<-chan ")
		default:
			b.WriteString("chan ")
		}
		writeReflectName(b, t.Elem(), path)
	case *types.Struct:
		if t.NumFields() == 0 {
			b.WriteString("struct {}")
			return
		}
		b.WriteString("struct { ")
		for i := 0; i < t.NumFields(); i++ {
			if i > 0 {
				b.WriteString("; ")
			}
			f := t.Field(i)
			if !f.Embedded() {
				b.WriteString(f.Name())
				b.WriteByte(' ')
			}
			writeReflectName(b, f.Type(), path)
			if tag := t.Tag(i); tag != "" {
				b.WriteString(" " + strconv.Quote(tag))
			}
		}
		b.WriteString(" }")
	case *types.Signature:
		b.WriteString("func")
		writeReflectSig(b, t, path)
	case *types.Interface:
		if t.NumMethods() == 0 {
			b.WriteString("interface {}")
			return
		}
		b.WriteString("interface { ")
		for i := 0; i < t.NumMethods(); i++ {
			if i > 0 {
				b.WriteString("; ")
			}
			m := t.Method(i)
			b.WriteString(m.Name())
			writeReflectSig(b, m.Type().(*types.Signature), path)
		}
		b.WriteString(" }")
	default:
		b.WriteString(t.String())
	}
}

// writeReflectSig writes a signature's parameters and results as reflect
// does: "(int, ...string) (bool, error)".
func writeReflectSig(b *strings.Builder, sig *types.Signature, path bool) {
	b.WriteByte('(')
	ps := sig.Params()
	for i := 0; i < ps.Len(); i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		if sig.Variadic() && i == ps.Len()-1 {
			b.WriteString("...")
			writeReflectName(b, ps.At(i).Type().(*types.Slice).Elem(), path)
			continue
		}
		writeReflectName(b, ps.At(i).Type(), path)
	}
	b.WriteByte(')')
	rs := sig.Results()
	switch rs.Len() {
	case 0:
	case 1:
		b.WriteByte(' ')
		writeReflectName(b, rs.At(0).Type(), path)
	default:
		b.WriteString(" (")
		for i := 0; i < rs.Len(); i++ {
			if i > 0 {
				b.WriteString(", ")
			}
			writeReflectName(b, rs.At(i).Type(), path)
		}
		b.WriteByte(')')
	}
}
