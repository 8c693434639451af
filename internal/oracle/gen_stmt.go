// gen_stmt.go: the random program generator's common statements: declarations, assignments, if chains, switches.

package oracle

import (
	"fmt"
	"strings"
)

// block generates a braced block body: n statements in a new scope.
func (g *gen) block(depth, n int) {
	g.indent++
	g.push()
	for i := 0; i < n; i++ {
		g.stmt(depth)
	}
	g.pop()
	g.indent--
}

// stmt generates one statement (compound ones only when depth > 0).
func (g *gen) stmt(depth int) {
	g.budget--
	g.panicky = false
	for {
		var ok bool
		switch g.intn(26) {
		case 0, 1, 2:
			ok = g.declInt(depth)
		case 3:
			ok = g.declBool(depth)
		case 4:
			ok = g.declArray(depth)
		case 5, 6:
			ok = g.assign(depth)
		case 7, 8:
			ok = g.accumulate(depth)
		case 9, 10, 11:
			ok = depth > 0 && g.ifChain(depth)
		case 12:
			ok = depth > 0 && g.switchStmt(depth)
		case 13:
			ok = depth > 0 && !g.inHelper && g.loop(depth)
		case 14:
			ok = g.explicitPanic(depth)
		case 15:
			ok = g.infeasible(depth)
		case 16:
			ok = g.jump(depth)
		case 17:
			ok = g.zeroDiv(depth)
		case 18:
			ok = g.pointers(depth)
		case 19:
			ok = g.nilRecv(depth)
		case 20:
			ok = g.inInput == 0 && g.symStore(depth)
		case 21:
			ok = depth > 0 && !g.inHelper && g.inInput == 0 && g.inputLoop(depth)
		case 22:
			ok = !g.inHelper && g.inInput == 0 && g.inLoop == 0 && g.seqLoop(depth)
		case 23, 24, 25:
			ok = !g.inHelper && g.inInput == 0 && g.inLoop == 0 && g.stdCall()
		}
		if ok {
			return
		}
	}
}

func (g *gen) declInt(depth int) bool {
	t := []*gtype{tI8, tU8}[g.intn(2)]
	v := g.fresh("v")
	g.line("%s := %s", v, g.intExpr(t, 2))
	g.declare(&variable{name: v, t: t})
	return true
}

func (g *gen) declBool(depth int) bool {
	e := g.boolExpr(2, true, false)
	v := g.fresh("b")
	g.line("%s := %s", v, e)
	g.declare(&variable{name: v, t: tBool, logic: strings.Contains(e, "&&") || strings.Contains(e, "||")})
	return true
}

func (g *gen) declArray(depth int) bool {
	v := g.fresh("a")
	switch g.intn(4) {
	case 0:
		arrs := g.vars(func(v *variable) bool { return v.t.kind == kArray && v.param })
		if len(arrs) == 0 {
			return false
		}
		a := g.pick(arrs)
		a.used = true
		g.line("%s := %s", v, a.name)
		g.declare(&variable{name: v, t: a.t})
		return true
	case 1:
		g.line("var %s [4]int8", v)
		g.declare(&variable{name: v, t: tI8x4})
		return true
	case 2:
		g.line("%s := [3]uint8{%s, %s, %s}", v, g.operand(tU8, 1), g.operand(tU8, 1), g.intExpr(tU8, 1))
		g.declare(&variable{name: v, t: tU8x3})
		return true
	default:
		g.line("%s := [2]int8{%s, %s}", v, g.intExpr(tI8, 1), g.operand(tI8, 1))
		g.declare(&variable{name: v, t: tI8x2})
		return true
	}
}

// assignOps are the assignment operators used on integers.
var assignOps = []string{"=", "=", "+=", "-=", "*=", "|=", "&=", "^="}

// assign stores to a variable, an array element, a field, a pointer's
// target or through a receiver.
func (g *gen) assign(depth int) bool {
	vs := g.vars(func(v *variable) bool { return !v.fixed && !v.zero })
	if len(vs) == 0 {
		return false
	}
	v := g.pick(vs)
	op := assignOps[g.intn(len(assignOps))]
	switch v.t.kind {
	case kInt:
		switch g.intn(5) {
		case 0:
			g.line("%s++", v.name)
		case 1:
			g.line("%s <<= %d", v.name, 1+g.intn(v.t.width-1))
		default:
			g.store(v.name, op, g.intExpr(v.t, 2))
		}
	case kBool:
		e := g.boolExpr(2, true, false)
		g.storeBool(v.name, e)
		if strings.Contains(e, "&&") || strings.Contains(e, "||") {
			v.logic = true
		}
	case kArray:
		idx := g.index(v.t.n, 2)
		if !isNumber(idx) {
			v.symStored = true
		}
		if v.t.elem.kind == kBool {
			g.storeBool(v.name+"["+idx+"]", g.boolExpr(1, true, false))
		} else {
			g.store(v.name+"["+idx+"]", op, g.intExpr(v.t.elem, 2))
		}
	case kStruct:
		f := v.t.fields[g.intn(len(v.t.fields))]
		switch f.t.kind {
		case kInt:
			g.store(v.name+"."+f.name, op, g.intExpr(f.t, 2))
		case kBool:
			g.storeBool(v.name+"."+f.name, g.boolExpr(1, true, false))
		case kArray:
			g.line("%s.%s[%s] = %s", v.name, f.name, g.index(f.t.n, 2), g.boolExpr(1, true, false))
		}
	case kPtr:
		if v.recv {
			v.used = true
			g.recvUse(v)
			if g.chance(0.5) {
				g.line("%s.Set(%s)", v.name, g.intExpr(tI8, 2))
			} else {
				// go/ssa takes the address (nil check) before the right
				// side, gc after its calls (reorderable).
				g.panicky = true
				g.store(v.name+".A", op, g.intExpr(tI8, 2))
			}
		} else {
			v.used = true
			g.used[v.feature] = true
			g.panicky = true // as for t.A: the pointer may be nil
			g.store("*"+v.name, op, g.intExpr(v.t.elem, 2))
		}
	}
	return true
}

