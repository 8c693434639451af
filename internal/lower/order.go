// order.go: statements rewritten to gc's order of evaluation (calls and && / || in value context first) before go/ssa builds them.

package lower

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
)

// The Go specification fixes the order of calls, method calls and channel
// operations within a statement and leaves the rest open; the verdicts must
// follow the compiled code. gc's order pass (cmd/compile/internal/walk/
// order.go) computes, within one statement, every call and a few builtins
// (len, cap, append, copy, make, new, min, max, complex, real, imag,
// recover), every slice expression, type assertion to a non-pointer-shaped
// type, receive, string-to-[]byte or []rune conversion, and every && / || in
// value context into a temporary, innermost first and otherwise in lexical
// order; what remains of the statement (indexing, dereferences, field reads
// through pointers, divisions, shifts, variable reads, the assignment's left
// side) then runs left to right. The operands of an && / || are statements of
// their own, the right one run only when needed. go/ssa builds left to right,
// so on
//
//	a[i] + f()     x[i] = f()     t.A + t.Get()     G + setG()     pick(a[i], i > 5 || 10/y > 2)
//
// it panics (or reads memory) before the call where gc calls first. A
// statement where the two orders differ, one with an operand that may panic
// or reads memory left of a call or another hoisted expression with an
// effect, is rewritten here into gc's form before go/ssa sees it:
//
//	order$1 := f()
//	x[i] = order$1
//
// The temporaries are new variables of the type checker's info (Defs, Uses),
// the hoisted expressions keep their nodes and positions, so the branches
// and checks inside them keep theirs. Statements where the orders agree are
// left as they are. Where no statement can go (an && / || operand, a loop
// condition, a case expression), the expression becomes a call of a
// function literal holding the temporaries (inPlace). Where neither works
// (a for loop's post statement, a statement a goto jumps to that is not
// simple enough to become a block, a select case), the function is
// rejected: "evaluation order: ...". Should go/ssa
// fail on the rewritten package (a bug here), Load builds it again
// without rewriting, and rejects the functions that need a rewrite, with
// go/ssa's message, rather than the whole package (buildPackage).

// breakRewrite makes inPlace write a variable no statement defines, which
// go/ssa cannot build: tests of Load's fallback set it.
var breakRewrite = false

// orderer rewrites the functions of one package.
type orderer struct {
	info   *types.Info
	pkg    *types.Package
	n      int                   // temporaries made
	shared map[*types.Var]bool   // locals that are captured by a closure or whose address is taken
	fn     ast.Node              // the function being rewritten (*ast.FuncDecl or *ast.FuncLit)
	gotos  map[types.Object]bool // labels some goto of the function jumps to
	// unmodelled maps a function (its *ast.FuncDecl or *ast.FuncLit) to the
	// first statement whose order could not be rewritten.
	unmodelled map[ast.Node]token.Pos
	// reject: rewrite nothing, every statement that needs a rewrite is
	// unmodelled (go/ssa failed on an earlier rewrite of the package).
	reject bool
}

// reorder rewrites the files of a type-checked package in place (see
// above), adding to unmodelled the functions whose order it could not
// rewrite. With reject, it rewrites nothing: every function that needs a
// rewrite is unmodelled.
func reorder(files []*ast.File, info *types.Info, pkg *types.Package, unmodelled map[ast.Node]token.Pos, reject bool) {
	o := &orderer{info: info, pkg: pkg, unmodelled: unmodelled, reject: reject}
	for _, f := range files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				o.shared = sharedVars(fd, info)
				o.function(fd, fd.Body)
			}
		}
	}
}

// function rewrites the body of fn, its closures first.
func (o *orderer) function(fn ast.Node, body *ast.BlockStmt) {
	ast.Inspect(body, func(n ast.Node) bool {
		if lit, ok := n.(*ast.FuncLit); ok {
			o.function(lit, lit.Body)
			return false
		}
		return true
	})
	saveFn, saveGotos := o.fn, o.gotos
	o.fn, o.gotos = fn, gotoTargets(body, o.info)
	body.List = o.stmtList(body.List)
	o.fn, o.gotos = saveFn, saveGotos
}

func (o *orderer) stmtList(list []ast.Stmt) []ast.Stmt {
	var out []ast.Stmt
	changed := false
	for _, s := range list {
		r := o.stmt(s, true)
		changed = changed || len(r) != 1 || r[0] != s
		out = append(out, r...)
	}
	if !changed {
		return list
	}
	return out
}

