// The process's command line, os.Args: a slice of at least one string, its length and strings values a test does not give.

package engine

import (
	"leapfrog/internal/expr"
)

// Package os is not interpreted: os.Args is bound to a variable of the
// replacement package (lower's linkname.go), initialized by its intrinsic
// commandLine, which the engine answers here. The value is the command
// line of the test binary, which go test chose (the binary's path, then
// -test.paniconexit0, -test.timeout=..., and whatever flags go test was
// given): leapfrog does not know it, and it is read by the package
// initializer, before a test could set it. So it is made of fresh
// variables whose concrete values are fixed per run (env.go): a length n
// (argsLenKey) and, for element 0, a string (argsKey); a branch on them
// makes the rest of the run unfixed, its other side unknown with
// ArgsReason, and a result computed from them is not asserted.
//
// One thing is known of every command line: it holds the binary's path,
// so 1 <= n (and n is an int's length, n <= MaxInt). A comparison of n
// with a constant that this range decides (the bounds check of os.Args[0]
// and of os.Args[1:]) is no branch on the command line: argsFacts drops
// its term, as clockFacts does the clock's. Its concrete value, 1, makes
// every other element out of the concrete range, and any access to one
// checks its index against n, which this range does not decide.
//
// The function under test reads the same value (the initializer's,
// copied per run), not an input it chooses: a case that assigns os.Args
// before the call, as it sets an environment variable, is not built. A
// write to os.Args by the code under test is a store into the
// replacement's variable, seen by the rest of the run; what a later run
// reads is the initializer's value again, and since nothing read from
// os.Args is ever asserted, a case that leaves os.Args changed cannot make
// another case's check wrong.

// The keys under which the command line is tainted (its length; its
// strings), and their reason.
const (
	argsLenKey = "os.Args length"
	argsKey    = "os.Args"
	ArgsReason = "depends on the command line (os.Args), which go test chooses and leapfrog does not set"
)

// commandLine is os.Args as the test binary gets it: a slice of n
// strings, n tainted under argsLenKey (1 in every run), element 0 a
// tainted string (empty in every run), and the capacity n.
func (m *machine) commandLine() *slice {
	m.unfixedVars = true
	n := m.extVar(argsLenKey, 1, 64)
	arg0 := m.taintedString(argsKey, nil)
	return &slice{arr: &object{v: &agg{elems: []val{arg0}}}, off: i64(0), n: n, cap: n}
}

// argsFacts drops the term of c, a branch's condition, when it compares
// the length of os.Args with a constant and every length 1..MaxInt gives
// it the same value (see the top of this file): a comparison is monotone
// in n over that range, so its two ends decide it; an equality is
// decided false when the constant lies outside it.
func (m *machine) argsFacts(c *scalar) *scalar {
	if !m.unfixedVars || c.s == nil {
		return c
	}
	t := c.s
	if t.Op == expr.OpNot {
		t = t.Args[0]
	}
	if len(t.Args) != 2 {
		return c
	}
	x, y := t.Args[0], t.Args[1]
	isLen := func(v *expr.Term) bool { return v.Op == expr.OpVar && External(v.Name) == argsLenKey }
	switch {
	case isLen(x) && y.Op == expr.OpConst:
	case isLen(y) && x.Op == expr.OpConst:
	default:
		return c
	}
	const lo, hi = 1, 1<<63 - 1
	n := x
	if !isLen(x) {
		n = y
	}
	switch t.Op {
	case expr.OpUlt, expr.OpUle, expr.OpSlt, expr.OpSle:
		if expr.Eval(t, map[string]uint64{n.Name: lo}) != expr.Eval(t, map[string]uint64{n.Name: hi}) {
			return c
		}
	case expr.OpEq:
		k := x.Val
		if isLen(x) {
			k = y.Val
		}
		if lo <= k && k <= hi {
			return c
		}
	default:
		return c
	}
	return &scalar{c: c.c, width: c.width}
}
