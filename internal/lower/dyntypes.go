// The program's dynamic types: the candidates of interface inputs, the method tables, the functions that may be called dynamically.

package lower

import (
	"errors"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"leapfrog/internal/ir"
)

// dynState is the part of the loader that tracks the dynamic types of the
// program being built (reset per target).
type dynState struct {
	dyns     *typeutil.Map // types.Type -> *ir.DynType
	dynNames map[string]types.Type
	dynGo    map[*ir.DynType]types.Type
	// stubs maps the interface types that have a stub to it (stubs.go).
	stubs *typeutil.Map
	// stubErrors: an input is a stub (a function, or an interface with a
	// stub), whose error results get errors.New's errors as candidates even
	// where the target does not reach the errors package (errorsNew).
	stubErrors bool
	// optional methods (printing, Unwrap) that could not be lowered: not
	// tried again.
	failedOpt map[*ssa.Function]bool
	// fmtOnly are the dynamic types made only for fmt or the reflect
	// model to box (fmt.go, replace_reflect.go).
	fmtOnly map[types.Type]bool
}

func (l *loader) resetDyn() {
	l.dynState = dynState{dyns: &typeutil.Map{}, dynNames: map[string]types.Type{}, dynGo: map[*ir.DynType]types.Type{}, stubs: &typeutil.Map{}, failedOpt: map[*ssa.Function]bool{}, fmtOnly: map[types.Type]bool{}}
}

// finishInterfaces completes the program of a target whose functions are
// lowered: the candidates of its interface inputs (the types a test can
// construct that implement them: the package's named types T, or *T when
// only that implements, for an interface with methods; the types the
// program converts to interfaces or asserts; int for an empty interface
// that has no other; a stub for an interface the package does not
// implement, stubs.go), and the method tables: every method an invoke or a
// deferred method call of the program may reach, lowered (their failure
// is the target's), then, as far as they lower, the methods that print a
// value (Error, String) and Unwrap. The lowered methods may make more
// dynamic types: it goes on until nothing changes.
func (l *loader) finishInterfaces(params []*ssa.Parameter) error {
	for _, p := range params {
		l.stubErrors = l.stubErrors || l.holdsFunc(p.Type(), map[types.Type]bool{})
	}
	for _, it := range l.inputIfaces(params) {
		l.stubErrors = l.stubErrors || l.stubbed(it)
	}
	for {
		changed := false
		for _, it := range l.inputIfaces(params) {
			for _, t := range l.candidates(it) {
				d, err := l.dynType(t, 0)
				if err != nil {
					continue
				}
				if !d.Input {
					d.Input, changed = true, true
				}
			}
		}
		added, err := l.addStubs(l.inputIfaces(params))
		if err != nil {
			return err
		}
		ch, err := l.completeMethods()
		if err != nil {
			return err
		}
		if l.fmtParts() {
			changed = true
		}
		if l.reflectParts() { // replace_reflect.go
			changed = true
		}
		if !ch && !changed && !added {
			break
		}
	}
	l.prog.Types = l.sortedDyns()
	l.prog.Reflect = l.reflectTable()
	return nil
}

// sortedDyns returns the program's dynamic types sorted by name, indexed.
func (l *loader) sortedDyns() []*ir.DynType {
	var ds []*ir.DynType
	l.dyns.Iterate(func(_ types.Type, v any) { ds = append(ds, v.(*ir.DynType)) })
	sort.Slice(ds, func(i, j int) bool { return ds[i].Name < ds[j].Name })
	for i, d := range ds {
		d.Index = i
	}
	return ds
}

