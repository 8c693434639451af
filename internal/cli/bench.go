// The bench subcommand: run several strategies on the same functions, compare costs and verdicts.

package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"leapfrog/internal/analysis"
	"leapfrog/internal/lower"
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

const benchLine = "leapfrog bench [flags] [packages] [Func|T.M|(*T).M ...]"

const benchDesc = `Runs each strategy on each selected function (selected as by gen), prints one
cost table per function, and fails (exit 1) if the strategies disagree on a
verdict. Writes no test file.`

func bench(args []string, stdout, stderr io.Writer) int {
	var c commonFlags
	fs := newFlagSet("bench", &c)
	list := fs.String("strategies", "", "comma-separated strategies to compare (default: all but pe, that is "+strings.Join(defaultBenchStrategies(), ", ")+")")
	runs := fs.Int("runs", 1, "runs per strategy; cost figures are averaged over them")
	jsonOut := fs.String("json", "", "write the per-strategy reports and mean statistics to this `file`")
	scale := fs.String("scale", "", "`N,N,...`: instead of packages, the synthetic series: for each N, the function of the bench module's generator (synth -conds N -conflicts N/10 -unreachable 2 -seed 7), the module's directory being the argument")
	rest, err := parseArgs(fs, args, stdout, usageOf(fs, benchLine, benchDesc))
	if err != nil {
		return fail(stderr, "bench", err)
	}
	names := defaultBenchStrategies()
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
	if *scale != "" {
		if len(rest) != 1 {
			return fail(stderr, "bench", usagef("-scale: need the bench module's directory, got %d arguments", len(rest)))
		}
		return benchScale(rest[0], *scale, names, *runs, c.opts, *jsonOut, stdout, stderr)
	}
	sel, _, _, err := selectArgs(rest, &c, shardSpec{}, nil)
	if err != nil {
		return fail(stderr, "bench", err)
	}
	exit := 0
	rep := &benchReport{Functions: []*benchFunction{}}
	qualify := len(sel.pkgs) > 1
	for _, x := range sel.rejected {
		fmt.Fprintf(stdout, "rejected %s.%s: %s: %s\n", x.Package, x.Function, x.Pos, x.Reason)
	}
	for _, t := range sel.targets {
		bf, err := benchTarget(t.t, t.decl.name, t.pkg.path, names, *runs, c.opts)
		if err != nil {
			return fail(stderr, "bench", fmt.Errorf("%s: %v", label(t, qualify), err))
		}
		rep.Functions = append(rep.Functions, bf)
		printTable(stdout, bf)
		if !bf.SameVerdicts {
			exit = 1
			fmt.Fprintf(stderr, "leapfrog bench: %s: the strategies disagree on %d branches:\n", label(t, qualify), len(bf.Differences))
			for _, d := range bf.Differences {
				fmt.Fprintf(stderr, "  %s\n", d)
			}
		}
	}
	if *jsonOut != "" {
		js, err := json.MarshalIndent(rep, "", "  ")
		if err != nil {
			return fail(stderr, "bench", err)
		}
		if err := writeAtomic(*jsonOut, append(js, '\n')); err != nil {
			return fail(stderr, "bench", fmt.Errorf("-json: %v", err))
		}
		fmt.Fprintf(stdout, "wrote %s\n", *jsonOut)
	}
	return exit
}

// defaultBenchStrategies are all strategies but pe (path-exhaustive: a
// baseline run only when asked for).
func defaultBenchStrategies() []string {
	var names []string
	for _, n := range analysis.StrategyNames() {
		if n != "pe" {
			names = append(names, n)
		}
	}
	return names
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
		cov, unr, unk := r.Count()
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

// benchTarget runs every strategy runs times on one function and compares
// their verdicts.
func benchTarget(t *lower.Target, name, pkg string, names []string, runs int, opts options) (*benchFunction, error) {
	bf := &benchFunction{Function: name, Package: pkg}
	var err error
	for _, sn := range names {
		o := &benchOutcome{Strategy: sn, Runs: runs}
		for i := 0; i < runs; i++ {
			cfg := opts.Config
			if cfg.Strategy, err = analysis.Strategy(sn); err != nil {
				return nil, err
			}
			cpu := cpuTime()
			ctx, cancel := analysis.WithBudget(context.Background(), opts.timeout)
			r, err := analysis.Analyze(ctx, analysis.Target{Target: t, Package: pkg}, cfg)
			cancel()
			if err != nil {
				return nil, fmt.Errorf("(%s): %v", sn, err)
			}
			o.runs = append(o.runs, r.Report)
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

// writeBenchJSON writes bench's JSON report atomically.
func writeBenchJSON(rep *benchReport, file string, stdout, stderr io.Writer) bool {
	js, err := json.MarshalIndent(rep, "", "  ")
	if err == nil {
		err = writeAtomic(file, append(js, '\n'))
	}
	if err != nil {
		fmt.Fprintf(stderr, "leapfrog bench: -json: %v\n", err)
		return false
	}
	fmt.Fprintf(stdout, "wrote %s\n", file)
	return true
}
