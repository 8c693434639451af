// Command-line behaviour as testscript scripts (testdata/script/*.txtar), run against this build of leapfrog or $LEAPFROG_BIN.

package cli

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain makes the test binary double as the leapfrog command: scripts
// run "exec leapfrog ...", a copy of this binary that calls Main.
func TestMain(m *testing.M) {
	testscript.Main(cleanup{m}, map[string]func(){
		"leapfrog": func() { os.Exit(Main(os.Args[1:], os.Stdout, os.Stderr)) },
	})
}

// cleanup runs the tests, then removes what fixtures shared between tests
// left (wholeRun's bench copy).
type cleanup struct{ m *testing.M }

func (c cleanup) Run() int {
	os.Setenv(cacheEnv, "off") // gen run by the tests in this process: never the user's cache
	code := c.m.Run()
	if wholeRunOnce.bench != "" {
		os.RemoveAll(wholeRunOnce.bench)
	}
	return code
}

// TestScripts runs testdata/script/*.txtar. Each script starts in a fresh
// $WORK holding its files. With LEAPFROG_BIN set, "leapfrog" is that binary
// instead (to show that a script fails on an older build).
func TestScripts(t *testing.T) {
	env := goEnvVars(t)
	testscript.Run(t, testscript.Params{
		Dir: filepath.Join("testdata", "script"),
		Setup: func(e *testscript.Env) error {
			for k, v := range env {
				e.Setenv(k, v)
			}
			// gen's cache (-cache): off, but where a script clears
			// LEAPFROG_CACHE; then in the script's own directory.
			e.Setenv(cacheEnv, "off")
			e.Setenv("XDG_CACHE_HOME", filepath.Join(e.WorkDir, ".cache"))
			if bin := os.Getenv("LEAPFROG_BIN"); bin != "" {
				dir := filepath.Join(e.WorkDir, ".bin")
				if err := os.MkdirAll(dir, 0o755); err != nil {
					return err
				}
				if err := os.Symlink(bin, filepath.Join(dir, "leapfrog")); err != nil {
					return err
				}
				e.Setenv("PATH", dir+string(os.PathListSeparator)+e.Getenv("PATH"))
			}
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"exits":     cmdExits,
			"within":    cmdWithin,
			"section":   cmdSection,
			"cmpexcept": cmdCmpExcept,
			"corrupt":   cmdCorrupt,
		},
	})
}

// goEnvVars are the variables the go command (go list, go test) needs in a
// script's environment, whose HOME is /no-home; the network is off.
func goEnvVars(t *testing.T) map[string]string {
	vars := map[string]string{"GOPROXY": "off", "GOTOOLCHAIN": "local", "GOFLAGS": "-mod=mod"}
	for _, k := range []string{"GOCACHE", "GOPATH", "GOMODCACHE", "GOROOT"} {
		out, err := exec.Command("go", "env", k).Output()
		if err != nil {
			t.Fatalf("go env %s: %v", k, err)
		}
		vars[k] = strings.TrimSpace(string(out))
	}
	return vars
}

// cmdExits runs a program and checks its exit status:
//
//	exits STATUS program [args...]
func cmdExits(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: exits STATUS program [args...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("exits: bad status %q", args[0])
	}
	got := 0
	if err := ts.Exec(args[1], args[2:]...); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			ts.Fatalf("exits: %v", err)
		}
		got = ee.ExitCode()
	}
	if got != want {
		ts.Fatalf("exit status %d, want %d", got, want)
	}
}

// cmdWithin runs a program that must succeed (fail, with !) within a time:
//
//	[!] within DURATION program [args...]
func cmdWithin(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) < 2 {
		ts.Fatalf("usage: within DURATION program [args...]")
	}
	limit, err := time.ParseDuration(args[0])
	if err != nil {
		ts.Fatalf("within: %v", err)
	}
	start := time.Now()
	err = ts.Exec(args[1], args[2:]...)
	took := time.Since(start)
	ts.Logf("%s took %v", args[1], took.Round(time.Millisecond))
	if (err != nil) != neg {
		ts.Fatalf("within: %s: %v", args[1], err)
	}
	if took > limit {
		ts.Fatalf("%s took %v, more than %v", args[1], took.Round(time.Millisecond), limit)
	}
}
