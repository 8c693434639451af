// Running the corpus: each module through its steps, in parallel, one failure a row and never a stop.
package corpus

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"
)

// Config says how to run the corpus.
type Config struct {
	Leapfrog      string         // the leapfrog binary
	Timeout       time.Duration  // leapfrog gen -timeout, per function
	ModuleTimeout time.Duration  // wall-time cap per module (0: none)
	TestTimeout   time.Duration  // go test -timeout, per test binary
	Jobs          int            // modules in parallel
	GenParallel   int            // leapfrog gen -p (0: its default)
	VerifyEvery   int            // every Nth analysed function of a module again with -verify (0: none)
	Only          *regexp.Regexp // run only the entries whose name matches (nil: all)
	ModCache      string         // find modules in this directory (GOMODCACHE layout) instead of go mod download
	GoRoot        string         // where standard-library packages are copied from ("": go env GOROOT)
	Work          string         // scratch directory for the copies (must exist)
	Out           string         // keep each module's raw outputs here ("": not kept)
	Cache         string         // reuse the rows kept here by an earlier run with the same binary and settings, and keep new ones ("": none)
	Progress      io.Writer      // one line per module started and ended (nil: none)
}

// Run runs the entries of the list named listName and returns every number.
// Only a bad configuration is an error: whatever happens to a module is its row.
func Run(ctx context.Context, cfg Config, listName string, entries []Entry) (*Results, error) {
	if cfg.Jobs < 1 {
		cfg.Jobs = 1
	}
	if cfg.Progress == nil {
		cfg.Progress = io.Discard
	}
	bin, err := os.ReadFile(cfg.Leapfrog)
	if err != nil {
		return nil, fmt.Errorf("-leapfrog: %v", err)
	}
	sum := sha256.Sum256(bin)
	version, err := exec.CommandContext(ctx, cfg.Leapfrog, "version").Output()
	if err != nil {
		return nil, fmt.Errorf("-leapfrog: %s version: %v", cfg.Leapfrog, err)
	}
	goVersion, err := goEnv(ctx, "GOVERSION")
	if err != nil {
		return nil, err
	}
	if cfg.GoRoot == "" {
		if cfg.GoRoot, err = goEnv(ctx, "GOROOT"); err != nil {
			return nil, err
		}
	}
	res := &Results{
		Leapfrog:       firstLine(string(version)),
		LeapfrogSHA256: hex.EncodeToString(sum[:]),
		Go:             goVersion,
		Settings: Settings{
			Timeout: cfg.Timeout.String(), ModuleTimeout: cfg.ModuleTimeout.String(), TestTimeout: cfg.TestTimeout.String(),
			VerifyEvery: cfg.VerifyEvery, GenParallel: cfg.GenParallel, Jobs: cfg.Jobs, Source: "proxy",
		},
		List: ListInfo{Name: listName, Entries: len(entries)},
	}
	if cfg.ModCache != "" {
		res.Settings.Source = cfg.ModCache
	}
	var selected []Entry
	for _, e := range entries {
		if cfg.Only == nil || cfg.Only.MatchString(e.Name()) {
			selected = append(selected, e)
		}
	}
	if cfg.Only != nil {
		res.List.Only = cfg.Only.String()
	}
	res.List.Run = len(selected)
	res.List.Partial = len(selected) < len(entries)
	res.Modules = make([]*ModuleResult, len(selected))
	env := goEnvironment(cfg.ModCache != "")
	goLine := goLineOf(goVersion)
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < cfg.Jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				e := selected[i]
				from := ""
				r := (*ModuleResult)(nil)
				if cfg.Cache != "" {
					r = cached(cfg.Cache, res, e)
					from = " (cached)"
				}
				if r == nil {
					if ctx.Err() == nil {
						fmt.Fprintf(cfg.Progress, "corpus: [%d/%d] %s: started\n", i+1, len(selected), e.Name())
					}
					r = newModuleRun(cfg, i, e, env, goLine).runAll(ctx)
					from = ""
					if cfg.Cache != "" {
						if err := keep(cfg.Cache, res, r); err != nil {
							fmt.Fprintf(cfg.Progress, "corpus: cache: %v\n", err)
						}
					}
				}
				res.Modules[i] = r
				fmt.Fprintf(cfg.Progress, "corpus: [%d/%d] %s: %s; %d functions, %d accepted, %d crashes; %s%s\n",
					i+1, len(selected), e.Name(), r.Status, r.Functions, r.Accepted, len(r.Crashes), time.Duration(r.WallSeconds*float64(time.Second)).Round(time.Second), from)
			}
		}()
	}
	for i := range selected {
		next <- i
	}
	close(next)
	wg.Wait()
	res.Totals = total(res.Modules)
	return res, nil
}

