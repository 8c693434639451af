// oracle_test.go: leapfrog's verdicts on small-domain functions against a brute-force enumeration of all their inputs.
package oracle

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/tools/txtar"

	"leapfrog/internal/cli"
	"leapfrog/internal/report"
	"leapfrog/internal/testgen"
	"leapfrog/internal/verify"
)

// strategies are the search strategies whose verdicts are checked; add a row
// when a strategy is added to the command line.
var strategies = []struct {
	name  string
	flags []string // extra flags for leapfrog gen
}{
	{"dfs", nil},
	{"pm", nil},
	{"treefrog", nil},
	{"rgcb", nil},
	{"mtelse", nil},
}

// maxInputs bounds the input space of a scenario function.
const maxInputs = 1 << 17

// Environment variables read by the generated enum_test.go.
const outEnv = "LEAPFROG_ORACLE_OUT" // the file the enumeration writes its observations to

// genMu serialises the in-process runs of the command line (the oracle checks
// verdicts, not the tool's thread safety).
var genMu sync.Mutex

// TestOracle runs every testdata/*.txtar scenario (see the package comment).
func TestOracle(t *testing.T) {
	files, err := filepath.Glob("testdata/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no testdata/*.txtar scenarios")
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".txtar")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			runScenario(t, file)
		})
	}
}

// param is one parameter of a scenario function.
type param struct {
	name string // a Go identifier usable as a variable in the enumeration
	typ  string // int8, uint8 or bool
}

// function is one function of a scenario, as parsed from its source.
type function struct {
	name   string
	params []param
	decl   *ast.FuncDecl
}

// pkgSource is the parsed source of a scenario package.
type pkgSource struct {
	fset  *token.FileSet
	funcs map[string]*ast.FuncDecl // package-level functions (not methods) by name
}

// observation is what one enumeration run saw.
type observation struct {
	inputs   int
	branches map[string]map[bool]string // site key -> outcome -> first input reaching it
	panics   map[panicKey]string        // panic kind and line -> first input raising it
	messages map[panicKey]string        // the panic message of that input
}

// panicKey identifies a panic pseudo-branch from outside: its kind and the
// source line it happens at (columns are not known from a stack trace).
type panicKey struct {
	kind string // "index out of range", "integer divide by zero", "negative shift amount", "panic"
	line string // "file.go:line"
}

