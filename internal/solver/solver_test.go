// Tests of the validating decorator and of the solver chain, on fakes, brute force and Z3.

package solver_test

import (
	"errors"
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

// TestChainOverZ3 runs the chain of a validating analysis on Z3 and
// compares its answers with brute force: every answer validated (models
// evaluated, cores re-checked on the spare backend, reset after each use).
func TestChainOverZ3(t *testing.T) {
	report := func(err error) { t.Error(err) }
	made := 0
	s := solver.NewChain(func() solver.Solver { made++; return z3.New(time.Second) }, solver.ChainOptions{Validate: true, Invalid: report})
	defer s.Close()
	br := solver.Validating(solvertest.NewBrute(), nil, report)

	b := expr.NewBuilder()
	g := &solvertest.Gen{B: b, R: newRand(3), Vars: terms{b.Var("a", 3), b.Var("b", 3), b.Var("c", 6), b.Var("q", 0)}}
	var prefix terms
	unsat := 0
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
			assume = terms{prefix0(prefix, b)} // a query repeated
		}
		r1, r2 := s.Check(assume), br.Check(assume)
		if r1 != r2 {
			t.Fatalf("query %d: chain %v, brute force %v", i, r1, r2)
		}
		if r1 == solver.Unsat {
			unsat++
		}
	}
	if unsat == 0 || made != 2 {
		t.Errorf("%d unsat answers (want some cores re-checked), %d Z3 solvers made (want the chain's and one spare)", unsat, made)
	}
}

// TestChainOptions: without validation the chain is the backend itself; a
// backend without Reset gets a new second opinion per core.
func TestChainOptions(t *testing.T) {
	if s := solver.NewChain(brute, solver.ChainOptions{}); s == nil {
		t.Fatal("no solver")
	} else if _, ok := s.(*solvertest.Brute); !ok {
		t.Errorf("chain without options is %T, want the backend", s)
	}
	b := expr.NewBuilder()
	x := b.Var("x", 4)
	made := 0
	var got reports
	s := solver.NewChain(func() solver.Solver { made++; return solvertest.NewBrute() }, solver.ChainOptions{Validate: true, Invalid: got.add})
	defer s.Close()
	for i := range 3 {
		if r := s.Check(terms{b.Eq(x, b.BVConst(4, 1)), b.Eq(x, b.BVConst(4, uint64(2+i)))}); r != solver.Unsat {
			t.Fatalf("Check = %v", r)
		}
	}
	if made != 4 || len(got) != 0 {
		t.Errorf("%d backends made for three cores (want 1 + 3), reports %v", made, got)
	}
}

func prefix0(prefix terms, b *expr.Builder) *expr.Term {
	if len(prefix) == 0 {
		return b.BoolConst(true)
	}
	return prefix[0]
}
