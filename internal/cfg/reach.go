// Reachability within a function and over the program (call supergraph).

package cfg

import (
	"sync"

	"leapfrog/internal/ir"
)

// bitset is a set of small integers.
type bitset []uint64

func newBitset(n int) bitset    { return make(bitset, (n+63)/64) }
func (s bitset) has(i int) bool { return s[i/64]&(1<<(i%64)) != 0 }
func (s bitset) add(i int)      { s[i/64] |= 1 << (i % 64) }

// Reaches reports whether control can go from the start of block from to
// block to within their function, following the CFG edges (calls are
// assumed to return). It is reflexive: a block reaches itself. Blocks of
// different functions never reach each other here; see ProgramReaches.
func Reaches(from, to *ir.Block) bool {
	if from.Func != to.Func {
		return false
	}
	return cacheFor(from.Func).reach(from).has(to.Index)
}

// Program holds the program-level analyses of an ir.Program: the call
// supergraph and the reachability caches. It is safe for concurrent use.
// The IR must not change after the first query.
type Program struct {
	prog *ir.Program

	once  sync.Once
	base  map[*ir.Block]int // node of the start of each block
	calls map[*ir.Block]int // number of calls in each block
	succ  [][]int           // supergraph edges
	n     int

	mu    sync.Mutex
	reach map[int]bitset // nodes reachable from a start node
}

// ForProgram returns the (cached) program-level analyses of p.
func ForProgram(p *ir.Program) *Program { return cacheForProgram(p) }

// NewProgram returns fresh program-level analyses of p (not cached).
func NewProgram(p *ir.Program) *Program {
	return &Program{prog: p, reach: map[int]bitset{}}
}

// The supergraph. A block b with calls c1..cm is split into the points
// (b,0) = start of b and (b,i) = just after ci returned; (b,m) ends with the
// terminator. Edges:
//
//	(b,i-1) -> (entry of callee(ci), 0)       a call enters its callee
//	(r,end) -> (b,i) for every call ci of g     a Return block r of g returns to every caller (context-insensitive)
//	(b,m)   -> (s,0) for every successor s      CFG edges
//	(b,i-1) -> (b,i) for a call ci of an external function (no blocks: it returns;
//	                 a native panic goes to the deferred calls, as a panic block does)
//
// There is no other edge from (b,i-1) to (b,i): the rest of a block is reachable
// only when the callee can return. A call is any instruction that may call
// (ir.Targets: interface method calls, calls through function values,
// deferred calls run), with an edge to each of its targets. A panic runs
// the deferred calls (of any function); a deferred call returns to the
// next one, and to the return points of the calls of every function that
// may recover. Otherwise panic blocks end the execution. Returns go to
// every call site of the function, so the answers over-approximate the
// feasible (call-stack respecting) paths: "reaches" may be a false
// positive, "does not reach" is a proof.
func (g *Program) build() {
	g.base = map[*ir.Block]int{}
	g.calls = map[*ir.Block]int{}
	ts := ir.NewTargets(g.prog)
	sites := map[*ir.Function][]int{} // return points of the calls of each function
	for _, f := range g.prog.Funcs {
		for _, b := range f.Blocks {
			g.base[b] = g.n
			m := 0
			for _, in := range b.Instrs {
				if fs := ts.Of(in); len(fs) > 0 {
					m++
					for _, c := range fs {
						sites[c] = append(sites[c], g.n+m)
					}
				}
			}
			g.calls[b] = m
			g.n += m + 1
		}
	}
	deferred := ts.AllDeferred()
	var resume []int // where a recovered panic returns
	for _, f := range g.prog.Funcs {
		if f.RecoverResults != nil {
			resume = append(resume, sites[f]...)
		}
	}
	isDeferred := map[*ir.Function]bool{}
	for _, d := range deferred {
		isDeferred[d] = true
	}
	g.succ = make([][]int, g.n)
	for _, f := range g.prog.Funcs {
		for _, b := range f.Blocks {
			k := g.base[b]
			for _, in := range b.Instrs {
				if fs := ts.Of(in); len(fs) > 0 {
					for _, c := range fs {
						if len(c.Blocks) > 0 {
							g.succ[k] = append(g.succ[k], g.base[c.Blocks[0]])
						} else { // an external function returns, or panics natively (into the deferred calls)
							g.succ[k] = append(g.succ[k], k+1)
							for _, d := range deferred {
								g.succ[k] = append(g.succ[k], g.base[d.Blocks[0]])
							}
						}
					}
					k++
				}
			}
			end := g.base[b] + g.calls[b]
			for _, s := range b.Succs {
				g.succ[end] = append(g.succ[end], g.base[s])
			}
			switch b.Terminator().(type) {
			case *ir.Return:
				g.succ[end] = append(g.succ[end], sites[f]...)
				if isDeferred[f] {
					for _, d := range deferred {
						g.succ[end] = append(g.succ[end], g.base[d.Blocks[0]])
					}
					g.succ[end] = append(g.succ[end], resume...)
				}
			case *ir.Panic:
				for _, d := range deferred {
					g.succ[end] = append(g.succ[end], g.base[d.Blocks[0]])
				}
			}
		}
	}
}

func (g *Program) init() { g.once.Do(g.build) }

// from returns the nodes reachable from node start (cached).
func (g *Program) from(start int) bitset {
	g.mu.Lock()
	defer g.mu.Unlock()
	if s, ok := g.reach[start]; ok {
		return s
	}
	s := newBitset(g.n)
	s.add(start)
	stack := []int{start}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, y := range g.succ[x] {
			if !s.has(y) {
				s.add(y)
				stack = append(stack, y)
			}
		}
	}
	g.reach[start] = s
	return s
}

func (g *Program) end(b *ir.Block) int { return g.base[b] + g.calls[b] }

// Reaches reports whether control can go from the start of block from to
// the terminator of block to, possibly through calls and returns (see the
// supergraph above). A block reaches its own terminator unless one of its
// calls can never return.
func (g *Program) Reaches(from, to *ir.Block) bool {
	g.init()
	a, ok1 := g.base[from]
	_, ok2 := g.base[to]
	if !ok1 || !ok2 {
		return true // not part of the program: cannot prove anything
	}
	return g.from(a).has(g.end(to))
}

// SideReaches reports whether control can go from the dir side of branch
// from (its then successor when dir is true) to the terminator of block to.
func (g *Program) SideReaches(from *ir.If, dir bool, to *ir.Block) bool {
	b := from.Block()
	if len(b.Succs) != 2 {
		return true
	}
	s := b.Succs[1]
	if dir {
		s = b.Succs[0]
	}
	return g.Reaches(s, to)
}

// BranchReaches reports whether control can go from the dir side of branch
// from to branch to (to the evaluation of its condition). Answers are
// cached per branch side, so repeated queries cost a bit test.
func (g *Program) BranchReaches(from *ir.If, dir bool, to *ir.If) bool {
	return g.SideReaches(from, dir, to.Block())
}

// ProgramReaches is ForProgram(p).Reaches(from, to).
func ProgramReaches(p *ir.Program, from, to *ir.Block) bool {
	return ForProgram(p).Reaches(from, to)
}

// BranchReaches is ForProgram(p).BranchReaches(from, dir, to): can control
// go from the given side of from to to, across calls and returns.
func BranchReaches(p *ir.Program, from *ir.If, dir bool, to *ir.If) bool {
	return ForProgram(p).BranchReaches(from, dir, to)
}
