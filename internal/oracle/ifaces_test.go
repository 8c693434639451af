// ifaces_test.go: verdicts on functions with interface inputs, closures and deferred calls against a brute-force enumeration of their inputs.
package oracle

import (
	"bufio"
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"leapfrog/internal/report"
	"leapfrog/internal/testgen"
	"leapfrog/internal/verify"
)

// boundReason is the reason of an outcome only inputs beyond the bound of
// interface inputs to their candidates could reach.
const boundReason = "interface inputs bounded to the dynamic types a test can construct"

// TestOracleIfaces runs the scenarios of testdata/ifaces: like TestOracle,
// but a parameter may also be of an interface type T, whose values the
// scenario's domain_test.go lists in lfDomain<T>() (exactly the engine's
// candidates: nil, and every value of every type a test can construct
// that implements T); the enumeration runs every combination. An outcome
// may be unknown only with boundReason and never observed. Panic
// objectives of a function that recovers are checked when they escape it
// only (the enumeration sees no recovered panic).
func TestOracleIfaces(t *testing.T) {
	files, err := filepath.Glob("testdata/ifaces/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata/ifaces/*.txtar scenarios: %v", err)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".txtar")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			runIfaceScenario(t, file)
		})
	}
}

// ifaceParam is a parameter of a scenario function: int8, uint8, bool or
// an interface type with a domain function.
type ifaceParam struct{ name, typ string }

