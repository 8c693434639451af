// Sanity checker tests: valid programs broken on purpose, one rule at a time.

package ir

import (
	"strings"
	"testing"
)

const sanityBase = `
func F(x i32, c bool) i32 @f.go:1:1 {
b0:
	%1 = add x, 1
	%2 = lt %1, 10
	if %2 b1 b2 @f.go:2:1
b1:
	%3 = alloc i32
	store %3, %1
	%4 = load %3
	jump b3
b2:
	%5 = call G(x)
	if c b3 b4 @f.go:3:1
b3:
	%6 = phi [b1: %4, b2: %5]
	return %6
b4:
	panic "p" @f.go:4:1
}

func G(a i32) i32 {
b0:
	return a
}
`

type bogus struct{ anInstr }

func (*bogus) Operands() []Value { return nil }

func TestCheck(t *testing.T) {
	blk := func(p *Program, f string, i int) *Block { return p.Func(f).Blocks[i] }
	instr := func(p *Program, f string, b, i int) Instr { return blk(p, f, b).Instrs[i] }
	tests := []breakTest{
		{"missing terminator", func(p *Program) {
			b := blk(p, "F", 1)
			b.Instrs = b.Instrs[:len(b.Instrs)-1]
		}, "F: b1: %4 = load %3: block does not end with a terminator"},
		{"terminator inside", func(p *Program) {
			b := blk(p, "F", 1)
			b.Instrs[0], b.Instrs[3] = b.Instrs[3], b.Instrs[0]
		}, "F: b1: jump b3: terminator before the end of the block"},
		{"phi not first", func(p *Program) {
			b := blk(p, "F", 3)
			c := &BinOp{Op: Add, X: p.Func("F").Params[0], Y: p.Func("F").Params[0]}
			NewRegister(c, 99, I32)
			c.setBlock(b)
			b.Instrs = append([]Instr{c}, b.Instrs...)
		}, "F: b3: %6 = phi [b1: %4, b2: %5]: phi after a non-phi instruction"},
		{"phi edge count", func(p *Program) {
			phi := instr(p, "F", 3, 0).(*Phi)
			phi.Edges = phi.Edges[:1]
		}, "F: b3: %6 = phi [b1: %4]: phi has 1 edges, block has 2 predecessors"},
		{"if with one successor", func(p *Program) {
			b := blk(p, "F", 0)
			b.Succs = b.Succs[:1]
		}, "F: b0: if %2 b1 <nosucc> @f.go:2:1: block has 1 successors, want 2"},
		{"preds not mirrored", func(p *Program) {
			b := blk(p, "F", 3)
			b.Preds = []*Block{b.Preds[0], b.Preds[0]}
		}, "F: b2: successor b3 does not list b2 as predecessor"},
		{"binop types", func(p *Program) {
			instr(p, "F", 0, 0).(*BinOp).Y = &Const{Typ: I64, Val: 1}
		}, "F: b0: %1 = add x, 1:i64: operand types differ: i32 and i64"},
		{"comparison yields bool", func(p *Program) {
			NewRegister(instr(p, "F", 0, 1), 2, I32)
		}, "F: b0: %2 = lt %1, 10:i32: result type i32, want bool"},
		{"if cond not bool", func(p *Program) {
			instr(p, "F", 0, 2).(*If).Cond = p.Func("F").Params[0]
		}, "F: b0: if x b1 b2 @f.go:2:1: if condition of type i32, want bool"},
		{"return type", func(p *Program) {
			instr(p, "F", 3, 1).(*Return).Results[0] = p.Func("F").Params[1]
		}, "F: b3: return c: result 0 has type bool, want i32"},
		{"call args", func(p *Program) {
			instr(p, "F", 2, 0).(*Call).Args = nil
		}, "F: b2: %5 = call G(): call has 0 arguments, G has 1 parameters"},
		{"store type", func(p *Program) {
			instr(p, "F", 1, 1).(*Store).Val = p.Func("F").Params[1]
		}, "F: b1: store %3, c: store of bool to *i32"},
		{"operand of another function", func(p *Program) {
			instr(p, "F", 0, 0).(*BinOp).X = p.Func("G").Params[0]
		}, "F: b0: %1 = add a, 1:i32: parameter a is not a parameter of F"},
		{"undefined register", func(p *Program) {
			other := &BinOp{Op: Add, X: p.Func("F").Params[0], Y: p.Func("F").Params[0]}
			NewRegister(other, 50, I32)
			instr(p, "F", 0, 0).(*BinOp).X = other
		}, "F: b0: %1 = add %50, 1:i32: operand %50 is not defined in this function"},
		{"dominance", func(p *Program) {
			instr(p, "F", 3, 1).(*Return).Results[0] = instr(p, "F", 1, 2).(Value)
		}, "F: b3: return %4: operand %4 does not dominate its use"},
		{"phi edge dominance", func(p *Program) {
			instr(p, "F", 3, 0).(*Phi).Edges[1] = instr(p, "F", 1, 2).(Value)
		}, "F: b3: %6 = phi [b1: %4, b2: %4]: operand %4 does not dominate the end of predecessor b2"},
		{"branch id", func(p *Program) {
			instr(p, "F", 0, 2).(*If).ID = 1
		}, "F: b0: if %2 b1 b2 @f.go:2:1 #1: branch id 1 does not index Program.Branches"},
		{"branches table", func(p *Program) {
			p.Branches = append(p.Branches, p.Branches[0])
		}, "Program.Branches has 3 entries, the program has 2 ifs"},
		{"panic id", func(p *Program) {
			p.Panics[0] = &Panic{}
		}, `F: b4: panic "p" @f.go:4:1: panic id 0 does not index Program.Panics`},
		{"block index", func(p *Program) {
			blk(p, "F", 4).Index = 7
		}, "F: b7: block has Index 7 but is Blocks[4]"},
		{"unreachable", func(p *Program) {
			f := p.Func("F")
			b := &Block{Index: 5, Func: f}
			b.Append(&Return{Results: []Value{f.Params[0]}})
			f.Blocks = append(f.Blocks, b)
		}, "F: b5: unreachable block"},
		{"entry preds", func(p *Program) {
			f := p.Func("F")
			b4 := blk(p, "F", 4)
			b4.Instrs = nil
			b4.Append(&Jump{})
			b4.Succs = []*Block{f.Blocks[0]}
			f.Blocks[0].Preds = []*Block{b4}
			p.Panics = nil
		}, "F: b0: entry block has predecessors"},
		{"unmasked constant", func(p *Program) {
			instr(p, "F", 0, 0).(*BinOp).Y = &Const{Typ: I32, Val: 1 << 40}
		}, "F: b0: %1 = add x, 0:i32: constant 0x10000000000 not masked to 32 bits"},
		{"duplicate function", func(p *Program) {
			p.Func("G").Name = "F"
		}, `F: duplicate function name "F"`},
	}
	checkBroken(t, sanityBase, tests)
}

// breakTest breaks a valid program in one way; Check must report want.
type breakTest struct {
	name   string
	break_ func(p *Program)
	want   string
}

// checkBroken parses base, breaks it as each test says and checks that
// Check reports the violation.
func checkBroken(t *testing.T, base string, tests []breakTest) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := MustParse("f.ir", base)
			if err := Check(p); err != nil {
				t.Fatalf("base program: %v", err)
			}
			tt.break_(p)
			err := Check(p)
			if err == nil {
				t.Fatalf("Check accepted the broken program; want %q", tt.want)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Check error:\n%v\nwant it to contain:\n%s", err, tt.want)
			}
		})
	}
}

func TestCheckUnknownInstrPanics(t *testing.T) {
	p := MustParse("f.ir", sanityBase)
	b := p.Func("G").Blocks[0]
	x := &bogus{}
	x.setBlock(b)
	b.Instrs = append([]Instr{x}, b.Instrs...)
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "unknown instruction") {
			t.Errorf("recover() = %v, want a panic on the unknown instruction", r)
		}
	}()
	Check(p)
}
