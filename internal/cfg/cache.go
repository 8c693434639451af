// Caches of the per-function and per-program analyses.

package cfg

import (
	"sync"

	"leapfrog/internal/ir"
)

// Results are cached per *ir.Function and *ir.Program: the IR must not be
// modified after it was analysed (call Forget after a modification). The
// caches are bounded: when full they are emptied.
const maxCached = 4096

var (
	cacheMu   sync.Mutex
	funcCache = map[*ir.Function]*funcInfo{}
	progCache = map[*ir.Program]*Program{}
)

// Forget drops every cached analysis.
func Forget() {
	cacheMu.Lock()
	defer cacheMu.Unlock()
	funcCache = map[*ir.Function]*funcInfo{}
	progCache = map[*ir.Program]*Program{}
}

type funcInfo struct {
	f         *ir.Function
	domOnce   sync.Once
	dom       *Tree
	pdomOnce  sync.Once
	pdom      *Tree
	loopsOnce sync.Once
	loopList  []*Loop
	mu        sync.Mutex
	reachSets map[*ir.Block]bitset
}

func cacheFor(f *ir.Function) *funcInfo {
	cacheMu.Lock()
	defer cacheMu.Unlock()
	fi := funcCache[f]
	if fi == nil {
		if len(funcCache) >= maxCached {
			funcCache = map[*ir.Function]*funcInfo{}
		}
		fi = &funcInfo{f: f, reachSets: map[*ir.Block]bitset{}}
		funcCache[f] = fi
	}
	return fi
}

func cacheForProgram(p *ir.Program) *Program {
	cacheMu.Lock()
	defer cacheMu.Unlock()
	g := progCache[p]
	if g == nil {
		if len(progCache) >= maxCached {
			progCache = map[*ir.Program]*Program{}
		}
		g = NewProgram(p)
		progCache[p] = g
	}
	return g
}

func (fi *funcInfo) domTree() *Tree {
	fi.domOnce.Do(func() { fi.dom = Dominators(fi.f) })
	return fi.dom
}

func (fi *funcInfo) postDomTree() *Tree {
	fi.pdomOnce.Do(func() { fi.pdom = PostDominators(fi.f) })
	return fi.pdom
}

func (fi *funcInfo) loops() []*Loop {
	fi.loopsOnce.Do(func() { fi.loopList = computeLoops(fi.f, fi.domTree()) })
	return fi.loopList
}

func (fi *funcInfo) reach(from *ir.Block) bitset {
	fi.mu.Lock()
	defer fi.mu.Unlock()
	if s, ok := fi.reachSets[from]; ok {
		return s
	}
	s := newBitset(len(fi.f.Blocks))
	s.add(from.Index)
	stack := []*ir.Block{from}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, y := range x.Succs {
			if !s.has(y.Index) {
				s.add(y.Index)
				stack = append(stack, y)
			}
		}
	}
	fi.reachSets[from] = s
	return s
}

// Dominates reports whether a dominates b (reflexive); false when they are
// in different functions. The dominator tree is computed once per function.
func Dominates(a, b *ir.Block) bool {
	if a.Func != b.Func {
		return false
	}
	return cacheFor(a.Func).domTree().Dominates(a, b)
}

// PostDominates reports whether a post-dominates b (reflexive): every path
// from b to a Return or Panic passes through a.
func PostDominates(a, b *ir.Block) bool {
	if a.Func != b.Func {
		return false
	}
	return cacheFor(a.Func).postDomTree().Dominates(a, b)
}

// DomTree returns the (cached) dominator tree of f.
func DomTree(f *ir.Function) *Tree { return cacheFor(f).domTree() }

// PostDomTree returns the (cached) post-dominator tree of f.
func PostDomTree(f *ir.Function) *Tree { return cacheFor(f).postDomTree() }
