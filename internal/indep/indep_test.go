// Tests on IR text: what cannot be encoded, the unwinding bound, input names, scripts in two solvers, the brute-force comparison itself.

package indep_test

import (
	"strings"
	"testing"
	"time"

	"leapfrog/internal/indep"
	"leapfrog/internal/ir"
	"leapfrog/internal/irparse"
	"leapfrog/internal/solver/z3"
)

func parse(t *testing.T, src string) *ir.Program {
	t.Helper()
	p, err := irparse.Parse("m.ir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestNotEncoded: recursion and irreducible control flow give every
// objective a reason, never a verdict.
func TestNotEncoded(t *testing.T) {
	for _, c := range []struct{ src, fn, want string }{
		{`
func Rec(x i8) i8 {
entry:
	%1 = lt x, 0
	if %1 neg pos
neg:
	return 0
pos:
	%2 = sub x, 1
	%3 = call Rec(%2)
	return %3
}
`, "Rec", "construct recursive call of Rec at Rec not encoded"},
		{`
func Irr(x i8) i8 {
entry:
	%1 = lt x, 0
	if %1 a b
a:
	%2 = lt x, -5
	if %2 b c
b:
	%3 = gt x, 5
	if %3 a c
c:
	return 0
}
`, "Irr", "construct irreducible control flow in Irr"},
	} {
		fn := parse(t, c.src).Func(c.fn)
		objs := allObjectives(fn)
		for i, r := range indep.Check(fn, objs, indep.Options{}) {
			if r.Status != indep.Undecided || !strings.HasPrefix(r.Reason, c.want) {
				t.Errorf("%s %v: %v %q, want undecided: %s", c.fn, objs[i], r.Status, r.Reason, c.want)
			}
		}
		if _, err := indep.Script(fn, objs[0], indep.Options{}); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("Script of %s: %v, want %s", c.fn, err, c.want)
		}
	}
}

// countdown runs its loop exactly 20 times, then branches on the count.
const countdown = `
func Down(x i8) i8 {
entry:
	jump head
head:
	%1 = phi [entry: 20:i8, body: %3]
	%2 = gt %1, 0
	if %2 body done
body:
	%3 = sub %1, 1
	jump head
done:
	%4 = eq %1, 0
	if %4 zero other
zero:
	return 0
other:
	return 1
}
`

// TestDeadline: with Options.Deadline past, no query is made, and every
// objective whose reach condition is not a constant is undecided for the
// budget.
func TestDeadline(t *testing.T) {
	fn := parse(t, `
func Pos(x i8) i8 {
entry:
	%1 = gt x, 5
	if %1 big small
big:
	return 1
small:
	return 0
}
`).Func("Pos")
	objs := allObjectives(fn)
	if len(objs) == 0 {
		t.Fatal("no objectives")
	}
	if rs := indep.Check(fn, objs, indep.Options{}); rs[0].Status != indep.Reachable {
		t.Fatalf("without a deadline: %v %q; want reachable", rs[0].Status, rs[0].Reason)
	}
	for i, r := range indep.Check(fn, objs, indep.Options{Deadline: time.Now().Add(-time.Second)}) {
		if r.Status != indep.Undecided || r.Why != indep.BudgetSpent {
			t.Errorf("deadline passed, %v: %v %v %q; want undecided for the budget", objs[i], r.Status, r.Why, r.Reason)
		}
	}
}

// TestUnwindBound: a loop with a constant trip count is exact when the
// bound covers it, and leaves unsat answers undecided, naming the loop,
// when it does not (loops.txtar's Long shows that sat answers stand).
func TestUnwindBound(t *testing.T) {
	fn := parse(t, countdown).Func("Down")
	var eqTrue, eqFalse indep.Objective
	for _, o := range allObjectives(fn) {
		if o.If.Pos.Line == 14 { // if %4
			if o.Dir {
				eqTrue = o
			} else {
				eqFalse = o
			}
		}
	}
	objs := []indep.Objective{eqTrue, eqFalse}
	rs := indep.Check(fn, objs, indep.Options{Unwind: 20})
	if rs[0].Status != indep.Reachable || rs[1].Status != indep.Unreachable {
		t.Errorf("unwind 20: %v, %v (%s); want reachable, unreachable", rs[0].Status, rs[1].Status, rs[1].Reason)
	}
	rs = indep.Check(fn, objs, indep.Options{Unwind: 19})
	want := "loop 1 at m.ir:8:2 runs more than 19 iterations"
	for i, r := range rs { // the loop's exit is beyond the bound: nothing after it is reached
		if r.Status != indep.Undecided || r.Reason != want {
			t.Errorf("unwind 19, %v: %v %q; want undecided: %s", objs[i], r.Status, r.Reason, want)
		}
	}
	// The default bound: unrolled 8 times first, which the loop's 20
	// iterations exceed, then 64 for the objectives left undecided.
	rs = indep.Check(fn, objs, indep.Options{})
	if rs[0].Status != indep.Reachable || rs[1].Status != indep.Unreachable || !strings.Contains(rs[1].Script, "up to 64 iterations") {
		t.Errorf("default bound: %v, %v (%s); want reachable, unreachable at 64 unrolls", rs[0].Status, rs[1].Status, rs[1].Reason)
	}
	// With the bound too small, the script is sat through the unwinding
	// condition; with it large enough, unsat in both solvers.
	for _, c := range []struct {
		unwind int
		want   string
	}{{19, "sat"}, {20, "unsat"}} {
		s, err := indep.Script(fn, eqFalse, indep.Options{Unwind: c.unwind})
		if err != nil {
			t.Fatal(err)
		}
		if a, err := indep.CVC5(s, 10*time.Second); a != c.want || err != nil {
			t.Errorf("unwind %d: cvc5 %q %v, want %s", c.unwind, a, err, c.want)
		}
		if a, err := z3.EvalSMT2(s, 10*time.Second); a != c.want || err != nil {
			t.Errorf("unwind %d: z3 %q %v, want %s", c.unwind, a, err, c.want)
		}
	}
}

// TestInputNames: witnesses name inputs as the engine does (s.f, a[2],
// receiver leaves, the receiver's nil flag), and values are masked.
func TestInputNames(t *testing.T) {
	fn := parse(t, `
func M(t *struct{X i8; A [2]u16}, b bool, a [3]i32) i8 {
entry:
	%1 = fieldaddr t, .A
	%2 = indexaddr %1, 1:i64
	%3 = load %2
	%4 = eq %3, 65535:u16
	if %4 l1 out
l1:
	%5 = index a, 2:i64
	%6 = lt %5, -1:i32
	if %6 l2 out
l2:
	if b l3 out
l3:
	%7 = fieldaddr t, .X
	%8 = load %7
	%9 = eq %8, -128:i8
	if %9 hit out
hit:
	return 1
out:
	return 0
}
`).Func("M")
	var hit indep.Objective
	for _, o := range allObjectives(fn) {
		if o.If.Pos.Line == 19 && o.Dir {
			hit = o
		}
	}
	r := indep.Check(fn, []indep.Objective{hit}, indep.Options{})[0]
	if r.Status != indep.Reachable {
		t.Fatalf("%v %s", r.Status, r.Reason)
	}
	w := r.Witness
	if w["t.A[1]"] != 0xffff || w["b"] != 1 || w["t.X"] != 0x80 || w["t#nil"] != 0 || int32(uint32(w["a[2]"])) >= -1 || w["a[2]"]>>32 != 0 {
		t.Errorf("witness %v", w)
	}
	for _, name := range []string{"t.X", "t.A[0]", "t.A[1]", "t#nil", "b", "a[0]", "a[1]", "a[2]"} {
		if _, ok := w[name]; !ok {
			t.Errorf("witness lacks %s: %v", name, w)
		}
	}
	if len(w) != 8 {
		t.Errorf("witness has %d inputs, want 8: %v", len(w), w)
	}
	s, _ := indep.Script(fn, hit, indep.Options{})
	for _, decl := range []string{"(declare-fun |t.A[1]| () (_ BitVec 16))", "(declare-fun |t#nil| () Bool)", "(declare-fun |a[2]| () (_ BitVec 32))"} {
		if !strings.Contains(s, decl) {
			t.Errorf("script lacks %s:\n%s", decl, s)
		}
	}
}

// TestCompareObjects: the comparison of the brute-force test reports each
// kind of wrong answer, so that it cannot pass vacuously.
func TestCompareObjects(t *testing.T) {
	sc := loadScenario(t, "testdata/arith.txtar")
	var fn *ir.Function
	for _, tg := range sc.targets {
		if tg.Name == "Bits" {
			fn = tg.Func
		}
	}
	objs := allObjectives(fn)
	obs := enumerate(t, fn, nil, objs, false)
	rs := indep.Check(fn, objs, indep.Options{})
	if bad := compare(fn, nil, objs, rs, obs, ""); len(bad) > 0 {
		t.Fatalf("correct answers rejected: %v", bad)
	}
	var reachable, unreachable int = -1, -1
	zero := refRun(fn, map[string]uint64{})
	for i, r := range rs {
		if r.Status == indep.Reachable && reachable < 0 && !reaches(zero, objs[i]) {
			reachable = i
		}
		if r.Status == indep.Unreachable && unreachable < 0 {
			unreachable = i
		}
	}
	broken := func(i int, r indep.Result) []indep.Result {
		b := append([]indep.Result(nil), rs...)
		b[i] = r
		return b
	}
	for name, c := range map[string]struct {
		rs   []indep.Result
		want string
	}{
		"false unreachable":   {broken(reachable, indep.Result{Status: indep.Unreachable}), "FALSE UNREACHABLE"},
		"bad witness":         {broken(reachable, indep.Result{Status: indep.Reachable, Witness: map[string]uint64{}}), "does not reach it"},
		"unreachable reached": {broken(unreachable, indep.Result{Status: indep.Reachable, Witness: map[string]uint64{}}), "no input reaches it"},
		"undecided":           {broken(unreachable, indep.Result{Status: indep.Undecided, Reason: "x"}), "undecided"},
	} {
		bad := compare(fn, nil, objs, c.rs, obs, "")
		if len(bad) == 0 || !strings.Contains(strings.Join(bad, "\n"), c.want) {
			t.Errorf("%s: %v, want a complaint containing %q", name, bad, c.want)
		}
	}
}

// TestSolverLimits: a query cvc5 cannot decide in time is undecided with
// its reason; CVC5 reports errors of a script.
func TestSolverLimits(t *testing.T) {
	fn := parse(t, `
func Factor(a u64, b u64) bool {
entry:
	%1 = mul a, b
	%2 = eq %1, 0xe3b0c44298fc1c15:u64
	if %2 l1 no
l1:
	%3 = gt a, 1:u64
	if %3 l2 no
l2:
	%4 = gt b, 1:u64
	if %4 l3 no
l3:
	%5 = lt a, 0xffffffff:u64
	if %5 l4 no
l4:
	%6 = lt b, 0xffffffff:u64
	if %6 yes no
yes:
	return true
no:
	return false
}
`).Func("Factor")
	var hard indep.Objective
	for _, o := range allObjectives(fn) {
		if o.If.Pos.Line == 18 && o.Dir {
			hard = o
		}
	}
	start := time.Now()
	r := indep.Check(fn, []indep.Objective{hard}, indep.Options{Timeout: 20 * time.Millisecond})[0]
	if r.Status != indep.Undecided || !strings.HasPrefix(r.Reason, "cvc5: unknown") || time.Since(start) > 20*time.Second {
		t.Errorf("%v %q after %v, want undecided: cvc5: unknown ... within the limit", r.Status, r.Reason, time.Since(start))
	}
	for _, bad := range []string{"(check-sat", "(assert (= y 1))\n(check-sat)\n"} {
		if a, err := indep.CVC5(bad, time.Second); err == nil {
			t.Errorf("CVC5(%q) = %q, no error", bad, a)
		}
	}
	if a, err := indep.CVC5("(set-logic QF_BV)\n(declare-fun x () (_ BitVec 8))\n(assert (bvult x #x00))\n(check-sat)\n", time.Second); a != "unsat" || err != nil {
		t.Errorf("CVC5: %q %v, want unsat", a, err)
	}
}

// TestCalleeLoopName: a callee's loop is named after the callee, as the
// engine names it.
func TestCalleeLoopName(t *testing.T) {
	fn := parse(t, `
func Root(x u8) u8 {
entry:
	%1 = call Spin(x)
	%2 = eq %1, 0:u8
	if %2 yes no
yes:
	return 1
no:
	return 0
}

func Spin(n u8) u8 {
entry:
	%0 = and n, 15:u8
	jump head
head:
	%1 = phi [entry: %0, body: %3]
	%2 = gt %1, 0:u8
	if %2 body done
body:
	%3 = sub %1, 1:u8
	jump head
done:
	return %1
}
`).Func("Root")
	objs := allObjectives(fn)
	for i, r := range indep.Check(fn, objs, indep.Options{Unwind: 8}) {
		o := objs[i]
		switch {
		case o.If.Pos.Line == 6 && !o.Dir: // %1 is always 0 after the loop
			if want := "input-dependent loop Spin.1 at m.ir:20:2: more than 8 iterations possible"; r.Status != indep.Undecided || r.Reason != want {
				t.Errorf("%v: %v %q, want undecided: %s", o, r.Status, r.Reason, want)
			}
		case r.Status != indep.Reachable:
			t.Errorf("%v: %v %q, want reachable", o, r.Status, r.Reason)
		}
	}
	// With a bound covering every count (0..15), the loop is exact.
	r := indep.Check(fn, objs, indep.Options{Unwind: 15})
	for i, o := range objs {
		if o.If.Pos.Line == 6 && !o.Dir && r[i].Status != indep.Unreachable {
			t.Errorf("unwind 15, %v: %v %q, want unreachable", o, r[i].Status, r[i].Reason)
		}
	}
}

// TestAbortIsACut: a callee's AbortPanic (a replacement's stop where Go
// goes on: os.Remove returns in Go) does not end the path as a panic does.
// Root's x == 3 after Rm(x) is reached in Go when Rm aborts (x > 5 leads
// there only through the abort), so it stays undecided, naming the stop;
// x == 9 is never reached (x > 5 aborts before it, x <= 5 never equals 9)
// unless the abort is followed: undecided too. With the abort out of reach
// (Fatal's genuine fatal error ends Go's run as well), the proof stands.
func TestAbortIsACut(t *testing.T) {
	p := parse(t, `
func Root(x u8) u8 {
entry:
	call Rm(x)
	%1 = eq x, 9:u8
	if %1 nine other
nine:
	return 1
other:
	return 0
}

func Rm(x u8) {
entry:
	%0 = gt x, 5:u8
	if %0 stop ok
stop:
	panic.abort "os.Remove: outside"
ok:
	return
}

func Sure(x u8) u8 {
entry:
	call Fatal(x)
	%1 = eq x, 9:u8
	if %1 nine other
nine:
	return 1
other:
	return 0
}

func Fatal(x u8) {
entry:
	%0 = gt x, 5:u8
	if %0 stop ok
stop:
	panic.fatal "fatal error: sync: unlock of unlocked mutex"
ok:
	return
}
`)
	fn := p.Func("Root")
	objs := allObjectives(fn)
	for i, r := range indep.Check(fn, objs, indep.Options{}) {
		o := objs[i]
		switch {
		case o.If.Pos.Line == 6 && o.Dir: // x == 9: only past the abort
			want := `a run reaches the stop "os.Remove: outside" at m.ir:`
			if r.Status != indep.Undecided || r.Why != indep.NotModelled || !strings.HasPrefix(r.Reason, want) {
				t.Errorf("%v: %v %v %q, want undecided (%s): %s...", o, r.Status, r.Why, r.Reason, indep.NotModelled, want)
			}
		case r.Status != indep.Reachable:
			t.Errorf("%v: %v %q, want reachable", o, r.Status, r.Reason)
		}
	}
	script, err := indep.Script(fn, indep.Objective{If: objs[0].If, Dir: true}, indep.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(script, "places where leapfrog does not model what Go does") {
		t.Errorf("the script does not say it includes the abort:\n%s", script)
	}
	sure := p.Func("Sure")
	objs = allObjectives(sure)
	for i, r := range indep.Check(sure, objs, indep.Options{}) {
		o := objs[i]
		want := indep.Reachable
		if o.If.Pos.Line == 27 && o.Dir {
			want = indep.Unreachable // a fatal error ends Go's run: x > 5 never returns from Fatal
		}
		if r.Status != want {
			t.Errorf("Sure: %v: %v %q, want %v", o, r.Status, r.Reason, want)
		}
	}
}
