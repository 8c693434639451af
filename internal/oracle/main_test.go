// main_test.go: the test binary doubles as the leapfrog command line, run as a subprocess so that a crash or a hang of a strategy is a finding, not the end of the test.

package oracle

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"
	"time"

	"leapfrog/internal/cli"
)

// cliEnv, set to 1, makes the test binary run cli.Main on its arguments.
const cliEnv = "LEAPFROG_ORACLE_CLI"

// z3Env, set to 1, makes the test binary evaluate the SMT-LIB2 script on
// its standard input with Z3 (smt_test.go: z3Process).
const z3Env = "LEAPFROG_ORACLE_Z3"

func TestMain(m *testing.M) {
	switch {
	case os.Getenv(cliEnv) == "1":
		go exitWithParent()
		os.Exit(cli.Main(os.Args[1:], os.Stdout, os.Stderr))
	case os.Getenv(z3Env) == "1":
		go exitWithParent()
		os.Exit(serveZ3(os.Stdin, os.Stdout))
	}
	os.Exit(m.Run())
}

// exitWithParent ends a leapfrog subprocess whose test binary is gone
// (killed by go test's -timeout, or by hand), which would otherwise run on,
// orphaned, into the next job on the machine.
func exitWithParent() {
	parent := os.Getppid()
	for range time.Tick(time.Second) {
		if os.Getppid() != parent {
			os.Exit(3)
		}
	}
}

// slots bounds the leapfrog subprocesses running at once (the machine's
// cores are shared with the go command's compilations).
var slots = make(chan struct{}, max(1, runtime.NumCPU()))

// cliRun is the outcome of one leapfrog subprocess.
type cliRun struct {
	code    int // exit code; -1 when killed or not started
	stdout  string
	stderr  string
	elapsed time.Duration
	killed  bool // the deadline passed
}

// crashed reports whether the run ended in a Go panic or a signal rather
// than a normal exit.
func (r cliRun) crashed() bool {
	return r.code == 2 && strings.Contains(r.stderr, "goroutine ") || r.code < 0 || r.code > 2
}

// runCLI runs "leapfrog args..." as a subprocess of the test binary, killed
// after limit.
func runCLI(limit time.Duration, args ...string) cliRun {
	slots <- struct{}{}
	defer func() { <-slots }()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], args...)
	cmd.Env = append(os.Environ(), cliEnv+"=1", "LEAPFROG_CACHE=off") // no test writes into the user's cache
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	r := cliRun{stdout: stdout.String(), stderr: stderr.String(), elapsed: time.Since(start)}
	switch e := err.(type) {
	case nil:
	case *exec.ExitError:
		r.code = e.ExitCode()
	default:
		r.code = -1
		r.stderr += "\n" + err.Error()
	}
	if ctx.Err() != nil {
		r.code, r.killed = -1, true
	}
	return r
}
