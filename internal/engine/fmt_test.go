// Differential test: fmt interpreted by the engine on its own values against the compiled program, on random formats and values.

package engine

import (
	"bufio"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
	"leapfrog/internal/lower"
)

// fmtDecls are the types whose values the generated calls print: named
// basic types, methods of every kind fmt looks for (a nil receiver, a
// panicking one), structs with unexported and embedded fields, a writer.
const fmtDecls = `package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
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

type stringer struct{ n int }

func (s stringer) String() string { return fmt.Sprintf("S<%d>", s.n) }

type ptrStringer struct{ s string }

func (p *ptrStringer) String() string { return "P" + p.s }

type codeErr struct{ code int }

func (e *codeErr) Error() string { return fmt.Sprint("code ", e.code) }

type goStringer struct{ a, b int }

func (g goStringer) GoString() string { return fmt.Sprintf("G(%d,%d)", g.a, g.b) }

type formatter struct{ x int }

func (f formatter) Format(s fmt.State, verb rune) {
	w, wok := s.Width()
	p, pok := s.Precision()
	fmt.Fprintf(s, "F[%c %d/%v %d/%v %v%v%v%v%v %d]", verb, w, wok, p, pok, s.Flag('-'), s.Flag('+'), s.Flag('#'), s.Flag(' '), s.Flag('0'), f.x)
	io.WriteString(s, fmt.FormatString(s, verb))
}

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
	A int
	b string
	inner
	S stringer
	s stringer
	E error
	I any
	P *inner
}

type keyStruct struct {
	A int8
	B string
}

type sink struct{ b []byte }

func (s *sink) Write(p []byte) (int, error) {
	s.b = append(s.b, p...)
	return len(p), nil
}

func unwrapped(e error) string {
	if m, ok := e.(interface{ Unwrap() []error }); ok {
		return fmt.Sprint(m.Unwrap())
	}
	return fmt.Sprint(errors.Unwrap(e))
}

var _ = math.Pi
var _ = os.Stdout
`

// fmtValues are Go expressions of the operands, each valid in fmtDecls.
var fmtValues = []string{
	`nil`, `true`, `false`, `0`, `1`, `-1`, `42`, `-12345`, `math.MaxInt64`, `math.MinInt64`,
	`int8(-128)`, `int16(300)`, `int32(-7)`, `int64(1 << 40)`, `uint(7)`, `uint8(200)`, `uint16(65535)`, `uint32(1 << 31)`, `uint64(math.MaxUint64)`, `uintptr(0x1234)`,
	`'x'`, `'é'`, `rune(0x110000)`, `rune(-1)`, `byte('A')`,
	`float32(1.5)`, `float32(-0.1)`, `3.14159`, `-2.5e-10`, `1e21`, `0.0`, `math.Copysign(0, -1)`, `math.Inf(1)`, `math.Inf(-1)`, `math.NaN()`, `123456789.0`,
	`""`, `"hello"`, `"héllo wörld"`, `"tab\there"`, "\"quote\\\"s`\"", `"\x00\xff bad"`, `"日本語"`,
	`[]byte("bytes")`, `[]byte(nil)`, `[]byte{}`, `myBytes("mb")`, `myArr{1, 2, 250}`, `[2]byte{'h', 'i'}`,
	`myInt(-5)`, `myUint(9)`, `myString("ms")`, `myBool(true)`, `myFloat(2.25)`,
	`[]int{1, -2, 3}`, `[]string{"a", "b c"}`, `[3]bool{true, false, true}`, `[]any{1, "x", nil, 2.5}`, `mySlice{1, 2}`,
	`[]int(nil)`, `[]error{nil, io.EOF}`,
	`map[string]int{"b": 2, "a": 1, "c": 3}`, `map[int]string{3: "c", -1: "m", 2: "b"}`, `myMap{"z": 26, "y": 25}`,
	`map[keyStruct]bool{{1, "b"}: true, {1, "a"}: false, {-3, "z"}: true}`, `map[bool]int{true: 1, false: 0}`,
	`map[[2]int]string{{2, 1}: "x", {1, 9}: "y"}`, `map[string]int(nil)`, `map[string][]int{"k": {1}}`, `map[any]int{1: 1, 2: 2, 0: 0}`,
	`stringer{3}`, `&stringer{4}`, `&ptrStringer{"p"}`, `(*ptrStringer)(nil)`, `&codeErr{5}`, `(*codeErr)(nil)`, `error(&codeErr{6})`, `io.EOF`,
	`goStringer{1, 2}`, `formatter{9}`, `&formatter{8}`, `panicker{0}`, `panicker{1}`,
	`keyStruct{-1, "k"}`, `&keyStruct{2, "q"}`, `struct{}{}`, `struct {
		X int
		y []string
	}{1, []string{"u"}}`,
	`outer{A: 1, b: "bee", inner: inner{D: 4, s: stringer{5}}, S: stringer{6}, s: stringer{7}, E: io.EOF, I: 3}`,
	`outer{E: nil, I: []int{1}, P: &inner{D: 2}}`,
	`&outer{A: 2}`, `&[]int{1, 2}`, `&map[string]int{"a": 1}`, `&[2]string{"x", "y"}`,
	`[]*int(nil)`, `[]stringer{{1}, {2}}`, `[]*ptrStringer{nil, {"a"}}`, `[2]error{}`, `[]byte("🙂x")`, `[]*keyStruct{{1, "a"}}`,
}

