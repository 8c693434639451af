// Tests of the value types: identity and validity on recursive types, sizes
// against go/types, and the program-level sanity rules (globals, init, type names).

package ir_test

import (
	gotoken "go/token"
	"go/types"
	"testing"

	"leapfrog/internal/ir"
	"leapfrog/internal/irparse"
)

// list returns a fresh "type <name> struct{V i64; Next *<name>}".
func list(name string) *ir.Type {
	n := &ir.Type{Kind: ir.KStruct, Name: name}
	n.Fields = []ir.StructField{{Name: "V", Type: ir.I64}, {Name: "Next", Type: ir.PointerTo(n)}}
	return n
}

func TestIdenticalRecursive(t *testing.T) {
	a, b := list("Node"), list("Node")
	other := list("Elem") // the same structure under another name
	unnamed := &ir.Type{Kind: ir.KStruct, Fields: []ir.StructField{{Name: "V", Type: ir.I64}, {Name: "Next", Type: ir.PointerTo(a)}}}
	different := &ir.Type{Kind: ir.KStruct, Name: "Bad"}
	different.Fields = []ir.StructField{{Name: "V", Type: ir.I32}, {Name: "Next", Type: ir.PointerTo(different)}}
	tests := []struct {
		x, y *ir.Type
		want bool
	}{
		{a, b, true},
		{a, other, true},
		{other, unnamed, true},
		{ir.PointerTo(a), ir.PointerTo(other), true},
		{ir.SliceOf(a), ir.SliceOf(other), true},
		{a, different, false},
		{other, different, false},
		{&ir.Type{Kind: ir.KMap, Key: ir.String, Elem: a}, &ir.Type{Kind: ir.KMap, Key: ir.String, Elem: other}, true},
		{&ir.Type{Kind: ir.KMap, Key: ir.String, Elem: a}, &ir.Type{Kind: ir.KMap, Key: ir.I64, Elem: a}, false},
		{ir.IterOf(ir.String), ir.IterOf(&ir.Type{Kind: ir.KString, Name: "S"}), true},
		{ir.SliceOf(ir.U8), ir.String, false},
		{&ir.Type{Kind: ir.KInt, Width: 16, Signed: true, Name: "Celsius"}, ir.I16, true},
		{&ir.Type{Kind: ir.KInt, Width: 16, Name: "Celsius"}, ir.I16, false},
	}
	for _, tt := range tests {
		if got := ir.Identical(tt.x, tt.y); got != tt.want {
			t.Errorf("Identical(%s, %s) = %v, want %v", tt.x.Decl(), tt.y, got, tt.want)
		}
		if got := ir.Identical(tt.y, tt.x); got != tt.want {
			t.Errorf("Identical(%s, %s) = %v, want %v (asymmetric)", tt.y, tt.x, got, tt.want)
		}
	}
}

func TestValidType(t *testing.T) {
	direct := &ir.Type{Kind: ir.KStruct, Name: "T"}
	direct.Fields = []ir.StructField{{Name: "x", Type: &ir.Type{Kind: ir.KArray, Len: 2, Elem: direct}}}
	unnamed := &ir.Type{Kind: ir.KStruct}
	unnamed.Fields = []ir.StructField{{Name: "p", Type: ir.PointerTo(unnamed)}}
	viaMap := &ir.Type{Kind: ir.KMap, Key: ir.String, Name: "M"}
	viaMap.Elem = viaMap
	tests := []struct {
		t    *ir.Type
		want string
	}{
		{list("Node"), ""},
		{viaMap, ""},
		{direct, "invalid recursive type T"},
		{unnamed, "cycle of unnamed types"},
		{&ir.Type{Kind: ir.KMap, Key: ir.SliceOf(ir.U8), Elem: ir.I64}, "map key type []u8 is not comparable"},
		{ir.IterOf(ir.I64), "iterator over i64, not a string or a map"},
		{&ir.Type{Kind: ir.KInt, Width: 7}, "integer width 7"},
	}
	for _, tt := range tests {
		if got := ir.ValidType(tt.t); got != tt.want {
			t.Errorf("ValidType(%s) = %q, want %q", tt.t, got, tt.want)
		}
	}
	if got := unnamed.String(); got != "struct{p *<cycle>}" {
		t.Errorf("String of an unnamed cycle = %q", got)
	}
}

// TestSizeOf compares SizeOf with go/types' gc sizes on amd64 for the Go
// spelling of each IR type.
func TestSizeOf(t *testing.T) {
	sizes := types.SizesFor("gc", "amd64")
	tests := []struct{ ir, goType string }{
		{"bool", "bool"},
		{"i16", "int16"},
		{"u64", "uint64"},
		{"string", "string"},
		{"[]u8", "[]byte"},
		{"map[string]i64", "map[string]int"},
		{"*i8", "*int8"},
		{"[3]i16", "[3]int16"},
		{"[0]i64", "[0]int64"},
		{"struct{}", "struct{}"},
		{"struct{a i8; b i64; c i8}", "struct{a int8; b int64; c int8}"},
		{"struct{a i32; b struct{}}", "struct{a int32; b struct{}}"},
		{"struct{a struct{}; b i16}", "struct{a struct{}; b int16}"},
		{"struct{s string; b bool}", "struct{s string; b bool}"},
		{"[2]struct{a i8; b i16}", "[2]struct{a int8; b int16}"},
		{"struct{a [0]i64; b i8; c [0]i64}", "struct{a [0]int64; b int8; c [0]int64}"},
	}
	for _, tt := range tests {
		p, err := irparse.Parse("t.ir", []byte("func F(x "+tt.ir+") {\n\treturn\n}\n"))
		if err != nil {
			t.Fatalf("%s: %v", tt.ir, err)
		}
		typ := p.Funcs[0].Params[0].Typ
		tv, err := types.Eval(gotoken.NewFileSet(), nil, gotoken.NoPos, tt.goType)
		if err != nil {
			t.Fatalf("%s: %v", tt.goType, err)
		}
		want := sizes.Sizeof(tv.Type)
		if got := ir.SizeOf(typ); got != want {
			t.Errorf("SizeOf(%s) = %d, want %d", tt.ir, got, want)
		}
		if typ.Size != want {
			t.Errorf("parsed %s has Size %d, want %d", tt.ir, typ.Size, want)
		}
	}
}

