// observe_test.go: the truth side of an oracle run: the test binary (enumeration, replay, emitted tests), running it, reading what it saw.

package oracle

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"leapfrog/internal/testgen"
	"leapfrog/internal/verify"
)

// emittedName is the name of the emitted test of fn for row r, once renamed.
func emittedName(r, fn string) string {
	return strings.Replace(testgen.TestName(fn), "TestLeapfrog_", "TestLeapfrog_"+r+"_", 1)
}

// stubTypes matches the names of the stub types an emitted file declares
// (stub<Iface>_<Test>) up to the underscore.
var stubTypes = regexp.MustCompile(`\b(stub[A-Z][A-Za-z0-9]*)_`)

// build compiles the instrumented package with the enumeration, the replay
// and the emitted tests into one test binary. When that fails, it drops the
// emitted tests, then the replay, and reports what did not compile.
func (o *oracleRun) build(tmp, inst string, replay []byte, emitted map[string][]string, rs []row) (bin string, withReplay, withTests bool) {
	var tests []string
	for _, r := range rs {
		for i, file := range emitted[r.name] {
			data, err := os.ReadFile(file)
			if err != nil {
				o.add(disagreement{class: "no-report", row: r.name, detail: err.Error()})
				continue
			}
			data = bytes.ReplaceAll(data, []byte("func TestLeapfrog_"), []byte("func TestLeapfrog_"+r.name+"_"))
			data = stubTypes.ReplaceAll(data, []byte("${1}_"+r.name+"_")) // each row's file declares its stub types
			name := fmt.Sprintf("x_%s_%d_leapfrog_test.go", r.name, i)
			tests = append(tests, name)
			if err := os.WriteFile(filepath.Join(inst, name), data, 0o644); err != nil {
				o.add(disagreement{class: "compile", row: r.name, detail: err.Error()})
			}
		}
	}
	replayFile := filepath.Join(inst, "replay_test.go")
	if err := os.WriteFile(replayFile, replay, 0o644); err != nil {
		o.add(disagreement{class: "compile", detail: err.Error()})
	}
	bin = filepath.Join(tmp, "enum.test")
	out, err := goCmd(inst, "test", "-c", "-vet=off", "-o", bin, ".")
	if err == nil {
		return bin, true, true
	}
	o.add(disagreement{class: "compile", detail: "the instrumented package with the enumeration, the replay and the emitted tests does not build:\n" + tail(string(out), 30)})
	for _, t := range tests {
		os.Remove(filepath.Join(inst, t))
	}
	if _, err := goCmd(inst, "test", "-c", "-vet=off", "-o", bin, "."); err == nil {
		return bin, true, false
	}
	os.Remove(replayFile)
	if out, err := goCmd(inst, "test", "-c", "-vet=off", "-o", bin, "."); err != nil {
		o.add(disagreement{class: "compile", detail: "the enumeration alone does not build:\n" + tail(string(out), 30)})
		return "", false, false
	}
	return bin, false, false
}

// goCmd runs the go command in dir.
func goCmd(dir string, args ...string) ([]byte, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOTOOLCHAIN=local", "GOWORK=off", "GOFLAGS=")
	return cmd.CombinedOutput()
}

// runEmitted runs the emitted tests of row r against the compiled code:
// they compare the engine's concrete outputs and panics with Go's.
func (o *oracleRun) runEmitted(bin, inst string, r row) {
	var fns []string
	for _, f := range o.funcs {
		if o.reports[r.name][f.name] != nil {
			fns = append(fns, f.name)
		}
	}
	if len(fns) == 0 {
		return
	}
	run := func(pattern string) string {
		cmd := exec.Command(bin, "-test.run", pattern, "-test.v")
		cmd.Dir = inst
		out, _ := cmd.CombinedOutput()
		return string(out)
	}
	out := run("^TestLeapfrog_" + r.name + "_")
	crashed := !strings.Contains(out, "\nPASS\n") && !strings.Contains(out, "\nFAIL\n")
	for _, fn := range fns {
		if len(o.reports[r.name][fn].Cases) == 0 {
			continue // no case, no test (a precondition no input satisfies): compare checks the verdicts
		}
		name := emittedName(r.name, fn)
		res := out
		if crashed { // a panic escaped a test: run each alone
			res = run("^" + name + "$")
		}
		if !strings.Contains(res, "--- PASS: "+name+" ") {
			o.add(disagreement{class: "test-fails", row: r.name, fn: fn,
				detail: "the emitted test fails against the compiled code (the engine's concrete semantics differ from Go's):\n" + testOutput(res, name)})
		}
	}
}

