// Readable cases on the bench: small integer inputs, and names that go test -run selects one by one.

package cli

import (
	"go/ast"
	"go/parser"
	"go/token"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"leapfrog/internal/testgen"
	"leapfrog/internal/testutil"
)

// TestReadableCases runs gen on examples/shapes and the bench's TCAS and
// WBS (issue 23 item 3): the median magnitude of the emitted integer
// inputs is under 10, none is larger than twice the largest integer
// constant of its package's source (plus 2: a sum of two of them passes a
// comparison with a third; Triangle(1980873, 2145502775, 1) does not),
// the case names of a test are distinct, and for every
// emitted case, go test -run 'TestX/^name$' runs exactly that case.
func TestReadableCases(t *testing.T) {
	testutil.SkipShort(t, "gen and go test on three packages")
	bench := benchCopy(t)
	shapes := t.TempDir()
	if err := os.CopyFS(shapes, os.DirFS(filepath.Join(testutil.Root(), "examples", "shapes"))); err != nil {
		t.Fatal(err)
	}
	var ints []*big.Int
	for _, dir := range []string{shapes, filepath.Join(bench, "tcas"), filepath.Join(bench, "wbs")} {
		js := filepath.Join(t.TempDir(), "r.json")
		if code, out, errs := run("gen", "-q", "-complete=false", "-timeout", "0", "-json", js, dir); code != 0 {
			t.Fatalf("gen %s: exit %d: %s%s", dir, code, out, errs)
		}
		r := readReport(t, js)
		limit := new(big.Int).Add(new(big.Int).Mul(maxConst(t, dir), big.NewInt(2)), big.NewInt(2))
		bin := filepath.Join(t.TempDir(), "pkg.test")
		build := exec.Command("go", "test", "-c", "-o", bin, ".")
		build.Dir = dir
		if out, err := build.CombinedOutput(); err != nil {
			t.Fatalf("go test -c in %s: %v\n%s", dir, err, out)
		}
		for _, f := range r.Functions {
			test := testgen.TestName(f.Function)
			seen := map[string]bool{}
			for _, c := range f.Cases {
				if c.Discarded {
					continue
				}
				if seen[c.Name] {
					t.Errorf("%s: two cases named %q", test, c.Name)
				}
				seen[c.Name] = true
				for _, in := range c.Inputs {
					for _, x := range intLits(t, in.Value) {
						if new(big.Int).Abs(x).Cmp(limit) > 0 {
							t.Errorf("%s case %q: %s = %s holds %v, above %v", test, c.Name, in.Name, in.Value, x, limit)
						}
						ints = append(ints, x)
					}
				}
				ranOnly(t, bin, dir, test, c.Name)
			}
		}
	}
	if len(ints) < 50 {
		t.Fatalf("only %d integer inputs emitted", len(ints))
	}
	mags := make([]*big.Int, len(ints))
	for i, x := range ints {
		mags[i] = new(big.Int).Abs(x)
	}
	slices.SortFunc(mags, func(a, b *big.Int) int { return a.Cmp(b) })
	if med := mags[len(mags)/2]; med.Cmp(big.NewInt(10)) >= 0 {
		t.Errorf("median magnitude of the %d emitted integer inputs is %v, want under 10", len(mags), med)
	}
}

// maxConst is the largest integer literal of the package's Go files in
// dir (not its tests).
func maxConst(t *testing.T, dir string) *big.Int {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	m := new(big.Int)
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if l, ok := n.(*ast.BasicLit); ok && l.Kind == token.INT {
				if x, ok := new(big.Int).SetString(strings.ReplaceAll(l.Value, "_", ""), 0); ok && x.Cmp(m) > 0 {
					m = x
				}
			}
			return true
		})
	}
	return m
}

// ranOnly runs the test binary with -run selecting the case named name of
// test, and checks that exactly that subtest ran.
func ranOnly(t *testing.T, bin, dir, test, name string) {
	t.Helper()
	want := test + "/" + goTestName(name)
	var pat []string
	for _, e := range strings.Split(want, "/") {
		pat = append(pat, "^"+regexp.QuoteMeta(e)+"$")
	}
	cmd := exec.Command(bin, "-test.run", strings.Join(pat, "/"), "-test.v")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Errorf("-run %s: %v\n%s", strings.Join(pat, "/"), err, out)
		return
	}
	var ran []string
	for _, l := range strings.Split(string(out), "\n") {
		if r, ok := strings.CutPrefix(l, "=== RUN   "); ok && strings.Contains(r, "/") {
			ran = append(ran, r)
		}
	}
	if len(ran) != 1 || ran[0] != want {
		t.Errorf("go test -run %s ran %q, want exactly %q", strings.Join(pat, "/"), ran, want)
	}
}

// goTestName is the name go test gives the subtest t.Run(name): spaces
// become underscores, unprintable runes their escapes.
func goTestName(name string) string {
	var b strings.Builder
	for _, r := range name {
		switch {
		case unicode.IsSpace(r):
			b.WriteByte('_')
		case !strconv.IsPrint(r):
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// intLits are the integer literals of a value as emitted (a negative one
// with its sign); runes and strings are not integers.
func intLits(t *testing.T, v string) []*big.Int {
	t.Helper()
	e, err := parser.ParseExpr(v)
	if err != nil {
		t.Fatalf("emitted value %q: %v", v, err)
	}
	var xs []*big.Int
	neg := map[*ast.BasicLit]bool{}
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.UnaryExpr:
			if l, ok := n.X.(*ast.BasicLit); ok && n.Op == token.SUB {
				neg[l] = true
			}
		case *ast.BasicLit:
			if n.Kind != token.INT {
				return true
			}
			x, ok := new(big.Int).SetString(strings.ReplaceAll(n.Value, "_", ""), 0)
			if !ok {
				t.Fatalf("integer literal %s in %q", n.Value, v)
			}
			if neg[n] {
				x.Neg(x)
			}
			xs = append(xs, x)
		}
		return true
	})
	return xs
}