func runScenario(t *testing.T, file string) {
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	src := filepath.Join(tmp, "src")
	var names []string
	for _, f := range ar.Files {
		if f.Name == "funcs" {
			names = strings.Fields(string(f.Data))
			continue
		}
		p := filepath.Join(src, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if len(names) == 0 {
		t.Fatal("no functions in the funcs section")
	}
	pkg := parsePackage(t, src)
	var funcs []function
	for _, n := range names {
		funcs = append(funcs, pkg.function(t, n))
	}

	// leapfrog's verdicts, one report per strategy.
	reports := map[string]map[string]*report.Function{}
	for _, s := range strategies {
		if r := generate(t, src, filepath.Join(tmp, "gen-"+s.name), s.name, s.flags, names); r != nil {
			reports[s.name] = r
		}
	}

	// The truth: an instrumented copy running every input of every function.
	inst := filepath.Join(tmp, "inst")
	sites, err := verify.Instrument(src, inst)
	if err != nil {
		t.Fatalf("instrument: %v", err)
	}
	if err := os.WriteFile(filepath.Join(inst, "enum_test.go"), enumSource(t, funcs), 0o644); err != nil {
		t.Fatal(err)
	}
	// The emitted tests join the enumeration in one test binary: they compare
	// the engine's concrete outputs with the compiled code's.
	var emitted []string
	for _, s := range strategies {
		data, err := os.ReadFile(filepath.Join(tmp, "gen-"+s.name, "x_leapfrog_test.go"))
		if err != nil {
			continue // generate already reported it
		}
		data = bytes.ReplaceAll(data, []byte("func TestLeapfrog_"), []byte("func TestLeapfrog_"+s.name+"_"))
		name := "x_" + s.name + "_leapfrog_test.go"
		if err := os.WriteFile(filepath.Join(inst, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
		emitted = append(emitted, name)
	}
	bin := filepath.Join(tmp, "enum.test")
	if out, err := goCmd(inst, "test", "-c", "-vet=off", "-o", bin, "."); err != nil {
		t.Fatalf("go test -c of the instrumented package with enum_test.go and %v: %v\n%s", emitted, err, out)
	}
	if len(emitted) > 0 {
		cmd := exec.Command(bin, "-test.run", "^TestLeapfrog_", "-test.v")
		cmd.Dir = inst
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Errorf("the emitted tests fail against the compiled code (the engine's concrete semantics differ from Go's): %v\n%s", err, out)
		}
		for _, s := range strategies {
			for _, n := range names {
				if reports[s.name][n] == nil {
					continue
				}
				test := strings.Replace(testgen.TestName(n), "TestLeapfrog", "TestLeapfrog_"+s.name, 1)
				if !bytes.Contains(out, []byte("--- PASS: "+test+" ")) {
					t.Errorf("emitted test %s did not pass\n%s", test, out)
				}
			}
		}
	}

	for _, f := range funcs {
		obs := enumerate(t, bin, inst, tmp, f, sites)
		if obs == nil {
			continue
		}
		reach := pkg.reach(f.name)
		for _, s := range strategies {
			r := reports[s.name][f.name]
			if r == nil {
				if reports[s.name] != nil {
					t.Errorf("%s %s: not in the report", s.name, f.name)
				}
				continue
			}
			errs := compare(r, f, obs, sites, pkg, reach)
			for _, e := range errs {
				t.Errorf("%s %s: %s", s.name, f.name, e)
			}
			if len(errs) == 0 {
				selfCheck(t, r, f, obs, sites, pkg, reach)
			}
			checkProofs(t, s.name, r)
		}
		agree(t, f.name, reports)
		if !t.Failed() {
			t.Logf("%s: %d inputs, %d branch outcomes and %d panic sites observed", f.name, obs.inputs, countOutcomes(obs), len(obs.panics))
		}
	}
}

// generate runs leapfrog gen for one strategy and returns the report by function.
func generate(t *testing.T, src, dir, strategy string, flags, names []string) map[string]*report.Function {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	js := filepath.Join(dir, "r.json")
	args := append([]string{"gen", "-strategy", strategy, "-json", js, "-validate-solver", "-o", filepath.Join(dir, "x_leapfrog_test.go")}, flags...)
	args = append(append(args, src), names...)
	var stdout, stderr bytes.Buffer
	genMu.Lock()
	start := time.Now()
	code := cli.Main(args, &stdout, &stderr)
	elapsed := time.Since(start)
	genMu.Unlock()
	if code != 0 {
		t.Errorf("leapfrog %s: exit %d\n%s%s", strings.Join(args, " "), code, stdout.String(), stderr.String())
	}
	data, err := os.ReadFile(js)
	if err != nil {
		t.Errorf("%s: no report: %v", strategy, err)
		return nil
	}
	var rep report.Report
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Errorf("%s: bad report: %v", strategy, err)
		return nil
	}
	t.Logf("leapfrog gen -strategy %s: %v\n%s", strategy, elapsed.Round(time.Millisecond), strings.TrimSpace(stdout.String()))
	byName := map[string]*report.Function{}
	for _, f := range rep.Functions {
		byName[f.Function] = f
	}
	return byName
}

// goCmd runs the go command in dir.
func goCmd(dir string, args ...string) ([]byte, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOTOOLCHAIN=local", "GOWORK=off", "GOFLAGS=")
	return cmd.CombinedOutput()
}

// enumerate runs the enumeration test of f in the compiled test binary and
// reads what it observed.
func enumerate(t *testing.T, bin, inst, tmp string, f function, sites map[string]verify.Site) *observation {
	t.Helper()
	rec := filepath.Join(tmp, "rec-"+f.name)
	out := filepath.Join(tmp, "obs-"+f.name)
	cmd := exec.Command(bin, "-test.run", "^TestEnum_"+f.name+"$", "-test.v")
	cmd.Dir = inst
	cmd.Env = append(os.Environ(), verify.RecEnv+"="+rec, outEnv+"="+out)
	if o, err := cmd.CombinedOutput(); err != nil || !bytes.Contains(o, []byte("--- PASS: TestEnum_"+f.name)) {
		t.Errorf("enumeration of %s failed: %v\n%s", f.name, err, o)
		return nil
	}
	byID := map[int]string{}
	for k, s := range sites {
		byID[s.ID] = k
	}
	obs := &observation{branches: map[string]map[bool]string{}, panics: map[panicKey]string{}, messages: map[panicKey]string{}}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Errorf("enumeration of %s: %v", f.name, err)
		return nil
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "\t")
		switch {
		case fields[0] == "inputs" && len(fields) == 2:
			obs.inputs, _ = strconv.Atoi(fields[1])
		case fields[0] == "rec" && len(fields) == 4:
			id, err1 := strconv.Atoi(fields[1])
			o, err2 := strconv.ParseBool(fields[2])
			key, ok := byID[id]
			if err1 != nil || err2 != nil || !ok {
				t.Errorf("enumeration of %s: bad record %q", f.name, sc.Text())
				continue
			}
			if obs.branches[key] == nil {
				obs.branches[key] = map[bool]string{}
			}
			if _, seen := obs.branches[key][o]; !seen {
				obs.branches[key][o] = fields[3]
			}
		case fields[0] == "panic" && len(fields) == 5:
			k := panicKey{fields[1], fields[2]}
			obs.panics[k] = fields[3]
			obs.messages[k] = fields[4]
		default:
			t.Errorf("enumeration of %s: bad line %q", f.name, sc.Text())
		}
	}
	// Cross-check: the recorder's own file holds the same outcomes.
	recObs, err := verify.Observed(rec, sites)
	if err != nil {
		t.Errorf("enumeration of %s: %v", f.name, err)
		return nil
	}
	if a, b := countOutcomes(obs), countRec(recObs); a != b {
		t.Errorf("enumeration of %s: %d outcomes with a witness, %d in the record file", f.name, a, b)
	}
	if want := inputCount(f); obs.inputs != want {
		t.Errorf("enumeration of %s: ran %d inputs, want %d", f.name, obs.inputs, want)
	}
	return obs
}

