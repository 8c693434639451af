// Tests of the decorators: statistics, the query cache, the validating layer, and the whole stack over Z3.

package solver_test

import (
	"errors"
	"maps"
	"slices"
	"testing"
	"time"

	"leapfrog/internal/expr"
	"leapfrog/internal/solver"
	"leapfrog/internal/solver/solvertest"
	"leapfrog/internal/solver/z3"
)

type terms = []*expr.Term

func TestResultString(t *testing.T) {
	for r, want := range map[solver.Result]string{solver.Sat: "sat", solver.Unsat: "unsat", solver.Unknown: "unknown", 7: "Result(7)"} {
		if r.String() != want {
			t.Errorf("%d.String() = %q, want %q", int(r), r.String(), want)
		}
	}
	var zero solver.Result
	if zero != solver.Unknown {
		t.Error("the zero Result is not Unknown")
	}
}

// fake answers whatever it is told to.
type fake struct {
	res    solver.Result
	model  solver.Model
	core   terms
	reason string
	depth  int
}

func (f *fake) Push()                     { f.depth++ }
func (f *fake) Pop()                      { f.depth-- }
func (f *fake) Assert(*expr.Term)         {}
func (f *fake) Check(terms) solver.Result { return f.res }
func (f *fake) Model() solver.Model       { return f.model }
func (f *fake) Core() []*expr.Term        { return f.core }
func (f *fake) Reason() string            { return f.reason }
func (f *fake) Close()                    {}

type reports []error

func (r *reports) add(err error) { *r = append(*r, err) }

func brute() solver.Solver { return solvertest.NewBrute() }

func TestValidatingCatchesWrongModels(t *testing.T) {
	b := expr.NewBuilder()
	x, y := b.Var("x", 8), b.Var("y", 8)
	is3 := b.Eq(x, b.BVConst(8, 3))
	ylt := b.Ult(y, b.BVConst(8, 10))

	f := &fake{res: solver.Sat}
	var got reports
	v := solver.Validating(f, brute, got.add)
	v.Assert(is3)

	f.model = solver.Model{"x": 3, "y": 4}
	if r := v.Check(terms{ylt}); r != solver.Sat || len(got) != 0 {
		t.Fatalf("right model: %v, reports %v", r, got)
	}
	f.model = solver.Model{"x": 5, "y": 4} // violates the assertion
	v.Check(terms{ylt})
	f.model = solver.Model{"x": 3, "y": 40} // violates the assumption
	v.Check(terms{ylt})
	f.model = solver.Model{"x": 3} // y missing (Eval would read 0 and accept it)
	v.Check(terms{ylt})
	if len(got) != 3 {
		t.Fatalf("got %d reports, want 3: %v", len(got), got)
	}
	for _, err := range got {
		var ve *solver.ValidationError
		if !errors.As(err, &ve) || ve.Result != solver.Sat || ve.SMT2 == "" {
			t.Errorf("report %v is not a Sat ValidationError with a formula", err)
		}
	}

	// A popped assertion no longer counts.
	got = nil
	v.Push()
	v.Assert(b.Eq(y, b.BVConst(8, 9)))
	f.model = solver.Model{"x": 3, "y": 4}
	v.Check(nil)
	v.Pop()
	v.Check(nil)
	if len(got) != 1 {
		t.Errorf("got %d reports, want 1 (inside the scope only): %v", len(got), got)
	}
}

func TestValidatingCatchesWrongCores(t *testing.T) {
	b := expr.NewBuilder()
	x := b.Var("x", 8)
	lt5 := b.Ult(x, b.BVConst(8, 5))
	gt9 := b.Ult(b.BVConst(8, 9), x)
	is7 := b.Eq(x, b.BVConst(8, 7))

	f := &fake{res: solver.Unsat}
	var got reports
	v := solver.Validating(f, brute, got.add)
	v.Assert(lt5)

	f.core = terms{gt9} // right
	v.Check(terms{is7, gt9})
	f.core = terms{} // wrong: the assertion alone is sat
	v.Check(terms{is7, gt9})
	f.core = terms{b.Eq(x, b.BVConst(8, 6))} // not an assumption (though unsat)
	v.Check(terms{is7, gt9})
	if len(got) != 2 {
		t.Fatalf("got %d reports, want 2: %v", len(got), got)
	}
	// Without a factory only the subset check runs.
	got = nil
	v = solver.Validating(f, nil, got.add)
	f.core = terms{}
	v.Check(terms{is7})
	if len(got) != 0 {
		t.Errorf("reports without a factory: %v", got)
	}
}

