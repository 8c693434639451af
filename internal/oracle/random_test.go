// random_test.go: TestRandomPrograms, the differential test of generated programs against brute force, and the gates of known bugs.

package oracle

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
)

var (
	randProgs = flag.Int("randprogs", 0, "TestRandomPrograms: number of generated functions (0: defaultRandProgs)")
	randSeed  = flag.Uint64("randseed", 1, "TestRandomPrograms: seed of the generated programs")
	randBatch = flag.Int("randbatch", 100, "TestRandomPrograms: functions per generated package (each package is compiled once)")
	randBugs  = flag.Bool("randbugs", false, "TestRandomPrograms: also generate the features of known bugs and run the rows of known bugs")
	randLift  = flag.String("randlift", "", "TestRandomPrograms: comma-separated features and rows of knownBugs to generate and run anyway")
	randOut   = flag.String("randout", "", "TestRandomPrograms: write a txtar reproducer of every failing function and a summary into this directory")
	randWith  = flag.String("randwith", "", "TestRandomPrograms: comma-separated features; check only generated functions using one of them (the others are skipped, not counted)")
	randAlone = flag.Bool("randalone", true, "TestRandomPrograms: check each failing function again alone, for a reproducer with its own positions")
)

// defaultRandProgs is the number of generated functions of a normal test
// run, shortRandProgs of a run with -short.
const (
	defaultRandProgs = 200
	shortRandProgs   = 10
)

// knownBug gates what a known bug makes fail: a generator feature that is
// not generated, or a row that is not run. Re-enable (delete the entry) when
// the bug is fixed.
type knownBug struct {
	feature Feature // a generator feature to turn off, or
	row     string  // a row to leave out
	bug     string  // what fails
	repro   string  // its reproducer, testdata/bugs/<repro> (TestKnownBugs)
}

// knownBugs are the gates of TestRandomPrograms (-randbugs lifts them).
// Each names the bug (issue 10) and, under testdata/, the reproducer that
// TestKnownBugs checks still fails.
// (FeatEvalOrder, the last bug, was fixed by the frontend's order.go; its
// reproducer is testdata/eval_order.txtar.)
var knownBugs = []knownBug{
	{feature: FeatFmtNative, bug: "fmt's %c %q %U of integers, %q %x widths and precision of strings and Stringers, and floats are formatted natively: what depends on the text is unknown (\"run concretely\"), which the oracle does not accept", repro: "fmt_native.txtar"},
}

// randomRows are the rows TestRandomPrograms runs by default (-randallrows:
// every row): dfs, the plainest search, and treefrog, the default with its
// independent re-proof; the other rows run on every scenario. The suite's
// time goes mostly to these runs.
var randomRows = map[string]bool{"dfs": true, "treefrog": true}

var randAllRows = flag.Bool("randallrows", false, "TestRandomPrograms: run every row, not only randomRows")

// randomOptions are the options of TestRandomPrograms' runs: leapfrog's
// default -timeout (5s) keeps a slow function from stalling the suite (its
// open objectives are then unknown, which is accepted: 10s made pure
// treefrog's runs on 200 functions most of a 90-minute CI); the kill limit
// catches hangs.
var randomOptions = oracleOptions{limit: 10 * time.Minute, timeout: "5s", validate: map[string]bool{"dfs": true, "treefrog": true}}

