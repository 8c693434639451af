// gen_unit.go: the random program generator's units: the function under test, its helpers, its receiver type.

package oracle

import (
	"fmt"
	"strings"
)

// unit generates the unit's helpers, function and (if used) receiver type
// with its methods, and returns their source.
func (g *gen) unit() string {
	var helpers []string
	if g.on(FeatHelper) {
		n := 0
		switch x := g.intn(20); {
		case x >= 17:
			n = 2
		case x >= 9:
			n = 1
		}
		for i := 0; i < n; i++ {
			helpers = append(helpers, g.helper(i))
		}
	}
	fn := g.function()
	var out strings.Builder
	if g.recvType != "" {
		out.WriteString(g.recvDecl())
	}
	for _, d := range g.decls {
		out.WriteString(d)
	}
	for _, h := range helpers {
		out.WriteString(h)
	}
	out.WriteString(fn)
	return out.String()
}

// startFunc resets the per-function state.
func (g *gen) startFunc() {
	g.b.Reset()
	g.indent = 0
	g.scopes = nil
	g.inLoop, g.inInput, g.inIndex, g.calls = 0, 0, 0, 0
}

// declareR declares the accumulator r in the current scope.
func (g *gen) declareR() {
	g.line("r := int32(0)")
	g.declare(&variable{name: "r", t: tI32, used: true})
}

// helper generates helper i: one or two scalar parameters, branches of its
// own, an int8 or bool result.
func (g *gen) helper(i int) string {
	g.startFunc()
	h := &helper{name: fmt.Sprintf("%sh%d", strings.ToLower(g.name), i), result: tI8}
	if g.chance(0.35) {
		h.result = tBool
	}
	h.params = []*gtype{[]*gtype{tI8, tU8}[g.intn(2)]}
	if g.chance(0.6) {
		h.params = append(h.params, []*gtype{tI8, tU8, tBool}[g.intn(3)])
	}
	g.push()
	var ps []string
	for j, t := range h.params {
		n := fmt.Sprintf("h%d", j)
		ps = append(ps, n+" "+t.name)
		g.declare(&variable{name: n, t: t, param: true})
	}
	g.line("// %s is a helper of %s.", h.name, g.name)
	g.line("func %s(%s) %s {", h.name, strings.Join(ps, ", "), h.result.name)
	g.indent++
	g.push()
	g.declareR()
	g.inHelper, g.helperResult = true, h.result
	g.budget = 1 + g.intn(3)
	for g.budget > 0 {
		g.stmt(1)
	}
	g.inHelper = false
	g.flush()
	g.line("return %s", g.retExpr(h.result.name))
	g.indent--
	g.line("}")
	g.line("")
	g.helpers = append(g.helpers, h)
	return g.b.String()
}

// function generates the function under test.
func (g *gen) function() string {
	g.startFunc()
	g.push()
	budget := 16
	var ps []string
	recv := ""
	if g.chance(0.15) && g.use(FeatMethodTarget) {
		g.needRecv()
		g.method = true
		recv = "(t *" + g.recvType + ") "
		g.declare(&variable{name: "t", t: g.recvPtr(), recv: true, self: true, param: true})
		budget -= 9
	}
	hasInt := g.method
	for i := 0; i < 3 && budget > 0; i++ {
		var cands []*gtype
		for _, t := range tParam {
			if t.bits <= budget && (hasInt || carriesInt(t)) {
				cands = append(cands, t)
			}
		}
		if len(cands) == 0 || (i > 0 && g.chance(0.3)) {
			break
		}
		t := cands[g.intn(len(cands))]
		hasInt = hasInt || carriesInt(t)
		budget -= t.bits
		n := string(rune('x' + i))
		ps = append(ps, n+" "+t.name)
		g.declare(&variable{name: n, t: t, param: true})
	}
	assume := g.precondition()
	result := []string{"int32", "bool", "int32, bool", "int32"}[g.intn(4)]
	g.result = result
	res := result
	if strings.Contains(res, ",") {
		res = "(" + res + ")"
	}
	g.line("func %s%s(%s) %s {", recv, g.name, strings.Join(ps, ", "), res)
	g.indent++
	g.push()
	g.declareR()
	g.scalarCopy()
	g.budget = 3 + g.intn(5)
	for g.budget > 0 {
		g.stmt(1 + g.intn(2))
	}
	// Every helper is called from at least two sites.
	for _, h := range g.helpers {
		for h.calls < 2 {
			h.calls++
			if h.result == tBool {
				g.line("if %s {", g.call(h, 2))
				g.line("\tr += 11")
				g.line("}")
			} else {
				g.line("r += int32(%s)", g.call(h, 2))
			}
		}
	}
	g.flush()
	g.line("return %s", g.retExpr(result))
	g.indent--
	g.line("}")
	body := g.b.String()
	var doc strings.Builder
	fmt.Fprintf(&doc, "// %s is generated (unit seed in the test's failure message).\n", g.name)
	if g.inputLoops {
		doc.WriteString(LoopsDirective + "\n")
	}
	if assume != "" {
		doc.WriteString("//leapfrog:assume " + assume + "\n")
	}
	return doc.String() + body
}

