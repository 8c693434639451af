// Tests of gen's stream: packages lowered, analysed and released one after another, each function's program built for its analysis and dropped after.

package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"weak"

	"leapfrog/internal/ir"
)

// TestStream runs gen on a module of two packages at -p 1 and 2 and
// follows the stream's events: one package open at a time, a function's
// program built only while its package is open and dropped after its
// analysis, never more programs held than analyses running (-p), every
// selected function analysed once; and the same bytes whatever -p. Gen
// lowering every package before analysing any, or keeping the programs,
// fails it.
func TestStream(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"go.mod": "module streamtest\n\ngo 1.22\n",
		"a/a.go": "package a\n\nfunc F(x int) int {\n\tif x > 3 {\n\t\treturn 1\n\t}\n\treturn 0\n}\n\nfunc G(x int) int {\n\tif F(x) == 1 && x < 10 {\n\t\treturn 2\n\t}\n\treturn 3\n}\n\nfunc H(s string) bool {\n\treturn len(s) > 2\n}\n",
		"b/b.go": "package b\n\nimport \"streamtest/a\"\n\nfunc K(x int) int {\n\tif a.G(x) == 2 {\n\t\treturn x\n\t}\n\treturn -x\n}\n\nfunc L(p *int) int {\n\tif p == nil {\n\t\treturn 0\n\t}\n\treturn *p\n}\n",
	}
	for name, text := range files {
		path := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(path), 0o755)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var outputs []string
	for _, par := range []int{1, 2} {
		var mu sync.Mutex
		var events []string
		testHookStream = func(event, what string, _ *ir.Program) {
			if strings.HasPrefix(what, "streamtest/") {
				mu.Lock()
				events = append(events, event+" "+what)
				mu.Unlock()
			}
		}
		js := filepath.Join(t.TempDir(), "r.json")
		code, out, errs := run("gen", "-q", "-complete=false", "-p", strconv.Itoa(par), "-json", js, filepath.Join(dir, "..."))
		testHookStream = nil
		if code != 0 {
			t.Fatalf("-p %d: exit %d: %s%s", par, code, out, errs)
		}
		open, held, peak := "", 0, 0
		var opened []string
		analysed := map[string]int{}
		for _, e := range events {
			event, what, _ := strings.Cut(e, " ")
			switch event {
			case "open":
				if open != "" {
					t.Errorf("-p %d: %s opened while %s is open", par, what, open)
				}
				open = what
				opened = append(opened, what)
			case "release":
				if what != open {
					t.Errorf("-p %d: %s released while %s is open", par, what, open)
				}
				if held != 0 {
					t.Errorf("-p %d: %s released while %d programs are held", par, what, held)
				}
				open = ""
			case "program":
				if open == "" || !strings.HasPrefix(what, open+".") {
					t.Errorf("-p %d: program of %s built while %q is open", par, what, open)
				}
				held++
				peak = max(peak, held)
				analysed[what]++
			case "drop":
				held--
			}
		}
		if open != "" || held != 0 {
			t.Errorf("-p %d: at the end, %q open and %d programs held", par, open, held)
		}
		if peak > par {
			t.Errorf("-p %d: %d programs held at once", par, peak)
		}
		if got, want := strings.Join(opened, " "), "streamtest/a streamtest/b"; got != want {
			t.Errorf("-p %d: opened %s, want %s", par, got, want)
		}
		var names []string
		for n, k := range analysed {
			if k != 1 {
				t.Errorf("-p %d: %s's program built %d times", par, n, k)
			}
			names = append(names, n)
		}
		sort.Strings(names)
		if got, want := strings.Join(names, " "), "streamtest/a.F streamtest/a.G streamtest/a.H streamtest/b.K streamtest/b.L"; got != want {
			t.Errorf("-p %d: programs built for %s, want %s", par, got, want)
		}
		var sb bytes.Buffer
		for _, f := range []string{"a/a_leapfrog_test.go", "b/b_leapfrog_test.go"} {
			data, err := os.ReadFile(filepath.Join(dir, f))
			if err != nil {
				t.Fatal(err)
			}
			sb.Write(data)
		}
		data, err := os.ReadFile(js)
		if err != nil {
			t.Fatal(err)
		}
		sb.Write(data)
		outputs = append(outputs, sb.String())
	}
	if outputs[0] != outputs[1] {
		t.Error("-p 1 and -p 2 wrote different files")
	}
}

// TestStreamFreesPrograms analyses the functions of TCAS as gen does and
// wants every program built for an analysis unreachable once the package
// is released, the results still held: nothing the results keep, nor a
// cache of the analysis (internal/cfg's held each function, and so its
// program, until it filled), holds a program.
func TestStreamFreesPrograms(t *testing.T) {
	var g genFlags
	fs := newFlagSet("gen", &g.commonFlags, time.Second)
	if err := fs.Parse([]string{"-q", "-p", "2"}); err != nil {
		t.Fatal(err)
	}
	if err := g.check(); err != nil {
		t.Fatal(err)
	}
	g.opts.Recheck = true
	pkgs, err := resolvePackages([]string{filepath.Join(benchCopy(t), "tcas")})
	if err != nil {
		t.Fatal(err)
	}
	sel, err := selectTargets(pkgs, nil, nil, shardSpec{}, 1, true)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var progs []weak.Pointer[ir.Program]
	var names []string
	testHookStream = func(event, what string, prog *ir.Program) {
		if event == "program" {
			mu.Lock()
			progs, names = append(progs, weak.Make(prog)), append(names, what)
			mu.Unlock()
		}
	}
	defer func() { testHookStream = nil }()
	var out bytes.Buffer
	results, err := analyzeAll(sel, g.opts, g.par, true, false, "gen", &out, &out, func(*unit) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	if len(progs) != len(sel.targets) || len(progs) < 5 {
		t.Fatalf("%d programs built for %d targets", len(progs), len(sel.targets))
	}
	runtime.GC()
	for i, p := range progs {
		if p.Value() != nil {
			t.Errorf("the program of %s is still reachable", names[i])
		}
	}
	for _, r := range results {
		if r.err != nil || r.res == nil {
			t.Errorf("%s: %v", r.t.decl.name, r.err)
		}
	}
}