func countOutcomes(obs *observation) int {
	n := 0
	for _, m := range obs.branches {
		n += len(m)
	}
	return n
}

func countRec(obs map[string]map[bool]bool) int {
	n := 0
	for _, m := range obs {
		n += len(m)
	}
	return n
}

// compare checks one function's report against the enumeration and returns
// the disagreements.
func compare(r *report.Function, f function, obs *observation, sites map[string]verify.Site, pkg *pkgSource, reach []*ast.FuncDecl) []string {
	var errs []string
	fail := func(format string, args ...any) { errs = append(errs, fmt.Sprintf(format, args...)) }
	proof := func(b report.Branch) string {
		return fmt.Sprintf("reason: %s\nconflict: %s\nsmt2:\n%s", b.Reason, strings.Join(b.Conflict, ", "), strings.TrimSpace(b.SMT2))
	}

	type bkey struct {
		key string
		o   bool
	}
	claims := map[bkey]report.Branch{}
	panicClaims := map[panicKey][]report.Branch{}
	entries := 0
	for _, b := range r.Branches {
		if b.Verdict == report.Unknown {
			fail("%s %s (%s): unknown (%s); every outcome of these loop-free or constant-loop functions must be decided", b.Pos, b.Outcome, b.ID, b.Reason)
		} else if b.Verdict != report.Covered && b.Verdict != report.Unreachable {
			fail("%s %s (%s): bad verdict %q", b.Pos, b.Outcome, b.ID, b.Verdict)
		}
		if b.Verdict == report.Unreachable && strings.TrimSpace(b.SMT2) == "" {
			fail("%s %s (%s): unreachable without an smt2 proof", b.Pos, b.Outcome, b.ID)
		}
		if b.Outcome == "entry" {
			// The function's entry: every input that runs reaches it.
			entries++
			if b.Verdict != report.Covered {
				fail("%s entry (%s): %s, but every one of the %d inputs enters the function", b.Pos, b.ID, b.Verdict, obs.inputs)
			}
			continue
		}
		key, line, err := siteKey(b.Pos)
		if err != nil {
			fail("%s: %v", b.ID, err)
			continue
		}
		if b.Outcome != "true" && b.Outcome != "false" {
			k := panicKey{b.Outcome, line}
			panicClaims[k] = append(panicClaims[k], b)
			continue
		}
		if _, ok := sites[key]; !ok {
			fail("%s %s (%s): the instrumenter has no site at this position", b.Pos, b.Outcome, b.ID)
			continue
		}
		o := b.Outcome == "true"
		if old, dup := claims[bkey{key, o}]; dup {
			if old.Verdict != b.Verdict {
				fail("%s %s: two objectives (%s, %s) with verdicts %s and %s", b.Pos, b.Outcome, old.ID, b.ID, old.Verdict, b.Verdict)
			}
			continue
		}
		claims[bkey{key, o}] = b
		witness, seen := obs.branches[key][o]
		switch {
		case b.Verdict == report.Covered && !seen:
			fail("%s %s (%s): claimed covered (case %q) but no input of the %d reaches it", b.Pos, b.Outcome, b.ID, b.Case, obs.inputs)
		case b.Verdict == report.Unreachable && seen:
			fail("FALSE UNREACHABLE %s %s (%s, condition %q): reached by %s\n%s", b.Pos, b.Outcome, b.ID, sites[key].Expr, witness, proof(b))
		}
	}

	// Every outcome observed within the function's reach is claimed covered
	// (a false unreachable or an unknown is reported above), and every site of
	// the function's own body has a verdict for both outcomes.
	var keys []string
	for k := range sites {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		s := sites[k]
		inReach := false
		for _, d := range reach {
			if pkg.contains(d, s) {
				inReach = true
			}
		}
		own := pkg.contains(f.decl, s)
		for _, o := range []bool{true, false} {
			_, claimed := claims[bkey{k, o}]
			if w, seen := obs.branches[k][o]; seen {
				if !inReach {
					fail("%s %v (condition %q) observed (input %s) outside the functions %s can call: the reach computation of this test is wrong", k, o, s.Expr, w, f.name)
				} else if !claimed {
					fail("%s %v (condition %q): reached by %s but the report has no objective for it", k, o, s.Expr, w)
				}
			} else if own && !claimed {
				fail("%s %v (condition %q): a branch outcome of %s itself with no objective in the report", k, o, s.Expr, f.name)
			}
		}
	}

	// Panics: by kind and line.
	var pkeys []panicKey
	for k := range panicClaims {
		pkeys = append(pkeys, k)
	}
	for k := range obs.panics {
		if _, ok := panicClaims[k]; !ok {
			pkeys = append(pkeys, k)
		}
	}
	sort.Slice(pkeys, func(i, j int) bool {
		if pkeys[i].line != pkeys[j].line {
			return pkeys[i].line < pkeys[j].line
		}
		return pkeys[i].kind < pkeys[j].kind
	})
	for _, k := range pkeys {
		bs := panicClaims[k]
		witness, seen := obs.panics[k]
		covered, allUnreachable := false, len(bs) > 0
		for _, b := range bs {
			if b.Verdict == report.Covered {
				covered = true
				if !seen {
					fail("%s %q (%s): claimed covered (case %q) but no input of the %d panics so at line %s", b.Pos, b.Outcome, b.ID, b.Case, obs.inputs, k.line)
				}
			}
			if b.Verdict != report.Unreachable {
				allUnreachable = false
			}
		}
		switch {
		case seen && allUnreachable:
			for _, b := range bs {
				fail("FALSE UNREACHABLE %s %q (%s): %s panics there (%s)\n%s", b.Pos, b.Outcome, b.ID, witness, obs.messages[k], proof(b))
			}
		case seen && !covered && len(bs) == 0:
			fail("panic %q at %s: raised by %s (%s) but the report has no objective for it", k.kind, k.line, witness, obs.messages[k])
		case seen && !covered:
			fail("panic %q at %s: raised by %s (%s) but no objective of that kind on that line is claimed covered", k.kind, k.line, witness, obs.messages[k])
		}
	}
	if entries != 1 {
		fail("%d entry objectives, want 1", entries)
	}
	return errs
}

