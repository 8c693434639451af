// Property tests: dominators against a brute-force definition on random CFGs.

package cfg

import (
	"math/rand"
	"testing"

	"leapfrog/internal/ir"
	"leapfrog/internal/irparse"
)

// randomFunc builds a random CFG of n blocks (some maybe unreachable).
func randomFunc(r *rand.Rand, n int) *ir.Function {
	f := &ir.Function{Name: "R"}
	for i := range n {
		f.Blocks = append(f.Blocks, &ir.Block{Index: i, Func: f})
	}
	for _, b := range f.Blocks {
		switch k := r.Intn(5); {
		case k == 0:
			b.Append(&ir.Return{})
		case k == 1:
			b.Append(&ir.Jump{})
			b.Succs = []*ir.Block{f.Blocks[r.Intn(n)]}
		default:
			b.Append(&ir.If{Cond: &ir.Const{Typ: ir.Bool}})
			b.Succs = []*ir.Block{f.Blocks[r.Intn(n)], f.Blocks[r.Intn(n)]}
		}
		for _, s := range b.Succs {
			s.Preds = append(s.Preds, b)
		}
	}
	return f
}

// reachAvoiding: blocks reachable from start along Succs without entering
// avoid.
func reachAvoiding(start *ir.Block, avoid *ir.Block) map[*ir.Block]bool {
	seen := map[*ir.Block]bool{}
	if start == avoid {
		return seen
	}
	stack := []*ir.Block{start}
	seen[start] = true
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, y := range x.Succs {
			if y != avoid && !seen[y] {
				seen[y] = true
				stack = append(stack, y)
			}
		}
	}
	return seen
}

func TestDominatorsBruteForce(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for iter := range 300 {
		f := randomFunc(r, 1+r.Intn(12))
		dom := Dominators(f)
		reachable := reachAvoiding(f.Blocks[0], nil)
		for _, a := range f.Blocks {
			withoutA := reachAvoiding(f.Blocks[0], a)
			for _, b := range f.Blocks {
				want := a == b || reachable[a] && reachable[b] && !withoutA[b]
				if got := dom.Dominates(a, b); got != want {
					t.Fatalf("iter %d: Dominates(%s, %s) = %v, want %v\n%s", iter, ir.BlockLabel(a), ir.BlockLabel(b), got, want, dom)
				}
			}
		}
		// Every back edge's target dominates its source; every loop block is
		// dominated by its header and reaches a latch.
		for _, l := range computeLoops(f, dom) {
			for _, b := range l.Blocks {
				if !dom.Dominates(l.Header, b) {
					t.Fatalf("iter %d: loop header %s does not dominate %s", iter, ir.BlockLabel(l.Header), ir.BlockLabel(b))
				}
			}
		}
	}
}

func TestPackageFunctions(t *testing.T) {
	p := irparse.MustParse("n.ir", `
func N(n i32) i32 {
b0:
	jump b1
b1:
	%1 = phi [b0: 0, b3: %2]
	%3 = lt %1, n
	if %3 b2 b4 @n.go:2:1
b2:
	%2 = add %1, 1
	jump b3
b3:
	jump b1
b4:
	return %1
}
`)
	f := p.Funcs[0]
	b := f.Blocks
	if !Dominates(b[1], b[3]) || Dominates(b[3], b[1]) || !Dominates(b[2], b[2]) {
		t.Error("Dominates")
	}
	if l := InnermostLoop(b[2]); l == nil || l.Number != 1 || l.Header != b[1] || !l.Contains(b[3]) || l.Contains(b[4]) {
		t.Errorf("InnermostLoop(b2) = %v", l)
	}
	if InnermostLoop(b[4]) != nil {
		t.Error("b4 is in no loop")
	}
}
