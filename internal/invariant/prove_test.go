// Issue 21's functions proved under every strategy, and the functions whose checks can fail never proved, against compiled Go.

package invariant

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"leapfrog/internal/engine"
	"leapfrog/internal/expr"
	"leapfrog/internal/indep"
	"leapfrog/internal/ir"
	"leapfrog/internal/report"
	"leapfrog/internal/search"
	"leapfrog/internal/solver/z3"
)

// doneWhen holds the functions of issue 21's "Done when": every run-time
// check of each is unreachable for inputs of every length.
const doneWhen = `package p

import "strings"

func Split(path string) (dir, file string) {
	i := strings.LastIndexByte(path, '/')
	return path[:i+1], path[i+1:]
}

func Sum(b []byte) int {
	s := 0
	for i := 0; i < len(b); i++ {
		s += int(b[i])
	}
	return s
}

func Key(s string) string {
	if i := strings.IndexByte(s, '='); i >= 0 {
		return s[:i]
	}
	return s
}

func TrimSpace(s string) string {
	for len(s) > 0 && s[len(s)-1] == ' ' {
		s = s[:len(s)-1]
	}
	return s
}
`

var strategies = []search.Strategy{search.DFS{}, search.Eager{}, search.Lookahead{}, search.Else{}, search.MTElse{},
	search.PM{}, search.RG{}, search.RGCB{}, search.TreeFrog{}}

// explore runs one strategy on fn and returns its session and report.
// Inputs are bounded at 4 elements (the default is 8): the search is
// quicker, and leaves the same checks open.
func explore(t *testing.T, fn *ir.Function, st search.Strategy) (*search.Session, *report.Function) {
	t.Helper()
	slv := z3.New(10 * time.Second)
	t.Cleanup(slv.Close)
	eng := engine.New(expr.NewBuilder(), 10)
	eng.MaxLen = 4
	s := search.NewSession(search.Config{Fn: fn, Engine: eng, Solver: slv})
	search.ExploreLoops(s, st, search.LoopOptions{})
	return s, s.Report(fn.Name, "p", st.Name())
}

// objectivesOf maps a session's objectives to the prover's.
func objectivesOf(s *search.Session) []*Objective {
	objs := make([]*Objective, len(s.Objectives))
	for i, o := range s.Objectives {
		if !o.Entry {
			objs[i] = &Objective{If: o.If, Dir: o.Dir, Panic: o.Panic}
		}
	}
	return objs
}

// checkCertificate runs each query of a certificate through cvc5 alone.
func checkCertificate(t *testing.T, smt2 string) {
	t.Helper()
	queries := strings.Split(smt2, "(reset)\n")
	names := []string{}
	for _, q := range queries {
		got, err := indep.CVC5(q, time.Minute)
		if err != nil || got != "unsat" {
			t.Errorf("cvc5 on a query of the certificate: %q, %v\n%s", got, err, q)
		}
		if i := strings.Index(q, "; "); i >= 0 {
			names = append(names, strings.SplitN(q[i+2:], ":", 2)[0])
		}
	}
	if n := len(queries); n != 3 && n != 1 {
		t.Errorf("%d queries in the certificate, want 3 (or 1 without a loop)", n)
	}
}

// TestDoneWhen: the search leaves every run-time check of the functions
// unknown (the input length bound); the invariants settle each, under
// every strategy, with a certificate cvc5 re-checks.
func TestDoneWhen(t *testing.T) {
	fns := lowerGo(t, doneWhen, "Split", "Sum", "Key", "TrimSpace")
	for _, name := range []string{"Split", "Sum", "Key", "TrimSpace"} {
		for _, st := range strategies {
			t.Run(name+"/"+st.Name(), func(t *testing.T) {
				s, r := explore(t, fns[name], st)
				checks := 0
				for i, b := range r.Branches {
					if o := s.Objectives[i]; o.If != nil && o.If.Kind != ir.SourceBranch {
						checks++
						if b.Verdict != report.Unknown || !Eligible(b.Reason) {
							t.Fatalf("%s %s before the proofs: %s %s (the search alone should leave it open)", b.Pos, b.Outcome, b.Verdict, b.Reason)
						}
					}
				}
				if checks == 0 {
					t.Fatal("no run-time check")
				}
				n := Settle(fns[name], r, objectivesOf(s), DefaultOptions)
				if n != checks {
					t.Errorf("%d of %d checks settled", n, checks)
				}
				for i, b := range r.Branches {
					o := s.Objectives[i]
					if o.If == nil || o.If.Kind == ir.SourceBranch {
						if b.Verdict == report.Unknown {
							t.Errorf("%s %s: unknown (%s)", b.Pos, b.Outcome, b.Reason)
						}
						continue
					}
					if b.Verdict != report.Unreachable || b.Checked != report.CheckedIndependent {
						t.Errorf("%s %s: %s (%s), checked %q", b.Pos, b.Outcome, b.Verdict, b.Reason, b.Checked)
						continue
					}
					if strings.Contains(b.SMT2, "(assert false)") {
						t.Errorf("%s %s: (assert false) in the certificate", b.Pos, b.Outcome)
					}
					if st.Name() == "treefrog" {
						checkCertificate(t, b.SMT2)
					}
				}
			})
		}
	}
}

