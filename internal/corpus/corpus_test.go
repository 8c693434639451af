// Tests of the corpus tool: the list, the standard-library copies, the counting, and whole runs over testdata without the network.
package corpus

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

func TestParseList(t *testing.T) {
	entries, err := ParseList("l.txt", "# c\nmodule a.com/x v1.0.0\n\nmodule b.com/y v0.1.0 ./p ./q/... -p/y_test.go # c\nstd net/url -a_test.go\n")
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 3 {
		t.Fatalf("%d entries, want 3", len(entries))
	}
	if e := entries[0]; e.Kind != Module || e.Path != "a.com/x" || e.Version != "v1.0.0" || strings.Join(e.Patterns, " ") != "./..." || e.Line != 2 {
		t.Errorf("entry 0: %+v", e)
	}
	if e := entries[1]; strings.Join(e.Patterns, " ") != "./p ./q/..." || strings.Join(e.DropTests, " ") != "p/y_test.go" {
		t.Errorf("entry 1: %+v", e)
	}
	if e := entries[2]; e.Kind != Std || e.Name() != "std/net/url" || strings.Join(e.Patterns, " ") != "." || strings.Join(e.DropTests, " ") != "a_test.go" {
		t.Errorf("entry 2: %+v", e)
	}
	for _, bad := range []struct{ text, want string }{
		{"module a.com/x\n", "l.txt:1: want module PATH VERSION"},
		{"module a.com/x 1.0\n", "l.txt:1: version \"1.0\""},
		{"\nstd a b\n", "l.txt:2: want std IMPORTPATH"},
		{"mod a.com/x v1\n", "l.txt:1: \"mod\": want module or std"},
		{"module a.com/x v1 p\n", "l.txt:1: pattern \"p\""},
		{"std ../x\n", "l.txt:1: \"../x\" is not an import path"},
		{"std a\nstd a\n", "l.txt:2: std/a is listed already on line 1"},
		{"std a -x.go\n", "l.txt:1: \"-x.go\": want -FILE_test.go"},
		{"-x_test.go\n", "l.txt:1: want module or std before the test files"},
		{"# nothing\n", "l.txt: no entries"},
	} {
		if _, err := ParseList("l.txt", bad.text); err == nil || !strings.HasPrefix(err.Error(), bad.want) {
			t.Errorf("%q: error %v, want %q...", bad.text, err, bad.want)
		}
	}
}

// The list in the repository parses and has what issue 24 asks: at least 30
// modules and 15 standard-library packages.
func TestDefaultList(t *testing.T) {
	entries, err := ParseList(DefaultListName, DefaultList)
	if err != nil {
		t.Fatal(err)
	}
	n := map[Kind]int{}
	for _, e := range entries {
		n[e.Kind]++
	}
	if n[Module] < 30 || n[Std] < 15 {
		t.Errorf("%d modules and %d standard-library packages, want at least 30 and 15", n[Module], n[Std])
	}
}

func TestEscapeModulePath(t *testing.T) {
	if got := escapeModulePath("github.com/BurntSushi/toml"); got != "github.com/!burnt!sushi/toml" {
		t.Errorf("got %s", got)
	}
}

func TestNormaliseReason(t *testing.T) {
	for in, want := range map[string]string{
		"unsupported: call to fmt.Sprintf at a/b.go:12:3 (in x)":   "call to fmt.Sprintf at … (in x)",
		"unsupported: parameter data of func type":                 "parameter X of func type",
		"loop 2 (x.go:3:4) bounded at 10":                          "loop N (…) bounded at 10",
		"internal error: boom (LEAPFROG_DEBUG=1 prints the stack)": "internal error: boom",
		"":                       "(no reason given)",
		strings.Repeat("é", 100): strings.Repeat("é", 80) + "…",
		"unsupported: loop Callee.1 (p.go:1:2) bounded, variable s escapes": "loop N (…) bounded, variable X escapes",
	} {
		if got := normaliseReason(in); got != want {
			t.Errorf("normaliseReason(%q) = %q, want %q", in, got, want)
		}
	}
}

