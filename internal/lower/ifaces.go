// Interfaces: interface and function types, dynamic types, and the lowering of interface values, assertions, method calls and comparisons.

package lower

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strconv"

	"golang.org/x/tools/go/ssa"

	"leapfrog/internal/ir"
)

// iface maps an interface type: its methods, sorted by name, with their
// signatures (a type set of a constraint is no interface value's type).
func (m *typeMapper) iface(t *types.Interface) (*ir.Type, error) {
	if !t.IsMethodSet() {
		return nil, &unsupportedType{t}
	}
	var ms []ir.Method
	seen := map[string]bool{}
	for i := 0; i < t.NumMethods(); i++ {
		f := t.Method(i)
		if seen[f.Name()] {
			return nil, &unsupportedType{t} // two unexported methods of one name
		}
		seen[f.Name()] = true
		sig, err := m.signature(f.Type().(*types.Signature))
		if err != nil {
			return nil, err
		}
		ms = append(ms, ir.Method{Name: f.Name(), Sig: sig})
	}
	return ir.InterfaceOf(ms...), nil
}

// signature maps a function type (its receiver left out).
func (m *typeMapper) signature(t *types.Signature) (*ir.Type, error) {
	if t.TypeParams().Len() > 0 {
		return nil, &unsupportedType{t}
	}
	list := func(tu *types.Tuple) ([]*ir.Type, error) {
		var out []*ir.Type
		for i := 0; i < tu.Len(); i++ {
			it, err := m.irType(tu.At(i).Type())
			if err != nil {
				return nil, err
			}
			out = append(out, it)
		}
		return out, nil
	}
	params, err := list(t.Params())
	if err != nil {
		return nil, err
	}
	results, err := list(t.Results())
	if err != nil {
		return nil, err
	}
	return ir.FuncOf(params, results), nil
}

// dynType returns the dynamic type of the Go type t in the program being
// built, registering it with its method set (the functions are entered by
// completeMethods).
func (l *loader) dynType(t types.Type, pos token.Pos) (*ir.DynType, error) {
	if d, ok := l.dyns.At(t).(*ir.DynType); ok {
		return d, nil
	}
	it, err := l.types.irType(t)
	if err != nil {
		return nil, l.unsupported(pos, "interface holding a %s", typeString(t, l.pkg.Types))
	}
	if holdsChan(t) { // chans.go: fmt would print its address
		return nil, l.unsupported(pos, "interface holding a %s (a channel)", typeString(t, l.pkg.Types))
	}
	d := &ir.DynType{Name: l.dynName(t), Type: it}
	ms := l.ssa.MethodSets.MethodSet(t)
	for i := 0; i < ms.Len(); i++ {
		obj := ms.At(i).Obj()
		name := obj.Name()
		if d.HasMethod(name) {
			continue // an unexported method of another package with the same name
		}
		sig, err := l.types.signature(obj.Type().(*types.Signature))
		if err != nil {
			sig = ir.NoSig
		}
		d.Methods = append(d.Methods, ir.MethodImpl{Name: name, Sig: sig})
		sort.Slice(d.Methods, func(i, j int) bool { return d.Methods[i].Name < d.Methods[j].Name })
	}
	for _, p := range []string{"Error", "String"} { // fmt prints with Error first
		if stringMethod(ms, p) {
			d.Prints = p
			break
		}
	}
	l.dyns.Set(t, d)
	l.dynGo[d] = t
	return d, nil
}

// stringMethod reports whether the method set has name() string.
func stringMethod(ms *types.MethodSet, name string) bool {
	for i := 0; i < ms.Len(); i++ {
		f := ms.At(i).Obj()
		if f.Name() != name {
			continue
		}
		sig := f.Type().(*types.Signature)
		if sig.Params().Len() != 0 || sig.Results().Len() != 1 {
			return false
		}
		b, ok := sig.Results().At(0).Type().(*types.Basic)
		return ok && b.Kind() == types.String
	}
	return false
}

