// Strings against Go's own: UTF-8 decoding and encoding, comparison, concatenation, conversions, concrete and symbolic.

package engine

import (
	"math/rand"
	"strconv"
	"testing"
	"unicode/utf8"

	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
)

var stringType = &ir.Type{Kind: ir.KString}

// testMachine returns a machine whose model makes the string inputs given.
func testMachine(maxLen int, inputs map[string]string) *machine {
	model := map[string]uint64{}
	for name, s := range inputs {
		p := ir.ParamPath(name)
		model[p.LenVar()] = uint64(len(s))
		for i := 0; i < len(s); i++ {
			model[p.Elem(i).String()] = uint64(s[i])
		}
	}
	e := New(expr.NewBuilder(), 10)
	e.MaxLen = maxLen
	return &machine{Engine: e, path: &Path{Conflict: -1}, model: model}
}

// symString is the symbolic input string name (its model gives its value).
func (m *machine) symString(name string) *str {
	return m.input(ir.ParamPath(name), stringType, 0, &facts{holds: true}).(*str)
}

// check compares a scalar's concrete value, and its term evaluated under the
// machine's model, with want.
func (m *machine) check(t *testing.T, what string, x *scalar, want uint64) {
	t.Helper()
	want &= expr.Mask(x.width)
	if x.c != want {
		t.Fatalf("%s: concrete %#x, want %#x", what, x.c, want)
	}
	if x.s != nil {
		if got := expr.Eval(x.s, m.withDefaults(x.s)); got != want {
			t.Fatalf("%s: term evaluates to %#x, want %#x (term %v)", what, got, want, x.s)
		}
	}
}

// checkStr compares a string value (concrete bytes and terms) with want.
func (m *machine) checkStr(t *testing.T, what string, s *str, want string) {
	t.Helper()
	m.check(t, what+" length", s.n, uint64(len(want)))
	for i := 0; i < len(want); i++ {
		m.check(t, what+" byte", s.b[i], uint64(want[i]))
	}
}

// decodeCases are the byte strings tried: every string of one or two bytes,
// and longer ones built from the boundary values of UTF-8's ranges.
func decodeCases() []string {
	var out []string
	for a := 0; a < 256; a++ {
		out = append(out, string([]byte{byte(a)}))
		for b := 0; b < 256; b += 1 {
			out = append(out, string([]byte{byte(a), byte(b)}))
		}
	}
	edges := []byte{0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF}
	for _, a := range edges {
		for _, b := range edges {
			for _, c := range edges {
				out = append(out, string([]byte{a, b, c}))
				for _, d := range []byte{0x41, 0x80, 0xBF, 0xC0} {
					out = append(out, string([]byte{a, b, c, d}))
				}
			}
		}
	}
	return out
}

// TestDecode checks decode on every case, at position 0 and after a prefix,
// concretely and symbolically, against utf8.DecodeRuneInString.
// The symbolic check runs on every 11th case (and all of the short
// prefix-free ones): building terms costs more than running concretely.
func TestDecode(t *testing.T) {
	for i, s := range decodeCases() {
		for _, prefix := range []string{"", "a"} {
			full := prefix + s
			m := testMachine(6, map[string]string{"s": full})
			pos := i64(uint64(len(prefix)))
			wantR, wantW := utf8.DecodeRuneInString(s)
			vals := []*str{concString(full)}
			if i%11 == 0 || len(s) == 1 {
				vals = append(vals, m.symString("s"))
			}
			for _, v := range vals {
				r, w := m.decode(v, pos)
				m.check(t, "rune of "+quote(full), r, uint64(wantR))
				m.check(t, "width of "+quote(full), w, uint64(wantW))
			}
		}
	}
}

// TestEncode checks string(rune) on boundaries and random values.
func TestEncode(t *testing.T) {
	vals := []int64{-1, 0, 0x41, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xD800, 0xDFFF, 0xE000, 0xFFFD, 0xFFFF, 0x10000, 0x10FFFF, 0x110000, 1 << 40, -1 << 62}
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 2000; i++ {
		vals = append(vals, rng.Int63n(0x120000))
	}
	for _, v := range vals {
		want := string(rune(v))
		if v < 0 || v > 0x10FFFF {
			want = "\uFFFD"
		}
		m := testMachine(8, nil)
		m.model["r"] = uint64(v)
		for _, r := range []*scalar{i64(uint64(v)), m.variable("r", 64)} {
			m.checkStr(t, "string(rune)", m.runeToString(r), want)
		}
	}
}

// TestStringOps checks ==, <, + and the conversions to and from []byte and
// []rune on every pair of strings up to length 2 over a small alphabet
// (with a multi-byte rune and an invalid byte), symbolically and concretely.
func TestStringOps(t *testing.T) {
	alpha := []string{"a", "b", "\xff", "é"}
	words := []string{""}
	for _, x := range alpha {
		words = append(words, x)
		for _, y := range alpha {
			words = append(words, x+y)
		}
	}
	for _, x := range words {
		for _, y := range words {
			m := testMachine(4, map[string]string{"x": x, "y": y})
			sx, sy := m.symString("x"), m.symString("y")
			for _, pair := range [][2]*str{{sx, sy}, {concString(x), sy}, {sx, concString(y)}} {
				a, b := pair[0], pair[1]
				m.check(t, quote(x)+"=="+quote(y), m.strEq(a, b), b2u(x == y))
				m.check(t, quote(x)+"<"+quote(y), m.strLt(a, b), b2u(x < y))
				m.checkStr(t, quote(x)+"+"+quote(y), m.concat(a, b), x+y)
			}
			// []byte and back, []rune and back.
			bs := m.stringToBytes(sx, &ir.Type{Kind: ir.KSlice, Elem: ir.U8})
			m.checkStr(t, "string([]byte("+quote(x)+"))", m.bytesToString(bs), x)
			rs := m.stringToRunes(sx, &ir.Type{Kind: ir.KSlice, Elem: ir.I32})
			runes := []rune(x)
			m.check(t, "len([]rune("+quote(x)+"))", rs.n, uint64(len(runes)))
			w := m.window(rs)
			for i, r := range runes {
				m.check(t, "[]rune("+quote(x)+")", w[i].(*scalar), uint64(r))
			}
			m.checkStr(t, "string([]rune("+quote(x)+"))", m.runesToString(rs), string(runes))
		}
	}
}