// goEnv is one value of go env.
func goEnv(ctx context.Context, name string) (string, error) {
	out, err := exec.CommandContext(ctx, "go", "env", name).Output()
	if err != nil {
		return "", fmt.Errorf("go env %s: %v", name, err)
	}
	return strings.TrimSpace(string(out)), nil
}

// goLineOf is the go line for a copy made with Go goVersion: go1.26.8 gives 1.26.
func goLineOf(goVersion string) string {
	v := strings.TrimPrefix(goVersion, "go")
	parts := strings.SplitN(v, ".", 3)
	if len(parts) >= 2 {
		return parts[0] + "." + strings.TrimRightFunc(parts[1], func(r rune) bool { return r < '0' || r > '9' })
	}
	return v
}

// goEnvironment is the environment of every command: -mod=mod (copies have no
// vendor directory and may lack go.sum lines), the local toolchain, no
// workspace; offline when modules come from a local directory; no gen cache
// (a corpus run measures analyses, not reads of earlier ones).
func goEnvironment(offline bool) []string {
	var env []string
	goflags := ""
	for _, kv := range os.Environ() {
		k, v, _ := strings.Cut(kv, "=")
		switch k {
		case "GOFLAGS":
			goflags = v
		case "GOTOOLCHAIN", "GOWORK", "LEAPFROG_CACHE":
		case "GOPROXY":
			if !offline {
				env = append(env, kv)
			}
		default:
			env = append(env, kv)
		}
	}
	env = append(env, "GOFLAGS="+strings.TrimSpace(goflags+" -mod=mod"), "GOTOOLCHAIN=local", "GOWORK=off", "LEAPFROG_CACHE=off")
	if offline {
		env = append(env, "GOPROXY=off")
	}
	return env
}

// moduleRun is one entry's run: its directories and its row.
type moduleRun struct {
	cfg    Config
	entry  Entry
	env    []string
	goLine string
	dir    string // scratch: src, and the test files set aside
	src    string // the copy analysed
	out    string // raw outputs ("" none)
	step   string // the step running, for a timeout's message
	result *ModuleResult
	report *lfReport
	mu     sync.Mutex
}

func newModuleRun(cfg Config, i int, e Entry, env []string, goLine string) *moduleRun {
	base := fmt.Sprintf("%02d-%s", i+1, strings.NewReplacer("/", "_", "@", "_").Replace(e.Name()))
	m := &moduleRun{cfg: cfg, entry: e, env: env, goLine: goLine, dir: filepath.Join(cfg.Work, base)}
	m.src = filepath.Join(m.dir, "src")
	if cfg.Out != "" {
		m.out = filepath.Join(cfg.Out, base)
	}
	m.result = &ModuleResult{Entry: e, Name: e.Name(), Status: "ok", Notes: []string{}, RejectReasons: []Count{},
		Crashes: []Crash{}, Coverage: Coverage{Dropped: []string{}, Skipped: []string{}}, Verify: Verify{Failed: []Crash{}}}
	m.result.UnknownReasons, m.result.EngineReasons = []Count{}, []Count{}
	for _, s := range []*TestSet{&m.result.Coverage.Emitted, &m.result.Coverage.Maintainers, &m.result.Coverage.Both} {
		s.Failed = []string{}
	}
	return m
}

// notef adds a note to the row.
func (m *moduleRun) notef(format string, args ...any) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.result.Notes = append(m.result.Notes, fmt.Sprintf(format, args...))
}