// dynName is the Go type as the package under test writes it (another
// package's types qualified by its name), unique in the program.
func (l *loader) dynName(t types.Type) string {
	base := types.TypeString(t, func(p *types.Package) string {
		if p == l.pkg.Types {
			return ""
		}
		return p.Name()
	})
	name := base
	for i := 2; ; i++ {
		other, taken := l.dynNames[name]
		if !taken || types.Identical(other, t) {
			break
		}
		name = base + "$" + strconv.Itoa(i)
	}
	l.dynNames[name] = t
	return name
}

// lowerMakeInterface is makeiface X as T to I.
func (fl *fnLowerer) lowerMakeInterface(v *ssa.MakeInterface) error {
	pos := fl.pos(v)
	t, err := fl.typeOf(v, pos)
	if err != nil {
		return err
	}
	x, err := fl.value(v.X, pos)
	if err != nil {
		return err
	}
	d, err := fl.l.dynType(v.X.Type(), pos)
	if err != nil {
		return err
	}
	fl.vals[v] = fl.emit(&ir.MakeInterface{X: x, Dyn: d}, t).(ir.Value)
	return nil
}

// lowerChangeInterface is changeiface X to I.
func (fl *fnLowerer) lowerChangeInterface(v *ssa.ChangeInterface) error {
	t, ops, err := fl.typedOperands(v, v.X)
	if err != nil {
		return err
	}
	fl.vals[v] = fl.emit(&ir.ChangeInterface{X: ops[0]}, t).(ir.Value)
	return nil
}

// lowerTypeAssert is x.(T): a comma-ok typeassert; without comma-ok an
// AssertCheck on its ok (the failing assertion is an objective, "interface
// conversion") and the value extracted after it.
func (fl *fnLowerer) lowerTypeAssert(v *ssa.TypeAssert) error {
	pos, source := fl.l.assertStart(v.Pos())
	x, err := fl.value(v.X, pos)
	if err != nil {
		return err
	}
	if !v.CommaOk && !source && types.IsInterface(v.AssertedType) && types.Implements(v.X.Type(), v.AssertedType.Underlying().(*types.Interface)) {
		// go/ssa's check before a method value of an interface (s.M):
		// Go panics there with a nil dereference.
		if x, err = fl.ifaceReceiver(v.X, v.Pos()); err != nil {
			return err
		}
		t, err := fl.typeOf(v, pos)
		if err != nil {
			return err
		}
		if !ir.Identical(t, x.Type()) {
			x = fl.emit(&ir.ChangeInterface{X: x}, t).(ir.Value)
		}
		fl.vals[v] = x
		return nil
	}
	in := &ir.TypeAssert{X: x, CommaOk: true}
	if types.IsInterface(v.AssertedType) {
		if in.Iface, err = fl.l.types.irType(v.AssertedType); err != nil {
			return fl.typeError(err, v.AssertedType, pos)
		}
	} else if in.Dyn, err = fl.l.dynType(v.AssertedType, pos); err != nil {
		return err
	}
	at := in.AssertedType()
	tup := fl.emit(in, ir.TupleOf(at, ir.Bool)).(ir.Value)
	if v.CommaOk {
		fl.vals[v] = tup
		return nil
	}
	ok := fl.emit(&ir.Extract{X: tup, Index: 1}, ir.Bool).(ir.Value)
	fl.check(ir.AssertCheck, ok, pos)
	fl.vals[v] = fl.emit(&ir.Extract{X: tup, Index: 0}, at).(ir.Value)
	return nil
}

// lowerInvoke is a method call on an interface: a NilCheck on the
// receiver (a method call on a nil interface panics), then invoke.
func (fl *fnLowerer) lowerInvoke(v *ssa.Call) error {
	c := v.Common()
	pos := fl.l.callStart(v.Pos())
	if fl.l.mirrorLacks(c) { // replace_reflect.go
		return fl.l.unsupported(pos, "call to (%s).%s (not modelled)", c.Value.Type(), c.Method.Name())
	}
	x, err := fl.ifaceReceiver(c.Value, pos)
	if err != nil {
		return err
	}
	args, err := fl.operands(pos, c.Args...)
	if err != nil {
		return err
	}
	t, err := fl.typeOf(v, pos)
	if err != nil {
		return err
	}
	fl.vals[v] = fl.emit(&ir.Invoke{X: x, Method: c.Method.Name(), Args: args}, t).(ir.Value)
	return nil
}

