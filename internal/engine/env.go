// The environment: the clock package time reads and the process's environment variables, values a run reads but a test does not give.

package engine

import (
	"fmt"
	"strings"

	"leapfrog/internal/ir"
)

// A program may read what no argument gives it: the clock (time.Now,
// time.Since), the environment variables (os.Getenv) and the command line
// (os.Args: args.go). The engine
// answers these reads itself (package externals lists them): each value
// read is made of fresh variables ("ext#<n>.<width>:<key>") whose concrete
// values are fixed per run, so that the same input gives the same run and
// the same bytes. Such a value is what the test cannot fix (the clock,
// math/rand's numbers) or what leapfrog does not set (an environment
// variable whose name is not a constant, or that the package initializer
// reads, before a test can set it; the list os.Environ returns): like a
// pointer's address printed by fmt, a branch on it makes
// the rest of the run unfixed (engine.go's makeStep), its other side is
// unknown with the reason unfixedReason gives, and a result computed from
// it is not asserted. Nothing is ever concluded from the concrete value.
//
// # The clock
//
// Package time is interpreted but for its three run-time hooks:
// runtimeNow (the wall clock and the monotonic reading time.Now packs into
// a Time), runtimeNano (the monotonic reading alone, time.Since and
// time.Until) and runtimeIsBubbled (false: an emitted test runs in no
// testing/synctest bubble). The readings go forward within a run from a
// fixed instant (clockSec). time.Now itself branches on its reading: no
// monotonic clock (mono == 0), and seconds beyond the 33 bits a Time
// packs (after the year 2157). Neither happens on a platform Go supports
// today, so those two branches of time.Now take the concrete reading's way
// without tainting the run (clockFacts); everything the caller does with
// the Time is tainted as above. The local time zone (time.Local, which
// time.Now and time.Unix give their Time) is loaded by initLocal the
// first time a Time in it is broken into its date and clock: a run that
// gets there stops (LocalZoneReason). Times in UTC or in a fixed zone are
// interpreted in full.

// LocalZoneReason is why a run that needs the local time zone stops: Go
// reads it (TZ, /etc/localtime) once per process, before a test could fix
// it, and leapfrog does not read it.
const LocalZoneReason = "depends on the local time zone (time.Local), which a test cannot fix"

// The keys under which the clock's readings are tainted, and their
// reasons: time.Now called directly, which a test cannot fix, or through a
// function value (clockSeamKey) that is no seam (seams.go: a seam's calls
// are answered by a stub, and never reach time.Now): a package-level
// variable the package assigns, or a local or a field a test cannot
// reach.
const (
	clockKey        = "time.Now"
	ClockReason     = "depends on time.Now, which a test cannot fix"
	clockSeamKey    = "time.Now seam"
	ClockSeamReason = "depends on time.Now called through a function value leapfrog does not replace (no seam: a variable the package assigns, or not a package-level variable)"
)

// The key under which math/rand's numbers are tainted (the replacement
// package's randomBits), and its reason.
const (
	randKey    = "math/rand"
	RandReason = "depends on math/rand's random numbers, which a test cannot fix"
)

// The key under which os.Environ's list is tainted, and its reason.
const (
	environKey    = "os.Environ"
	EnvironReason = "depends on the list of environment variables (os.Environ), which leapfrog does not set"
)

// envKeyPrefix starts the key under which an environment variable's value
// is tainted ("env NAME"; "env ?" when its name is not a constant made of
// letters, digits, '_' and '.').
const envKeyPrefix = "env "

// unfixedReason is the reason a value tainted under key depends on what a
// test cannot fix, or "" when the key is no such thing.
func unfixedReason(key string) string {
	if r := unfixedKeys[key]; r != "" {
		return r
	}
	if key == clockKey {
		return ClockReason
	}
	if key == clockSeamKey {
		return ClockSeamReason
	}
	if key == randKey {
		return RandReason
	}
	if key == environKey {
		return EnvironReason
	}
	if key == argsKey || key == argsLenKey {
		return ArgsReason
	}
	if name, ok := strings.CutPrefix(key, envKeyPrefix); ok {
		if name == "?" {
			return "depends on an environment variable (os.Getenv), which leapfrog does not set"
		}
		return fmt.Sprintf("depends on the environment variable %s (os.Getenv), which leapfrog does not set", name)
	}
	return ""
}

// The clock's starting instant: 2026-01-01 00:00:00 UTC, and a monotonic
// reading of one second; each reading of a run advances both by a
// millisecond.
const (
	clockSec  = 1767225600
	clockMono = 1_000_000_000
	clockStep = 1_000_000
)

// callEnv answers a call of the external name when it is one of package
// externals' Environment.
func (m *machine) callEnv(name string, a []val) ([]val, bool) {
	switch name {
	case "time.runtimeNow":
		k := m.clockTick()
		ns := uint64(clockMono + k*clockStep)
		key := clockKey
		if m.clockSeams > 0 {
			key = clockSeamKey
		}
		return []val{
			m.extVar(key, uint64(clockSec+ns/1e9-1), 64),
			m.extVar(key, ns%1e9, 32),
			m.extVar(key, ns, 64),
		}, true
	case "time.runtimeNano":
		return []val{m.extVar(clockKey, uint64(clockMono+m.clockTick()*clockStep), 64)}, true
	case "time.runtimeIsBubbled":
		return []val{boolean(false)}, true
	case "time.initLocal":
		panic(runError(LocalZoneReason))
	case "leapfrog/replacements.randomBits":
		m.unfixedVars = true
		m.randN++
		return []val{m.extVar(randKey, uint64(m.randN)*0x9e3779b97f4a7c15, 64)}, true
	case "os.Getenv":
		return m.envRead(a[0].(*str))[:1], true
	case "os.LookupEnv":
		return m.envRead(a[0].(*str)), true
	case "os.Environ":
		return []val{m.environ()}, true
	case "leapfrog/replacements.commandLine":
		return []val{m.commandLine()}, true // args.go
	}
	return nil, false
}

