// order_expr.go: what order.go needs to know of an expression: its operands in go/ssa's order, whether gc hoists it, whether it has an effect, whether it may panic or reads memory.

package lower

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
)

// skip reports whether e is evaluated at all: constants and types are not.
func (o *orderer) skip(e ast.Expr) bool {
	tv, ok := o.info.Types[e]
	return ok && (tv.Value != nil || tv.IsType() || tv.IsBuiltin())
}

func (o *orderer) isType(e ast.Expr) bool {
	tv, ok := o.info.Types[e]
	return ok && tv.IsType()
}

// builtin returns the name of the builtin function e denotes, or "".
func (o *orderer) builtin(e ast.Expr) string {
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		if b, ok := o.info.Uses[id].(*types.Builtin); ok {
			return b.Name()
		}
	}
	if sel, ok := ast.Unparen(e).(*ast.SelectorExpr); ok {
		if b, ok := o.info.Uses[sel.Sel].(*types.Builtin); ok {
			return "unsafe." + b.Name()
		}
	}
	return ""
}

// children returns the operands of e in go/ssa's order of evaluation.
func (o *orderer) children(e ast.Expr) []*ast.Expr {
	switch x := e.(type) {
	case *ast.Ident, *ast.BasicLit, *ast.FuncLit:
		return nil
	case *ast.ParenExpr:
		return []*ast.Expr{&x.X}
	case *ast.SelectorExpr:
		if sel := o.info.Selections[x]; sel == nil {
			return nil // a qualified identifier
		}
		return []*ast.Expr{&x.X}
	case *ast.IndexExpr:
		if o.isInstance(x.X) {
			return nil
		}
		return []*ast.Expr{&x.X, &x.Index}
	case *ast.IndexListExpr:
		return nil // an instance of a generic function
	case *ast.SliceExpr:
		out := []*ast.Expr{&x.X}
		for _, p := range []*ast.Expr{&x.Low, &x.High, &x.Max} {
			if *p != nil {
				out = append(out, p)
			}
		}
		return out
	case *ast.TypeAssertExpr:
		return []*ast.Expr{&x.X}
	case *ast.CallExpr:
		var out []*ast.Expr
		if !o.isType(x.Fun) && o.builtin(x.Fun) == "" {
			out = append(out, &x.Fun)
		}
		for i := range x.Args {
			if !o.isType(x.Args[i]) { // make([]T, n), new(T)
				out = append(out, &x.Args[i])
			}
		}
		return out
	case *ast.StarExpr:
		return []*ast.Expr{&x.X}
	case *ast.UnaryExpr:
		return []*ast.Expr{&x.X}
	case *ast.BinaryExpr:
		return []*ast.Expr{&x.X, &x.Y}
	case *ast.CompositeLit:
		_, isStruct := o.info.TypeOf(x).Underlying().(*types.Struct)
		_, isMap := o.info.TypeOf(x).Underlying().(*types.Map)
		var out []*ast.Expr
		for i := range x.Elts {
			if kv, ok := x.Elts[i].(*ast.KeyValueExpr); ok {
				if isMap {
					out = append(out, &kv.Key)
				} else if !isStruct {
					_ = kv // an array or slice index: a constant
				}
				out = append(out, &kv.Value)
				continue
			}
			out = append(out, &x.Elts[i])
		}
		return out
	case *ast.KeyValueExpr:
		return []*ast.Expr{&x.Key, &x.Value}
	default:
		panic(fmt.Sprintf("order: unexpected expression %T", e))
	}
}

// isInstance reports whether e denotes a generic function (so that e[T] is
// an instantiation).
func (o *orderer) isInstance(e ast.Expr) bool {
	_, ok := o.info.TypeOf(e).(*types.Signature)
	return ok
}

// hoistable reports whether gc computes e into a temporary ahead of the
// rest of its statement.
func (o *orderer) hoistable(e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		if o.isType(x.Fun) {
			// Conversions: only string to []byte or []rune.
			_, toSlice := o.info.TypeOf(x).Underlying().(*types.Slice)
			from := o.info.TypeOf(x.Args[0])
			return toSlice && from != nil && isString(from)
		}
		switch o.builtin(x.Fun) {
		case "":
			return true
		case "len", "cap", "copy", "make", "new", "min", "max", "append", "complex", "real", "imag", "recover":
			return true
		}
		return false
	case *ast.SliceExpr:
		return true
	case *ast.TypeAssertExpr:
		return x.Type != nil && !directIface(o.info.TypeOf(x.Type))
	case *ast.BinaryExpr:
		return x.Op == token.LAND || x.Op == token.LOR
	case *ast.UnaryExpr:
		return x.Op == token.ARROW
	}
	return false
}

// directIface reports whether values of t are stored in an interface as a
// pointer (gc's types.IsDirectIface): a type assertion to it is not hoisted.
func directIface(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Pointer, *types.Map, *types.Chan, *types.Signature:
		return true
	case *types.Basic:
		return u.Kind() == types.UnsafePointer
	case *types.Struct:
		return u.NumFields() == 1 && directIface(u.Field(0).Type())
	case *types.Array:
		return u.Len() == 1 && directIface(u.Elem())
	}
	return false
}

// effectful reports whether evaluating the hoistable e can panic, write
// memory or run code: its order relative to an operand that may panic or
// reads memory matters.
func (o *orderer) effectful(e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		if !o.isType(x.Fun) {
			switch o.builtin(x.Fun) {
			case "", "append", "copy", "make", "recover":
				return true
			}
		}
	case *ast.SliceExpr, *ast.TypeAssertExpr:
		return true
	case *ast.UnaryExpr:
		if x.Op == token.ARROW {
			return true
		}
	}
	for _, c := range o.children(e) {
		if o.skip(*c) {
			continue
		}
		if o.sensitive(*c) || o.effectful(*c) {
			return true
		}
	}
	return false
}

