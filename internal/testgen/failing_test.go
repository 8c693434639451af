// The failing writer against the Go it is written in: its answers to writes of random lengths, and io.Copy, fmt.Fprintf and bufio over it.

package testgen

import (
	"bytes"
	"fmt"
	"go/types"
	"math/rand"
	"strings"
	"testing"

	"leapfrog/internal/engine"
	"leapfrog/internal/ir"
)

// ioWriter is io.Writer, built as go/types would give it.
func ioWriter() types.Type {
	io := types.NewPackage("io", "io")
	errT := types.Universe.Lookup("error").Type()
	sig := types.NewSignatureType(nil, nil, nil,
		types.NewTuple(types.NewParam(0, io, "p", types.NewSlice(types.Typ[types.Byte]))),
		types.NewTuple(types.NewParam(0, io, "n", types.Typ[types.Int]), types.NewParam(0, io, "err", errT)), false)
	iface := types.NewInterfaceType([]*types.Func{types.NewFunc(0, io, "Write", sig)}, nil).Complete()
	return types.NewNamed(types.NewTypeName(0, io, "Writer", nil), iface, nil)
}

// failingCalls are the calls of a stub answering writes of the lengths
// lens as a writer accepting n bytes then failing would, up to its first
// failure (a caller stops there).
func failingCalls(n int, lens []int, boom engine.Value) []engine.StubCall {
	var calls []engine.StubCall
	for _, l := range lens {
		if l <= n {
			n -= l
			calls = append(calls, engine.StubCall{Method: "Write", Results: results(intV(int64(l)), nilV()), Len: int64(l), HasData: true})
			continue
		}
		calls = append(calls, engine.StubCall{Method: "Write", Results: results(intV(int64(n)), boom), Len: int64(l), HasData: true})
		break
	}
	return calls
}