// clockTick returns how many times the run read the clock before, and
// marks the run as having made unfixed variables.
func (m *machine) clockTick() uint64 {
	m.unfixedVars = true
	m.clockN++
	return uint64(m.clockN - 1)
}

// EnvVar is an environment variable a run read, as the case fixes it:
// set to Value, or unset.
type EnvVar struct {
	Name  string
	Value string
	Set   bool
}

// envInput is an environment variable as an input of the run: its value
// and whether it is set.
type envInput struct {
	value *str
	set   *scalar
}

// envRead reads the environment variable named name: its value and
// whether it is set. A constant name read by the function under test is
// an input of the case (envInput); any other read, and every read of the
// package initializer (which runs before a test can set anything), is
// tainted (envValue).
func (m *machine) envRead(name *str) []val {
	if !name.concrete() || m.root.Prog != nil && m.root == m.root.Prog.Init {
		s, key := m.envValue(name)
		return []val{s, m.extVar(key, 0, 0)}
	}
	in := m.envInput(string(name.bytes()))
	return []val{in.value, in.set}
}

// envInput is the environment variable n as an input of the run, made on
// its first read: a string input at ir.EnvPath(n), empty when unset (a
// fact), unset by default. The emitted test fixes it (Path.Env).
func (m *machine) envInput(n string) envInput {
	if in, ok := m.env[n]; ok {
		return in
	}
	p := ir.EnvPath(n)
	f := &facts{holds: true}
	unset := m.nilVariable(p)
	s := m.input(p, ir.String, 0, f).(*str)
	m.emptyIfNil(unset, s.n, f)
	// The test sets it with t.Setenv, which refuses a value holding a NUL
	// byte ("setenv: invalid argument"): no environment holds one.
	for k, b := range s.b {
		in := m.uop(ir.Lt, i64(uint64(k)), s.n)
		f.exact = append(f.exact, m.B.Implies(m.term(in), m.B.Not(m.B.Eq(m.term(b), m.B.BVConst(8, 0)))))
		f.holds = f.holds && !(in.c == 1 && b.c == 0)
	}
	m.recordFacts(m.here(), p.String(), f) // stops the run unless they hold
	in := envInput{value: s, set: &scalar{c: 1 - unset.c, s: m.B.Not(unset.s), width: 0}}
	if m.env == nil {
		m.env = map[string]envInput{}
	}
	m.env[n] = in
	v := EnvVar{Name: n, Set: unset.c == 0}
	if v.Set {
		v.Value = string(s.bytes())
	}
	m.path.Env = append(m.path.Env, v)
	return in
}

// envValue is the value of the environment variable named name, unset
// (the empty string) in every run, tainted under the key it returns.
func (m *machine) envValue(name *str) (*str, string) {
	key := envKeyPrefix + "?"
	if name.concrete() {
		if n := string(name.bytes()); envNameOK(n) {
			key = envKeyPrefix + n
		}
	}
	m.unfixedVars = true
	return m.taintedString(key, nil), key
}

// envNameOK reports whether n can name a variable in a reason (and in an
// SMT-LIB symbol).
func envNameOK(n string) bool {
	if n == "" || len(n) > 64 {
		return false
	}
	for _, r := range n {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '.') {
			return false
		}
	}
	return true
}

// clockFacts drops the term of c, the condition of a branch of time.Now on
// its clock reading (fn the function whose frame runs it): the platform
// fixes its direction (see the top of this file).
func clockFacts(fn *ir.Function, c *scalar) *scalar {
	if c.s == nil || fn.Name != "time.Now" {
		return c
	}
	return &scalar{c: c.c, width: c.width}
}

// environ is os.Environ's list of "NAME=value" strings: empty in every
// run, its length tainted, so that a branch on it is unknown for
// EnvironReason and a result from it is not checked. Go returns a fresh
// slice, never nil.
//
// The list is not an input: it holds the whole environment of the test
// process (PATH, HOME, GOFLAGS, whatever go test was given), so a case
// that set some entries with t.Setenv still reads the others, and an
// outcome needing the list to lack an entry, to have a given length or
// order, would need the test to clear the environment (os.Clearenv) and
// rebuild it in an order (syscall keeps the order of the Setenv calls),
// restoring it after; the model would be a list of distinct names, each
// without '=' or NUL, in that order. That is not built: the list stays
// tainted with its reason. (A seam var environ = os.Environ is replaced
// like any seam: seams.go.)
func (m *machine) environ() *slice {
	m.unfixedVars = true
	n := m.extVar(environKey, 0, 64)
	return &slice{arr: &object{v: &agg{}}, off: i64(0), n: n, cap: n}
}
