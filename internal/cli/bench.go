// The bench subcommand: run several strategies on the same functions, compare costs and verdicts.

package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"leapfrog/internal/frontend/gossa"
	"leapfrog/internal/report"
)

// benchReport is what bench -json writes.
type benchReport struct {
	Functions []*benchFunction `json:"functions"`
}

type benchFunction struct {
	Function     string          `json:"function"`
	Package      string          `json:"package"`
	SameVerdicts bool            `json:"same_verdicts"` // every strategy and run gave every branch the same verdict
	Differences  []string        `json:"differences,omitempty"`
	Strategies   []*benchOutcome `json:"strategies"`
}

// benchOutcome is one strategy's result on one function: the mean cost figures
// over the runs and the report of the first run.
type benchOutcome struct {
	Strategy string           `json:"strategy"`
	Runs     int              `json:"runs"`
	Mean     meanStats        `json:"mean"`
	Report   *report.Function `json:"report"`
	TimedOut bool             `json:"timed_out,omitempty"` // a run spent the -timeout budget: its costs are lower bounds, its verdicts not compared
	runs     []*report.Function
	cpu      []time.Duration // per run: the process's CPU time during the analysis
}

type meanStats struct {
	Cases           float64 `json:"cases"`
	Discarded       float64 `json:"discarded"`
	SolverCalls     float64 `json:"solver_calls"`
	EagerFlips      float64 `json:"eager_flips"`
	HopefulFlips    float64 `json:"hopeful_flips"`
	SatChecks       float64 `json:"sat_checks"`
	Conflicts       float64 `json:"conflicts"`
	InfeasiblePaths float64 `json:"infeasible_paths"`
	Paths           float64 `json:"paths"`
	Blocked         float64 `json:"blocked"`
	ConflictClauses float64 `json:"conflict_clauses"`
	LargestBackjump float64 `json:"largest_backjump"`
	TimeMs          float64 `json:"time_ms"`
}

func mean(rs []*report.Function) meanStats {
	if len(rs) == 0 {
		return meanStats{}
	}
	avg := func(get func(report.Stats) int64) float64 {
		var sum int64
		for _, r := range rs {
			sum += get(r.Stats)
		}
		return float64(sum) / float64(len(rs))
	}
	return meanStats{
		Cases:           avg(func(s report.Stats) int64 { return int64(s.Cases) }),
		Discarded:       avg(func(s report.Stats) int64 { return int64(s.Discarded) }),
		SolverCalls:     avg(func(s report.Stats) int64 { return int64(s.SolverCalls) }),
		EagerFlips:      avg(func(s report.Stats) int64 { return int64(s.EagerFlips) }),
		HopefulFlips:    avg(func(s report.Stats) int64 { return int64(s.HopefulFlips) }),
		SatChecks:       avg(func(s report.Stats) int64 { return int64(s.SatChecks) }),
		Conflicts:       avg(func(s report.Stats) int64 { return int64(s.Conflicts) }),
		InfeasiblePaths: avg(func(s report.Stats) int64 { return int64(s.InfeasiblePaths) }),
		Paths:           avg(func(s report.Stats) int64 { return int64(s.Paths) }),
		Blocked:         avg(func(s report.Stats) int64 { return int64(s.Blocked) }),
		ConflictClauses: avg(func(s report.Stats) int64 { return int64(s.ConflictClauses) }),
		LargestBackjump: avg(func(s report.Stats) int64 { return int64(s.LargestBackjump) }),
		TimeMs:          avg(func(s report.Stats) int64 { return s.TimeMs }),
	}
}

