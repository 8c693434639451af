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

// reachAvoiding: blocks reachable from start along Succs (or Preds when
// back) without entering avoid.
func reachAvoiding(start *ir.Block, avoid *ir.Block, back bool) map[*ir.Block]bool {
	seen := map[*ir.Block]bool{}
	if start == avoid {
		return seen
	}
	stack := []*ir.Block{start}
	seen[start] = true
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		next := x.Succs
		if back {
			next = x.Preds
		}
		for _, y := range next {
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
		dom, pdom := Dominators(f), PostDominators(f)
		reachable := reachAvoiding(f.Blocks[0], nil, false)
		var exits []*ir.Block
		for _, b := range f.Blocks {
			if _, ok := b.Terminator().(*ir.Return); ok {
				exits = append(exits, b)
			}
		}
		toExit := func(avoid *ir.Block) map[*ir.Block]bool {
			all := map[*ir.Block]bool{}
			for _, e := range exits {
				for b := range reachAvoiding(e, avoid, true) {
					all[b] = true
				}
			}
			return all
		}
		canExit := toExit(nil)
		for _, a := range f.Blocks {
			withoutA := reachAvoiding(f.Blocks[0], a, false)
			exitWithoutA := toExit(a)
			for _, b := range f.Blocks {
				want := a == b || reachable[a] && reachable[b] && !withoutA[b]
				if got := dom.Dominates(a, b); got != want {
					t.Fatalf("iter %d: Dominates(%s, %s) = %v, want %v\n%s", iter, ir.BlockLabel(a), ir.BlockLabel(b), got, want, dom)
				}
				pwant := a == b || canExit[a] && canExit[b] && !exitWithoutA[b]
				if got := pdom.Dominates(a, b); got != pwant {
					t.Fatalf("iter %d: PostDominates(%s, %s) = %v, want %v\n%s", iter, ir.BlockLabel(a), ir.BlockLabel(b), got, pwant, pdom)
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
	if !PostDominates(b[1], b[3]) || !PostDominates(b[4], b[0]) || PostDominates(b[2], b[1]) {
		t.Error("PostDominates")
	}
	if l := InnermostLoop(b[2]); l == nil || l.Number != 1 || l.Header != b[1] || !l.Contains(b[3]) || l.Contains(b[4]) {
		t.Errorf("InnermostLoop(b2) = %v", l)
	}
	if InnermostLoop(b[4]) != nil {
		t.Error("b4 is in no loop")
	}
	if !Reaches(b[3], b[2]) || Reaches(b[4], b[1]) || !Reaches(b[4], b[4]) {
		t.Error("Reaches")
	}
	if !ProgramReaches(p, b[0], b[4]) || ProgramReaches(p, b[4], b[1]) {
		t.Error("ProgramReaches")
	}
	br := p.Branches[0]
	if !BranchReaches(p, br, true, br) || BranchReaches(p, br, false, br) {
		t.Error("BranchReaches")
	}
	Forget()
	if !Dominates(b[1], b[3]) {
		t.Error("Dominates after Forget")
	}
}