// block rewrites the statements of b.
func (o *orderer) block(b *ast.BlockStmt) {
	if b != nil {
		b.List = o.stmtList(b.List)
	}
}

// unsupported records that the order of the statement at pos cannot be
// rewritten.
func (o *orderer) unsupported(pos token.Pos) {
	if _, ok := o.unmodelled[o.fn]; !ok {
		o.unmodelled[o.fn] = pos
	}
}

// stmt returns the statements replacing s: the temporaries of the hoisted
// expressions, then s. canInsert is false where nothing may come before s
// (a statement some goto jumps to).
func (o *orderer) stmt(s ast.Stmt, canInsert bool) []ast.Stmt {
	switch s := s.(type) {
	case *ast.ExprStmt:
		return o.unitList(s, canInsert, []*ast.Expr{&s.X}, nil, false)
	case *ast.AssignStmt:
		// The left side is evaluated first, but for plain variables
		// assigned (a write, nothing to evaluate).
		var slots []*ast.Expr
		if s.Tok != token.DEFINE {
			for i := range s.Lhs {
				if _, isIdent := ast.Unparen(s.Lhs[i]).(*ast.Ident); isIdent && s.Tok == token.ASSIGN {
					continue
				}
				slots = append(slots, &s.Lhs[i])
			}
		}
		return o.unitList(s, canInsert, slots, &s.Rhs, len(s.Lhs) != len(s.Rhs))
	case *ast.ReturnStmt:
		return o.unitList(s, canInsert, nil, &s.Results, false)
	case *ast.IncDecStmt:
		return o.unitList(s, canInsert, []*ast.Expr{&s.X}, nil, false)
	case *ast.SendStmt:
		vals := []ast.Expr{s.Value}
		r := o.unitList(s, canInsert, []*ast.Expr{&s.Chan}, &vals, false)
		s.Value = vals[0]
		return r
	case *ast.GoStmt:
		return o.deferred(s, canInsert, s.Call)
	case *ast.DeferStmt:
		return o.deferred(s, canInsert, s.Call)
	case *ast.DeclStmt:
		gd, ok := s.Decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR {
			return []ast.Stmt{s}
		}
		var out []ast.Stmt
		split := false
		for _, spec := range gd.Specs {
			vs := spec.(*ast.ValueSpec)
			one := &ast.DeclStmt{Decl: &ast.GenDecl{Doc: gd.Doc, TokPos: gd.TokPos, Tok: gd.Tok, Specs: []ast.Spec{vs}}}
			r := o.unitList(one, canInsert, nil, &vs.Values, len(vs.Names) != len(vs.Values))
			split = split || len(r) > 1
			out = append(out, r...)
		}
		if !split {
			return []ast.Stmt{s}
		}
		return out
	case *ast.LabeledStmt:
		if o.gotos[o.info.Defs[s.Label]] && simpleStmt(s.Stmt) {
			// A goto jumps to the label: the temporaries go after it,
			// in a block with the statement, which declares nothing
			// that outlives it.
			if r := o.stmt(s.Stmt, true); len(r) > 1 {
				s.Stmt = &ast.BlockStmt{Lbrace: s.Stmt.Pos(), List: r, Rbrace: s.Stmt.End()}
			}
			return []ast.Stmt{s}
		}
		r := o.stmt(s.Stmt, canInsert && !o.gotos[o.info.Defs[s.Label]])
		s.Stmt = r[len(r)-1]
		return append(r[:len(r)-1], s)
	case *ast.BlockStmt:
		o.block(s)
		return []ast.Stmt{s}
	case *ast.IfStmt:
		out := o.withInit(s, &s.Init, canInsert, &s.Cond)
		o.block(s.Body)
		switch e := s.Else.(type) {
		case *ast.BlockStmt:
			o.block(e)
		case *ast.IfStmt:
			if r := o.stmt(e, true); len(r) > 1 {
				s.Else = &ast.BlockStmt{Lbrace: e.Pos(), List: r, Rbrace: e.End()}
			}
		}
		return out
	case *ast.SwitchStmt:
		var out []ast.Stmt
		if s.Tag != nil {
			out = o.withInit(s, &s.Init, canInsert, &s.Tag)
		} else {
			out = o.withInit(s, &s.Init, canInsert)
		}
		for _, c := range s.Body.List {
			cc := c.(*ast.CaseClause)
			for i := range cc.List {
				o.inPlace(&cc.List[i])
			}
			cc.Body = o.stmtList(cc.Body)
		}
		return out
	case *ast.TypeSwitchStmt:
		var x *ast.Expr
		switch a := s.Assign.(type) {
		case *ast.ExprStmt:
			x = &a.X.(*ast.TypeAssertExpr).X
		case *ast.AssignStmt:
			x = &a.Rhs[0].(*ast.TypeAssertExpr).X
		}
		out := o.withInit(s, &s.Init, canInsert, x)
		for _, c := range s.Body.List {
			c.(*ast.CaseClause).Body = o.stmtList(c.(*ast.CaseClause).Body)
		}
		return out
	case *ast.ForStmt:
		var out []ast.Stmt
		if s.Init != nil {
			r := o.stmt(s.Init, canInsert)
			s.Init = r[len(r)-1]
			out = r[:len(r)-1]
		}
		if s.Cond != nil {
			o.inPlace(&s.Cond)
		}
		if s.Post != nil {
			if r := o.stmt(s.Post, false); len(r) != 1 {
				panic("order: a rewrite inserted before a post statement")
			}
		}
		o.block(s.Body)
		return append(out, s)
	case *ast.RangeStmt:
		r := o.unitList(s, canInsert, []*ast.Expr{&s.X}, nil, false)
		o.block(s.Body)
		return r
	case *ast.SelectStmt:
		for _, c := range s.Body.List {
			cc := c.(*ast.CommClause)
			if cc.Comm != nil {
				if r := o.stmt(cc.Comm, false); len(r) != 1 {
					panic("order: a rewrite inserted before a select case")
				}
			}
			cc.Body = o.stmtList(cc.Body)
		}
		return []ast.Stmt{s}
	case *ast.BranchStmt, *ast.EmptyStmt:
		return []ast.Stmt{s}
	default:
		panic(fmt.Sprintf("order: unexpected statement %T", s))
	}
}