// Outcomes are counted once per (package, position, outcome), whichever
// reports list them.
func TestCountOutcomes(t *testing.T) {
	b := func(fn, pos, outcome, verdict, checked string) lfBranch {
		return lfBranch{Func: fn, Pos: pos, Outcome: outcome, Verdict: verdict, Checked: checked, Reason: "r " + verdict, CheckReason: "cr"}
	}
	r := &lfReport{Functions: []lfFunction{
		{Function: "Callee", Package: "p", Branches: []lfBranch{
			b("Callee", "a.go:1:1", "entry", "covered", ""),
			b("Callee", "a.go:2:5", "true", "unknown", ""),
			b("Callee", "a.go:2:5", "false", "unreachable", "independent"),
			b("Callee", "a.go:3:5", "true", "unreachable", "engine"),
		}},
		{Function: "Caller", Package: "p", Branches: []lfBranch{
			b("Caller", "a.go:9:1", "entry", "covered", ""),
			b("Callee", "a.go:2:5", "true", "covered", ""),              // covered through the caller
			b("Callee", "a.go:2:5", "false", "unknown", ""),             // the owner's unreachable stands
			b("Callee", "a.go:3:5", "true", "covered", ""),              // disagrees with the owner's proof
			b("Caller$1", "a.go:10:5", "true", "unreachable", "engine"), // a closure: no owner
		}},
		{Function: "Other", Package: "p", Branches: []lfBranch{
			b("Caller$1", "a.go:10:5", "true", "unknown", ""), // not unreachable everywhere
			b("Other", "a.go:20:1", "entry", "covered", ""),
		}},
		{Function: "Callee", Package: "q", Branches: []lfBranch{
			b("Callee", "a.go:1:1", "entry", "covered", ""), // another package: another outcome
		}},
	}}
	o := countOutcomes(r)
	want := Outcomes{Outcomes: 8, Covered: 6, Unreachable: 1, Unknown: 1, Independent: 1, EngineOnly: 0, Disagreements: 1, PerFunction: 12}
	if o.Outcomes != want.Outcomes || o.Covered != want.Covered || o.Unreachable != want.Unreachable || o.Unknown != want.Unknown ||
		o.Independent != want.Independent || o.EngineOnly != want.EngineOnly || o.Disagreements != want.Disagreements || o.PerFunction != want.PerFunction {
		t.Errorf("got %+v\nwant %+v", o, want)
	}
	if o.Decided() > o.Outcomes || o.Covered+o.Unreachable+o.Unknown != o.Outcomes {
		t.Errorf("inconsistent: %+v", o)
	}
	// The closure's outcome is unknown: its reason is an unknown report's,
	// not the reason of the report that called it unreachable.
	if len(o.UnknownReasons) != 1 || o.UnknownReasons[0].Reason != "r unknown" {
		t.Errorf("unknown reasons %+v, want one: r unknown", o.UnknownReasons)
	}
}

func TestParseTestEvents(t *testing.T) {
	out := `{"Action":"start","Package":"m/a"}
{"Action":"run","Package":"m/a","Test":"TestOK"}
{"Action":"pass","Package":"m/a","Test":"TestOK"}
{"Action":"run","Package":"m/a","Test":"TestBad"}
{"Action":"run","Package":"m/a","Test":"TestBad/sub"}
{"Action":"fail","Package":"m/a","Test":"TestBad/sub"}
{"Action":"fail","Package":"m/a","Test":"TestBad"}
{"Action":"fail","Package":"m/a"}
{"Action":"run","Package":"m/b","Test":"TestHang"}
{"Action":"output","Package":"m/b","Output":"panic: test timed out after 1s\n"}
{"Action":"fail","Package":"m/b"}
{"Action":"run","Package":"m/c","Test":"TestPanic"}
{"Action":"output","Package":"m/c","Output":"panic: boom [recovered]\n"}
{"Action":"fail","Package":"m/c","Test":"TestPanic"}
{"Action":"fail","Package":"m/c"}
{"Action":"fail","Package":"m/d","FailedBuild":"m/d.test"}
{"Action":"skip","Package":"m/e"}
not json
`
	p := parseTestEvents([]byte(out))
	if a := p["m/a"]; a.status != "fail" || a.passed != 1 || strings.Join(a.failed, ",") != "TestBad" || a.crashed || a.culprits() != nil {
		t.Errorf("m/a: %+v", a)
	}
	if b := p["m/b"]; !b.crashed || strings.Join(b.culprits(), ",") != "TestHang" {
		t.Errorf("m/b: %+v", b)
	}
	if c := p["m/c"]; !c.crashed || strings.Join(c.culprits(), ",") != "TestPanic" {
		t.Errorf("m/c: %+v", c)
	}
	if d := p["m/d"]; d.status != "build failed" {
		t.Errorf("m/d: %+v", d)
	}
	if e := p["m/e"]; e.status != "skip" {
		t.Errorf("m/e: %+v", e)
	}
}

func TestProfiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	a, err := parseProfile(write("a", "mode: set\nm/a.go:1.1,2.2 3 1\nm/a.go:3.1,4.2 2 0\n"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := parseProfile(write("b", "mode: count\nm/a.go:3.1,4.2 2 5\nm/b.go:1.1,1.9 4 0\nm/b.go:1.1,1.9 4 1\n"))
	if err != nil {
		t.Fatal(err)
	}
	none, err := parseProfile(filepath.Join(dir, "missing"))
	if err != nil || len(none) != 0 {
		t.Fatalf("missing profile: %v %v", none, err)
	}
	total, covered := statements(a, b, none)
	if total != 9 || covered[0] != 3 || covered[1] != 6 || covered[2] != 0 {
		t.Errorf("total %d, covered %v; want 9, [3 6 0]", total, covered)
	}
	if _, err := parseProfile(write("bad", "mode: set\nm/a.go:1.1,2.2 x 1\n")); err == nil || !strings.Contains(err.Error(), "bad:2") {
		t.Errorf("bad profile: %v", err)
	}
}

func TestGenCrashes(t *testing.T) {
	cs := genCrashes("leapfrog gen: p.F: internal error: index out of range (LEAPFROG_DEBUG=1 prints the stack)\nleapfrog gen: testgen: Must: case has 0 outputs\n")
	if len(cs) != 2 || !strings.HasPrefix(cs[0].Message, "p.F: internal error") || !strings.HasPrefix(cs[1].Message, "testgen: Must") {
		t.Errorf("got %+v", cs)
	}
	cs = genCrashes("noise\npanic: runtime error: makeslice: cap out of range\n\ngoroutine 7 [running]:\nmain.f()\n")
	if len(cs) != 1 || cs[0].Message != "panic: runtime error: makeslice: cap out of range" {
		t.Errorf("got %+v", cs)
	}
	if cs := genCrashes("killed\n"); len(cs) != 1 || cs[0].Message != "killed" {
		t.Errorf("got %+v", cs)
	}
}

// A copy of a standard-library package: internal imports under the module,
// the runtime-bound ones replaced by stand-ins, a bodiless function given a
// body, lines kept in place; and it builds.
func TestCopyStd(t *testing.T) {
	dst := t.TempDir()
	notes, err := copyStd("testdata/goroot", "fakestd", dst, "1.22")
	if err != nil {
		t.Fatal(err)
	}
	src, _ := os.ReadFile("testdata/goroot/src/fakestd/fakestd.go")
	got, err := os.ReadFile(filepath.Join(dst, "fakestd.go"))
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Count(src, []byte("\n")) != bytes.Count(got, []byte("\n")) {
		t.Errorf("lines moved:\n%s", got)
	}
	for _, want := range []string{`"stdcopy/fakestd/internal/bytealg"`, `"stdcopy/fakestd/internal/fakeinternal"`, "// corpus: go:linkname nanotime", `func nanotime() int64 { panic("corpus: fakestd.nanotime has no Go body") }`} {
		if !bytes.Contains(got, []byte(want)) {
			t.Errorf("the copy lacks %s:\n%s", want, got)
		}
	}
	xtest, _ := os.ReadFile(filepath.Join(dst, "fakestd_test.go"))
	if !bytes.Contains(xtest, []byte(`"stdcopy/fakestd"`)) {
		t.Errorf("the external test still imports fakestd:\n%s", xtest)
	}
	joined := strings.Join(notes, "\n")
	if !strings.Contains(joined, "internal/bytealg: stand-in") || !strings.Contains(joined, "fakestd.nanotime: no Go body") {
		t.Errorf("notes: %v", notes)
	}
	for _, f := range []string{"internal/fakeinternal/fakeinternal.go", "internal/bytealg/bytealg.go", "go.mod"} {
		if _, err := os.Stat(filepath.Join(dst, f)); err != nil {
			t.Error(err)
		}
	}
	cmd := exec.Command("go", "build", "./...")
	cmd.Dir = dst
	cmd.Env = goEnvironment(true)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("the copy does not build: %v\n%s", err, out)
	}
}

