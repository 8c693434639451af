// Tests: merged runs (path merging) agree with plain runs; obligations hold exactly when taken.

package engine

import (
	"fmt"
	"leapfrog/internal/testutil"
	"math/rand"
	"path/filepath"
	"reflect"
	"testing"

	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
	"leapfrog/internal/irparse"
	"leapfrog/internal/lower"
)

type side struct {
	If  *ir.If
	Dir bool
}

// sides returns the branch outcomes a run took, merged regions included.
func sides(p *Path) map[side]bool {
	m := map[side]bool{}
	for _, st := range p.Steps {
		m[side{st.If, st.Taken}] = true
	}
	for _, r := range p.Merged {
		for _, ob := range r.Obligations {
			if ob.Taken {
				m[side{ob.If, ob.Dir}] = true
			}
		}
	}
	return m
}

func TestMergeConsistency(t *testing.T) {
	dst := testutil.BenchCopy(t)
	targets := map[string][]string{
		"tcas":  {"AltSepTest12", "AltSepTest"},
		"wbs":   {"Step", "Launch"},
		"paper": {"G", "Classify", "Count4Bits", "GetSetBits"},
	}
	rng := rand.New(rand.NewSource(11))
	for pkg, names := range targets {
		res, err := lower.Load(filepath.Join(dst, pkg), names)
		if err != nil || len(res.Errors) > 0 {
			t.Fatalf("%s: %v %v", pkg, err, res.Errors)
		}
		for _, tg := range res.Targets {
			plain := New(expr.NewBuilder(), 10)
			merged := New(expr.NewBuilder(), 10)
			merged.Merge = NewMerger(4000)
			regions := 0
			for i := 0; i < 100; i++ {
				model := map[string]uint64{}
				for _, p := range tg.Func.Params {
					randomize(rng, p.Ident, p.Typ, model)
				}
				p, q := plain.Run(tg.Func, model), merged.Run(tg.Func, model)
				if p.Aborted != "" || q.Aborted != "" {
					t.Fatalf("%s.%s: aborted: %q %q", pkg, tg.Name, p.Aborted, q.Aborted)
				}
				if !reflect.DeepEqual(p.Outputs, q.Outputs) || p.Panic != q.Panic {
					t.Fatalf("%s.%s %v: merged run gives %v %q, plain %v %q", pkg, tg.Name, model, q.Outputs, q.Panic, p.Outputs, p.Panic)
				}
				if !reflect.DeepEqual(sides(p), sides(q)) {
					t.Fatalf("%s.%s %v: merged and plain runs cover different outcomes", pkg, tg.Name, model)
				}
				for _, st := range q.Steps {
					if st.Cond != nil && expr.Eval(st.Cond, model) != 1 {
						t.Fatalf("%s.%s: step constraint %v false", pkg, tg.Name, st.Cond)
					}
				}
				regions += len(q.Merged)
				for _, r := range q.Merged {
					for _, ob := range r.Obligations {
						if (expr.Eval(ob.Term, model) == 1) != ob.Taken {
							t.Fatalf("%s.%s %v: obligation of %s %v is %v, taken %v", pkg, tg.Name, model, ob.If.Pos, ob.Dir, ob.Term, ob.Taken)
						}
					}
				}
			}
			if regions == 0 && tg.Name != "G" {
				t.Errorf("%s.%s: nothing merged", pkg, tg.Name)
			}
		}
	}
}

