// Brute force: every input of small-domain functions run by the reference interpreter against the encoding's answers.

package indep_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/txtar"

	"leapfrog/internal/engine"
	"leapfrog/internal/expr"
	"leapfrog/internal/indep"
	"leapfrog/internal/ir"
	"leapfrog/internal/lower"
)

// maxBits bounds the input space of a scenario function (2^maxBits runs).
const maxBits = 18

// allObjectives lists the objectives of fn and its callees, as the search does.
func allObjectives(fn *ir.Function) []indep.Objective {
	var objs []indep.Objective
	seen := map[*ir.Function]bool{}
	var walk func(f *ir.Function)
	walk = func(f *ir.Function) {
		if seen[f] {
			return
		}
		seen[f] = true
		for _, b := range f.Blocks {
			switch t := b.Terminator().(type) {
			case *ir.If:
				switch t.Kind {
				case ir.SourceBranch:
					objs = append(objs, indep.Objective{If: t, Dir: true}, indep.Objective{If: t, Dir: false})
				case ir.InternalBranch:
				default:
					objs = append(objs, indep.Objective{If: t})
				}
			case *ir.Panic:
				if t.Kind == ir.ExplicitPanic {
					objs = append(objs, indep.Objective{Panic: t})
				}
			}
			for _, in := range b.Instrs {
				if c, ok := in.(*ir.Call); ok {
					walk(c.Callee)
				}
			}
		}
	}
	walk(fn)
	return objs
}

// leaf is one scalar input.
type leaf struct {
	name  string
	w     int  // 0: bool
	isNil bool // the variable making a pointer nil
}

func leaves(fn *ir.Function) []leaf {
	var ls []leaf
	for _, p := range fn.Params {
		ir.ParamPath(p.Ident).Walk(p.Typ, func(p ir.InputPath, t *ir.Type) bool {
			switch t.Kind {
			case ir.KBool:
				ls = append(ls, leaf{name: p.String()})
			case ir.KInt:
				ls = append(ls, leaf{name: p.String(), w: t.Width})
			case ir.KPointer:
				ls = append(ls, leaf{name: p.NilVar(), isNil: true})
			case ir.KArray, ir.KStruct:
			default:
				panic("leaves: " + t.String())
			}
			return true
		})
	}
	return ls
}

// observed is what the enumeration saw: per objective, the first input reaching it.
type observed map[indep.Objective]map[string]uint64

// reaches reports whether a run reached the objective.
func reaches(out *outcome, o indep.Objective) bool {
	if o.If == nil {
		return out.panicAt == o.Panic
	}
	return out.sides[side{o.If, o.Dir}]
}

// enumerate runs fn on every input its precondition pre (nil: none)
// accepts (it returns true: an input on which it panics or returns false is
// no input), and the engine on a sample of them (the
// engine's concrete semantics are checked against the compiled code by
// internal/oracle): the reference interpreter must agree with it, except on
// the functions where the engine is known to be wrong (engineWrong), where
// it must disagree at least once: the entry is removed when the engine is
// fixed.
func enumerate(t *testing.T, fn, pre *ir.Function, objs []indep.Objective, engineWrong bool) observed {
	ls := leaves(fn)
	bits := 0
	for _, l := range ls {
		bits += max(l.w, 1)
	}
	if bits > maxBits {
		t.Fatalf("%s: %d input bits, at most %d", fn.Name, bits, maxBits)
	}
	eng := engine.New(expr.NewBuilder(), 10)
	obs := observed{}
	disagree := ""
	in := map[string]uint64{}
	for n := uint64(0); n < 1<<bits; n++ {
		shift := 0
		nilRecv := false
		for _, l := range ls {
			w := max(l.w, 1)
			in[l.name] = n >> shift & (1<<w - 1)
			shift += w
			if l.isNil && in[l.name] == 1 {
				nilRecv = true
			}
		}
		if pre != nil {
			if po := refRun(pre, in); po.results == nil || po.results[0] != uint64(1) {
				continue
			}
		}
		out := refRun(fn, in)
		if out.aborted != "" && !nilRecv {
			t.Fatalf("%s on %v: reference run aborted: %s", fn.Name, in, out.aborted)
		}
		for _, o := range objs {
			if obs[o] == nil && reaches(out, o) {
				obs[o] = copyMap(in)
			}
		}
		if disagree == "" && (bits <= 12 || n%13 == 0) { // nil receivers too: the engine runs them
			if why := engineAgrees(eng, fn, in, out); why != "" {
				disagree = fmt.Sprintf("on %v: %s", in, why)
			}
		}
	}
	switch {
	case disagree != "" && !engineWrong:
		t.Fatalf("%s %s", fn.Name, disagree)
	case disagree == "" && engineWrong:
		t.Errorf("%s: listed in engine-wrong, but the engine agrees with the reference interpreter: remove the entry", fn.Name)
	case disagree != "":
		t.Logf("%s: the engine is wrong, as expected: %s", fn.Name, disagree)
	}
	return obs
}

