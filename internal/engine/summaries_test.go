// Tests: every summary against the real function on every input of small domains, concrete and symbolic; postconditions hold.

package engine

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
	"unicode/utf8"

	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
	"leapfrog/internal/summary"
)

// tokens concatenates up to n of the tokens (every sequence, the empty
// one included), keeping the strings of at most maxBytes bytes.
func tokens(toks []string, n, maxBytes int) []string {
	out := []string{""}
	layer := []string{""}
	for i := 0; i < n; i++ {
		var next []string
		for _, p := range layer {
			for _, t := range toks {
				if s := p + t; len(s) <= maxBytes {
					next = append(next, s)
				}
			}
		}
		out = append(out, next...)
		layer = next
	}
	return out
}

// The domains of the arguments: strings made of the interesting bytes
// and runes of each family (the searched byte, a space, a multi-byte rune,
// a lone lead byte, a lone continuation byte, an invalid byte, U+FFFD,
// multi-byte spaces, runes that fold to ASCII letters, ASCII non-letters
// one case bit apart; for one-string functions, the edges of UTF-8: the
// first byte at or above 0x80, the least 2-byte rune, an overlong
// encoding, a surrogate, a rune beyond MaxRune; for the rune classes, a
// non-ASCII member of each).
var (
	byteToks  = []string{"a", "b", "\xff"}
	runeToks  = []string{"a", " ", "é", "\xc3", "\xa9", "\xff", "\u00a0", "\u3000", "\ufffd", "\U0001F600"}
	utfToks   = append(runeToks[:len(runeToks):len(runeToks)], "\x7f", "\x80", "\xc2\x80", "\xc0\x80", "\xed\xa0\x80", "\xf4\x90\x80\x80")
	setToks   = []string{"a", " ", "é", "\xff", "\ufffd", "\u3000"}
	foldToks  = []string{"a", "A", "k", "K", "\u212a", "s", "ſ", "é", "É", "\xff", "@", "`"}
	byteArgs  = []int64{'a', 0xff, 0}
	runeArgs  = []int64{'a', ' ', 'é', 0xFFFD, -1, 0xD800, 0x110000, 0x212A, 0x10FFFF, 0x7F, 0x80, 0x7FF, 0x800, 0xFFFF, 0x10000, 0x3000}
	classArgs = func() []int64 {
		var out []int64
		for r := int64(-2); r < 0x180; r++ {
			out = append(out, r)
		}
		return append(out, 0x1C5, 0x300, 0x660, 0x1680, 0x2000, 0x200A, 0x200B, 0x2028, 0x3000, 0x212A, 0x1F600, 0xE000, 0x10FFFF, 0x110000, -1<<31)
	}()
)

// domain returns, for each argument of kind k, the values tried.
func domain(k summary.Kind, short bool) [][]summary.Value {
	n0, n1 := 4, 2
	if short {
		n0 = 3
	}
	var texts [2][]string
	switch k {
	case summary.IndexByte, summary.LastIndexByte, summary.CountByte:
		texts[0] = tokens(byteToks, 5, 5)
	case summary.Index, summary.LastIndex, summary.Contains, summary.HasPrefix, summary.HasSuffix,
		summary.Equal, summary.Compare, summary.TrimPrefix, summary.TrimSuffix, summary.Cut, summary.CutPrefix, summary.CutSuffix:
		texts[0], texts[1] = tokens(byteToks, n0, 4), tokens(byteToks, 3, 3)
	case summary.Count:
		texts[0], texts[1] = tokens(runeToks[:6], n0, 4), tokens([]string{"a", "\xff", "é"}, 2, 3)
	case summary.EqualFold:
		texts[0], texts[1] = tokens(foldToks, 2, 6), tokens(foldToks, 2, 6)
		if short {
			texts[1] = tokens(foldToks, 1, 6)
		}
	case summary.IndexAny, summary.LastIndexAny, summary.ContainsAny, summary.Trim, summary.TrimLeft, summary.TrimRight:
		texts[0], texts[1] = tokens(runeToks, n0-1, 6), tokens(setToks, n1, 6)
		if short {
			texts[1] = append(tokens(setToks, 1, 6), "a ", "\xff\ufffd", "é\u3000")
		}
	default: // one Text: decodings' edges too
		texts[0] = tokens(utfToks, n0, 6)
	}
	var out [][]summary.Value
	t := 0
	for _, s := range k.Args() {
		var vs []summary.Value
		switch s {
		case summary.Text:
			for _, x := range texts[t] {
				vs = append(vs, summary.Value{Str: x})
			}
			t++
		case summary.Byte:
			for _, x := range byteArgs {
				vs = append(vs, summary.Value{Int: x})
			}
		case summary.Rune:
			args := runeArgs
			if k.IsClass() {
				args = classArgs
			}
			for _, x := range args {
				vs = append(vs, summary.Value{Int: x})
			}
		}
		out = append(out, vs)
	}
	return out
}