// testOutput extracts the output of one test (with its subtests) from go
// test -v output.
func testOutput(out, name string) string {
	var keep []string
	in := false
	for _, l := range strings.Split(out, "\n") {
		t := strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(t, "=== RUN   "+name):
			in = true
		case strings.HasPrefix(t, "=== RUN"):
			in = false
		}
		if in || strings.Contains(t, "--- FAIL: "+name) || strings.HasPrefix(t, "panic:") {
			keep = append(keep, l)
		}
	}
	return tail(strings.Join(keep, "\n"), 40)
}

// replayed is what one case did when replayed alone.
type replayed struct {
	outcomes map[string]map[bool]bool // site key -> outcomes
	panic    panicKey                 // kind "" when it did not panic
	message  string
}

// runReplay runs TestLfReplay and returns the cases' observations by replayKey.
func (o *oracleRun) runReplay(bin, inst, tmp string) map[string]*replayed {
	out := filepath.Join(tmp, "replay.out")
	cmd := exec.Command(bin, "-test.run", "^TestLfReplay$", "-test.v")
	cmd.Dir = inst
	cmd.Env = append(os.Environ(), outEnv+"="+out)
	if res, err := cmd.CombinedOutput(); err != nil {
		o.add(disagreement{class: "replay", detail: fmt.Sprintf("the replay of the cases failed: %v\n%s", err, tail(string(res), 30))})
		return nil
	}
	data, err := os.ReadFile(out)
	if err != nil {
		o.add(disagreement{class: "replay", detail: err.Error()})
		return nil
	}
	all := map[string]*replayed{}
	get := func(key string) *replayed {
		if all[key] == nil {
			all[key] = &replayed{outcomes: map[string]map[bool]bool{}}
		}
		return all[key]
	}
	byID := siteIDs(o.sites)
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		switch {
		case f[0] == "ran" && len(f) == 2:
			get(f[1])
		case f[0] == "rec" && len(f) == 4:
			id, _ := strconv.Atoi(f[2])
			key, ok := byID[id]
			if !ok {
				o.add(disagreement{class: "replay", detail: "record of an unknown site: " + sc.Text()})
				continue
			}
			r := get(f[1])
			if r.outcomes[key] == nil {
				r.outcomes[key] = map[bool]bool{}
			}
			r.outcomes[key][f[3] == "true"] = true
		case f[0] == "panic" && len(f) == 5:
			r := get(f[1])
			r.panic, r.message = panicKey{f[2], f[3]}, f[4]
		default:
			o.add(disagreement{class: "replay", detail: "bad replay line: " + sc.Text()})
		}
	}
	return all
}

func siteIDs(sites map[string]verify.Site) map[int]string {
	byID := map[int]string{}
	for k, s := range sites {
		byID[s.ID] = k
	}
	return byID
}

// observation is what one enumeration run saw.
type observation struct {
	inputs   int
	run      int                        // the inputs satisfying the precondition (all when none)
	branches map[string]map[bool]string // site key -> outcome -> first input reaching it
	panics   map[panicKey]string        // panic kind and line -> first input raising it
	messages map[panicKey]string        // the panic message of that input
	entries  map[string]bool            // functions entered, by the key of their name (verify's records)
}

// panicKey identifies a panic pseudo-branch from outside: its kind and the
// source line it happens at (columns are not known from a stack trace).
type panicKey struct {
	kind string // as verify.PanicSite.Kind: "index out of range", ..., "interface conversion", "panic"
	line string // "file.go:line"
}