// storeBool assigns e to the boolean place lhs; lhs = lhs becomes lhs = !lhs.
func (g *gen) storeBool(lhs, e string) {
	if e == lhs {
		e = "!" + e
	}
	g.line("%s = %s", lhs, e)
}

// store assigns e to the place lhs with op ("=", "+=", ...); a plain
// assignment of a place to itself becomes +=.
func (g *gen) store(lhs, op, e string) {
	if op == "=" && e == lhs {
		op = "+="
	}
	g.line("%s %s %s", lhs, op, e)
}

func isNumber(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

func (g *gen) accumulate(depth int) bool {
	e := g.intExpr(g.intType(), 2)
	switch g.intn(4) {
	case 0:
		g.line("r = r*3 + int32(%s)", e)
	case 1:
		g.line("r ^= int32(%s)", e)
	default:
		g.line("r += int32(%s)", e)
	}
	return true
}

func (g *gen) ifChain(depth int) bool {
	if g.chance(0.15) {
		// An if with an init statement: the variable lives in the whole chain.
		t := []*gtype{tI8, tU8}[g.intn(2)]
		v := g.fresh("v")
		init := g.intExpr(t, 2)
		g.push()
		g.declare(&variable{name: v, t: t, used: true, fixed: true})
		g.line("if %s := %s; %s %s %s {", v, init, v, cmpOps[g.intn(len(cmpOps))], g.operand(t, 1))
	} else {
		g.push()
		g.line("if %s {", g.boolExpr(2, false, false))
	}
	g.block(depth-1, 1+g.intn(2))
	for n := g.intn(3); n > 0; n-- {
		g.panicky = false
		g.line("} else if %s {", g.boolExpr(2, false, false))
		g.block(depth-1, 1+g.intn(2))
	}
	if g.chance(0.5) {
		g.line("} else {")
		g.block(depth-1, 1+g.intn(2))
	}
	g.line("}")
	g.scopes = g.scopes[:len(g.scopes)-1]
	return true
}

func (g *gen) switchStmt(depth int) bool {
	if !g.use(FeatSwitch) {
		return false
	}
	withDefault := g.chance(0.5)
	if g.chance(0.35) {
		g.line("switch {")
		for n := 2 + g.intn(2); n > 0; n-- {
			conds := []string{g.boolExpr(2, false, false)}
			if g.chance(0.3) {
				conds = append(conds, g.boolExpr(1, false, false))
			}
			g.line("case %s:", strings.Join(conds, ", "))
			g.block(depth-1, g.intn(3))
		}
	} else {
		t := []*gtype{tI8, tU8}[g.intn(2)]
		tag := g.intExpr(t, 2)
		infeasible := g.chance(0.3) && g.use(FeatInfeasible)
		if infeasible {
			tag = "(" + tag + ") & 3"
		}
		g.line("switch %s {", tag)
		seen := map[string]bool{}
		var clauses [][]string
		for i, n := 0, 2+g.intn(3); i < n; i++ {
			var vals []string
			for k := 1 + g.intn(2); k > 0; k-- {
				c := g.constant(t)
				switch {
				case infeasible && i == 0:
					c = fmt.Sprint(4 + g.intn(4))
				case g.chance(0.2):
					vals = append(vals, g.intExpr(t, 1))
					continue
				}
				if !seen[c] {
					seen[c] = true
					vals = append(vals, c)
				}
			}
			if len(vals) > 0 {
				clauses = append(clauses, vals)
			}
		}
		for i, vals := range clauses {
			g.line("case %s:", strings.Join(vals, ", "))
			g.indent++
			g.push()
			k := g.intn(3)
			if k == 0 && i == len(clauses)-1 && !withDefault && !g.use(FeatEmptyCase) {
				k = 1
			}
			for ; k > 0; k-- {
				g.stmt(depth - 1)
			}
			g.flush()
			g.scopes = g.scopes[:len(g.scopes)-1]
			if i < len(clauses)-1 && g.chance(0.15) {
				g.line("fallthrough")
			}
			g.indent--
		}
	}
	if withDefault {
		g.line("default:")
		g.block(depth-1, 1+g.intn(2))
	}
	g.line("}")
	return true
}