func bench(args []string, stdout, stderr io.Writer) int {
	var opts options
	fs := flagSet("bench", &opts)
	list := fs.String("strategies", "", "comma-separated strategies to compare (default: all but pe: "+strategyNames()+")")
	runs := fs.Int("runs", 1, "runs per strategy; cost figures are averaged over them")
	jsonOut := fs.String("json", "", "write the per-strategy reports and mean statistics to this file")
	scale := fs.String("scale", "", "N,N,...: instead of a package, the synthetic series: for each N, the function of the bench module's generator (synth -conds N -conflicts N/10 -unreachable 2 -seed 7), the module's directory being the argument")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: leapfrog bench [flags] <package dir> <Func|Type.Method>...")
		fmt.Fprintln(fs.Output(), "       leapfrog bench -scale N,N,... [flags] <bench module dir>")
		fmt.Fprintln(fs.Output(), "Runs each strategy on each function, prints one cost table per function, and fails if the strategies disagree on a verdict. Writes no test file.")
		fs.PrintDefaults()
	}
	need := 2
	for _, a := range args {
		if a == "-scale" || a == "--scale" || strings.HasPrefix(a, "-scale=") || strings.HasPrefix(a, "--scale=") {
			need = 1
		}
	}
	if exit, ok := parseArgs(fs, args, &opts, stderr, need); !ok {
		return exit
	}
	var names []string
	if *list == "" {
		for n := range strategies {
			if n != "pe" { // path-exhaustive: a baseline run only when asked for
				names = append(names, n)
			}
		}
		sort.Strings(names)
	} else {
		for _, n := range strings.Split(*list, ",") {
			n = strings.TrimSpace(n)
			if _, ok := strategies[n]; !ok {
				fmt.Fprintf(stderr, "leapfrog bench: unknown strategy %q (have %s)\n", n, strategyNames())
				return 2
			}
			names = append(names, n)
		}
	}
	if *runs < 1 {
		fmt.Fprintf(stderr, "leapfrog bench: -runs must be at least 1, got %d\n", *runs)
		return 2
	}
	if *scale != "" {
		return benchScale(fs.Arg(0), *scale, names, *runs, opts, *jsonOut, stdout, stderr)
	}
	dir, funcs := fs.Arg(0), fs.Args()[1:]
	if st, err := os.Stat(dir); !isModel(dir) && (err != nil || !st.IsDir()) {
		fmt.Fprintf(stderr, "leapfrog bench: %s: not a package directory\n", dir)
		return 2
	}
	load := gossa.Load
	if isModel(dir) { // a CFG model (model.go)
		load = loadModel
	}
	res, err := load(dir, funcs)
	if err != nil {
		printLoadError(stderr, "bench", err)
		return 1
	}
	exit := 0
	for _, e := range res.Errors {
		fmt.Fprintf(stderr, "%v\n", e)
		exit = 1
	}
	rep := &benchReport{}
	for _, t := range res.Targets {
		bf, err := benchTarget(t, res.Pkg.PkgPath, names, *runs, opts)
		if err != nil {
			fmt.Fprintf(stderr, "leapfrog bench: %v\n", err)
			return 1
		}
		rep.Functions = append(rep.Functions, bf)
		printTable(stdout, bf)
		if !bf.SameVerdicts {
			exit = 1
			fmt.Fprintf(stderr, "leapfrog bench: %s: the strategies disagree on %d branches:\n", t.Name, len(bf.Differences))
			for _, d := range bf.Differences {
				fmt.Fprintf(stderr, "  %s\n", d)
			}
		}
	}
	if *jsonOut != "" && !writeBenchJSON(rep, *jsonOut, stdout, stderr) {
		return 1
	}
	return exit
}

func writeBenchJSON(rep *benchReport, file string, stdout, stderr io.Writer) bool {
	js, err := json.MarshalIndent(rep, "", "  ")
	if err == nil {
		err = writeAtomic(file, append(js, '\n'))
	}
	if err != nil {
		fmt.Fprintf(stderr, "leapfrog bench: %v\n", err)
		return false
	}
	fmt.Fprintf(stdout, "wrote %s\n", file)
	return true
}

// benchTarget runs every strategy runs times on one function and compares
// their verdicts.
func benchTarget(t *gossa.Target, pkg string, names []string, runs int, opts options) (*benchFunction, error) {
	bf := &benchFunction{Function: t.Name, Package: pkg}
	for _, name := range names {
		o := &benchOutcome{Strategy: name, Runs: runs}
		for i := 0; i < runs; i++ {
			ro := opts
			ro.strategy = name
			ro.loops.target = t
			cpu := cpuTime()
			r, err := analyze(t.Func, t.Name, pkg, ro)
			if err != nil {
				return nil, fmt.Errorf("%s (%s): %v", t.Name, name, err)
			}
			o.runs = append(o.runs, r)
			o.cpu = append(o.cpu, cpuTime()-cpu)
		}
		o.Report, o.Mean = o.runs[0], mean(o.runs)
		o.TimedOut = timedOut(o.runs, opts.timeout)
		bf.Strategies = append(bf.Strategies, o)
	}
	bf.Differences = differences(completed(bf.Strategies))
	bf.SameVerdicts = len(bf.Differences) == 0
	return bf, nil
}

