// gen_feat.go: the random program generator's statements for features: loops, jumps, panics, infeasible conditions, pointers, nil receivers, symbolic stores.

package oracle

import (
	"fmt"
	"strings"
)

// loop generates a loop with a constant trip count.
func (g *gen) loop(depth int) bool {
	if !g.use(FeatConstLoop) {
		return false
	}
	g.inLoop++
	defer func() { g.inLoop-- }()
	arrs := g.vars(func(v *variable) bool { return v.t.kind == kArray })
	if len(arrs) > 0 && g.chance(0.4) {
		a := g.pick(arrs)
		a.used = true
		i := g.fresh("i")
		if g.chance(0.5) {
			g.line("for %s := range %s {", i, a.name)
			g.indent++
			g.push()
			g.declare(&variable{name: i, t: tInt, fixed: true})
		} else {
			e := g.fresh("e")
			g.line("for %s, %s := range %s {", i, e, a.name)
			g.indent++
			g.push()
			g.declare(&variable{name: i, t: tInt, fixed: true})
			g.declare(&variable{name: e, t: a.t.elem, fixed: true})
		}
		g.loopBody(1+g.intn(3), depth-1)
		return true
	}
	i := g.fresh("i")
	g.line("for %s := int8(0); %s < %d; %s++ {", i, i, 1+g.intn(4), i)
	g.indent++
	g.push()
	g.declare(&variable{name: i, t: tI8, fixed: true, used: true})
	g.loopBody(1+g.intn(3), depth-1)
	return true
}

// loopBody generates n statements in the loop's scope (opened by the
// caller), closes it and the loop.
func (g *gen) loopBody(n, depth int) {
	for ; n > 0; n-- {
		g.stmt(depth)
	}
	g.pop()
	g.indent--
	g.line("}")
}

// inputLoop generates a loop whose trip count depends on the input: at most
// 8 iterations, or with FeatLongLoop up to 255.
func (g *gen) inputLoop(depth int) bool {
	if !g.use(FeatInputLoop) {
		return false
	}
	g.inputLoops = true
	g.inLoop++
	g.inInput++
	defer func() { g.inLoop--; g.inInput-- }()
	z := g.fresh("z")
	stmts := 1 + g.intn(2)
	// Simple statements only in the body: the paths multiply with each
	// iteration.
	body := func() { g.loopBody(stmts, 0) }
	switch g.intn(4) {
	case 0:
		g.line("%s := %s & 7", z, g.intExpr(tU8, 2))
		g.declare(&variable{name: z, t: tU8, fixed: true, used: true})
		g.line("for %s > 0 {", z)
		g.indent++
		g.push()
		g.line("%s--", z)
	case 1:
		n, j := z, g.fresh("j")
		g.line("%s := %s & 7", n, g.intExpr(tI8, 2))
		g.declare(&variable{name: n, t: tI8, fixed: true, used: true})
		g.line("for %s := int8(0); %s < %s; %s++ {", j, j, n, j)
		g.indent++
		g.push()
		g.declare(&variable{name: j, t: tI8, fixed: true, used: true})
	case 2:
		g.line("for %s := %s; %s != 0; %s >>= 1 {", z, g.intExpr(tU8, 2), z, z)
		g.indent++
		g.push()
		g.declare(&variable{name: z, t: tU8, fixed: true, used: true})
	default:
		if g.chance(0.5) && g.use(FeatLongLoop) {
			stmts = 1
			g.line("for %s := %s; %s > 0; %s-- {", z, g.intExpr(tU8, 1), z, z)
		} else {
			g.line("for %s := %s & 3; %s > 0; %s-- {", z, g.intExpr(tU8, 2), z, z)
		}
		g.indent++
		g.push()
		g.declare(&variable{name: z, t: tU8, fixed: true, used: true})
	}
	body()
	return true
}

func (g *gen) explicitPanic(depth int) bool {
	if !g.use(FeatPanic) {
		return false
	}
	g.line("if %s {", g.boolExpr(2, false, false))
	g.line("\tpanic(%q)", g.fresh(strings.ToLower(g.name)+" boom "))
	g.line("}")
	return true
}

// infeasible generates a condition no input satisfies.
func (g *gen) infeasible(depth int) bool {
	if !g.use(FeatInfeasible) {
		return false
	}
	inner := "r += 77"
	if g.chance(0.3) && g.on(FeatPanic) {
		inner = fmt.Sprintf("panic(%q)", g.fresh("unreachable "))
		g.used[FeatPanic] = true
	}
	if g.chance(0.2) {
		if b := g.boolAtom(0, false); b != "" {
			g.line("if %s && !%s {", b, b)
			g.line("\t%s", inner)
			g.line("}")
			return true
		}
	}
	s := g.readScalar(kInt, 0, false)
	t := s.t
	if t == tI32 || t == tInt {
		t = tI8
	}
	p := convert(s.code, s.t, t)
	switch g.intn(4) {
	case 0:
		c := g.constant(t)
		g.line("if %s == %s {", p, c)
		g.line("\tif %s != %s {", p, c)
		g.line("\t\t%s", inner)
		g.line("\t}")
		g.line("}")
	case 1:
		g.line("if %s&3 == %d {", p, 4+g.intn(4))
		g.line("\t%s", inner)
		g.line("}")
	case 2:
		g.line("if %s > 5 && %s < 3 {", p, p)
		g.line("\t%s", inner)
		g.line("}")
	default:
		g.line("if uint8(%s)%%3 == 3 {", p)
		g.line("\t%s", inner)
		g.line("}")
	}
	return true
}

