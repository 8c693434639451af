// Tests: concolic consistency of the engine on the bench programs and hand-written IR.

package engine

import (
	"leapfrog/internal/testutil"
	"math/rand"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
	"leapfrog/internal/irparse"
	"leapfrog/internal/lower"
)

// TestConcolicConsistency runs bench functions on random inputs and checks that
// every recorded constraint holds under the input (the symbolic side agrees with
// the concrete side), and that re-running gives the same path.
func TestConcolicConsistency(t *testing.T) {
	dst := testutil.BenchCopy(t)
	targets := map[string][]string{
		"tcas":           {"AltSepTest12", "AltSepTest"},
		"wbs":            {"Step", "Launch"},
		"paper":          {"G", "Classify", "Count4Bits", "GetSetBits", "M", "Count"},
		"synthpkg/s20k8": {"F"},
	}
	rng := rand.New(rand.NewSource(7))
	for pkg, names := range targets {
		res, err := lower.Load(filepath.Join(dst, pkg), names)
		if err != nil || len(res.Errors) > 0 {
			t.Fatalf("%s: %v %v", pkg, err, res.Errors)
		}
		for _, tg := range res.Targets {
			if err := ir.Check(tg.Prog); err != nil {
				t.Fatal(err)
			}
			e := New(expr.NewBuilder(), 10)
			for i := 0; i < 200; i++ {
				model := map[string]uint64{}
				for _, p := range tg.Func.Params {
					randomize(rng, p.Ident, p.Typ, model)
				}
				if pkg == "paper" && (tg.Name == "M" || tg.Name == "Count" || tg.Name == "G") {
					for k, v := range model {
						model[k] = v % 64 // keep loops short
					}
				}
				p := e.Run(tg.Func, model)
				if p.Aborted != "" {
					t.Fatalf("%s.%s: aborted: %s", pkg, tg.Name, p.Aborted)
				}
				for j, st := range p.Steps {
					if st.Cond != nil && expr.Eval(st.Cond, model) != 1 {
						t.Fatalf("%s.%s: step %d (%s taken=%v): constraint %v is false under %v", pkg, tg.Name, j, st.If.Pos, st.Taken, st.Cond, model)
					}
				}
				q := e.Run(tg.Func, model)
				if len(q.Steps) != len(p.Steps) || q.Panic != p.Panic {
					t.Fatalf("%s.%s: two runs on one input differ", pkg, tg.Name)
				}
			}
		}
	}
}

func randomize(rng *rand.Rand, name string, typ *ir.Type, m map[string]uint64) {
	ir.ParamPath(name).Walk(typ, func(p ir.InputPath, t *ir.Type) bool {
		switch t.Kind {
		case ir.KBool:
			m[p.String()] = uint64(rng.Intn(2))
		case ir.KInt:
			// Mix small values (near the programs' constants) with arbitrary ones.
			if rng.Intn(2) == 0 {
				m[p.String()] = uint64(rng.Intn(1400)-200) & expr.Mask(t.Width)
			} else {
				m[p.String()] = rng.Uint64() & expr.Mask(t.Width)
			}
		}
		return true
	})
}

