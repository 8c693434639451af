// Differential test: the port against the real fmt, compiled natively, on random values and random formats.

package fmt

import (
	"bytes"
	"errors"
	gofmt "fmt"
	"io"
	"math"
	"math/rand"
	"strings"
	"testing"
)

type (
	myInt    int16
	myUint   uint8
	myString string
	myBool   bool
	myBytes  []byte
	myArr    [3]byte
	myFloat  float32
	myMap    map[string]int
	mySlice  []myInt
)

// stringer has a String method on its value.
type stringer struct{ n int }

func (s stringer) String() string { return gofmt.Sprintf("S<%d>", s.n) }

// ptrStringer has a String method on its pointer: a nil one panics.
type ptrStringer struct{ s string }

func (p *ptrStringer) String() string { return "P" + p.s }

// codeErr is an error.
type codeErr struct{ code int }

func (e *codeErr) Error() string { return gofmt.Sprint("code ", e.code) }

// goStringer has a GoString method.
type goStringer struct{ a, b int }

func (g goStringer) GoString() string { return gofmt.Sprintf("G(%d,%d)", g.a, g.b) }

// formatter has a Format method that reports its state.
type formatter_ struct{ x int }

func (f formatter_) Format(s gofmt.State, verb rune) {
	w, wok := s.Width()
	p, pok := s.Precision()
	gofmt.Fprintf(s, "F[%c %d/%v %d/%v %v%v%v%v%v %d]", verb, w, wok, p, pok,
		s.Flag('-'), s.Flag('+'), s.Flag('#'), s.Flag(' '), s.Flag('0'), f.x)
	io.WriteString(s, gofmt.FormatString(s, verb))
}

// panicker's String panics with a string, its Error with an error.
type panicker struct{ kind int }

func (p panicker) String() string {
	if p.kind == 0 {
		panic("boom")
	}
	panic(errors.New("bang"))
}

type inner struct {
	D myInt
	s stringer
}

type outer struct {
	A     int
	b     string
	inner // unexported embedded: D's methods stay visible
	S     stringer
	s     stringer // unexported: its String is not called
	E     error
	I     any
	P     *inner
}

type keyStruct struct {
	A int8
	B string
}

// values are the operands the test draws from.
func values() []any {
	var nilPS *ptrStringer
	var nilErr *codeErr
	n := 7
	return []any{
		nil, true, false, 0, 1, -1, 42, -12345, math.MaxInt64, math.MinInt64,
		int8(-128), int16(300), int32(-7), int64(1 << 40), uint(7), uint8(200), uint16(65535), uint32(1 << 31), uint64(math.MaxUint64), uintptr(0x1234),
		'x', 'é', rune(0x10FFFF + 1), rune(-1), byte('A'),
		float32(1.5), float32(-0.1), 3.14159, -2.5e-10, 1e21, 0.0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), 123456789.0,
		"", "hello", "héllo wörld", "tab\there", "quote\"s`", "\x00\xff bad", "日本語",
		[]byte("bytes"), []byte(nil), []byte{}, myBytes("mb"), myArr{1, 2, 250}, [2]byte{'h', 'i'},
		myInt(-5), myUint(9), myString("ms"), myBool(true), myFloat(2.25),
		[]int{1, -2, 3}, []string{"a", "b c"}, [3]bool{true, false, true}, []any{1, "x", nil, 2.5}, mySlice{1, 2},
		[]int(nil), []error{nil, io.EOF},
		map[string]int{"b": 2, "a": 1, "c": 3}, map[int]string{3: "c", -1: "m", 2: "b"}, myMap{"z": 26, "y": 25},
		map[keyStruct]bool{{1, "b"}: true, {1, "a"}: false, {-3, "z"}: true}, map[bool]int{true: 1, false: 0},
		map[any]int{1: 1, 2: 2, 0: 0}, map[[2]int]string{{2, 1}: "x", {1, 9}: "y"}, map[string]int(nil), map[string][]int{"k": {1}},
		stringer{3}, &stringer{4}, &ptrStringer{"p"}, nilPS, &codeErr{5}, nilErr, error(&codeErr{6}), io.EOF,
		goStringer{1, 2}, formatter_{9}, &formatter_{8}, panicker{0}, panicker{1},
		keyStruct{-1, "k"}, &keyStruct{2, "q"}, struct{}{}, struct {
			X int
			y []string
		}{1, []string{"u"}},
		outer{A: 1, b: "bee", inner: inner{D: 4, s: stringer{5}}, S: stringer{6}, s: stringer{7}, E: io.EOF, I: 3},
		outer{E: nil, I: []int{1}, P: &inner{D: 2}},
		&outer{A: 2}, &[]int{1, 2}, &map[string]int{"a": 1}, &[2]string{"x", "y"}, &n,
		[]*int(nil), []stringer{{1}, {2}}, []*ptrStringer{nil, {"a"}}, [2]error{}, []byte("🙂x"),
		errors.Join(io.EOF, &codeErr{1}),
	}
}