const valuesBase = `
type Node struct{V i64; Next *Node}
var $head *Node
var $n i64

func F(s string) i64 {
	%1 = load $n
	%2 = len s
	%3 = add %1, %2
	return %3
}

init func init() {
	store $n, 1
	return
}
`

func TestCheckProgramValues(t *testing.T) {
	tests := []breakTest{
		{"global index", func(p *ir.Program) {
			p.Globals[0].Index = 1
		}, "$head: global has Index 1 but is Globals[0]"},
		{"global not listed", func(p *ir.Program) {
			p.Globals = p.Globals[:1]
		}, "F: b0: %1 = load $n: global $n is not in Program.Globals"},
		{"global not a pointer", func(p *ir.Program) {
			p.Globals[1].Typ = ir.I64
		}, "$n: global of type i64, not a pointer"},
		{"duplicate global", func(p *ir.Program) {
			p.Globals[1].Ident = "head"
		}, "$head: duplicate global"},
		{"init with params", func(p *ir.Program) {
			p.Init = p.Func("F")
		}, "F: Program.Init has parameters or results"},
		{"init not in program", func(p *ir.Program) {
			p.Init = &ir.Function{Name: "other"}
		}, "other: Program.Init is not a function of the program"},
		{"type name for two types", func(p *ir.Program) {
			p.Func("F").Params[0].Typ = &ir.Type{Kind: ir.KString, Name: "Node"}
		}, "type name Node stands for two different types"},
		{"string contents on an integer", func(p *ir.Program) {
			p.Func("F").Blocks[0].Instrs[2].(*ir.BinOp).X = &ir.Const{Typ: ir.I64, Str: "x"}
		}, "i64 constant with string contents"},
		{"constant of an iterator type", func(p *ir.Program) {
			p.Func("F").Blocks[0].Instrs[1].(*ir.Len).X = &ir.Const{Typ: ir.IterOf(ir.String)}
		}, "no constant of type iter[string]"},
		{"next of a non-iterator", func(p *ir.Program) {
			f := p.Func("F")
			n := &ir.Next{Iter: f.Params[0]}
			ir.NewRegister(n, 9, ir.NextType(ir.String))
			ir.SetBlock(n, f.Blocks[0])
			f.Blocks[0].Instrs = append([]ir.Instr{n}, f.Blocks[0].Instrs...)
		}, "next of string, not an iterator"},
		{"builtin arity", func(p *ir.Program) {
			f := p.Func("F")
			n := &ir.Builtin{Fn: ir.Clear, Args: []ir.Value{f.Params[0], f.Params[0]}}
			ir.NewRegister(n, 9, ir.TupleOf())
			ir.SetBlock(n, f.Blocks[0])
			f.Blocks[0].Instrs = append([]ir.Instr{n}, f.Blocks[0].Instrs...)
		}, "clear with 2 arguments, want 1"},
	}
	checkBroken(t, valuesBase, tests)
}

// TestPrintBuiltProgram prints a program built in Go (as the frontend
// builds them) with a recursive named type, a global and Init, and parses
// it back: the same text, and the same sizes.
func TestPrintBuiltProgram(t *testing.T) {
	node := list("Node")
	node.Size = 16
	prog := &ir.Program{}
	g := &ir.Global{Ident: "head", Typ: ir.PointerTo(ir.PointerTo(node)), Index: 0}
	prog.Globals = []*ir.Global{g}
	f := &ir.Function{Name: "Head", Results: []*ir.Type{ir.PointerTo(node)}, Prog: prog}
	b := &ir.Block{Func: f}
	ld := &ir.Load{Ptr: g}
	ir.NewRegister(ld, 0, ir.PointerTo(node))
	b.Append(ld)
	b.Append(&ir.Return{Results: []ir.Value{ld}})
	f.Blocks = []*ir.Block{b}
	init := &ir.Function{Name: "init", Prog: prog}
	ib := &ir.Block{Func: init}
	al := &ir.Alloc{}
	ir.NewRegister(al, 0, ir.PointerTo(node))
	ib.Append(al)
	ib.Append(&ir.Store{Ptr: g, Val: al})
	ib.Append(&ir.Return{})
	init.Blocks = []*ir.Block{ib}
	prog.Funcs, prog.Init = []*ir.Function{f, init}, init
	if err := ir.Check(prog); err != nil {
		t.Fatal(err)
	}
	text := ir.Print(prog)
	want := `type Node struct{V i64; Next *Node}
var $head *Node

func Head() *Node {
b0:
	%0 = load $head
	return %0
}

init func init() {
b0:
	%0 = alloc Node
	store $head, %0
	return
}
`
	if text != want {
		t.Fatalf("Print:\n%s\nwant:\n%s", text, want)
	}
	p2, err := irparse.Parse("p.ir", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	if got := ir.Print(p2); got != text {
		t.Errorf("round trip:\n%s", got)
	}
	if p2.Init != p2.Func("init") || len(p2.Globals) != 1 {
		t.Errorf("Init %v, Globals %v", p2.Init, p2.Globals)
	}
	if sz := p2.Funcs[0].Results[0].Elem.Size; sz != 16 {
		t.Errorf("parsed Node has Size %d, want 16", sz)
	}
}
