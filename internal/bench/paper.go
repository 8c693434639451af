// bench -paper: each table of the papers beside leapfrog's figures on the bench module, measured in the same run.

package bench

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"text/tabwriter"

	"leapfrog/internal/analysis"
	"leapfrog/internal/lower"
	"leapfrog/internal/report"
)

// PaperOptions select the tables and how times are shown.
type PaperOptions struct {
	Tables    []string // ids of the tables to print (nil: all)
	MaskTimes bool     // print "T" for leapfrog's times (golden tests)
}

// PaperTableIDs are the ids of the papers' tables, in the order printed.
func PaperTableIDs() []string {
	var ids []string
	for _, t := range paperTables {
		ids = append(ids, t.id)
	}
	return ids
}

// job is one comparison: a function of the module under one configuration,
// with every strategy some selected row measures on it.
type job struct {
	pkg, fn    string
	kbound     int
	models     bool
	strategies []string
	target     analysis.Target
	fn0        *Function
	count      PaperCount
}

func (m *measure) key() string { return m.pkg + "." + m.fn + m.variant() }

func itoa(n int) string { return strconv.Itoa(n) }

// Paper runs, on the bench module in dir (read, never written), every
// strategy the selected tables need on the functions they need, each
// function once per configuration (o's strategies are replaced, its runs,
// budget and configuration kept), and writes each table: the paper's rows,
// each followed by leapfrog's figures for the same program and strategy, or
// a line saying the program is not in the repository. The report holds the
// comparisons, in the order run.
func Paper(ctx context.Context, dir string, o Options, po PaperOptions, w io.Writer) (*Report, error) {
	tables, err := selectTables(po.Tables)
	if err != nil {
		return nil, err
	}
	jobs := map[string]*job{}
	var order []*job
	for _, t := range tables {
		for _, r := range t.rows {
			if r.ours == nil {
				continue
			}
			j := jobs[r.ours.key()]
			if j == nil {
				j = &job{pkg: r.ours.pkg, fn: r.ours.fn, kbound: r.ours.kbound, models: r.ours.models}
				jobs[r.ours.key()] = j
				order = append(order, j)
			}
			for _, st := range strings.Split(r.ours.strategy, "|") {
				if !contains(j.strategies, st) {
					j.strategies = append(j.strategies, st)
				}
			}
		}
	}
	rep := &Report{Functions: []*Function{}}
	for _, j := range order {
		res, err := lower.Load(filepath.Join(dir, j.pkg), []string{j.fn})
		if err != nil {
			return nil, fmt.Errorf("-paper: %s: %v", j.pkg, err)
		}
		if len(res.Errors) > 0 || len(res.Targets) != 1 {
			return nil, fmt.Errorf("-paper: %s.%s: %v", j.pkg, j.fn, res.Errors)
		}
		j.target = analysis.Target{Target: res.Targets[0], Package: res.Pkg.PkgPath}
		jo := o
		jo.Strategies = j.strategies
		if j.kbound > 0 {
			// The papers' bound is fixed: never raised.
			jo.Config.KBound, jo.Config.LoopRaise = j.kbound, 0
		}
		jo.Config.LoopModels = j.models
		if j.fn0, err = Compare(ctx, j.target, jo); err != nil {
			return nil, fmt.Errorf("-paper: %s.%s: %v", j.pkg, j.fn, err)
		}
		if j.count, err = CountAsPapers(j.target, completed(j.fn0.Strategies)[0].Report); err != nil {
			return nil, fmt.Errorf("-paper: %s.%s: %v", j.pkg, j.fn, err)
		}
		rep.Functions = append(rep.Functions, j.fn0)
	}
	for i, t := range tables {
		if i > 0 {
			fmt.Fprintln(w)
		}
		if err := writePaperTable(w, t, jobs, po); err != nil {
			return nil, err
		}
	}
	return rep, nil
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func selectTables(ids []string) ([]paperTable, error) {
	if len(ids) == 0 {
		return paperTables, nil
	}
	var ts []paperTable
	for _, id := range ids {
		found := false
		for _, t := range paperTables {
			if t.id == id {
				ts, found = append(ts, t), true
			}
		}
		if !found {
			return nil, fmt.Errorf("-paper: no table %q (have %s)", id, strings.Join(PaperTableIDs(), ", "))
		}
	}
	return ts, nil
}

// writePaperTable writes one table: title, source, the papers' count of
// the programs measured, the rows, the analogues' notes.
func writePaperTable(w io.Writer, t paperTable, jobs map[string]*job, po PaperOptions) error {
	fmt.Fprintf(w, "%s  [%s]\n  from %s\n", t.title, t.id, t.source)
	var notes []string
	seen := map[string]bool{}
	for _, r := range t.rows {
		if r.ours == nil || seen[r.ours.key()] {
			continue
		}
		seen[r.ours.key()] = true
		j := jobs[r.ours.key()]
		if contains(t.cols, "branches") {
			fmt.Fprintf(w, "  %s.%s: %s (%d unreachable among the outcomes leapfrog decides)\n", j.pkg, j.fn, j.count.Mapping(), j.count.Unreachable)
		}
		if r.ours.analogue != "" && !contains(notes, r.program+": "+r.ours.analogue) {
			notes = append(notes, r.program+": "+r.ours.analogue)
		}
	}
	var buf bytes.Buffer
	tw := tabwriter.NewWriter(&buf, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "  program\tstrategy\tby\t%s\t\n", strings.Join(t.cols, "\t"))
	for i, r := range t.rows {
		fmt.Fprintf(tw, "  %s\t%s\tpaper\t%s\t\n", r.program, r.strategy, strings.Join(r.cells, "\t"))
		if r.ours == nil {
			why := r.none
			if why == "" {
				why = "not in the repository"
			}
			if next := i + 1; next == len(t.rows) || t.rows[next].program != r.program || t.rows[next].ours != nil || t.rows[next].none != r.none {
				fmt.Fprintf(tw, "  \t%s\tleapfrog\t%s\n", why, strings.Repeat("\t", len(t.cols)))
			}
			continue
		}
		j := jobs[r.ours.key()]
		var cells []string
		for _, c := range t.cols {
			v, err := paperCell(c, r.ours, j, po)
			if err != nil {
				return fmt.Errorf("-paper: %s, %s %s: %v", t.id, r.program, r.strategy, err)
			}
			cells = append(cells, v)
		}
		fmt.Fprintf(tw, "  %s.%s\t%s%s\tleapfrog\t%s\t\n", filepath.Base(j.pkg), j.fn, r.ours.strategy, r.ours.variant(), strings.Join(cells, "\t"))
	}
	tw.Flush()
	for _, line := range strings.SplitAfter(buf.String(), "\n") {
		fmt.Fprint(w, strings.TrimRight(line, " \n")+line[len(strings.TrimRight(line, "\n")):])
	}
	for _, n := range notes {
		fmt.Fprintf(w, "  %s\n", n)
	}
	return nil
}

// outcomeOf returns the strategy's outcome in the job's comparison.
func outcomeOf(j *job, st string) *Outcome {
	for _, o := range j.fn0.Strategies {
		if o.Strategy == st {
			return o
		}
	}
	panic(fmt.Sprintf("bench: %s not run on %s.%s", st, j.pkg, j.fn))
}

// paperCell is leapfrog's figure for one column of a paper's table (its
// definition per paper: README, "The papers' tables").
func paperCell(col string, m *measure, j *job, po PaperOptions) (string, error) {
	if col == "common" || col == "SPF extras" || col == "JR extras" {
		sts := strings.Split(m.strategy, "|")
		a, b := covered(outcomeOf(j, sts[0]).Report), covered(outcomeOf(j, sts[1]).Report)
		n := 0
		for id := range a {
			switch {
			case col == "common" && b[id], col == "SPF extras" && !b[id]:
				n++
			}
		}
		if col == "JR extras" {
			for id := range b {
				if !a[id] {
					n++
				}
			}
		}
		return itoa(n), nil
	}
	o := outcomeOf(j, m.strategy)
	mean, st, c := o.Mean, o.Report.Stats, j.count
	switch col {
	case "branches":
		return itoa(c.Branches()), nil
	case "unreachable":
		return itoa(c.Unreachable), nil
	case "LOC":
		return itoa(c.LOC), nil
	case "loops":
		return itoa(c.Loops), nil
	case "functions":
		return itoa(c.Funcs), nil
	case "conds":
		return itoa(c.Outcomes / 2), nil
	case "conflicts":
		if o.Strategy != "treefrog" && mean.Conflicts == 0 {
			return "n/a", nil // only TreeFrog learns conflicts (rgcb's are its clauses)
		}
		return num(mean.Conflicts), nil
	case "sat checks":
		if o.Strategy != "treefrog" && mean.SatChecks == 0 {
			return "n/a", nil
		}
		return num(mean.SatChecks), nil
	case "cases":
		return num(mean.Cases), nil
	case "discarded":
		return num(mean.Discarded), nil
	case "solver calls":
		return num(mean.SolverCalls), nil
	case "eager flips":
		return num(mean.EagerFlips), nil
	case "hopeful flips":
		return num(mean.HopefulFlips), nil
	case "# conflicts":
		return injectedConflicts(j)
	case "paths":
		return num(mean.DistinctPaths), nil
	case "inf. paths":
		return num(mean.InfeasiblePaths), nil
	case "largest jump":
		if o.Strategy != "rgcb" {
			return "–", nil
		}
		return jump(mean.LargestBackjump), nil
	case "iters":
		return num(mean.DistinctPaths + mean.InfeasiblePaths), nil
	case "merges":
		if o.Strategy != "pm" {
			return "–", nil
		}
		return num(mean.Merges), nil
	case "queries":
		if o.Strategy == "pm" {
			return num(mean.Queries), nil
		}
		return num(mean.SolverCalls + mean.SatChecks), nil
	case "tests":
		return num(mean.Cases - mean.Discarded), nil
	case "avg query":
		if o.Strategy != "pm" {
			return "n/a", nil // only pm times its queries
		}
		if po.MaskTimes {
			return "T", nil
		}
		return fmt.Sprintf("%.3f", st.AvgQueryMs/1000), nil
	case "time":
		if po.MaskTimes {
			if o.TimedOut {
				return ">T (timeout)", nil
			}
			return "T", nil
		}
		return meanTime(o, mean), nil
	case "branch":
		b, err := targetBranch(j, o.Report, m.target)
		if err != nil {
			return "", err
		}
		return b.Pos + " " + b.Outcome, nil
	case "result":
		b, err := targetBranch(j, o.Report, m.target)
		if err != nil {
			return "", err
		}
		if b.Verdict == report.Covered {
			return "covered", nil
		}
		return string(b.Verdict) + ": " + b.Reason, nil
	}
	panic("bench: unknown column " + col)
}

func num(x float64) string {
	if x == float64(int64(x)) {
		return fmt.Sprintf("%d", int64(x))
	}
	return fmt.Sprintf("%.1f", x)
}

// covered is the set of objectives a report covers.
func covered(r *report.Function) map[string]bool {
	ids := map[string]bool{}
	for _, b := range r.Branches {
		if b.Verdict == report.Covered {
			ids[b.ID] = true
		}
	}
	return ids
}

var synthHeader = regexp.MustCompile(`-conflicts (\d+)`)

// injectedConflicts reads the conflicts the generator injected from the
// synthetic program's first line.
func injectedConflicts(j *job) (string, error) {
	src, err := os.ReadFile(j.target.File)
	if err != nil {
		return "", err
	}
	line, _, _ := strings.Cut(string(src), "\n")
	if m := synthHeader.FindStringSubmatch(line); m != nil {
		return m[1], nil
	}
	return "", fmt.Errorf("%s: not a program of synth (no -conflicts in its first line)", j.target.File)
}

// targetBranch finds the objective on the source line holding the target's
// text, with its outcome.
func targetBranch(j *job, r *report.Function, t target) (report.Branch, error) {
	src, err := os.ReadFile(j.target.File)
	if err != nil {
		return report.Branch{}, err
	}
	lines := strings.Split(string(src), "\n")
	for _, b := range r.Branches {
		parts := strings.Split(b.Pos, ":")
		if len(parts) < 3 || b.Outcome != t.outcome || parts[0] != filepath.Base(j.target.File) {
			continue
		}
		if n, err := strconv.Atoi(parts[1]); err == nil && n >= 1 && n <= len(lines) && strings.Contains(lines[n-1], t.text) {
			return b, nil
		}
	}
	return report.Branch{}, fmt.Errorf("no objective %q %s in %s", t.text, t.outcome, j.fn)
}