var verbs = []rune("vvvsdqxXobcUtfFgGeETpw%!zO")

// randomFormat draws a format with n operands in mind.
func randomFormat(rng *rand.Rand, n int) string {
	var b strings.Builder
	for k := rng.Intn(4); k >= 0; k-- {
		if rng.Intn(3) == 0 {
			b.WriteString([]string{"x", " ", "é:", "[", "]", "%%", "%"}[rng.Intn(7)])
		}
		b.WriteByte('%')
		for _, fl := range "-+# 0" {
			if rng.Intn(5) == 0 {
				b.WriteRune(fl)
			}
		}
		if rng.Intn(6) == 0 {
			gofmt.Fprintf(&b, "[%d]", rng.Intn(n+2))
		}
		switch rng.Intn(5) {
		case 0:
			gofmt.Fprint(&b, rng.Intn(12))
		case 1:
			b.WriteByte('*')
		}
		switch rng.Intn(5) {
		case 0:
			gofmt.Fprintf(&b, ".%d", rng.Intn(8))
		case 1:
			b.WriteString(".*")
		case 2:
			b.WriteString(".")
		}
		if rng.Intn(8) == 0 {
			gofmt.Fprintf(&b, "[%d]", rng.Intn(n+2))
		}
		if rng.Intn(30) != 0 {
			b.WriteRune(verbs[rng.Intn(len(verbs))])
		}
	}
	return b.String()
}

// outcome runs f: its result, or the panic.
func outcome(f func() string) (s string) {
	defer func() {
		if r := recover(); r != nil {
			s = gofmt.Sprint("panic: ", r)
		}
	}()
	return f()
}

func TestSprintfAgainstFmt(t *testing.T) {
	vals := values()
	rng := rand.New(rand.NewSource(1))
	bad := 0
	for iter := 0; iter < 40000 && bad < 20; iter++ {
		var args []any
		for k := rng.Intn(4); k > 0; k-- {
			if rng.Intn(4) == 0 {
				args = append(args, rng.Intn(20)-5) // a width or precision for *
			} else {
				args = append(args, vals[rng.Intn(len(vals))])
			}
		}
		format := randomFormat(rng, len(args))
		want := outcome(func() string { return gofmt.Sprintf(format, args...) })
		got := outcome(func() string { return Sprintf(format, args...) })
		if got != want {
			bad++
			t.Errorf("Sprintf(%q, %#v):\n got %q\nwant %q", format, args, got, want)
		}
	}
}

func TestPrintFamilyAgainstFmt(t *testing.T) {
	vals := values()
	for i, x := range vals {
		for j := 0; j < len(vals); j += 7 {
			y := vals[(i+j)%len(vals)]
			check := func(name, got, want string) {
				t.Helper()
				if got != want {
					t.Errorf("%s(%#v, %#v):\n got %q\nwant %q", name, x, y, got, want)
				}
			}
			check("Sprint", Sprint(x, y), gofmt.Sprint(x, y))
			check("Sprintln", Sprintln(x, "s", y), gofmt.Sprintln(x, "s", y))
			check("Append", string(Append([]byte("a"), y, x)), string(gofmt.Append([]byte("a"), y, x)))
			var b1, b2 bytes.Buffer
			n1, err1 := Fprintf(&b1, "%v|%+v|%#v|%T", x, y, x, y)
			n2, err2 := gofmt.Fprintf(&b2, "%v|%+v|%#v|%T", x, y, x, y)
			check("Fprintf", gofmt.Sprint(b1.String(), n1, err1), gofmt.Sprint(b2.String(), n2, err2))
		}
	}
}

func TestErrorfAgainstFmt(t *testing.T) {
	vals := values()
	rng := rand.New(rand.NewSource(2))
	for iter := 0; iter < 3000; iter++ {
		var args []any
		for k := rng.Intn(4); k > 0; k-- {
			args = append(args, vals[rng.Intn(len(vals))])
		}
		var format string
		for range args {
			format += []string{"%w ", "%v ", "%[1]w ", "%s:", "%[2]w"}[rng.Intn(5)]
		}
		got, want := Errorf(format, args...), gofmt.Errorf(format, args...)
		if gofmt.Sprintf("%T %q", got, got.Error()) != gofmt.Sprintf("%T %q", want, want.Error()) {
			t.Errorf("Errorf(%q, %#v) = %T %q, want %T %q", format, args, got, got.Error(), want, want.Error())
		}
		gu, wu := errors.Unwrap(got), errors.Unwrap(want)
		if gu != wu {
			t.Errorf("Errorf(%q, %#v) unwraps to %v, want %v", format, args, gu, wu)
		}
		type many interface{ Unwrap() []error }
		if gm, ok := got.(many); ok {
			wm := want.(many)
			if gofmt.Sprint(gm.Unwrap()) != gofmt.Sprint(wm.Unwrap()) {
				t.Errorf("Errorf(%q, %#v) unwraps to %v, want %v", format, args, gm.Unwrap(), wm.Unwrap())
			}
		}
	}
}
