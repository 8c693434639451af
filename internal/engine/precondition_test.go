// Tests: a precondition's formula holds exactly on the inputs where it returns true, or it runs branch by branch, and says why.

package engine

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
	"leapfrog/internal/lower"
)

const preSrc = `package p

import "fmt"

type P struct{ X int8 }

//leapfrog:assume x > 5 && y != 0
func And(x, y int8) int8 { return x / y }

//leapfrog:assume x > 0 || y > 0
func Or(x, y int8) int8 { return x + y }

// A panicking precondition: the inputs it panics on are no inputs.
//leapfrog:assume x/y > 2
func Div(x, y int8) int8 { return x }

//leapfrog:assume (x > 3) != (y < -2)
//leapfrog:assume within(x, -50, 70) && !within(y, 0, 9)
func Lines(x, y int8) int8 { return x - y }

func within(v, lo, hi int8) bool {
	switch {
	case v < lo:
		return false
	case v > hi:
		return false
	}
	return true
}

//leapfrog:assume p != nil && p.X > 3
func Ptr(p *P) int8 { return p.X }

//leapfrog:assume a[a[0]&1] > a[1-a[0]&1]
func Arr(a [2]int8) int8 { return a[0] }

//leapfrog:assume x > 0 && x < 0
func Never(x int8) int8 { return x }

type Q struct{ P *P }

// A pointer inside an input is nil by default: on the empty model, the
// precondition holds.
//leapfrog:assume q != nil && (q.P == nil || q.P.X > 3)
func Deep(q *Q) int8 { return 0 }

// Branch by branch: 512 paths.
//leapfrog:assume many(x) && y > 0
func Many(x, y int8) int8 { return x }

func many(x int8) bool {
	c := 0
	for _, m := range []int8{1, 2, 4, 8, 16, 32, 64, -128, 3} {
		if x&m != 0 {
			c++
		}
	}
	return c != 5
}

// Branch by branch: a loop bound by an input.
//leapfrog:assume spin(y) && x != 0
func Loop(x, y int8) int8 { return x }

func spin(n int8) bool {
	k := int8(0)
	for i := int8(0); i < n; i++ {
		k++
	}
	return k != 20
}

// Branch by branch: fmt prints a float concretely.
//leapfrog:assume fmt.Sprint(float64(x)) != "7"
func Native(x int8) int8 { return x }

// Branch by branch: a write to an input.
//leapfrog:assume bump(p)
func Write(p *P) int8 { return p.X }

func bump(p *P) bool {
	if p == nil {
		return false
	}
	p.X++
	return p.X > 0
}
`

// TestPreconditionFormula checks each precondition of preSrc on every
// input (two int8 leaves at most, and nil-ness): the formula holds exactly
// when the precondition, run alone, returns true without panicking, and the
// target's run is excluded exactly then; a precondition with no exact
// formula says why, and the target's runs still agree with it.
func TestPreconditionFormula(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string]string{"go.mod": "module p\n\ngo 1.22\n", "p.go": preSrc} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	inexact := map[string]string{
		"Many":   "more than 256 paths",
		"Loop":   "bounded",
		"Native": "concretely",
		"Write":  "writes",
	}
	names := []string{"And", "Or", "Div", "Lines", "Ptr", "Arr", "Never", "Deep", "Many", "Loop", "Native", "Write"}
	res, err := lower.Load(dir, names)
	if err != nil || len(res.Errors) > 0 {
		t.Fatalf("%v %v", err, res.Errors)
	}
	for _, tg := range res.Targets {
		t.Run(tg.Name, func(t *testing.T) {
			if tg.Assume == nil {
				t.Fatal("no precondition")
			}
			e := New(expr.NewBuilder(), 10)
			e.Assume = map[*ir.Function]*ir.Function{tg.Func: tg.Assume}
			f, why := e.PreconditionFormula(tg.Func)
			if want := inexact[tg.Name]; want != "" {
				if f != nil || !strings.Contains(why, want) {
					t.Fatalf("formula %v (%q), want none because %q", f, why, want)
				}
			} else if f == nil {
				t.Fatalf("no exact formula: %s", why)
			}
			holds, total := 0, 0
			for _, model := range preInputs(tg.Func) {
				total++
				pre := e.Run(tg.Assume, model)
				if pre.Aborted != "" {
					t.Fatalf("%v: the precondition's run aborts: %s", model, pre.Aborted)
				}
				want := pre.Panic == "" && pre.Outputs[0].Bits == 1
				if want {
					holds++
				}
				if f != nil {
					if got := evalDefaults(f, e.preFormulaOf(tg.Assume).nilDefault, model) == 1; got != want {
						t.Fatalf("%v: formula %v says %v, the precondition returns %v (panic %q)", model, f, got, want, pre.Panic)
					}
				}
				if total%61 == 0 || f == nil && total%7 == 0 {
					p := e.Run(tg.Func, model)
					if got := p.Excluded == "" && p.Aborted == ""; got != want {
						t.Fatalf("%v: the target's run is excluded %q, aborted %q; the precondition returns %v", model, p.Excluded, p.Aborted, want)
					}
				}
			}
			if tg.Name != "Never" && (holds == 0 || holds == total) {
				t.Fatalf("the precondition holds on %d of %d inputs: the test checks nothing", holds, total)
			}
		})
	}
}

// evalDefaults evaluates t under model, a missing variable taking its
// default (nilDefault: true) as a run's inputs do.
func evalDefaults(t *expr.Term, nilDefault map[string]bool, model map[string]uint64) uint64 {
	full := map[string]uint64{}
	for _, v := range expr.Vars(t) {
		full[v.Name] = b2u(nilDefault[v.Name])
		if x, ok := model[v.Name]; ok {
			full[v.Name] = x & expr.Mask(v.Width)
		}
	}
	return expr.Eval(t, full)
}

// preInputs enumerates the inputs of fn: the empty model (every variable
// at its default), then every value of each int8 leaf, and nil or not for
// a pointer.
func preInputs(fn *ir.Function) []map[string]uint64 {
	out := []map[string]uint64{{}}
	add := func(name string, vals int) {
		var next []map[string]uint64
		for _, m := range out {
			for v := 0; v < vals; v++ {
				c := map[string]uint64{}
				for k, x := range m {
					c[k] = x
				}
				c[name] = uint64(v)
				next = append(next, c)
			}
		}
		out = next
	}
	var leaves func(at ir.InputPath, t *ir.Type)
	leaves = func(at ir.InputPath, t *ir.Type) {
		switch t.Kind {
		case ir.KInt:
			add(at.String(), 1<<t.Width)
		case ir.KArray:
			for i := 0; i < t.Len; i++ {
				leaves(at.Elem(i), t.Elem)
			}
		case ir.KStruct:
			for _, f := range t.Fields {
				leaves(at.Field(f.Name), f.Type)
			}
		case ir.KPointer:
			add(at.NilVar(), 2)
			leaves(at, t.Elem)
		default:
			panic("preInputs: " + t.String())
		}
	}
	for _, p := range fn.Params {
		leaves(ir.ParamPath(p.Ident), p.Typ)
	}
	return append([]map[string]uint64{{}}, out...)
}