var fmtVerbs = []rune("vvvsdqxXobcUtfFgGeETpw%!zO")

// fmtFormat draws a format for n operands.
func fmtFormat(rng *rand.Rand, n int) string {
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
			fmt.Fprintf(&b, "[%d]", rng.Intn(n+2))
		}
		switch rng.Intn(5) {
		case 0:
			fmt.Fprint(&b, rng.Intn(12))
		case 1:
			b.WriteByte('*')
		}
		switch rng.Intn(5) {
		case 0:
			fmt.Fprintf(&b, ".%d", rng.Intn(8))
		case 1:
			b.WriteString(".*")
		case 2:
			b.WriteString(".")
		}
		if rng.Intn(30) != 0 {
			b.WriteRune(fmtVerbs[rng.Intn(len(fmtVerbs))])
		}
	}
	return b.String()
}

// fmtArgs draws up to three operands (small ints among them: widths for *).
func fmtArgs(rng *rand.Rand) []string {
	var args []string
	for k := rng.Intn(4); k > 0; k-- {
		if rng.Intn(4) == 0 {
			args = append(args, strconv.Itoa(rng.Intn(20)-5))
		} else {
			args = append(args, fmtValues[rng.Intn(len(fmtValues))])
		}
	}
	return args
}

// fmtCall is one generated function: its name, its body (a string
// expression over the parameters of fmtParams), and, for a function with
// parameters, the inputs it is called with.
type fmtCall struct {
	name, body string
	inputs     []fmtInput
}

// The parameters of the functions with symbolic operands.
const fmtParams = "s string, n int8, u uint16, b bool"

// fmtInput is one input of a function with parameters: the model the engine
// runs and the Go arguments of the compiled call.
type fmtInput struct {
	model map[string]uint64
	goArg string
}

func randomFmtInput(rng *rand.Rand) fmtInput {
	m := map[string]uint64{}
	str := make([]byte, rng.Intn(5))
	for i := range str {
		str[i] = "ab%é\x00 9"[rng.Intn(8)]
	}
	m["s#len"] = uint64(len(str))
	for i, c := range str {
		m[fmt.Sprintf("s[%d]", i)] = uint64(c)
	}
	// u is at most 300: it may be a width or a precision (* verbs), and a
	// result longer than maxTainted stops the run.
	n, u, b := int8(rng.Intn(256)-128), uint16(rng.Intn(300)), rng.Intn(2) == 1
	m["n"], m["u"], m["b"] = uint64(uint8(n)), uint64(u), b2u(b)
	return fmtInput{model: m, goArg: fmt.Sprintf("%q, %d, %d, %v", str, n, u, b)}
}