// testRun runs the corpus of testdata/list.txt with the leapfrog binary lf.
func testRun(t *testing.T, lf string, every int) *Results {
	t.Helper()
	text, err := os.ReadFile("testdata/list.txt")
	if err != nil {
		t.Fatal(err)
	}
	entries, err := ParseList("testdata/list.txt", string(text))
	if err != nil {
		t.Fatal(err)
	}
	modcache, _ := filepath.Abs("testdata/modcache")
	goroot, _ := filepath.Abs("testdata/goroot")
	out := t.TempDir()
	cfg := Config{Leapfrog: lf, Timeout: 10 * time.Second, ModuleTimeout: 10 * time.Minute, TestTimeout: 2 * time.Minute, Jobs: 2,
		VerifyEvery: every, ModCache: modcache, GoRoot: goroot, Work: t.TempDir(), Out: out}
	res, err := Run(context.Background(), cfg, "testdata/list.txt", entries)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Modules) != len(entries) {
		t.Fatalf("%d rows for %d entries", len(res.Modules), len(entries))
	}
	for i, r := range res.Modules {
		if r == nil || r.Name != entries[i].Name() {
			t.Fatalf("row %d is not %s: %+v", i, entries[i].Name(), r)
		}
	}
	if res.List.Partial || res.Totals.Modules != len(entries) {
		t.Errorf("list %+v, totals %+v", res.List, res.Totals)
	}
	checkInvariants(t, res)
	return res
}

// checkInvariants checks what holds of every run, whatever leapfrog found.
func checkInvariants(t *testing.T, res *Results) {
	t.Helper()
	var sum Totals
	for _, r := range res.Modules {
		if r.Decided() > r.Outcomes.Outcomes || r.Covered+r.Unreachable+r.Unknown != r.Outcomes.Outcomes || r.Independent+r.EngineOnly != r.Unreachable {
			t.Errorf("%s: outcomes inconsistent: %+v", r.Name, r.Outcomes)
		}
		if r.Outcomes.Outcomes > r.PerFunction {
			t.Errorf("%s: %d distinct outcomes > %d per function", r.Name, r.Outcomes.Outcomes, r.PerFunction)
		}
		if !r.Aborted && r.Status == "ok" && r.Accepted+r.Rejected+len(r.Crashes) != r.Functions {
			t.Errorf("%s: %d accepted + %d rejected + %d crashes != %d functions", r.Name, r.Accepted, r.Rejected, len(r.Crashes), r.Functions)
		}
		for _, s := range []TestSet{r.Coverage.Emitted, r.Coverage.Maintainers, r.Coverage.Both} {
			if s.Covered > r.Coverage.Statements || s.Percent < 0 || s.Percent > 100 {
				t.Errorf("%s: coverage %+v of %d statements", r.Name, s, r.Coverage.Statements)
			}
		}
		if r.Verify.Confirmed+r.Verify.NoCase+len(r.Verify.Failed) != r.Verify.Sampled {
			t.Errorf("%s: verify %+v does not add up", r.Name, r.Verify)
		}
		sum.Functions += r.Functions
		sum.Accepted += r.Accepted
		sum.Outcomes += r.Outcomes.Outcomes
		sum.Crashes += len(r.Crashes)
	}
	if sum.Functions != res.Totals.Functions || sum.Accepted != res.Totals.Accepted || sum.Outcomes != res.Totals.Outcomes || sum.Crashes != res.Totals.Crashes {
		t.Errorf("totals %+v are not the sums %+v", res.Totals, sum)
	}
	var md bytes.Buffer
	res.Markdown(&md)
	for _, r := range res.Modules {
		if !strings.Contains(md.String(), "| "+r.Name+" | "+r.Status+" |") {
			t.Errorf("the table has no row for %s:\n%s", r.Name, md.String())
		}
	}
}

// row returns the row named name.
func row(t *testing.T, res *Results, name string) *ModuleResult {
	t.Helper()
	for _, r := range res.Modules {
		if r.Name == name {
			return r
		}
	}
	t.Fatalf("no row %s", name)
	return nil
}

