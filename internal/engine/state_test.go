// Tests of the hooks TreeFrog uses: guided runs (RunGuided) and state numbers (States).

package engine

import (
	"math/rand"
	"path/filepath"
	"testing"

	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
	"leapfrog/internal/irparse"
	"leapfrog/internal/lower"
	"leapfrog/internal/testutil"
)

func parseOne(t *testing.T, src string) *ir.Function {
	t.Helper()
	prog, err := irparse.Parse("f.lf", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return prog.Funcs[0]
}

// TestStates: equal states get equal numbers whatever the path to them and
// the kind of run; different states get different numbers.
func TestStates(t *testing.T) {
	src := `
func F(a i32, b i32, c i32) i32 {
b0:
    %1 = lt a, 10:i32
    if %1 b1 b2
b1:
    %2 = add 7:i32, 0:i32
    jump b3
b2:
    %3 = add 3:i32, K:i32
    jump b3
b3:
    %4 = phi [b1: %2, b2: %3]
    %5 = lt b, %4
    if %5 b4 b5
b4:
    %6 = lt c, 0:i32
    if %6 b5 b6
b5:
    return 1:i32
b6:
    return 0:i32
}
`
	for _, k := range []struct {
		k    string
		same bool // 3 + K == 7
	}{{"4", true}, {"5", false}} {
		fn := parseOne(t, replaceK(src, k.k))
		e := New(expr.NewBuilder(), 10)
		e.States = NewStates()
		p1 := e.Run(fn, map[string]uint64{"a": 0, "b": 0})  // a < 10, then b < 7
		p2 := e.Run(fn, map[string]uint64{"a": 20, "b": 0}) // a >= 10, then b < 3+K
		if len(p1.Steps) < 2 || len(p2.Steps) < 2 {
			t.Fatalf("K=%s: paths %d and %d steps", k.k, len(p1.Steps), len(p2.Steps))
		}
		if p1.Steps[0].State == 0 || p1.Steps[0].State != p2.Steps[0].State {
			t.Errorf("K=%s: the entry branch has states %d and %d", k.k, p1.Steps[0].State, p2.Steps[0].State)
		}
		if got := p1.Steps[1].State == p2.Steps[1].State; got != k.same {
			t.Errorf("K=%s: states at b < x: %d and %d, equal %v, want %v", k.k, p1.Steps[1].State, p2.Steps[1].State, got, k.same)
		}
		// A forced run and a guided run along p2's path meet the same states.
		f := e.RunForced(fn, nil, []bool{false, true})
		g := e.RunGuided(fn, nil, nil, func(k int, st *Step) (bool, bool) { return []bool{false, true, true}[k], false })
		for i := 0; i < 2; i++ {
			if f.Steps[i].State != p2.Steps[i].State || g.Steps[i].State != p2.Steps[i].State {
				t.Errorf("K=%s step %d: plain %d, forced %d, guided %d", k.k, i, p2.Steps[i].State, f.Steps[i].State, g.Steps[i].State)
			}
		}
	}
}

func replaceK(src, k string) string {
	out := []byte{}
	for i := 0; i < len(src); i++ {
		if src[i] == 'K' {
			out = append(out, k...)
			continue
		}
		out = append(out, src[i])
	}
	return string(out)
}

// TestRunGuided: the guide's directions are taken (constraints follow them),
// stop ends the run with the step recorded, and the other side of a constant
// condition is a conflict.
func TestRunGuided(t *testing.T) {
	fn := parseOne(t, `
func F(a i32, b i32) i32 {
b0:
    %1 = lt a, 10:i32
    if %1 b1 b2
b1:
    %2 = lt b, 3:i32
    if %2 b3 b2
b2:
    %3 = eq 1:i32, 1:i32
    if %3 b3 b4
b3:
    return 1:i32
b4:
    return 0:i32
}
`)
	e := New(expr.NewBuilder(), 10)
	var asked []int
	p := e.RunGuided(fn, nil, []bool{true}, func(k int, st *Step) (bool, bool) {
		asked = append(asked, k)
		if st.Cond == nil {
			return st.Taken, false // the constant branch's only side
		}
		return false, false // b >= 3
	})
	if len(asked) != 2 || asked[0] != 1 || len(p.Steps) != 3 || p.Stopped || p.Conflict >= 0 {
		t.Fatalf("guided run: asked %v, %d steps, stopped %v, conflict %d", asked, len(p.Steps), p.Stopped, p.Conflict)
	}
	if st := p.Steps[1]; st.Taken || expr.Eval(st.Cond, map[string]uint64{"b": 5}) != 1 || expr.Eval(st.Cond, map[string]uint64{"b": 1}) != 0 {
		t.Errorf("step 1: taken %v, constraint %v; want b >= 3", st.Taken, st.Cond)
	}
	p = e.RunGuided(fn, nil, []bool{false}, func(k int, st *Step) (bool, bool) { return !st.Taken, false })
	if p.Conflict != 1 {
		t.Errorf("the other side of a constant condition: conflict %d, want 1", p.Conflict)
	}
	p = e.RunGuided(fn, nil, []bool{true}, func(k int, st *Step) (bool, bool) { return st.Taken, true })
	if !p.Stopped || len(p.Steps) != 2 || p.Outputs != nil {
		t.Errorf("stop: stopped %v, %d steps, outputs %v", p.Stopped, len(p.Steps), p.Outputs)
	}
}

// TestStatesBench: on the bench programs, a guided run that follows a plain
// run's directions meets the same states at every step (the numbering sees
// only what the continuation depends on, not the concrete bits of symbolic
// values).
func TestStatesBench(t *testing.T) {
	dst := testutil.BenchCopy(t)
	for pkg, names := range map[string][]string{"tcas": {"AltSepTest12"}, "wbs": {"Step"}, "paper": {"Classify"}} {
		res, err := lower.Load(filepath.Join(dst, pkg), names)
		if err != nil || len(res.Errors) > 0 {
			t.Fatalf("%s: %v %v", pkg, err, res.Errors)
		}
		for _, tg := range res.Targets {
			e := New(expr.NewBuilder(), 10)
			e.States = NewStates()
			rng := rand.New(rand.NewSource(3))
			for _, v := range []uint64{0, 1, 700, 1 << 31} {
				model := map[string]uint64{}
				for _, p := range tg.Func.Params {
					randomize(rng, p.Ident, p.Typ, model)
				}
				for k := range model {
					model[k] = v
				}
				p := e.Run(tg.Func, model)
				g := e.RunGuided(tg.Func, nil, nil, func(k int, st *Step) (bool, bool) { return p.Steps[k].Taken, false })
				if len(g.Steps) != len(p.Steps) {
					t.Fatalf("%s.%s: guided run %d steps, plain %d", pkg, tg.Name, len(g.Steps), len(p.Steps))
				}
				for i := range p.Steps {
					if p.Steps[i].State == 0 || p.Steps[i].State != g.Steps[i].State {
						t.Errorf("%s.%s step %d: plain state %d, guided %d", pkg, tg.Name, i, p.Steps[i].State, g.Steps[i].State)
					}
				}
			}
			if e.States.Len() < 2 {
				t.Errorf("%s.%s: %d states", pkg, tg.Name, e.States.Len())
			}
		}
	}
}
