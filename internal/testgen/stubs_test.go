// Function stubs against the Go compiler: each stub, compiled in a test program, answers its calls in order, then zero values.

package testgen

import (
	"bytes"
	"fmt"
	"go/types"
	"strings"
	"testing"

	"leapfrog/internal/engine"
)

// stubCase is a stub of a function type (a type expression in package lt)
// with its calls' results; the test program calls it one more time than
// the calls and expects the zero values then. call is how to call it
// (its arguments), results the number of its results.
type stubCase struct {
	typ     string
	calls   [][]engine.Value
	call    string
	results int
}

func stubV(calls ...[]engine.Value) engine.Value {
	v := engine.Value{Stub: true}
	for _, rs := range calls {
		v.Calls = append(v.Calls, engine.StubCall{Results: rs})
	}
	return v
}

func results(vs ...engine.Value) []engine.Value { return vs }

// TestStubFuncCompiles compiles the literal of each stub and checks its
// answers call by call with reflect (the same checker as
// TestLiteralCompiles), the call beyond the last recorded one included;
// a wrong stub (answers shifted by one call) must be caught.
func TestStubFuncCompiles(t *testing.T) {
	ck := checkPackages(t, litSources, "go1.26")
	lt := ck.pkgs["lt"]
	inner := stubV(results(intV(0)), results(intV(7)))
	cases := []stubCase{
		{"func(int8) int8", [][]engine.Value{results(intV(3)), results(intV(0)), results(intV(-5))}, "(1)", 1},
		{"func(k int, f int) (int, string)", [][]engine.Value{results(intV(1), strV("a")), results(intV(2), strV(""))}, "(0, 0)", 2},
		{"func(...string) bool", [][]engine.Value{results(intV(0)), results(intV(1))}, `("a", "b")`, 1},
		{"func() *P", [][]engine.Value{results(ptrV(aggV(intV(1), intV(2)))), results(nilV())}, "()", 1},
		{"func() ([]int, map[string]int, P)", [][]engine.Value{results(aggV(intV(4)), mapV(strV("k"), intV(1)), aggV(intV(0), intV(3)))}, "()", 3},
		{"func() func() int", [][]engine.Value{results(inner), results(nilV())}, "()", 1},
		{"func(string) int", nil, `("x")`, 1},
	}
	f := newFile(lt)
	var body strings.Builder
	body.WriteString("\nfunc TestStubs(t *testing.T) {\n")
	for i, c := range cases {
		typ := ck.evalType(t, "lt", c.typ)
		lit := f.literal(stubV(c.calls...), typ)
		fmt.Fprintf(&body, "\t{\n\t\tvar s %s = %s\n", f.typeName(typ), lit)
		for k := 0; k <= len(c.calls); k++ {
			var names []string
			for j := 0; j < c.results; j++ {
				names = append(names, fmt.Sprintf("r%d_%d", k, j))
			}
			fmt.Fprintf(&body, "\t\t%s := s%s\n", strings.Join(names, ", "), c.call)
			for j, n := range names {
				want := engine.Value{}
				if k < len(c.calls) {
					want = c.calls[k][j]
				} else {
					want = zeroValue(c, j)
				}
				if c.typ == "func() func() int" && k > 0 {
					fmt.Fprintf(&body, "\t\tif %s != nil {\n\t\t\tt.Errorf(\"case %d call %d: a function, want nil\")\n\t\t}\n", n, i, k)
					continue
				}
				if c.typ == "func() func() int" && k == 0 {
					// The inner stub: its own answers, then 0.
					fmt.Fprintf(&body, "\t\tif a, b, z := %s(), %s(), %s(); a != 0 || b != 7 || z != 0 {\n\t\t\tt.Errorf(\"case %d: inner stub answers %%d %%d %%d\", a, b, z)\n\t\t}\n", n, n, n, i)
					continue
				}
				fmt.Fprintf(&body, "\t\tcheck(t, %q, reflect.ValueOf(&%s).Elem(), %s)\n", fmt.Sprintf("%d %s call %d result %d", i, c.typ, k, j), n, treeJSON(t, want))
			}
		}
		body.WriteString("\t}\n")
	}
	body.WriteString("}\n")
	if f.err != nil {
		t.Fatal(f.err)
	}
	// A stub whose answers come one call late must fail the checker.
	wrong := strings.Replace(f.literal(stubV(results(intV(3))), ck.evalType(t, "lt", "func() int8")), "case 1:", "case 2:", 1)
	fmt.Fprintf(&body, "\nfunc TestStubCheckerCatches(t *testing.T) {\n\tvar s func() int8 = %s\n\tif err := match(reflect.ValueOf(s()), tree(t, %s)); err == nil {\n\t\tt.Error(\"a late answer matches\")\n\t}\n}\n", wrong, treeJSON(t, intV(3)))
	f.std("encoding/json")
	f.std("fmt")
	f.std("reflect")
	f.std("testing")
	src := "package lt\n\n" + f.importBlock() + body.String() + checkerSource
	runLt(t, src, "TestStubs", "TestStubCheckerCatches")
	if t.Failed() {
		t.Logf("program:\n%s", src)
	}
}

