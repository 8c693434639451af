// The bench subcommand: its flags; the comparison of strategies and its tables are internal/bench's.

package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"leapfrog/internal/analysis"
	"leapfrog/internal/bench"
)

const benchLine = "leapfrog bench [flags] [packages] [Func|T.M|(*T).M ...]"

const benchDesc = `Runs each strategy on each selected function (selected as by gen), prints one
cost table per function, and fails (exit 1) if the strategies disagree on a
verdict. Writes no test file.`

func benchCmd(args []string, stdout, stderr io.Writer) int {
	var c commonFlags
	fs := newFlagSet("bench", &c, 0)
	list := fs.String("strategies", "", "comma-separated strategies to compare (default: all but pe, that is "+strings.Join(bench.DefaultStrategies(), ", ")+")")
	runs := fs.Int("runs", 1, "runs per strategy; cost figures are averaged over them")
	jsonOut := fs.String("json", "", "write the per-strategy reports and mean statistics to this `file`")
	scale := fs.String("scale", "", "`N,N,...`: instead of packages, the synthetic series: for each N, the function of the bench module's generator (synth -conds N -conflicts N/10 -unreachable 2 -seed 7), the module's directory being the argument")
	paper := fs.Bool("paper", false, "instead of packages, the papers' tables: each beside leapfrog's figures on the bench module (the argument), counted as each paper counts; every run gets -timeout, 60s when none is given")
	tables := fs.String("tables", "", "with -paper, `ids`: comma-separated tables to print (default all: "+strings.Join(bench.PaperTableIDs(), ", ")+")")
	rest, err := parseArgs(fs, args, stdout, usageOf(fs, benchLine, benchDesc))
	if err != nil {
		return fail(stderr, "bench", err)
	}
	names := bench.DefaultStrategies()
	if *list != "" {
		names = nil
		for _, n := range strings.Split(*list, ",") {
			n = strings.TrimSpace(n)
			if _, err := analysis.Strategy(n); err != nil {
				return fail(stderr, "bench", usagef("-strategies: %v", err))
			}
			names = append(names, n)
		}
	}
	if *runs < 1 {
		return fail(stderr, "bench", usagef("-runs: must be at least 1, got %d", *runs))
	}
	if err := c.check(); err != nil {
		return fail(stderr, "bench", err)
	}
	if err := checkOutputs(map[string]string{"-json": *jsonOut}); err != nil {
		return fail(stderr, "bench", err)
	}
	o := bench.Options{Strategies: names, Runs: *runs, Timeout: c.opts.timeout, Config: c.opts.Config}
	if *paper {
		if *scale != "" {
			return fail(stderr, "bench", usagef("-paper and -scale exclude each other"))
		}
		if len(rest) != 1 {
			return fail(stderr, "bench", usagef("-paper: need the bench module's directory, got %d arguments", len(rest)))
		}
		return benchPaper(rest[0], *tables, o, *jsonOut, stdout, stderr)
	}
	if *tables != "" {
		return fail(stderr, "bench", usagef("-tables: only with -paper"))
	}
	if *scale != "" {
		if len(rest) != 1 {
			return fail(stderr, "bench", usagef("-scale: need the bench module's directory, got %d arguments", len(rest)))
		}
		return benchScale(rest[0], *scale, o, *jsonOut, stdout, stderr)
	}
	sel, _, _, err := selectArgs(rest, &c, shardSpec{}, false, nil)
	if err != nil {
		return fail(stderr, "bench", err)
	}
	exit := 0
	rep := &bench.Report{Functions: []*bench.Function{}}
	qualify := len(sel.pkgs) > 1
	for _, x := range sel.rejected {
		fmt.Fprintf(stdout, "rejected %s.%s: %s: %s\n", x.Package, x.Function, x.Pos, x.Reason)
	}
	for _, t := range sel.targets {
		bf, err := bench.Compare(context.Background(), analysis.Target{Target: t.t, Package: t.pkg.path}, o)
		if err != nil {
			return fail(stderr, "bench", fmt.Errorf("%s: %v", label(t, qualify), err))
		}
		rep.Functions = append(rep.Functions, bf)
		bf.WriteTable(stdout)
		if !agree(stderr, label(t, qualify), bf) {
			exit = 1
		}
	}
	if *jsonOut != "" && !writeBenchJSON(rep, *jsonOut, stdout, stderr) {
		return 1
	}
	return exit
}