// withInit orders an if, switch or type switch statement s: its init
// statement, then the temporaries of its expression (the slots), then s. When
// there are temporaries, the init statement moves out of s, ahead of them
// (go/ssa resolves names by object, so its wider scope changes nothing).
func (o *orderer) withInit(s ast.Stmt, init *ast.Stmt, canInsert bool, slots ...*ast.Expr) []ast.Stmt {
	var out []ast.Stmt
	if *init != nil {
		out = o.stmt(*init, canInsert)
	}
	r := o.unitList(s, canInsert, slots, nil, false)
	if *init == nil {
		return r
	}
	if len(r) > 1 {
		*init = nil
		return append(out, r...)
	}
	*init = out[len(out)-1]
	return append(out[:len(out)-1], s)
}

// deferred handles go and defer statements: the function value and the
// arguments are evaluated now, the call later.
func (o *orderer) deferred(s ast.Stmt, canInsert bool, call *ast.CallExpr) []ast.Stmt {
	var slots []*ast.Expr
	if !o.isType(call.Fun) && o.builtin(call.Fun) == "" {
		slots = append(slots, &call.Fun)
	}
	return o.unitList(s, canInsert, slots, &call.Args, false)
}

// unitList handles statement s, whose expressions are the slots (never
// hoisted themselves: a left side, a condition) then the list (the right
// side of an assignment, the results of a return, the arguments of a
// deferred call), all evaluated in that order. The expressions of the list
// are hoisted unless one alone is evaluated, or commaOK says it is the
// comma-ok form of a map index, type assertion or receive.
func (o *orderer) unitList(s ast.Stmt, canInsert bool, slots []*ast.Expr, list *[]ast.Expr, commaOK bool) []ast.Stmt {
	var l []ast.Expr
	if list != nil {
		l = *list
	}
	hoistRoot := !(len(slots) == 0 && len(l) == 1) && !commaOK
	st := &scanState{}
	for _, sl := range slots {
		o.scan(*sl, st, false)
	}
	for i := range l {
		o.scan(l[i], st, hoistRoot)
	}
	if !st.need {
		return []ast.Stmt{s}
	}
	if !canInsert || o.reject {
		o.unsupported(s.Pos())
		return []ast.Stmt{s}
	}
	var pre []ast.Stmt
	for _, sl := range slots {
		o.lift(sl, &pre, false)
	}
	if len(l) == 1 && isTuple(o.info.TypeOf(l[0])) {
		o.liftChildren(l[0], &pre)
		if hoistRoot {
			l = o.temps(l[0], &pre)
		}
	} else {
		for i := range l {
			o.lift(&l[i], &pre, hoistRoot)
		}
	}
	if list != nil {
		*list = l
	}
	return append(pre, s)
}