// runAll runs the steps; the first that fails sets the status, and a
// timeout of the whole module keeps what the finished steps measured.
func (m *moduleRun) runAll(ctx context.Context) *ModuleResult {
	start := time.Now()
	r := m.result
	defer func() {
		if p := recover(); p != nil {
			r.Status, r.Error = "corpus tool failed", fmt.Sprint(p)
		}
		r.WallSeconds = time.Since(start).Seconds()
		m.save("row.json", mustJSON(r))
		os.RemoveAll(m.dir)
	}()
	if ctx.Err() != nil {
		r.Status, r.Error = "not run", ctx.Err().Error()
		return r
	}
	mctx := ctx
	if m.cfg.ModuleTimeout > 0 {
		var cancel context.CancelFunc
		mctx, cancel = context.WithTimeout(ctx, m.cfg.ModuleTimeout)
		defer cancel()
	}
	for _, d := range []string{m.dir, m.out} {
		if d == "" {
			continue
		}
		if err := os.MkdirAll(d, 0o755); err != nil {
			r.Status, r.Error = "corpus tool failed", err.Error()
			return r
		}
	}
	steps := []struct {
		name string
		f    func(context.Context) error
	}{
		{"prepare", m.prepare},
		{"build", m.build},
		{"gen", m.gen},
		{"tests", m.tests},
		{"verify", m.verify},
	}
	for _, s := range steps {
		m.step = s.name
		err := s.f(mctx)
		if mctx.Err() != nil && ctx.Err() == nil {
			r.Status, r.Error = "timeout", fmt.Sprintf("the module's cap of %s ran out during %s", m.cfg.ModuleTimeout, s.name)
			if s.name == "gen" {
				// The functions still count, as not accepted.
				cctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
				defer cancel()
				n, err := m.countFunctions(cctx)
				if err != nil {
					m.notef("cannot count the functions: %v", err)
				}
				r.Functions = n
			}
			return r
		}
		if ctx.Err() != nil {
			r.Status, r.Error = "interrupted", fmt.Sprintf("during %s", s.name)
			return r
		}
		if err != nil {
			status, msg, ok := strings.Cut(err.Error(), ": ")
			if !ok || !strings.HasSuffix(status, "failed") {
				status, msg = s.name+" failed", err.Error()
			}
			r.Status, r.Error = status, msg
			return r
		}
	}
	return r
}

// build checks that the module's packages build (without their tests).
func (m *moduleRun) build(ctx context.Context) error {
	maint, err := testFiles(m.src, isMaintainersTest)
	if err != nil {
		return err
	}
	for _, drop := range m.entry.DropTests {
		found := false
		for i, f := range maint {
			if f == drop {
				maint = append(maint[:i], maint[i+1:]...)
				found = true
				break
			}
		}
		if !found {
			return fmt.Errorf("list failed: %s:%d: no test file %s", DefaultListName, m.entry.Line, drop)
		}
		if err := moveFiles(m.src, filepath.Join(m.dir, "dropped"), []string{drop}); err != nil {
			return err
		}
		m.result.Coverage.Dropped = append(m.result.Coverage.Dropped, drop+" (by the list)")
	}
	if err := moveFiles(m.src, filepath.Join(m.dir, "maintainers"), maint); err != nil {
		return err
	}
	res := m.run(ctx, command{dir: m.src, env: m.env, args: append([]string{"go", "build"}, m.entry.Patterns...), log: "build"})
	if res.err != nil {
		return res.err
	}
	if res.exit != 0 {
		return fmt.Errorf("build failed: %s", firstLine(string(res.stderr)))
	}
	return nil
}

// genLine matches one failure line of leapfrog gen: "leapfrog gen: MESSAGE"
// (a function's label begins the message, a stage's name or a place does).
var genLine = regexp.MustCompile(`^leapfrog gen: (.*)$`)