// TestSymbolicIndex runs a hand-written IR function that stores and loads through
// a symbolic index, and checks concrete results and constraints.
func TestSymbolicIndex(t *testing.T) {
	src := `
func F(i i32, v i32) i32 {
b0:
    %1 = alloc [4]i32
    %2 = indexaddr %1, 1:i32
    store %2, 7:i32
    %3 = indexaddr %1, i
    store %3, v
    %4 = indexaddr %1, 1:i32
    %5 = load %4
    %6 = eq %5, 7:i32
    if %6 b1 b2
b1:
    return 1:i32
b2:
    return %5
}
`
	prog, err := irparse.Parse("f.lf", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	e := New(expr.NewBuilder(), 10)
	for i := uint64(0); i < 4; i++ {
		for _, v := range []uint64{7, 9} {
			m := map[string]uint64{"i": i, "v": v}
			p := e.Run(prog.Funcs[0], m)
			want := uint64(1)
			if i == 1 && v != 7 {
				want = v
			}
			if got := p.Outputs[0].Bits; got != want {
				t.Errorf("F(%d, %d) = %d, want %d", i, v, got, want)
			}
			st := p.Steps[0]
			if st.Cond == nil || expr.Eval(st.Cond, m) != 1 {
				t.Fatalf("F(%d, %d): constraint %v", i, v, st.Cond)
			}
			// The constraint must also decide other inputs correctly.
			other := map[string]uint64{"i": 1, "v": 3}
			if (expr.Eval(st.Cond, other) == 1) != (st.Taken == false) {
				t.Errorf("F(%d, %d): constraint %v misjudges i=1, v=3", i, v, st.Cond)
			}
		}
	}
}

// TestForcedModelStep: a forced run through the model constraint at a loop's
// entry takes the forced direction (its constraint follows it), goes on, and
// stops only after peeking at the step that follows the forced ones, as at an
// If (issue 10: stopping on the model step made the search read the run as a
// complete path).
func TestForcedModelStep(t *testing.T) {
	src := `
func M(n i32) i32 {
b0:
    jump b1
b1:
    %1 = phi [b0: 0:i32, b2: %4]
    %2 = phi [b0: 0:i32, b2: %5]
    %3 = lt %1, n
    if %3 b2 b3
b2:
    %4 = add %1, 1:i32
    %5 = add %2, 1:i32
    jump b1
b3:
    %6 = eq %2, 3:i32
    if %6 b4 b5
b4:
    return 1:i32
b5:
    return 2:i32
}
`
	prog, err := irparse.Parse("m.lf", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	fn := prog.Funcs[0]
	e := New(expr.NewBuilder(), 10)
	id := LoopID{fn, 1}
	e.LoopCfg.Models = map[LoopID]*ModelSet{id: {Source: "directive", Models: []Model{{Vars: []ir.Value{fn.Params[0]}, Names: []string{"n"}, Vals: []uint64{3}}}}}
	for _, dir := range []bool{true, false} {
		p := e.RunForced(fn, map[string]uint64{"n": 0}, []bool{dir})
		if p.Stopped != true || p.Conflict >= 0 || len(p.Steps) != 2 {
			t.Fatalf("forced %v: stopped %v, conflict %d, %d steps; want a stop after peeking at the loop test", dir, p.Stopped, p.Conflict, len(p.Steps))
		}
		st := p.Steps[0]
		if !IsModelStep(st.If) || st.Taken != dir || st.Cond == nil {
			t.Fatalf("forced %v: first step %+v, want the model step taken %v", dir, st, dir)
		}
		// The constraint is that of the direction forced: n == 3 in the models.
		if got := expr.Eval(st.Cond, map[string]uint64{"n": 3}) == 1; got != dir {
			t.Errorf("forced %v: constraint %v says n = 3 is %v", dir, st.Cond, got)
		}
		if p.Steps[1].If != fn.Blocks[1].Terminator() {
			t.Errorf("forced %v: peeked step is %v, want the loop test", dir, p.Steps[1].If.Pos)
		}
	}
}

// TestDeadline: a run still going at the engine's deadline is abandoned with
// the budget's reason (one run of strconv's bigFtoa outlasted a 5 s budget by
// minutes); without a deadline the same run completes.
func TestDeadline(t *testing.T) {
	src := `
func L(n i32) i32 {
b0:
    jump b1
b1:
    %1 = phi [b0: 0:i32, b2: %2]
    %3 = lt %1, n
    if %3 b2 b3
b2:
    %2 = add %1, 1:i32
    jump b1
b3:
    return %1
}
`
	prog, err := irparse.Parse("l.lf", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	fn := prog.Funcs[0]
	in := map[string]uint64{"n": 5000}
	e := New(expr.NewBuilder(), 10)
	if p := e.Run(fn, in); p.Aborted != "" || p.Outputs == nil {
		t.Fatalf("no deadline: aborted %q, outputs %v; want a complete run", p.Aborted, p.Outputs)
	}
	e.Deadline = time.Now().Add(-time.Second)
	p := e.Run(fn, in)
	if !strings.HasPrefix(p.Aborted, "timeout:") || p.Outputs != nil {
		t.Fatalf("past deadline: aborted %q, outputs %v; want a timeout abort", p.Aborted, p.Outputs)
	}
}

// TestDeadlineInOneInstruction: a single instruction can outlast the
// budget (a string made from a 4 KiB buffer sliced at a symbolic offset,
// as bufio.Reader.ReadString makes, selects every byte among 4096: a
// bufio line loop ran 8 minutes under -timeout 30s), so the run is
// abandoned at the deadline inside it, not only every 1024 instructions
// (this run takes a few dozen: without the check it completes).
func TestDeadlineInOneInstruction(t *testing.T) {
	fns := loadModule(t, t.TempDir(), `package p

func Tail(i int) int {
	buf := make([]byte, 256)
	if i < 0 || i > 8 {
		return -1
	}
	s := string(buf[i:])
	return len(s)
}
`, []string{"Tail"})
	e := New(expr.NewBuilder(), 10)
	in := map[string]uint64{"i": 3}
	if p := e.Run(fns["Tail"], in); p.Aborted != "" || p.Outputs == nil {
		t.Fatalf("no deadline: aborted %q, outputs %v; want a complete run", p.Aborted, p.Outputs)
	}
	e.Deadline = time.Now().Add(-time.Second)
	p := e.Run(fns["Tail"], in)
	if !strings.HasPrefix(p.Aborted, "timeout:") || p.Outputs != nil {
		t.Fatalf("past deadline: aborted %q, outputs %v; want a timeout abort", p.Aborted, p.Outputs)
	}
}
