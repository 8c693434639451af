// Package time interpreted against the compiled one, and the clock and environment variables as the engine reads them.

package engine

import (
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
	"leapfrog/internal/lower"
)

// timeFuncs are functions of package time over Times in UTC and in a
// fixed zone, and Durations, each returning a string (name, body).
var timeFuncs = [][2]string{
	{"Unix", "strconv.FormatInt(u(sec, nsec).Unix(), 10)"},
	{"UnixNano", "strconv.FormatInt(u(sec, nsec).UnixNano(), 10)"},
	{"UnixMilli", "strconv.FormatInt(u(sec, nsec).UnixMilli(), 10)"},
	{"AddUnixNano", "strconv.FormatInt(u(sec, nsec).Add(time.Duration(d)).UnixNano(), 10)"},
	{"Sub", "strconv.FormatInt(int64(u(sec, nsec).Sub(u(d, 0))), 10)"},
	{"Compare", "strconv.Itoa(u(sec, nsec).Compare(u(d, nsec)))"},
	{"BeforeAfterEqual", "strconv.FormatBool(u(sec, nsec).Before(u(d, 0))) + strconv.FormatBool(u(sec, nsec).After(u(d, 0))) + strconv.FormatBool(u(sec, nsec).Equal(u(d, 0)))"},
	{"Date", "date(u(sec, nsec))"},
	{"Zone", "date(u(sec, nsec).In(time.FixedZone(\"X\", int(d%50000))))"},
	{"Clock", "clock(u(sec, nsec))"},
	{"YearDay", "strconv.Itoa(u(sec, nsec).YearDay()) + u(sec, nsec).Weekday().String()"},
	{"ISOWeek", "isoWeek(u(sec, nsec))"},
	{"RFC3339", "u(sec, nsec).Format(time.RFC3339Nano)"},
	{"Layout", "u(sec, nsec).Format(\"Mon Jan _2 15:04:05.000 2006 MST -0700 pm\")"},
	{"String", "u(sec, nsec).String()"},
	{"Truncate", "strconv.FormatInt(u(sec, nsec).Truncate(time.Duration(d)).UnixNano(), 10)"},
	{"Round", "strconv.FormatInt(u(sec, nsec).Round(time.Duration(d)).UnixNano(), 10)"},
	{"AddDate", "u(sec, nsec).AddDate(int(d%7), int(d%13), int(d%40)).Format(time.RFC3339)"},
	{"Duration", "time.Duration(d).String()"},
	{"DurationParts", "strconv.FormatFloat(time.Duration(d).Hours(), 'g', -1, 64) + strconv.FormatInt(time.Duration(d).Milliseconds(), 10)"},
	{"IsZero", "strconv.FormatBool(u(sec, nsec).IsZero())"},
}

// timeDecls are the helpers of timeFuncs.
const timeDecls = `package main

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

func u(sec, nsec int64) time.Time { return time.Unix(sec, nsec).UTC() }

func date(t time.Time) string {
	y, m, d := t.Date()
	name, off := t.Zone()
	return strconv.Itoa(y) + m.String() + strconv.Itoa(d) + name + strconv.Itoa(off)
}

func clock(t time.Time) string {
	h, m, s := t.Clock()
	return strconv.Itoa(h) + ":" + strconv.Itoa(m) + ":" + strconv.Itoa(s) + "." + strconv.Itoa(t.Nanosecond())
}

func isoWeek(t time.Time) string {
	y, w := t.ISOWeek()
	return strconv.Itoa(y) + "W" + strconv.Itoa(w)
}

func main() {
	sec, _ := strconv.ParseInt(os.Args[1], 10, 64)
	nsec, _ := strconv.ParseInt(os.Args[2], 10, 64)
	d, _ := strconv.ParseInt(os.Args[3], 10, 64)
	for _, f := range []func(sec, nsec, d int64) string{%s} {
		fmt.Printf("%%q\n", f(sec, nsec, d))
	}
}
`

// timeInputs draws (sec, nsec, d): seconds around today's, the epoch and
// far dates, nanoseconds beyond a second either way, durations of every
// magnitude.
func timeInputs(rng *rand.Rand, n int) [][3]int64 {
	var out [][3]int64
	for range n {
		sec := rng.Int63n(4_000_000_000) - 1_000_000_000
		switch rng.Intn(4) {
		case 0:
			sec = rng.Int63n(200_000) - 100_000
		case 1:
			sec = rng.Int63n(1<<40) - 1<<39
		}
		nsec := rng.Int63n(3_000_000_000) - 1_000_000_000
		d := rng.Int63() >> uint(rng.Intn(63))
		if rng.Intn(2) == 0 {
			d = -d
		}
		if d == 0 {
			d = 1
		}
		out = append(out, [3]int64{sec, nsec, d})
	}
	return out
}

// loadModule writes the module p of the one file src into dir and returns
// its functions names, lowered; a rejection fails the test.
func loadModule(t *testing.T, dir, src string, names []string) map[string]*ir.Function {
	t.Helper()
	for name, data := range map[string]string{"go.mod": "module p\n\ngo 1.26\n", "p.go": src} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res, err := lower.Load(dir, names)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range res.Errors {
		t.Fatalf("rejected: %v", e)
	}
	fns := map[string]*ir.Function{}
	for _, tg := range res.Targets {
		fns[tg.Name] = tg.Func
	}
	return fns
}