// selfCheck makes sure the comparison is not vacuous: it breaks a correct
// report in several ways and expects compare to object to each.
func selfCheck(t *testing.T, r *report.Function, f function, obs *observation, sites map[string]verify.Site, pkg *pkgSource, reach []*ast.FuncDecl) {
	t.Helper()
	isBranch := func(b report.Branch) bool { return b.Outcome == "true" || b.Outcome == "false" }
	isPanic := func(b report.Branch) bool { return !isBranch(b) && b.Outcome != "entry" }
	mutations := []struct {
		name string
		pick func(report.Branch) bool
		edit func(*report.Branch) bool // false: drop the objective
		want string
	}{
		{"covered outcome claimed unreachable",
			func(b report.Branch) bool { return isBranch(b) && b.Verdict == report.Covered },
			func(b *report.Branch) bool { b.Verdict, b.SMT2 = report.Unreachable, "(check-sat)"; return true }, "FALSE UNREACHABLE"},
		{"unreachable outcome claimed covered",
			func(b report.Branch) bool { return isBranch(b) && b.Verdict == report.Unreachable },
			func(b *report.Branch) bool { b.Verdict = report.Covered; return true }, "claimed covered"},
		{"covered outcome dropped",
			func(b report.Branch) bool { return isBranch(b) && b.Verdict == report.Covered },
			func(b *report.Branch) bool { return false }, "no objective"},
		{"outcome unknown",
			func(b report.Branch) bool { return true },
			func(b *report.Branch) bool { b.Verdict = report.Unknown; return true }, "unknown"},
		{"covered panic claimed unreachable",
			func(b report.Branch) bool { return isPanic(b) && b.Verdict == report.Covered },
			func(b *report.Branch) bool { b.Verdict, b.SMT2 = report.Unreachable, "(check-sat)"; return true }, "FALSE UNREACHABLE"},
		{"unreachable panic claimed covered",
			func(b report.Branch) bool { return isPanic(b) && b.Verdict == report.Unreachable },
			func(b *report.Branch) bool { b.Verdict = report.Covered; return true }, "claimed covered"},
		{"entry claimed unreachable",
			func(b report.Branch) bool { return b.Outcome == "entry" },
			func(b *report.Branch) bool { b.Verdict, b.SMT2 = report.Unreachable, "(check-sat)"; return true }, "every one of the"},
		{"entry dropped",
			func(b report.Branch) bool { return b.Outcome == "entry" },
			func(b *report.Branch) bool { return false }, "0 entry objectives"},
		{"covered panic dropped",
			func(b report.Branch) bool { return isPanic(b) && b.Verdict == report.Covered },
			func(b *report.Branch) bool { return false }, "no objective"},
	}
	for _, m := range mutations {
		i := -1
		for j, b := range r.Branches {
			if m.pick(b) {
				i = j
				break
			}
		}
		if i < 0 {
			continue
		}
		mut := *r
		mut.Branches = nil
		for j, b := range r.Branches {
			if j == i && !m.edit(&b) {
				continue
			}
			mut.Branches = append(mut.Branches, b)
		}
		errs := compare(&mut, f, obs, sites, pkg, reach)
		if !strings.Contains(strings.Join(errs, "\n"), m.want) {
			t.Errorf("self-check %s: %s (%s %s) not detected; errors: %q", f.name, m.name, r.Branches[i].Pos, r.Branches[i].Outcome, errs)
		}
	}
}