// ifaceReceiver is the interface whose method is called (or deferred),
// checked not to be nil unless it is known not to be.
func (fl *fnLowerer) ifaceReceiver(v ssa.Value, pos token.Pos) (ir.Value, error) {
	x, err := fl.value(v, pos)
	if err != nil {
		return nil, err
	}
	fl.nilCheckValue(v, x, pos)
	return x, nil
}

// nilCheckValue puts a NilCheck on the interface or function value x (of
// ssa value v) unless it is known not to be nil: made here (an interface
// made from a value, a closure, a function), a wrapper's bound receiver
// (the method value's evaluation checked it), a condition "v != nil" that
// holds here, or the same check before. A wrapper's check has no position
// of its own: it gets the wrapper's.
func (fl *fnLowerer) nilCheckValue(v ssa.Value, x ir.Value, pos token.Pos) {
	switch v := v.(type) {
	case *ssa.MakeInterface:
		return
	case *ssa.FreeVar:
		if isWrapper(v.Parent()) {
			return
		}
	}
	if funcNonNil(v, map[*ssa.Phi]bool{}) || fl.heldNonNil(v) || fl.checkedAlready(checkKey{kind: ir.NilCheck, v: v}) {
		return
	}
	if !pos.IsValid() {
		pos = fl.sfn.Pos()
	}
	fl.check(ir.NilCheck, fl.binop(ir.Ne, x, zero(x.Type())), pos)
}

// heldNonNil reports whether the current block runs only where a
// condition "v != nil" held (or "v == nil" did not, or the ok of the
// comma-ok assertion v comes from): it is dominated by the side of such
// an If that has no other predecessor.
func (fl *fnLowerer) heldNonNil(v ssa.Value) bool {
	for b := fl.curSSA; b != nil; b = b.Idom() {
		if len(b.Preds) != 1 {
			continue
		}
		p := b.Preds[0]
		ifi, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		if okx, isEx := ifi.Cond.(*ssa.Extract); isEx && okx.Index == 1 && p.Succs[0] == b {
			// v, ok := x.(I): v is not nil where ok holds (an interface
			// I; a concrete type's value may be a nil pointer or function).
			ta, isTA := okx.Tuple.(*ssa.TypeAssert)
			if vx, isEx := v.(*ssa.Extract); isEx && vx.Index == 0 && vx.Tuple == okx.Tuple && isTA && types.IsInterface(ta.AssertedType) {
				return true
			}
		}
		cmp, ok := ifi.Cond.(*ssa.BinOp)
		if !ok || !(cmp.X == v && isNilConst(cmp.Y) || cmp.Y == v && isNilConst(cmp.X)) {
			continue
		}
		if cmp.Op == token.NEQ && p.Succs[0] == b || cmp.Op == token.EQL && p.Succs[1] == b {
			return true
		}
	}
	return false
}

// isNilConst reports whether v is the constant nil.
func isNilConst(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value == nil
}

// compareIfaces guards x == y (or !=) on interfaces with a CmpCheck
// "comparable x, y" unless one side is nil or holds a value of a type
// that compares; comparisons of structs or arrays holding interfaces are
// not supported (each interface inside would need its check).
func (fl *fnLowerer) compareIfaces(v *ssa.BinOp, x, y ir.Value) error {
	t := x.Type()
	if t.Kind != ir.KInterface {
		if holdsIface(t, map[*ir.Type]bool{}) {
			return fl.l.unsupported(v.Pos(), "comparison of %s values, which hold interfaces", fl.goType(v.X.Type()))
		}
		return nil
	}
	safe := func(sv ssa.Value, iv ir.Value) bool {
		if c, ok := iv.(*ir.Const); ok && c.Val == 0 {
			return true // nil
		}
		mi, ok := sv.(*ssa.MakeInterface)
		if !ok {
			return false
		}
		it, err := fl.l.types.irType(mi.X.Type())
		return err == nil && compares(it, map[*ir.Type]bool{})
	}
	if safe(v.X, x) || safe(v.Y, y) {
		return nil
	}
	ok := fl.emit(&ir.Comparable{X: x, Y: y}, ir.Bool).(ir.Value)
	fl.check(ir.CmpCheck, ok, v.Pos())
	return nil
}

