// errors.As at its calls: the replacement body instantiated with the type the target points to.

package lower

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// lowerErrorsAs lowers a call of errors.As whose target is converted to
// any at the call (errors.As(err, &t), errors.As(err, nil)) to a call of
// the replacement package's asTarget[T].as, T the type the target points
// to (replacements/errors_as.go), or of asNoPointer for a target holding
// no pointer. errors.As's own body asks internal/reflectlite for T, which
// is not interpreted: a call whose target's dynamic type is only known at
// run time, or a named pointer type, is left to it (and rejected). done reports whether v was
// handled.
func (fl *fnLowerer) lowerErrorsAs(v *ssa.Call) (done bool, err error) {
	callee, args, err := fl.errorsAsCall(v)
	if callee == nil {
		return err != nil, err
	}
	return true, fl.lowerStaticCall(v, callee, args)
}

// errorsAsCall returns the function and the arguments a call v of
// errors.As is lowered to, or a nil function: v is no such call (or one
// errors.As's body is left to), or an error for a call rejected.
func (fl *fnLowerer) errorsAsCall(v *ssa.Call) (*ssa.Function, []ssa.Value, error) {
	f := v.Call.StaticCallee()
	if f == nil || f.String() != "errors.As" || len(v.Call.Args) != 2 {
		return nil, nil, nil
	}
	errv, target := v.Call.Args[0], v.Call.Args[1]
	mi, converted := target.(*ssa.MakeInterface)
	if c, ok := target.(*ssa.Const); ok && c.IsNil() {
		converted = true
	}
	if !converted {
		return nil, nil, nil
	}
	t := types.Unalias(targetType(mi))
	if _, ok := t.Underlying().(*types.Pointer); !ok {
		return fl.l.replacementFunc("asNoPointer"), []ssa.Value{errv, target}, nil
	}
	ptr, ok := t.(*types.Pointer)
	if !ok {
		return nil, nil, nil // a named pointer type: left to errors.As's body
	}
	elem := ptr.Elem()
	if embedsField(elem) {
		// A dynamic type of another name and an identical underlying
		// struct type is assignable to elem: a type assertion misses it.
		return nil, nil, fl.l.unsupported(fl.l.callStart(v.Pos()), "errors.As with a target pointing to %s, a struct type with an embedded field (assignability to it is not modelled)", fl.goType(elem))
	}
	pkg := fl.l.replacementPkg().Pkg
	carrier, err := types.Instantiate(nil, pkg.Scope().Lookup("asTarget").Type(), []types.Type{elem}, true)
	if err != nil {
		panic("lower: asTarget's instance: " + err.Error())
	}
	recv := types.NewPointer(carrier)
	as := fl.l.ssa.LookupMethod(recv, pkg, "as")
	return as, []ssa.Value{ssa.NewConst(nil, recv), errv, target, mi.X}, nil
}

// targetType is the type of the value mi converts to any (untyped nil's
// for no conversion).
func targetType(mi *ssa.MakeInterface) types.Type {
	if mi == nil {
		return types.Typ[types.UntypedNil]
	}
	return mi.X.Type()
}

// embedsField reports whether t's underlying type is a struct type with
// an embedded field.
func embedsField(t types.Type) bool {
	s, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := 0; i < s.NumFields(); i++ {
		if s.Field(i).Embedded() {
			return true
		}
	}
	return false
}
