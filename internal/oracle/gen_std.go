// gen_std.go: the random program generator's calls of the standard library's summaries: strings, bytes, unicode/utf8 and unicode on words built from the input's bits.

package oracle

import (
	"fmt"
	"strings"
)

// stdCall generates a block calling the standard library (one of the
// features strings, runes, fmt, sync, sort-iter that is enabled), or
// reports false.
func (g *gen) stdCall() bool {
	kinds := []struct {
		f  Feature
		fn func()
	}{
		{FeatStrings, g.stringsCall},
		{FeatRunes, g.runesCall},
		{FeatFmt, g.fmtCall},
		{FeatSync, g.syncCall},
		{FeatSortIter, g.sortIterCall},
	}
	k := kinds[g.intn(len(kinds))]
	if !g.use(k.f) {
		return false
	}
	k.fn()
	g.panicky = false
	return true
}

// imp records that the unit imports the packages ps.
func (g *gen) imp(ps ...string) {
	for _, p := range ps {
		g.imports[p] = true
	}
}

// alphabets are the four bytes words are drawn from: ASCII separators and
// letters, a two-byte rune's lead and continuation bytes (so that a word
// may hold 'é', a lone lead byte, a stray continuation byte), an invalid
// byte, a three-byte rune's bytes.
var alphabets = []string{"/ \xc3\xa9", " a=/", "aA,\xff", "\t\xe2\x82\xac", "é/ ", "a \x80Z"}

// word declares a string of up to four bytes of alpha chosen by an
// input-derived byte, its length chosen by another (as testdata's
// summaries scenario does), and returns its name: every such string is
// enumerated with the inputs.
func (g *gen) word(alpha string) string {
	x, w := g.fresh("x"), g.fresh("w")
	g.line("%s := %s", x, g.intExpr(tU8, 1))
	g.panicky = false
	n := g.intExpr(tU8, 1)
	g.panicky = false
	g.line("%s := string([]byte{%q[%s&3], %q[%s>>2&3], %q[%s>>4&3], %q[%s>>6]}[:%s%%5])",
		w, alpha, x, alpha, x, alpha, x, alpha, x, n)
	return w
}

// needle returns a Go string literal of zero to three bytes of alpha, and
// maybe 'é'.
func (g *gen) needle(alpha string) string { return fmt.Sprintf("%q", g.needleText(alpha)) }

func (g *gen) needleText(alpha string) string {
	var b strings.Builder
	for n := g.intn(4); n > 0; n-- {
		b.WriteByte(alpha[g.intn(len(alpha))])
	}
	if g.chance(0.15) {
		b.WriteString("é")
	}
	return b.String()
}

// byteLit returns a byte constant of alpha.
func (g *gen) byteLit(alpha string) string {
	c := alpha[g.intn(len(alpha))]
	if c >= ' ' && c < 0x7f && c != '\'' && c != '\\' {
		return fmt.Sprintf("'%c'", c)
	}
	return fmt.Sprintf("0x%02x", c)
}

// runeLit returns a rune constant: one of alpha's, 'é', '€' or RuneError.
func (g *gen) runeLit(alpha string) string {
	switch g.intn(5) {
	case 0:
		return "'é'"
	case 1:
		return "'€'"
	case 2:
		g.imp("unicode/utf8")
		return "utf8.RuneError"
	}
	return g.byteLit(alpha)
}

// small returns a constant from lo to hi.
func (g *gen) small(lo, hi int) int { return lo + g.intn(hi-lo+1) }

// ifs generates 1-3 branches on the conditions cond draws, each adding a
// constant to r, as an if / else if chain or separate ifs.
func (g *gen) ifs(cond func() string) {
	n := 1 + g.intn(3)
	chain := g.chance(0.5)
	for i := 0; i < n; i++ {
		c := cond()
		switch {
		case i == 0 || !chain:
			g.line("if %s {", c)
		default:
			g.line("} else if %s {", c)
		}
		g.line("\tr += %d", 1+g.intn(40))
		if !chain || i == n-1 {
			g.line("}")
		}
	}
}

