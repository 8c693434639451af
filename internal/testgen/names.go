// Names in one emitted file: imports, type names, helpers and locals that cannot clash with the package's own names.

package testgen

import (
	"go/types"
	"go/version"
	"regexp"
	"sort"
	"strings"
)

// file is what one emitted _test.go needs beyond its text: the imports
// (named so that they clash neither with the package's declarations nor
// with each other), the pointer helper when a literal needs it, and the
// first error a literal met.
type file struct {
	pkg      *types.Package
	imports  map[string]string // import path → local name
	declared map[string]string // import path → the package's own name
	// ptrForm: how a pointer to a non-composite value is written, by the
	// package's language version: new(v) (Go 1.26), ptrName(v), a generic
	// helper emitted once in the file (Go 1.18), or a function literal.
	ptrForm int
	ptrName string // the helper's name; chosen by Emit
	usedPtr bool
	// suffix names the file's helpers apart from another emitted file's
	// ("_F", after the file's first test; "" in the report's values);
	// stubs are the stub types the file's values use, by type name
	// (stubs.go), declared at its end.
	suffix string
	stubs  map[string]types.Type
	// failWriter names the file's failing writer type (failing.go), ""
	// when no value uses it; inReport: the values are the report's (Args),
	// which a program declaring the stub types only replays (the oracle),
	// so a writer's stub stays a stub.
	failWriter string
	inReport   bool
	// stdMaps: clear and the maps package can restore a map (Go 1.21).
	stdMaps bool
	err     error
	// dyn maps the dynamic types of the function being emitted to their Go
	// types (Func.DynTypes).
	dyn map[string]types.Type
}

// Pointer forms.
const (
	ptrNew = iota
	ptrHelper
	ptrClosure
)

func newFile(pkg *types.Package) *file {
	f := &file{pkg: pkg, imports: map[string]string{}, declared: map[string]string{}, ptrForm: ptrClosure}
	switch {
	case atLeast(pkg, "go1.26"):
		f.ptrForm = ptrNew
	case atLeast(pkg, "go1.18"):
		f.ptrForm = ptrHelper
	}
	f.stdMaps = atLeast(pkg, "go1.21")
	return f
}

// atLeast says whether the package's language version is v or later; an
// unknown version counts as go1.21.
func atLeast(pkg *types.Package, v string) bool {
	have := pkg.GoVersion()
	if have == "" {
		have = "go1.21"
	}
	return version.Compare(have, v) >= 0
}

// locals are the names the emitted code declares inside test functions (and
// the parameters of its deferred functions); an import must not take them,
// or a local would hide the import.
var locals = regexp.MustCompile(`^(t|tt|tests|r|got[0-9]*|err|old|entries[0-9]*|elems|pointee|k|v)_*$`)

// taken says whether n is declared at package level (in the package under
// test, so also in every file of its tests) or is already an import's name.
func (f *file) taken(n string) bool {
	if f.pkg.Scope().Lookup(n) != nil {
		return true
	}
	for _, m := range f.imports {
		if m == n {
			return true
		}
	}
	return false
}

// importName returns the local name of the package at path (named name),
// importing it.
func (f *file) importName(path, name string) string {
	if n, ok := f.imports[path]; ok {
		return n
	}
	n := name
	for f.taken(n) || locals.MatchString(n) || n == f.ptrName {
		n += "_"
	}
	f.imports[path], f.declared[path] = n, name
	return n
}

// std returns the local name of a standard package the emitted code uses
// ("reflect", "maps", ...).
func (f *file) std(path string) string {
	return f.importName(path, path[strings.LastIndexByte(path, '/')+1:])
}

// local returns a name for a local variable of a test function: n, unless
// that would hide a package-level name or an import.
func (f *file) local(n string) string {
	for f.taken(n) {
		n += "_"
	}
	return n
}

// typeName names t in the emitted file, importing the packages it needs.
// Before Go 1.18, any is written interface{} (fs.FileInfo's Sys() any in a
// stub of a go1.16 module did not build).
func (f *file) typeName(t types.Type) string {
	if !atLeast(f.pkg, "go1.18") {
		t = withoutAny(t)
	}
	return types.TypeString(t, func(p *types.Package) string {
		if p == f.pkg {
			return ""
		}
		return f.importName(p.Path(), p.Name())
	})
}

// withoutAny is t with the predeclared alias any replaced by the empty
// interface it stands for, in every type t is written with (a named type
// is written by its name: its structure is left alone).
func withoutAny(t types.Type) types.Type {
	tuple := func(tu *types.Tuple) *types.Tuple {
		vs := make([]*types.Var, tu.Len())
		for i := range vs {
			v := tu.At(i)
			vs[i] = types.NewParam(v.Pos(), v.Pkg(), v.Name(), withoutAny(v.Type()))
		}
		return types.NewTuple(vs...)
	}
	switch t := t.(type) {
	case *types.Alias:
		if t.Obj().Pkg() == nil && t.Obj().Name() == "any" {
			return types.NewInterfaceType(nil, nil)
		}
	case *types.Pointer:
		return types.NewPointer(withoutAny(t.Elem()))
	case *types.Slice:
		return types.NewSlice(withoutAny(t.Elem()))
	case *types.Array:
		return types.NewArray(withoutAny(t.Elem()), t.Len())
	case *types.Map:
		return types.NewMap(withoutAny(t.Key()), withoutAny(t.Elem()))
	case *types.Chan:
		return types.NewChan(t.Dir(), withoutAny(t.Elem()))
	case *types.Signature:
		return types.NewSignatureType(nil, nil, nil, tuple(t.Params()), tuple(t.Results()), t.Variadic())
	case *types.Struct:
		fs := make([]*types.Var, t.NumFields())
		tags := make([]string, t.NumFields())
		for i := range fs {
			fd := t.Field(i)
			fs[i] = types.NewField(fd.Pos(), fd.Pkg(), fd.Name(), withoutAny(fd.Type()), fd.Embedded())
			tags[i] = t.Tag(i)
		}
		return types.NewStruct(fs, tags)
	}
	return t
}

// convType is t's name as it must be written in a conversion T(x): a
// pointer, function or receive-only channel type needs parentheses.
func (f *file) convType(t types.Type) string {
	n := f.typeName(t)
	if strings.HasPrefix(n, "*") || strings.HasPrefix(n, "func") || strings.HasPrefix(n, "<-") {
		return "(" + n + ")"
	}
	return n
}

// importBlock is the file's import declaration, sorted by path.
func (f *file) importBlock() string {
	var paths []string
	for p := range f.imports {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	var b strings.Builder
	b.WriteString("import (\n")
	for _, p := range paths {
		n := f.imports[p]
		if n == f.declared[p] {
			b.WriteString("\t" + quote(p) + "\n")
		} else {
			b.WriteString("\t" + n + " " + quote(p) + "\n")
		}
	}
	b.WriteString(")\n")
	return b.String()
}

func quote(s string) string { return `"` + s + `"` }
