// The worker pool of MTelse: two-level priority queue of suffix treatments, one solver per worker.

package search

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"leapfrog/internal/engine"
	"leapfrog/internal/solver"
)

// pool schedules treatments on worker goroutines. Everything in it, and every
// piece of session state (tree, coverage, cases, statistics, the engine and the
// session's own solver, which loop-model refinement uses during runs), is
// guarded by mu; a worker releases mu only while its own solver decides a flip.
//
// The engine is shared rather than copied per worker: runs are cheap next to
// solver calls, and the engine's per-instance state (the pseudo-branches of
// loop models, the symbols of out-of-context iterations, the loop-model
// refinement callback using Session.Solver) must stay one for the tree to stay
// one. So runs happen under mu.
type pool struct {
	s        *Session
	parallel bool // several workers: each flip's solver call runs outside mu
	mu       sync.Mutex
	cond     *sync.Cond // signalled when a treatment is queued or a turn ends
	high     []*treatment
	low      []*treatment
	running  int // treatments being treated
	runHigh  int // of which high-priority
	inflight map[sideRef]bool
	stop     bool
}

// runPool treats first and every suffix it leads to with n workers.
func runPool(s *Session, n int, first *treatment) {
	p := &pool{s: s, parallel: n > 1, high: []*treatment{first}, inflight: map[sideRef]bool{}}
	p.cond = sync.NewCond(&p.mu)
	if n == 1 {
		p.worker(&lazySolver{slv: s.Solver})
		return
	}
	// A worker makes its solver at its first flip: small functions need
	// fewer solvers than workers, and a Z3 context costs milliseconds.
	solvers := make([]lazySolver, n)
	var wg sync.WaitGroup
	for i := range solvers {
		solvers[i].make = s.NewSolver
		wg.Add(1)
		go func() {
			defer wg.Done()
			p.worker(&solvers[i])
		}()
	}
	wg.Wait()
	for _, ls := range solvers {
		if ls.slv != nil {
			ls.slv.Close()
		}
	}
	canonicalCases(s)
}

// worker takes treatments until the search ends.
func (p *pool) worker(slv *lazySolver) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for {
		t, high := p.next()
		if t == nil {
			return
		}
		p.turn(slv, t)
		p.running--
		if high {
			p.runHigh--
		}
		if !t.finished() {
			if t.advance() {
				p.high = append(p.high, t)
			} else {
				p.low = append(p.low, t)
			}
		}
		p.cond.Broadcast()
	}
}

// next waits for a treatment to take: a high-priority one first; a
// low-priority one only while no high-priority treatment is queued or running.
// It returns nil when the search is over: every objective covered, the time
// spent, or nothing queued and nothing running (nothing can be queued again).
func (p *pool) next() (*treatment, bool) {
	for {
		if p.stop || p.s.Done() {
			p.stop = true
			p.cond.Broadcast()
			return nil, false
		}
		switch {
		case len(p.high) > 0:
			t := p.high[0]
			p.high = p.high[1:]
			p.running++
			p.runHigh++
			return t, true
		case len(p.low) > 0 && p.runHigh == 0:
			t := p.low[0]
			p.low = p.low[1:]
			p.running++
			return t, false
		case p.running == 0:
			p.stop = true
			p.cond.Broadcast()
			return nil, false
		}
		p.cond.Wait()
	}
}

// turn treats the current node of t: going down, eager flips of its sides whose
// objective is uncovered; backtracking, hopeful flips of its sides that may
// still lead to an uncovered objective. A successful flip queues a new
// high-priority treatment of the new suffix.
func (p *pool) turn(slv *lazySolver, t *treatment) {
	if t.finished() {
		return // an empty suffix has nothing to treat
	}
	s := p.s
	n := t.nodes[t.pos]
	for _, dir := range []bool{false, true} {
		if p.stop || s.Done() {
			return
		}
		side := sideRef{n, dir}
		if n.State[ix(dir)] != Unexplored || p.inflight[side] {
			// Another worker flipping this side settles it either way.
			continue
		}
		if t.back && !s.CanReachUncovered(n, dir) || !t.back && s.IsCovered(n.If, dir) {
			continue
		}
		var next []*Node
		var ok bool
		if p.parallel {
			p.inflight[side] = true
			next, ok = p.flip(slv, n, dir)
			delete(p.inflight, side)
		} else {
			next, ok = flipAndFollow(s, n, dir)
		}
		if ok {
			p.high = append(p.high, &treatment{nodes: next, from: t.pos + 1, pos: t.pos + 1})
			p.cond.Broadcast()
		}
	}
}

// flip is Session.Flip and Session.Follow for a worker: called with mu held, it
// releases mu while slv decides the flip. It returns the new path's nodes when
// the run on the solver's input took side dir of n.
func (p *pool) flip(ls *lazySolver, n *Node, dir bool) ([]*Node, bool) {
	s := p.s
	// The query reads only what a node is born with (If, Cond, Parent, PDir,
	// Input); the builder is safe for concurrent use.
	q := s.flipQuery(n, dir)
	p.mu.Unlock()
	a := s.decideFlip(ls.get(), q)
	p.mu.Lock()
	if a.res == solver.Sat {
		return s.Follow(n, dir, a.model)
	}
	s.recordFlip(n, dir, a)
	return nil, false
}

// lazySolver is a worker's solver, made at its first use (outside the lock).
type lazySolver struct {
	make func() solver.Solver
	slv  solver.Solver
}

func (l *lazySolver) get() solver.Solver {
	if l.slv == nil {
		l.slv = l.make()
	}
	return l.slv
}

// canonicalCases orders the cases of a multi-threaded run by their inputs and
// recomputes what each covered first, so that the report (which cases are kept,
// their names and order) depends on the set of cases found, not on the order
// in which the workers happened to find them.
func canonicalCases(s *Session) {
	keys := make(map[*Case]string, len(s.Cases))
	for _, c := range s.Cases {
		var b strings.Builder
		for _, v := range c.Path.InputValues() {
			valueKey(&b, v)
			b.WriteByte(';')
		}
		keys[c] = b.String()
	}
	sort.SliceStable(s.Cases, func(i, j int) bool { return keys[s.Cases[i]] < keys[s.Cases[j]] })
	for _, o := range s.Objectives {
		s.coveredBy[o.Index] = s.givenMark(o)
	}
	for i, c := range s.Cases {
		c.Index = i
		c.New = nil
		for _, o := range c.Covers {
			if s.coveredBy[o.Index] == nil {
				s.coveredBy[o.Index] = c
				c.New = append(c.New, o)
			}
		}
	}
}

// valueKey writes a fixed-width rendering of v, so that keys compare like the
// values, element by element.
func valueKey(b *strings.Builder, v engine.Value) {
	if len(v.Elems) == 0 {
		fmt.Fprintf(b, "%016x", v.Bits)
		return
	}
	b.WriteByte('[')
	for _, e := range v.Elems {
		valueKey(b, e)
		b.WriteByte(',')
	}
	b.WriteByte(']')
}