// engineAgrees runs the engine on one input and says how its path differs
// from the reference run ("" if it does not).
func engineAgrees(eng *engine.Engine, fn *ir.Function, in map[string]uint64, out *outcome) (why string) {
	defer func() {
		if r := recover(); r != nil {
			why = fmt.Sprintf("the engine crashed: %v", r)
		}
	}()
	p := eng.Run(fn, in)
	got := &outcome{sides: map[side]bool{}, panicAt: p.PanicAt}
	for _, st := range p.Steps {
		got.sides[side{st.If, st.Taken}] = true
	}
	if !sameOutcome(out, got) {
		return "the reference interpreter and the engine take different branches"
	}
	return ""
}

func sameOutcome(a, b *outcome) bool {
	if a.panicAt != b.panicAt || len(a.sides) != len(b.sides) {
		return false
	}
	for s := range a.sides {
		if !b.sides[s] {
			return false
		}
	}
	return true
}

func copyMap(m map[string]uint64) map[string]uint64 {
	c := make(map[string]uint64, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}

// compare lists the disagreements between the encoding's answers and the
// enumeration. undecided holds the reason expected for the objectives the
// encoding may leave undecided ("": none may be). A witness must satisfy
// the precondition pre (nil: none).
func compare(fn, pre *ir.Function, objs []indep.Objective, rs []indep.Result, obs observed, undecided string) []string {
	var bad []string
	for i, o := range objs {
		r := rs[i]
		w := obs[o]
		switch r.Status {
		case indep.Unreachable:
			if w != nil {
				bad = append(bad, fmt.Sprintf("FALSE UNREACHABLE %s: reached by %v", o, w))
			}
		case indep.Reachable:
			if !reaches(refRun(fn, r.Witness), o) {
				bad = append(bad, fmt.Sprintf("%s: the witness %v does not reach it", o, r.Witness))
			}
			if pre != nil {
				if po := refRun(pre, r.Witness); po.results == nil || po.results[0] != uint64(1) {
					bad = append(bad, fmt.Sprintf("%s: the witness %v violates the precondition", o, r.Witness))
				}
			}
		default:
			if undecided == "" || !strings.Contains(r.Reason, undecided) {
				bad = append(bad, fmt.Sprintf("%s: undecided: %s", o, r.Reason))
			}
		}
		if w == nil && r.Status == indep.Reachable {
			bad = append(bad, fmt.Sprintf("%s: reachable, but no input reaches it", o))
		}
	}
	return bad
}

// scenario is a txtar file of testdata: a package p, the functions to check
// (section funcs), per function the reason expected for the objectives the
// encoding leaves undecided (section undecided: "Func reason"), and the
// functions the engine is known to run wrongly (section engine-wrong:
// "Func why").
type scenario struct {
	targets     []*lower.Target
	undecided   map[string]string
	engineWrong map[string]bool
}

// loadScenario writes a txtar scenario's files into a temporary directory
// and lowers its functions.
func loadScenario(t *testing.T, file string) *scenario {
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var funcs []string
	sc := &scenario{undecided: map[string]string{}, engineWrong: map[string]bool{}}
	for _, f := range ar.Files {
		switch f.Name {
		case "funcs":
			funcs = strings.Fields(string(f.Data))
		case "undecided", "engine-wrong":
			for _, line := range strings.Split(strings.TrimSpace(string(f.Data)), "\n") {
				name, reason, _ := strings.Cut(line, " ")
				if f.Name == "undecided" {
					sc.undecided[name] = reason
				} else {
					sc.engineWrong[name] = true
				}
			}
		default:
			if err := os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	res, err := lower.Load(dir, funcs)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range res.Errors {
		t.Fatal(e)
	}
	sc.targets = res.Targets
	return sc
}

// TestBruteForce checks every objective of every scenario function: an
// unreachable answer must be observed by no input, a witness must reach its
// objective, every objective no input reaches must be unreachable.
func TestBruteForce(t *testing.T) {
	files, err := filepath.Glob("testdata/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenarios: %v", err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			sc := loadScenario(t, file)
			undecided := sc.undecided
			for _, tg := range sc.targets {
				start := time.Now()
				objs := allObjectives(tg.Func)
				obs := enumerate(t, tg.Func, tg.Assume, objs, sc.engineWrong[tg.Name])
				rs := indep.Check(tg.Func, objs, indep.Options{Assume: tg.Assume})
				for _, b := range compare(tg.Func, tg.Assume, objs, rs, obs, undecided[tg.Name]) {
					t.Errorf("%s: %s", tg.Name, b)
				}
				unr := 0
				for i, r := range rs {
					if r.Status != indep.Unreachable {
						continue
					}
					unr++
					// The proof stands alone: cvc5 reads it as a user would.
					if a, err := indep.CVC5(r.Script, 20*time.Second); a != "unsat" || err != nil {
						t.Errorf("%s: %s: the script of an unreachable answer: cvc5 says %q, %v\n%s", tg.Name, objs[i], a, err, r.Script)
					}
				}
				if tg.Name == "Never" && unr > 0 && !strings.Contains(rs[0].Script, "no input satisfies the precondition") {
					t.Errorf("Never: no input satisfies its precondition, and the proof is not the precondition's alone:\n%s", rs[0].Script)
				}
				if _, ok := undecided[tg.Name]; ok && !slices.ContainsFunc(rs, func(r indep.Result) bool { return r.Status == indep.Undecided }) {
					t.Errorf("%s: expected undecided objectives, found none", tg.Name)
				}
				t.Logf("%s: %d objectives, %d unreachable (%v)", tg.Name, len(objs), unr, time.Since(start))
			}
		})
	}
}
