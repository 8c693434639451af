// The encoding of each operator against compiled Go: for sample operands, the formula's value must be the one Go computes.

package invariant

import (
	"bufio"
	"fmt"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"leapfrog/internal/ir"
	"leapfrog/internal/irparse"
	"leapfrog/internal/solver/z3"
)

// opCase is one operator on one type: an IR instruction computing %0 from
// x and y, and the same as a Go expression.
type opCase struct {
	ir, goExpr string
	xt, yt, rt string // IR types of x, y and the result
	bool       bool   // the result is a bool
	// over: the encoding over-approximates (any value satisfying some
	// facts): Go's value must be one of those allowed.
	over bool
}

var intTypes = []struct{ ir, goT string }{
	{"i8", "int8"}, {"u8", "uint8"}, {"i16", "int16"}, {"u16", "uint16"},
	{"i32", "int32"}, {"u32", "uint32"}, {"i64", "int64"}, {"u64", "uint64"},
}

func typeWidth(t string) int {
	var w int
	fmt.Sscanf(t[1:], "%d", &w)
	return w
}

// samples returns edge values and a few others of an integer type.
func samples(t string) []*big.Int {
	w := typeWidth(t)
	var lo, hi *big.Int
	if t[0] == 'i' {
		lo = new(big.Int).Neg(new(big.Int).Lsh(big.NewInt(1), uint(w-1)))
		hi = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(w-1)), big.NewInt(1))
	} else {
		lo = big.NewInt(0)
		hi = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(w)), big.NewInt(1))
	}
	set := map[string]*big.Int{}
	add := func(x *big.Int) {
		if x.Cmp(lo) >= 0 && x.Cmp(hi) <= 0 {
			set[x.String()] = x
		}
	}
	for _, d := range []int64{0, 1, 2, 5} {
		add(new(big.Int).Add(lo, big.NewInt(d)))
		add(new(big.Int).Sub(hi, big.NewInt(d)))
	}
	for _, v := range []int64{-7, -5, -3, -1, 0, 1, 3, 7, 100, -100, 12345, -12345} {
		add(big.NewInt(v))
	}
	var out []*big.Int
	for _, x := range set {
		out = append(out, x)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Cmp(out[j]) < 0 })
	return out
}

// ySamples are the second operand's samples: none for an operator that
// reads only x.
func ySamples(c opCase) []*big.Int {
	if !strings.Contains(c.ir, " y") {
		return []*big.Int{big.NewInt(0)}
	}
	all := samples(c.yt)
	var ys []*big.Int
	for i, y := range all {
		if i < 2 || i >= len(all)-2 || y.IsInt64() && y.Int64() >= -1 && y.Int64() <= 1 {
			ys = append(ys, y)
		}
	}
	return ys
}

