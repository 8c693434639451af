// gen_seq.go: the random program generator's loops over strings and slices whose length comes from the input.

package oracle

import "strings"

// seqLoop generates a string or a slice whose length depends on the input
// (up to 63, beyond -kbound) and a loop over it in one of the shapes of
// real code: sums, range loops, reversal, pairs, trimming and skipping
// spaces, searching a byte then slicing around it, counting; and, under a
// condition on the input, an off-by-one variant whose check can fail. The
// checks that cannot fail are what the invariant proofs settle.
func (g *gen) seqLoop(depth int) bool {
	if !g.use(FeatSeqLoop) {
		return false
	}
	g.inputLoops = true
	g.inLoop++
	defer func() { g.inLoop-- }()
	n := "int(" + g.intExpr(tU8, 1) + ")&31"
	if g.chance(0.5) {
		g.seqSlice(n)
	} else {
		g.seqString(n)
	}
	return true
}

// seqSlice loops over s := make([]int8, n), an element of which may hold
// an input.
func (g *gen) seqSlice(n string) {
	s, i, j := g.fresh("s"), g.fresh("i"), g.fresh("j")
	g.line("%s := make([]int8, %s)", s, n)
	if g.chance(0.6) {
		k := g.intn(4)
		g.line("if len(%s) > %d {", s, k)
		g.line("\t%s[%d] = %s", s, k, g.intExpr(tI8, 1))
		g.line("}")
	}
	switch g.intn(6) {
	case 0:
		g.line("for %s := 0; %s < len(%s); %s++ {", i, i, s, i)
		g.line("\tr += int32(%s[%s])", s, i)
		g.line("}")
	case 1:
		g.line("for %s := range %s {", i, s)
		g.line("\tr = r*3 + int32(%s[%s])", s, i)
		g.line("}")
	case 2:
		g.line("for %s, %s := 0, len(%s)-1; %s < %s; %s, %s = %s+1, %s-1 {", i, j, s, i, j, i, j, i, j)
		g.line("\t%s[%s], %s[%s] = %s[%s], %s[%s]", s, i, s, j, s, j, s, i)
		g.line("}")
		g.line("if len(%s) > 1 {", s)
		g.line("\tr += int32(%s[1])", s)
		g.line("}")
	case 3:
		g.line("for %s := 0; %s+1 < len(%s); %s += 2 {", i, i, s, i)
		g.line("\tr += int32(%s[%s+1]) - int32(%s[%s])", s, i, s, i)
		g.line("}")
	case 4:
		// Off by one under a condition: panics when it holds.
		g.line("for %s := 0; %s <= len(%s); %s++ {", i, i, s, i)
		g.line("\tif %s < len(%s) || %s {", i, s, g.boolExpr(1, false, false))
		g.line("\t\tr += int32(%s[%s])", s, i)
		g.line("\t}")
		g.line("}")
	default:
		g.line("for %s := 1; %s < len(%s); %s++ {", i, i, s, i)
		g.line("\tr += int32(%s[%s-1-int(%s&1)])", s, i, g.intExpr(tU8, 1))
		g.line("}")
	}
}

// seqString loops over t, the bytes of a pattern of spaces, letters, '='
// and '/' repeated to the length n.
func (g *gen) seqString(n string) {
	b, t, i, k := g.fresh("b"), g.fresh("t"), g.fresh("i"), g.fresh("k")
	var pat strings.Builder
	alpha := " a=/"
	if g.chance(0.3) && g.on(FeatRunes) {
		alpha = " a=/\xc3\xa9" // 'é', a lone lead byte, a stray continuation byte
	}
	for c := 0; c < 4; c++ {
		pat.WriteByte(alpha[g.intn(len(alpha))])
	}
	if len(alpha) > 4 {
		g.used[FeatRunes] = true
	}
	g.line("%s := make([]byte, %s)", b, n)
	g.line("for %s := range %s {", i, b)
	g.line("\t%s[%s] = %q[%s&3]", b, i, pat.String(), i)
	g.line("}")
	g.line("%s := string(%s)", t, b)
	switch g.intn(8) {
	case 7:
		if !g.use(FeatRunes) {
			g.line("r += int32(len(%s))", t)
			break
		}
		// A scan by runes: each step decodes one and moves past it.
		g.imp("unicode/utf8")
		c, size := g.fresh("c"), g.fresh("size")
		g.line("for %s := 0; %s < len(%s); {", i, i, t)
		g.line("\t%s, %s := utf8.DecodeRuneInString(%s[%s:])", c, size, t, i)
		g.line("\tif %s == %s {", c, []string{"'é'", "utf8.RuneError", "'='"}[g.intn(3)])
		g.line("\t\tr += int32(%s) + int32(%s[%s])", size, t, i)
		g.line("\t}")
		g.line("\t%s += %s", i, size)
		g.line("}")
	case 0:
		g.line("for len(%s) > 0 && %s[len(%s)-1] == ' ' {", t, t, t)
		g.line("\t%s = %s[:len(%s)-1]", t, t, t)
		g.line("}")
		g.line("r += int32(len(%s))", t)
	case 1:
		g.line("%s := 0", k)
		g.line("for %s < len(%s) && %s[%s] == ' ' {", k, t, t, k)
		g.line("\t%s++", k)
		g.line("}")
		g.line("r += int32(len(%s[%s:]))", t, k)
	case 2:
		g.line("%s := -1", k)
		g.line("for %s := 0; %s < len(%s); %s++ {", i, i, t, i)
		g.line("\tif %s[%s] == '=' {", t, i)
		g.line("\t\t%s = %s", k, i)
		g.line("\t\tbreak")
		g.line("\t}")
		g.line("}")
		g.line("if %s >= 0 {", k)
		g.line("\tr += int32(len(%s[:%s]) - len(%s[%s+1:]))", t, k, t, k)
		g.line("}")
	case 3:
		g.line("%s := len(%s) - 1", k, t)
		g.line("for %s >= 0 && %s[%s] != '/' {", k, t, k)
		g.line("\t%s--", k)
		g.line("}")
		g.line("r += int32(len(%s[:%s+1]) - len(%s[%s+1:]))", t, k, t, k)
		if g.chance(0.5) {
			// Past the separator: fails when the string ends with it.
			g.line("if %s {", g.boolExpr(1, false, false))
			g.line("\tr += int32(%s[%s+1])", t, k)
			g.line("}")
		}
	case 4:
		g.line("for %s, c := range %s {", i, t)
		g.line("\tif c == ' ' {")
		g.line("\t\tr += int32(%s[%s])", t, i)
		g.line("\t}")
		g.line("}")
	case 5:
		g.line("%s := 0", k)
		g.line("for %s := 0; %s < len(%s); %s++ {", i, i, t, i)
		g.line("\tif %s[%s] == ' ' {", t, i)
		g.line("\t\t%s++", k)
		g.line("\t}")
		g.line("}")
		g.line("r += int32(len(%s[:%s]))", t, k)
	default:
		// Counts one too many under a condition.
		g.line("%s := 0", k)
		g.line("for %s := 0; %s < len(%s); %s++ {", i, i, t, i)
		g.line("\tif %s[%s] != 'a' || %s {", t, i, g.boolExpr(1, false, false))
		g.line("\t\t%s++", k)
		g.line("\t}")
		g.line("}")
		g.line("r += int32(%s[%s:][0:1][0])", t, k)
	}
}
