// The cache against real analyses: entries read back exactly, corrupt ones refused, keys that change with what an analysis reads and only then.

package cache

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"leapfrog/internal/analysis"
	"leapfrog/internal/engine"
	"leapfrog/internal/ir"
	"leapfrog/internal/lower"
	"leapfrog/internal/report"
	"leapfrog/internal/search"
)

const src = `package p

type Node struct {
	Val  int
	Next *Node
}

func Len(n *Node) int {
	c := 0
	for ; n != nil; n = n.Next {
		if n.Val < 0 {
			return -1
		}
		c++
	}
	return c
}

func Name(s string) string {
	if s == "\xff\xfe" {
		return "bad"
	}
	if len(s) > 2 {
		return s[:2]
	}
	return s
}

func helper(x int) int {
	if x > 5 {
		return 1
	}
	return 0
}

func Uses(x int) int { return helper(x) + 1 }

func Other(x int) bool { return x == 3 }
`

var names = []string{"Len", "Name", "Uses", "Other"}

// load lowers the functions of src (edited by the replacer) in a module of
// its own.
func load(t *testing.T, r *strings.Replacer) map[string]analysis.Target {
	t.Helper()
	dir := t.TempDir()
	s := src
	if r != nil {
		s = r.Replace(s)
	}
	for name, data := range map[string]string{"go.mod": "module example.com/p\n\ngo 1.22\n", "p.go": s} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res, err := lower.Load(dir, names)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Errors) > 0 {
		t.Fatal(res.Errors)
	}
	ts := map[string]analysis.Target{}
	for _, lt := range res.Targets {
		ts[lt.Name] = analysis.Target{Target: lt, Package: "example.com/p"}
	}
	return ts
}

func open(t *testing.T) *Cache {
	t.Helper()
	c, err := Open(filepath.Join(t.TempDir(), "cache"), "test")
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func settings() Settings { return Settings{Config: analysis.Defaults()} }

// TestStoreLoad stores real analyses (a recursive input type, strings of
// any bytes) and reads them back equal, field for field.
func TestStoreLoad(t *testing.T) {
	ts := load(t, nil)
	c := open(t)
	for _, name := range names {
		tg := ts[name]
		res, err := analysis.Analyze(context.Background(), tg, settings().Config)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Kept()) == 0 {
			t.Fatalf("%s: no case", name)
		}
		k, err := c.FuncKey(tg, settings(), nil)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := c.Load(k); got != nil || err != nil {
			t.Fatalf("%s: before Store: %v, %v", name, got, err)
		}
		if err := c.Store(k, res); err != nil {
			t.Fatal(err)
		}
		got, err := c.Load(k)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, res) {
			t.Errorf("%s: read back differs from what was stored", name)
		}
	}
}

// TestCodec writes values whose details a looser encoding loses: nil and
// empty slices, strings that are not UTF-8, NaN's bits, a type that points
// at itself, maps.
func TestCodec(t *testing.T) {
	node := &ir.Type{Kind: ir.KStruct, Name: "Node", ReflectName: "p.Node"}
	ptr := &ir.Type{Kind: ir.KPointer, Elem: node}
	node.Fields = []ir.StructField{{Name: "Next", Type: ptr}, {Name: "E", Type: &ir.Type{Kind: ir.KSlice, Elem: ptr}, Embedded: true}}
	type value struct {
		V    engine.Value
		Vs   []engine.Value
		F    float64
		F32  float32
		M    map[string][]int
		S    []string
		P    *search.Branch
		Zero []int
	}
	in := value{
		V:    engine.Value{Type: ptr, Elems: []engine.Value{{Type: node, Str: "\xff\x00é", Elems: []engine.Value{}}}, Bits: math.MaxUint64},
		Vs:   []engine.Value{},
		F:    math.Float64frombits(0x7ff8000000000001),
		F32:  float32(math.Inf(-1)),
		M:    map[string][]int{"b": nil, "a": {}, "": {-1, math.MinInt64}},
		S:    []string{"", "x"},
		P:    &search.Branch{Verdict: report.Unreachable, Conflict: []string{}, Pos: ir.Pos{File: "p.go", Line: 3, Col: 5}},
		Zero: nil,
	}
	data, err := encode(&in)
	if err != nil {
		t.Fatal(err)
	}
	var out value
	if err := decode(data, &out); err != nil {
		t.Fatal(err)
	}
	if math.Float64bits(out.F) != 0x7ff8000000000001 {
		t.Errorf("NaN bits %x", math.Float64bits(out.F))
	}
	in.F, out.F = 0, 0 // NaN is not DeepEqual to itself
	if !reflect.DeepEqual(in, out) {
		t.Fatalf("round trip:\n%#v\n%#v", in, out)
	}
	if out.V.Type.Elem.Fields[0].Type != out.V.Type {
		t.Error("the type's cycle is not one type")
	}
	// Every prefix is refused, never a panic or a half value taken.
	for n := 0; n < len(data); n++ {
		var v value
		if err := decode(data[:n], &v); err == nil {
			t.Errorf("%d of %d bytes decoded", n, len(data))
		}
	}
}

