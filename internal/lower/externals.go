// Calls of externals that box their arguments into ...any (fmt.Sprintf): the boxed values passed one by one.

package lower

import (
	"fmt"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"leapfrog/internal/externals"
	"leapfrog/internal/ir"
)

// boxedCall is a call of an external whose last parameter is ...any: the
// values boxed into it, in order, and the Go type of each.
type boxedCall struct {
	vals  []ssa.Value
	types []string
}

// isBoxing reports whether fn is an external that boxes its last
// arguments (externals.Native.Boxes).
func isBoxing(fn *ssa.Function) bool {
	n, ok := externals.Lookup(fn.String())
	return ok && n.Boxes
}

// precheckBoxed analyses the variadic argument of a call of a boxing
// external. go/ssa builds it as
//
//	t0 = new [n]any (varargs); t1 = &t0[0]; t2 = make any <- T (x); *t1 = t2; ...; t5 = slice t0[:]
//
// (or passes nil:[]any when there is none). Each boxed value must have a
// predeclared basic type (a named type could have a String or Error method
// that the native call would not see); the instructions building the slice
// are absorbed (not lowered) and the call passes the values themselves.
// (fmt.Errorf's error arguments: errorf.go.)
func (fl *fnLowerer) precheckBoxed(v *ssa.Call, fn *ssa.Function) error {
	bc, err := fl.boxedArgs(v, fn, false)
	if err != nil {
		return err
	}
	fl.boxed[v] = bc
	return nil
}

// boxedArgs analyses the variadic argument of v, a call of fn whose last
// parameter is ...any (precheckBoxed), and absorbs the instructions
// building it. With errs, a boxed value may also have the static type
// error (its type is then "error").
func (fl *fnLowerer) boxedArgs(v *ssa.Call, fn *ssa.Function, errs bool) (*boxedCall, error) {
	pos := fl.l.callStart(v.Pos())
	args := v.Call.Args
	last := args[len(args)-1]
	bc := &boxedCall{}
	absorb := []ssa.Instruction{}
	switch x := last.(type) {
	case *ssa.Const:
		if !x.IsNil() {
			return nil, fl.l.unsupported(pos, "call to %s with a ...any slice", fn.String())
		}
	case *ssa.Slice:
		alloc, ok := x.X.(*ssa.Alloc)
		if !ok || alloc.Comment != "varargs" || x.Low != nil || x.High != nil || x.Max != nil || !onlyUsedBy(x, v) {
			return nil, fl.l.unsupported(pos, "call to %s with a ...any slice", fn.String())
		}
		n := int(types.Unalias(alloc.Type().(*types.Pointer).Elem()).(*types.Array).Len())
		bc.vals = make([]ssa.Value, n)
		bc.types = make([]string, n)
		absorb = append(absorb, x, alloc)
		for _, r := range *alloc.Referrers() {
			switch r := r.(type) {
			case *ssa.Slice:
				if r != x {
					return nil, fl.l.unsupported(pos, "call to %s with a ...any slice", fn.String())
				}
			case *ssa.IndexAddr:
				k, ok := r.Index.(*ssa.Const)
				refs := r.Referrers()
				if !ok || refs == nil || len(*refs) != 1 {
					return nil, fl.l.unsupported(pos, "call to %s with a ...any slice", fn.String())
				}
				st, ok := (*refs)[0].(*ssa.Store)
				i := int(k.Int64())
				if !ok || st.Addr != r || i < 0 || i >= n || bc.vals[i] != nil {
					return nil, fl.l.unsupported(pos, "call to %s with a ...any slice", fn.String())
				}
				if ci, ok := st.Val.(*ssa.ChangeInterface); ok && errs && onlyUsedBy(ci, st) && types.Identical(ci.X.Type(), errorType) {
					bc.vals[i], bc.types[i] = ci.X, "error"
					absorb = append(absorb, r, st, ci)
					continue
				}
				mi, ok := st.Val.(*ssa.MakeInterface)
				if !ok || !onlyUsedBy(mi, st) {
					return nil, fl.l.unsupported(pos, "call to %s with a ...any slice", fn.String())
				}
				name := boxName(mi.X.Type())
				if name == "" {
					return nil, fl.l.unsupported(pos, "call to %s with an argument of type %s (only values of predeclared basic types are formatted natively: a String or Error method would be missed)", fn.String(), fl.goType(mi.X.Type()))
				}
				bc.vals[i], bc.types[i] = mi.X, name
				absorb = append(absorb, r, st, mi)
			default:
				return nil, fl.l.unsupported(pos, "call to %s with a ...any slice", fn.String())
			}
		}
		for _, x := range bc.vals {
			if x == nil {
				return nil, fl.l.unsupported(pos, "call to %s with a ...any slice", fn.String())
			}
		}
	default:
		return nil, fl.l.unsupported(pos, "call to %s with a ...any slice", fn.String())
	}
	if fl.absorbed == nil {
		fl.absorbed = map[ssa.Instruction]bool{}
		fl.boxed = map[*ssa.Call]*boxedCall{}
	}
	for _, in := range absorb {
		fl.absorbed[in] = true
	}
	return bc, nil
}