func runIfaceScenario(t *testing.T, file string) {
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
	pkg := parsePackage(t, src)
	params := map[string][]ifaceParam{}
	for _, n := range names {
		d := pkg.funcs[n]
		if d == nil {
			t.Fatalf("no function %s in the scenario", n)
		}
		for _, field := range d.Type.Params.List {
			for _, id := range field.Names {
				params[n] = append(params[n], ifaceParam{id.Name, types(field.Type)})
			}
		}
	}
	reports := map[string]map[string]*report.Function{}
	for _, s := range strategies {
		if r := generate(t, src, filepath.Join(tmp, "gen-"+s.name), s.name, s.flags, names); r != nil {
			reports[s.name] = r
		}
	}
	inst := filepath.Join(tmp, "inst")
	sites, err := verify.Instrument(src, inst)
	if err != nil {
		t.Fatalf("instrument: %v", err)
	}
	if err := os.WriteFile(filepath.Join(inst, "enum_test.go"), ifaceEnumSource(t, names, params), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, s := range strategies {
		data, err := os.ReadFile(filepath.Join(tmp, "gen-"+s.name, "x_leapfrog_test.go"))
		if err != nil {
			continue
		}
		data = bytes.ReplaceAll(data, []byte("func TestLeapfrog_"), []byte("func TestLeapfrog_"+s.name+"_"))
		if err := os.WriteFile(filepath.Join(inst, "x_"+s.name+"_leapfrog_test.go"), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bin := filepath.Join(tmp, "enum.test")
	if out, err := goCmd(inst, "test", "-c", "-vet=off", "-o", bin, "."); err != nil {
		t.Fatalf("go test -c of the instrumented package: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, "-test.run", "^TestLeapfrog_", "-test.v")
	cmd.Dir = inst
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Errorf("the emitted tests fail against the compiled code: %v\n%s", err, out)
	}
	for _, s := range strategies {
		for _, n := range names {
			test := strings.Replace(testgen.TestName(n), "TestLeapfrog", "TestLeapfrog_"+s.name, 1)
			if reports[s.name][n] != nil && !bytes.Contains(out, []byte("--- PASS: "+test+" ")) {
				t.Errorf("emitted test %s did not pass\n%s", test, out)
			}
		}
	}
	for _, n := range names {
		obs := ifaceEnumerate(t, bin, inst, tmp, n, sites)
		if obs == nil {
			continue
		}
		recovers := false
		ast.Inspect(pkg.funcs[n], func(x ast.Node) bool {
			if c, ok := x.(*ast.CallExpr); ok {
				if id, ok := c.Fun.(*ast.Ident); ok && id.Name == "recover" {
					recovers = true
				}
			}
			return true
		})
		for _, s := range strategies {
			r := reports[s.name][n]
			if r == nil {
				t.Errorf("%s %s: not in the report", s.name, n)
				continue
			}
			errs := ifaceCompare(r, obs, recovers)
			for _, e := range errs {
				t.Errorf("%s %s: %s", s.name, n, e)
			}
			if len(errs) == 0 {
				ifaceSelfCheck(t, r, obs, recovers)
			}
			checkProofs(t, s.name, r)
		}
		agree(t, n, reports)
		if !t.Failed() {
			t.Logf("%s: %d inputs, %d branch outcomes and %d panic sites observed", n, obs.inputs, countOutcomes(obs), len(obs.panics))
		}
	}
}

// ifaceCompare checks a report against the enumeration: a covered outcome
// was observed, an unreachable one was not, an unknown one (only beyond
// the bound of interface inputs) was not; every observed outcome of the
// function's objectives is covered. Panics by kind and line.
func ifaceCompare(r *report.Function, obs *observation, recovers bool) []string {
	var errs []string
	fail := func(format string, args ...any) { errs = append(errs, fmt.Sprintf(format, args...)) }
	claimed := map[string]bool{}
	panicClaims := map[panicKey][]report.Branch{}
	for _, b := range r.Branches {
		if b.Outcome == "entry" {
			if b.Verdict != report.Covered {
				fail("entry %s", b.Verdict)
			}
			continue
		}
		key, line, err := siteKey(b.Pos)
		if err != nil {
			fail("%v", err)
			continue
		}
		if b.Outcome != "true" && b.Outcome != "false" {
			k := panicKey{b.Outcome, line}
			panicClaims[k] = append(panicClaims[k], b)
			continue
		}
		o := b.Outcome == "true"
		claimed[key+" "+b.Outcome] = true
		witness, seen := obs.branches[key][o]
		switch {
		case b.Verdict == report.Covered && !seen:
			fail("%s %s (%s): claimed covered (case %q) but no input reaches it", b.Pos, b.Outcome, b.ID, b.Case)
		case b.Verdict == report.Unreachable && seen:
			fail("FALSE UNREACHABLE %s %s (%s): reached by %s\nreason: %s\n%s", b.Pos, b.Outcome, b.ID, witness, b.Reason, b.SMT2)
		case b.Verdict == report.Unknown && seen:
			fail("%s %s (%s): unknown (%s) but reached by %s", b.Pos, b.Outcome, b.ID, b.Reason, witness)
		case b.Verdict == report.Unknown && b.Reason != boundReason:
			fail("%s %s (%s): unknown (%s); only %q is expected", b.Pos, b.Outcome, b.ID, b.Reason, boundReason)
		}
	}
	var keys []string
	for k := range obs.branches {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		for o, w := range obs.branches[k] {
			if !claimed[fmt.Sprintf("%s %v", k, o)] {
				fail("%s %v: reached by %s but the report has no objective for it", k, o, w)
			}
		}
	}
	for k, bs := range panicClaims {
		witness, seen := obs.panics[k]
		for _, b := range bs {
			switch {
			case b.Verdict == report.Covered && !seen && !recovers:
				fail("%s %q (%s): claimed covered but no input panics so at line %s", b.Pos, b.Outcome, b.ID, k.line)
			case b.Verdict == report.Unreachable && seen:
				fail("FALSE UNREACHABLE %s %q (%s): %s panics there (%s)", b.Pos, b.Outcome, b.ID, witness, obs.messages[k])
			case b.Verdict == report.Unknown && (seen || b.Reason != boundReason):
				fail("%s %q (%s): unknown (%s)", b.Pos, b.Outcome, b.ID, b.Reason)
			}
		}
	}
	for k, w := range obs.panics {
		covered := false
		for _, b := range panicClaims[k] {
			covered = covered || b.Verdict == report.Covered
		}
		if !covered {
			fail("panic %q at %s: raised by %s (%s) but no objective of that kind on that line is covered", k.kind, k.line, w, obs.messages[k])
		}
	}
	return errs
}

// ifaceEnumSource is enum_test.go for the scenario's functions: nested
// loops over the parameters' domains, the interface ones from the
// scenario's lfDomain<T>() functions. Panics of the new kinds are
// classified too.
func ifaceEnumSource(t *testing.T, names []string, params map[string][]ifaceParam) []byte {
	t.Helper()
	const kinds = `[]string{"index out of range", "integer divide by zero", "negative shift amount"}`
	header := strings.Replace(enumHeader, kinds, `[]string{"index out of range", "integer divide by zero", "negative shift amount", "interface conversion", "nil pointer dereference", "comparing uncomparable type"}`, 1)
	if header == enumHeader {
		t.Fatal("the enumeration header has changed: update ifaceEnumSource")
	}
	var b bytes.Buffer
	b.WriteString(header)
	for _, n := range names {
		fmt.Fprintf(&b, "\nfunc TestEnum_%s(t *testing.T) {\n\tlfEnumStart(t)\n", n)
		var args, fmts, vals []string
		for i, p := range params[n] {
			v := fmt.Sprintf("lfV%d", i)
			switch p.typ {
			case "bool":
				fmt.Fprintf(&b, "for _, %s := range [2]bool{false, true} {\n", v)
			case "int8":
				fmt.Fprintf(&b, "for lfI%d := -128; lfI%d <= 127; lfI%d++ {\n%s := int8(lfI%d)\n", i, i, i, v, i)
			case "uint8":
				fmt.Fprintf(&b, "for lfI%d := 0; lfI%d <= 255; lfI%d++ {\n%s := uint8(lfI%d)\n", i, i, i, v, i)
			default:
				fmt.Fprintf(&b, "for _, %s := range lfDomain%s() {\n", v, domainName(p.typ))
			}
			args = append(args, v)
			fmts = append(fmts, p.name+"=%#v")
			vals = append(vals, v)
		}
		fmt.Fprintf(&b, "lfEnumCall(func() { %s(%s) }, func() string { return fmt.Sprintf(%q, %s) })\n",
			n, strings.Join(args, ", "), strings.Join(fmts, " "), strings.Join(vals, ", "))
		b.WriteString(strings.Repeat("}\n", len(params[n])))
		b.WriteString("lfEnumFinish(t)\n}\n")
	}
	src, err := format.Source(b.Bytes())
	if err != nil {
		t.Fatalf("generated enum_test.go does not parse: %v\n%s", err, b.Bytes())
	}
	return src
}

// domainName is the suffix of the domain function of a parameter type:
// the type's name, "Any" for any and interface{}, "Error" for error.
func domainName(typ string) string {
	switch typ {
	case "any", "interface{}":
		return "Any"
	case "error":
		return "Error"
	}
	return typ
}

// ifaceEnumerate runs the enumeration of function n and reads what it
// observed.
func ifaceEnumerate(t *testing.T, bin, inst, tmp, n string, sites map[string]verify.Site) *observation {
	t.Helper()
	out := filepath.Join(tmp, "obs-"+n)
	cmd := exec.Command(bin, "-test.run", "^TestEnum_"+n+"$", "-test.v")
	cmd.Dir = inst
	cmd.Env = append(os.Environ(), verify.RecEnv+"="+filepath.Join(tmp, "rec-"+n), outEnv+"="+out)
	if o, err := cmd.CombinedOutput(); err != nil || !bytes.Contains(o, []byte("--- PASS: TestEnum_"+n)) {
		t.Errorf("enumeration of %s failed: %v\n%s", n, err, o)
		return nil
	}
	byID := map[int]string{}
	for k, s := range sites {
		byID[s.ID] = k
	}
	obs := &observation{branches: map[string]map[bool]string{}, panics: map[panicKey]string{}, messages: map[panicKey]string{}}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Errorf("enumeration of %s: %v", n, err)
		return nil
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "\t")
		switch {
		case fields[0] == "inputs" && len(fields) == 2:
			obs.inputs, _ = strconv.Atoi(fields[1])
		case fields[0] == "rec" && len(fields) == 4:
			id, _ := strconv.Atoi(fields[1])
			o, _ := strconv.ParseBool(fields[2])
			key, ok := byID[id]
			if !ok {
				t.Errorf("enumeration of %s: bad record %q", n, sc.Text())
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
			t.Errorf("enumeration of %s: bad line %q", n, sc.Text())
		}
	}
	return obs
}

// ifaceSelfCheck makes sure ifaceCompare is not vacuous: it breaks a
// correct report and expects an objection.
func ifaceSelfCheck(t *testing.T, r *report.Function, obs *observation, recovers bool) {
	t.Helper()
	for _, m := range []struct {
		name    string
		from    string
		to      string
		outcome func(string) bool
		want    string
	}{
		{"covered claimed unreachable", report.Covered, report.Unreachable, func(o string) bool { return o == "true" || o == "false" }, "FALSE UNREACHABLE"},
		{"covered claimed unknown", report.Covered, report.Unknown, func(o string) bool { return o != "entry" }, "unknown"},
		{"unknown claimed covered", report.Unknown, report.Covered, func(o string) bool { return o == "true" || o == "false" }, "claimed covered"},
	} {
		mut := *r
		mut.Branches = append([]report.Branch(nil), r.Branches...)
		i := -1
		for j, b := range mut.Branches {
			if b.Verdict == m.from && m.outcome(b.Outcome) {
				i = j
				break
			}
		}
		if i < 0 {
			continue
		}
		mut.Branches[i].Verdict = m.to
		if !strings.Contains(strings.Join(ifaceCompare(&mut, obs, recovers), "\n"), m.want) {
			t.Errorf("self-check %s: %s (%s %s) not detected", r.Function, m.name, r.Branches[i].Pos, r.Branches[i].Outcome)
		}
	}
}
