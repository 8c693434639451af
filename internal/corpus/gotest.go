// go test -json -coverprofile: the events per package and the statements the profile covers.
package corpus

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// A testEvent is one line of go test -json (cmd/test2json).
type testEvent struct {
	Action      string
	Package     string
	Test        string
	Output      string
	FailedBuild string
}

// A pkgTests is what one package's test binary did.
type pkgTests struct {
	status      string   // pass, fail, skip (no test files), build failed
	passed      int      // top-level tests
	failed      []string // top-level tests that failed
	unfinished  []string // top-level tests started that never ended (the binary crashed or timed out)
	crashed     bool     // the binary panicked or timed out
	lastFailed  string   // the last top-level test reported failed
	buildOutput string
}

// parseTestEvents reads go test -json output: each package's result.
func parseTestEvents(out []byte) map[string]*pkgTests {
	pkgs := map[string]*pkgTests{}
	started := map[string]map[string]bool{}
	get := func(p string) *pkgTests {
		if pkgs[p] == nil {
			pkgs[p] = &pkgTests{}
			started[p] = map[string]bool{}
		}
		return pkgs[p]
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var e testEvent
		if json.Unmarshal(sc.Bytes(), &e) != nil || e.Package == "" {
			continue
		}
		p := get(e.Package)
		top := e.Test != "" && !strings.Contains(e.Test, "/")
		switch {
		case e.Action == "build-output":
			p.buildOutput += e.Output
		case e.Action == "output" && (strings.HasPrefix(e.Output, "panic: ") || strings.HasPrefix(e.Output, "fatal error: ")):
			p.crashed = true
		case e.Action == "run" && top:
			started[e.Package][e.Test] = true
		case (e.Action == "pass" || e.Action == "skip") && top:
			delete(started[e.Package], e.Test)
			if e.Action == "pass" {
				p.passed++
			}
		case e.Action == "fail" && top:
			delete(started[e.Package], e.Test)
			p.failed = append(p.failed, e.Test)
			p.lastFailed = e.Test
		case e.Test == "" && (e.Action == "pass" || e.Action == "fail" || e.Action == "skip"):
			p.status = e.Action
			if e.FailedBuild != "" {
				p.status = "build failed"
			}
		}
	}
	for name, p := range pkgs {
		for t := range started[name] {
			p.unfinished = append(p.unfinished, t)
		}
		sort.Strings(p.unfinished)
		if len(p.unfinished) > 0 {
			p.crashed = true
		}
		if p.status == "" {
			p.status = "fail"
		}
	}
	return pkgs
}

// culprits are the top-level tests to skip so that a crashed binary runs to
// its end: those that never ended, else the last that failed.
func (p *pkgTests) culprits() []string {
	if !p.crashed {
		return nil
	}
	if len(p.unfinished) > 0 {
		return p.unfinished
	}
	if p.lastFailed != "" {
		return []string{p.lastFailed}
	}
	return nil
}

// A block is one entry of a coverage profile: its statements and whether a run executed it.
type block struct {
	stmts int
	hit   bool
}

// A profile maps "file:line.col,line.col" to its block.
type profile map[string]block

// parseProfile reads a coverage profile (any mode); a missing file is an empty profile.
func parseProfile(path string) (profile, error) {
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return profile{}, nil
	}
	if err != nil {
		return nil, err
	}
	prof := profile{}
	for i, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "mode:") {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 3 {
			return nil, fmt.Errorf("%s:%d: not a coverage profile line", path, i+1)
		}
		n, err1 := strconv.Atoi(f[1])
		c, err2 := strconv.ParseInt(f[2], 10, 64)
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("%s:%d: not a coverage profile line", path, i+1)
		}
		b := prof[f[0]]
		b.stmts = n
		b.hit = b.hit || c > 0
		prof[f[0]] = b
	}
	return prof, nil
}

// statements returns the statements of the blocks of all profiles (each
// block once) and, for each profile, how many of those it executed.
func statements(profs ...profile) (total int, covered []int) {
	all := map[string]int{}
	for _, p := range profs {
		for k, b := range p {
			all[k] = b.stmts
		}
	}
	for _, n := range all {
		total += n
	}
	covered = make([]int, len(profs))
	for i, p := range profs {
		for _, b := range p {
			if b.hit {
				covered[i] += b.stmts
			}
		}
	}
	return total, covered
}

// compileError matches the file of a compiler error in go test output.
var compileError = regexp.MustCompile(`(?m)^(?:\./)?([^\s:]+_test\.go):\d+:\d+: `)

// failingTestFiles lists the test files (relative to the package's
// directory, as go prints them) that a build failure names.
func failingTestFiles(out string) []string {
	seen := map[string]bool{}
	var files []string
	for _, m := range compileError.FindAllStringSubmatch(out, -1) {
		if !seen[m[1]] {
			seen[m[1]] = true
			files = append(files, m[1])
		}
	}
	return files
}