// inPlace orders an expression evaluated where no statement can be
// inserted before it: an operand of && / ||, a loop condition, a case
// expression. When its order needs temporaries, it becomes a call of a
// function literal holding them (gc's temporaries, in a function of their
// own), which keeps the expression's position:
//
//	p.x >= p.limit()   ->   func(p *T) bool { order$1 := p.limit(); return p.x >= order$1 }(p)
//
// A negation stays outside the call, "!(p.x >= p.limit())" becoming
// "!(func(...){...}(p))": go/ssa's cond and the instrumenter strip it and
// branch on the operand, whose position and polarity the objective keeps.
// The literal takes the locals the expression reads as parameters (their
// values cannot change while it runs: no one else has their address), and
// captures those that are shared.
func (o *orderer) inPlace(slot *ast.Expr) {
	st := &scanState{}
	o.scan(*slot, st, false)
	if !st.need {
		return
	}
	if o.reject {
		o.unsupported((*slot).Pos())
		return
	}
	if breakRewrite { // the test of the fallback (TestOrderFallback): a rewrite go/ssa cannot build
		id := &ast.Ident{NamePos: (*slot).Pos(), Name: "order$broken"}
		o.info.Uses[id] = types.NewVar(id.NamePos, o.pkg, id.Name, o.info.TypeOf(*slot))
		*slot = id
		return
	}
	for {
		// The position of a parenthesised operand is that of its content;
		// a negation stays outside (see above).
		switch x := (*slot).(type) {
		case *ast.ParenExpr:
			slot = &x.X
			continue
		case *ast.UnaryExpr:
			if x.Op == token.NOT {
				slot = &x.X
				continue
			}
		}
		break
	}
	e := *slot
	pos, end := e.Pos(), e.End() // before lift shortens e
	var pre []ast.Stmt
	o.lift(slot, &pre, false)
	body := *slot
	temps := map[types.Object]bool{}
	for _, st := range pre {
		for _, l := range st.(*ast.AssignStmt).Lhs {
			temps[o.info.Defs[l.(*ast.Ident)]] = true
		}
	}

	var fields []*ast.Field
	var args []ast.Expr
	var pvars []*types.Var
	params := map[*types.Var]*types.Var{}
	reads := func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		v, ok := o.info.Uses[id].(*types.Var)
		if !ok || v.IsField() || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() || o.shared[v] || temps[v] ||
			(v.Pos() >= pos && v.Pos() < end) { // declared inside e: its literals' locals
			return true
		}
		p := params[v]
		if p == nil {
			p = types.NewVar(pos, o.pkg, v.Name(), v.Type())
			params[v] = p
			pid := &ast.Ident{NamePos: pos, Name: v.Name()}
			o.info.Defs[pid] = p
			fields = append(fields, &ast.Field{Names: []*ast.Ident{pid}, Type: &ast.Ident{NamePos: pos, Name: "_"}})
			arg := &ast.Ident{NamePos: pos, Name: v.Name()}
			o.info.Uses[arg] = v
			args = append(args, arg)
			pvars = append(pvars, p)
		}
		o.info.Uses[id] = p
		return true
	}
	for _, st := range pre {
		ast.Inspect(st, reads)
	}
	ast.Inspect(body, reads)
	t := types.Default(o.info.TypeOf(e))
	sig := types.NewSignatureType(nil, nil, nil, types.NewTuple(pvars...), types.NewTuple(types.NewVar(pos, o.pkg, "", t)), false)
	ftype := &ast.FuncType{Func: pos, Params: &ast.FieldList{Opening: pos, List: fields, Closing: pos},
		Results: &ast.FieldList{List: []*ast.Field{{Type: &ast.Ident{NamePos: pos, Name: "_"}}}}}
	lit := &ast.FuncLit{Type: ftype, Body: &ast.BlockStmt{Lbrace: pos, List: append(pre, &ast.ReturnStmt{Return: pos, Results: []ast.Expr{body}}), Rbrace: pos}}
	call := &ast.CallExpr{Fun: lit, Lparen: pos, Args: args, Rparen: pos}
	o.info.Types[ftype] = types.TypeAndValue{Type: sig}
	o.info.Types[lit] = types.TypeAndValue{Type: sig}
	o.info.Types[call] = types.TypeAndValue{Type: t}
	*slot = call
}

