// verify_test.go: gen -verify with the tests written outside the package, panic claims, and the one-line failure message.

package cli

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"leapfrog/internal/verify"
)

// TestGenVerifyOutside runs gen -verify with -o outside the package
// directory: the emitted test must run (its claims observed, panics too).
func TestGenVerifyOutside(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for name, data := range map[string]string{
		"go.mod": "module example.com/vo\n\ngo 1.22\n",
		"a.go": `package vo

func F(a, b int8) int8 {
	if a > 10 {
		panic("big")
	}
	var arr [4]int8
	return arr[a&7] / b
}
`,
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(t.TempDir(), "f_test.go")
	code, stdout, stderr := run("gen", "-timeout", "0", "-verify", "-o", out, dir, "F")
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	// 2 branch outcomes, 3 panics (explicit, index, division) and the entry, all covered.
	want := "verify F: go test passed"
	if !strings.Contains(stdout, want) || !strings.Contains(stdout, "6 claims (3 panics): 6 covered confirmed, 0 unreachable never observed, 0 unknown") {
		t.Errorf("stdout lacks %q with 6 claims confirmed:\n%s", want, stdout)
	}
	if _, err := os.Stat(filepath.Join(dir, "a_leapfrog_test.go")); err == nil {
		t.Errorf("a test was written into the package directory")
	}
}

// TestVerifyFailureLine checks that the one-line failure says what failed.
func TestVerifyFailureLine(t *testing.T) {
	vr := &verify.Result{TestsPassed: true, InstrumentedPassed: true, FalseUnreachable: 1, CoveredMissing: 2,
		Errors: []string{"FALSE UNREACHABLE: a.go:3:5 true claimed unreachable but observed", "a.go:4:5 false claimed covered but not observed", "x"}}
	got := verifyFailure(vr, errors.New("verify: 3 problem(s):\n..."))
	want := "1 FALSE UNREACHABLE, 2 covered but not observed: FALSE UNREACHABLE: a.go:3:5 true claimed unreachable but observed (and 2 more above)"
	if got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	vr = &verify.Result{Errors: []string{"go test ran no test in /p (-run \"^TestX$\"): nothing was checked"}}
	if got := verifyFailure(vr, errors.New("verify: 1 problem(s):")); !strings.HasPrefix(got, "the emitted test failed or did not run: go test ran no test") {
		t.Errorf("got %q", got)
	}
	if got := verifyFailure(nil, errors.New("verify: no go.mod above /x\nmore")); got != "verify: no go.mod above /x" {
		t.Errorf("got %q", got)
	}
}