// jump generates an early return, or a break or continue inside a loop,
// under a condition.
func (g *gen) jump(depth int) bool {
	if g.inLoop > 0 && g.chance(0.6) && g.use(FeatBreak) {
		kw := "break"
		if g.chance(0.5) {
			kw = "continue"
		}
		g.line("if %s {", g.boolExpr(2, false, false))
		g.line("\t%s", kw)
		g.line("}")
		return true
	}
	if !g.use(FeatEarlyReturn) {
		return false
	}
	g.line("if %s {", g.boolExpr(2, false, false))
	res := g.result
	if g.inHelper {
		res = "int8"
		if g.helperResult == tBool {
			res = "bool"
		}
	}
	g.line("\treturn %s", g.retExpr(res))
	g.line("}")
	return true
}

// zeroDiv declares a local holding zero and divides by it under a condition.
func (g *gen) zeroDiv(depth int) bool {
	if !g.use(FeatDivZeroLocal) {
		return false
	}
	k := g.fresh("k")
	g.line("%s := int8(0)", k)
	g.declare(&variable{name: k, t: tI8, zero: true, fixed: true, used: true})
	g.line("if %s {", g.boolExpr(2, false, false))
	g.line("\tr += int32(%s %s %s)", g.intExpr(tI8, 2), divOp(g), k)
	g.line("}")
	return true
}

// pointers takes the addresses of two locals or of two elements of an
// array, stores through one and compares them.
func (g *gen) pointers(depth int) bool {
	p, q := g.fresh("p"), g.fresh("q")
	var pt *gtype
	var feature Feature
	if g.chance(0.5) {
		arrs := g.vars(func(v *variable) bool { return v.t.kind == kArray && v.t.elem.kind == kInt && !v.fixed })
		if len(arrs) == 0 || !g.use(FeatPtrElem) {
			return false
		}
		a := g.pick(arrs)
		a.used = true
		i1, i2 := g.index(a.t.n, 2), g.index(a.t.n, 2)
		if !isNumber(i1) || !isNumber(i2) {
			a.symStored = true
		}
		g.line("%s := &%s[%s]", p, a.name, i1)
		g.line("%s := &%s[%s]", q, a.name, i2)
		pt, feature = ptrTo(a.t.elem), FeatPtrElem
	} else {
		ints := g.vars(func(v *variable) bool { return (v.t == tI8 || v.t == tU8) && !v.fixed && !v.zero })
		if len(ints) == 0 || !g.use(FeatPtrLocal) {
			return false
		}
		v1 := g.pick(ints)
		var v2 *variable
		for _, v := range ints {
			if v != v1 && v.t == v1.t && g.chance(0.7) {
				v2 = v
			}
		}
		if v2 == nil {
			v2 = v1
		}
		v1.used, v2.used = true, true
		g.line("%s := &%s", p, v1.name)
		g.line("%s := &%s", q, v2.name)
		if g.chance(0.5) {
			g.line("if %s {", g.boolExpr(1, false, false))
			g.line("\t%s = %s", q, p)
			g.line("}")
		}
		pt, feature = ptrTo(v1.t), FeatPtrLocal
	}
	g.declare(&variable{name: p, t: pt, used: true, fixed: true, feature: feature})
	g.declare(&variable{name: q, t: pt, used: true, fixed: true, feature: feature})
	g.store("*"+q, assignOps[g.intn(len(assignOps))], g.intExpr(pt.elem, 1))
	g.line("if %s == %s {", p, q)
	g.line("\tr += 5")
	g.line("}")
	return true
}

// nilRecv declares a pointer to the unit's receiver type that is nil for
// some inputs and calls a method on it.
func (g *gen) nilRecv(depth int) bool {
	if g.inHelper || !g.use(FeatNilRecv) {
		return false
	}
	g.needRecv()
	t := g.fresh("t")
	lit := fmt.Sprintf("&%s{A: %s, B: %s}", g.recvType, g.intExpr(tI8, 1), g.boolExpr(1, true, false))
	if g.chance(0.5) {
		g.line("var %s *%s", t, g.recvType)
		g.line("if %s {", g.boolExpr(2, false, false))
		g.line("\t%s = %s", t, lit)
		g.line("}")
	} else {
		g.line("%s := %s", t, lit)
		g.line("if %s {", g.boolExpr(2, false, false))
		g.line("\t%s = nil", t)
		g.line("}")
	}
	g.declare(&variable{name: t, t: g.recvPtr(), recv: true, fixed: true, used: true})
	g.line("r += int32(%s.Get())", t)
	return true
}

// symStore stores through a symbolic index into a local array, then
// indexes the array with one of its own elements.
func (g *gen) symStore(depth int) bool {
	if !g.use(FeatSymStore) {
		return false
	}
	a := g.fresh("a")
	g.line("%s := [3]uint8{%s, %s, %s}", a, g.operand(tU8, 1), g.operand(tU8, 1), g.intExpr(tU8, 1))
	g.declare(&variable{name: a, t: tU8x3, symStored: true, used: true})
	g.line("%s[%s&1] = %s", a, g.intExpr(tU8, 1), g.operand(tU8, 1))
	if g.chance(0.5) && g.use(FeatIndex) {
		g.line("%s[%s[%d]] += 1", a, a, g.intn(3))
	} else {
		g.line("%s[%s[%d]%%3] += 1", a, a, g.intn(3))
	}
	g.line("if %s[%s[0]&1] > %s {", a, a, g.constant(tU8))
	g.line("\tr += int32(%s[2])", a)
	g.line("}")
	return true
}