// onlyUsedBy reports whether the only referrer of v (debug references
// apart) is user.
func onlyUsedBy(v ssa.Value, user ssa.Instruction) bool {
	refs := v.Referrers()
	if refs == nil {
		return false
	}
	for _, r := range *refs {
		if _, dbg := r.(*ssa.DebugRef); !dbg && r != user {
			return false
		}
	}
	return true
}

// boxName is the name of a predeclared basic type (byte and rune as uint8
// and int32) that a boxed value may have, or "".
func boxName(t types.Type) string {
	b, ok := t.(*types.Basic) // not Unalias: byte and rune are Basic; a named type is not
	if !ok {
		return ""
	}
	name := types.Typ[b.Kind()].Name()
	if externals.BoxType(name) == nil {
		return ""
	}
	return name
}

// lowerBoxedCall lowers a call of a boxing external (precheckBoxed): a call
// of the external named after the boxed types, with the fixed arguments
// then the boxed values.
func (fl *fnLowerer) lowerBoxedCall(v *ssa.Call, fn *ssa.Function) error {
	bc := fl.boxed[v]
	if bc == nil {
		return fmt.Errorf("internal error: %s: boxed call not prechecked", fl.l.posString(v.Pos()))
	}
	pos := fl.l.callStart(v.Pos())
	fixed := v.Call.Args[:len(v.Call.Args)-1]
	vals, err := fl.operands(pos, append(append([]ssa.Value(nil), fixed...), bc.vals...)...)
	if err != nil {
		return err
	}
	f, err := fl.l.boxingExternal(fn, bc, vals[len(fixed):])
	if err != nil {
		return err
	}
	call := &ir.Call{Callee: f, Args: vals}
	fl.vals[v] = fl.emit(call, ir.ResultType(f)).(ir.Value)
	return nil
}

// boxingExternal returns the program's external for fn boxing values of
// the given Go types (one function per combination, named
// "fmt.Sprintf#int,string"): fn's fixed parameters, then one parameter per
// boxed value ("a1", "a2", ... of the IR types of vals).
func (l *loader) boxingExternal(fn *ssa.Function, bc *boxedCall, vals []ir.Value) (*ir.Function, error) {
	name := externals.Join(fn.String(), bc.types)
	if f := l.prog.Func(name); f != nil {
		return f, nil
	}
	f := &ir.Function{Name: name, Pos: l.irPos(fn.Pos()), Prog: l.prog, Pkg: pkgPath(fn), External: true}
	sig := fn.Signature
	names := paramNames(sig)
	for i := 0; i < sig.Params().Len()-1; i++ {
		if err := l.stubParam(f, sig.Params().At(i), names[i], fn.Pos()); err != nil {
			return nil, err
		}
	}
	for i, x := range vals {
		f.Params = append(f.Params, &ir.Param{Ident: fmt.Sprintf("a%d", i+1), Typ: x.Type(), Index: len(f.Params)})
	}
	res := sig.Results()
	for i := 0; i < res.Len(); i++ {
		t, err := l.types.irType(res.At(i).Type())
		if err != nil {
			return nil, l.unsupported(fn.Pos(), "result of type %s", typeString(res.At(i).Type(), l.pkg.Types))
		}
		f.Results = append(f.Results, t)
	}
	l.prog.Funcs = append(l.prog.Funcs, f)
	return f, nil
}