// TestFailingWriter writes, for random n and write lengths, the stub of
// io.Writer whose calls a writer failing after n bytes answers; it must be
// written as the failing writer exactly when a call fails, and the
// program checks, compiled by Go: the writer answers the writes as the
// stub did; io.Copy, fmt.Fprintf and a bufio.Writer over a fresh one write
// min(n, len(data)) bytes and fail with the chosen error exactly when
// n < len(data). Stubs no failing writer answers (a call that accepts
// part of p without an error, a failure followed by another call) stay
// stubs.
func TestFailingWriter(t *testing.T) {
	ck := checkPackages(t, litSources, "go1.26")
	f := newFile(ck.pkgs["lt"])
	f.suffix = "_T"
	w := ioWriter()
	f.dyn = map[string]types.Type{"stub(io.Writer)": w}
	rng := rand.New(rand.NewSource(1))
	var body strings.Builder
	body.WriteString("\nfunc TestFailing(t *testing.T) {\n\tvar w io.Writer\n\tvar n int\n\tvar err error\n\tvar n64 int64\n")
	failing := 0
	for i := 0; i < 60; i++ {
		n := rng.Intn(12)
		lens := make([]int, 1+rng.Intn(4))
		for k := range lens {
			lens[k] = rng.Intn(6)
		}
		msg := fmt.Sprintf("boom%d", i)
		boom := engine.Value{Dyn: "*errors.errorString", Elems: []engine.Value{ptrV(aggV(strV(msg)))}}
		calls := failingCalls(n, lens, boom)
		lit := f.literal(engine.Value{Dyn: "stub(io.Writer)", Stub: true, Calls: calls}, w)
		last := calls[len(calls)-1]
		fails := !last.Results[1].Nil
		if isFailing := strings.HasPrefix(lit, "&stubFailingWriter_T{"); isFailing != fails {
			t.Fatalf("case %d (n %d, writes %v): written %s", i, n, lens, lit)
		}
		if !fails {
			continue
		}
		failing++
		fmt.Fprintf(&body, "\t// case %d: n %d\n\tw = %s\n", i, n, lit)
		for _, c := range calls {
			wantErr := "nil"
			if !c.Results[1].Nil {
				wantErr = fmt.Sprintf("%q", msg)
			}
			fmt.Fprintf(&body, "\tn, err = w.Write(make([]byte, %d))\n\tcheckWrite(t, %d, \"Write\", int64(n), err, %d, %s)\n", c.Len, i, c.Results[0].Bits, wantErr)
		}
		data := strings.Repeat("x", rng.Intn(14))
		want, wantErr := min(n, len(data)), "nil"
		if n < len(data) {
			wantErr = fmt.Sprintf("%q", msg)
		}
		fmt.Fprintf(&body, "\tn64, err = io.Copy(%s, strings.NewReader(%q))\n\tcheckWrite(t, %d, \"io.Copy\", n64, err, %d, %s)\n", lit, data, i, want, wantErr)
		fmt.Fprintf(&body, "\tn, err = fmt.Fprintf(%s, \"%%s\", %q)\n\tcheckWrite(t, %d, \"fmt.Fprintf\", int64(n), err, %d, %s)\n", lit, data, i, want, wantErr)
		fmt.Fprintf(&body, "\tn, err = io.WriteString(%s, %q)\n\tcheckWrite(t, %d, \"io.WriteString\", int64(n), err, %d, %s)\n", lit, data, i, want, wantErr)
		// bufio writes through in chunks of its size, and reports the
		// writer's error at the latest when flushed.
		fmt.Fprintf(&body, "\t{\n\t\tbw := bufio.NewWriterSize(%s, 4)\n\t\tfor k := 0; k < %d; k++ {\n\t\t\tbw.WriteByte('x')\n\t\t}\n\t\tcheckErr(t, %d, \"bufio\", bw.Flush(), %s)\n\t}\n",
			lit, len(data), i, wantErr)
	}
	body.WriteString("}\n")
	if failing < 20 {
		t.Fatalf("only %d of the random stubs fail: the test's draw is too weak", failing)
	}
	// A partial write without an error, a call after the failure: stubs.
	boom := engine.Value{Dyn: "*errors.errorString", Elems: []engine.Value{ptrV(aggV(strV("x")))}}
	for _, calls := range [][]engine.StubCall{
		{{Method: "Write", Results: results(intV(1), nilV()), Len: 2}},
		{{Method: "Write", Results: results(intV(0), boom), Len: 2}, {Method: "Write", Results: results(intV(0), boom), Len: 2}},
		{{Method: "Write", Results: results(intV(2), boom), Len: 2}},
	} {
		if lit := f.literal(engine.Value{Dyn: "stub(io.Writer)", Stub: true, Calls: calls}, w); strings.Contains(lit, "stubFailingWriter") {
			t.Errorf("calls %+v written %s, want a stub", calls, lit)
		}
	}
	var decls bytes.Buffer
	f.stubDecls(&decls)
	if f.err != nil {
		t.Fatal(f.err)
	}
	f.std("bufio")
	f.std("fmt")
	f.std("io")
	f.std("strings")
	f.std("testing")
	src := "package lt\n\n" + f.importBlock() + decls.String() + body.String() + `
func checkWrite(t *testing.T, i int, what string, n int64, err error, wantN int64, wantErr any) {
	t.Helper()
	switch {
	case n != wantN:
		t.Errorf("case %d: %s wrote %d, want %d", i, what, n, wantN)
	default:
		checkErr(t, i, what, err, wantErr)
	}
}

func checkErr(t *testing.T, i int, what string, err error, wantErr any) {
	t.Helper()
	switch {
	case wantErr == nil && err != nil:
		t.Errorf("case %d: %s failed: %v", i, what, err)
	case wantErr != nil && (err == nil || err.Error() != wantErr):
		t.Errorf("case %d: %s: error %v, want %v", i, what, err, wantErr)
	}
}
`
	runLt(t, src, "TestFailing")
	if t.Failed() {
		t.Logf("program:\n%s", src)
	}
}

// TestConstructedLits checks that the emitter writes the constructor's
// call of each type of ir.Constructors, so that a type added to the table
// is written, not rejected.
func TestConstructedLits(t *testing.T) {
	f := newFile(types.NewPackage("example.com/p", "p"))
	text := aggV(intV('h'), intV('i'))
	for _, c := range ir.Constructors {
		var inner engine.Value // the pointed-to struct, its fields by name
		switch c.Type {
		case "errorString":
			inner = aggV(strV("hi"))
		case "Reader":
			s := strV("hi")
			if c.Pkg == "bytes" {
				s = text
			}
			inner = engine.Value{Type: &ir.Type{Kind: ir.KStruct, Fields: []ir.StructField{{Name: "s"}, {Name: "i"}, {Name: "prevRune"}}},
				Elems: []engine.Value{s, intV(0), intV(-1)}}
		case "Buffer":
			inner = engine.Value{Type: &ir.Type{Kind: ir.KStruct, Fields: []ir.StructField{{Name: "buf"}, {Name: "off"}, {Name: "lastRead"}}},
				Elems: []engine.Value{text, intV(0), intV(0)}}
		default:
			t.Fatalf("no value of %s in the test", c.DynName())
		}
		lit, ok := f.constructedLit(c, engine.Value{Dyn: c.DynName(), Elems: []engine.Value{ptrV(inner)}})
		if !ok || !strings.HasPrefix(lit, c.Pkg+"."+c.Func+"(") {
			t.Errorf("%s written %q (%v), want a call of %s.%s", c.DynName(), lit, ok, c.Pkg, c.Func)
		}
	}
}