// fmtCalls generates the functions of one package: every value under
// the main verbs (V0, V1, ...), random calls (C0, ...), random calls over
// the parameters (S0, ...).
func fmtCalls(rng *rand.Rand, k int) []fmtCall {
	var calls []fmtCall
	join := func(parts []string) string { return strings.Join(parts, " + \"\\x00\" + ") }
	for i := 0; i*20 < len(fmtValues); i++ {
		var parts []string
		for _, v := range fmtValues[i*20 : min(i*20+20, len(fmtValues))] {
			parts = append(parts, fmt.Sprintf("fmt.Sprintf(%q, %s)", "%v|%+v|%#v|%T|%s|%d|%x|%X|%q|%5.2v|%-8s|%08d|%t|%c|%U|%e|%p", strings.Repeat(v+", ", 16)+v))
		}
		calls = append(calls, fmtCall{name: fmt.Sprintf("V%d", i), body: join(parts)})
	}
	for i := 0; i < k; i++ {
		var parts []string
		for j := 0; j < 30; j++ {
			args := fmtArgs(rng)
			a := ""
			if len(args) > 0 {
				a = ", " + strings.Join(args, ", ")
			}
			switch rng.Intn(10) {
			case 0:
				parts = append(parts, fmt.Sprintf("fmt.Sprint(%s)", strings.TrimPrefix(a, ", ")))
			case 1:
				parts = append(parts, fmt.Sprintf("fmt.Sprintln(%s)", strings.TrimPrefix(a, ", ")))
			case 2:
				parts = append(parts, fmt.Sprintf("func() string { w := &sink{}; n, err := fmt.Fprintf(w, %q%s); return fmt.Sprint(string(w.b), n, err) }()", fmtFormat(rng, len(args)), a))
			case 3:
				format := ""
				for range args {
					format += []string{"%w ", "%v ", "%[1]w ", "%s:", "%[2]w"}[rng.Intn(5)]
				}
				parts = append(parts, fmt.Sprintf("func() string { e := fmt.Errorf(%q%s); return fmt.Sprintf(\"%%T|%%q|\", e, e.Error()) + unwrapped(e) }()", format, a))
			default:
				parts = append(parts, fmt.Sprintf("fmt.Sprintf(%q%s)", fmtFormat(rng, len(args)), a))
			}
		}
		calls = append(calls, fmtCall{name: fmt.Sprintf("C%d", i), body: join(parts)})
	}
	// Symbolic operands: the parameters mixed with constants.
	sym := []string{"s", "n", "u", "b", "s", "myString(s)", "[]byte(s)", "[]string{s}", "keyStruct{n, s}", "map[string]int8{s: n}", "stringer{int(n)}"}
	for i := 0; i < k; i++ {
		var parts []string
		for j := 0; j < 4; j++ {
			var args []string
			for a := rng.Intn(3) + 1; a > 0; a-- {
				args = append(args, sym[rng.Intn(len(sym))])
			}
			format := fmtFormat(rng, len(args))
			if rng.Intn(2) == 0 {
				format = strings.Repeat("<%v>", len(args)) // the exact case
			}
			parts = append(parts, fmt.Sprintf("fmt.Sprintf(%q, %s)", format, strings.Join(args, ", ")))
		}
		c := fmtCall{name: fmt.Sprintf("S%d", i), body: join(parts)}
		for in := 0; in < 4; in++ {
			c.inputs = append(c.inputs, randomFmtInput(rng))
		}
		calls = append(calls, c)
	}
	return calls
}

// fmtSource is the package of the calls, with a main printing each
// result (quoted, one per line).
func fmtSource(calls []fmtCall) string {
	var b strings.Builder
	b.WriteString(fmtDecls)
	b.WriteString("\nfunc main() {\n")
	for _, c := range calls {
		if c.inputs == nil {
			fmt.Fprintf(&b, "\tfmt.Printf(\"%%q\\n\", %s())\n", c.name)
		}
		for _, in := range c.inputs {
			fmt.Fprintf(&b, "\tfmt.Printf(\"%%q\\n\", %s(%s))\n", c.name, in.goArg)
		}
	}
	b.WriteString("}\n")
	for _, c := range calls {
		params := ""
		if c.inputs != nil {
			params = fmtParams
		}
		fmt.Fprintf(&b, "\nfunc %s(%s) string {\n\treturn %s\n}\n", c.name, params, c.body)
	}
	return b.String()
}