// zeroValue is the report form of the zero value of result j of a case.
func zeroValue(c stubCase, j int) engine.Value {
	switch {
	case c.typ == "func() *P", c.typ == "func() ([]int, map[string]int, P)" && j < 2:
		return nilV()
	case c.typ == "func() ([]int, map[string]int, P)":
		return aggV(intV(0), intV(0))
	case c.typ == "func(k int, f int) (int, string)" && j == 1:
		return strV("")
	}
	return intV(0)
}

// TestStubIfaceCompiles declares the stub types of an interface of the
// package (with a variadic method and no results) and of io.Reader, and
// checks that their values answer each method's calls in order, a Read
// copying its bytes into p, then zero values (and io.Reader's stub
// without answers returns 0, nil).
func TestStubIfaceCompiles(t *testing.T) {
	ck := checkPackages(t, litSources, "go1.26")
	lt := ck.pkgs["lt"]
	kv := ck.evalType(t, "lt", "KV")
	f := newFile(lt)
	f.suffix = "_T"
	reader := types.Universe.Lookup("error").Type() // replaced below by io.Reader
	{
		io := types.NewPackage("io", "io")
		sig := types.NewSignatureType(nil, nil, nil,
			types.NewTuple(types.NewParam(0, io, "p", types.NewSlice(types.Typ[types.Byte]))),
			types.NewTuple(types.NewParam(0, io, "n", types.Typ[types.Int]), types.NewParam(0, io, "err", reader)), false)
		iface := types.NewInterfaceType([]*types.Func{types.NewFunc(0, io, "Read", sig)}, nil).Complete()
		reader = types.NewNamed(types.NewTypeName(0, io, "Reader", nil), iface, nil)
	}
	f.dyn = map[string]types.Type{"stub(KV)": kv, "stub(io.Reader)": reader}
	errBoom := engine.Value{Dyn: "*errors.errorString", Elems: []engine.Value{ptrV(aggV(strV("boom")))}}
	kvV := engine.Value{Dyn: "stub(KV)", Stub: true, Calls: []engine.StubCall{
		{Method: "Get", Results: results(intV(4), nilV())},
		{Method: "Set"},
		{Method: "Get", Results: results(intV(0), errBoom)},
	}}
	// A stub no strings.Reader is: its first call returns 1 byte of the 2
	// it returns in all, with room for 4.
	rV := engine.Value{Dyn: "stub(io.Reader)", Stub: true, Calls: []engine.StubCall{
		{Method: "Read", Results: results(intV(1), nilV()), Data: "h", HasData: true, Len: 4},
		{Method: "Read", Results: results(intV(1), nilV()), Data: "i", HasData: true, Len: 4},
		{Method: "Read", Results: results(intV(0), errBoom), Data: "", HasData: true, Len: 4},
	}}
	kvLit, rLit := f.literal(kvV, kv), f.literal(rV, reader)
	emptyLit := f.literal(engine.Value{Dyn: "stub(io.Reader)", Stub: true}, reader)
	// Stubs whose calls are a reader's: over "hi" failing with boom, over
	// "hi" then io.EOF, failing at once.
	eof := engine.Value{Sentinel: "io.EOF", SentinelPkg: "io"}
	failV := engine.Value{Dyn: "stub(io.Reader)", Stub: true, Calls: []engine.StubCall{
		{Method: "Read", Results: results(intV(2), nilV()), Data: "hi", HasData: true, Len: 4},
		{Method: "Read", Results: results(intV(0), errBoom), Data: "", HasData: true, Len: 4},
	}}
	plainV := engine.Value{Dyn: "stub(io.Reader)", Stub: true, Calls: []engine.StubCall{
		{Method: "Read", Results: results(intV(1), nilV()), Data: "h", HasData: true, Len: 1},
		{Method: "Read", Results: results(intV(1), nilV()), Data: "i", HasData: true, Len: 4},
		{Method: "Read", Results: results(intV(0), eof), Data: "", HasData: true, Len: 4},
	}}
	errV := engine.Value{Dyn: "stub(io.Reader)", Stub: true, Calls: []engine.StubCall{
		{Method: "Read", Results: results(intV(0), errBoom), Data: "", HasData: true, Len: 4},
	}}
	failLit, plainLit, errLit := f.literal(failV, reader), f.literal(plainV, reader), f.literal(errV, reader)
	for _, c := range []struct{ got, want string }{
		{failLit, `io.MultiReader(strings.NewReader("hi"), iotest.ErrReader(errors.New("boom")))`},
		{plainLit, `strings.NewReader("hi")`},
		{errLit, `iotest.ErrReader(errors.New("boom"))`},
	} {
		if c.got != c.want {
			t.Errorf("a reader's stub written %s, want %s", c.got, c.want)
		}
	}
	if strings.Contains(rLit, "NewReader") {
		t.Errorf("a stub no reader is written %s", rLit)
	}
	var body bytes.Buffer
	f.stubDecls(&body)
	if f.err != nil {
		t.Fatal(f.err)
	}
	src := "package lt\n\n" + f.importBlock() + body.String() + `
func TestStubIfaces(t *testing.T) {
	var s KV = ` + kvLit + `
	if v, err := s.Get("a"); v != 4 || err != nil {
		t.Errorf("Get 1 = %v, %v", v, err)
	}
	s.Set("a", 1, 2)
	if v, err := s.Get("b"); v != 0 || err == nil || err.Error() != "boom" {
		t.Errorf("Get 2 = %v, %v", v, err)
	}
	if v, err := s.Get("c"); v != 0 || err != nil {
		t.Errorf("Get 3 = %v, %v, want zero values", v, err)
	}
	var r io.Reader = ` + rLit + `
	p := make([]byte, 4)
	if n, err := r.Read(p); n != 1 || err != nil || string(p[:n]) != "h" {
		t.Errorf("Read 1 = %d, %v, %q", n, err, p[:n])
	}
	if n, err := r.Read(p); n != 1 || err != nil || string(p[:n]) != "i" {
		t.Errorf("Read 2 = %d, %v, %q", n, err, p[:n])
	}
	if n, err := r.Read(p); n != 0 || err == nil || err.Error() != "boom" {
		t.Errorf("Read 3 = %d, %v", n, err)
	}
	var fr io.Reader = ` + failLit + `
	if n, err := fr.Read(p); n != 2 || err != nil || string(p[:n]) != "hi" {
		t.Errorf("failing reader's Read 1 = %d, %v, %q", n, err, p[:n])
	}
	if n, err := fr.Read(p); n != 0 || err == nil || err.Error() != "boom" {
		t.Errorf("failing reader's Read 2 = %d, %v", n, err)
	}
	var pr io.Reader = ` + plainLit + `
	if n, err := pr.Read(p[:1]); n != 1 || err != nil || p[0] != 'h' {
		t.Errorf("reader's Read 1 = %d, %v", n, err)
	}
	if n, err := pr.Read(p); n != 1 || err != nil || p[0] != 'i' {
		t.Errorf("reader's Read 2 = %d, %v", n, err)
	}
	if n, err := pr.Read(p); n != 0 || err != io.EOF {
		t.Errorf("reader's Read 3 = %d, %v", n, err)
	}
	var er io.Reader = ` + errLit + `
	if n, err := er.Read(p); n != 0 || err == nil || err.Error() != "boom" {
		t.Errorf("failing reader's Read = %d, %v", n, err)
	}
	var e io.Reader = ` + emptyLit + `
	if n, err := e.Read(p); n != 0 || err != nil {
		t.Errorf("Read of a stub without answers = %d, %v", n, err)
	}
	// The stubs record their calls' arguments, slices copied at the call.
	kvs := s.(*stubKV_T)
	if len(kvs.callsGet) != 3 || kvs.callsGet[0].a0 != "a" || kvs.callsGet[1].a0 != "b" || kvs.callsGet[2].a0 != "c" {
		t.Errorf("Get's calls recorded %v, want a, b, c", kvs.callsGet)
	}
	if len(kvs.callsSet) != 1 || kvs.callsSet[0].a0 != "a" || len(kvs.callsSet[0].a1) != 2 || kvs.callsSet[0].a1[1] != 2 {
		t.Errorf("Set's calls recorded %v, want a [1 2]", kvs.callsSet)
	}
	rs := r.(*stubReader_T)
	if len(rs.callsRead) != 3 || string(rs.callsRead[0].a0) != "\x00\x00\x00\x00" || string(rs.callsRead[1].a0) != "h\x00\x00\x00" || string(rs.callsRead[2].a0) != "i\x00\x00\x00" {
		t.Errorf("Read's calls recorded %q, want copies of p as each call got it", rs.callsRead)
	}
	if es := e.(*stubReader_T); len(es.callsRead) != 1 {
		t.Errorf("Read's calls of the empty stub recorded %v, want 1", es.callsRead)
	}
}
`
	if !strings.Contains(src, "import (") || !strings.Contains(src, "\"io\"") || !strings.Contains(src, "\"errors\"") {
		t.Fatalf("the stubs import neither io nor errors:\n%s", src)
	}
	src = strings.Replace(src, "import (", "import (\n\t\"testing\"", 1)
	runLt(t, src, "TestStubIfaces")
}

// runLt runs the tests of src, a test file of package lt, and expects
// each of them to pass.
func runLt(t *testing.T, src string, tests ...string) {
	t.Helper()
	dir := t.TempDir()
	files := map[string][]byte{"lt/stubs_test.go": []byte(src)}
	for n, d := range litSources {
		files[n] = d
	}
	writeModule(t, dir, files, "go1.26")
	events := goTest(t, dir, "-count=1", "./lt")
	for _, test := range tests {
		if r := result(events, importPath("lt"), test); r != "pass" {
			t.Errorf("%s: %q\n%s", test, r, testOutput(events, importPath("lt"), test))
		}
	}
}