func TestCache(t *testing.T) {
	b := expr.NewBuilder()
	x, y := b.Var("x", 8), b.Var("y", 8)
	c := func(v uint64) *expr.Term { return b.BVConst(8, v) }
	var st solver.Stats
	cache := solver.WithCache(solver.WithStats(solvertest.NewBrute(), &st))
	xlt := b.Ult(x, c(10))
	ylt := b.Ult(y, x)
	yis := b.Eq(y, c(20))
	cache.Assert(xlt)

	if r := cache.Check(terms{ylt}); r != solver.Sat {
		t.Fatalf("Check = %v", r)
	}
	m1 := cache.Model()
	m1["x"] = 99 // the caller may scribble on its copy
	if r := cache.Check(terms{ylt, ylt}); r != solver.Sat {
		t.Fatalf("Check = %v", r)
	}
	m2 := cache.Model()
	if m2["x"] == 99 || !maps.Equal(m2, cache.Model()) {
		t.Errorf("cached model changed: %v", m2)
	}
	if cache.Hits() != 1 || cache.Misses() != 1 || st.Checks != 1 {
		t.Errorf("hits %d misses %d inner checks %d, want 1 1 1", cache.Hits(), cache.Misses(), st.Checks)
	}

	// Unsat with a core, then a hit with the assumptions in another order.
	if r := cache.Check(terms{yis, ylt}); r != solver.Unsat {
		t.Fatalf("Check = %v", r)
	}
	core1 := cache.Core()
	if r := cache.Check(terms{ylt, yis}); r != solver.Unsat {
		t.Fatalf("Check = %v", r)
	}
	core2 := cache.Core()
	slices.SortFunc(core1, func(a, b *expr.Term) int { return a.ID - b.ID })
	slices.SortFunc(core2, func(a, b *expr.Term) int { return a.ID - b.ID })
	if !slices.Equal(core1, core2) || len(core1) == 0 || cache.Hits() != 2 {
		t.Errorf("cores %v and %v, hits %d", core1, core2, cache.Hits())
	}

	// A scope changes the key; popping it restores the old one.
	cache.Push()
	cache.Assert(b.Eq(x, c(0)))
	if r := cache.Check(terms{ylt}); r != solver.Unsat {
		t.Fatalf("in scope: Check = %v, want unsat (y < 0)", r)
	}
	if cache.Misses() != 3 {
		t.Errorf("misses %d, want 3", cache.Misses())
	}
	cache.Assert(xlt) // already asserted: the set is unchanged
	if r := cache.Check(terms{ylt}); r != solver.Unsat || cache.Hits() != 3 {
		t.Errorf("duplicate assertion: %v, hits %d", r, cache.Hits())
	}
	cache.Pop()
	if r := cache.Check(terms{ylt}); r != solver.Sat || cache.Hits() != 4 {
		t.Errorf("after Pop: %v, hits %d", r, cache.Hits())
	}
	if m := cache.Model(); m["y"] >= m["x"] || m["x"] >= 10 {
		t.Errorf("model after Pop %v", m)
	}
	// Assertions and assumptions are not interchangeable (cores differ).
	cache.Push()
	cache.Assert(ylt)
	cache.Check(nil)
	cache.Pop()
	if cache.Hits() != 4 {
		t.Errorf("an assertion matched an assumption: hits %d", cache.Hits())
	}

	// Unknown answers are not cached.
	big := b.Var("big", 32)
	for range 2 {
		if r := cache.Check(terms{b.Ult(big, b.BVConst(32, 5))}); r != solver.Unknown || cache.Reason() == "" {
			t.Errorf("Check = %v (%q), want unknown with a reason", r, cache.Reason())
		}
	}
	if st.Unknown != 2 {
		t.Errorf("inner unknown checks %d, want 2", st.Unknown)
	}

	// The bound.
	cache.MaxEntries = 2
	for i := range 5 {
		cache.Check(terms{b.Eq(y, c(uint64(i)))})
	}
	if cache.Len() > 2 {
		t.Errorf("Len = %d beyond MaxEntries 2", cache.Len())
	}
}

func TestStats(t *testing.T) {
	b := expr.NewBuilder()
	x := b.Var("x", 4)
	var st solver.Stats
	s := solver.WithStats(solvertest.NewBrute(), &st)
	s.Check(terms{b.Eq(x, b.BVConst(4, 1))})
	s.Check(terms{b.Eq(x, b.BVConst(4, 1)), b.Eq(x, b.BVConst(4, 2))})
	s.Check(terms{b.Eq(b.Var("wide", 30), b.BVConst(30, 1))})
	want := solver.Stats{Checks: 3, Sat: 1, Unsat: 1, Unknown: 1}
	got := st
	got.Time = 0
	if got != want || st.Time <= 0 {
		t.Errorf("stats %+v, want %+v and a positive time", st, want)
	}
	var sum solver.Stats
	sum.Add(st)
	sum.Add(st)
	if sum.Checks != 6 || sum.Time != 2*st.Time {
		t.Errorf("Add: %+v", sum)
	}
}

// TestStackOverZ3 runs the documented stack on Z3 and compares with brute force.
func TestStackOverZ3(t *testing.T) {
	var st solver.Stats
	report := func(err error) { t.Error(err) }
	cache := solver.WithCache(solver.Validating(z3.New(time.Second), func() solver.Solver { return z3.New(time.Second) }, report))
	s := solver.WithStats(cache, &st)
	defer s.Close()
	br := solver.Validating(solvertest.NewBrute(), nil, report)

	b := expr.NewBuilder()
	g := &solvertest.Gen{B: b, R: newRand(3), Vars: terms{b.Var("a", 3), b.Var("b", 3), b.Var("c", 6), b.Var("q", 0)}}
	var prefix terms
	for i := range 120 {
		if len(prefix) > 0 && g.R.IntN(3) == 0 {
			s.Pop()
			br.Pop()
			prefix = prefix[:len(prefix)-1]
		}
		if g.R.IntN(2) == 0 {
			p := g.Bool(2)
			s.Push()
			br.Push()
			s.Assert(p)
			br.Assert(p)
			prefix = append(prefix, p)
		}
		assume := terms{g.Bool(2)}
		if i%4 == 0 {
			assume = terms{prefix0(prefix, b)} // repeat a query: a cache hit
		}
		r1, r2 := s.Check(assume), br.Check(assume)
		if r1 != r2 {
			t.Fatalf("query %d: stack %v, brute force %v", i, r1, r2)
		}
	}
	if st.Checks != 120 || cache.Hits()+cache.Misses() != 120 {
		t.Errorf("stats %+v, cache %d+%d", st, cache.Hits(), cache.Misses())
	}
	t.Logf("stats %+v, cache hits %d", st, cache.Hits())
}

func prefix0(prefix terms, b *expr.Builder) *expr.Term {
	if len(prefix) == 0 {
		return b.BoolConst(true)
	}
	return prefix[0]
}
