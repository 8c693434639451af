// The abstract interpretation alone against compiled Go: no outcome it excludes is reached by a run.

package invariant

import (
	"context"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"leapfrog/internal/ir"
	"leapfrog/internal/lower"
	"leapfrog/internal/oracle"
	"leapfrog/internal/verify"
)

// TestAbsIntAgainstRuns runs the functions of testdata/brute (one per
// construct the analysis follows: signed and unsigned comparisons,
// conversions, wrap-around, shifts, masks, remainders, slices and their
// elements, len and cap, slicing, append, copy, strings, and strconv's
// bsearch and IsPrint) on every input of small domains, compiled and
// instrumented by verify, and fails when an outcome the abstract
// interpretation excludes, without the certificate cvc5 checks, is reached.
func TestAbsIntAgainstRuns(t *testing.T) {
	files := map[string]string{}
	paths, err := filepath.Glob(filepath.Join("testdata", "brute", "*.go"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("testdata/brute: no Go files (%v)", err)
	}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files[filepath.Base(p)] = string(data)
	}
	st := bruteCheck(t, files, nil, true)
	t.Logf("%d functions, %d claims checked (%d panics), %d runs", st.funcs, st.claims, st.panics, st.runs)
	// The analysis must claim something on most functions, or the test
	// checks nothing.
	if st.claims < 2*st.funcs {
		t.Errorf("only %d claims over %d functions: the check is close to vacuous", st.claims, st.funcs)
	}
}

var (
	bruteSeed  = flag.Uint64("bruteseed", 0xab51, "TestAbsIntAgainstRandomPrograms: the generator's seed")
	bruteProgs = flag.Int("bruteprogs", 0, "TestAbsIntAgainstRandomPrograms: the functions generated (0: 60, 16 with -short)")
)

// TestAbsIntAgainstRandomPrograms does the same on functions of the
// oracle's random program generator (every input of theirs enumerated),
// without methods (a receiver is not enumerated here), preconditions, and
// the features that call fmt, sync and sort (slow to lower, and loop-free).
func TestAbsIntAgainstRandomPrograms(t *testing.T) {
	n := *bruteProgs
	switch {
	case n > 0:
	case testing.Short():
		n = 16
	default:
		n = 60
	}
	disabled := map[oracle.Feature]bool{}
	for _, f := range []oracle.Feature{oracle.FeatMethodTarget, oracle.FeatNilRecv, oracle.FeatAssume,
		oracle.FeatFmt, oracle.FeatFmtNative, oracle.FeatSync, oracle.FeatSortIter} {
		disabled[f] = true
	}
	// Units with loops, most over strings and slices (the analysis has
	// nothing to say about a function without a loop but its branches').
	var units []oracle.Unit
	var names []string
	seq := 0
	for i := 0; len(units) < n; i++ {
		u := oracle.GenerateUnit(oracle.UnitSeed(*bruteSeed, i), fmt.Sprintf("F%d", i), disabled)
		loops := false
		for _, f := range u.Features {
			loops = loops || f == oracle.FeatSeqLoop || f == oracle.FeatInputLoop || f == oracle.FeatLongLoop
			if f == oracle.FeatSeqLoop {
				seq++
			}
		}
		if loops {
			units = append(units, u)
			names = append(names, u.Func)
		}
	}
	t.Logf("%d functions with loops, %d over strings or slices", len(units), seq)
	st := bruteCheck(t, map[string]string{"p.go": oracle.Source(units...)}, names, false)
	t.Logf("%d functions, %d claims checked (%d panics), %d runs", st.funcs, st.claims, st.panics, st.runs)
	if st.claims == 0 {
		t.Errorf("no claim over %d functions: the check is vacuous", st.funcs)
	}
	if st.funcs < len(units)*9/10 {
		t.Errorf("only %d of %d functions enumerated", st.funcs, len(units))
	}
}

// bruteStats counts what bruteCheck checked.
type bruteStats struct {
	funcs, claims, panics int
	runs                  int64
}

// claimKey is an objective as the instrumenter records it: a branch site
// and its outcome, or a panic's kind and line.
type claimKey struct {
	pos     ir.Pos
	outcome string // "true", "false", or a panic kind
}