// stringsCall branches on strings and bytes functions of a word.
func (g *gen) stringsCall() {
	alpha := alphabets[g.intn(len(alphabets))]
	s := g.word(alpha)
	g.imp("strings")
	switch g.intn(6) {
	case 0:
		// Cut: its parts add up; the contradiction is unreachable.
		be, af, ok := g.fresh("be"), g.fresh("af"), g.fresh("ok")
		sep := g.needle(alpha)
		switch g.intn(3) {
		case 0:
			g.line("%s, %s, %s := strings.Cut(%s, %s)", be, af, ok, s, sep)
			g.line("if %s && len(%s)+len(%s)+len(%s) != len(%s) {", ok, be, af, sep, s)
			g.line("\tpanic(%q)", g.fresh("unreachable cut "))
			g.line("}")
			g.line("if %s && len(%s) %s len(%s) {", ok, be, cmpOps[g.intn(len(cmpOps))], af)
			g.line("\tr += %d", 1+g.intn(9))
			g.line("} else if !%s && %s != %s {", ok, be, s)
			g.line("\tr += 77 // unreachable")
			g.line("}")
		case 1:
			g.line("%s, %s := strings.CutPrefix(%s, %s)", af, ok, s, sep)
			g.line("if %s && len(%s) == %d {", ok, af, g.small(0, 3))
			g.line("\tr += %d", 1+g.intn(9))
			g.line("}")
			g.line("if !%s && %s != %s {", ok, af, s)
			g.line("\tr += 77 // unreachable")
			g.line("}")
		default:
			g.line("%s, %s := strings.CutSuffix(%s, %s)", be, ok, s, sep)
			g.line("if %s || strings.HasSuffix(%s, %s) {", ok, be, g.needle(alpha))
			g.line("\tr += %d", 1+g.intn(9))
			g.line("}")
		}
	case 1:
		// Slicing around a found byte: in range by the summary's bounds;
		// one past it fails when the byte ends the word.
		i := g.fresh("i")
		fn := []string{"IndexByte", "LastIndexByte"}[g.intn(2)]
		g.line("if %s := strings.%s(%s, %s); %s >= 0 {", i, fn, s, g.byteLit(alpha), i)
		g.line("\tr += int32(len(%s[:%s]) - 2*len(%s[%s+1:]))", s, i, s, i)
		if g.chance(0.4) {
			g.line("\tif %s {", g.boolExpr(1, false, false))
			g.line("\t\tr += int32(%s[%s+1])", s, i)
			g.line("\t}")
		}
		g.line("} else if %s >= len(%s) {", i, s)
		g.line("\tr += 77 // unreachable")
		g.line("}")
	case 2:
		// Trims: never longer than the word.
		t := g.fresh("t")
		switch g.intn(6) {
		case 0:
			g.line("%s := strings.TrimSpace(%s)", t, s)
		case 1:
			g.line("%s := strings.Trim(%s, %s)", t, s, g.needle(alpha))
		case 2:
			g.line("%s := strings.TrimLeft(%s, %s)", t, s, g.needle(alpha))
		case 3:
			g.line("%s := strings.TrimRight(%s, %s)", t, s, g.needle(alpha))
		case 4:
			g.line("%s := strings.TrimPrefix(%s, %s)", t, s, g.needle(alpha))
		default:
			g.line("%s := strings.TrimSuffix(%s, %s)", t, s, g.needle(alpha))
		}
		g.line("if len(%s) > len(%s) {", t, s)
		g.line("\tr += 77 // unreachable")
		g.line("}")
		g.ifs(func() string {
			switch g.intn(3) {
			case 0:
				return fmt.Sprintf("len(%s) == %d", t, g.small(0, 4))
			case 1:
				return fmt.Sprintf("%s == %s", t, g.needle(alpha))
			}
			return fmt.Sprintf("strings.HasPrefix(%s, %s)", t, g.needle(alpha))
		})
	case 3:
		g.line("if len(strings.Fields(%s)) == %d {", s, g.small(0, 2))
		g.line("\tr += %d", 1+g.intn(9))
		g.line("}")
		g.ifs(func() string { return g.stringsCond(s, alpha) })
	case 4:
		g.imp("bytes")
		b := g.fresh("b")
		g.line("%s := []byte(%s)", b, s)
		g.ifs(func() string { return g.bytesCond(b, alpha) })
	default:
		g.ifs(func() string { return g.stringsCond(s, alpha) })
	}
}