// The whole path with a fake leapfrog: a crash is a row and the others run,
// a module missing is a row, the counts are the report's.
func TestRunFake(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("CORPUS_FAKE_LEAPFROG", "1")
	res := testRun(t, exe, 1)

	tiny := row(t, res, "example.com/tiny")
	if tiny.Status != "ok" || tiny.Functions != 4 || tiny.Accepted != 3 || tiny.Rejected != 1 {
		t.Errorf("tiny: %s %s, %d functions, %d accepted, %d rejected", tiny.Status, tiny.Error, tiny.Functions, tiny.Accepted, tiny.Rejected)
	}
	if len(tiny.RejectReasons) != 1 || tiny.RejectReasons[0].Reason != "fake loop at …" {
		t.Errorf("tiny: reasons %+v", tiny.RejectReasons)
	}
	// Grade's report repeats Clamp's objectives: counted once.
	if tiny.Outcomes.Outcomes >= tiny.PerFunction || tiny.Unknown == 0 {
		t.Errorf("tiny: outcomes %+v", tiny.Outcomes)
	}
	c := tiny.Coverage
	if !c.Emitted.Ran || !c.Emitted.Passed || c.Emitted.Covered == 0 || !c.Maintainers.Passed || c.Maintainers.Covered == 0 || c.Both.Covered < c.Maintainers.Covered || c.Statements == 0 {
		t.Errorf("tiny: coverage %+v", c)
	}
	if tiny.Verify.Sampled != 3 || tiny.Verify.Confirmed != 2 || len(tiny.Verify.Failed) != 1 || !strings.HasSuffix(tiny.Verify.Failed[0].Function, ".Clamp") {
		t.Errorf("tiny: verify %+v", tiny.Verify)
	}

	mixed := row(t, res, "example.com/MixedCase")
	if mixed.Status != "aborted" || !mixed.Aborted || mixed.Functions != 2 || len(mixed.Crashes) != 1 || !strings.HasPrefix(mixed.Crashes[0].Message, "panic: fake crash") {
		t.Errorf("MixedCase: %+v", mixed)
	}
	// Its maintainers' tests still ran, without the test that crashes their binary.
	if strings.Join(mixed.Coverage.Skipped, ",") != "TestCrash" || mixed.Coverage.Maintainers.Covered == 0 {
		t.Errorf("MixedCase: coverage %+v", mixed.Coverage)
	}

	std := row(t, res, "std/fakestd")
	if std.Status != "ok" || std.Functions != 3 {
		t.Errorf("std/fakestd: %s %s, %d functions", std.Status, std.Error, std.Functions)
	}
	if strings.Join(std.Coverage.Dropped, ",") != "drop_test.go (by the list),broken_test.go (does not build)" || !std.Coverage.Maintainers.Passed {
		t.Errorf("std/fakestd: coverage %+v", std.Coverage)
	}

	missing := row(t, res, "example.com/missing")
	if missing.Status != "download failed" {
		t.Errorf("missing: %s %s", missing.Status, missing.Error)
	}
	if res.Totals.Aborted != 1 || res.Totals.NotOK != 2 {
		t.Errorf("totals: %+v", res.Totals)
	}
}

// -only runs part of the list, and the totals say so.
func TestRunPartial(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("CORPUS_FAKE_LEAPFROG", "1")
	entries, err := ParseList("l", "module example.com/missing v1.0.0\nmodule example.com/other v1.0.0\n")
	if err != nil {
		t.Fatal(err)
	}
	cache := t.TempDir()
	cfg := Config{Leapfrog: exe, Timeout: time.Second, TestTimeout: time.Minute, ModCache: t.TempDir(), GoRoot: t.TempDir(), Work: t.TempDir(),
		Only: regexp.MustCompile("missing"), Cache: cache}
	res, err := Run(context.Background(), cfg, "l", entries)
	if err != nil {
		t.Fatal(err)
	}
	if !res.List.Partial || res.List.Run != 1 || len(res.Modules) != 1 {
		t.Fatalf("list %+v, %d rows", res.List, len(res.Modules))
	}
	var md bytes.Buffer
	res.Markdown(&md)
	if !strings.Contains(md.String(), "PARTIAL: 1 of the 2 entries") {
		t.Errorf("the table does not say the list was partial:\n%s", md.String())
	}
	// The row was kept: a second run reads it back.
	again, err := Run(context.Background(), cfg, "l", entries)
	if err != nil {
		t.Fatal(err)
	}
	if again.Modules[0].Status != res.Modules[0].Status || again.Modules[0].WallSeconds != res.Modules[0].WallSeconds {
		t.Errorf("the cached row differs: %+v, then %+v", res.Modules[0], again.Modules[0])
	}
}

