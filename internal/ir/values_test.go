// Tests of the value types: identity and validity on recursive types, sizes
// against go/types, and the program-level sanity rules (globals, init, type names).

package ir

import (
	gotoken "go/token"
	"go/types"
	"testing"
)

// list returns a fresh "type <name> struct{V i64; Next *<name>}".
func list(name string) *Type {
	n := &Type{Kind: KStruct, Name: name}
	n.Fields = []StructField{{Name: "V", Type: I64}, {Name: "Next", Type: PointerTo(n)}}
	return n
}

func TestIdenticalRecursive(t *testing.T) {
	a, b := list("Node"), list("Node")
	other := list("Elem") // the same structure under another name
	unnamed := &Type{Kind: KStruct, Fields: []StructField{{Name: "V", Type: I64}, {Name: "Next", Type: PointerTo(a)}}}
	different := &Type{Kind: KStruct, Name: "Bad"}
	different.Fields = []StructField{{Name: "V", Type: I32}, {Name: "Next", Type: PointerTo(different)}}
	tests := []struct {
		x, y *Type
		want bool
	}{
		{a, b, true},
		{a, other, true},
		{other, unnamed, true},
		{PointerTo(a), PointerTo(other), true},
		{SliceOf(a), SliceOf(other), true},
		{a, different, false},
		{other, different, false},
		{&Type{Kind: KMap, Key: String, Elem: a}, &Type{Kind: KMap, Key: String, Elem: other}, true},
		{&Type{Kind: KMap, Key: String, Elem: a}, &Type{Kind: KMap, Key: I64, Elem: a}, false},
		{IterOf(String), IterOf(&Type{Kind: KString, Name: "S"}), true},
		{SliceOf(U8), String, false},
		{&Type{Kind: KInt, Width: 16, Signed: true, Name: "Celsius"}, I16, true},
		{&Type{Kind: KInt, Width: 16, Name: "Celsius"}, I16, false},
	}
	for _, tt := range tests {
		if got := Identical(tt.x, tt.y); got != tt.want {
			t.Errorf("Identical(%s, %s) = %v, want %v", tt.x.Decl(), tt.y, got, tt.want)
		}
		if got := Identical(tt.y, tt.x); got != tt.want {
			t.Errorf("Identical(%s, %s) = %v, want %v (asymmetric)", tt.y, tt.x, got, tt.want)
		}
	}
}