// tuples is the cartesian product of the domains.
func tuples(dom [][]summary.Value) [][]summary.Value {
	out := [][]summary.Value{nil}
	for _, vs := range dom {
		var next [][]summary.Value
		for _, p := range out {
			for _, v := range vs {
				next = append(next, append(append([]summary.Value(nil), p...), v))
			}
		}
		out = next
	}
	return out
}

// sumFunc is an IR function of f's name and the shapes of its kind (Text
// as string, or as []byte when bytes).
func sumFunc(f summary.Func, bytes bool) *ir.Function {
	fn := &ir.Function{Name: f.Name, Pkg: strings.SplitN(f.Name, ".", 2)[0]}
	typ := func(s summary.Shape) *ir.Type {
		switch s {
		case summary.Text:
			if bytes {
				return &ir.Type{Kind: ir.KSlice, Elem: ir.U8}
			}
			return stringType
		case summary.Str:
			return stringType
		case summary.Byte:
			return ir.U8
		case summary.Rune:
			return ir.I32
		case summary.Int:
			return ir.I64
		case summary.Bool:
			return ir.Bool
		}
		panic(s)
	}
	for i, s := range f.Kind.Args() {
		fn.Params = append(fn.Params, &ir.Param{Ident: fmt.Sprintf("a%d", i), Typ: typ(s), Index: i})
	}
	for _, s := range f.Kind.Results() {
		fn.Results = append(fn.Results, typ(s))
	}
	return fn
}

// sumMachine is a machine whose runs record steps in a block of their own.
func sumMachine(maxLen int) *machine {
	m := testMachine(maxLen, nil)
	m.at = &ir.Block{Func: &ir.Function{Name: "T"}}
	return m
}

// deadFills are the values given to a symbolic string's slots past its
// length, which no result may depend on.
var deadFills = []byte{0, ' ', 'a', 0xff}

// model gives the input variables of the arguments named a0, a1, ...
// the values of a tuple (only those of the positions in sym); a string's
// slots past its length (up to 8) hold fill.
func model(k summary.Kind, args []summary.Value, sym []bool, fill byte) map[string]uint64 {
	out := map[string]uint64{}
	for i, s := range k.Args() {
		if !sym[i] {
			continue
		}
		name := fmt.Sprintf("a%d", i)
		if s == summary.Text {
			p := ir.ParamPath(name)
			out[p.LenVar()] = uint64(len(args[i].Str))
			for j := 0; j < len(args[i].Str); j++ {
				out[p.Elem(j).String()] = uint64(args[i].Str[j])
			}
			for j := len(args[i].Str); j < 8; j++ {
				out[p.Elem(j).String()] = uint64(fill)
			}
			continue
		}
		w := 8
		if s == summary.Rune {
			w = 32
		}
		out[name] = uint64(args[i].Int) & expr.Mask(w)
	}
	return out
}

// evalVal is the value of a summary's result under a model: its
// concrete value when it has no term.
func evalVal(v val, md map[string]uint64) summary.Value {
	switch v := v.(type) {
	case *scalar:
		x := v.c
		if v.s != nil {
			x = expr.Eval(v.s, md)
		}
		if v.width == 0 {
			return summary.Value{Int: int64(x)}
		}
		return summary.Value{Int: int64(expr.Extend(x, v.width, 64, true))}
	case *str:
		n := evalVal(v.n, md).Int
		if n < 0 {
			return summary.Value{Str: "(negative length)", Int: n} // never a native result
		}
		var b []byte
		for j := int64(0); j < n; j++ {
			if j >= int64(len(v.b)) {
				panic("a result longer than its slots")
			}
			b = append(b, byte(evalVal(v.b[j], md).Int))
		}
		return summary.Value{Str: string(b)}
	}
	panic(fmt.Sprintf("%T", v))
}

