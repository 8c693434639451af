// Comparing strategies on one function: the runs, their mean costs, the verdicts they disagree on, the cost table.

package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"leapfrog/internal/analysis"
	"leapfrog/internal/report"
)

// Options are what a comparison varies and repeats.
type Options struct {
	Strategies []string        // names, as analysis.Strategy takes them
	Runs       int             // per strategy; cost figures are averaged over them
	Timeout    time.Duration   // budget per run (0: none)
	Config     analysis.Config // the rest of every run's configuration (its Strategy is replaced)
}

// Report is what bench -json writes.
type Report struct {
	Functions []*Function `json:"functions"`
}

// JSON renders the report, indented, with a final newline.
func (r *Report) JSON() ([]byte, error) {
	js, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(js, '\n'), nil
}

// Function is the comparison of the strategies on one function.
type Function struct {
	Function     string     `json:"function"`
	Package      string     `json:"package"`
	SameVerdicts bool       `json:"same_verdicts"` // every strategy and run gave every branch the same verdict
	Differences  []string   `json:"differences,omitempty"`
	Strategies   []*Outcome `json:"strategies"`
}

// Outcome is one strategy's result on one function: the mean cost figures
// over the runs and the report of the first run.
type Outcome struct {
	Strategy string           `json:"strategy"`
	Runs     int              `json:"runs"`
	Mean     Mean             `json:"mean"`
	Report   *report.Function `json:"report"`
	TimedOut bool             `json:"timed_out,omitempty"` // a run spent the -timeout budget: its costs are lower bounds, its verdicts not compared
	runs     []*report.Function
	cpu      []time.Duration // per run: the process's CPU time during the analysis
}

// Mean are the cost figures of a strategy averaged over its runs.
type Mean struct {
	Cases           float64 `json:"cases"`
	Discarded       float64 `json:"discarded"`
	SolverCalls     float64 `json:"solver_calls"`
	EagerFlips      float64 `json:"eager_flips"`
	HopefulFlips    float64 `json:"hopeful_flips"`
	SatChecks       float64 `json:"sat_checks"`
	Conflicts       float64 `json:"conflicts"`
	InfeasiblePaths float64 `json:"infeasible_paths"`
	Paths           float64 `json:"paths"`
	DistinctPaths   float64 `json:"distinct_paths"`
	Merges          float64 `json:"merges"`
	Queries         float64 `json:"queries"`
	Blocked         float64 `json:"blocked"`
	ConflictClauses float64 `json:"conflict_clauses"`
	LargestBackjump float64 `json:"largest_backjump"`
	TimeMs          float64 `json:"time_ms"`
}

func mean(rs []*report.Function) Mean {
	if len(rs) == 0 {
		return Mean{}
	}
	avg := func(get func(report.Stats) int64) float64 {
		var sum int64
		for _, r := range rs {
			sum += get(r.Stats)
		}
		return float64(sum) / float64(len(rs))
	}
	return Mean{
		Cases:           avg(func(s report.Stats) int64 { return int64(s.Cases) }),
		Discarded:       avg(func(s report.Stats) int64 { return int64(s.Discarded) }),
		SolverCalls:     avg(func(s report.Stats) int64 { return int64(s.SolverCalls) }),
		EagerFlips:      avg(func(s report.Stats) int64 { return int64(s.EagerFlips) }),
		HopefulFlips:    avg(func(s report.Stats) int64 { return int64(s.HopefulFlips) }),
		SatChecks:       avg(func(s report.Stats) int64 { return int64(s.SatChecks) }),
		Conflicts:       avg(func(s report.Stats) int64 { return int64(s.Conflicts) }),
		InfeasiblePaths: avg(func(s report.Stats) int64 { return int64(s.InfeasiblePaths) }),
		Paths:           avg(func(s report.Stats) int64 { return int64(s.Paths) }),
		DistinctPaths:   avg(func(s report.Stats) int64 { return int64(s.DistinctPaths) }),
		Merges:          avg(func(s report.Stats) int64 { return int64(s.Merges) }),
		Queries:         avg(func(s report.Stats) int64 { return int64(s.Queries) }),
		Blocked:         avg(func(s report.Stats) int64 { return int64(s.Blocked) }),
		ConflictClauses: avg(func(s report.Stats) int64 { return int64(s.ConflictClauses) }),
		LargestBackjump: avg(func(s report.Stats) int64 { return int64(s.LargestBackjump) }),
		TimeMs:          avg(func(s report.Stats) int64 { return s.TimeMs }),
	}
}

// DefaultStrategies are all strategies but pe (path-exhaustive: a baseline
// run only when asked for).
func DefaultStrategies() []string {
	var names []string
	for _, n := range analysis.StrategyNames() {
		if n != "pe" {
			names = append(names, n)
		}
	}
	return names
}

// Compare runs every strategy o.Runs times on one function and compares
// their verdicts (those of the strategies that finished within the budget).
func Compare(ctx context.Context, t analysis.Target, o Options) (*Function, error) {
	bf := &Function{Function: t.Name, Package: t.Package}
	for _, sn := range o.Strategies {
		st, err := analysis.Strategy(sn)
		if err != nil {
			return nil, err
		}
		out := &Outcome{Strategy: sn, Runs: o.Runs}
		for i := 0; i < o.Runs; i++ {
			cfg := o.Config
			cfg.Strategy = st
			cpu := cpuTime()
			rctx, cancel := analysis.WithBudget(ctx, o.Timeout)
			r, err := analysis.Analyze(rctx, t, cfg)
			cancel()
			if err != nil {
				return nil, fmt.Errorf("(%s): %v", sn, err)
			}
			out.runs = append(out.runs, r.Report("", 0, nil))
			out.cpu = append(out.cpu, cpuTime()-cpu)
		}
		out.Report, out.Mean = out.runs[0], mean(out.runs)
		out.TimedOut = timedOut(out.runs, o.Timeout)
		bf.Strategies = append(bf.Strategies, out)
	}
	bf.Differences = differences(completed(bf.Strategies))
	bf.SameVerdicts = len(bf.Differences) == 0
	return bf, nil
}

// differences lists the branches whose verdict is not the same in every run of
// every strategy, each with the verdicts given.
func differences(outs []*Outcome) []string {
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
				verdicts[k] = append(verdicts[k], label+"="+string(b.Verdict))
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

// WriteTable prints the cost table of the function, with the papers' columns.
func (bf *Function) WriteTable(w io.Writer) {
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
				num(m.EagerFlips), num(m.HopefulFlips), num(m.SatChecks), num(m.Conflicts), num(m.InfeasiblePaths), num(m.Paths), num(m.Blocked), jump(m.LargestBackjump), num(m.ConflictClauses), meanTime(o, m))
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