func opCases() []opCase {
	var cs []opCase
	for _, t := range intTypes {
		w := typeWidth(t.ir)
		for _, op := range []struct{ ir, g string }{{"add", "x + y"}, {"sub", "x - y"}, {"min", "min(x, y)"}, {"max", "max(x, y)"}} {
			cs = append(cs, opCase{ir: op.ir + " x, y", goExpr: op.g, xt: t.ir, yt: t.ir, rt: t.ir})
		}
		for _, op := range []struct{ ir, g string }{{"and", "x & y"}, {"or", "x | y"}, {"xor", "x ^ y"}, {"andnot", "x &^ y"}, {"mul", "x * y"}} {
			cs = append(cs, opCase{ir: op.ir + " x, y", goExpr: op.g, xt: t.ir, yt: t.ir, rt: t.ir, over: true})
		}
		for _, op := range []struct{ ir, g string }{{"eq", "=="}, {"ne", "!="}, {"lt", "<"}, {"le", "<="}, {"gt", ">"}, {"ge", ">="}} {
			cs = append(cs, opCase{ir: op.ir + " x, y", goExpr: "b2i(x " + op.g + " y)", xt: t.ir, yt: t.ir, rt: "bool", bool: true})
		}
		cs = append(cs, opCase{ir: "neg x", goExpr: "-x", xt: t.ir, yt: t.ir, rt: t.ir},
			opCase{ir: "compl x", goExpr: "^x", xt: t.ir, yt: t.ir, rt: t.ir})
		consts := []int64{1, 3, 7, 100}
		if t.ir[0] == 'i' {
			consts = append(consts, -1, -5)
		}
		for _, c := range consts {
			if c >= 100 && w == 8 && t.ir[0] == 'i' {
				continue
			}
			cs = append(cs,
				opCase{ir: fmt.Sprintf("mul x, %d:%s", c, t.ir), goExpr: fmt.Sprintf("x * %d", c), xt: t.ir, yt: t.ir, rt: t.ir},
				opCase{ir: fmt.Sprintf("div x, %d:%s", c, t.ir), goExpr: fmt.Sprintf("x / %d", c), xt: t.ir, yt: t.ir, rt: t.ir},
				opCase{ir: fmt.Sprintf("rem x, %d:%s", c, t.ir), goExpr: fmt.Sprintf("x %% %d", c), xt: t.ir, yt: t.ir, rt: t.ir})
		}
		for _, k := range []int{0, 1, 3, w - 1, w, w + 3} {
			cs = append(cs,
				opCase{ir: fmt.Sprintf("shl x, %d:u8", k), goExpr: fmt.Sprintf("x << %d", k), xt: t.ir, yt: t.ir, rt: t.ir},
				opCase{ir: fmt.Sprintf("shr x, %d:u8", k), goExpr: fmt.Sprintf("x >> %d", k), xt: t.ir, yt: t.ir, rt: t.ir})
		}
		for _, k := range []int{0, 1, 3, w - 1} {
			m := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(k)), big.NewInt(1))
			cs = append(cs, opCase{ir: fmt.Sprintf("and x, %s:%s", m, t.ir), goExpr: fmt.Sprintf("x & %s", m), xt: t.ir, yt: t.ir, rt: t.ir},
				opCase{ir: fmt.Sprintf("and %s:%s, x", m, t.ir), goExpr: fmt.Sprintf("%s & x", m), xt: t.ir, yt: t.ir, rt: t.ir})
		}
		for _, u := range intTypes {
			cs = append(cs, opCase{ir: "convert x to " + u.ir, goExpr: u.goT + "(x)", xt: t.ir, yt: t.ir, rt: u.ir})
		}
	}
	return cs
}

// goResults compiles and runs a Go program evaluating every case on its
// samples, and returns the results per case, one per sample pair.
func goResults(t *testing.T, cs []opCase) [][]string {
	t.Helper()
	goType := map[string]string{}
	for _, it := range intTypes {
		goType[it.ir] = it.goT
	}
	var b strings.Builder
	b.WriteString("package main\n\nimport \"fmt\"\n\nfunc b2i(b bool) int { if b { return 1 }; return 0 }\n\nfunc main() {\n")
	list := func(t string, xs []*big.Int) string {
		var s []string
		for _, x := range xs {
			s = append(s, x.String())
		}
		return "[]" + goType[t] + "{" + strings.Join(s, ", ") + "}"
	}
	for i, c := range cs {
		fmt.Fprintf(&b, "\t{ // case %d\n\t\tf := func(x, y %s) any { _ = y; return %s }\n", i, goType[c.xt], c.goExpr)
		fmt.Fprintf(&b, "\t\tfor _, x := range %s {\n\t\t\tfor _, y := range %s {\n\t\t\t\tfmt.Println(%d, f(x, y))\n\t\t\t}\n\t\t}\n\t}\n",
			list(c.xt, samples(c.xt)), list(c.yt, ySamples(c)), i)
	}
	b.WriteString("}\n")
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module m\n\ngo 1.26\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "main.go"), []byte(b.String()), 0o644)
	cmd := exec.Command("go", "run", ".")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go run: %v", err)
	}
	res := make([][]string, len(cs))
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	for sc.Scan() {
		var i int
		var v string
		fmt.Sscan(sc.Text(), &i, &v)
		res[i] = append(res[i], v)
	}
	return res
}

