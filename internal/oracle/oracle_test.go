// oracle_test.go: leapfrog's verdicts on the small-domain functions of the testdata scenarios against a brute-force enumeration of all their inputs.
package oracle

import (
	"flag"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"leapfrog/internal/testutil"
)

const defaultScenarios = "testdata/*.txtar"

var scenarios = flag.String("scenarios", defaultScenarios, "TestOracle: the scenarios to run (a glob)")

// shortScenarios are the scenarios TestOracle runs with -short (unless
// -scenarios names others): quick ones covering pointers, && and || in
// value context, methods, interfaces and errors, and path merging without
// a proof. Every scenario runs without -short.
var shortScenarios = map[string]bool{"ptr_elem": true, "logic_local_last": true, "receivers": true, "ifaces_errors": true, "pm_no_proof": true}

// TestOracle runs every testdata/*.txtar scenario (see the package comment);
// with -short, only shortScenarios.
func TestOracle(t *testing.T) {
	files, err := filepath.Glob(*scenarios)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no testdata/*.txtar scenarios")
	}
	short := 0
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".txtar")
		if shortScenarios[name] {
			short++
		}
		t.Run(name, func(t *testing.T) {
			if testing.Short() && *scenarios == defaultScenarios && !shortScenarios[name] {
				t.Skip("-short runs a few scenarios; this one runs without -short")
			}
			t.Parallel()
			runScenario(t, file)
		})
	}
	if *scenarios == defaultScenarios && short != len(shortScenarios) {
		t.Errorf("shortScenarios names %d scenarios, %d of which are in testdata", len(shortScenarios), short)
	}
}

// scenarioOptions are the options of TestOracle's runs.
var scenarioOptions = oracleOptions{rows: rows, limit: 5 * time.Minute, selfCheck: true}

// extractScenario writes the files of a scenario to dir/src, but for its
// funcs section and the other control sections named, and returns that
// directory and the functions of its funcs section.
func extractScenario(t testing.TB, file, dir string, control ...string) (string, []string) {
	src := filepath.Join(dir, "src")
	funcs := testutil.ReadTree(t, file, src, append([]string{"funcs"}, control...)...)["funcs"]
	return src, strings.Fields(funcs)
}

func runScenario(t *testing.T, file string) {
	tmp := t.TempDir()
	src, names := extractScenario(t, file, tmp)
	if len(names) == 0 {
		t.Fatal("no functions in the funcs section")
	}
	o, err := runOracle(src, tmp, names, scenarioOptions)
	if o != nil {
		for _, l := range o.logs {
			t.Log(l)
		}
		sortDisagreements(o.found)
		for _, d := range o.found {
			t.Errorf("%s", d)
		}
	}
	if err != nil {
		t.Fatal(err)
	}
}

// TestEvalSMT2 checks the proof checker itself.
func TestEvalSMT2(t *testing.T) {
	for _, tc := range []struct{ script, want string }{
		{"(declare-fun x () (_ BitVec 8))\n(assert (= (bvmul x #x02) #x07))\n(check-sat)\n", "unsat"},
		{"(declare-fun x () (_ BitVec 8))\n(assert (= (bvmul x #x03) #x01))\n(check-sat)\n", "sat"},
		{"; constant\n(assert false)\n(check-sat)\n", "unsat"},
		// Several queries (a certificate): unsat when each is.
		{"(declare-fun x () Int)\n(assert (< x x))\n(check-sat)\n(reset)\n(declare-fun y () Int)\n(assert (> y y))\n(check-sat)\n", "unsat"},
		{"(declare-fun x () Int)\n(assert (< x x))\n(check-sat)\n(reset)\n(declare-fun y () Int)\n(assert (> y 0))\n(check-sat)\n", "sat"},
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

// TestZ3Process checks the Z3 fallback's subprocess: its answers, and an
// error Z3 reports reaching the caller.
func TestZ3Process(t *testing.T) {
	for _, tc := range []struct{ script, want string }{
		{"(declare-fun x () (_ BitVec 8))\n(assert (= (bvmul x #x02) #x07))\n(check-sat)\n", "unsat"},
		{"(declare-fun x () (_ BitVec 8))\n(assert (= (bvmul x #x03) #x01))\n(check-sat)\n", "sat"},
	} {
		if got, err := z3Process(tc.script, 20*time.Second); err != nil || got != tc.want {
			t.Errorf("z3Process(%q) = %q, %v; want %q", tc.script, got, err, tc.want)
		}
	}
	if got, err := z3Process("(assert (= y 1))\n(check-sat)\n", 20*time.Second); err == nil {
		t.Errorf("z3Process of an undeclared constant = %q, no error", got)
	}
}