// completeMethods lowers the methods the program's interface calls may
// reach, and (optionally) the printing methods; it reports whether it
// lowered anything.
func (l *loader) completeMethods() (bool, error) {
	type call struct {
		iface  *ir.Type
		method string
		// optional: fmt's call of a printing method, which most values
		// of the type never meet; when it cannot be lowered, a run that
		// makes it stops (engine: method not lowered).
		optional bool
	}
	var calls []call
	for _, f := range l.prog.Funcs {
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				switch in := in.(type) {
				case *ir.Invoke:
					calls = append(calls, call{in.X.Type(), in.Method, f.Pkg == fmtPath && in.Method != "Write"})
				case *ir.Defer:
					if in.Recv != nil {
						calls = append(calls, call{in.Recv.Type(), in.Method, false})
					}
				}
			}
		}
	}
	changed := false
	for _, d := range l.sortedDyns() {
		if d.Stub {
			continue // the engine answers its calls
		}
		for _, c := range calls {
			if !d.Implements(c.iface) || d.Method(c.method) != nil {
				continue
			}
			if err := l.lowerMethod(d, c.method, c.optional); err != nil {
				if c.optional {
					continue
				}
				return false, err
			}
			changed = true
		}
		for _, name := range []string{d.Prints, "Unwrap"} {
			if name == "" || !d.HasMethod(name) || d.Method(name) != nil {
				continue
			}
			if l.lowerMethod(d, name, true) == nil {
				changed = true
			}
		}
	}
	return changed, nil
}

// lowerMethod lowers method name of dynamic type d into its table.
// optional says the method is lowered for a call that most values never
// meet (fmt's printing methods, errors' Unwrap): when it cannot be lowered,
// a run that makes the call stops (engine: method not lowered), and it is
// not tried again for such a call. Otherwise (the program's own interface
// call, even of a String or Error method), a callee the method cannot have
// becomes an abort stub as in any function of the closure (aborts.go).
func (l *loader) lowerMethod(d *ir.DynType, name string, optional bool) error {
	t := l.dynGo[d]
	ms := l.ssa.MethodSets.MethodSet(t)
	var fn *ssa.Function
	for i := 0; i < ms.Len(); i++ {
		if ms.At(i).Obj().Name() == name {
			fn = l.ssa.MethodValue(ms.At(i))
			break
		}
	}
	if fn == nil || optional && l.failedOpt[fn] {
		return l.unsupported(0, "method %s of %s", name, d.Name)
	}
	aborting := !optional && l.aborted != nil
	f, err := l.lowerClosureAborting(fn, aborting)
	if err != nil {
		if optional {
			l.failedOpt[fn] = true
		}
		var retry *abortRetry
		if aborting && !errors.As(err, &retry) && l.aborted[fn] == nil && stubbable(fn, err) {
			return &abortRetry{fn, err} // the target lowered again, the method an abort stub (aborts.go)
		}
		return err
	}
	for i := range d.Methods {
		if d.Methods[i].Name == name {
			d.Methods[i].Func = f
		}
	}
	return nil
}

// inputIfaces lists the interface types of the inputs: of the parameters'
// types and of their parts (fields, elements, pointees), of the parts of
// the candidates' types, and of the results of the calls of stubs (of
// function inputs, and of the methods of interfaces with a stub), in a
// deterministic order.
func (l *loader) inputIfaces(params []*ssa.Parameter) []types.Type {
	var out []types.Type
	seen := &typeutil.Map{}
	var walk func(t types.Type)
	walk = func(t types.Type) {
		if seen.At(t) != nil {
			return
		}
		seen.Set(t, true)
		switch u := t.Underlying().(type) {
		case *types.Interface:
			out = append(out, t)
			for _, c := range l.candidates(t) {
				walk(c)
			}
			if l.stubbed(t) {
				for i := 0; i < u.NumMethods(); i++ {
					walk(u.Method(i).Type())
				}
			}
		case *types.Signature:
			for i := 0; i < u.Results().Len(); i++ {
				walk(u.Results().At(i).Type())
			}
		case *types.Pointer:
			walk(u.Elem())
		case *types.Slice:
			walk(u.Elem())
		case *types.Array:
			walk(u.Elem())
		case *types.Map:
			walk(u.Key())
			walk(u.Elem())
		case *types.Struct:
			for i := 0; i < u.NumFields(); i++ {
				walk(u.Field(i).Type())
			}
		}
	}
	for _, p := range params {
		walk(p.Type())
	}
	return out
}

