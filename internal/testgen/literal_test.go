// Literal against the Go compiler: every literal, compiled in a test program, must rebuild exactly the value it renders.

package testgen

import (
	"encoding/json"
	"fmt"
	"go/types"
	"strconv"
	"strings"
	"testing"

	"leapfrog/internal/engine"
	"leapfrog/internal/ir"
)

// litSources is the package whose types the literal cases use, and a
// second package for qualified names.
var litSources = map[string][]byte{
	"other/other.go": []byte(`package other

type Pt struct {
	X int
	Y string
}

type ID uint16
`),
	"lt/lt.go": []byte(`package lt

import (
	"time"

	"example.com/m/other"
)

type (
	Celsius int16
	Letter  rune
	Flag    bool
	Name    string
	B       byte
	Bytes   []byte
	M       map[string]int
	P       struct{ X, Y int32 }
	Node    struct {
		V    int
		Next *Node
	}
	Tree struct {
		L, R *Tree
		K    string
	}
	Inner struct {
		A []int8
		B map[uint8]bool
	}
	Outer struct {
		Inner
		*P
		name string
		Q    other.Pt
		Arr  [3]P
		_    int
	}
	List[T any] struct {
		Head T
		Rest *List[T]
	}
	KV interface {
		Get(k string) (int, error)
		Set(k string, v ...int)
	}
)

var _ = other.ID(0)

var _ time.Time
`),
}

// litCase is one value of one type (a type expression in package lt).
type litCase struct {
	typ  string
	v    engine.Value
	want string // the expected text (new(v) form) when the form itself is the point
}