func TestValidType(t *testing.T) {
	direct := &Type{Kind: KStruct, Name: "T"}
	direct.Fields = []StructField{{Name: "x", Type: &Type{Kind: KArray, Len: 2, Elem: direct}}}
	unnamed := &Type{Kind: KStruct}
	unnamed.Fields = []StructField{{Name: "p", Type: PointerTo(unnamed)}}
	viaMap := &Type{Kind: KMap, Key: String, Name: "M"}
	viaMap.Elem = viaMap
	tests := []struct {
		t    *Type
		want string
	}{
		{list("Node"), ""},
		{viaMap, ""},
		{direct, "invalid recursive type T"},
		{unnamed, "cycle of unnamed types"},
		{&Type{Kind: KMap, Key: SliceOf(U8), Elem: I64}, "map key type []u8 is not comparable"},
		{IterOf(I64), "iterator over i64, not a string or a map"},
		{&Type{Kind: KInt, Width: 7}, "integer width 7"},
	}
	for _, tt := range tests {
		if got := validType(tt.t); got != tt.want {
			t.Errorf("validType(%s) = %q, want %q", tt.t, got, tt.want)
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
		p, err := Parse("t.ir", []byte("func F(x "+tt.ir+") {\n\treturn\n}\n"))
		if err != nil {
			t.Fatalf("%s: %v", tt.ir, err)
		}
		typ := p.Funcs[0].Params[0].Typ
		tv, err := types.Eval(gotoken.NewFileSet(), nil, gotoken.NoPos, tt.goType)
		if err != nil {
			t.Fatalf("%s: %v", tt.goType, err)
		}
		want := sizes.Sizeof(tv.Type)
		if got := SizeOf(typ); got != want {
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
		{"global index", func(p *Program) {
			p.Globals[0].Index = 1
		}, "$head: global has Index 1 but is Globals[0]"},
		{"global not listed", func(p *Program) {
			p.Globals = p.Globals[:1]
		}, "F: b0: %1 = load $n: global $n is not in Program.Globals"},
		{"global not a pointer", func(p *Program) {
			p.Globals[1].Typ = I64
		}, "$n: global of type i64, not a pointer"},
		{"duplicate global", func(p *Program) {
			p.Globals[1].Ident = "head"
		}, "$head: duplicate global"},
		{"init with params", func(p *Program) {
			p.Init = p.Func("F")
		}, "F: Program.Init has parameters or results"},
		{"init not in program", func(p *Program) {
			p.Init = &Function{Name: "other"}
		}, "other: Program.Init is not a function of the program"},
		{"type name for two types", func(p *Program) {
			p.Func("F").Params[0].Typ = &Type{Kind: KString, Name: "Node"}
		}, "type name Node stands for two different types"},
		{"string contents on an integer", func(p *Program) {
			p.Func("F").Blocks[0].Instrs[2].(*BinOp).X = &Const{Typ: I64, Str: "x"}
		}, "i64 constant with string contents"},
		{"constant of an iterator type", func(p *Program) {
			p.Func("F").Blocks[0].Instrs[1].(*Len).X = &Const{Typ: IterOf(String)}
		}, "no constant of type iter[string]"},
		{"next of a non-iterator", func(p *Program) {
			f := p.Func("F")
			n := &Next{Iter: f.Params[0]}
			NewRegister(n, 9, NextType(String))
			SetBlock(n, f.Blocks[0])
			f.Blocks[0].Instrs = append([]Instr{n}, f.Blocks[0].Instrs...)
		}, "next of string, not an iterator"},
		{"builtin arity", func(p *Program) {
			f := p.Func("F")
			n := &Builtin{Fn: Clear, Args: []Value{f.Params[0], f.Params[0]}}
			NewRegister(n, 9, TupleOf())
			SetBlock(n, f.Blocks[0])
			f.Blocks[0].Instrs = append([]Instr{n}, f.Blocks[0].Instrs...)
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
	prog := &Program{}
	g := &Global{Ident: "head", Typ: PointerTo(PointerTo(node)), Index: 0}
	prog.Globals = []*Global{g}
	f := &Function{Name: "Head", Results: []*Type{PointerTo(node)}, Prog: prog}
	b := &Block{Func: f}
	ld := &Load{Ptr: g}
	NewRegister(ld, 0, PointerTo(node))
	b.Append(ld)
	b.Append(&Return{Results: []Value{ld}})
	f.Blocks = []*Block{b}
	init := &Function{Name: "init", Prog: prog}
	ib := &Block{Func: init}
	al := &Alloc{}
	NewRegister(al, 0, PointerTo(node))
	ib.Append(al)
	ib.Append(&Store{Ptr: g, Val: al})
	ib.Append(&Return{})
	init.Blocks = []*Block{ib}
	prog.Funcs, prog.Init = []*Function{f, init}, init
	if err := Check(prog); err != nil {
		t.Fatal(err)
	}
	text := Print(prog)
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
	p2, err := Parse("p.ir", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	if got := Print(p2); got != text {
		t.Errorf("round trip:\n%s", got)
	}
	if p2.Init != p2.Func("init") || len(p2.Globals) != 1 {
		t.Errorf("Init %v, Globals %v", p2.Init, p2.Globals)
	}
	if sz := p2.Funcs[0].Results[0].Elem.Size; sz != 16 {
		t.Errorf("parsed Node has Size %d, want 16", sz)
	}
}
