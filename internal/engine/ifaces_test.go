// Tests: concolic consistency and state numbers on interfaces, closures and deferred calls; interface input names and defaults.

package engine

import (
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
	"leapfrog/internal/lower"
)

// ifaceSrc exercises interface inputs (direct, in a struct, in a slice),
// type switches, assertions, dispatch, comparisons, closures, function
// values, deferred calls, recover and panics with values.
const ifaceSrc = `package p

type Shape interface{ Area() int8 }

type Sq struct{ S int8 }
type Box struct{ B bool }

func (s Sq) Area() int8 {
	if s.S < 0 {
		return -s.S
	}
	return s.S
}

func (b *Box) Area() int8 {
	if b.B {
		return 7
	}
	return 3
}

type Holder struct {
	S Shape
	N int8
}

type E struct{ C int8 }

func (e *E) Error() string { return "e" }

func Kind(s Shape, k int8) int8 {
	switch v := s.(type) {
	case Sq:
		if v.S == k {
			return 1
		}
	case *Box:
		if v == nil {
			return 3
		}
		return v.Area()
	case nil:
		return 5
	}
	return 6
}

func Many(h Holder, ss []Shape) int8 {
	t := h.N
	if h.S != nil && h.S.Area() > 2 {
		t++
	}
	for _, s := range ss {
		if s != nil {
			t += s.Area()
		}
		if s == h.S {
			t--
		}
	}
	return t
}

func Defers(x int8, s Shape) (r int8, err error) {
	add := func(d int8) { r += d }
	defer func() {
		if e := recover(); e != nil {
			err = &E{C: x}
			add(1)
		}
	}()
	defer add(2)
	if s != nil {
		defer s.Area()
	}
	if x > 10 {
		panic(x)
	}
	r = 10 / x
	return r, nil
}
`

// TestIfaceConcolicConsistency runs the functions of ifaceSrc on random
// inputs over the variables the runs reveal (choice variables of
// interface inputs included) and checks that every recorded constraint
// holds under the input, that a second run gives the same path and
// outputs, and that state numbers repeat with the run.
func TestIfaceConcolicConsistency(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string]string{"go.mod": "module p\n\ngo 1.22\n", "p.go": ifaceSrc} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res, err := lower.Load(dir, []string{"Kind", "Many", "Defers"})
	if err != nil || len(res.Errors) > 0 {
		t.Fatalf("%v %v", err, res.Errors)
	}
	rng := rand.New(rand.NewSource(3))
	for _, tg := range res.Targets {
		e := New(expr.NewBuilder(), 10)
		e.MaxLen = 3
		e.States = NewStates()
		model := map[string]uint64{}
		paths := map[string]bool{}
		for i := 0; i < 300; i++ {
			p := e.Run(tg.Func, model)
			if p.Aborted != "" {
				t.Fatalf("%s: aborted: %s", tg.Name, p.Aborted)
			}
			var vars []*expr.Term
			for j, st := range p.Steps {
				if st.Cond == nil {
					continue
				}
				if expr.Eval(st.Cond, completed(p, model, st.Cond)) != 1 {
					t.Fatalf("%s: step %d (%s taken=%v): constraint %v is false under %v", tg.Name, j, st.If.Pos, st.Taken, st.Cond, model)
				}
				vars = append(vars, st.Cond)
			}
			q := e.Run(tg.Func, model)
			if len(q.Steps) != len(p.Steps) || q.Panic != p.Panic || len(q.Outputs) != len(p.Outputs) {
				t.Fatalf("%s: two runs on one input differ", tg.Name)
			}
			for j := range p.Steps {
				if p.Steps[j].State != q.Steps[j].State || p.Steps[j].If != q.Steps[j].If {
					t.Fatalf("%s: step %d: the second run's state number or branch differs", tg.Name, j)
				}
			}
			key := ""
			for _, st := range p.Steps {
				key += map[bool]string{true: "1", false: "0"}[st.Taken]
			}
			paths[key] = true
			// The next input: fresh values for the variables seen.
			model = map[string]uint64{}
			for _, v := range expr.Vars(vars...) {
				switch {
				case strings.HasSuffix(v.Name, "#type"):
					model[v.Name] = uint64(rng.Intn(4))
				case strings.HasSuffix(v.Name, "#len"):
					model[v.Name] = uint64(rng.Intn(4))
				case strings.HasPrefix(v.Name, "any#"):
				default:
					model[v.Name] = rng.Uint64() & expr.Mask(v.Width) % 20
				}
			}
		}
		t.Logf("%s: %d distinct paths", tg.Name, len(paths))
		if len(paths) < 3 {
			t.Errorf("%s: only %d distinct paths in 300 runs", tg.Name, len(paths))
		}
	}
}

// completed is the model with a 0 for every variable of t it lacks but
// the references the run p made nil by default (fresh any# variables are
// free: their concrete value is the value they stand for, so any model of
// them is fine here).
func completed(p *Path, model map[string]uint64, t *expr.Term) map[string]uint64 {
	out := map[string]uint64{}
	for _, v := range expr.Vars(t) {
		if x, ok := model[v.Name]; ok {
			out[v.Name] = x & expr.Mask(v.Width)
		} else {
			out[v.Name] = b2u(p.nilDefault[v.Name])
		}
	}
	return out
}

// TestInterfaceInputNames checks the names of interface inputs and their
// defaults: the choice variable x#type, the values x#as(T)..., a pointer
// held by an interface not nil by default, a pointer inside it nil.
func TestInterfaceInputNames(t *testing.T) {
	x, box := ir.ParamPath("x"), &ir.DynType{Name: "*Box"}
	if x.TypeVar() != "x#type" || x.As(box).String() != "x#as(*Box)" {
		t.Errorf("names: %s %s", x.TypeVar(), x.As(box))
	}
	h, ss := ir.ParamPath("h"), ir.ParamPath("ss")
	for _, c := range []struct {
		p       ir.InputPath
		name    string
		nilByDf bool
	}{
		{x.As(box), "x#as(*Box)#nil", false},
		{x.As(box).Field("Next"), "x#as(*Box).Next#nil", true},
		{h.Field("S").As(&ir.DynType{Name: "[]int8"}), "h.S#as([]int8)#nil", false},
		{h.Field("S").As(box).Field("P"), "h.S#as(*Box).P#nil", true},
		{ir.ParamPath("p"), "p#nil", false},
		{ir.ParamPath("p").Field("Next"), "p.Next#nil", true},
		{ss.Elem(2).As(&ir.DynType{Name: "*pkg.T"}), "ss[2]#as(*pkg.T)#nil", false},
		{ss.Elem(2).As(&ir.DynType{Name: "*pkg.T"}).Elem(1), "ss[2]#as(*pkg.T)[1]#nil", true},
		{ir.ParamPath("m").MapValue(1).MapKey(0), "m#v[1]#k[0]#nil", true},
		{ir.LoopValuePath("ooc1.x"), "ooc1.x#nil", true},
	} {
		if c.p.NilVar() != c.name || c.p.NilByDefault() != c.nilByDf {
			t.Errorf("%s: nil by default %v, want %s %v", c.p.NilVar(), c.p.NilByDefault(), c.name, c.nilByDf)
		}
	}
}
