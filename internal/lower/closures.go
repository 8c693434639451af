// Function values and deferred calls: closures, calls through function values, wrappers, defer, recover.

package lower

import (
	"fmt"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"leapfrog/internal/ir"
)

// isWrapper reports whether fn is one of go/ssa's synthetic wrappers: a
// bound method (t.M as a value), a thunk (T.M as a value) or a method
// through a pointer or an embedded field.
func isWrapper(fn *ssa.Function) bool {
	s := fn.Synthetic
	return strings.HasPrefix(s, "wrapper for ") || strings.HasPrefix(s, "bound method wrapper for ") || strings.HasPrefix(s, "thunk for ")
}

// sameWrapper returns the first wrapper of fn's name the loader met, fn
// itself when it is the first or no wrapper. go/ssa may make several
// alike: a thunk per occurrence of a method expression
// ((*decompressor).nextBlock, four times in compress/flate); the IR holds
// one function per name.
func (l *loader) sameWrapper(fn *ssa.Function) *ssa.Function {
	if !isWrapper(fn) {
		return fn
	}
	k := fn.String()
	if w := l.wrappers[k]; w != nil {
		return w
	}
	if l.wrappers == nil {
		l.wrappers = map[string]*ssa.Function{}
	}
	l.wrappers[k] = fn
	return fn
}