// agree prints the branches the strategies disagree on, if any, and reports
// whether they agree.
func agree(stderr io.Writer, what string, bf *bench.Function) bool {
	if bf.SameVerdicts {
		return true
	}
	fmt.Fprintf(stderr, "leapfrog bench: %s: the strategies disagree on %d branches:\n", what, len(bf.Differences))
	for _, d := range bf.Differences {
		fmt.Fprintf(stderr, "  %s\n", d)
	}
	return false
}

// benchScale is bench -scale: the sizes checked, then the series.
func benchScale(dir, list string, o bench.Options, jsonOut string, stdout, stderr io.Writer) int {
	var sizes []int
	for _, f := range strings.Split(list, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 10 {
			return fail(stderr, "bench", usagef("-scale: bad size %q (want integers of at least 10)", f))
		}
		sizes = append(sizes, n)
	}
	if st, err := os.Stat(filepath.Join(dir, "synth")); err != nil || !st.IsDir() {
		return fail(stderr, "bench", usagef("-scale: %s has no synth generator (give the bench module, testdata/bench)", dir))
	}
	rep, err := bench.Scale(context.Background(), dir, sizes, o, stdout)
	if err != nil {
		return fail(stderr, "bench", err)
	}
	exit := 0
	for i, bf := range rep.Functions {
		if !agree(stderr, fmt.Sprintf("size %d", sizes[i]), bf) {
			exit = 1
		}
	}
	if jsonOut != "" && !writeBenchJSON(rep, jsonOut, stdout, stderr) {
		return 1
	}
	return exit
}

// benchPaper is bench -paper: the papers' tables beside leapfrog's.
func benchPaper(dir, tables string, o bench.Options, jsonOut string, stdout, stderr io.Writer) int {
	if st, err := os.Stat(filepath.Join(dir, "tcas")); err != nil || !st.IsDir() {
		return fail(stderr, "bench", usagef("-paper: %s is not the bench module (no tcas; give testdata/bench)", dir))
	}
	var po bench.PaperOptions
	if tables != "" {
		for _, id := range strings.Split(tables, ",") {
			po.Tables = append(po.Tables, strings.TrimSpace(id))
		}
	}
	if o.Timeout == 0 {
		o.Timeout = paperTimeout
	}
	rep, err := bench.Paper(context.Background(), dir, o, po, stdout)
	if err != nil {
		return fail(stderr, "bench", err)
	}
	exit := 0
	for _, bf := range rep.Functions {
		if !agree(stderr, bf.Package+"."+bf.Function, bf) {
			exit = 1
		}
	}
	if jsonOut != "" && !writeBenchJSON(rep, jsonOut, stdout, stderr) {
		return 1
	}
	return exit
}

// paperTimeout is each run's budget under -paper when -timeout gives none:
// pe, rg and mtelse would run for hours on the synthetic programs.
const paperTimeout = 60 * time.Second

// writeBenchJSON writes bench's JSON report atomically.
func writeBenchJSON(rep *bench.Report, file string, stdout, stderr io.Writer) bool {
	js, err := rep.JSON()
	if err == nil {
		err = writeAtomic(file, js)
	}
	if err != nil {
		fmt.Fprintf(stderr, "leapfrog bench: -json: %v\n", err)
		return false
	}
	fmt.Fprintf(stdout, "wrote %s\n", file)
	return true
}
