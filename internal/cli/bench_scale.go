// bench -scale: the synthetic series of growing functions, per strategy time, calls and cases, and the growth from size to size.

package cli

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	"leapfrog/internal/lower"
)

// benchScale generates, for each size N, the synthetic function of the bench
// module's generator (dir/synth: N conditions, N/10 injected conflicts, 2
// injected unreachable outcomes, seed 7; the series of issue 14), runs every
// strategy on it, and prints one row per size and strategy: the verdicts,
// cases, solver calls, satisfiability checks, the least wall and CPU time
// over the runs, and the ratio of the time to that of the previous size. The
// module is copied to a temporary directory; nothing is written under dir.
// It fails when strategies that finished disagree on a verdict.
func benchScale(dir, sizes string, names []string, runs int, opts options, jsonOut string, stdout, stderr io.Writer) int {
	var ns []int
	for _, f := range strings.Split(sizes, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 10 {
			fmt.Fprintf(stderr, "leapfrog bench: -scale: bad size %q (want integers of at least 10)\n", f)
			return 2
		}
		ns = append(ns, n)
	}
	if st, err := os.Stat(filepath.Join(dir, "synth")); err != nil || !st.IsDir() {
		fmt.Fprintf(stderr, "leapfrog bench: -scale: %s has no synth generator (give the bench module, testdata/bench)\n", dir)
		return 2
	}
	tmp, err := os.MkdirTemp("", "leapfrog-scale-")
	if err != nil {
		fmt.Fprintf(stderr, "leapfrog bench: %v\n", err)
		return 1
	}
	defer os.RemoveAll(tmp)
	mod := filepath.Join(tmp, "bench")
	if err := copyDir(dir, mod); err != nil {
		fmt.Fprintf(stderr, "leapfrog bench: -scale: %v\n", err)
		return 1
	}
	gen := filepath.Join(tmp, "synth")
	if out, err := goCommand(mod, "build", "-o", gen, "./synth"); err != nil {
		fmt.Fprintf(stderr, "leapfrog bench: -scale: building the generator: %v\n%s", err, out)
		return 1
	}
	fmt.Fprintf(stdout, "synthetic series: synth -conds N -conflicts N/10 -unreachable 2 -seed 7; least time of %d run(s)\n", runs)
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "N\tstrategy\tobjectives\tcovered\tunreachable\tunknown\tcases\tsolver calls\tsat checks\ttime\tcpu\t×prev\t")
	rep := &benchReport{}
	prev := map[string]time.Duration{}
	first := map[string][2]float64{} // per strategy: the first size and its time
	exit := 0
	for _, n := range ns {
		pkg := fmt.Sprintf("n%d", n)
		src, err := exec.Command(gen, "-conds", fmt.Sprint(n), "-conflicts", fmt.Sprint(n/10), "-unreachable", "2", "-seed", "7", "-pkg", pkg).Output()
		if err != nil {
			fmt.Fprintf(stderr, "leapfrog bench: -scale: synth -conds %d: %v\n", n, err)
			return 1
		}
		pdir := filepath.Join(mod, "synthpkg", pkg)
		if err := os.MkdirAll(pdir, 0o755); err != nil {
			fmt.Fprintf(stderr, "leapfrog bench: %v\n", err)
			return 1
		}
		if err := os.WriteFile(filepath.Join(pdir, pkg+".go"), src, 0o644); err != nil {
			fmt.Fprintf(stderr, "leapfrog bench: %v\n", err)
			return 1
		}
		res, err := lower.Load(pdir, []string{"F"})
		if err != nil || len(res.Errors) > 0 || len(res.Targets) != 1 {
			fmt.Fprintf(stderr, "leapfrog bench: -scale: loading the function of size %d: %v %v\n", n, err, res.Errors)
			return 1
		}
		bf, err := benchTarget(res.Targets[0], res.Targets[0].Name, res.Pkg.PkgPath, names, runs, opts)
		if err != nil {
			fmt.Fprintf(stderr, "leapfrog bench: %v\n", err)
			return 1
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
			w := wall.Round(time.Millisecond).String()
			if o.TimedOut {
				w = ">" + w + " (timeout)"
			}
			st := o.Report.Stats
			fmt.Fprintf(tw, "%d\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%s\t%s\t%s\t\n", n, o.Strategy, len(o.Report.Branches), cov, unr, unk,
				st.Cases, st.SolverCalls, st.SatChecks, w, cpu.Round(time.Millisecond), ratio)
		}
		if !bf.SameVerdicts {
			exit = 1
			fmt.Fprintf(stderr, "leapfrog bench: size %d: the strategies disagree on %d branches:\n", n, len(bf.Differences))
			for _, d := range bf.Differences {
				fmt.Fprintf(stderr, "  %s\n", d)
			}
		}
	}
	tw.Flush()
	if len(ns) > 1 {
		last := ns[len(ns)-1]
		for _, name := range names {
			f := first[name]
			if f[1] > 0 {
				fmt.Fprintf(stdout, "%s: time(%d)/time(%d) = %.1f\n", name, last, int(f[0]), float64(prev[name])/f[1])
			}
		}
	}
	if jsonOut != "" && !writeBenchJSON(rep, jsonOut, stdout, stderr) {
		return 1
	}
	return exit
}

// leastTimes returns the least wall time (the session's) and CPU time (the
// process's) over a strategy's runs: on a shared machine, the least is the
// least disturbed.
func leastTimes(o *benchOutcome) (wall, cpu time.Duration) {
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

// copyDir copies the regular files of the tree src to dst.
func copyDir(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
}
