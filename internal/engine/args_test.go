// The command line, os.Args, as the engine gives it: tainted in the initializer and after, at least one element, and a function's own assignment followed.

package engine

import (
	"math/rand"
	"strings"
	"testing"

	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
)

// TestCommandLine runs functions reading os.Args, in the package
// initializer and after: what they compute from it is never asserted
// (Unfixed), a branch on it is a step that cannot be flipped, the bounds
// checks of os.Args[0] and os.Args[1:] are no branch at all (every
// command line holds the binary's path), a value the function assigned
// to os.Args is followed exactly, and an initializer branching on os.Args
// makes every run stop with the reason.
func TestCommandLine(t *testing.T) {
	src := `package p

import "os"

var name = os.Args[0]

func Name() string { return name }

func Many(x int) int {
	if x > 3 {
		return 1
	}
	if len(os.Args) > 1 {
		return 2
	}
	return 0
}

func First() string { return os.Args[0] }

func Rest() int { return len(os.Args[1:]) }

func Assign(s string) int {
	os.Args = []string{s, "-v"}
	if len(os.Args[0]) > 2 {
		return len(os.Args)
	}
	return 0
}
`
	fns := loadModule(t, t.TempDir(), src, []string{"Name", "Many", "First", "Rest", "Assign"})
	run := func(name string, model map[string]uint64) *Path {
		return New(expr.NewBuilder(), 8).Run(fns[name], model)
	}
	for _, name := range []string{"Name", "First", "Rest"} {
		p := run(name, nil)
		if p.Aborted != "" || p.Panic != "" || len(p.Outputs) != 1 || p.Outputs[0].Unfixed != ArgsReason {
			t.Errorf("%s: aborted %q, panic %q, outputs %+v: want one result unfixed for %q", name, p.Aborted, p.Panic, p.Outputs, ArgsReason)
		}
		for _, st := range p.Steps {
			if st.Cond != nil {
				t.Errorf("%s: a step on %v at %v: the bounds checks of os.Args[0] and os.Args[1:] hold on every command line", name, st.Cond, st.If.Pos)
			}
		}
	}
	p := run("Many", map[string]uint64{"x": 0})
	onArgs := 0
	for _, st := range p.Steps {
		if st.Cond != nil && st.Unfixed == ArgsReason {
			onArgs++
			if st.Flippable || st.Bounded != ArgsReason {
				t.Errorf("Many: the branch on len(os.Args) is flippable %v, bounded %q", st.Flippable, st.Bounded)
			}
		}
	}
	if onArgs != 1 || p.Outputs[0].Unfixed != ArgsReason {
		t.Errorf("Many(0): %d steps on os.Args, result %+v: want 1, unfixed", onArgs, p.Outputs[0])
	}
	if p := run("Many", map[string]uint64{"x": 4}); p.Outputs[0].Unfixed != "" || p.Outputs[0].Bits != 1 {
		t.Errorf("Many(4) = %+v: want 1, asserted (os.Args not read)", p.Outputs[0])
	}
	// The function's own os.Args: its length and strings are the inputs'.
	s := ir.ParamPath("s")
	for _, c := range []struct {
		model map[string]uint64
		want  uint64
	}{
		{map[string]uint64{s.LenVar(): 1, s.Elem(0).String(): 'a'}, 0},
		{map[string]uint64{s.LenVar(): 3, s.Elem(0).String(): 'a', s.Elem(1).String(): 'b', s.Elem(2).String(): 'c'}, 2},
	} {
		p := run("Assign", c.model)
		if p.Aborted != "" || len(p.Outputs) != 1 || p.Outputs[0].Unfixed != "" || p.Outputs[0].Bits != c.want {
			t.Errorf("Assign%v: aborted %q, outputs %+v, want %d asserted", c.model, p.Aborted, p.Outputs, c.want)
		}
		flippable := false
		for _, st := range p.Steps {
			flippable = flippable || st.Flippable
		}
		if !flippable {
			t.Errorf("Assign%v: no flippable step: the branch on the assigned os.Args is the input's", c.model)
		}
	}

	// An initializer that branches on os.Args: no run is trusted.
	init := `package p

import "os"

var verbose bool

func init() {
	for _, a := range os.Args[1:] {
		if a == "-v" {
			verbose = true
		}
	}
}

func V() bool { return verbose }
`
	fns = loadModule(t, t.TempDir(), init, []string{"V"})
	if p := New(expr.NewBuilder(), 8).Run(fns["V"], nil); !strings.Contains(p.Aborted, "the initializer branches on what a test cannot fix: it "+ArgsReason) {
		t.Errorf("V: aborted %q, want the initializer's branch on os.Args", p.Aborted)
	}
}

// TestArgsFacts checks argsFacts by brute force: every comparison of the
// length of os.Args with a constant, either way round and negated, whose
// term argsFacts drops has the value of its concrete run (length 1) at
// every length a command line can have (sampled: the ends of 1..MaxInt,
// their neighbours and random ones); and the bounds checks of os.Args[0]
// and os.Args[1:] are among those dropped.
func TestArgsFacts(t *testing.T) {
	m := &machine{Engine: &Engine{B: expr.NewBuilder()}, path: &Path{Conflict: -1}, unfixedVars: true}
	n := m.extVar(argsLenKey, 1, 64)
	other := m.extVar(argsKey, 1, 64)
	const maxInt = 1<<63 - 1
	rng := rand.New(rand.NewSource(24))
	lens := []uint64{1, 2, 3, maxInt - 1, maxInt}
	for range 64 {
		lens = append(lens, 1+uint64(rng.Int63n(maxInt)))
	}
	consts := []uint64{0, 1, 2, 3, 1 << 20, maxInt - 1, maxInt, maxInt + 1, 1<<64 - 1}
	ops := map[string]func(x, y *expr.Term) *expr.Term{
		"ult": m.B.Ult, "ule": m.B.Ule, "slt": m.B.Slt, "sle": m.B.Sle, "eq": m.B.Eq,
	}
	dropped := map[string]bool{}
	for name, op := range ops {
		for _, k := range consts {
			kt := m.B.BVConst(64, k)
			for _, t0 := range []*expr.Term{op(n.s, kt), op(kt, n.s)} {
				for _, term := range []*expr.Term{t0, m.B.Not(t0)} {
					c := expr.Eval(term, map[string]uint64{n.s.Name: 1})
					if m.argsFacts(&scalar{c: c, s: term}).s != nil {
						continue
					}
					dropped[term.String()] = true
					for _, l := range lens {
						if v := expr.Eval(term, map[string]uint64{n.s.Name: l}); v != c {
							t.Errorf("%s (%s, %d): dropped as %d, but %d at length %d", name, term, k, c, v, l)
						}
					}
				}
			}
			// Another tainted variable than the length: never dropped.
			if m.argsFacts(&scalar{c: 1, s: op(other.s, kt)}).s == nil {
				t.Errorf("%s on os.Args's string variable dropped", name)
			}
		}
	}
	for _, must := range []*expr.Term{m.B.Ult(m.B.BVConst(64, 0), n.s), m.B.Ule(m.B.BVConst(64, 1), n.s)} {
		if !dropped[must.String()] {
			t.Errorf("%s not dropped: it holds on every command line", must)
		}
	}
	t.Logf("%d conditions dropped", len(dropped))
}
