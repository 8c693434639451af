// Mirror types: the replacement package's structures standing for the opaque types of sync, sync/atomic, unique, reflect, os.

package lower

import (
	"fmt"
	"go/types"
)

// A mirror is a type of the replacement package whose structure stands
// for a standard-library type whose own structure the engine cannot hold
// (unsafe.Pointer fields, a hash trie) or need not (a mutex's semaphore):
// "mutex replaces sync.Mutex" in its doc comment. The Go type keeps its
// name in the IR, takes the mirror's structure and is Opaque (a test
// cannot write its unexported state: an input of it is bounded to its
// zero value). The replacing methods are the mirror's, so that they reach
// its fields. A mirror has the size of the type it mirrors (slices of it
// grow as Go's do) and keeps each exported field at its index, with its
// name (sync.Pool's New): the code of the package under test addresses
// fields by index.

// mirroredPkgs are the packages some of whose types are mirrored: the
// replacement package is built when the program meets one of their
// types.
var mirroredPkgs = map[string]bool{"sync": true, "sync/atomic": true, "unique": true, "internal/reflectlite": true, "reflect": true, "os": true}

// A mirror of a named interface (reflect.Type) has a part of its method
// set: the methods it answers (a call of another is rejected); a mirror
// of a named basic type (reflect.Kind) has its underlying type, and is no
// opaque type (it has no state a test cannot write).

// typeKey is a named type's package path and name ("sync/atomic.Int32").
func typeKey(n *types.Named) string {
	obj := n.Origin().Obj()
	if obj.Pkg() == nil {
		return obj.Name()
	}
	return obj.Pkg().Path() + "." + obj.Name()
}

// mirrorOf returns the replacement package's type standing for t,
// instantiated with t's type arguments, or nil when none does; an error
// when the mirror no longer fits t (another Go version).
func (l *loader) mirrorOf(t *types.Named) (types.Type, error) {
	if p := t.Obj().Pkg(); p == nil || !mirroredPkgs[p.Path()] {
		return nil, nil
	}
	l.replacementPkg()
	tn := l.repl.mirrors[typeKey(t)]
	if tn == nil {
		return nil, nil
	}
	var mt types.Type = tn.Type()
	if args := t.TypeArgs(); args.Len() > 0 {
		list := make([]types.Type, args.Len())
		for i := range list {
			list[i] = args.At(i)
		}
		var err error
		if mt, err = types.Instantiate(nil, tn.Type(), list, true); err != nil {
			return nil, err
		}
	}
	return mt, l.fits(t, mt)
}

// fits checks that the mirror m can stand for t: the same size, and t's
// exported fields at the same indices with the same names and types.
func (l *loader) fits(t, m types.Type) error {
	if a, b := l.types.size(t), l.types.size(m); a != b {
		return fmt.Errorf("the mirror %s of %s has size %d, not %d", m, t, b, a)
	}
	if ti, ok := t.Underlying().(*types.Interface); ok {
		mi, ok := m.Underlying().(*types.Interface)
		if !ok {
			return fmt.Errorf("the mirror %s of %s: not an interface", m, t)
		}
		for i := 0; i < mi.NumMethods(); i++ {
			f := mi.Method(i)
			obj, _, _ := types.LookupFieldOrMethod(ti, false, nil, f.Name())
			of, ok := obj.(*types.Func)
			if !ok || !l.mirrorSig(of.Type().(*types.Signature), f.Type().(*types.Signature)) {
				return fmt.Errorf("the mirror %s of %s: method %s differs", m, t, f.Name())
			}
		}
		return nil
	}
	if _, ok := t.Underlying().(*types.Basic); ok {
		if !types.Identical(t.Underlying(), m.Underlying()) {
			return fmt.Errorf("the mirror %s of %s: another basic type", m, t)
		}
		return nil
	}
	ts, _ := t.Underlying().(*types.Struct)
	ms, _ := m.Underlying().(*types.Struct)
	if ts == nil || ms == nil {
		return fmt.Errorf("the mirror %s of %s: not structs", m, t)
	}
	for i := 0; i < ts.NumFields(); i++ {
		f := ts.Field(i)
		if !f.Exported() {
			continue
		}
		if i >= ms.NumFields() || ms.Field(i).Name() != f.Name() || !l.mirrorIdentical(f.Type(), ms.Field(i).Type()) {
			return fmt.Errorf("the mirror %s of %s lacks field %s at index %d", m, t, f.Name(), i)
		}
	}
	return nil
}

// mirrorIdentical reports whether the replacement package's type r stands
// for o: identical, or identical but for mirrors standing for the named
// types of o, and for the unnamed interface of a named one's method set
// (sync.Cond's L: the replacement package cannot name sync.Locker; an
// interface's dynamic behaviour is its method set's).
func (l *loader) mirrorIdentical(o, r types.Type) bool {
	o, r = types.Unalias(o), types.Unalias(r)
	if types.Identical(o, r) {
		return true
	}
	switch o := o.(type) {
	case *types.Named:
		if ri, ok := r.(*types.Interface); ok {
			return types.Identical(o.Underlying(), ri)
		}
		rn, ok := r.(*types.Named)
		if !ok || l.repl.mirrors[typeKey(o)] != rn.Origin().Obj() || o.TypeArgs().Len() != rn.TypeArgs().Len() {
			return false
		}
		for i := 0; i < o.TypeArgs().Len(); i++ {
			if !l.mirrorIdentical(o.TypeArgs().At(i), rn.TypeArgs().At(i)) {
				return false
			}
		}
		return true
	case *types.Pointer:
		rp, ok := r.(*types.Pointer)
		return ok && l.mirrorIdentical(o.Elem(), rp.Elem())
	case *types.Slice:
		rs, ok := r.(*types.Slice)
		return ok && l.mirrorIdentical(o.Elem(), rs.Elem())
	case *types.Array:
		ra, ok := r.(*types.Array)
		return ok && o.Len() == ra.Len() && l.mirrorIdentical(o.Elem(), ra.Elem())
	case *types.Map:
		rm, ok := r.(*types.Map)
		return ok && l.mirrorIdentical(o.Key(), rm.Key()) && l.mirrorIdentical(o.Elem(), rm.Elem())
	case *types.Signature:
		rs, ok := r.(*types.Signature)
		return ok && l.mirrorSig(o, rs)
	}
	return false
}

// mirrorSig reports whether the parameters and results of the signatures
// o and r are mirrorIdentical (receivers aside).
func (l *loader) mirrorSig(o, r *types.Signature) bool {
	if o.Variadic() != r.Variadic() || o.Params().Len() != r.Params().Len() || o.Results().Len() != r.Results().Len() {
		return false
	}
	for i := 0; i < o.Params().Len(); i++ {
		if !l.mirrorIdentical(o.Params().At(i).Type(), r.Params().At(i).Type()) {
			return false
		}
	}
	for i := 0; i < o.Results().Len(); i++ {
		if !l.mirrorIdentical(o.Results().At(i).Type(), r.Results().At(i).Type()) {
			return false
		}
	}
	return true
}