func litCases() []litCase {
	b := func(x bool) engine.Value {
		if x {
			return intV(1)
		}
		return intV(0)
	}
	node := func(v int64, next engine.Value) engine.Value { return ptrV(aggV(intV(v), next)) }
	return []litCase{
		{"bool", b(true), "true"},
		{"Flag", b(false), "false"},
		{"int8", intV(-128), "-128"},
		{"int64", intV(-1 << 63), "-9223372036854775808"},
		{"uint64", intV(-1), "18446744073709551615"},
		{"uint16", intV(65535), "65535"},
		{"int", intV(-7), "-7"},
		{"uintptr", intV(42), "42"},
		{"Celsius", intV(-40), "-40"},
		{"other.ID", intV(7), "7"},
		{"byte", intV('a'), "'a'"},
		{"byte", intV('\''), `'\''`},
		{"byte", intV(0), "0x00"},
		{"byte", intV(0xff), "0xff"},
		{"B", intV('z'), "'z'"},
		{"uint8", intV('a'), "97"},
		{"rune", intV('é'), "'é'"},
		{"rune", intV(0), `'\x00'`},
		{"rune", intV(0x2028), `'\u2028'`},
		{"rune", intV(0xD800), "55296"},
		{"rune", intV(-1), "-1"},
		{"rune", intV(0x110000), "1114112"},
		{"Letter", intV('x'), "'x'"},
		{"string", strV(""), `""`},
		{"string", strV("hello, world"), `"hello, world"`},
		{"string", strV("a\"b\\c\n\t"), `"a\"b\\c\n\t"`},
		{"string", strV("héllo, 世界"), `"héllo, 世界"`},
		{"string", strV("\xff\xfe\x00abc\xc3"), `"\xff\xfe\x00abc\xc3"`},
		{"string", strV("\u2028\U0001F600\x7f"), `"\u2028😀\x7f"`},
		{"Name", strV("x"), `"x"`},
		{"[]byte", nilV(), "nil"},
		{"[]byte", aggV(), "[]byte{}"},
		{"[]byte", bytesValue("GET /index.html\r\n"), `[]byte("GET /index.html\r\n")`},
		{"[]byte", bytesValue("héllo"), `[]byte("héllo")`},
		{"[]byte", bytesValue("ab\x00"), `[]byte{'a', 'b', 0x00}`},
		{"[]byte", bytesValue("\xff\xfe"), `[]byte{0xff, 0xfe}`},
		{"[]byte", bytesValue("\xc3"), `[]byte{0xc3}`},
		{"Bytes", bytesValue("hi"), `Bytes("hi")`},
		{"[]B", bytesValue("hi"), `[]B("hi")`},
		{"[]uint8", bytesValue("hi"), `[]uint8{104, 105}`},
		{"[]rune", aggV(intV('h'), intV('é'), intV(0xD800)), `[]rune{'h', 'é', 55296}`},
		{"[]int32", nilV(), "nil"},
		{"[]int32", aggV(), "[]int32{}"},
		{"[]int32", aggV(intV(1), intV(-2)), "[]int32{1, -2}"},
		{"[][]int", aggV(aggV(intV(1)), nilV(), aggV()), "[][]int{{1}, nil, {}}"},
		{"[][]byte", aggV(bytesValue("ab"), bytesValue("\x00")), `[][]byte{[]byte("ab"), {0x00}}`},
		{"[]P", aggV(aggV(intV(1), intV(0)), aggV(intV(0), intV(0))), "[]P{{X: 1}, {}}"},
		{"[]*P", aggV(ptrV(aggV(intV(0), intV(2))), nilV()), "[]*P{{Y: 2}, nil}"},
		{"[]string", aggV(strV("a"), strV("")), `[]string{"a", ""}`},
		{"[4]int16", aggV(intV(1), intV(0), intV(3), intV(0)), "[4]int16{1, 0, 3}"},
		{"[2]int32", aggV(intV(0), intV(0)), "[2]int32{}"},
		{"[2][2]bool", aggV(aggV(b(false), b(true)), aggV(b(false), b(false))), "[2][2]bool{{false, true}}"},
		{"P", aggV(intV(0), intV(0)), "P{}"},
		{"P", aggV(intV(3), intV(-4)), "P{X: 3, Y: -4}"},
		{"struct{ A int; B string }", aggV(intV(1), strV("b")), `struct{A int; B string}{A: 1, B: "b"}`},
		{"Inner", aggV(aggV(), nilV()), "Inner{A: []int8{}}"},
		{"Inner", aggV(nilV(), mapV()), "Inner{B: map[uint8]bool{}}"},
		{"Outer", aggV(aggV(aggV(intV(-1)), mapV(intV(2), b(true))), ptrV(aggV(intV(1), intV(2))), strV("n"),
			aggV(intV(5), strV("q")), aggV(aggV(intV(0), intV(0)), aggV(intV(0), intV(9)), aggV(intV(0), intV(0))), intV(0)),
			`Outer{Inner: Inner{A: []int8{-1}, B: map[uint8]bool{2: true}}, P: &P{X: 1, Y: 2}, name: "n", Q: other.Pt{X: 5, Y: "q"}, Arr: [3]P{{}, {Y: 9}}}`},
		{"*int32", nilV(), "nil"},
		{"*int32", ptrV(intV(5)), "new(int32(5))"},
		{"*int", ptrV(intV(5)), "new(5)"},
		{"*bool", ptrV(b(true)), "new(true)"},
		{"*Flag", ptrV(b(true)), "new(Flag(true))"},
		{"*string", ptrV(strV("s")), `new("s")`},
		{"*Name", ptrV(strV("s")), `new(Name("s"))`},
		{"*rune", ptrV(intV('a')), "new('a')"},
		{"*byte", ptrV(intV('a')), "new(byte('a'))"},
		{"*other.ID", ptrV(intV(3)), "new(other.ID(3))"},
		{"*P", ptrV(aggV(intV(0), intV(0))), "&P{}"},
		{"*[2]int8", ptrV(aggV(intV(1), intV(2))), "&[2]int8{1, 2}"},
		{"*[]int", ptrV(nilV()), "new([]int(nil))"},
		{"*[]int", ptrV(aggV(intV(1))), "&[]int{1}"},
		{"*[]byte", ptrV(bytesValue("ab")), `new([]byte("ab"))`},
		{"*M", ptrV(mapV(strV("k"), intV(1))), `&M{"k": 1}`},
		{"*M", ptrV(nilV()), "new(M(nil))"},
		{"**P", ptrV(nilV()), "new((*P)(nil))"},
		{"**P", ptrV(ptrV(aggV(intV(1), intV(0)))), "new(&P{X: 1})"},
		{"*Node", node(1, node(2, node(3, nilV()))), "&Node{V: 1, Next: &Node{V: 2, Next: &Node{V: 3}}}"},
		{"*Tree", ptrV(aggV(ptrV(aggV(nilV(), nilV(), strV("l"))), nilV(), strV("root"))), `&Tree{L: &Tree{K: "l"}, K: "root"}`},
		{"map[string]int", nilV(), "nil"},
		{"map[string]int", mapV(), "map[string]int{}"},
		{"map[string]int", mapV(strV("a"), intV(1), strV("b\n"), intV(-2)), `map[string]int{"a": 1, "b\n": -2}`},
		{"M", mapV(strV(""), intV(0)), `M{"": 0}`},
		{"map[P][]string", mapV(aggV(intV(1), intV(2)), aggV(strV("x")), aggV(intV(0), intV(0)), nilV()), `map[P][]string{{X: 1, Y: 2}: {"x"}, {}: nil}`},
		{"map[other.ID]*other.Pt", mapV(intV(1), ptrV(aggV(intV(0), strV("y"))), intV(2), nilV()), `map[other.ID]*other.Pt{1: {Y: "y"}, 2: nil}`},
		{"map[[2]bool]byte", mapV(aggV(b(true), b(false)), intV(0)), "map[[2]bool]byte{{true}: 0x00}"},
		{"map[*P]int", mapV(ptrV(aggV(intV(1), intV(0))), intV(1)), "map[*P]int{{X: 1}: 1}"},
		{"List[string]", aggV(strV("a"), ptrV(aggV(strV("b"), nilV()))), `List[string]{Head: "a", Rest: &List[string]{Head: "b"}}`},
		{"[]*Node", aggV(node(1, nilV()), node(2, node(3, nilV()))), "[]*Node{{V: 1}, {V: 2, Next: &Node{V: 3}}}"},
		// time.Time inputs (engine: seams.go): wall the nanoseconds, ext the
		// seconds since year 1 (any int64, wrapping), loc nil.
		{"time.Time", aggV(intV(0), intV(0), nilV()), "time.Time{}"},
		{"time.Time", aggV(intV(0), intV(unixToInternal), nilV()), "time.Unix(0, 0).UTC()"},
		{"time.Time", aggV(intV(999_999_999), intV(1), nilV()), "time.Unix(-62135596799, 999999999).UTC()"},
		{"time.Time", aggV(intV(7), intV(0), nilV()), "time.Unix(-62135596800, 7).UTC()"},
		{"time.Time", aggV(intV(1), intV(-1<<63), nilV()), "time.Unix(9223371974719179008, 1).UTC()"},
		{"time.Time", aggV(intV(0), intV(1<<63-1), nilV()), "time.Unix(9223371974719179007, 0).UTC()"},
		{"[]time.Time", aggV(aggV(intV(5), intV(unixToInternal+1767225600), nilV())), "[]time.Time{time.Unix(1767225600, 5).UTC()}"},
	}
}

