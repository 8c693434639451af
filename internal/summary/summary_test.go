// Tests: the catalogue's shapes, the postconditions' atoms, Term against Holds.

package summary

import (
	"math/rand"
	"strings"
	"testing"

	"leapfrog/internal/expr"
)

// atomsOf lists the atoms of a formula.
func atomsOf(f Formula) []Atom {
	switch f := f.(type) {
	case And:
		var out []Atom
		for _, g := range f {
			out = append(out, atomsOf(g)...)
		}
		return out
	case Or:
		var out []Atom
		for _, g := range f {
			out = append(out, atomsOf(g)...)
		}
		return out
	case Not:
		return atomsOf(f.F)
	case Truth:
		return []Atom{f.A}
	case Cmp:
		var out []Atom
		for _, l := range []Lin{f.L, f.R} {
			for _, t := range l.Terms {
				out = append(out, t.Atom)
			}
		}
		return out
	}
	panic(f)
}

// TestPostAtoms checks that every postcondition reads atoms its kind has:
// lengths of Text arguments and Str results, values of the others, Truth
// of bool results only.
func TestPostAtoms(t *testing.T) {
	for _, k := range Kinds() {
		f := Post(k)
		for _, a := range atomsOf(f) {
			shapes := k.Args()
			if a.Result {
				shapes = k.Results()
			}
			if a.Index >= len(shapes) {
				t.Fatalf("%v: %s: no such atom", k, a)
			}
			s := shapes[a.Index]
			if a.Len != (s == Text || s == Str) {
				t.Fatalf("%v: %s of a %v", k, a, s)
			}
		}
		var truths func(Formula)
		truths = func(f Formula) {
			switch f := f.(type) {
			case And:
				for _, g := range f {
					truths(g)
				}
			case Or:
				for _, g := range f {
					truths(g)
				}
			case Not:
				truths(f.F)
			case Truth:
				if !f.A.Result || k.Results()[f.A.Index] != Bool {
					t.Fatalf("%v: truth of %s", k, f.A)
				}
			case Cmp:
				for _, l := range []Lin{f.L, f.R} {
					for _, x := range l.Terms {
						if x.Atom.Result && !x.Atom.Len && k.Results()[x.Atom.Index] == Bool {
							t.Fatalf("%v: bool %s compared", k, x.Atom)
						}
					}
				}
			}
		}
		truths(f)
		if s := String(f); s == "" || strings.Contains(s, "%!") {
			t.Fatalf("%v: %q", k, s)
		}
	}
}

// TestTermHolds checks Term against Holds on random small atoms.
func TestTermHolds(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for _, k := range Kinds() {
		b := expr.NewBuilder()
		f := Post(k)
		for i := 0; i < 300; i++ {
			vals := map[Atom]int64{}
			model := map[string]uint64{}
			for _, a := range atomsOf(f) {
				v := rng.Int63n(12) - 2
				if a.Len && v < 0 {
					v = 0
				}
				if a.Result && !a.Len && k.Results()[a.Index] == Bool {
					v &= 1
				}
				vals[a] = v
				model[a.String()] = uint64(v)
			}
			term := Term(b, f, func(a Atom) *expr.Term {
				if a.Result && !a.Len && k.Results()[a.Index] == Bool {
					return b.Var(a.String(), 0)
				}
				return b.Var(a.String(), 64)
			})
			want := Holds(f, func(a Atom) int64 { return vals[a] })
			if got := expr.Eval(term, model) == 1; got != want {
				t.Fatalf("%v: %s under %v: term %v, Holds %v", k, String(f), vals, got, want)
			}
		}
	}
}

// TestLookup checks the catalogue: names are go/ssa's, kinds have shapes.
func TestLookup(t *testing.T) {
	for _, f := range Funcs() {
		g, ok := Lookup(f.Name)
		if !ok || g.Kind != f.Kind {
			t.Fatalf("Lookup(%s)", f.Name)
		}
		if len(f.Kind.Args()) == 0 || len(f.Kind.Results()) == 0 {
			t.Fatalf("%s: %v has no shapes", f.Name, f.Kind)
		}
	}
	if _, ok := Lookup("strings.Fields"); ok {
		t.Fatal("strings.Fields is not summarised")
	}
}