// scanState is the state of a scan of one unit (the operands evaluated
// together, in order).
type scanState struct {
	sens bool // an operand that may panic or reads memory was evaluated
	need bool // ... before a hoisted expression with an effect
}

// scan walks e in go/ssa's order as part of the unit of st; hoist says
// whether e itself, if hoistable, is hoisted (not the root of a statement
// evaluated last).
func (o *orderer) scan(e ast.Expr, st *scanState, hoist bool) {
	if o.skip(e) {
		return
	}
	if isLogical(e) {
		if hoist && st.sens && o.effectful(e) {
			st.need = true
		}
		// Each operand is a statement of its own.
		x := ast.Unparen(e).(*ast.BinaryExpr)
		o.inPlace(&x.X)
		o.inPlace(&x.Y)
		return
	}
	if hoist && o.hoistable(e) {
		if st.sens && o.effectful(e) {
			st.need = true
		}
		inner := &scanState{}
		for _, c := range o.children(e) {
			o.scan(*c, inner, true)
		}
		st.need = st.need || inner.need
		return
	}
	for _, c := range o.children(e) {
		o.scan(*c, st, true)
	}
	if o.sensitive(e) {
		st.sens = true
	}
}

// isLogical reports whether e is an && or || expression.
func isLogical(e ast.Expr) bool {
	x, ok := ast.Unparen(e).(*ast.BinaryExpr)
	return ok && (x.Op == token.LAND || x.Op == token.LOR)
}

// lift rewrites the expression in *slot: its hoistable subexpressions, then
// itself if hoist, are moved into temporaries appended to pre. The operands
// of an && / || stay where they are (they are evaluated conditionally).
func (o *orderer) lift(slot *ast.Expr, pre *[]ast.Stmt, hoist bool) {
	e := *slot
	switch {
	case o.skip(e):
	case isLogical(e):
		if hoist {
			*slot = o.temps(e, pre)[0]
		}
	case hoist && o.hoistable(e):
		o.liftChildren(e, pre)
		*slot = o.temps(e, pre)[0]
	default:
		o.liftChildren(e, pre)
	}
}

// liftChildren lifts the operands of e.
func (o *orderer) liftChildren(e ast.Expr, pre *[]ast.Stmt) {
	if c, ok := ast.Unparen(e).(*ast.CallExpr); ok && len(c.Args) == 1 && isTuple(o.info.TypeOf(c.Args[0])) {
		// f(g()) with g returning several values.
		if !o.isType(c.Fun) && o.builtin(c.Fun) == "" {
			o.lift(&c.Fun, pre, true)
		}
		o.liftChildren(c.Args[0], pre)
		c.Args = o.temps(c.Args[0], pre)
		return
	}
	for _, c := range o.children(e) {
		o.lift(c, pre, true)
	}
}

// temps appends "order$N, ... := e" to pre and returns the temporaries.
func (o *orderer) temps(e ast.Expr, pre *[]ast.Stmt) []ast.Expr {
	t := o.info.TypeOf(e)
	var ts []types.Type
	if tup, ok := t.(*types.Tuple); ok {
		for i := 0; i < tup.Len(); i++ {
			ts = append(ts, tup.At(i).Type())
		}
	} else {
		ts = []types.Type{t}
	}
	var lhs, uses []ast.Expr
	for _, t := range ts {
		o.n++
		name := fmt.Sprintf("order$%d", o.n)
		v := types.NewVar(e.Pos(), o.pkg, name, types.Default(t))
		def, use := &ast.Ident{NamePos: e.Pos(), Name: name}, &ast.Ident{NamePos: e.Pos(), Name: name}
		o.info.Defs[def] = v
		o.info.Uses[use] = v
		lhs, uses = append(lhs, def), append(uses, use)
	}
	*pre = append(*pre, &ast.AssignStmt{Lhs: lhs, TokPos: e.Pos(), Tok: token.DEFINE, Rhs: []ast.Expr{e}})
	return uses
}

func isTuple(t types.Type) bool {
	_, ok := t.(*types.Tuple)
	return ok
}

// simpleStmt reports whether s can become the last statement of a block
// in its place: it declares nothing, and no break or continue names it
// (an expression, an assignment with =, op= or ++/--, a return).
func simpleStmt(s ast.Stmt) bool {
	switch s := s.(type) {
	case *ast.ExprStmt, *ast.IncDecStmt, *ast.ReturnStmt:
		return true
	case *ast.AssignStmt:
		return s.Tok != token.DEFINE
	}
	return false
}
