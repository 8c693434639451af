// The test binary as a child process: runs one sequence of real sync operations that Go ends with a fatal error.

package replacements

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// childEnv names the sequence a child process runs (see fatalInChild).
const childEnv = "LEAPFROG_REPLACEMENTS_CHILD"

// childSeqs are the sequences a child may run, by name; each takes its
// operations from the name's suffix.
var childSeqs = map[string]func(arg string){}

func TestMain(m *testing.M) {
	if name := os.Getenv(childEnv); name != "" {
		kind, arg, _ := strings.Cut(name, ":")
		f := childSeqs[kind]
		if f == nil {
			fmt.Fprintf(os.Stderr, "no child sequence %q\n", kind)
			os.Exit(3)
		}
		f(arg) // before m.Run: no timer runs, so Go detects a deadlock
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// fatalInChild runs the child sequence name in a process of its own and
// returns its exit status and what it wrote on stderr.
func fatalInChild(t *testing.T, name string) (int, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"="+name)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("child %s: %v", name, err)
	}
	return code, stderr.String()
}

// goText is the part of a fatal reason Go itself prints: the reason up to
// leapfrog's explanation in parentheses.
func goText(f fatal) string {
	s, _, _ := strings.Cut(string(f), " (")
	return s
}

// checkFatal expects the child sequence name to die with the fatal error
// the replacement raised (want).
func checkFatal(t *testing.T, name string, want fatal) {
	t.Helper()
	code, stderr := fatalInChild(t, name)
	if code != 2 || !strings.Contains(stderr, goText(want)+"\n") {
		t.Errorf("child %s: exit status %d, stderr %q; want status 2 and %q", name, code, firstLine(stderr), goText(want))
	}
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}
