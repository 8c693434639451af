// Stubs: the dynamic type standing for any implementation of an interface input the package does not implement.

package lower

import (
	"go/token"
	"go/types"
	"sort"
	"strings"

	"leapfrog/internal/ir"
)

// addStubs gives each interface input that calls for one its stub
// (ir.DynType.Stub): a candidate whose methods' calls the engine answers
// with inputs, and the emitted test declares. It reports whether it added
// any.
func (l *loader) addStubs(ifaces []types.Type) (bool, error) {
	changed := false
	for _, it := range ifaces {
		if l.stubs.At(it) != nil || !l.stubbed(it) {
			continue
		}
		d := &ir.DynType{Name: "stub(" + l.dynName(it) + ")", Input: true, Stub: true,
			Type: &ir.Type{Kind: ir.KPointer, Elem: &ir.Type{Kind: ir.KStruct}, Size: 8}}
		iface := it.Underlying().(*types.Interface)
		for i := 0; i < iface.NumMethods(); i++ {
			m := iface.Method(i)
			sig, err := l.types.signature(m.Type().(*types.Signature))
			if err != nil {
				return false, err // stubbed checked it
			}
			d.Methods = append(d.Methods, ir.MethodImpl{Name: m.Name(), Sig: sig})
		}
		sort.Slice(d.Methods, func(i, j int) bool { return d.Methods[i].Name < d.Methods[j].Name })
		// Keyed by a type of its own, so that the stub is one of the
		// program's dynamic types (sortedDyns) and no Go type's.
		key := types.NewPointer(types.NewNamed(types.NewTypeName(token.NoPos, l.pkg.Types, d.Name, nil), types.NewStruct(nil, nil), nil))
		l.dyns.Set(key, d)
		l.dynGo[d] = it
		l.stubs.Set(it, d)
		changed = true
	}
	return changed, nil
}

// stubbed reports whether an input of interface type it gets a stub: it
// has methods, it is not error (whose inputs are the errors a test
// writes), the package declares no type implementing it (the brief's
// "implementations the package does not provide": io.Reader, a
// dependency-injection interface), and a test in the package can
// implement it: every method exported or the package's own, every type in
// its signatures one the IR represents and a test can name.
func (l *loader) stubbed(it types.Type) bool {
	iface, ok := it.Underlying().(*types.Interface)
	if !ok || iface.NumMethods() == 0 || types.Identical(it, types.Universe.Lookup("error").Type()) {
		return false
	}
	for _, c := range l.ownCandidates(it) {
		if p, ok := c.(*types.Pointer); ok {
			c = p.Elem()
		}
		if n, ok := types.Unalias(c).(*types.Named); ok && n.Obj().Pkg() == l.pkg.Types {
			return false
		}
	}
	for i := 0; i < iface.NumMethods(); i++ {
		m := iface.Method(i)
		if !m.Exported() && m.Pkg() != l.pkg.Types {
			return false
		}
		sig := m.Type().(*types.Signature)
		if _, err := l.types.signature(sig); err != nil || !l.nameable(sig, map[types.Type]bool{}) {
			return false
		}
	}
	return true
}

// nameable reports whether a test of the package can write the type t:
// its named types are the package's or exported ones of packages outside
// another module's internal directories.
func (l *loader) nameable(t types.Type, seen map[types.Type]bool) bool {
	if seen[t] {
		return true
	}
	seen[t] = true
	switch u := types.Unalias(t).(type) {
	case *types.Basic:
		return true
	case *types.Named:
		if p := u.Obj().Pkg(); p != nil && p != l.pkg.Types && (!u.Obj().Exported() || strings.Contains("/"+p.Path()+"/", "/internal/")) {
			return false
		}
		if u.TypeArgs().Len() > 0 {
			return false
		}
		return u.Obj().Pkg() != nil || l.nameable(u.Underlying(), seen)
	case *types.Pointer:
		return l.nameable(u.Elem(), seen)
	case *types.Slice:
		return l.nameable(u.Elem(), seen)
	case *types.Array:
		return l.nameable(u.Elem(), seen)
	case *types.Map:
		return l.nameable(u.Key(), seen) && l.nameable(u.Elem(), seen)
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if !l.nameable(u.Field(i).Type(), seen) {
				return false
			}
		}
		return true
	case *types.Signature:
		for _, tp := range []*types.Tuple{u.Params(), u.Results()} {
			for i := 0; i < tp.Len(); i++ {
				if !l.nameable(tp.At(i).Type(), seen) {
					return false
				}
			}
		}
		return true
	case *types.Interface:
		for i := 0; i < u.NumMethods(); i++ {
			if !u.Method(i).Exported() && u.Method(i).Pkg() != l.pkg.Types || !l.nameable(u.Method(i).Type(), seen) {
				return false
			}
		}
		return true
	}
	return false
}

// The io types a Go developer writes in a test (ir.Constructors, IO) are
// offered beside the stub to an input of an interface whose methods are
// all io's reading and writing ones (ioMethods) and which the package does
// not implement: strings.NewReader(s) and bytes.NewReader(b) for a reader,
// a bytes.Buffer (new(bytes.Buffer), or bytes.NewBuffer over bytes) for a
// writer (one with a Write method). Each candidate costs the search its
// paths: a reader is not offered a Buffer, whose reads a Reader's already
// cover. The engine builds their values as those constructors leave them,
// the emitted test writes the constructor call.

// ioMethods are the methods of io's reading and writing interfaces.
var ioMethods = map[string]bool{
	"Read": true, "Write": true, "ReadByte": true, "ReadRune": true, "UnreadByte": true,
	"UnreadRune": true, "WriteString": true, "WriteByte": true, "WriteRune": true,
}

// ioCandidates returns the pointers to the io types of ir.Constructors
// that implement the interface it, when it calls for them (see above)
// and their package is in the program (its code is built here).
func (l *loader) ioCandidates(it types.Type) []types.Type {
	iface := it.Underlying().(*types.Interface)
	if iface.NumMethods() == 0 {
		return nil
	}
	for i := 0; i < iface.NumMethods(); i++ {
		if !ioMethods[iface.Method(i).Name()] {
			return nil
		}
	}
	writes := false
	for i := 0; i < iface.NumMethods(); i++ {
		writes = writes || strings.HasPrefix(iface.Method(i).Name(), "Write")
	}
	var out []types.Type
	for _, c := range ir.Constructors {
		if !c.IO || (c.Type == "Buffer") != writes {
			continue // a Buffer for a writer, the Readers for a reader
		}
		pkg := l.ssa.ImportedPackage(c.Pkg)
		if pkg == nil {
			continue
		}
		tn, ok := pkg.Pkg.Scope().Lookup(c.Type).(*types.TypeName)
		if !ok {
			continue
		}
		t := types.NewPointer(tn.Type())
		if !types.Implements(t, iface) {
			continue
		}
		if _, err := l.types.irType(t); err != nil {
			continue
		}
		pkg.Build()
		out = append(out, t)
	}
	return out
}