// TestCorrupt: a damaged entry is an error naming it, never a result.
func TestCorrupt(t *testing.T) {
	ts := load(t, nil)
	c := open(t)
	tg := ts["Other"]
	res, err := analysis.Analyze(context.Background(), tg, settings().Config)
	if err != nil {
		t.Fatal(err)
	}
	k, _ := c.FuncKey(tg, settings(), nil)
	if err := c.Store(k, res); err != nil {
		t.Fatal(err)
	}
	good, err := os.ReadFile(c.path(k))
	if err != nil {
		t.Fatal(err)
	}
	for _, damage := range []func([]byte) []byte{
		func(b []byte) []byte { return b[:len(b)/2] },
		func(b []byte) []byte { b[len(b)/2] ^= 1; return b },
		func(b []byte) []byte { b[len(magic)] ^= 1; return b }, // another key's entry
		func(b []byte) []byte { return nil },
	} {
		if err := os.WriteFile(c.path(k), damage(append([]byte(nil), good...)), 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := c.Load(k)
		if got != nil || err == nil || !strings.Contains(err.Error(), c.path(k)) {
			t.Errorf("damaged entry: %v, %v", got, err)
		}
	}
}

// TestKeys: a key changes with what the analysis reads (its code, its
// callees' code, the settings, an outcome given to one of its objectives)
// and not with what it does not (another function, an outcome given
// elsewhere).
func TestKeys(t *testing.T) {
	c := open(t)
	before := load(t, nil)
	after := load(t, strings.NewReplacer("x > 5", "x > 6")) // helper, called by Uses
	key := func(tg analysis.Target, s Settings, given []search.Given) Key {
		k, err := c.FuncKey(tg, s, given)
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
	for _, name := range names {
		same := key(before[name], settings(), nil) == key(after[name], settings(), nil)
		if same != (name != "Uses") {
			t.Errorf("%s: key unchanged: %v after its callee changed", name, same)
		}
	}
	other := before["Name"]
	k := key(other, settings(), nil)
	s := settings()
	s.Config.KBound++
	if key(other, s, nil) == k {
		t.Error("-kbound is not in the key")
	}
	s = settings()
	s.Budget++
	if key(other, s, nil) == k {
		t.Error("the budget is not in the key")
	}
	s = settings()
	s.Config.OnRun = func(int, int, int) {}
	if key(other, s, nil) != k {
		t.Error("the progress callback is in the key")
	}
	objs := search.Objectives(other.Func)
	obj := objs[len(objs)-1]
	theirs := search.Given{Pos: obj.Pos(), Outcome: obj.Outcome, Branch: search.Branch{Verdict: report.Covered, Tests: []string{"TestName"}}}
	if key(other, settings(), []search.Given{theirs}) == k {
		t.Error("an outcome given to an objective is not in the key")
	}
	elsewhere := theirs
	elsewhere.Pos.Line += 100
	if key(other, settings(), []search.Given{elsewhere}) != k {
		t.Error("an outcome given where the function has no objective changes its key")
	}
	// Whether a variable of function type is assigned by the package (a
	// function maybe outside the program) decides whether it is a seam.
	prog := *other.Prog
	g := &ir.Global{Ident: "now", Typ: ir.PointerTo(&ir.Type{Kind: ir.KFunc, Size: 8}), Index: len(prog.Globals)}
	prog.Globals = append(append([]*ir.Global(nil), prog.Globals...), g)
	withVar := other
	withVar.Prog = &prog
	unassigned := key(withVar, settings(), nil)
	g.Assigned = true
	if key(withVar, settings(), nil) == unassigned {
		t.Error("whether a package-level variable is assigned is not in the key")
	}
	// Session.Give takes the first given at an outcome: so does the key.
	renamed := theirs
	renamed.Branch.Tests = []string{"TestElse"}
	if key(other, settings(), []search.Given{theirs, renamed}) != key(other, settings(), []search.Given{theirs}) {
		t.Error("a second outcome given at the same objective changes the key")
	}
}

// TestConcurrent: runs storing and loading one key at once never see a
// part of an entry: each load finds none or the whole result.
func TestConcurrent(t *testing.T) {
	ts := load(t, nil)
	c := open(t)
	tg := ts["Name"]
	res, err := analysis.Analyze(context.Background(), tg, settings().Config)
	if err != nil {
		t.Fatal(err)
	}
	k, _ := c.FuncKey(tg, settings(), nil)
	errs := make(chan error, 16)
	for i := 0; i < 8; i++ {
		go func() { errs <- c.Store(k, res) }()
		go func() {
			got, err := c.Load(k)
			if err == nil && got != nil && !reflect.DeepEqual(got, res) {
				err = errCorrupt
			}
			errs <- err
		}()
	}
	for i := 0; i < 16; i++ {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	if m, _ := filepath.Glob(filepath.Join(c.Dir(), "*", ".tmp-*")); len(m) > 0 {
		t.Errorf("temporary files left: %v", m)
	}
}