// agree checks that all strategies give every objective of the function the
// same verdict (they may differ in cost only).
func agree(t *testing.T, fn string, reports map[string]map[string]*report.Function) {
	t.Helper()
	var first string
	verdicts := map[string]string{}
	for _, s := range strategies {
		r := reports[s.name][fn]
		if r == nil {
			continue
		}
		vs := map[string]string{}
		for _, b := range r.Branches {
			vs[b.Pos+" "+b.Outcome] = b.Verdict
		}
		if first == "" {
			first, verdicts = s.name, vs
			continue
		}
		for k, v := range verdicts {
			if vs[k] != v {
				t.Errorf("%s: %s: strategy %s says %s, strategy %s says %q", fn, k, first, v, s.name, vs[k])
			}
		}
		for k, v := range vs {
			if _, ok := verdicts[k]; !ok {
				t.Errorf("%s: %s: strategy %s says %s, strategy %s has no such objective", fn, k, s.name, v, first)
			}
		}
	}
}

// siteKey normalises a report position "dir/file.go:line:col" to the site key
// "file.go:line:col" and the line "file.go:line".
func siteKey(pos string) (key, line string, err error) {
	i := strings.LastIndex(pos, ":")
	if i < 0 {
		return "", "", fmt.Errorf("bad position %q", pos)
	}
	j := strings.LastIndex(pos[:i], ":")
	if j < 0 {
		return "", "", fmt.Errorf("bad position %q", pos)
	}
	file := filepath.Base(pos[:j])
	return file + pos[j:], file + pos[j:i], nil
}

