// Tests of pseudo branches: each internal decision carries its kind, named in its comment, and bounds are told by kind.

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

const pseudoSrc = `package p

var G int

type Shape interface{ Area() int }

type Sq struct{ S int }

func (s Sq) Area() int { return s.S }

func F(s []int, m map[int]int, str string, sh Shape, p *int, n int) int {
	r := 0
	if p == &G {
		r++
	}
	for _, c := range str {
		if c == 'x' {
			r++
		}
	}
	for k, v := range m {
		if k == v {
			r++
		}
	}
	s = append(s, 1)
	if len(s) > 2 {
		r++
	}
	if sh != nil && sh.Area() == 3 {
		r++
	}
	b := make([]int, n)
	if len(b) > 1 {
		r++
	}
	return r
}
`

// TestPseudoKinds runs a function making most kinds of internal decisions
// and checks every pseudo step: its comment starts with what its kind
// decides, its domain is its kind's (bounds are DomainBound steps, facts
// DomainFact ones), and every kind expected was met.
func TestPseudoKinds(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string]string{"go.mod": "module p\n\ngo 1.22\n", "p.go": pseudoSrc} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res, err := lower.Load(dir, []string{"F"})
	if err != nil || len(res.Errors) > 0 {
		t.Fatalf("%v %v", err, res.Errors)
	}
	fn := res.Targets[0].Func
	e := New(expr.NewBuilder(), 10)
	e.MaxLen = 3
	seen := map[ir.PseudoKind]bool{}
	for _, model := range []map[string]uint64{
		{},
		{"n": 2, "s#len": 2, "m#len": 2, "m#k[1]": 1, "str#len": 2, "str[0]": 0xc3, "str[1]": 0xa9, "sh#type": 1},
		{"n": 5, "s#len": 3, "s#spare": 0},
	} {
		p := e.Run(fn, model)
		for _, st := range p.Steps {
			k := st.If.Pseudo
			if !IsPseudo(st.If) {
				continue
			}
			seen[k] = true
			if c := st.If.Block().Comment; !strings.HasPrefix(c, purpose(k)+" ") {
				t.Errorf("pseudo branch %q of kind %d: its comment does not start with %q", c, k, purpose(k))
			}
			wantDomain := map[ir.PseudoKind]Domain{ir.DomainFact: DomainFact, ir.SizeBound: DomainBound, ir.TypesBound: DomainBound,
				ir.AliasBound: DomainBound, ir.Precondition: Precondition}[k]
			if st.Domain != wantDomain || IsBound(st.If) != (wantDomain == DomainBound) {
				t.Errorf("pseudo branch %q: domain %d, IsBound %v", st.If.Block().Comment, st.Domain, IsBound(st.If))
			}
		}
	}
	for _, k := range []ir.PseudoKind{ir.DomainFact, ir.SizeBound, ir.TypesBound, ir.AliasBound, ir.SizeFits, ir.ExactSize,
		ir.AppendFits, ir.RuneWidth, ir.MapEntry, ir.Dispatch} {
		if !seen[k] {
			t.Errorf("no pseudo branch %s met", purpose(k))
		}
	}
}

// TestPseudoKindUnknown: a kind the engine does not know is a crash, not a
// quiet answer.
func TestPseudoKindUnknown(t *testing.T) {
	for name, f := range map[string]func(){
		"purpose": func() { purpose(ir.PseudoKind(99)) },
		"IsBound": func() { IsBound(&ir.If{Pseudo: 99}) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s of an unknown kind did not panic", name)
				}
			}()
			f()
		}()
	}
}
