// Differential test: assembly functions run as their packages' pure-Go fallbacks (math's archX, math/big's _g loops) against the compiled program.

package engine

import (
	"fmt"
	"math"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"leapfrog/internal/expr"
	"leapfrog/internal/externals"
	"leapfrog/internal/ir"
	"leapfrog/internal/lower"
)

// fallbackSrc calls the functions of math with an assembly body on amd64
// whose results IEEE 754 defines exactly (Floor, Ceil, Trunc through
// Modf, Max, Min), and the others, which must be rejected,
// and math/big's arithmetic on multi-word numbers (addVV, subVV, lshVU,
// rshVU, mulAddVWW, addMulVVWW). Results are bits: a NaN's payload
// counts too.
const fallbackSrc = `package main

import (
	"fmt"
	"math"
	"math/big"
)

func Unary(x float64) (uint64, uint64, uint64, uint64, uint64) {
	i, f := math.Modf(x)
	return math.Float64bits(math.Floor(x)), math.Float64bits(math.Ceil(x)), math.Float64bits(math.Trunc(x)),
		math.Float64bits(i), math.Float64bits(f)
}

func Binary(x, y float64) (uint64, uint64) {
	return math.Float64bits(math.Max(x, y)), math.Float64bits(math.Min(x, y))
}

// Rounded calls the assembly whose Go fallbacks round differently on
// amd64 (Exp(-2.5) is one ulp off, Exp(709.7) overflows in assembly
// only, Log of a subnormal differs): never interpreted, run natively.
func Rounded(x, y float64) (uint64, uint64, uint64) {
	return math.Float64bits(math.Exp(x)), math.Float64bits(math.Log(x)), math.Float64bits(math.Hypot(x, y))
}

// Signs branches on each rounded result, and on one of constant
// arguments (Log(10) > 2).
func Signs(x, y float64) int {
	k := 0
	if math.Exp(x) > 1 {
		k |= 1
	}
	if math.Log(x) > 0 {
		k |= 2
	}
	if math.Hypot(x, y) > 1 {
		k |= 4
	}
	if math.Log(10) > 2 {
		k |= 8
	}
	return k
}

func fold(z *big.Int) uint64 {
	h := uint64(z.Sign() + 1)
	for _, w := range z.Bits() {
		h = h*1000003 + uint64(w)
	}
	return h
}

func Big(a, b, c, d uint64, s uint8) (uint64, uint64, uint64, uint64, uint64) {
	x := new(big.Int).SetUint64(a)
	x.Lsh(x, 64)
	x.Add(x, new(big.Int).SetUint64(b))
	y := new(big.Int).SetUint64(c | 1)
	y.Lsh(y, uint(s%70))
	y.Add(y, new(big.Int).SetUint64(d))
	if d&1 == 1 {
		y.Neg(y)
	}
	sum := new(big.Int).Add(x, y)
	diff := new(big.Int).Sub(y, x)
	prod := new(big.Int).Mul(x, y)
	q, m := new(big.Int).DivMod(prod, new(big.Int).Add(x, big.NewInt(3)), new(big.Int))
	r := new(big.Int).Rsh(prod, uint(s))
	return fold(sum), fold(diff), fold(q), fold(m), fold(r)
}

func main() {
	for _, x := range xs {
		fmt.Println(Unary(x))
		for _, y := range xs[:4] {
			fmt.Println(Binary(x, y))
			fmt.Println(Rounded(x, y))
			fmt.Println(Signs(x, y))
		}
	}
	for _, in := range bigs {
		fmt.Println(Big(in[0], in[1], in[2], in[3], uint8(in[4])))
	}
}
`