// checkProofs hands the smt2 of every unreachable verdict to Z3 (libz3, see
// smt.go), which must answer unsat.
func checkProofs(t *testing.T, strategy string, r *report.Function) {
	t.Helper()
	for _, b := range r.Branches {
		if b.Verdict != report.Unreachable || strings.TrimSpace(b.SMT2) == "" {
			continue
		}
		got, err := evalSMT2(b.SMT2)
		if err != nil || got != "unsat" {
			t.Errorf("%s %s: %s %s (%s): the proof is not unsat: z3 says %q (%v)\n%s", strategy, r.Function, b.Pos, b.Outcome, b.ID, got, err, b.SMT2)
		}
	}
}

// ---- the scenario's source: signatures and reach ----

func parsePackage(t *testing.T, dir string) *pkgSource {
	t.Helper()
	fset := token.NewFileSet()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	pkg := &pkgSource{fset: fset, funcs: map[string]*ast.FuncDecl{}}
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Body != nil {
				pkg.funcs[fd.Name.Name] = fd
			}
		}
	}
	return pkg
}

// function returns the scenario function name with its parameters, which
// must be int8, uint8 or bool, with at most maxInputs inputs in all.
func (pkg *pkgSource) function(t *testing.T, name string) function {
	t.Helper()
	d := pkg.funcs[name]
	if d == nil {
		t.Fatalf("no function %s in the scenario", name)
	}
	f := function{name: name, decl: d}
	for _, field := range d.Type.Params.List {
		id, ok := field.Type.(*ast.Ident)
		if !ok || (id.Name != "int8" && id.Name != "uint8" && id.Name != "bool") {
			t.Fatalf("%s: parameter type %s: want int8, uint8 or bool", name, types(field.Type))
		}
		names := field.Names
		if len(names) == 0 {
			names = []*ast.Ident{{Name: "_"}}
		}
		for _, n := range names {
			pn := n.Name
			if pn == "_" {
				pn = fmt.Sprintf("arg%d", len(f.params))
			}
			f.params = append(f.params, param{pn, id.Name})
		}
	}
	if n := inputCount(f); n > maxInputs {
		t.Fatalf("%s has %d inputs, more than %d", name, n, maxInputs)
	}
	return f
}