// TestMergeGuardedStore: a store inside a merged region is guarded, and the
// summary bound turns merging off.
func TestMergeGuardedStore(t *testing.T) {
	src := `
func F(x i32, v i32) i32 {
b0:
    %1 = alloc [2]i32
    %2 = lt x, 0:i32
    if %2 b1 b2
b1:
    %3 = indexaddr %1, 0:i32
    store %3, v
    jump b2
b2:
    %4 = indexaddr %1, 0:i32
    %5 = load %4
    return %5
}
`
	prog, err := irparse.Parse("f.lf", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	for _, bound := range []int{1000, 1} {
		e := New(expr.NewBuilder(), 10)
		e.Merge = NewMerger(bound)
		for _, x := range []int64{-1, 1} {
			m := map[string]uint64{"x": uint64(x) & expr.Mask(32), "v": 9}
			p := e.Run(prog.Funcs[0], m)
			want := uint64(0)
			if x < 0 {
				want = 9
			}
			if got := p.Outputs[0].Bits; got != want {
				t.Errorf("bound %d: F(%d, 9) = %d, want %d", bound, x, got, want)
			}
			if merged := len(p.Merged) == 1 && len(p.Steps) == 0; merged != (bound > 1) {
				t.Errorf("bound %d: %d merged regions, %d steps", bound, len(p.Merged), len(p.Steps))
			}
		}
	}
}

// TestChainRegions: in loop-free functions, regions found on the exit chain
// are those the exhaustive scan finds.
func TestChainRegions(t *testing.T) {
	dst := testutil.BenchCopy(t)
	targets := map[string][]string{
		"tcas":           {"AltSepTest12"},
		"wbs":            {"Step"},
		"paper":          {"Classify"},
		"synthpkg/s20k8": {"F"},
		"synthpkg/s61k1": {"F"},
	}
	checked := 0
	for pkg, names := range targets {
		res, err := lower.Load(filepath.Join(dst, pkg), names)
		if err != nil || len(res.Errors) > 0 {
			t.Fatalf("%s: %v %v", pkg, err, res.Errors)
		}
		e := New(expr.NewBuilder(), 10)
		for _, f := range res.Targets[0].Prog.Funcs {
			if len(f.Blocks) == 0 {
				continue
			}
			mg := NewMerger(4000)
			ec := mg.exitChainsOf(f)
			if ec == nil {
				continue // a loop: the scan decides
			}
			li := e.loopInfo(f)
			for _, b := range f.Blocks {
				if _, ok := b.Terminator().(*ir.If); !ok {
					continue
				}
				want, got := mg.scanRegion(b, li), mg.chainRegion(b, ec)
				if (want == nil) != (got == nil) || want != nil && (want.exit != got.exit || len(want.order) != len(got.order)) {
					t.Errorf("%s.%s b%d: scan %v, chain %v", pkg, f.Name, b.Index, regionString(want), regionString(got))
				}
				checked++
			}
		}
	}
	t.Logf("%d branch blocks checked", checked)
	if checked < 100 {
		t.Errorf("only %d branch blocks checked", checked)
	}
}

func regionString(r *region) string {
	if r == nil {
		return "none"
	}
	return fmt.Sprintf("exit b%d, %d blocks", r.exit.Index, len(r.order))
}

// TestMergeConstantObligations: the branches of a block a constant
// condition keeps the region from entering, those of the callees it calls
// included, get constant-false obligations naming that condition; a side
// whose guard folds with its condition to false names the folded terms.
func TestMergeConstantObligations(t *testing.T) {
	src := `
func G(y i32) i32 {
b0:
    %1 = lt y, 0:i32
    if %1 b1 b2
b1:
    return 1:i32
b2:
    return 2:i32
}

func F(x i32) i32 {
b0:
    %1 = eq 1:i32, 2:i32
    if %1 b1 b2
b1:
    %2 = call G(x)
    jump b2
b2:
    %3 = lt x, 5:i32
    if %3 b3 b4
b3:
    %4 = lt x, 5:i32
    if %4 b5 b6
b5:
    jump b6
b6:
    jump b4
b4:
    return x
}
`
	prog, err := irparse.Parse("f.lf", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var f, g *ir.Function
	for _, fn := range prog.Funcs {
		switch fn.Name {
		case "F":
			f = fn
		case "G":
			g = fn
		}
	}
	e := New(expr.NewBuilder(), 10)
	e.Merge = NewMerger(1000)
	p := e.Run(f, map[string]uint64{"x": 1})
	constant, folded := 0, 0
	for _, r := range p.Merged {
		for _, ob := range r.Obligations {
			isFalse := ob.Term.IsConst() && ob.Term.Val == 0
			switch {
			case ob.If.Block().Func == g:
				// Both sides of G's branch: never entered, by F's b0.
				if !isFalse || ob.Const == nil || ob.Const.Block() != f.Blocks[0] || ob.ConstDir != true {
					t.Errorf("G's %v side: obligation %v, const %v %v; want false by F's b0 true", ob.Dir, ob.Term, ob.Const, ob.ConstDir)
				}
				constant++
			case ob.If.Block() == f.Blocks[0] && ob.Dir:
				if !isFalse || ob.Const != ob.If || ob.ConstDir != true {
					t.Errorf("F b0 true: obligation %v, const %v %v; want false by itself", ob.Term, ob.Const, ob.ConstDir)
				}
			case isFalse && ob.Const == nil:
				if len(ob.Folded) != 2 {
					t.Errorf("%s %v: false with %d folded terms, want 2", ob.If.Pos, ob.Dir, len(ob.Folded))
				}
				folded++
			}
		}
	}
	if constant != 2 || folded != 1 {
		t.Errorf("%d obligations false by a constant condition in G, %d folded; want 2 and 1", constant, folded)
	}
}