// bruteCheck writes files as package p of a fresh module, lowers the
// functions named (nil: every exported function of the package that is
// not generic), runs the abstract interpretation on each and collects the
// outcomes it excludes, then runs each function on every input of its
// domain in the instrumented, compiled package and reports each excluded
// outcome a run reached. Strict: an outcome the instrumenter cannot
// record, or a function it cannot enumerate, is an error (else skipped).
// Each function runs in a process of its own, so that the outcomes of a
// callee it inlines are its runs'; the package's initialisation runs in
// each (an outcome only it reaches would be blamed on the function).
func bruteCheck(t *testing.T, files map[string]string, names []string, strict bool) bruteStats {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "p")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(dir, name, data string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(dir, "go.mod", "module p\n\ngo 1.26\n")
	hints := map[string]map[string][]string{} // function → parameter → extra values
	every := names == nil
	for name, src := range files {
		write(dir, name, src)
		f, err := parser.ParseFile(token.NewFileSet(), name, src, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv != nil || fd.Type.TypeParams != nil || !fd.Name.IsExported() {
				continue
			}
			if every {
				names = append(names, fd.Name.Name)
			}
			hints[fd.Name.Name] = domainHints(fd.Doc)
		}
	}
	sort.Strings(names)
	res, err := lower.Load(dir, names)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range res.Errors {
		t.Fatal(e)
	}

	// The claims, per function: the outcomes the analysis excludes.
	type fnClaims struct {
		tg     *lower.Target
		claims []claimKey
	}
	var all []fnClaims
	var st bruteStats
	for _, tg := range res.Targets {
		if err := ir.Check(tg.Prog); err != nil {
			t.Fatal(err)
		}
		all = append(all, fnClaims{tg, excludedOutcomes(t, tg)})
	}

	inst := filepath.Join(t.TempDir(), "inst")
	ins, err := verify.Instrument(dir, inst)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range ins.Skipped {
		if strict {
			t.Errorf("verify.Instrument left %s as it is: %s", s.Name, s.Reason)
		}
	}
	var enum strings.Builder
	enum.WriteString("package p\n\nimport \"testing\"\n\nfunc bruteTry(f func()) {\n\tdefer func() { recover() }()\n\tf()\n}\n")
	var run []fnClaims
	for _, fc := range all {
		src, n, err := enumTest(fc.tg, hints[fc.tg.Name], len(run))
		if err != nil {
			if strict {
				t.Errorf("%s: %v", fc.tg.Name, err)
			}
			continue
		}
		enum.WriteString(src)
		st.runs += n
		run = append(run, fc)
	}
	write(inst, "brute_test.go", enum.String())
	bin := filepath.Join(t.TempDir(), "brute.test")
	build := exec.Command("go", "test", "-c", "-o", bin, ".")
	build.Dir = inst
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go test -c: %v\n%s", err, out)
	}
	for i, fc := range run {
		rec := filepath.Join(t.TempDir(), "rec")
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
		cmd := exec.CommandContext(ctx, bin, "-test.run", fmt.Sprintf("^TestBrute%d$", i))
		cmd.Env = append(os.Environ(), "LEAPFROG_REC="+rec)
		out, err := cmd.CombinedOutput()
		cancel()
		if err != nil {
			t.Fatalf("%s: the enumeration fails: %v\n%s", fc.tg.Name, err, out)
		}
		seen, err := verify.ReadSeen(rec, ins)
		if err != nil {
			t.Fatal(err)
		}
		if !seen.Took(fc.tg.Func.Pos, "entry") {
			t.Errorf("%s: never entered: the enumeration ran nothing", fc.tg.Name)
			continue
		}
		st.funcs++
		t.Logf("%s: %d outcomes excluded", fc.tg.Name, len(fc.claims))
		for _, c := range fc.claims {
			if ok, why := ins.Checkable(c.pos, c.outcome); !ok {
				if strict {
					t.Errorf("%s: %s %s excluded, but not recorded: %s", fc.tg.Name, c.pos, c.outcome, why)
				}
				continue
			}
			st.claims++
			if c.outcome != "true" && c.outcome != "false" {
				st.panics++
			}
			if seen.Took(c.pos, c.outcome) {
				t.Errorf("%s: %s %s is excluded by the abstract interpretation, but a run reaches it", fc.tg.Name, c.pos, c.outcome)
			}
		}
	}
	return st
}

// excludedOutcomes runs the analysis on a target and returns the
// observable outcomes it excludes: the sides of source branches, the
// failing sides of run-time checks and explicit panics, of the function
// and of the callees the model inlines, grouped as the instrumenter
// records them (a branch by position, a panic by kind and line): a group
// is excluded when each of its objectives is (the instances of a generic
// function share their source).
func excludedOutcomes(t *testing.T, tg *lower.Target) []claimKey {
	m := newModel(tg.Func, tg.PhiNames)
	a, err := analyse(m, time.Time{})
	if err != nil {
		t.Logf("%s: %v", tg.Name, err)
		return nil
	}
	excluded := map[claimKey]bool{}
	var order []claimKey
	note := func(k claimKey, obj Objective) {
		if _, ok := excluded[k]; !ok {
			order = append(order, k)
			excluded[k] = true
		}
		excluded[k] = excluded[k] && a.excludes(obj)
	}
	line := func(p ir.Pos) ir.Pos { return ir.Pos{File: p.File, Line: p.Line} }
	for _, n := range m.nodes {
		switch l := n.last().(type) {
		case *ir.If:
			switch l.Kind {
			case ir.SourceBranch:
				note(claimKey{l.Pos, "true"}, Objective{If: l, Dir: true})
				note(claimKey{l.Pos, "false"}, Objective{If: l, Dir: false})
			case ir.InternalBranch:
			default:
				note(claimKey{line(l.Pos), l.Kind.PanicMessage()}, Objective{If: l, Dir: false})
			}
		case *ir.Panic:
			note(claimKey{line(l.Pos), "panic"}, Objective{Panic: l})
		}
	}
	var out []claimKey
	for _, k := range order {
		if excluded[k] {
			out = append(out, k)
		}
	}
	return out
}