// gen runs leapfrog gen on the packages, as a user would, and reads its report.
func (m *moduleRun) gen(ctx context.Context) error {
	r := m.result
	reportPath := filepath.Join(m.dir, "report.json")
	// -complete=false: the corpus measures what leapfrog generates alone,
	// not what it adds to the module's own tests.
	args := []string{m.cfg.Leapfrog, "gen", "-q", "-complete=false", "-json", reportPath, "-timeout", m.cfg.Timeout.String()}
	if m.cfg.GenParallel > 0 {
		args = append(args, "-p", fmt.Sprint(m.cfg.GenParallel))
	}
	res := m.run(ctx, command{dir: m.src, env: m.env, args: append(args, m.entry.Patterns...), log: "gen"})
	r.GenSeconds = res.elapsed.Seconds()
	r.GenExit = res.exit
	if res.err != nil && ctx.Err() != nil {
		return res.err
	}
	if res.err != nil { // killed from outside (the OOM killer, say): a crash
		r.Crashes = append(r.Crashes, Crash{Message: "leapfrog gen: " + res.err.Error()})
	}
	if data, err := os.ReadFile(reportPath); err == nil {
		m.save("report.json", data)
		if m.report, err = readReport(reportPath); err != nil {
			return fmt.Errorf("gen failed: its JSON report does not parse: %v", err)
		}
	}
	if m.report == nil {
		if res.exit != 0 && res.err == nil {
			r.Crashes = append(r.Crashes, genCrashes(string(res.stderr))...)
		}
		r.Aborted = true
		n, err := m.countFunctions(ctx)
		if err != nil {
			m.notef("cannot count the functions: %v", err)
		}
		r.Functions = n
		r.Status = "aborted"
		r.Error = fmt.Sprintf("leapfrog gen exited %d and wrote nothing", res.exit)
		return nil
	}
	rep := m.report
	r.Functions, r.Accepted = rep.Summary.Functions, rep.Summary.Analysed
	reasons := map[string]int{}
	for _, rj := range rep.Rejected {
		if strings.HasPrefix(rj.Reason, "internal error") {
			r.Crashes = append(r.Crashes, Crash{Function: rj.Package + "." + rj.Function, Message: rj.Reason})
			continue
		}
		r.Rejected++
		reasons[normaliseReason(rj.Reason)]++
	}
	r.RejectReasons = counts(reasons)
	aborts := map[string]int{}
	for _, f := range rep.Functions {
		if len(f.Aborts) > 0 {
			r.AcceptedAborting++
		}
		seen := map[string]bool{}
		for _, a := range f.Aborts {
			if k := normaliseReason(a); !seen[k] {
				seen[k] = true
				aborts[k]++
			}
		}
	}
	r.AbortReasons = counts(aborts)
	r.Outcomes = countOutcomes(rep)
	if res.exit != 0 && res.exit != 3 && len(r.Crashes) == 0 {
		r.Crashes = append(r.Crashes, genCrashes(string(res.stderr))...)
	}
	if res.exit != 0 && res.exit != 3 {
		r.Status, r.Error = "gen failed", fmt.Sprintf("leapfrog gen exited %d: %s", res.exit, lastLine(string(res.stderr)))
	}
	return nil
}

// genCrashes reads the failures leapfrog gen reports on stderr: one line per
// function that failed, or a Go panic of the whole process.
func genCrashes(stderr string) []Crash {
	var cs []Crash
	lines := strings.Split(stderr, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "panic: ") || strings.HasPrefix(l, "fatal error: ") {
			msg := strings.TrimSpace(l)
			for _, next := range lines[i+1:] {
				if strings.HasPrefix(next, "goroutine ") {
					break
				}
				if strings.TrimSpace(next) != "" && !strings.HasPrefix(next, "[") {
					msg += " " + strings.TrimSpace(next)
				}
			}
			return append(cs, Crash{Message: truncate(msg, 300)})
		}
		if mm := genLine.FindStringSubmatch(l); mm != nil {
			cs = append(cs, Crash{Message: truncate(mm[1], 300)})
		}
	}
	if len(cs) == 0 {
		cs = append(cs, Crash{Message: lastLine(stderr)})
	}
	return cs
}
