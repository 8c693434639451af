// Cache of the per-function analyses.

package cfg

import (
	"sync"

	"leapfrog/internal/ir"
)

// Results are cached per *ir.Function: the IR must not be modified after
// it was analysed. The cache is bounded: when full it is emptied.
const maxCached = 4096

var (
	cacheMu   sync.Mutex
	funcCache = map[*ir.Function]*funcInfo{}
)

type funcInfo struct {
	f         *ir.Function
	domOnce   sync.Once
	dom       *Tree
	loopsOnce sync.Once
	loopList  []*Loop
}

func cacheFor(f *ir.Function) *funcInfo {
	cacheMu.Lock()
	defer cacheMu.Unlock()
	fi := funcCache[f]
	if fi == nil {
		if len(funcCache) >= maxCached {
			funcCache = map[*ir.Function]*funcInfo{}
		}
		fi = &funcInfo{f: f}
		funcCache[f] = fi
	}
	return fi
}

// Forget drops the cached analyses of p's functions. A function holds its
// program, so that a caller done with a program (gen drops each after its
// function's analysis) calls it, or the cache would keep the program alive
// until it fills: thousands of functions, each with its whole program.
func Forget(p *ir.Program) {
	cacheMu.Lock()
	defer cacheMu.Unlock()
	for f := range funcCache {
		if f.Prog == p {
			delete(funcCache, f)
		}
	}
}

func (fi *funcInfo) domTree() *Tree {
	fi.domOnce.Do(func() { fi.dom = Dominators(fi.f) })
	return fi.dom
}

func (fi *funcInfo) loops() []*Loop {
	fi.loopsOnce.Do(func() { fi.loopList = computeLoops(fi.f, fi.domTree()) })
	return fi.loopList
}

// Dominates reports whether a dominates b (reflexive); false when they are
// in different functions. The dominator tree is computed once per function.
func Dominates(a, b *ir.Block) bool {
	if a.Func != b.Func {
		return false
	}
	return cacheFor(a.Func).domTree().Dominates(a, b)
}