// holdsIface reports whether a struct or array type holds an interface.
func holdsIface(t *ir.Type, seen map[*ir.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	switch t.Kind {
	case ir.KInterface:
		return true
	case ir.KArray:
		return holdsIface(t.Elem, seen)
	case ir.KStruct:
		for _, f := range t.Fields {
			if holdsIface(f.Type, seen) {
				return true
			}
		}
	}
	return false
}

// compares reports whether == on values of t never panics (no slice, map,
// function or interface inside).
func compares(t *ir.Type, seen map[*ir.Type]bool) bool {
	if seen[t] {
		return true
	}
	seen[t] = true
	switch t.Kind {
	case ir.KSlice, ir.KMap, ir.KFunc, ir.KInterface, ir.KTuple, ir.KIter:
		return false
	case ir.KArray:
		return compares(t.Elem, seen)
	case ir.KStruct:
		for _, f := range t.Fields {
			if !compares(f.Type, seen) {
				return false
			}
		}
	}
	return true
}

// typeSwitchCase gives the If of a type switch case its position: go/ssa
// places the type test at the case keyword and the If on its ok has no
// position; the objective is the type of that case, as written (each type
// of a case list is a test of its own).
func (fl *fnLowerer) typeSwitchCase(v *ssa.If) (ir.Pos, bool) {
	ex, ok := v.Cond.(*ssa.Extract)
	if !ok || ex.Index != 1 {
		return ir.Pos{}, false
	}
	ta, ok := ex.Tuple.(*ssa.TypeAssert)
	if !ok || !ta.CommaOk {
		return ir.Pos{}, false
	}
	cc := fl.l.caseClause(ta.Pos())
	if cc == nil {
		return ir.Pos{}, false
	}
	for _, e := range cc.List {
		if tv, ok := fl.l.pkg.TypesInfo.Types[e]; ok && tv.IsType() && types.Identical(tv.Type, ta.AssertedType) {
			return fl.l.irPos(e.Pos()), true
		}
	}
	return ir.Pos{}, false
}

// caseClause returns the case clause of a type switch whose case keyword
// is at pos, or nil.
func (l *loader) caseClause(pos token.Pos) *ast.CaseClause {
	if l.typeCases == nil {
		l.typeCases = map[token.Pos]*ast.CaseClause{}
		for _, f := range l.pkg.Syntax {
			ast.Inspect(f, func(n ast.Node) bool {
				if s, ok := n.(*ast.TypeSwitchStmt); ok {
					for _, c := range s.Body.List {
						cc := c.(*ast.CaseClause)
						l.typeCases[cc.Case] = cc
					}
				}
				return true
			})
		}
	}
	return l.typeCases[pos]
}

// assertStart returns the start of the type assertion x.(T) whose '(' is
// at lparen (go/ssa places assertions there), or lparen itself and false
// when there is none (an assertion go/ssa adds).
func (l *loader) assertStart(lparen token.Pos) (token.Pos, bool) {
	if l.asserts == nil {
		l.asserts = map[token.Pos]token.Pos{}
		for _, f := range l.pkg.Syntax {
			ast.Inspect(f, func(n ast.Node) bool {
				if a, ok := n.(*ast.TypeAssertExpr); ok {
					l.asserts[a.Lparen] = a.Pos()
				}
				return true
			})
		}
	}
	if p, ok := l.asserts[lparen]; ok {
		return p, true
	}
	return lparen, false
}