// stringsCond returns a condition on a strings function of s.
func (g *gen) stringsCond(s, alpha string) string {
	k := g.small(-1, 3)
	switch g.intn(16) {
	case 0:
		return fmt.Sprintf("strings.Index(%s, %s) == %d", s, g.needle(alpha), k)
	case 1:
		return fmt.Sprintf("strings.IndexByte(%s, %s) == %d", s, g.byteLit(alpha), k)
	case 2:
		return fmt.Sprintf("strings.LastIndexByte(%s, %s) %s %d", s, g.byteLit(alpha), cmpOps[g.intn(len(cmpOps))], k)
	case 3:
		return fmt.Sprintf("strings.IndexRune(%s, %s) == %d", s, g.runeLit(alpha), k)
	case 4:
		return fmt.Sprintf("strings.IndexAny(%s, %s) > %d", s, g.needle(alpha), k)
	case 5:
		return fmt.Sprintf("strings.LastIndex(%s, %s) == %d", s, g.needle(alpha), k)
	case 6:
		return fmt.Sprintf("strings.LastIndexAny(%s, %s) == %d", s, g.needle(alpha), k)
	case 7:
		return fmt.Sprintf("strings.Contains(%s, %s)", s, g.needle(alpha))
	case 8:
		return fmt.Sprintf("strings.ContainsAny(%s, %s)", s, g.needle(alpha))
	case 9:
		return fmt.Sprintf("strings.ContainsRune(%s, %s)", s, g.runeLit(alpha))
	case 10:
		return fmt.Sprintf("strings.HasPrefix(%s, %s)", s, g.needle(alpha))
	case 11:
		return fmt.Sprintf("strings.HasSuffix(%s, %s)", s, g.needle(alpha))
	case 12:
		return fmt.Sprintf("strings.Count(%s, %s) >= %d", s, g.needle(alpha), g.small(1, 3))
	case 13:
		return fmt.Sprintf("strings.Compare(%s, %s) %s 0", s, g.needle(alpha), []string{"<", "==", ">"}[g.intn(3)])
	case 14:
		n := g.needleText(alpha)
		if g.chance(0.5) {
			n = strings.ToUpper(n)
		}
		return fmt.Sprintf("strings.EqualFold(%s, %q)", s, n)
	}
	return fmt.Sprintf("%s == %s", s, g.needle(alpha))
}