func showArgs(args []summary.Value) string {
	var parts []string
	for _, a := range args {
		if a.Str != "" || a.Int == 0 {
			parts = append(parts, fmt.Sprintf("%q/%d", a.Str, a.Int))
		} else {
			parts = append(parts, fmt.Sprint(a.Int))
		}
	}
	return strings.Join(parts, ", ")
}

// holdsPost reports whether the kind's postcondition holds of a call.
func holdsPost(k summary.Kind, args, res []summary.Value) bool {
	return summary.Holds(summary.Post(k), func(a summary.Atom) int64 {
		v := args
		if a.Result {
			v = res
		}
		if a.Len {
			return int64(len(v[a.Index].Str))
		}
		return v[a.Index].Int
	})
}

// symbolicArgs builds the arguments of a call: symbolic inputs for the
// positions in sym (strings with slots for the domain's longest), the
// tuple's concrete values elsewhere.
func symbolicArgs(m *machine, fn *ir.Function, dom [][]summary.Value, args []summary.Value, sym []bool) []val {
	vals := make([]val, len(fn.Params))
	for i, p := range fn.Params {
		name := fmt.Sprintf("a%d", i)
		switch {
		case !sym[i] && p.Typ.Kind == ir.KInt:
			vals[i] = kc(uint64(args[i].Int), p.Typ.Width)
		case !sym[i]:
			vals[i] = concString(args[i].Str)
			if p.Typ.Kind == ir.KSlice {
				vals[i] = m.stringToBytes(vals[i].(*str), p.Typ)
			}
		case p.Typ.Kind == ir.KInt:
			vals[i] = m.variable(name, p.Typ.Width)
		default:
			longest := 0
			for _, v := range dom[i] {
				longest = max(longest, len(v.Str))
			}
			m.MaxLen = max(longest, 1)
			vals[i] = m.input(ir.ParamPath(name), p.Typ, 0, &facts{holds: true})
		}
	}
	return vals
}

// checkSummary checks f's summary on every tuple of the domain against
// its native, with the arguments in sym symbolic (one term, evaluated
// under each tuple's model) or all concrete (the closed form on constants,
// not the native shortcut); the postcondition the run records holds. It
// returns the first disagreement.
func checkSummary(f summary.Func, bytes bool, dom [][]summary.Value, sym []bool) error {
	fn := sumFunc(f, bytes)
	all := tuples(dom)
	anySym := false
	for _, s := range sym {
		anySym = anySym || s
	}
	m := sumMachine(8)
	var res []val
	var post *expr.Term
	var taints []string
	build := func(args []summary.Value) {
		m.path = &Path{Conflict: -1}
		vals := symbolicArgs(m, fn, dom, args, sym)
		if anySym {
			res = m.callSummary(&f, fn, vals)
		} else {
			a := sumArgs{text: make([]*str, len(vals)), sc: make([]*scalar, len(vals))}
			for i, s := range f.Kind.Args() {
				if s == summary.Text {
					a.text[i] = m.textOf(vals[i])
				} else {
					a.sc[i] = vals[i].(*scalar)
				}
			}
			res = m.assemble(f.Kind, fn, a, m.closedForm(&f, a))
		}
		post = nil
		for k := len(m.path.Steps) - 1; k >= 0; k-- {
			// The last postcondition (a conversion's capacity records
			// a fact too: convcap.go).
			if st := m.path.Steps[k]; strings.Contains(st.If.Block().Comment, " post ") {
				post = st.Cond
				break
			}
		}
		taints = nil
		for _, v := range expr.Vars(termsOf(res)...) {
			if External(v.Name) != "" {
				taints = append(taints, v.Name)
			}
		}
	}
	key := func(args []summary.Value) string {
		var b strings.Builder
		for i, a := range args {
			if !sym[i] {
				fmt.Fprintf(&b, "%q/%d;", a.Str, a.Int)
			}
		}
		return b.String()
	}
	built := "\x00"
	for _, args := range all {
		if k := key(args); k != built || !anySym {
			build(args)
			built = k
		}
		want := f.Native(args)
		var md map[string]uint64
		for _, fill := range deadFills {
			md = model(f.Kind, args, sym, fill)
			for _, name := range taints {
				md[name] = uint64(want[0].Int) // a taint is the native result
			}
			for j, r := range res {
				if got := evalVal(r, md); got != want[j] {
					return &mismatch{fmt.Sprintf("%s(%s) (symbolic %v, slots past the length %q): result %d is %q/%d, want %q/%d", f.Name, showArgs(args), sym, fill, j, got.Str, got.Int, want[j].Str, want[j].Int)}
				}
			}
		}
		if !holdsPost(f.Kind, args, want) {
			return fmt.Errorf("%s(%s) = %v: the postcondition %s fails", f.Name, showArgs(args), want, summary.String(summary.Post(f.Kind)))
		}
		if post != nil && expr.Eval(post, md) != 1 {
			return fmt.Errorf("%s(%s) (symbolic %v): the recorded postcondition is false", f.Name, showArgs(args), sym)
		}
	}
	return nil
}