// numbers is any run of digits (an address printed by %v, %d, %x, %o or
// %b, and a count of bytes that depends on its length, included) with
// the spaces around it.
var numbers = regexp.MustCompile(` *[0-9a-fA-FxX]+ *`)

// runLines runs the compiled program of dir and unquotes its lines.
func runLines(t *testing.T, dir string) []string {
	t.Helper()
	cmd := exec.Command("./prog")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("the compiled program: %v", err)
	}
	var lines []string
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		s, err := strconv.Unquote(sc.Text())
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, s)
	}
	return lines
}

// TestFmtAgainstGo compiles packages of random calls of fmt (Sprintf,
// Sprint, Sprintln, Fprintf into a Writer of the package, Errorf with
// the text, type and unwrapping of its error) over operands of many
// types, then runs each function in the engine: its result must be the
// compiled program's, byte for byte. Functions with parameters run on
// random inputs (their strings stay symbolic where printed as they are).
// The program runs twice: a result that differs from one run to the other
// printed an address, and must come from a run the engine marked as
// depending on one; in such a run, a part that differs is compared with
// its numbers (and the padding around them) as placeholders.
func TestFmtAgainstGo(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	exact, shape := 0, 0
	defer func() { t.Logf("%d results compared byte for byte, %d (addresses) by their shape", exact, shape) }()
	// Under -short, two functions of random calls and two of symbolic
	// operands besides every value under the main verbs: the compilation
	// and the loading dominate the time.
	k := 8
	if testing.Short() {
		k = 2
	}
	for pkg := 0; pkg < 1; pkg++ {
		calls := fmtCalls(rng, k)
		dir := t.TempDir()
		src := fmtSource(calls)
		for name, data := range map[string]string{"go.mod": "module p\n\ngo 1.26\n", "p.go": src} {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		// Two runs: addresses differ from one to the other.
		cmd := exec.Command("go", "build", "-o", "prog", ".")
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go build: %v\n%s\n%s", err, out, src)
		}
		want, again := runLines(t, dir), runLines(t, dir)
		var names []string
		for _, c := range calls {
			names = append(names, c.name)
		}
		res, err := lower.Load(dir, names)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range res.Errors {
			t.Errorf("rejected: %v", e)
		}
		targets := map[string]*ir.Function{}
		for _, tg := range res.Targets {
			targets[tg.Name] = tg.Func
		}
		k := 0
		for _, c := range calls {
			inputs := c.inputs
			if inputs == nil {
				inputs = []fmtInput{{model: map[string]uint64{}}}
			}
			for _, in := range inputs {
				w, unstable := want[k], want[k] != again[k]
				k++
				fn := targets[c.name]
				if fn == nil {
					continue
				}
				e := New(expr.NewBuilder(), 10)
				p := e.Run(fn, in.model)
				if p.Aborted != "" || p.Panic != "" || len(p.Outputs) != 1 {
					t.Errorf("%s(%s): aborted %q, panic %q", c.name, in.goArg, p.Aborted, p.Panic)
					continue
				}
				got := p.Outputs[0].Str
				addr := p.Outputs[0].Unfixed == AddressReason
				if unstable && !addr {
					t.Errorf("%s(%s): Go printed %q, then %q: the engine's run is not marked as depending on an address", c.name, in.goArg, w, again[k-1])
				}
				gs, ws, as := strings.Split(got, "\x00"), strings.Split(w, "\x00"), strings.Split(again[k-1], "\x00")
				if len(gs) != len(ws) || len(ws) != len(as) {
					t.Errorf("%s(%s):\n got %q\nwant %q", c.name, in.goArg, got, w)
					continue
				}
				for i := range gs {
					exact++
					if ws[i] != as[i] || addr && gs[i] != ws[i] {
						exact, shape = exact-1, shape+1
						// An address (Go's change from run to run, static
						// ones do not): the shape only.
						gs[i], ws[i] = numbers.ReplaceAllString(gs[i], "N"), numbers.ReplaceAllString(ws[i], "N")
					}
				}
				for i := range gs {
					if gs[i] != ws[i] {
						t.Errorf("%s(%s) part %d:\n got %q\nwant %q", c.name, in.goArg, i, gs[i], ws[i])
					}
				}
			}
		}
	}
}