// bytesCond returns a condition on a bytes function of b.
func (g *gen) bytesCond(b, alpha string) string {
	k := g.small(-1, 3)
	switch g.intn(11) {
	case 0:
		return fmt.Sprintf("bytes.IndexByte(%s, %s) == %d", b, g.byteLit(alpha), k)
	case 1:
		return fmt.Sprintf("bytes.LastIndexByte(%s, %s) == %d", b, g.byteLit(alpha), k)
	case 2:
		return fmt.Sprintf("bytes.Index(%s, []byte(%s)) == %d", b, g.needle(alpha), k)
	case 3:
		return fmt.Sprintf("bytes.Equal(%s, []byte(%s))", b, g.needle(alpha))
	case 4:
		return fmt.Sprintf("bytes.Compare(%s, []byte(%s)) %s 0", b, g.needle(alpha), []string{"<", "==", ">"}[g.intn(3)])
	case 5:
		return fmt.Sprintf("bytes.HasPrefix(%s, []byte(%s))", b, g.needle(alpha))
	case 6:
		return fmt.Sprintf("bytes.HasSuffix(%s, []byte(%s))", b, g.needle(alpha))
	case 7:
		return fmt.Sprintf("bytes.Count(%s, []byte(%s)) == %d", b, g.needle(alpha), g.small(0, 2))
	case 8:
		return fmt.Sprintf("bytes.Contains(%s, []byte(%s))", b, g.needle(alpha))
	case 9:
		return fmt.Sprintf("len(bytes.TrimSpace(%s)) == %d", b, g.small(0, 3))
	}
	return fmt.Sprintf("bytes.ContainsAny(%s, %s)", b, g.needle(alpha))
}

// runeClasses are unicode's rune classes.
var runeClasses = []string{"IsLetter", "IsSpace", "IsUpper", "IsLower", "IsDigit", "IsPunct", "IsPrint", "IsGraphic", "IsSymbol"}

func (g *gen) runeClass() string {
	g.imp("unicode")
	return "unicode." + runeClasses[g.intn(len(runeClasses))]
}

// runesCall decodes a word's runes and classifies them, or ranges over it.
func (g *gen) runesCall() {
	alpha := alphabets[g.intn(len(alphabets))]
	s := g.word(alpha)
	g.imp("unicode/utf8")
	switch g.intn(4) {
	case 0:
		c, size := g.fresh("c"), g.fresh("size")
		fn := []string{"DecodeRuneInString", "DecodeLastRuneInString", "DecodeRune", "DecodeLastRune"}[g.intn(4)]
		arg := s
		if strings.HasSuffix(fn, "Rune") {
			arg = "[]byte(" + s + ")"
		}
		g.line("%s, %s := utf8.%s(%s)", c, size, fn, arg)
		g.line("if %s > len(%s) || %s == 0 && len(%s) > 0 || %s > utf8.MaxRune {", size, s, size, s, c)
		g.line("\tr += 77 // unreachable")
		g.line("}")
		g.ifs(func() string {
			switch g.intn(4) {
			case 0:
				return fmt.Sprintf("%s == utf8.RuneError && %s == 1", c, size)
			case 1:
				return fmt.Sprintf("%s == %d", size, g.small(0, 3))
			case 2:
				return fmt.Sprintf("utf8.RuneLen(%s) == %d", c, g.small(1, 3))
			}
			return fmt.Sprintf("%s(%s)", g.runeClass(), c)
		})
	case 1:
		// A range over the word's runes.
		g.inputLoops = true
		i, c := g.fresh("i"), g.fresh("c")
		g.line("for %s, %s := range %s {", i, c, s)
		g.line("\tif %s(%s) {", g.runeClass(), c)
		g.line("\t\tr += int32(%s) + 1", i)
		g.line("\t} else if %s == %s {", c, g.runeLit(alpha))
		g.line("\t\tr -= %d", 1+g.intn(9))
		g.line("\t}")
		g.line("}")
	default:
		g.ifs(func() string {
			switch g.intn(5) {
			case 0:
				return fmt.Sprintf("utf8.RuneCountInString(%s) == %d", s, g.small(0, 4))
			case 1:
				return fmt.Sprintf("utf8.RuneCount([]byte(%s)) < len(%s)", s, s)
			case 2:
				return fmt.Sprintf("utf8.ValidString(%s)", s)
			case 3:
				return fmt.Sprintf("!utf8.Valid([]byte(%s)) && len(%s) %s %d", s, s, cmpOps[g.intn(len(cmpOps))], g.small(0, 4))
			}
			return fmt.Sprintf("utf8.RuneCountInString(%s) > len(%s)", s, s) // unreachable
		})
	}
}
