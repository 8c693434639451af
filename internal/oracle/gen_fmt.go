// gen_fmt.go: the random program generator's calls of fmt: Sprintf, Sprint, Sprintln and Errorf over values of every kind the unit holds, with the verbs, widths and flags a value's type admits.

package oracle

import (
	"fmt"
	"strings"
)

// decl adds a declaration of the unit's own (a type, a method, a variable)
// once per key.
func (g *gen) decl(key, text string) {
	for _, d := range g.declKeys {
		if d == key {
			return
		}
	}
	g.declKeys = append(g.declKeys, key)
	g.decls = append(g.decls, text)
}

// Verbs by the kind of value, all of which go vet accepts for it: those
// the engine formats symbolically, and (FeatFmtNative) those it runs
// natively, leaving what depends on the text unknown.
var (
	intVerbs    = []string{"%d", "%5d", "%-4d", "%+d", "%03d", "% d", "%x", "%X", "%#x", "%o", "%#o", "%b", "%08b", "%v"}
	intNative   = []string{"%c", "%q", "%U"}
	boolVerbs   = []string{"%t", "%v", "%6t", "%-6v"}
	strVerbs    = []string{"%s", "%v"}
	strNative   = []string{"%q", "%5s", "%-5s", "%.2s", "%x", "% x", "%X", "%+q", "%#q"}
	stringerVbs = []string{"%v", "%s", "%d"}
	stringerNat = []string{"%q", "%6v", "%-6s"}
	structVerbs = []string{"%v", "%+v", "%#v"}
	ptrVerbs    = []string{"%v", "%+v"}
	sliceVerbs  = []string{"%v", "%d", "%3d", "%+d", "%x"}
	floatVerbs  = []string{"%g", "%.2f", "%6.1f", "%e", "%v", "%+.1e", "%G"}
)

// verbs returns the verbs of a kind of value: sym, and native too when
// FeatFmtNative is enabled (it is then used if a native one is picked).
func (g *gen) verb(sym, native []string) string {
	if len(native) > 0 && g.on(FeatFmtNative) && g.chance(float64(len(native))/float64(len(sym)+len(native))) {
		g.used[FeatFmtNative] = true
		return native[g.intn(len(native))]
	}
	return sym[g.intn(len(sym))]
}

// fmtArg returns an argument of fmt of a random kind and a verb its type
// admits.
func (g *gen) fmtArg() (string, string) {
	switch g.intn(11) {
	case 0, 1:
		return g.intExpr([]*gtype{tI8, tU8, tI32}[g.intn(3)], 1), g.verb(intVerbs, intNative)
	case 2:
		return g.boolExpr(1, true, false), g.verb(boolVerbs, nil)
	case 3:
		return g.word(alphabets[g.intn(len(alphabets))]), g.verb(strVerbs, strNative)
	case 4:
		n := g.name + "N"
		g.decl(n, fmt.Sprintf("// %s is a named integer of %s.\ntype %s uint8\n\n", n, g.name, n))
		return n + "(" + g.intExpr(tU8, 1) + ")", g.verb(intVerbs, intNative)
	case 5:
		n := g.name + "S"
		g.decl(n, fmt.Sprintf(`// %[1]s is a named integer of %[2]s with a String method.
type %[1]s int8

// String prints small values as words.
func (v %[1]s) String() string {
	if v < %[3]s {
		return "lo"
	}
	if v == %[4]s {
		return ""
	}
	return fmt.Sprintf("s%%d", int8(v))
}

`, n, g.name, g.constant(tI8), g.constant(tI8)))
		return n + "(" + g.intExpr(tI8, 1) + ")", g.verb(stringerVbs, stringerNat)
	case 6:
		return fmt.Sprintf("S1{A: %s, B: %s}", g.intExpr(tI8, 1), g.boolExpr(1, true, false)), g.verb(structVerbs, nil)
	case 7:
		return fmt.Sprintf("&S2{P: [2]bool{%s, %s}, U: %s}", g.boolExpr(0, true, false), g.boolExpr(0, true, false), g.intExpr(tU8, 1)), g.verb(ptrVerbs, nil)
	case 8:
		return fmt.Sprintf("[]int8{%s, %s}", g.intExpr(tI8, 1), g.operand(tI8, 1)), g.verb(sliceVerbs, nil)
	case 9:
		if g.use(FeatFmtNative) {
			return fmt.Sprintf("float64(%s) / 4", g.intExpr(tI8, 1)), g.verb(floatVerbs, nil)
		}
	}
	// A struct parameter or local, if any.
	if vs := g.vars(func(v *variable) bool { return v.t.kind == kStruct }); len(vs) > 0 {
		v := g.pick(vs)
		v.used = true
		return v.name, g.verb(structVerbs, nil)
	}
	return g.intExpr(tI8, 1), g.verb(intVerbs, nil)
}

