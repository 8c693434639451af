// Sanity checker tests: valid programs broken on purpose, one rule at a time.

package ir_test

import (
	"strings"
	"testing"

	"leapfrog/internal/ir"
	"leapfrog/internal/irparse"
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

func TestCheck(t *testing.T) {
	blk := func(p *ir.Program, f string, i int) *ir.Block { return p.Func(f).Blocks[i] }
	instr := func(p *ir.Program, f string, b, i int) ir.Instr { return blk(p, f, b).Instrs[i] }
	tests := []breakTest{
		{"missing terminator", func(p *ir.Program) {
			b := blk(p, "F", 1)
			b.Instrs = b.Instrs[:len(b.Instrs)-1]
		}, "F: b1: %4 = load %3: block does not end with a terminator"},
		{"terminator inside", func(p *ir.Program) {
			b := blk(p, "F", 1)
			b.Instrs[0], b.Instrs[3] = b.Instrs[3], b.Instrs[0]
		}, "F: b1: jump b3: terminator before the end of the block"},
		{"phi not first", func(p *ir.Program) {
			b := blk(p, "F", 3)
			c := &ir.BinOp{Op: ir.Add, X: p.Func("F").Params[0], Y: p.Func("F").Params[0]}
			ir.NewRegister(c, 99, ir.I32)
			ir.SetBlock(c, b)
			b.Instrs = append([]ir.Instr{c}, b.Instrs...)
		}, "F: b3: %6 = phi [b1: %4, b2: %5]: phi after a non-phi instruction"},
		{"phi edge count", func(p *ir.Program) {
			phi := instr(p, "F", 3, 0).(*ir.Phi)
			phi.Edges = phi.Edges[:1]
		}, "F: b3: %6 = phi [b1: %4]: phi has 1 edges, block has 2 predecessors"},
		{"if with one successor", func(p *ir.Program) {
			b := blk(p, "F", 0)
			b.Succs = b.Succs[:1]
		}, "F: b0: if %2 b1 <nosucc> @f.go:2:1: block has 1 successors, want 2"},
		{"preds not mirrored", func(p *ir.Program) {
			b := blk(p, "F", 3)
			b.Preds = []*ir.Block{b.Preds[0], b.Preds[0]}
		}, "F: b2: successor b3 does not list b2 as predecessor"},
		{"binop types", func(p *ir.Program) {
			instr(p, "F", 0, 0).(*ir.BinOp).Y = &ir.Const{Typ: ir.I64, Val: 1}
		}, "F: b0: %1 = add x, 1:i64: operand types differ: i32 and i64"},
		{"comparison yields bool", func(p *ir.Program) {
			ir.NewRegister(instr(p, "F", 0, 1), 2, ir.I32)
		}, "F: b0: %2 = lt %1, 10:i32: result type i32, want bool"},
		{"if cond not bool", func(p *ir.Program) {
			instr(p, "F", 0, 2).(*ir.If).Cond = p.Func("F").Params[0]
		}, "F: b0: if x b1 b2 @f.go:2:1: if condition of type i32, want bool"},
		{"return type", func(p *ir.Program) {
			instr(p, "F", 3, 1).(*ir.Return).Results[0] = p.Func("F").Params[1]
		}, "F: b3: return c: result 0 has type bool, want i32"},
		{"call args", func(p *ir.Program) {
			instr(p, "F", 2, 0).(*ir.Call).Args = nil
		}, "F: b2: %5 = call G(): call has 0 arguments, G has 1 parameters"},
		{"store type", func(p *ir.Program) {
			instr(p, "F", 1, 1).(*ir.Store).Val = p.Func("F").Params[1]
		}, "F: b1: store %3, c: store of bool to *i32"},
		{"operand of another function", func(p *ir.Program) {
			instr(p, "F", 0, 0).(*ir.BinOp).X = p.Func("G").Params[0]
		}, "F: b0: %1 = add a, 1:i32: parameter a is not a parameter of F"},
		{"undefined register", func(p *ir.Program) {
			other := &ir.BinOp{Op: ir.Add, X: p.Func("F").Params[0], Y: p.Func("F").Params[0]}
			ir.NewRegister(other, 50, ir.I32)
			instr(p, "F", 0, 0).(*ir.BinOp).X = other
		}, "F: b0: %1 = add %50, 1:i32: operand %50 is not defined in this function"},
		{"dominance", func(p *ir.Program) {
			instr(p, "F", 3, 1).(*ir.Return).Results[0] = instr(p, "F", 1, 2).(ir.Value)
		}, "F: b3: return %4: operand %4 does not dominate its use"},
		{"phi edge dominance", func(p *ir.Program) {
			instr(p, "F", 3, 0).(*ir.Phi).Edges[1] = instr(p, "F", 1, 2).(ir.Value)
		}, "F: b3: %6 = phi [b1: %4, b2: %4]: operand %4 does not dominate the end of predecessor b2"},
		{"branch id", func(p *ir.Program) {
			instr(p, "F", 0, 2).(*ir.If).ID = 1
		}, "F: b0: if %2 b1 b2 @f.go:2:1 #1: branch id 1 does not index Program.Branches"},
		{"branches table", func(p *ir.Program) {
			p.Branches = append(p.Branches, p.Branches[0])
		}, "Program.Branches has 3 entries, the program has 2 ifs"},
		{"panic id", func(p *ir.Program) {
			p.Panics[0] = &ir.Panic{}
		}, `F: b4: panic "p" @f.go:4:1: panic id 0 does not index Program.Panics`},
		{"block index", func(p *ir.Program) {
			blk(p, "F", 4).Index = 7
		}, "F: b7: block has Index 7 but is Blocks[4]"},
		{"unreachable", func(p *ir.Program) {
			f := p.Func("F")
			b := &ir.Block{Index: 5, Func: f}
			b.Append(&ir.Return{Results: []ir.Value{f.Params[0]}})
			f.Blocks = append(f.Blocks, b)
		}, "F: b5: unreachable block"},
		{"entry preds", func(p *ir.Program) {
			f := p.Func("F")
			b4 := blk(p, "F", 4)
			b4.Instrs = nil
			b4.Append(&ir.Jump{})
			b4.Succs = []*ir.Block{f.Blocks[0]}
			f.Blocks[0].Preds = []*ir.Block{b4}
			p.Panics = nil
		}, "F: b0: entry block has predecessors"},
		{"unmasked constant", func(p *ir.Program) {
			instr(p, "F", 0, 0).(*ir.BinOp).Y = &ir.Const{Typ: ir.I32, Val: 1 << 40}
		}, "F: b0: %1 = add x, 0:i32: constant 0x10000000000 not masked to 32 bits"},
		{"duplicate function", func(p *ir.Program) {
			p.Func("G").Name = "F"
		}, `F: duplicate function name "F"`},
	}
	checkBroken(t, sanityBase, tests)
}

// breakTest breaks a valid program in one way; Check must report want.
type breakTest struct {
	name   string
	break_ func(p *ir.Program)
	want   string
}

// checkBroken parses base, breaks it as each test says and checks that
// Check reports the violation.
func checkBroken(t *testing.T, base string, tests []breakTest) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := irparse.MustParse("f.ir", base)
			if err := ir.Check(p); err != nil {
				t.Fatalf("base program: %v", err)
			}
			tt.break_(p)
			err := ir.Check(p)
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
	p := irparse.MustParse("f.ir", sanityBase)
	b := p.Func("G").Blocks[0]
	x := &ir.BogusInstr{}
	ir.SetBlock(x, b)
	b.Instrs = append([]ir.Instr{x}, b.Instrs...)
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "unknown instruction") {
			t.Errorf("recover() = %v, want a panic on the unknown instruction", r)
		}
	}()
	ir.Check(p)
}
