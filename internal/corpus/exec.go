// Running the go command and leapfrog: output kept in files, a whole process group ended at the deadline.
package corpus

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// A command is one external command of a module's run.
type command struct {
	dir  string   // working directory
	env  []string // the whole environment
	args []string
	log  string // base name of the .stdout/.stderr files under the module's output directory ("" none)
}

// A commandResult is what a command did.
type commandResult struct {
	stdout, stderr []byte
	exit           int // -1: did not run or was killed
	elapsed        time.Duration
	err            error // nil when it ran to its end, whatever its exit status
}

// run runs c until it ends or ctx is done, then kills its process group
// (the go command's children, leapfrog's go test and cvc5, included).
func (m *moduleRun) run(ctx context.Context, c command) commandResult {
	cmd := exec.CommandContext(ctx, c.args[0], c.args[1:]...)
	cmd.Dir = c.dir
	cmd.Env = c.env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	setProcessGroup(cmd)
	cmd.WaitDelay = 10 * time.Second
	start := time.Now()
	err := cmd.Run()
	res := commandResult{stdout: stdout.Bytes(), stderr: stderr.Bytes(), exit: -1, elapsed: time.Since(start)}
	var exit *exec.ExitError
	switch {
	case ctx.Err() != nil:
		res.err = ctx.Err()
	case err == nil:
		res.exit = 0
	case errors.As(err, &exit) && exit.ExitCode() >= 0:
		res.exit = exit.ExitCode()
	default:
		res.err = err
	}
	if c.log != "" {
		m.save(c.log+".stdout", res.stdout)
		m.save(c.log+".stderr", append([]byte(fmt.Sprintf("# %s (in %s): exit %d, %s\n", strings.Join(c.args, " "), c.dir, res.exit, res.elapsed.Round(time.Millisecond))), res.stderr...))
	}
	return res
}

// save writes one raw output of the module under its output directory.
func (m *moduleRun) save(name string, data []byte) {
	if m.out == "" {
		return
	}
	if err := os.WriteFile(filepath.Join(m.out, name), data, 0o644); err != nil {
		m.notef("cannot save %s: %v", name, err)
	}
}

// firstLine is s's first non-empty line, at most 200 bytes.
func firstLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			return truncate(l, 200)
		}
	}
	return ""
}

// lastLine is s's last non-empty line, at most 200 bytes.
func lastLine(s string) string {
	lines := strings.Split(s, "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if l := strings.TrimSpace(lines[i]); l != "" {
			return firstLine(l)
		}
	}
	return ""
}