// fmtSeps are the literal texts between a format's verbs.
var fmtSeps = []string{"", "|", ":", " ", "x=", "-"}

// fmtCall formats values and branches on the text, or wraps an error and
// branches on errors.Is and its text.
func (g *gen) fmtCall() {
	g.imp("fmt")
	if g.chance(0.25) {
		g.errorfCall()
		return
	}
	s := g.fresh("s")
	var args, verbs []string
	for n := 1 + g.intn(3); n > 0; n-- {
		a, v := g.fmtArg()
		g.panicky = false
		args = append(args, a)
		verbs = append(verbs, v)
	}
	switch g.intn(5) {
	case 0:
		g.line("%s := fmt.Sprint(%s)", s, strings.Join(args, ", "))
	case 1:
		g.line("%s := fmt.Sprintln(%s)", s, strings.Join(args, ", "))
	default:
		var f strings.Builder
		f.WriteString(fmtSeps[g.intn(len(fmtSeps))])
		for i, v := range verbs {
			if i > 0 {
				f.WriteString(fmtSeps[1+g.intn(len(fmtSeps)-1)])
			}
			f.WriteString(v)
		}
		g.line("%s := fmt.Sprintf(%q, %s)", s, f.String(), strings.Join(args, ", "))
	}
	g.ifs(func() string { return g.textCond(s) })
}

// textCond returns a condition on a formatted text s.
func (g *gen) textCond(s string) string {
	k := g.small(0, 9)
	switch g.intn(6) {
	case 0:
		return fmt.Sprintf("len(%s) == %d", s, k)
	case 1:
		return fmt.Sprintf("len(%s) > %d", s, k)
	case 2:
		c := "-0123456789 abeftx[&{+|'\""[g.intn(25)]
		lit := fmt.Sprintf("'%c'", c)
		if c == '\'' {
			lit = `'\''`
		}
		return fmt.Sprintf("len(%s) > %d && %s[%d] == %s", s, k, s, k, lit)
	case 3:
		g.imp("strings")
		return fmt.Sprintf("strings.Contains(%s, %q)", s, []string{"-", "0", "1", " ", "true", "lo", "{", "0x"}[g.intn(8)])
	case 4:
		g.imp("strings")
		return fmt.Sprintf("strings.HasSuffix(%s, %q)", s, []string{"0", "1", "e", "\n", "}", "]", " "}[g.intn(7)])
	}
	return fmt.Sprintf("%s == %q", s, []string{"0", "-1", "1", "true", "false", "lo", "[0 0]", "{0 false}"}[g.intn(8)])
}

// errorfCall wraps the unit's sentinel error, another error, its own
// error type or nil with %w, and branches on errors.Is, errors.Unwrap and
// the message.
func (g *gen) errorfCall() {
	g.imp("errors")
	sentinel := strings.ToLower(g.name) + "Err"
	g.decl(sentinel, fmt.Sprintf("// %s is %s's sentinel error.\nvar %s = errors.New(%q)\n\n", sentinel, g.name, sentinel, strings.ToLower(g.name)+" failed"))
	et := g.name + "E"
	g.decl(et, fmt.Sprintf(`// %[1]s is an error type of %[2]s.
type %[1]s struct{ C int8 }

func (e %[1]s) Error() string {
	if e.C < 0 {
		return "negative"
	}
	return fmt.Sprint("code ", e.C)
}

`, et, g.name))
	base, err := g.fresh("e"), g.fresh("err")
	g.line("var %s error = %s", base, sentinel)
	g.line("if %s {", g.boolExpr(1, false, false))
	switch g.intn(3) {
	case 0:
		g.line("\t%s = nil", base)
	case 1:
		g.line("\t%s = errors.New(%q)", base, "other")
	default:
		g.line("\t%s = %s{C: %s}", base, et, g.intExpr(tI8, 1))
	}
	g.line("}")
	g.panicky = false
	a, v := g.fmtArg()
	g.line("%s := fmt.Errorf(%q, %s, %s)", err, strings.ToLower(g.name)+" "+v+": %w", a, base)
	t := g.fresh("t")
	g.line("%s, _ := %s.(%s)", t, base, et)
	g.ifs(func() string {
		switch g.intn(4) {
		case 0:
			return fmt.Sprintf("errors.Is(%s, %s)", err, sentinel)
		case 1:
			// Not errors.As: it needs reflectlite's Value.Type, which the
			// engine rejects.
			return fmt.Sprintf("%s.C > %s", t, g.constant(tI8))
		case 2:
			return fmt.Sprintf("errors.Unwrap(%s) == nil", err)
		}
		return g.textCond(err + ".Error()")
	})
	g.line("if %s == nil {", err)
	g.line("\tr += 77 // unreachable")
	g.line("}")
	g.line("r += int32(%s.C)", t)
}