func types(e ast.Expr) string {
	var b bytes.Buffer
	format.Node(&b, token.NewFileSet(), e)
	return b.String()
}

func inputCount(f function) int {
	n := 1
	for _, p := range f.params {
		if p.typ == "bool" {
			n *= 2
		} else {
			n *= 256
		}
	}
	return n
}

// reach returns the declarations of name and of every package function it
// names, transitively (by identifier: an over-approximation of the calls).
func (pkg *pkgSource) reach(name string) []*ast.FuncDecl {
	seen := map[string]bool{}
	var out []*ast.FuncDecl
	var visit func(string)
	visit = func(n string) {
		d := pkg.funcs[n]
		if d == nil || seen[n] {
			return
		}
		seen[n] = true
		out = append(out, d)
		ast.Inspect(d.Body, func(x ast.Node) bool {
			if id, ok := x.(*ast.Ident); ok {
				visit(id.Name)
			}
			return true
		})
	}
	visit(name)
	return out
}

// contains reports whether the site lies within the declaration.
func (pkg *pkgSource) contains(d *ast.FuncDecl, s verify.Site) bool {
	start, end := pkg.fset.Position(d.Pos()), pkg.fset.Position(d.End())
	if filepath.Base(start.Filename) != s.File {
		return false
	}
	after := s.Line > start.Line || s.Line == start.Line && s.Col >= start.Column
	before := s.Line < end.Line || s.Line == end.Line && s.Col < end.Column
	return after && before
}

// ---- the generated enumeration ----

// enumSource returns enum_test.go: one TestEnum_F per function, running F on
// every input, recovering panics, and writing to $LEAPFROG_ORACLE_OUT the
// number of inputs, each new branch record of the instrumented package with
// the input that produced it, and each panic kind and line with its first input.
func enumSource(t *testing.T, funcs []function) []byte {
	t.Helper()
	var b bytes.Buffer
	b.WriteString(enumHeader)
	for _, f := range funcs {
		fmt.Fprintf(&b, "\nfunc TestEnum_%s(t *testing.T) {\n\tlfEnumStart(t)\n", f.name)
		var args, fmts, vals []string
		for i, p := range f.params {
			v := fmt.Sprintf("lfV%d", i)
			switch p.typ {
			case "bool":
				fmt.Fprintf(&b, "for _, %s := range [2]bool{false, true} {\n", v)
			case "int8":
				fmt.Fprintf(&b, "for lfI%d := -128; lfI%d <= 127; lfI%d++ {\n%s := int8(lfI%d)\n", i, i, i, v, i)
			case "uint8":
				fmt.Fprintf(&b, "for lfI%d := 0; lfI%d <= 255; lfI%d++ {\n%s := uint8(lfI%d)\n", i, i, i, v, i)
			}
			args = append(args, v)
			fmts = append(fmts, p.name+"=%v")
			vals = append(vals, v)
		}
		fmt.Fprintf(&b, "lfEnumCall(func() { %s(%s) }, func() string { return fmt.Sprintf(%q, %s) })\n",
			f.name, strings.Join(args, ", "), strings.Join(fmts, " "), strings.Join(vals, ", "))
		b.WriteString(strings.Repeat("}\n", len(f.params)))
		b.WriteString("lfEnumFinish(t)\n}\n")
	}
	src, err := format.Source(b.Bytes())
	if err != nil {
		t.Fatalf("generated enum_test.go does not parse: %v\n%s", err, b.Bytes())
	}
	return src
}