// mismatch is a result of a summary that differs from its native's.
type mismatch struct{ msg string }

func (e *mismatch) Error() string { return e.msg }

// termsOf lists the terms of values.
func termsOf(vs []val) []*expr.Term {
	var out []*expr.Term
	for _, v := range vs {
		switch v := v.(type) {
		case *scalar:
			if v.s != nil {
				out = append(out, v.s)
			}
		case *str:
			out = append(out, termsOf([]val{v.n})...)
			for _, b := range v.b {
				out = append(out, termsOf([]val{b})...)
			}
		}
	}
	return out
}

// TestSummaries checks every summarised function: concrete (its closed
// form on constants), every argument symbolic, and each Text argument
// symbolic alone, on every input of its kind's domain; the real results
// satisfy the kind's postcondition, and so does the term the run records.
func TestSummaries(t *testing.T) {
	tested := map[summary.Kind]bool{}
	for _, f := range summary.Funcs() {
		t.Run(f.Name, func(t *testing.T) {
			if testing.Short() {
				switch {
				case f.Kind.IsClass() && f.Kind != summary.IsSpace:
					t.Skip("-short: the rune classes other than IsSpace; runs in full without -short")
				case tested[f.Kind] && f.Name != "bytes.IndexByte":
					t.Skip("-short: one function per kind (and bytes.IndexByte); runs in full without -short")
				}
			}
			// Without -short, the first function of each kind gets the
			// full domain, the others (the same closed form, other
			// argument types) the short one.
			small := testing.Short() || tested[f.Kind]
			tested[f.Kind] = true
			if err := checkSummaryModes(f, small); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// bytesForm reports whether the function's Text arguments are []byte.
func bytesForm(name string) bool {
	return strings.HasPrefix(name, "bytes.") || strings.HasPrefix(name, "internal/bytealg.") && !strings.Contains(name, "String") && !strings.Contains(name, "cmpstring") ||
		name == "unicode/utf8.DecodeRune" || name == "unicode/utf8.DecodeLastRune" || name == "unicode/utf8.RuneCount" || name == "unicode/utf8.Valid"
}

// checkSummaryModes runs checkSummary on f's domain: concrete, every
// argument symbolic, and (with two Text arguments) each Text argument
// symbolic alone.
func checkSummaryModes(f summary.Func, short bool) error {
	dom := domain(f.Kind, short)
	for _, sym := range summaryModes(f.Kind) {
		if err := checkSummary(f, bytesForm(f.Name), dom, sym); err != nil {
			return err
		}
	}
	return nil
}

// summaryModes are the argument positions made symbolic in turn: none,
// all, and (with two Text arguments) each Text alone.
func summaryModes(k summary.Kind) [][]bool {
	n := len(k.Args())
	modes := [][]bool{make([]bool, n), make([]bool, n)}
	for i := range modes[1] {
		modes[1][i] = true
	}
	texts := 0
	for _, s := range k.Args() {
		if s == summary.Text {
			texts++
		}
	}
	for i, s := range k.Args() {
		if s == summary.Text && texts > 1 {
			one := make([]bool, n)
			one[i] = true
			modes = append(modes, one)
		}
	}
	return modes
}

// TestSummaryNatives checks that the natives of the functions of a kind
// agree on its domain (so that one closed form serves them all).
func TestSummaryNatives(t *testing.T) {
	first := map[summary.Kind]summary.Func{}
	for _, f := range summary.Funcs() {
		g, ok := first[f.Kind]
		if !ok {
			first[f.Kind] = f
			continue
		}
		for _, args := range tuples(domain(f.Kind, testing.Short())) {
			if a, b := f.Native(args), g.Native(args); fmt.Sprint(a) != fmt.Sprint(b) {
				t.Fatalf("%s(%s) = %v, %s = %v", f.Name, showArgs(args), a, g.Name, b)
			}
		}
	}
}

// TestClassRanges checks the ranges of every rune class against the real
// function on every rune, and a few out of range; and the engine's decision
// tree over them at every range's bounds.
func TestClassRanges(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: 1.1M runes per class; runs in full without -short")
	}
	for _, k := range summary.Kinds() {
		if !k.IsClass() {
			continue
		}
		rs := summary.Class(k)
		in := func(r rune) bool {
			for _, g := range rs {
				if g.Contains(r) {
					return true
				}
			}
			return false
		}
		j := 0 // ranges are sorted: walk them with r
		for r := rune(0); r <= utf8.MaxRune; r++ {
			for j < len(rs) && rs[j].Hi < uint32(r) {
				j++
			}
			got := false
			for i := j; i < len(rs) && rs[i].Lo <= uint32(r); i++ {
				got = got || rs[i].Contains(r)
			}
			if got != summary.InClass(k, r) {
				t.Fatalf("%v(%#x): ranges say %v", k, r, got)
			}
		}
		for _, r := range []rune{-1, -1 << 31, utf8.MaxRune + 1, 1<<31 - 1} {
			if in(r) || summary.InClass(k, r) {
				t.Fatalf("%v(%#x) holds", k, r)
			}
		}
		// The decision tree the engine builds, at each range's bounds
		// and their neighbours, and the runes past the stride.
		m := sumMachine(8)
		v := m.variable("r", 32)
		tree := m.inClass(k, v).s
		var probes []rune
		for _, g := range rs {
			for _, u := range []uint32{g.Lo - 1, g.Lo, g.Lo + 1, g.Lo + g.Stride, g.Hi - 1, g.Hi, g.Hi + 1} {
				probes = append(probes, rune(u))
			}
		}
		for _, r := range append(probes, -1, -1<<31, utf8.MaxRune+1, 1<<31-1) {
			if got := expr.Eval(tree, map[string]uint64{"r": uint64(uint32(r))}) == 1; got != summary.InClass(k, r) {
				t.Fatalf("%v(%#x): the tree says %v", k, r, got)
			}
		}
	}
}

// TestSummaryPostLong checks the postconditions, which hold for every
// length, on inputs far longer than the domains': random concatenations of
// two of the domain's strings up to 96 bytes, every function, the real
// results.
func TestSummaryPostLong(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for _, f := range summary.Funcs() {
		dom := domain(f.Kind, true)
		for i := 0; i < 300; i++ {
			args := make([]summary.Value, len(dom))
			for j, vs := range dom {
				args[j] = vs[rng.Intn(len(vs))]
				if f.Kind.Args()[j] != summary.Text {
					continue
				}
				// A few of the domain's strings repeated: runs of one
				// kind of rune reach the bounds (len(s) == 4·runes).
				alpha := []string{vs[rng.Intn(len(vs))].Str, vs[rng.Intn(len(vs))].Str}
				var b strings.Builder
				for n := rng.Intn(40); n > 0 && b.Len() < 96; n-- {
					b.WriteString(alpha[rng.Intn(len(alpha))])
				}
				args[j].Str = b.String()
			}
			if res := f.Native(args); !holdsPost(f.Kind, args, res) {
				t.Fatalf("%s(%s) = %v: the postcondition %s fails", f.Name, showArgs(args), res, summary.String(summary.Post(f.Kind)))
			}
		}
	}
}