// TestTimeAgainstGo runs functions of package time (interpreted, as the
// standard library's Go) on random Times and Durations, and compares each
// result with the compiled program's, byte for byte.
func TestTimeAgainstGo(t *testing.T) {
	dir := t.TempDir()
	var names, fns []string
	var src strings.Builder
	for _, f := range timeFuncs {
		names = append(names, f[0])
		fns = append(fns, f[0])
		src.WriteString("\nfunc " + f[0] + "(sec, nsec, d int64) string {\n\treturn " + f[1] + "\n}\n")
	}
	prog := strings.Replace(timeDecls, "%s", strings.Join(fns, ", "), 1)
	prog = strings.ReplaceAll(prog, "%%", "%")
	targets := loadModule(t, dir, prog+src.String(), names)
	cmd := exec.Command("go", "build", "-o", "prog", ".")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	n := 12
	if testing.Short() {
		n = 4
	}
	compared := 0
	for _, in := range timeInputs(rand.New(rand.NewSource(24)), n) {
		args := []string{strconv.FormatInt(in[0], 10), strconv.FormatInt(in[1], 10), strconv.FormatInt(in[2], 10)}
		cmd := exec.Command("./prog", args...)
		cmd.Dir = dir
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("the compiled program on %v: %v", args, err)
		}
		lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
		if len(lines) != len(names) {
			t.Fatalf("the compiled program printed %d lines, want %d", len(lines), len(names))
		}
		model := map[string]uint64{"sec": uint64(in[0]), "nsec": uint64(in[1]), "d": uint64(in[2])}
		for i, name := range names {
			want, err := strconv.Unquote(lines[i])
			if err != nil {
				t.Fatal(err)
			}
			fn := targets[name]
			if fn == nil {
				continue
			}
			p := New(expr.NewBuilder(), 10).Run(fn, model)
			if p.Aborted != "" || p.Panic != "" || len(p.Outputs) != 1 {
				t.Errorf("%s%v: aborted %q, panic %q", name, args, p.Aborted, p.Panic)
				continue
			}
			if got := p.Outputs[0].Str; got != want {
				t.Errorf("%s%v = %q, Go says %q", name, args, got, want)
			}
			compared++
		}
	}
	t.Logf("%d results compared", compared)
}

// TestClockAndEnvironment: a Time from time.Now, and what is computed from
// it, is tainted (never asserted, its branches unfixed), and the same in
// every run; a Time in the local zone stops the run with the reason; an
// environment variable of a constant name is an input, set or unset as the
// model says, and read alike by Getenv and LookupEnv.
func TestClockAndEnvironment(t *testing.T) {
	dir := t.TempDir()
	src := `package p

import (
	"os"
	"time"
)

func Stamp() int64 { return time.Now().UnixNano() }

func Elapsed() bool { start := time.Now(); return time.Since(start) >= 0 }

func Local(sec int64) int { return time.Unix(sec, 0).Hour() }

func Env() string {
	v, ok := os.LookupEnv("LF_X")
	if !ok {
		return "unset:" + os.Getenv("LF_X")
	}
	return "set:" + v + ":" + os.Getenv("LF_X")
}
`
	fns := loadModule(t, dir, src, []string{"Stamp", "Elapsed", "Local", "Env"})
	run := func(name string, model map[string]uint64) *Path {
		return New(expr.NewBuilder(), 8).Run(fns[name], model)
	}

	a, b := run("Stamp", nil), run("Stamp", nil)
	if a.Outputs[0].Unfixed != ClockReason {
		t.Errorf("Stamp's result: unfixed %q, want %q", a.Outputs[0].Unfixed, ClockReason)
	}
	if a.Outputs[0].Bits != b.Outputs[0].Bits {
		t.Errorf("Stamp gives %d, then %d: the clock must read alike in every run", a.Outputs[0].Bits, b.Outputs[0].Bits)
	}
	for _, st := range run("Elapsed", nil).Steps {
		if st.Cond != nil && st.Depth == 0 && (!st.Order || st.Flippable) {
			t.Errorf("Elapsed: a branch on the clock at %v is a claim (order %v, flippable %v)", st.If.Pos, st.Order, st.Flippable)
		}
	}
	if p := run("Local", map[string]uint64{"sec": 1e9}); p.Aborted != LocalZoneReason {
		t.Errorf("Local: aborted %q, want %q", p.Aborted, LocalZoneReason)
	}

	set := ir.EnvPath("LF_X")
	for _, c := range []struct {
		model map[string]uint64
		want  string
		env   EnvVar
	}{
		{nil, "unset:", EnvVar{Name: "LF_X"}},
		{map[string]uint64{set.NilVar(): 0}, "set::", EnvVar{Name: "LF_X", Set: true}},
		{map[string]uint64{set.NilVar(): 0, set.LenVar(): 2, set.Elem(0).String(): 'h', set.Elem(1).String(): 'i'}, "set:hi:hi", EnvVar{Name: "LF_X", Value: "hi", Set: true}},
		// Unset with a length: the model violates the domain fact, no input.
		{map[string]uint64{set.LenVar(): 2}, "", EnvVar{}},
	} {
		p := run("Env", c.model)
		if c.want == "" {
			if p.Excluded == "" {
				t.Errorf("Env%v: ran (%+v), want excluded", c.model, p.Outputs)
			}
			continue
		}
		if p.Aborted != "" || len(p.Outputs) != 1 || p.Outputs[0].Str != c.want || p.Outputs[0].Unfixed != "" {
			t.Errorf("Env%v: aborted %q, outputs %+v, want %q", c.model, p.Aborted, p.Outputs, c.want)
			continue
		}
		if len(p.Env) != 1 || p.Env[0] != c.env {
			t.Errorf("Env%v: env %+v, want [%+v]", c.model, p.Env, c.env)
		}
	}
}