// TestLiteralCompiles renders every case in the three pointer forms
// (new(v); the helper and the function literal of packages older than Go
// 1.26 and 1.18), compiles the literals in
// a test of package lt, and checks with reflect that each rebuilds exactly
// the value: every bit, byte, length, nil-ness, and capacity = length.
func TestLiteralCompiles(t *testing.T) {
	ck := checkPackages(t, litSources, "go1.26")
	lt := ck.pkgs["lt"]
	cases := litCases()
	f := newFile(lt)
	f.ptrName = "ptr_Lits"
	var body strings.Builder
	for _, mode := range []int{ptrNew, ptrHelper, ptrClosure} {
		f.ptrForm = mode
		fmt.Fprintf(&body, "\nfunc TestLiterals_form%d(t *testing.T) {\n", mode)
		for i, c := range cases {
			typ := ck.evalType(t, "lt", c.typ)
			lit := f.literal(c.v, typ)
			if mode == ptrNew && c.want != "" && lit != c.want {
				t.Errorf("Literal(%s) = %s, want %s", c.typ, lit, c.want)
			}
			T := f.typeName(typ)
			fmt.Fprintf(&body, "\t{\n\t\tvar v %s = %s\n\t\tcheck(t, %q, reflect.ValueOf(&v).Elem(), %s)\n", T, lit, fmt.Sprintf("%d %s", i, c.typ), treeJSON(t, c.v))
			// The same value behind a pointer: new(v) or the helper
			// (needing the value with its own type), or &T{...}.
			p := f.literal(ptrV(c.v), types.NewPointer(typ))
			fmt.Fprintf(&body, "\t\tvar p *%s = %s\n\t\tcheck(t, %q, reflect.ValueOf(&p).Elem(), %s)\n\t}\n", T, p, fmt.Sprintf("%d *%s", i, c.typ), treeJSON(t, ptrV(c.v)))
		}
		body.WriteString("}\n")
	}
	if f.err != nil {
		t.Fatal(f.err)
	}
	if !f.usedPtr {
		t.Error("the helper form was never used")
	}
	// The checker must catch a wrong literal: a few values against trees
	// that differ in one respect.
	bad := []struct{ typ, lit, tree string }{
		{"int8", "-1", treeJSON(t, intV(1))},
		{"[]int", "[]int{}", treeJSON(t, nilV())},
		{"[]int", "nil", treeJSON(t, aggV())},
		{"[]int", "make([]int, 1, 2)", treeJSON(t, aggV(intV(0)))},
		{"string", `"a\xff"`, treeJSON(t, strV("a\xfe"))},
		{"map[string]int", `map[string]int{"a": 1}`, treeJSON(t, mapV(strV("b"), intV(1)))},
		{"*P", "&P{}", treeJSON(t, ptrV(aggV(intV(0), intV(1))))},
	}
	body.WriteString("\nfunc TestCheckerCatches(t *testing.T) {\n")
	for i, b := range bad {
		fmt.Fprintf(&body, "\t{\n\t\tvar v %s = %s\n\t\tif err := match(reflect.ValueOf(&v).Elem(), tree(t, %s)); err == nil {\n\t\t\tt.Errorf(\"bad %d: %s matches a different tree\")\n\t\t}\n\t}\n", b.typ, b.lit, b.tree, i, b.typ)
	}
	body.WriteString("}\n")
	fmt.Fprintf(&body, "\n// %[1]s returns a pointer to a new variable holding v.\nfunc %[1]s[T any](v T) *T { return &v }\n", f.ptrName)
	f.std("encoding/json")
	f.std("fmt")
	f.std("reflect")
	f.std("testing")
	src := "package lt\n\n" + f.importBlock() + body.String() + checkerSource

	dir := t.TempDir()
	files := map[string][]byte{"lt/literals_test.go": []byte(src)}
	for n, d := range litSources {
		files[n] = d
	}
	writeModule(t, dir, files, "go1.26")
	events := goTest(t, dir, "-count=1", "./lt")
	for _, test := range []string{"TestLiterals_form0", "TestLiterals_form1", "TestLiterals_form2", "TestCheckerCatches"} {
		if r := result(events, importPath("lt"), test); r != "pass" {
			t.Errorf("%s: %q\n%s", test, r, testOutput(events, importPath("lt"), test))
		}
	}
	if t.Failed() {
		t.Logf("program:\n%s", src)
	}
}