// enumerate runs the enumeration test of f in the compiled test binary and
// reads what it observed.
func enumerate(bin, inst, tmp string, f *function, sites map[string]verify.Site) (*observation, error) {
	rec := filepath.Join(tmp, "rec-"+f.id())
	out := filepath.Join(tmp, "obs-"+f.id())
	cmd := exec.Command(bin, "-test.run", "^TestEnum_"+f.id()+"$", "-test.v")
	cmd.Dir = inst
	cmd.Env = append(os.Environ(), verify.RecEnv+"="+rec, outEnv+"="+out)
	if o, err := cmd.CombinedOutput(); err != nil || !bytes.Contains(o, []byte("--- PASS: TestEnum_"+f.id())) {
		return nil, fmt.Errorf("enumeration of %s failed: %v\n%s", f.name, err, tail(string(o), 30))
	}
	byID := siteIDs(sites)
	obs := &observation{branches: map[string]map[bool]string{}, panics: map[panicKey]string{}, messages: map[panicKey]string{}}
	data, err := os.ReadFile(out)
	if err != nil {
		return nil, fmt.Errorf("enumeration of %s: %v", f.name, err)
	}
	want := f.inputs
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "\t")
		switch {
		case fields[0] == "inputs" && len(fields) == 2:
			obs.inputs, _ = strconv.Atoi(fields[1])
		case fields[0] == "satisfying" && len(fields) == 2:
			obs.run, _ = strconv.Atoi(fields[1])
		case fields[0] == "domain" && len(fields) == 2:
			n, err := strconv.Atoi(fields[1])
			if err != nil || n == 0 {
				return nil, fmt.Errorf("enumeration of %s: bad or empty domain %q", f.name, sc.Text())
			}
			want *= n
		case fields[0] == "rec" && len(fields) == 4:
			id, err1 := strconv.Atoi(fields[1])
			o, err2 := strconv.ParseBool(fields[2])
			key, ok := byID[id]
			if err1 != nil || err2 != nil || !ok {
				return nil, fmt.Errorf("enumeration of %s: bad record %q", f.name, sc.Text())
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
			return nil, fmt.Errorf("enumeration of %s: bad line %q", f.name, sc.Text())
		}
	}
	// Cross-check: the recorder's own file holds the same outcomes.
	recObs, err := verify.Observed(rec, sites)
	if err != nil {
		return nil, fmt.Errorf("enumeration of %s: %v", f.name, err)
	}
	if a, b := countOutcomes(obs), countRec(recObs); a != b {
		return nil, fmt.Errorf("enumeration of %s: %d outcomes with a witness, %d in the record file", f.name, a, b)
	}
	// And the panics verify's recorder saw are those the enumeration saw.
	recPanics, err := verify.ObservedPanics(rec)
	if err != nil {
		return nil, fmt.Errorf("enumeration of %s: %v", f.name, err)
	}
	for k := range obs.panics {
		if k.line != otherPackage && !recPanics[verify.PanicSite{Kind: k.kind, Line: k.line}] {
			return nil, fmt.Errorf("enumeration of %s: panic %q at %s not in the record file (verify's panic recorder)", f.name, k.kind, k.line)
		}
	}
	// (A function that recovers sees fewer: verify's recorder notes a panic
	// leaving each function, the enumeration those leaving the target.)
	if len(recPanics) != len(obs.panics) && !f.recovers {
		return nil, fmt.Errorf("enumeration of %s: %d panics in the record file (verify's panic recorder), %d seen by the enumeration", f.name, len(recPanics), len(obs.panics))
	}
	if obs.entries, err = verify.ObservedEntries(rec); err != nil {
		return nil, fmt.Errorf("enumeration of %s: %v", f.name, err)
	}
	if obs.inputs != want {
		return nil, fmt.Errorf("enumeration of %s: ran %d inputs, want %d", f.name, obs.inputs, want)
	}
	return obs, nil
}

func countOutcomes(obs *observation) int {
	n := 0
	for _, m := range obs.branches {
		n += len(m)
	}
	return n
}

func countRec(obs map[string]map[bool]bool) int {
	n := 0
	for _, m := range obs {
		n += len(m)
	}
	return n
}