// domainHints reads a function's "brute: param v1 v2 ..." doc lines: more
// values for an integer parameter's domain.
func domainHints(doc *ast.CommentGroup) map[string][]string {
	h := map[string][]string{}
	if doc == nil {
		return h
	}
	for _, c := range doc.List {
		if rest, ok := strings.CutPrefix(c.Text, "// brute: "); ok {
			f := strings.Fields(rest)
			if len(f) > 1 {
				h[f[0]] = append(h[f[0]], f[1:]...)
			}
		}
	}
	return h
}

// maxRuns bounds the inputs of one function.
const maxRuns = 1 << 18

// enumTest returns TestBrute<i>, which calls the target on every input of
// the product of its parameters' domains, each call under a recover, and
// the number of calls.
func enumTest(tg *lower.Target, hints map[string][]string, i int) (string, int64, error) {
	if tg.Sig.Recv() != nil {
		return "", 0, fmt.Errorf("a method: not enumerated")
	}
	qual := types.RelativeTo(tg.GoFunc.Pkg())
	var b strings.Builder
	fmt.Fprintf(&b, "\nfunc TestBrute%d(t *testing.T) {\n", i)
	total := int64(1)
	var args []string
	ps := tg.Sig.Params()
	for k := 0; k < ps.Len(); k++ {
		p := ps.At(k)
		d, err := domain(p.Type(), qual, hints[p.Name()], false)
		if err != nil {
			return "", 0, fmt.Errorf("parameter %s: %v", p.Name(), err)
		}
		if total *= d.n; total > maxRuns {
			return "", 0, fmt.Errorf("more than %d inputs", maxRuns)
		}
		fmt.Fprintf(&b, "\td%d := %s\n", k, d.expr)
		args = append(args, fmt.Sprintf("a%d", k))
	}
	for k, a := range args {
		fmt.Fprintf(&b, "\tfor _, %s := range d%d {\n", a, k)
	}
	fmt.Fprintf(&b, "\tbruteTry(func() { %s(%s) })\n", tg.GoFunc.Name(), strings.Join(args, ", "))
	for range args {
		b.WriteString("\t}\n")
	}
	b.WriteString("}\n")
	return b.String(), total, nil
}

// values is a domain: a Go expression of type []T computing its values,
// and their number.
type values struct {
	expr string
	n    int64
}

// list is the domain of the values given as Go expressions.
func list(ts string, vals []string) values {
	return values{fmt.Sprintf("[]%s{%s}", ts, strings.Join(vals, ", ")), int64(len(vals))}
}