// TestEncodeOperators checks the encoding of every integer operator,
// comparison and conversion against compiled Go on edge values.
func TestEncodeOperators(t *testing.T) {
	cs := opCases()
	want := goResults(t, cs)
	// One query per operand type: the disjunction, over every case and
	// sample, of the formula's value differing from Go's.
	byType := map[string][]int{}
	for i, c := range cs {
		byType[c.xt] = append(byType[c.xt], i)
	}
	// disagree returns the query that some case of ids disagrees with Go.
	disagree := func(ids []int) string {
		var dis, conj []string
		var vars []smtVar
		for _, i := range ids {
			c := cs[i]
			src := fmt.Sprintf("func F(x %s, y %s) %s {\n\t%%0 = %s\n\treturn %%0\n}\n", c.xt, c.yt, c.rt, c.ir)
			prog, err := irparse.Parse("op.ir", []byte(src))
			if err != nil {
				t.Fatalf("%s: %v", src, err)
			}
			fn := prog.Funcs[0]
			m := newModel(fn, nil)
			in := fn.Blocks[0].Instrs[0]
			k := 0
			for _, x := range samples(c.xt) {
				for _, y := range ySamples(c) {
					e := &enc{m: m, pre: fmt.Sprintf("c%d.%d:", i, k), r: &region{}, vals: map[vkey][]string{}}
					e.vals[vkey{m.top, fn.Params[0]}] = []string{num(x)}
					e.vals[vkey{m.top, fn.Params[1]}] = []string{num(y)}
					e.instr(m.top, in, "true")
					got := e.vals[vkey{m.top, in.(ir.Value)}]
					if len(got) != 1 {
						t.Fatalf("%s: %d atoms", c.ir, len(got))
					}
					w := want[i][k]
					if c.bool {
						w = map[string]string{"1": "true", "0": "false"}[w]
					} else if strings.HasPrefix(w, "-") {
						w = "(- " + w[1:] + ")"
					}
					if c.over {
						// Go's value must be allowed.
						conj = append(conj, fmt.Sprintf("(and %s (= %s %s))", strings.Join(append([]string{"true"}, e.r.facts...), " "), got[0], w))
					} else {
						dis = append(dis, fmt.Sprintf("(and %s (not (= %s %s)))", strings.Join(append([]string{"true"}, e.r.facts...), " "), got[0], w))
					}
					vars = append(vars, e.r.vars...)
					k++
				}
			}
		}
		var decls strings.Builder
		for _, v := range vars {
			fmt.Fprintf(&decls, "(declare-const %s %s)\n", v.name, v.sort)
		}
		if len(dis) > 0 {
			got, err := z3.EvalSMT2(decls.String()+"(assert (or "+strings.Join(dis, "\n")+"))\n(check-sat)\n", 0)
			if err != nil || got != "unsat" {
				return fmt.Sprintf("the formula's value differs from Go's: %s (%v)", got, err)
			}
		}
		if len(conj) > 0 {
			got, err := z3.EvalSMT2(decls.String()+"(assert (and true "+strings.Join(conj, "\n")+"))\n(check-sat)\n", 0)
			if err != nil || got != "sat" {
				return fmt.Sprintf("the formula excludes Go's value: %s (%v)", got, err)
			}
		}
		return ""
	}
	for _, it := range intTypes {
		if why := disagree(byType[it.ir]); why != "" {
			// Name the cases.
			for _, i := range byType[it.ir] {
				if why := disagree([]int{i}); why != "" {
					t.Errorf("%s on %s: the encoding differs from Go on a sample: %s", cs[i].ir, it.ir, why)
				}
			}
		}
	}
}