// candidates returns the types an input of interface type it may hold:
// the ownCandidates, and for an interface with a stub, the io values a
// test writes with a constructor (ioCandidates: strings.NewReader(s)).
func (l *loader) candidates(it types.Type) []types.Type {
	out := l.ownCandidates(it)
	if l.stubbed(it) {
		out = append(out, l.ioCandidates(it)...)
	}
	return out
}

// ownCandidates returns the types an input of interface type it may hold
// that a test constructs as literals (errors.New's errors too).
func (l *loader) ownCandidates(it types.Type) []types.Type {
	iface := it.Underlying().(*types.Interface)
	var out []types.Type
	add := func(t types.Type) {
		if !types.Implements(t, iface) || !l.constructible(t, map[types.Type]bool{}) {
			return
		}
		for _, o := range out {
			if types.Identical(o, t) {
				return
			}
		}
		out = append(out, t)
	}
	if iface.NumMethods() > 0 {
		scope := l.pkg.Types.Scope()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || tn.IsAlias() {
				continue
			}
			named, ok := tn.Type().(*types.Named)
			if !ok || named.TypeParams().Len() > 0 || types.IsInterface(named) {
				continue
			}
			if types.Implements(named, iface) {
				add(named)
			} else {
				add(types.NewPointer(named))
			}
		}
	}
	// The program's dynamic types, in the order of their names (unique:
	// dynName gave them).
	type named struct {
		t    types.Type
		name string
	}
	var progTypes []named
	l.dyns.Iterate(func(t types.Type, d any) {
		if d := d.(*ir.DynType); !d.Stub {
			progTypes = append(progTypes, named{t, d.Name})
		}
	})
	sort.Slice(progTypes, func(i, j int) bool { return progTypes[i].name < progTypes[j].name })
	for _, p := range progTypes {
		if !l.fmtOnly[p.t] {
			add(p.t)
		}
	}
	if types.Identical(it, types.Universe.Lookup("error").Type()) {
		if t := l.errorsNew(); t != nil {
			out = append(out, t) // errors.New("..."): not constructible field by field
		}
	}
	if iface.Empty() && len(out) == 0 {
		add(types.Typ[types.Int])
	}
	return out
}

// errorsNew returns *errors.errorString, what errors.New makes, when the
// program can run its Error method (the errors package's code is
// loaded; built here for the error results of stubs), else nil. A test
// constructs it with errors.New.
func (l *loader) errorsNew() types.Type {
	pkg := l.ssa.ImportedPackage("errors")
	if pkg == nil {
		return nil
	}
	if l.stubErrors {
		pkg.Build()
	}
	tn, ok := pkg.Pkg.Scope().Lookup("errorString").(*types.TypeName)
	if !ok {
		return nil
	}
	t := types.NewPointer(tn.Type())
	ms := l.ssa.MethodSets.MethodSet(t)
	for i := 0; i < ms.Len(); i++ {
		if ms.At(i).Obj().Name() == "Error" {
			if fn := l.ssa.MethodValue(ms.At(i)); fn != nil && fn.Blocks != nil {
				return t
			}
		}
	}
	return nil
}

// constructible reports whether a test in the package can write a value
// of type t: booleans, integers and strings (named or not), and arrays,
// slices, maps, pointers and structs of those (another package's fields
// exported); interfaces (nil at least). Function and channel types, and
// types the IR cannot represent, are not.
func (l *loader) constructible(t types.Type, seen map[types.Type]bool) bool {
	if seen[t] {
		return true
	}
	seen[t] = true
	if _, err := l.types.irType(t); err != nil {
		return false
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		if p := n.Obj().Pkg(); p != nil && p != l.pkg.Types && !n.Obj().Exported() {
			return false
		}
	}
	switch u := t.Underlying().(type) {
	case *types.Basic, *types.Interface:
		return true
	case *types.Pointer:
		return l.constructible(u.Elem(), seen)
	case *types.Slice:
		return l.constructible(u.Elem(), seen)
	case *types.Array:
		return l.constructible(u.Elem(), seen)
	case *types.Map:
		return l.constructible(u.Key(), seen) && l.constructible(u.Elem(), seen)
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			f := u.Field(i)
			if f.Pkg() != l.pkg.Types && !f.Exported() || !l.constructible(f.Type(), seen) {
				return false
			}
		}
		return true
	}
	return false
}