// canFail holds functions whose checks some input makes fail: no proof
// may be claimed for them.
const canFail = `package p

import "strings"

func OffByOne(b []byte) int {
	s := 0
	for i := 0; i <= len(b); i++ {
		s += int(b[i])
	}
	return s
}

func Back(b []byte) int {
	s := 0
	for i := 1; i < len(b); i++ {
		s += int(b[i-2])
	}
	return s
}

func SplitNoPlus(path string) string {
	i := strings.LastIndexByte(path, '/')
	return path[:i]
}

func KeyUnguarded(s string) string {
	i := strings.IndexByte(s, '=')
	return s[:i]
}

func TrimAll(s string) string {
	for len(s) >= 0 && s[len(s)-1] == ' ' {
		s = s[:len(s)-1]
	}
	return s
}

func Skip(s string) byte {
	i := 0
	for i < len(s) && s[i] == ' ' {
		i++
	}
	return s[i]
}

func Step2(b []byte) int {
	s := 0
	for i := 0; i < len(b); i += 2 {
		s += int(b[i+1])
	}
	return s
}

func Range(s string) int {
	n := 0
	for i := range s {
		n += int(s[i+1])
	}
	return n
}

func Count(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '/' {
			n++
		}
	}
	return int(s[n])
}
`

// safeToo holds more functions whose checks cannot fail.
const safeToo = `package p

import "strings"

func Skip(s string) string {
	i := 0
	for i < len(s) && s[i] == ' ' {
		i++
	}
	return s[i:]
}

func Step2(b []byte) int {
	s := 0
	for i := 0; i+1 < len(b); i += 2 {
		s += int(b[i+1])
	}
	return s
}

func Range(s string) int {
	n := 0
	for i := range s {
		n += int(s[i])
	}
	return n
}

func Count(s string) string {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '/' {
			n++
		}
	}
	return s[:n]
}

func Reverse(b []byte) {
	for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
}

// Cut's checks need strings.Index's postcondition, i+len(sep) <= len(s),
// which its loops (and Rabin-Karp's) establish through the contents
// compared: not required.
func Cut(s string) (string, string) {
	if i := strings.Index(s, "=="); i >= 0 {
		return s[:i], s[i+2:]
	}
	return s, ""
}
`

// observed runs every function of src on every input up to a small size
// (strings over "a/= ", byte slices over {0, 32, 47}, of length 0 to 4) in
// a compiled program and returns the run-time panics seen, as "kind line".
func observed(t *testing.T, src string, names []string, params map[string]string) map[string]bool {
	t.Helper()
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module p\n\ngo 1.26\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "p.go"), []byte(src), 0o644)
	var b strings.Builder
	b.WriteString(`package p

import (
	"fmt"
	"regexp"
	"runtime/debug"
	"strings"
	"testing"
)

var line = regexp.MustCompile(` + "`" + `/p\.go:(\d+)` + "`" + `)

func try(f func()) {
	defer func() {
		if r := recover(); r != nil {
			msg := fmt.Sprint(r)
			for _, k := range []string{"index out of range", "slice bounds out of range"} {
				if strings.Contains(msg, k) {
					fmt.Printf("%s %s\n", k, line.FindStringSubmatch(string(debug.Stack()))[1])
				}
			}
		}
	}()
	f()
}

func strs() []string {
	out := []string{""}
	for n := 1; n <= 4; n++ {
		for _, s := range out {
			if len(s) == n-1 {
				for _, c := range "a/= " {
					out = append(out, s+string(c))
				}
			}
		}
	}
	return out
}

func TestAll(t *testing.T) {
`)
	for _, n := range names {
		switch params[n] {
		case "string":
			fmt.Fprintf(&b, "\tfor _, s := range strs() { try(func() { %s(s) }) }\n", n)
		case "[]byte":
			fmt.Fprintf(&b, "\tfor _, s := range strs() { bs := []byte(strings.NewReplacer(\"a\", \"\\x00\").Replace(s)); try(func() { %s(bs) }) }\n", n)
		}
	}
	b.WriteString("}\n")
	os.WriteFile(filepath.Join(dir, "all_test.go"), []byte(b.String()), 0o644)
	cmd := exec.Command("go", "test", "-count=1", "-run", "TestAll", "-v", ".")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go test: %v\n%s", err, out)
	}
	seen := map[string]bool{}
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	re := regexp.MustCompile(`^(index out of range|slice bounds out of range) (\d+)$`)
	for sc.Scan() {
		if m := re.FindStringSubmatch(sc.Text()); m != nil {
			seen[m[1]+" "+m[2]] = true
		}
	}
	return seen
}

// TestNeverProvedWhenReachable: for functions whose checks some input
// fails (compiled Go shows the panic), no proof is found; for the others,
// a proof of a check is never contradicted by a run.
func TestNeverProvedWhenReachable(t *testing.T) {
	for _, c := range []struct {
		src      string
		mustFail bool
	}{{canFail, true}, {safeToo, false}, {doneWhen, false}} {
		var names []string
		params := map[string]string{}
		for _, m := range regexp.MustCompile(`(?m)^func (\w+)\((\w+) (\S+)\)`).FindAllStringSubmatch(c.src, -1) {
			names = append(names, m[1])
			params[m[1]] = m[3]
		}
		seen := observed(t, c.src, names, params)
		fns := lowerGo(t, c.src, names...)
		for _, name := range names {
			fn := fns[name]
			p := NewProver(fn)
			failed := false
			for _, o := range checks(fn) {
				key := fmt.Sprintf("%s %d", o.If.Kind.PanicMessage(), o.If.Pos.Line)
				r := p.Prove(o, DefaultOptions)
				switch {
				case r.Proved && seen[key]:
					t.Errorf("%s: %s proved unreachable by %s, but compiled Go panics there\n%s", name, o, r.Method, r.SMT2)
				case !r.Proved && !seen[key] && !c.mustFail && name != "Cut":
					t.Errorf("%s: %s not proved: %s", name, o, r.Why)
				}
				failed = failed || seen[key]
			}
			if c.mustFail && !failed {
				t.Errorf("%s: no check of it fails on the inputs tried: the test proves nothing", name)
			}
		}
	}
}
