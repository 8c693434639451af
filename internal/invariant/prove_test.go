// Proofs against compiled Go: the functions whose checks can fail never proved, the safe ones proved.

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
)

// doneWhen holds the functions of issue 21's "Done when": every run-time
// check of each is unreachable for inputs of every length (the pipeline's
// test, under every strategy, is analysis.TestInvariantsDoneWhen).
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
// fails (compiled Go shows the panic), no proof is found by either method;
// for the others, a proof of a check is never contradicted by a run, each
// check is proved by some method, and issue 21's by each method alone.
func TestNeverProvedWhenReachable(t *testing.T) {
	methods := []struct {
		name string
		opts Options
	}{
		{"absint", Options{AbsInt: true, Check: DefaultOptions.Check}},
		{"spacer", Options{Spacer: 5 * DefaultOptions.Spacer, Check: DefaultOptions.Check}},
	}
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
		tgs := lowerTargets(t, c.src, names...)
		for _, name := range names {
			fn := tgs[name].Func
			failed := false
			for _, o := range checks(fn) {
				key := fmt.Sprintf("%s %d", o.If.Kind.PanicMessage(), o.If.Pos.Line)
				failed = failed || seen[key]
				var by []string
				for _, m := range methods {
					r := NewProver(fn, tgs[name].PhiNames).Prove(o, m.opts)
					if r.Proved && seen[key] {
						t.Errorf("%s: %s proved unreachable by %s, but compiled Go panics there\n%s", name, o, r.Method, r.SMT2)
					}
					if r.Proved {
						by = append(by, m.name)
					} else if c.src == doneWhen {
						t.Errorf("%s: %s not proved by %s alone: %s", name, o, m.name, r.Why)
					}
				}
				if len(by) == 0 && !seen[key] && !c.mustFail && name != "Cut" {
					t.Errorf("%s: %s proved by no method", name, o)
				}
			}
			if c.mustFail && !failed {
				t.Errorf("%s: no check of it fails on the inputs tried: the test proves nothing", name)
			}
		}
	}
}