// enumHeader is the fixed part of enum_test.go.
const enumHeader = `// Code generated by the leapfrog oracle test; DO NOT EDIT.

package p

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

var (
	lfOut     bytes.Buffer
	lfInputs  int
	lfRecSize int64
	lfPanics  = map[string]bool{}
)

func lfEnumStart(t *testing.T) {
	if os.Getenv("` + outEnv + `") == "" || os.Getenv("` + verify.RecEnv + `") == "" {
		t.Skip("run by the oracle test only")
	}
}

// lfEnumCall runs one input, recording the panic it raises (kind and line)
// and the branch records it added to the record file.
func lfEnumCall(call func(), input func() string) {
	lfInputs++
	defer lfNewRecords(input)
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		msg := fmt.Sprint(r)
		kind := "panic"
		if _, ok := r.(runtime.Error); ok {
			for _, k := range []string{"index out of range", "integer divide by zero", "negative shift amount"} {
				if strings.Contains(msg, k) {
					kind = k
				}
			}
		}
		where := "?"
		pcs := make([]uintptr, 64)
		frames := runtime.CallersFrames(pcs[:runtime.Callers(1, pcs)])
		inPanic := false
		for {
			fr, more := frames.Next()
			if fr.Function == "runtime.gopanic" {
				inPanic = true
			} else if inPanic && !strings.HasPrefix(fr.Function, "runtime.") {
				where = filepath.Base(fr.File) + ":" + strconv.Itoa(fr.Line)
				break
			}
			if !more {
				break
			}
		}
		key := kind + "\t" + where
		if !lfPanics[key] {
			lfPanics[key] = true
			fmt.Fprintf(&lfOut, "panic\t%s\t%s\t%s\n", key, input(), strings.ReplaceAll(strings.ReplaceAll(msg, "\t", " "), "\n", " "))
		}
	}()
	call()
}

// lfNewRecords copies the records the last input added to the record file.
func lfNewRecords(input func() string) {
	name := os.Getenv("` + verify.RecEnv + `")
	st, err := os.Stat(name)
	if err != nil || st.Size() == lfRecSize {
		return
	}
	data, err := os.ReadFile(name)
	if err != nil {
		panic(err)
	}
	in := input()
	for _, line := range strings.Split(strings.TrimSpace(string(data[lfRecSize:])), "\n") {
		f := strings.Fields(line)
		if len(f) == 2 {
			fmt.Fprintf(&lfOut, "rec\t%s\t%s\t%s\n", f[0], f[1], in)
		} else {
			fmt.Fprintf(&lfOut, "bad record %q\n", line)
		}
	}
	lfRecSize = int64(len(data))
}

func lfEnumFinish(t *testing.T) {
	fmt.Fprintf(&lfOut, "inputs\t%d\n", lfInputs)
	if err := os.WriteFile(os.Getenv("` + outEnv + `"), lfOut.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}
`

// TestEvalSMT2 checks the proof checker itself.
func TestEvalSMT2(t *testing.T) {
	for _, tc := range []struct{ script, want string }{
		{"(declare-fun x () (_ BitVec 8))\n(assert (= (bvmul x #x02) #x07))\n(check-sat)\n", "unsat"},
		{"(declare-fun x () (_ BitVec 8))\n(assert (= (bvmul x #x03) #x01))\n(check-sat)\n", "sat"},
		{"; constant\n(assert false)\n(check-sat)\n", "unsat"},
	} {
		got, err := evalSMT2(tc.script)
		if err != nil || got != tc.want {
			t.Errorf("evalSMT2(%q) = %q, %v; want %q", tc.script, got, err, tc.want)
		}
	}
	if _, err := evalSMT2("(assert (= y 1))\n(check-sat)\n"); err == nil {
		t.Errorf("evalSMT2 of an undeclared constant: no error")
	}
}