// TestFallbacksAgainstGo runs the functions of fallbackSrc in the engine,
// the assembly they reach replaced by the Go fallbacks the front end
// finds (Unary, Binary and Big), or run natively where the fallbacks round
// differently (Rounded: Exp, Log and Hypot, externals.Native), and
// compares every result with the compiled program's, on special values
// (zeros, infinities, NaN, huge and tiny numbers, halves) and random ones.
// Rounded's results are free variables when its arguments are symbolic
// (the engine cannot compute them), constants when they are concrete.
func TestFallbacksAgainstGo(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	xs := []float64{0, math.Copysign(0, -1), 1, -1, 0.5, -0.5, 2.5, -2.5, 1e300, -1e300, 5e-324, math.Inf(1), math.Inf(-1), math.NaN(),
		1 << 52, -(1 << 52) - 0.5, 709.7, -745.2, 4503599627370495.5, math.MaxFloat64, math.SmallestNonzeroFloat64}
	n := 30
	if testing.Short() {
		n = 8
	}
	for range n {
		xs = append(xs, math.Float64frombits(rng.Uint64()), (rng.Float64()-0.5)*float64(int64(1)<<uint(rng.Intn(60))))
	}
	var bigs [][5]uint64
	for range n {
		in := [5]uint64{rng.Uint64(), rng.Uint64(), rng.Uint64(), rng.Uint64(), uint64(rng.Intn(140))}
		if rng.Intn(3) == 0 {
			in[0] = 0
		}
		bigs = append(bigs, in)
	}
	var b strings.Builder
	b.WriteString(fallbackSrc)
	b.WriteString("\nvar xs = []float64{")
	for _, x := range xs {
		fmt.Fprintf(&b, "math.Float64frombits(%#x), ", math.Float64bits(x))
	}
	b.WriteString("}\n\nvar bigs = [][5]uint64{")
	for _, in := range bigs {
		fmt.Fprintf(&b, "{%d, %d, %d, %d, %d}, ", in[0], in[1], in[2], in[3], in[4])
	}
	b.WriteString("}\n")
	dir, want := runProgram(t, b.String())

	res, err := lower.Load(dir, []string{"Unary", "Binary", "Big", "Rounded", "Signs"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Errors) != 0 {
		t.Fatalf("rejected: %v", res.Errors)
	}
	targets := map[string]*ir.Function{}
	for _, tg := range res.Targets {
		if err := ir.Check(tg.Prog); err != nil {
			t.Fatal(err)
		}
		targets[tg.Name] = tg.Func
	}
	e := New(expr.NewBuilder(), 10)
	k, compared := 0, 0
	run := func(name string, model map[string]uint64, arg string) *Path {
		t.Helper()
		p := e.Run(targets[name], model)
		if k >= len(want) {
			t.Fatalf("the compiled program printed %d lines", len(want))
		}
		w := want[k]
		k++
		if p.Aborted != "" || p.Panic != "" {
			t.Errorf("%s(%s): aborted %q, panic %q; want %s", name, arg, p.Aborted, p.Panic, w)
			return p
		}
		var got []string
		for _, o := range p.Outputs {
			got = append(got, strconv.FormatUint(o.Bits, 10))
		}
		if g := strings.Join(got, " "); g != w {
			t.Errorf("%s(%s):\n got %s\nwant %s", name, arg, g, w)
		}
		compared++
		return p
	}
	for _, x := range xs {
		run("Unary", map[string]uint64{"x": math.Float64bits(x)}, fmt.Sprint(x))
		for _, y := range xs[:4] {
			xy := map[string]uint64{"x": math.Float64bits(x), "y": math.Float64bits(y)}
			run("Binary", xy, fmt.Sprint(x, ", ", y))
			run("Rounded", xy, fmt.Sprint(x, ", ", y))
			p := run("Signs", xy, fmt.Sprint(x, ", ", y))
			var deps [][]string
			for _, st := range p.Steps {
				switch {
				case st.Depth != 0:
				case st.Cond == nil:
					deps = append(deps, nil) // concrete
				default:
					deps = append(deps, Externals(st.Cond))
				}
			}
			if want := [][]string{{"math.Exp"}, {"math.Log"}, {"math.Hypot"}, nil}; fmt.Sprint(deps) != fmt.Sprint(want) {
				t.Errorf("Signs(%v, %v): its branches depend on %v, want %v", x, y, deps, want)
			}
		}
	}
	for _, in := range bigs {
		run("Big", map[string]uint64{"a": in[0], "b": in[1], "c": in[2], "d": in[3], "s": in[4]}, fmt.Sprint(in))
	}
	if k != len(want) {
		t.Errorf("compared %d of the program's %d lines", k, len(want))
	}
	t.Logf("%d calls compared", compared)
}

// runProgram writes src as the package main of module p in a temporary
// directory, runs it, and returns the directory and the lines it printed.
func runProgram(t *testing.T, src string) (string, []string) {
	t.Helper()
	dir := t.TempDir()
	for name, data := range map[string]string{"go.mod": "module p\n\ngo 1.26\n", "p.go": src} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("go", "run", ".")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("the compiled program: %v", err)
	}
	return dir, strings.Split(strings.TrimSpace(string(out)), "\n")
}

// TestNativeImplemented: every function externals.Native names is run by
// the engine, and the engine runs no other.
func TestNativeImplemented(t *testing.T) {
	listed := map[string]bool{}
	for _, n := range externals.Native {
		listed[n] = true
		if _, ok := nativeFuncs[n]; !ok {
			t.Errorf("externals.Native lists %s, which the engine does not run", n)
		}
	}
	for n := range nativeFuncs {
		if !listed[n] {
			t.Errorf("the engine runs %s natively, which externals.Native does not list", n)
		}
	}
}