// closureName is the IR name of a function literal (its parent's name
// and its own suffix: "F$1", "(*T).M$1") or of a wrapper ("T.M$bound",
// "(*T).M$thunk", "(*T).M" for a value method through a pointer); false
// for other functions.
func closureName(fn *ssa.Function) (string, bool) {
	if p := fn.Parent(); p != nil {
		return funcName(p) + strings.TrimPrefix(fn.Name(), p.Name()), true
	}
	if !isWrapper(fn) {
		return "", false
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok || obj.Type().(*types.Signature).Recv() == nil {
		return "", false
	}
	recv := types.Unalias(obj.Type().(*types.Signature).Recv().Type())
	if strings.HasPrefix(fn.Synthetic, "wrapper for ") && fn.Signature.Recv() != nil {
		recv = types.Unalias(fn.Signature.Recv().Type()) // the wrapper's own receiver (*T, or an embedding type)
	}
	ptr := false
	if p, ok := recv.(*types.Pointer); ok {
		recv, ptr = types.Unalias(p.Elem()), true
	}
	tname := types.TypeString(recv, func(*types.Package) string { return "" })
	if n, ok := recv.(*types.Named); ok {
		tname = n.Obj().Name()
	}
	suffix := strings.TrimPrefix(fn.Name(), obj.Name())
	if ptr {
		return "(*" + tname + ")." + obj.Name() + suffix, true
	}
	return tname + "." + obj.Name() + suffix, true
}

// closureIdent is the IR name and package (ir.Function.Pkg) of a function
// literal or wrapper: the package's own are named as funcName names them
// ("F$1", "T.M$bound"); another package's as go/ssa qualifies them
// ("bytes.growSlice$1", "(*bytes.Buffer).Len$bound"), with that package's
// import path, so that their branches are no objectives.
func (l *loader) closureIdent(fn *ssa.Function) (name, pkg string) {
	p := closurePkg(fn)
	if p == nil || p == l.pkg.Types {
		return funcName(fn), ""
	}
	return fn.String(), p.Path()
}

// closurePkg is the package a function literal or wrapper belongs to: the
// literal's enclosing function's, the receiver's named type's for a wrapper
// (nil for a method of no package, as error's).
func closurePkg(fn *ssa.Function) *types.Package {
	if fn.Parent() != nil {
		if p := pkgOf(fn); p != nil {
			return p.Pkg
		}
		return nil
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok {
		return nil
	}
	recv := obj.Type().(*types.Signature).Recv()
	if strings.HasPrefix(fn.Synthetic, "wrapper for ") && fn.Signature.Recv() != nil {
		recv = fn.Signature.Recv() // the wrapper's own receiver (*T, or an embedding type)
	}
	if recv == nil {
		return nil
	}
	t := types.Unalias(recv.Type())
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	if n, ok := t.(*types.Named); ok {
		return n.Obj().Pkg()
	}
	return obj.Pkg()
}

// freeParams gives a function literal's IR function its free variables
// as its first parameters (NumFree), named after the variables.
func (l *loader) freeParams(fn *ssa.Function, f *ir.Function) error {
	for _, fv := range fn.FreeVars {
		t, err := l.types.irType(fv.Type())
		if err != nil {
			return l.unsupported(fn.Pos(), "free variable %s of type %s", fv.Name(), typeString(fv.Type(), l.pkg.Types))
		}
		f.Params = append(f.Params, &ir.Param{Ident: fv.Name(), Typ: t, Index: len(f.Params)})
	}
	f.NumFree = len(f.Params)
	return nil
}

// lowerMakeClosure is closure F [bindings]: a function literal's value, or
// a bound method's (t.M).
func (fl *fnLowerer) lowerMakeClosure(v *ssa.MakeClosure) error {
	pos := fl.pos(v)
	fn := v.Fn.(*ssa.Function)
	f, err := fl.get(fn, callSite{fl.sfn, v.Pos()})
	if err != nil {
		return err
	}
	t, err := fl.typeOf(v, pos)
	if err != nil {
		return err
	}
	bs, err := fl.operands(pos, v.Bindings...)
	if err != nil {
		return err
	}
	fl.vals[v] = fl.emit(&ir.MakeClosure{Fn: f, Bindings: bs}, t).(ir.Value)
	return nil
}

// funcValue is the value of a function used as a value (f := F): a
// closure without bindings, made once at the top of the entry block, so
// that it dominates every use (phi edges included).
func (fl *fnLowerer) funcValue(fn *ssa.Function, pos token.Pos) (ir.Value, error) {
	if x := fl.funcVals[fn]; x != nil {
		return x, nil
	}
	if fn.TypeParams().Len() > 0 && len(fn.TypeArgs()) == 0 {
		return nil, fl.l.unsupported(pos, "function value %s", fn.Name())
	}
	f, err := fl.get(fn, callSite{fl.sfn, fn.Pos()})
	if err != nil {
		return nil, err
	}
	var t *ir.Type
	if fn.Signature.Recv() != nil {
		// A method is a value only as the function of a deferred call
		// (defer b.WriteString(s), defer mu.Unlock(): go/ssa's Defer of
		// the method with the receiver as first argument; it makes
		// wrappers for method values): the receiver is its first
		// parameter.
		var ps []*ir.Type
		for _, p := range f.Params {
			ps = append(ps, p.Typ)
		}
		t = ir.FuncOf(ps, f.Results)
	} else if t, err = fl.l.types.irType(fn.Signature); err != nil {
		return nil, fl.typeError(err, fn.Signature, pos)
	}
	mc := &ir.MakeClosure{Fn: f}
	ir.NewRegister(mc, 0, t)
	entry := fl.info[fl.sfn.Blocks[0]].first
	ir.SetBlock(mc, entry)
	entry.Instrs = append([]ir.Instr{mc}, entry.Instrs...)
	if fl.funcVals == nil {
		fl.funcVals = map[*ssa.Function]ir.Value{}
	}
	fl.funcVals[fn] = mc
	return mc, nil
}

// handlesCall reports whether lowerDynamicCall lowers the call (so that
// precheck does not ask callee about it).
func handlesCall(c *ssa.CallCommon) bool {
	if c.IsInvoke() {
		return true
	}
	switch f := c.Value.(type) {
	case *ssa.Builtin:
		return f.Name() == "recover"
	case *ssa.Function:
		return f.Parent() != nil || isWrapper(f)
	}
	return true
}

// lowerDynamicCall lowers the calls that are not plain static calls of a
// function: method calls on interfaces (invoke), calls of function
// literals and wrappers (static calls, free variables first), calls
// through function values (callv, after a NilCheck), recover(). False
// when the call is another's (a plain function, another builtin).
func (fl *fnLowerer) lowerDynamicCall(v *ssa.Call) (bool, error) {
	c := v.Common()
	if !handlesCall(c) {
		return false, nil
	}
	if c.IsInvoke() {
		return true, fl.lowerInvoke(v)
	}
	pos := fl.l.callStart(v.Pos())
	if p := rangeFuncCallPos(c); p.IsValid() { // rangefunc.go
		pos = p
	}
	switch f := c.Value.(type) {
	case *ssa.Builtin: // recover
		t, err := fl.typeOf(v, pos)
		if err != nil {
			return true, err
		}
		fl.vals[v] = fl.emit(&ir.Recover{}, t).(ir.Value)
		return true, nil
	case *ssa.Function:
		return true, fl.staticCall(v, f, nil)
	case *ssa.MakeClosure:
		return true, fl.staticCall(v, f.Fn.(*ssa.Function), f.Bindings)
	}
	fv, err := fl.value(c.Value, pos)
	if err != nil {
		return true, err
	}
	fl.nilCheckValue(c.Value, fv, pos)
	args, err := fl.operands(pos, c.Args...)
	if err != nil {
		return true, err
	}
	t, err := fl.typeOf(v, pos)
	if err != nil {
		return true, err
	}
	fl.vals[v] = fl.emit(&ir.CallValue{Fn: fv, Args: args}, t).(ir.Value)
	return true, nil
}

// staticCall calls a function literal or wrapper whose free variables are
// bound to bindings: a plain call with the bindings first.
func (fl *fnLowerer) staticCall(v *ssa.Call, fn *ssa.Function, bindings []ssa.Value) error {
	pos := fl.l.callStart(v.Pos())
	f, err := fl.get(fn, callSite{fl.sfn, v.Pos()})
	if err != nil {
		return err
	}
	args, err := fl.operands(pos, append(append([]ssa.Value(nil), bindings...), v.Call.Args...)...)
	if err != nil {
		return err
	}
	fl.vals[v] = fl.emit(&ir.Call{Callee: f, Args: args}, ir.ResultType(f)).(ir.Value)
	return nil
}

// funcNonNil reports whether a function value is known not to be nil: a
// closure, a function, or a phi of those.
func funcNonNil(v ssa.Value, seen map[*ssa.Phi]bool) bool {
	switch v := v.(type) {
	case *ssa.MakeClosure, *ssa.Function:
		return true
	case *ssa.Phi:
		if seen[v] {
			return true
		}
		seen[v] = true
		for _, e := range v.Edges {
			if !funcNonNil(e, seen) {
				return false
			}
		}
		return true
	}
	return false
}

// lowerDefer is defer f(args): the function value (a closure for a
// static function) or, for a method of an interface, the receiver (checked
// not to be nil: Go evaluates it at the defer statement), and the
// arguments, evaluated now.
func (fl *fnLowerer) lowerDefer(v *ssa.Defer) error {
	c := v.Common()
	pos := fl.pos(v)
	d := &ir.Defer{}
	var err error
	if c.IsInvoke() {
		d.Recv, err = fl.ifaceReceiver(c.Value, pos)
		d.Method = c.Method.Name()
	} else if b, ok := c.Value.(*ssa.Builtin); ok {
		return fl.deferBuiltin(d, b, c.Args, pos)
	} else {
		d.Fn, err = fl.value(c.Value, pos)
	}
	if err != nil {
		return err
	}
	if d.Args, err = fl.operands(pos, c.Args...); err != nil {
		return err
	}
	fl.emit(d, nil)
	return nil
}

// deferBuiltin is defer delete(m, k), defer clear(x) or defer copy(dst,
// src): the deferred function is one the front end makes, whose
// parameters are the builtin's operands and whose body calls it
// (builtinFunc); the operands are evaluated now, as Go does.
func (fl *fnLowerer) deferBuiltin(d *ir.Defer, b *ssa.Builtin, args []ssa.Value, pos token.Pos) error {
	fn := map[string]ir.BuiltinKind{"delete": ir.Delete, "clear": ir.Clear, "copy": ir.Copy}
	op, ok := fn[b.Name()]
	if !ok {
		return fl.l.unsupported(pos, "defer of builtin %s", b.Name())
	}
	ops, err := fl.operands(pos, args...)
	if err != nil {
		return err
	}
	var ps []*ir.Type
	for _, a := range ops {
		ps = append(ps, a.Type())
	}
	kind := ps[0].Kind
	if op == ir.Delete && kind != ir.KMap || op == ir.Clear && kind != ir.KMap && kind != ir.KSlice || op == ir.Copy && kind != ir.KSlice {
		return fl.l.unsupported(pos, "defer of builtin %s of %s", b.Name(), fl.goType(args[0].Type()))
	}
	mc := &ir.MakeClosure{Fn: fl.l.builtinFunc(b.Name(), op, ps)}
	d.Fn, d.Args = fl.emit(mc, ir.FuncOf(ps, nil)).(ir.Value), ops
	fl.emit(d, nil)
	return nil
}

// builtinFunc is the function of the program that calls the builtin op
// (named name) on its parameters, of types ps, and returns nothing: made
// once per program and signature.
func (l *loader) builtinFunc(name string, op ir.BuiltinKind, ps []*ir.Type) *ir.Function {
	key := name + ir.FuncOf(ps, nil).String()
	if f := l.builtinFuncs[key]; f != nil {
		return f
	}
	if l.builtinFuncs == nil {
		l.builtinFuncs = map[string]*ir.Function{}
	}
	f := &ir.Function{Name: fmt.Sprintf("builtin$%s$%d", name, len(l.builtinFuncs)+1), Prog: l.prog, Pkg: "builtin"}
	b := &ir.Block{Func: f, Comment: "entry"}
	var args []ir.Value
	for i, t := range ps {
		p := &ir.Param{Ident: fmt.Sprintf("a%d", i), Typ: t, Index: i}
		f.Params = append(f.Params, p)
		args = append(args, p)
	}
	call := &ir.Builtin{Fn: op, Args: args}
	t := voidType
	if op == ir.Copy {
		t = ir.I64
	}
	ir.NewRegister(call, 0, t)
	b.Append(call)
	b.Append(&ir.Return{})
	f.Blocks = []*ir.Block{b}
	l.builtinFuncs[key] = f
	l.prog.Funcs = append(l.prog.Funcs, f)
	return f
}

// recoverResults gives a function that defers calls what it returns
// after a recovered panic, from go/ssa's Recover block: loads of the
// named results (their allocs) or zero constants.
func (fl *fnLowerer) recoverResults() error {
	rb := fl.sfn.Recover
	if rb == nil {
		return nil
	}
	ret, ok := rb.Instrs[len(rb.Instrs)-1].(*ssa.Return)
	if !ok {
		return fl.l.unsupported(fl.sfn.Pos(), "recover block without a return")
	}
	fl.f.RecoverResults = []ir.Value{}
	for _, r := range ret.Results {
		if ld, ok := r.(*ssa.UnOp); ok && ld.Op == token.MUL {
			if a, ok := ld.X.(*ssa.Alloc); ok && fl.vals[a] != nil {
				fl.f.RecoverResults = append(fl.f.RecoverResults, fl.vals[a])
				continue
			}
		}
		c, ok := r.(*ssa.Const)
		if !ok {
			return fl.l.unsupported(fl.sfn.Pos(), "recover block returning %s", r.Name())
		}
		x, err := fl.constant(c, fl.sfn.Pos())
		if err != nil {
			return err
		}
		fl.f.RecoverResults = append(fl.f.RecoverResults, x)
	}
	return nil
}

// freeNames keeps a function literal's parameter names distinct from its
// free variables' (a suffix on a parameter that shadows one).
func freeNames(fn *ssa.Function, names []string) []string {
	taken := map[string]bool{}
	for _, fv := range fn.FreeVars {
		taken[fv.Name()] = true
	}
	out := make([]string, len(names))
	for i, n := range names {
		base := n
		for k := 1; taken[n]; k++ {
			n = base + "_" + strconv.Itoa(k)
		}
		taken[n] = true
		out[i] = n
	}
	return out
}

// holdsFunc reports whether values of t hold a function value: a result
// that does is not checked by a test (an input that does is a stub). A
// mirrored type's values hold none a test sees: an input of it is its
// zero value, an output is not checked (reflect.Value, whose Go structure
// reaches abi.Type's function fields, was rejected as a result).
func (l *loader) holdsFunc(t types.Type, seen map[types.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	if n, ok := t.(*types.Named); ok {
		if mt, err := l.mirrorOf(n); err == nil && mt != nil {
			return false
		}
	}
	switch u := t.Underlying().(type) {
	case *types.Signature:
		return true
	case *types.Pointer:
		return l.holdsFunc(u.Elem(), seen)
	case *types.Slice:
		return l.holdsFunc(u.Elem(), seen)
	case *types.Array:
		return l.holdsFunc(u.Elem(), seen)
	case *types.Map:
		return l.holdsFunc(u.Key(), seen) || l.holdsFunc(u.Elem(), seen)
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if l.holdsFunc(u.Field(i).Type(), seen) {
				return true
			}
		}
	}
	return false
}