// dynamicParams adds to inputs the pointer parameters of the functions of
// the package that may be called through a value or an interface (the
// static call sites say nothing about what they receive): function
// literals, functions used as values, and the methods of the types the
// package converts to interfaces or asserts, and of the named types that
// implement an interface among the target's parameter types.
func (l *loader) dynamicParams(params []*ssa.Parameter, inputs map[*ssa.Parameter]bool) {
	var mark func(f *ssa.Function)
	mark = func(f *ssa.Function) {
		if f == nil {
			return
		}
		for _, p := range f.Params {
			if isPointer(p.Type()) {
				inputs[p] = true
			}
		}
		if obj, ok := f.Object().(*types.Func); ok && isWrapper(f) && obj.Pkg() == l.pkg.Types {
			if m := l.ssa.FuncValue(obj); m != nil && m != f {
				mark(m) // a method value's or expression's method: any receiver
			}
		}
	}
	types_ := &typeutil.Map{}
	var funcs []*ssa.Function
	for _, name := range sortedMembers(l.spkg) {
		switch m := l.spkg.Members[name].(type) {
		case *ssa.Function:
			if !strings.HasPrefix(name, canonPrefix) { // no code of the package (canonical.go)
				funcs = append(funcs, m)
			}
		case *ssa.Type:
			if named, ok := types.Unalias(m.Type()).(*types.Named); ok {
				for i := 0; i < named.NumMethods(); i++ {
					funcs = append(funcs, l.ssa.FuncValue(named.Method(i)))
				}
			}
		}
	}
	for i := 0; i < len(funcs); i++ {
		f := funcs[i]
		if f == nil {
			continue
		}
		funcs = append(funcs, f.AnonFuncs...)
		if f.Parent() != nil && !onlyCalled(f) {
			mark(f)
		}
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				switch v := instr.(type) {
				case *ssa.MakeInterface:
					types_.Set(v.X.Type(), true)
				case *ssa.TypeAssert:
					types_.Set(v.AssertedType, true)
				case *ssa.MakeClosure:
					mark(v.Fn.(*ssa.Function))
				}
				if _, debug := instr.(*ssa.DebugRef); debug {
					continue // no use: names an expression's value
				}
				var ops [8]*ssa.Value
				for k, op := range instr.Operands(ops[:0]) {
					if fn, ok := (*op).(*ssa.Function); ok {
						if c, isCall := instr.(ssa.CallInstruction); !isCall || k != 0 || c.Common().Value != fn {
							mark(fn)
						}
					}
				}
			}
		}
	}
	for _, it := range l.inputIfaces(params) {
		for _, t := range l.candidates(it) {
			types_.Set(t, true)
		}
	}
	types_.Iterate(func(t types.Type, _ any) {
		ms := l.ssa.MethodSets.MethodSet(t)
		for i := 0; i < ms.Len(); i++ {
			mark(l.ssa.MethodValue(ms.At(i)))
		}
	})
}

// onlyCalled reports whether the function literal f is only ever called
// where it is written (as order.go's literals are): its static call sites
// are then all its callers.
func onlyCalled(f *ssa.Function) bool {
	refs := f.Referrers()
	if refs == nil || len(*refs) == 0 {
		return false
	}
	for _, r := range *refs {
		if _, ok := r.(*ssa.DebugRef); ok {
			continue
		}
		c, ok := r.(*ssa.Call)
		if !ok || c.Call.Value != f {
			return false
		}
		for _, a := range c.Call.Args {
			if a == f {
				return false
			}
		}
	}
	return true
}