func quote(s string) string { return "\"" + s + "\"" }

// TestBytesOfMeaninglessLength: a guided run follows a path whatever the
// values, so a string's concrete length can be any 64-bit value (-1 here);
// its bytes are those of its slots (issue 24: Inner, a line classifier,
// crashed the engine with "makeslice: cap out of range").
func TestBytesOfMeaninglessLength(t *testing.T) {
	s := &str{n: i64(^uint64(0)), b: []*scalar{i64('a'), i64('b')}}
	if got := string(s.bytes()); got != "ab" {
		t.Fatalf("bytes of a string of length -1 with slots ab: %q", got)
	}
	s = &str{n: i64(1), b: []*scalar{i64('a'), i64('b')}}
	if got := string(s.bytes()); got != "a" {
		t.Fatalf("bytes of a string of length 1 with slots ab: %q", got)
	}
}

// TestGrowOfMeaninglessLength: append's growth with concrete sizes no run
// can have (a forced run's meaningless values) is a run error, not an
// allocation of that size by ir.GrowCap (makeslice: cap out of range,
// or gigabytes).
func TestGrowOfMeaninglessLength(t *testing.T) {
	m := testMachine(4, nil)
	for _, c := range []struct{ oldCap, newLen uint64 }{{0, 1 << 40}, {0, ^uint64(0)}, {5, 3}} {
		func() {
			defer func() {
				if _, ok := recover().(runError); !ok {
					t.Errorf("grow(%d, %d): no run error", c.oldCap, c.newLen)
				}
			}()
			m.grow(nil, i64(c.oldCap), i64(c.newLen), ir.I64, 8)
		}()
	}
	if r, n := m.grow(nil, i64(2), i64(3), ir.I64, 8); r.c != 4 || n != 4 {
		t.Errorf("grow(2, 3) of 8-byte elements: capacity %d, %d slots; want 4, 4", r.c, n)
	}
	// A symbolic capacity grown by many elements (bound 512) is made
	// concrete at its value, 2, not at the slots it needs (MaxLen, 4):
	// go-toml's scanSimpleKey measured a growth from 4 to 1 ("internal
	// error: reflect.MakeSlice: negative len"), and a growth from the
	// slots gives the wrong capacity.
	m = testMachine(4, map[string]string{"x": "ab"})
	b := &ir.Block{}
	for _, c := range []struct{ newLen, want uint64 }{{1, 0}, {3, 4}, {600, measuredGrowth(2, 600)}} {
		func() {
			defer func() {
				_, isRunError := recover().(runError)
				if isRunError != (c.want == 0) {
					t.Errorf("grow(len(x)=2 symbolic, %d): run error %v", c.newLen, isRunError)
				}
			}()
			if r, _ := m.grow(b, m.symString("x").n, i64(c.newLen), ir.I64, 512); r.c != c.want {
				t.Errorf("grow(len(x)=2 symbolic, %d) of 8-byte elements: capacity %d, want %d", c.newLen, r.c, c.want)
			}
		}()
	}
}

// measuredGrowth is the capacity Go's append gives a []int64 of length and
// capacity oldCap grown to newLen.
func measuredGrowth(oldCap, newLen int) uint64 {
	return uint64(cap(append(make([]int64, oldCap), make([]int64, newLen-oldCap)...)))
}

// TestCopyFromNoSlots: copy from a source with a length but no slots (a
// forced run's meaningless length: strings.Clone of such a string in
// gjson's unescape) keeps the destination instead of indexing nothing.
func TestCopyFromNoSlots(t *testing.T) {
	m := testMachine(4, map[string]string{"x": "ab"})
	for _, c := range []struct {
		src  val
		want string // the number copied, "" when it depends on x
	}{
		{&str{n: i64(4)}, "4"},
		{&str{n: m.symString("x").n}, ""},
		{&slice{arr: &object{v: &agg{}}, off: i64(0), n: i64(3), cap: i64(3)}, "3"},
	} {
		d := &slice{arr: &object{v: &agg{elems: []val{i64('w'), i64('x'), i64('y'), i64('z')}}}, off: i64(0), n: i64(4), cap: i64(4)}
		n := m.copyTo(d, c.src).(*scalar)
		var got []byte
		for _, v := range m.window(d) {
			got = append(got, byte(v.(*scalar).c))
		}
		if string(got) != "wxyz" {
			t.Errorf("copy from %T with no slots: destination %q, want wxyz", c.src, got)
		}
		if (n.s == nil) != (c.want != "") || (c.want != "" && strconv.FormatUint(n.c, 10) != c.want) {
			t.Errorf("copy from %T with no slots: %+v copied, want %q", c.src, n, c.want)
		}
	}
}
