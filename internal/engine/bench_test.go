// Benchmarks of the interpreter: time per executed instruction.

package engine

import (
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"leapfrog/internal/expr"
	"leapfrog/internal/lower"
	"leapfrog/internal/testutil"
)

// BenchmarkInterp runs bench functions concolically on fixed inputs and
// reports ns per executed instruction (ns/instr) besides ns/op.
func BenchmarkInterp(b *testing.B) {
	dst := testutil.BenchCopy(b)
	for _, c := range []struct {
		pkg, fn string
		model   map[string]uint64
	}{
		{"tcas", "AltSepTest12", map[string]uint64{"Cur_Vertical_Sep": 700, "High_Confidence": 1, "Two_of_Three_Reports_Valid": 1, "Own_Tracked_Alt": 300, "Other_Tracked_Alt": 500, "Up_Separation": 600, "Down_Separation": 400, "Alt_Layer_Value": 1}},
		{"paper", "Count", map[string]uint64{"i": 2000}},
		{"paper", "GetSetBits", map[string]uint64{"i": 0x7fffffff}},
		{"wbs", "Launch", map[string]uint64{"pedal1": 3, "pedal2": 4, "pedal3": 5}},
	} {
		res, err := lower.Load(filepath.Join(dst, c.pkg), []string{c.fn})
		if err != nil || len(res.Errors) > 0 {
			b.Fatalf("%s: %v %v", c.pkg, err, res.Errors)
		}
		fn := res.Targets[0].Func
		b.Run(c.fn, func(b *testing.B) {
			e := New(expr.NewBuilder(), 1<<30)
			instrs := 0
			cpu0 := cpuTime()
			for i := 0; i < b.N; i++ {
				p := e.Run(fn, c.model)
				if p.Aborted != "" {
					b.Fatal(p.Aborted)
				}
				instrs += p.Instructions
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(instrs), "ns/instr")
			// CPU time (user and system, all threads: the collector's work
			// counts) is steadier than wall time on a loaded machine.
			b.ReportMetric(float64((cpuTime()-cpu0).Nanoseconds())/float64(instrs), "cpu-ns/instr")
			b.ReportMetric(float64(instrs)/float64(b.N), "instrs/op")
		})
	}
}

// cpuTime is the process's user and system time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
