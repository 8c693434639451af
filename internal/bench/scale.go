// The synthetic series of growing functions: per size and strategy the verdicts, costs and least times, and the growth from size to size.

package bench

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"text/tabwriter"
	"time"

	"leapfrog/internal/analysis"
	"leapfrog/internal/lower"
)

// Scale generates, for each size N, the synthetic function of the bench
// module's generator (dir/synth: N conditions, N/10 injected conflicts, 2
// injected unreachable outcomes, seed 7; the series of issue 14), compares
// the strategies on it, and writes to w one row per size and strategy: the
// verdicts, cases, solver calls, satisfiability checks, the least wall and
// CPU time over the runs, and the ratio of the time to that of the previous
// size. The module is copied to a temporary directory; nothing is written
// under dir. The report holds a Function per size, in order.
func Scale(ctx context.Context, dir string, sizes []int, o Options, w io.Writer) (*Report, error) {
	tmp, err := os.MkdirTemp("", "leapfrog-scale-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	mod := filepath.Join(tmp, "bench")
	if err := os.CopyFS(mod, os.DirFS(dir)); err != nil {
		return nil, fmt.Errorf("-scale: %v", err)
	}
	gen := filepath.Join(tmp, "synth")
	if out, err := goCommand(mod, "build", "-o", gen, "./synth"); err != nil {
		return nil, fmt.Errorf("-scale: building the generator: %v\n%s", err, out)
	}
	fmt.Fprintf(w, "synthetic series: synth -conds N -conflicts N/10 -unreachable 2 -seed 7; least time of %d run(s)\n", o.Runs)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "N\tstrategy\tobjectives\tcovered\tunreachable\tunknown\tcases\tsolver calls\tsat checks\ttime\tcpu\t×prev\t")
	rep := &Report{}
	prev := map[string]time.Duration{}
	first := map[string][2]float64{} // per strategy: the first size and its time
	for _, n := range sizes {
		pkg := fmt.Sprintf("n%d", n)
		src, err := exec.Command(gen, "-conds", fmt.Sprint(n), "-conflicts", fmt.Sprint(n/10), "-unreachable", "2", "-seed", "7", "-pkg", pkg).Output()
		if err != nil {
			return nil, fmt.Errorf("-scale: synth -conds %d: %v", n, err)
		}
		pdir := filepath.Join(mod, "synthpkg", pkg)
		if err := os.MkdirAll(pdir, 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(filepath.Join(pdir, pkg+".go"), src, 0o644); err != nil {
			return nil, err
		}
		res, err := lower.Load(pdir, []string{"F"})
		if err != nil || len(res.Errors) > 0 || len(res.Targets) != 1 {
			return nil, fmt.Errorf("-scale: loading the function of size %d: %v %v", n, err, res.Errors)
		}
		bf, err := Compare(ctx, analysis.Target{Target: res.Targets[0], Package: res.Pkg.PkgPath}, o)
		if err != nil {
			return nil, err
		}
		rep.Functions = append(rep.Functions, bf)
		for _, o := range bf.Strategies {
			cov, unr, unk := o.Report.Count()
			wall, cpu := leastTimes(o)
			ratio := "-"
			if p, ok := prev[o.Strategy]; ok && p > 0 {
				ratio = fmt.Sprintf("%.1f", float64(wall)/float64(p))
			}
			prev[o.Strategy] = wall
			if _, ok := first[o.Strategy]; !ok {
				first[o.Strategy] = [2]float64{float64(n), float64(wall)}
			}
			wt := wall.Round(time.Millisecond).String()
			if o.TimedOut {
				wt = ">" + wt + " (timeout)"
			}
			st := o.Report.Stats
			fmt.Fprintf(tw, "%d\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%s\t%s\t%s\t\n", n, o.Strategy, len(o.Report.Branches), cov, unr, unk,
				st.Cases, st.SolverCalls, st.SatChecks, wt, cpu.Round(time.Millisecond), ratio)
		}
	}
	tw.Flush()
	if len(sizes) > 1 {
		last := sizes[len(sizes)-1]
		for _, name := range o.Strategies {
			f := first[name]
			if f[1] > 0 {
				fmt.Fprintf(w, "%s: time(%d)/time(%d) = %.1f\n", name, last, int(f[0]), float64(prev[name])/f[1])
			}
		}
	}
	return rep, nil
}

// leastTimes returns the least wall time (the session's) and CPU time (the
// process's) over a strategy's runs: on a shared machine, the least is the
// least disturbed.
func leastTimes(o *Outcome) (wall, cpu time.Duration) {
	for i, r := range o.runs {
		w := time.Duration(r.Stats.TimeMs) * time.Millisecond
		if i == 0 || w < wall {
			wall = w
		}
		if i == 0 || o.cpu[i] < cpu {
			cpu = o.cpu[i]
		}
	}
	return wall, cpu
}

// cpuTime returns the CPU time the process has used (user and system, all threads).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// goCommand runs the go command in dir, outside any workspace.
func goCommand(dir string, args ...string) ([]byte, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=")
	return cmd.CombinedOutput()
}