// node is the checker's form of an engine.Value (Str as bytes, so that
// invalid UTF-8 survives JSON).
type node struct {
	Nil   bool   `json:",omitempty"`
	Bits  uint64 `json:",omitempty"`
	Str   []byte `json:",omitempty"`
	Elems []node `json:",omitempty"`
	Keys  []node `json:",omitempty"`
}

func toNode(v engine.Value) node {
	n := node{Nil: v.Nil, Bits: v.Bits, Str: []byte(v.Str)}
	for _, e := range v.Elems {
		n.Elems = append(n.Elems, toNode(e))
	}
	for _, k := range v.Keys {
		n.Keys = append(n.Keys, toNode(k))
	}
	return n
}

func treeJSON(t *testing.T, v engine.Value) string {
	b, err := json.Marshal(toNode(v))
	if err != nil {
		t.Fatal(err)
	}
	return strconv.Quote(string(b))
}

// checkerSource compares a reflect.Value with a tree, in the test program.
const checkerSource = `
type node struct {
	Nil   bool
	Bits  uint64
	Str   []byte
	Elems []node
	Keys  []node
}

func tree(t *testing.T, js string) node {
	var n node
	if err := json.Unmarshal([]byte(js), &n); err != nil {
		t.Fatal(err)
	}
	return n
}

func check(t *testing.T, name string, v reflect.Value, js string) {
	t.Helper()
	if err := match(v, tree(t, js)); err != nil {
		t.Errorf("%s: %v", name, err)
	}
}

func mask(v reflect.Value) uint64 {
	if v.Type().Size() == 8 {
		return ^uint64(0)
	}
	return 1<<(8*v.Type().Size()) - 1
}

func match(v reflect.Value, n node) error {
	switch v.Kind() {
	case reflect.Bool:
		if v.Bool() != (n.Bits&1 != 0) {
			return fmt.Errorf("%v, want bits %d", v.Bool(), n.Bits)
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if uint64(v.Int())&mask(v) != n.Bits&mask(v) {
			return fmt.Errorf("%d, want bits %#x", v.Int(), n.Bits)
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if v.Uint() != n.Bits&mask(v) {
			return fmt.Errorf("%d, want bits %#x", v.Uint(), n.Bits)
		}
	case reflect.String:
		if v.String() != string(n.Str) {
			return fmt.Errorf("%q, want %q", v.String(), n.Str)
		}
	case reflect.Array, reflect.Struct:
		l := v.Len
		if v.Kind() == reflect.Struct {
			l = v.NumField
		}
		if l() != len(n.Elems) {
			return fmt.Errorf("%d elements, want %d", l(), len(n.Elems))
		}
		for i := range n.Elems {
			e := v.Field
			if v.Kind() == reflect.Array {
				e = v.Index
			}
			if err := match(e(i), n.Elems[i]); err != nil {
				return fmt.Errorf("[%d]: %v", i, err)
			}
		}
	case reflect.Slice:
		if v.IsNil() != n.Nil {
			return fmt.Errorf("nil %v, want %v", v.IsNil(), n.Nil)
		}
		if v.Len() != len(n.Elems) || v.Cap() != v.Len() {
			return fmt.Errorf("len %d cap %d, want len and cap %d", v.Len(), v.Cap(), len(n.Elems))
		}
		for i := range n.Elems {
			if err := match(v.Index(i), n.Elems[i]); err != nil {
				return fmt.Errorf("[%d]: %v", i, err)
			}
		}
	case reflect.Map:
		if v.IsNil() != n.Nil {
			return fmt.Errorf("nil %v, want %v", v.IsNil(), n.Nil)
		}
		if v.Len() != len(n.Keys) {
			return fmt.Errorf("%d entries, want %d", v.Len(), len(n.Keys))
		}
	keys:
		for i, k := range n.Keys {
			for it := v.MapRange(); it.Next(); {
				if match(it.Key(), k) == nil {
					if err := match(it.Value(), n.Elems[i]); err != nil {
						return fmt.Errorf("entry %d: %v", i, err)
					}
					continue keys
				}
			}
			return fmt.Errorf("no entry for key %d", i)
		}
	case reflect.Pointer:
		if v.IsNil() != n.Nil {
			return fmt.Errorf("nil %v, want %v", v.IsNil(), n.Nil)
		}
		if !n.Nil {
			return match(v.Elem(), n.Elems[0])
		}
	default:
		return fmt.Errorf("unexpected kind %s", v.Kind())
	}
	return nil
}
`