// sensitive reports whether e, evaluated in place (its operands aside), may
// panic or reads memory that a call could write.
func (o *orderer) sensitive(e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, ok := o.info.Uses[x].(*types.Var)
		return ok && !v.IsField() && (o.shared[v] || v.Pkg() != nil && v.Parent() == v.Pkg().Scope())
	case *ast.IndexExpr:
		return !o.isInstance(x.X)
	case *ast.StarExpr:
		return true
	case *ast.SelectorExpr:
		sel := o.info.Selections[x]
		if sel == nil {
			_, ok := o.info.Uses[x.Sel].(*types.Var)
			return ok // a variable of another package
		}
		if sel.Indirect() {
			return true
		}
		if sel.Kind() == types.MethodVal {
			ptrX, ptrRecv := receiverPointers(o.info, x, sel)
			return ptrX && !ptrRecv // a value method through a pointer: *x
		}
		return false
	case *ast.BinaryExpr:
		switch x.Op {
		case token.QUO, token.REM:
			b, ok := o.info.TypeOf(x).Underlying().(*types.Basic)
			return ok && b.Info()&types.IsInteger != 0 && o.info.Types[x.Y].Value == nil
		case token.SHL, token.SHR:
			b, ok := o.info.TypeOf(x.Y).Underlying().(*types.Basic)
			return ok && b.Info()&types.IsUnsigned == 0 && o.info.Types[x.Y].Value == nil
		case token.EQL, token.NEQ:
			return mayPanicCompare(o.info.TypeOf(x.X)) || mayPanicCompare(o.info.TypeOf(x.Y))
		}
	case *ast.CallExpr:
		if o.isType(x.Fun) && len(x.Args) == 1 {
			// Conversions that may panic (slice to array) or read memory
			// ([]byte or []rune to string).
			from := o.info.TypeOf(x.Args[0])
			if from == nil {
				return false
			}
			_, fromSlice := from.Underlying().(*types.Slice)
			return fromSlice
		}
	case *ast.TypeAssertExpr:
		return true
	case *ast.UnaryExpr:
		return x.Op == token.ARROW
	}
	return false
}

// mayPanicCompare reports whether comparing values of t may panic (an
// interface holding an uncomparable dynamic type).
func mayPanicCompare(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Interface:
		return true
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if mayPanicCompare(u.Field(i).Type()) {
				return true
			}
		}
	case *types.Array:
		return mayPanicCompare(u.Elem())
	}
	return false
}

// sharedVars returns the local variables of fd (its closures included) that
// a call could write behind the function's back: those a closure captures
// and those whose address is taken (&x, x[:] of an array, a method with a
// pointer receiver called on x).
func sharedVars(fd *ast.FuncDecl, info *types.Info) map[*types.Var]bool {
	shared := map[*types.Var]bool{}
	root := func(e ast.Expr) {
		for {
			switch x := ast.Unparen(e).(type) {
			case *ast.Ident:
				if v, ok := info.Uses[x].(*types.Var); ok {
					shared[v] = true
				}
				return
			case *ast.SelectorExpr:
				sel := info.Selections[x]
				if sel == nil || sel.Indirect() {
					return
				}
				if _, ptr := info.TypeOf(x.X).Underlying().(*types.Pointer); ptr {
					return
				}
				e = x.X
			case *ast.IndexExpr:
				if _, arr := info.TypeOf(x.X).Underlying().(*types.Array); !arr {
					return
				}
				e = x.X
			default:
				return
			}
		}
	}
	var lits []*ast.FuncLit
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			lits = append(lits, x)
		case *ast.UnaryExpr:
			if x.Op == token.AND {
				root(x.X)
			}
		case *ast.SliceExpr:
			if _, arr := info.TypeOf(x.X).Underlying().(*types.Array); arr {
				root(x.X)
			}
		case *ast.SelectorExpr:
			if sel := info.Selections[x]; sel != nil && sel.Kind() == types.MethodVal {
				if ptrX, ptrRecv := receiverPointers(info, x, sel); ptrRecv && !ptrX {
					root(x.X) // a pointer method on a variable: &x
				}
			}
		}
		return true
	})
	for _, lit := range lits {
		ast.Inspect(lit.Body, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if v, ok := info.Uses[id].(*types.Var); ok && !v.IsField() && v.Pkg() != nil && v.Parent() != v.Pkg().Scope() &&
					(v.Pos() < lit.Pos() || v.Pos() >= lit.End()) {
					shared[v] = true
				}
			}
			return true
		})
	}
	return shared
}

// gotoTargets returns the labels some goto in body (outside its closures)
// jumps to.
func gotoTargets(body *ast.BlockStmt, info *types.Info) map[types.Object]bool {
	out := map[types.Object]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BranchStmt:
			if x.Tok == token.GOTO && x.Label != nil {
				out[info.Uses[x.Label]] = true
			}
		}
		return true
	})
	return out
}

// receiverPointers reports, for the method selection x.M, whether x is a
// pointer and whether M's receiver is.
func receiverPointers(info *types.Info, x *ast.SelectorExpr, sel *types.Selection) (ptrX, ptrRecv bool) {
	_, ptrX = info.TypeOf(x.X).Underlying().(*types.Pointer)
	_, ptrRecv = sel.Obj().Type().(*types.Signature).Recv().Type().Underlying().(*types.Pointer)
	return ptrX, ptrRecv
}