// differences lists the branches whose verdict is not the same in every run of
// every strategy, each with the verdicts given.
func differences(outs []*benchOutcome) []string {
	type key struct{ id, pos, outcome string }
	var order []key
	verdicts := map[key][]string{}
	for _, o := range outs {
		for ri, r := range o.runs {
			for _, b := range r.Branches {
				k := key{b.ID, b.Pos, b.Outcome}
				if _, ok := verdicts[k]; !ok {
					order = append(order, k)
				}
				label := o.Strategy
				if len(o.runs) > 1 {
					label = fmt.Sprintf("%s#%d", o.Strategy, ri+1)
				}
				verdicts[k] = append(verdicts[k], label+"="+b.Verdict)
			}
		}
	}
	total := 0
	for _, o := range outs {
		total += len(o.runs)
	}
	var diffs []string
	for _, k := range order {
		vs := verdicts[k]
		same := len(vs) == total
		for _, v := range vs {
			if v[strings.IndexByte(v, '=')+1:] != vs[0][strings.IndexByte(vs[0], '=')+1:] {
				same = false
			}
		}
		if !same {
			diffs = append(diffs, fmt.Sprintf("%s %s %s: %s", k.id, k.pos, k.outcome, strings.Join(vs, " ")))
		}
	}
	return diffs
}

// printTable prints the cost table of one function, with the papers' columns.
func printTable(w io.Writer, bf *benchFunction) {
	fmt.Fprintf(w, "%s.%s", bf.Package, bf.Function)
	if len(bf.Strategies) > 0 {
		r := completed(bf.Strategies)[0].Report
		cov, unr, unk := counts(r)
		fmt.Fprintf(w, ": %d objectives: %d covered, %d unreachable, %d unknown", len(r.Branches), cov, unr, unk)
		if bf.Strategies[0].Runs > 1 {
			fmt.Fprintf(w, " (means over %d runs)", bf.Strategies[0].Runs)
		}
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	rgCols := hasRG(bf)
	if rgCols {
		fmt.Fprintln(tw, "strategy\tcases\tdiscarded\tsolver calls\teager flips\thopeful flips\tsat checks\tconflicts\tinfeasible\tpaths\tblocked\tlargest jump\tconflict clauses\ttime\t")
	} else {
		fmt.Fprintln(tw, "strategy\tcases\tdiscarded\tsolver calls\teager flips\thopeful flips\tsat checks\tconflicts\tinfeasible\tpaths\ttime\t")
	}
	num := func(x float64) string {
		if x == float64(int64(x)) {
			return fmt.Sprintf("%d", int64(x))
		}
		return fmt.Sprintf("%.1f", x)
	}
	for _, o := range bf.Strategies {
		m := o.Mean
		if rgCols {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n", o.Strategy, num(m.Cases), num(m.Discarded), num(m.SolverCalls),
				num(m.EagerFlips), num(m.HopefulFlips), num(m.SatChecks), num(m.Conflicts), num(m.InfeasiblePaths), num(m.Paths), num(m.Blocked), jump(m.LargestBackjump), num(m.ConflictClauses), benchTime(o, m))
			continue
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n", o.Strategy, num(m.Cases), num(m.Discarded), num(m.SolverCalls),
			num(m.EagerFlips), num(m.HopefulFlips), num(m.SatChecks), num(m.Conflicts), num(m.InfeasiblePaths), num(m.Paths), time.Duration(m.TimeMs*float64(time.Millisecond)).Round(time.Millisecond))
	}
	tw.Flush()
	if bf.SameVerdicts {
		fmt.Fprintln(w, "same verdicts: yes"+timedOutNote(bf))
	} else {
		fmt.Fprintf(w, "same verdicts: NO (%d branches differ)\n", len(bf.Differences))
	}
}