// precondition returns, with FeatAssume (a quarter of the units), a
// boolean expression over the parameters for the function's precondition,
// else "". It is drawn from the side stream, and what it marks (calls,
// reads) is undone: the rest of the unit is the same with or without it.
func (g *gen) precondition() string {
	if !g.on(FeatAssume) {
		return ""
	}
	main := g.rng
	g.rng = g.side
	defer func() { g.rng = main }()
	if !g.chance(0.25) {
		return ""
	}
	restore := g.snapshot()
	calls, panicky := g.calls, g.panicky
	hcalls := make([]int, len(g.helpers))
	for i, h := range g.helpers {
		hcalls[i] = h.calls
	}
	e := g.boolExpr(2, false, false)
	restore()
	g.calls, g.panicky = calls, panicky
	for i, h := range g.helpers {
		h.calls = hcalls[i]
	}
	g.used[FeatAssume] = true
	return e
}

// scalarCopy declares a copy of an element of an integer array parameter
// when no parameter is an integer or a struct with one: index expressions
// then always have an integer to read that no symbolic store reaches.
func (g *gen) scalarCopy() {
	var arr *variable
	for _, v := range g.vars(func(v *variable) bool { return v.param }) {
		switch {
		case v.t.kind == kInt || v.t.kind == kStruct || v.recv:
			return
		case v.t.kind == kArray && v.t.elem.kind == kInt && arr == nil:
			arr = v
		}
	}
	if arr != nil {
		v := g.fresh("v")
		g.line("%s := %s[0]", v, arr.name)
		g.declare(&variable{name: v, t: arr.t.elem})
	}
}

// carriesInt reports whether a parameter type holds an integer.
func carriesInt(t *gtype) bool {
	switch t.kind {
	case kInt:
		return true
	case kArray:
		return carriesInt(t.elem)
	case kStruct:
		for _, f := range t.fields {
			if carriesInt(f.t) {
				return true
			}
		}
	}
	return false
}

// retExpr returns the expression of a return statement for the result
// types ("int32", "bool", "int32, bool", "int8").
func (g *gen) retExpr(result string) string {
	switch result {
	case "int32":
		return "r"
	case "int8":
		return "int8(r)"
	case "int32, bool":
		return "r, " + g.boolExpr(2, true, false)
	case "bool":
		c := "r > " + g.constant(tI32)
		if g.chance(0.7) && g.use(FeatLogicValue) {
			op := "&&"
			if g.chance(0.5) {
				op = "||"
			}
			return c + " " + op + " " + g.boolExpr(2, true, true)
		}
		return c
	}
	panic("oracle: generator: bad result " + result)
}

// flush reads every unused local of the innermost scope.
func (g *gen) flush() {
	for _, v := range g.scopes[len(g.scopes)-1].vars {
		if !v.used && !v.param {
			g.consume(v)
		}
	}
}

// ---- the receiver type ----

func (g *gen) needRecv() {
	if g.recvType == "" {
		g.recvType = g.name + "T"
	}
}

// recvPtr returns the pointer type to the unit's receiver struct.
func (g *gen) recvPtr() *gtype {
	st := &gtype{name: g.recvType, kind: kStruct, fields: []gfield{{"A", tI8}, {"B", tBool}}}
	return &gtype{name: "*" + g.recvType, kind: kPtr, elem: st}
}

// recvDecl returns the receiver type and its methods Get (a nil receiver
// gives -1) and Set (a nil receiver panics).
func (g *gen) recvDecl() string {
	t := g.recvType
	c1, c2 := g.constant(tI8), g.constant(tI8)
	return fmt.Sprintf(`// %[1]s has methods with pointer receivers.
type %[1]s struct {
	A int8
	B bool
}

// Get returns a field; a nil receiver gives -1.
func (t *%[1]s) Get() int8 {
	if t == nil {
		return -1
	}
	if t.B && t.A > %[2]s {
		return t.A
	}
	return t.A / 2
}

// Set stores v (and panics on a nil receiver).
func (t *%[1]s) Set(v int8) {
	if v < %[3]s {
		t.B = !t.B
	}
	t.A = v
}

`, t, c1, c2)
}