// TestOpaqueZeroLiteral: the zero value of an opaque type is T{} for a
// mirrored struct (sync.Mutex) and nil for a mirrored interface
// (reflect.Type, whose mirror is a struct in the IR): BurntSushi/toml's
// emitted test wrote reflect.Type{} and did not build.
func TestOpaqueZeroLiteral(t *testing.T) {
	ck := checkPackages(t, litSources, "go1.26")
	f := newFile(ck.pkgs["lt"])
	zero := engine.Value{Type: &ir.Type{Kind: ir.KStruct, Opaque: true, Fields: []ir.StructField{{Name: "x", Type: ir.I64}}}, Elems: []engine.Value{{Type: ir.I64}}}
	for typ, want := range map[string]string{"KV": "nil", "P": "P{}"} {
		if got := f.literal(zero, ck.evalType(t, "lt", typ)); got != want {
			t.Errorf("the zero value of an opaque %s: %s, want %s", typ, got, want)
		}
	}
	if f.err != nil {
		t.Fatal(f.err)
	}
}

// TestTypeNameBeforeAny: in a package older than Go 1.18, a type written
// with any (fs.FileInfo's Sys() any, a stub's field) is written with
// interface{}; from Go 1.18 on, as Go writes it. doublestar (go 1.16):
// "predeclared any requires go1.18 or later".
func TestTypeNameBeforeAny(t *testing.T) {
	src := map[string][]byte{"a/a.go": []byte("package a\n\nimport \"io/fs\"\n\nvar _ fs.FileInfo\n\ntype any = int\n")}
	for _, c := range []struct{ version, want string }{
		{"go1.16", "struct{f func() interface{}; m map[interface{}][]*interface{}; n any}"},
		{"go1.18", "struct{f func() any; m map[any][]*any; n any}"},
	} {
		ck := checkPackages(t, src, c.version)
		f := newFile(ck.pkgs["a"])
		fi := ck.pkgs["a"].Scope().Lookup("any") // the package's own any is kept
		sys := types.Universe.Lookup("any").Type()
		st := types.NewStruct([]*types.Var{
			types.NewField(0, nil, "f", types.NewSignatureType(nil, nil, nil, nil, types.NewTuple(types.NewParam(0, nil, "", sys)), false), false),
			types.NewField(0, nil, "m", types.NewMap(sys, types.NewSlice(types.NewPointer(sys))), false),
			types.NewField(0, nil, "n", fi.Type(), false),
		}, nil)
		if got := f.typeName(st); got != c.want {
			t.Errorf("%s: %s, want %s", c.version, got, c.want)
		}
	}
}