// TestRandomPrograms generates -randprogs functions (GenerateUnit) from
// -randseed, -randbatch to a package, and checks every row on them as
// TestOracle does. A failure prints, per function, its disagreements and a
// txtar scenario reproducing them (testdata/*.txtar format).
func TestRandomPrograms(t *testing.T) {
	n := *randProgs
	switch {
	case n > 0:
	case testing.Short():
		n = shortRandProgs
		t.Logf("-short: %d generated functions; %d run without -short", shortRandProgs, defaultRandProgs)
	default:
		n = defaultRandProgs
	}
	disabled := map[Feature]bool{}
	opts := randomOptions
	gatedRows := map[string]bool{}
	lifted := map[string]bool{}
	for _, x := range strings.Split(*randLift, ",") {
		if x = strings.TrimSpace(x); x != "" {
			lifted[x] = true
		}
	}
	if !*randBugs {
		for _, k := range knownBugs {
			if lifted[string(k.feature)] || lifted[k.row] {
				continue
			}
			if k.feature != "" {
				disabled[k.feature] = true
			}
			if k.row != "" {
				gatedRows[k.row] = true
			}
		}
	}
	for _, r := range rows {
		if !gatedRows[r.name] && (*randAllRows || randomRows[r.name]) {
			opts.rows = append(opts.rows, r)
		}
	}
	if *randOut != "" {
		if err := os.MkdirAll(*randOut, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	sum := &randomSummary{classes: map[string]int{}, funcs: map[string]int{}, features: map[Feature]int{}, all: map[Feature]int{}}
	t.Cleanup(func() {
		s := sum.String(n)
		t.Log(s)
		if *randOut != "" {
			os.WriteFile(filepath.Join(*randOut, "summary.txt"), []byte(s), 0o644)
		}
	})
	with := map[Feature]bool{}
	for _, x := range strings.Split(*randWith, ",") {
		if x = strings.TrimSpace(x); x != "" {
			with[Feature(x)] = true
		}
	}
	var all []Unit
	for i := 0; len(all) < n; i++ {
		u := GenerateUnit(UnitSeed(*randSeed, i), fmt.Sprintf("F%d", i), disabled)
		if len(with) == 0 || slices.ContainsFunc(u.Features, func(f Feature) bool { return with[f] }) {
			all = append(all, u)
		}
	}
	size := max(1, *randBatch)
	for start := 0; start < n; start += size {
		units := all[start:min(n, start+size)]
		t.Run(fmt.Sprintf("%s-%s", units[0].Func, units[len(units)-1].Func), func(t *testing.T) {
			t.Parallel()
			runBatch(t, units, opts, sum)
		})
	}
}

// runBatch checks one generated package.
func runBatch(t *testing.T, units []Unit, opts oracleOptions, sum *randomSummary) {
	tmp := t.TempDir()
	src := filepath.Join(tmp, "src")
	if err := os.MkdirAll(src, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(name, data string) {
		if err := os.WriteFile(filepath.Join(src, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", goMod)
	write("p.go", Source(units...))
	if *randOut != "" { // the batch's package: positions of disagreements not checked alone refer to it
		name := fmt.Sprintf("batch-%s-%s.go", sanitize(units[0].Name), sanitize(units[len(units)-1].Name))
		if err := os.WriteFile(filepath.Join(*randOut, name), []byte(Source(units...)), 0o644); err != nil {
			t.Error(err)
		}
	}
	var names []string
	for _, u := range units {
		names = append(names, u.Name)
	}
	o, err := runOracle(src, tmp, names, opts)
	if err != nil {
		t.Errorf("seed %d, functions %s: %v\n%s", *randSeed, strings.Join(names, " "), err, Source(units...))
	}
	if o == nil {
		return
	}
	for _, l := range o.logs {
		t.Log(l)
	}
	sum.add(units, o)
	if ds := o.byFunc(""); len(ds) > 0 {
		var b strings.Builder
		for _, d := range ds {
			b.WriteString(d.String() + "\n")
		}
		t.Errorf("seed %d, functions %s: disagreements of no single function:\n%s", *randSeed, strings.Join(names, " "), b.String())
	}
	for _, u := range units {
		ds := o.byFunc(u.Name)
		if len(ds) == 0 {
			continue
		}
		// The reproducer is the unit alone: check it alone, so that the
		// positions are its own and the disagreements do show there.
		note := ""
		var alone *oracleRun
		err := fmt.Errorf("not checked alone (-randalone=false)")
		if *randAlone {
			alone, err = runUnit(u, filepath.Join(tmp, "alone-"+sanitize(u.Name)), opts)
		}
		switch {
		case err != nil:
			note = fmt.Sprintf("the unit alone could not be checked (%v); the disagreements found in its batch (positions of the batch's p.go):", err)
		case len(alone.found) == 0:
			note = "the unit alone shows no disagreement; those found in its batch (positions of the batch's p.go):"
		default:
			ds = alone.found
		}
		sortDisagreements(ds)
		repro := reproducer(u, note, ds)
		if *randOut != "" {
			if err := os.WriteFile(filepath.Join(*randOut, sanitize(u.Name)+".txtar"), []byte(repro), 0o644); err != nil {
				t.Error(err)
			}
		}
		t.Errorf("%s (GenerateUnit(%d, %q), -randseed=%d): %d disagreements; reproducer (a testdata/*.txtar scenario):\n%s",
			u.Name, u.Seed, u.Func, *randSeed, len(ds), repro)
	}
}

const goMod = "module p\n\ngo 1.23\n"

// runUnit checks one unit in a package of its own, in dir.
func runUnit(u Unit, dir string, opts oracleOptions) (*oracleRun, error) {
	src := filepath.Join(dir, "src")
	if err := os.MkdirAll(src, 0o755); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(src, "go.mod"), []byte(goMod), 0o644); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(src, "p.go"), []byte(Source(u)), 0o644); err != nil {
		return nil, err
	}
	return runOracle(src, dir, []string{u.Name}, opts)
}

// reproducer returns a txtar scenario holding the unit alone, its
// disagreements in the comment.
func reproducer(u Unit, note string, ds []disagreement) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Generated function %s (GenerateUnit(%d, %q); features %v). Disagreements found:\n", u.Name, u.Seed, u.Func, u.Features)
	if note != "" {
		b.WriteString(note + "\n")
	}
	b.WriteString("\n")
	for _, d := range ds {
		b.WriteString(d.String() + "\n")
	}
	fmt.Fprintf(&b, "\n-- go.mod --\n%s-- funcs --\n%s\n-- p.go --\n%s", goMod, u.Name, Source(u))
	return b.String()
}

// randomSummary counts what TestRandomPrograms found.
type randomSummary struct {
	mu       sync.Mutex
	programs int
	failing  int
	classes  map[string]int  // "class row" -> functions showing it
	funcs    map[string]int  // class -> functions showing it
	features map[Feature]int // feature -> failing functions using it
	all      map[Feature]int // feature -> functions using it
}

func (s *randomSummary) add(units []Unit, o *oracleRun) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.programs += len(units)
	for _, u := range units {
		for _, f := range u.Features {
			s.all[f]++
		}
		ds := o.byFunc(u.Name)
		if len(ds) == 0 {
			continue
		}
		s.failing++
		seen := map[string]bool{}
		for _, d := range ds {
			for _, k := range []string{d.class + " " + d.row, d.class} {
				if !seen[k] {
					seen[k] = true
					if k == d.class {
						s.funcs[k]++
					} else {
						s.classes[k]++
					}
				}
			}
		}
		for _, f := range u.Features {
			s.features[f]++
		}
	}
}

func (s *randomSummary) String(n int) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var b strings.Builder
	fmt.Fprintf(&b, "%d of %d generated functions checked, %d with disagreements\n", s.programs, n, s.failing)
	fmt.Fprintf(&b, "%d unreachable verdicts proved by inductive invariants, each checked like any other\n", invariantProofs.Load())
	list := func(title string, m map[string]int) {
		var keys []string
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		fmt.Fprintf(&b, "%s:\n", title)
		for _, k := range keys {
			fmt.Fprintf(&b, "  %-40s %d\n", k, m[k])
		}
	}
	list("functions per class", s.funcs)
	list("functions per class and strategy", s.classes)
	var fs []string
	for f := range s.all {
		fs = append(fs, string(f))
	}
	sort.Strings(fs)
	b.WriteString("failing functions / functions, per feature used:\n")
	for _, f := range fs {
		fmt.Fprintf(&b, "  %-40s %d / %d\n", f, s.features[Feature(f)], s.all[Feature(f)])
	}
	return b.String()
}