// domain returns the values of a parameter of type t: an integer type's
// extremes and the neighbours of the powers of two (every value of an
// 8-bit type), and the extra values; every bool; strings of up to three
// characters over a small alphabet (ASCII, 'é', an invalid byte); nil and
// slices of up to three elements over a small domain of the element type,
// at capacity and with two spare; every array and struct of the values of
// their elements and fields. small: the small domain (of elements).
func domain(t types.Type, qual types.Qualifier, extra []string, small bool) (values, error) {
	ts := types.TypeString(t, qual)
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			return list(ts, []string{"false", "true"}), nil
		case u.Info()&types.IsInteger != 0:
			return list(ts, append(intDomain(u, small), extra...)), nil
		case u.Info()&types.IsString != 0:
			vals := []string{`""`}
			prev := []string{""}
			for n := 1; n <= 3; n++ {
				var next []string
				for _, s := range prev {
					for _, c := range []string{"a", "/", "\xc3\xa9", "\xff"} {
						next = append(next, s+c)
					}
				}
				for _, s := range next {
					vals = append(vals, strconv.Quote(s))
				}
				prev = next
			}
			return list(ts, vals), nil
		}
	case *types.Slice:
		d, err := domain(u.Elem(), qual, nil, true)
		if err != nil {
			return values{}, err
		}
		// Every sequence of up to three elements, at capacity and with
		// two spare, and nil.
		var b strings.Builder
		fmt.Fprintf(&b, "func() []%s {\n\t\te := %s\n\t\tout := []%s{nil}\n", ts, d.expr, ts)
		fmt.Fprintf(&b, "\t\tvar rec func(s %s)\n\t\trec = func(s %s) {\n", ts, ts)
		fmt.Fprintf(&b, "\t\t\tout = append(out, append(%s{}, s...), append(make(%s, 0, len(s)+2), s...))\n", ts, ts)
		b.WriteString("\t\t\tif len(s) < 3 {\n\t\t\t\tfor _, x := range e {\n\t\t\t\t\trec(append(s[:len(s):len(s)], x))\n\t\t\t\t}\n\t\t\t}\n\t\t}\n")
		fmt.Fprintf(&b, "\t\trec(nil)\n\t\treturn out\n\t}()")
		n := int64(1)
		for k, p := 0, int64(1); k <= 3; k++ {
			n += 2 * p
			p *= d.n
		}
		return values{b.String(), n}, nil
	case *types.Array:
		d, err := domain(u.Elem(), qual, nil, small)
		if err != nil {
			return values{}, err
		}
		var elems []string
		for k := range u.Len() {
			elems = append(elems, fmt.Sprintf("x%d", k))
		}
		return product(ts, elems, func(int) values { return d }, func(int) string { return "" })
	case *types.Struct:
		ds := make([]values, u.NumFields())
		var elems []string
		for k := range ds {
			var err error
			if ds[k], err = domain(u.Field(k).Type(), qual, nil, small); err != nil {
				return values{}, err
			}
			elems = append(elems, fmt.Sprintf("x%d", k))
		}
		return product(ts, elems, func(k int) values { return ds[k] }, func(k int) string { return u.Field(k).Name() + ": " })
	}
	return values{}, fmt.Errorf("no domain for %s", ts)
}

// product is the domain of the composite literals T{label(k) x_k, ...},
// each x_k ranging over dom(k).
func product(ts string, xs []string, dom func(int) values, label func(int) string) (values, error) {
	var b strings.Builder
	fmt.Fprintf(&b, "func() []%s {\n\t\tvar out []%s\n", ts, ts)
	n := int64(1)
	var fields []string
	for k, x := range xs {
		d := dom(k)
		if n *= d.n; n > maxRuns {
			return values{}, fmt.Errorf("%s: more than %d values", ts, maxRuns)
		}
		fmt.Fprintf(&b, "\t\tfor _, %s := range %s {\n", x, d.expr)
		fields = append(fields, label(k)+x)
	}
	fmt.Fprintf(&b, "\t\tout = append(out, %s{%s})\n", ts, strings.Join(fields, ", "))
	for range xs {
		b.WriteString("\t\t}\n")
	}
	b.WriteString("\t\treturn out\n\t}()")
	return values{b.String(), n}, nil
}

// intDomain returns values of an integer type: every value of an 8-bit
// type (small: the extremes and -1 .. 2), else the extremes and, for each
// power of two, it and its neighbours, and their negations.
func intDomain(b *types.Basic, small bool) []string {
	signed := b.Info()&types.IsUnsigned == 0
	width := map[types.BasicKind]int{types.Int8: 8, types.Uint8: 8, types.Int16: 16, types.Uint16: 16,
		types.Int32: 32, types.Uint32: 32}[b.Kind()]
	if width == 0 {
		width = 64
	}
	lo, hi := new(big.Int), new(big.Int).Lsh(big.NewInt(1), uint(width))
	hi.Sub(hi, big.NewInt(1))
	if signed {
		lo.Lsh(big.NewInt(1), uint(width-1)).Neg(lo)
		hi.Rsh(hi, 1)
	}
	set := map[string]bool{}
	var vals []string
	add := func(x *big.Int) {
		if x.Cmp(lo) >= 0 && x.Cmp(hi) <= 0 && !set[x.String()] {
			set[x.String()] = true
			vals = append(vals, x.String())
		}
	}
	if small {
		for _, x := range []*big.Int{lo, big.NewInt(-1), big.NewInt(0), big.NewInt(1), big.NewInt(2), hi} {
			add(x)
		}
		return vals
	}
	if width == 8 {
		for x := new(big.Int).Set(lo); x.Cmp(hi) <= 0; x = new(big.Int).Add(x, big.NewInt(1)) {
			add(x)
		}
		return vals
	}
	add(lo)
	add(new(big.Int).Add(lo, big.NewInt(1)))
	add(hi)
	add(new(big.Int).Sub(hi, big.NewInt(1)))
	for k := 0; k < width; k++ {
		p := new(big.Int).Lsh(big.NewInt(1), uint(k))
		for _, d := range []int64{-1, 0, 1} {
			x := new(big.Int).Add(p, big.NewInt(d))
			add(x)
			add(new(big.Int).Neg(x))
		}
	}
	add(big.NewInt(0))
	return vals
}