// The real leapfrog on the testdata corpus: the invariants hold, and what
// leapfrog's own promises say (its emitted tests pass, -verify confirms).
func TestRunLeapfrog(t *testing.T) {
	if testing.Short() {
		t.Skip("builds leapfrog and analyses the testdata corpus")
	}
	lf := filepath.Join(t.TempDir(), "leapfrog")
	build := exec.Command("go", "build", "-o", lf, "leapfrog/cmd/leapfrog")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	res := testRun(t, lf, 2)
	for _, name := range []string{"example.com/tiny", "example.com/MixedCase", "std/fakestd"} {
		r := row(t, res, name)
		if r.Status != "ok" || r.Aborted || r.Functions == 0 || r.Outcomes.Outcomes == 0 {
			t.Errorf("%s: %s %s: %+v", name, r.Status, r.Error, r)
		}
		if !r.Coverage.Emitted.Ran || !r.Coverage.Emitted.Passed {
			t.Errorf("%s: the emitted tests do not pass: %+v", name, r.Coverage.Emitted)
		}
		if r.Verify.Sampled == 0 || len(r.Verify.Failed) > 0 {
			t.Errorf("%s: verify %+v", name, r.Verify)
		}
	}
	if r := row(t, res, "example.com/missing"); r.Status != "download failed" {
		t.Errorf("missing: %s", r.Status)
	}
}

// Every standard-library package of the list copies and builds outside GOROOT.
func TestCopyStdList(t *testing.T) {
	if testing.Short() {
		t.Skip("copies and builds the standard-library packages of the list")
	}
	entries, err := ParseList(DefaultListName, DefaultList)
	if err != nil {
		t.Fatal(err)
	}
	goroot, err := goEnv(context.Background(), "GOROOT")
	if err != nil {
		t.Fatal(err)
	}
	version, err := goEnv(context.Background(), "GOVERSION")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.Kind != Std {
			continue
		}
		dst := t.TempDir()
		if _, err := copyStd(goroot, e.Path, dst, goLineOf(version)); err != nil {
			t.Errorf("%s: %v", e.Path, err)
			continue
		}
		cmd := exec.Command("go", "build", "./...")
		cmd.Dir = dst
		cmd.Env = goEnvironment(true)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s: the copy does not build: %v\n%s", e.Path, err, out)
		}
	}
}

// A module that outlives its cap is a timeout row whose functions still
// count, and the hung process is killed: the run returns.
func TestRunTimeout(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for a module's cap")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("CORPUS_FAKE_LEAPFROG", "1")
	t.Setenv("CORPUS_FAKE_HANG", "1")
	entries, err := ParseList("l", "module example.com/tiny v1.0.0\n")
	if err != nil {
		t.Fatal(err)
	}
	modcache, _ := filepath.Abs("testdata/modcache")
	cfg := Config{Leapfrog: exe, Timeout: time.Second, ModuleTimeout: 45 * time.Second, TestTimeout: time.Minute, ModCache: modcache, GoRoot: t.TempDir(), Work: t.TempDir()}
	res, err := Run(context.Background(), cfg, "l", entries)
	if err != nil {
		t.Fatal(err)
	}
	r := res.Modules[0]
	if r.Status != "timeout" || !strings.Contains(r.Error, "during gen") || r.Functions != 4 || r.Accepted != 0 {
		t.Errorf("%s %s, %d functions, %d accepted", r.Status, r.Error, r.Functions, r.Accepted)
	}
}

// A leapfrog killed from outside (the OOM killer) is a crash and an aborted run.
func TestRunKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go mod tidy and go build")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("CORPUS_FAKE_LEAPFROG", "1")
	t.Setenv("CORPUS_FAKE_KILL", "1")
	entries, err := ParseList("l", "module example.com/tiny v1.0.0\n")
	if err != nil {
		t.Fatal(err)
	}
	modcache, _ := filepath.Abs("testdata/modcache")
	cfg := Config{Leapfrog: exe, Timeout: time.Second, TestTimeout: time.Minute, ModCache: modcache, GoRoot: t.TempDir(), Work: t.TempDir()}
	res, err := Run(context.Background(), cfg, "l", entries)
	if err != nil {
		t.Fatal(err)
	}
	r := res.Modules[0]
	if r.Status != "aborted" || !r.Aborted || r.Functions != 4 || len(r.Crashes) != 1 || !strings.Contains(r.Crashes[0].Message, "killed") {
		t.Errorf("%s %s, %d functions, crashes %+v", r.Status, r.Error, r.Functions, r.Crashes)
	}
}
