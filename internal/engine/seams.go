// Seams: package-level variables of function type holding an environment reader (var now = time.Now), which a run replaces by a stub; and time.Time inputs, which a test writes as time.Unix(s, ns).UTC().

package engine

import "leapfrog/internal/ir"

// A Go developer who wants to test code that reads the clock writes a
// seam: a package-level variable of function type initialised to the
// reader (var now = time.Now), which the code calls and the package's
// test replaces (now = func() time.Time { return ... }, restored when the
// test ends). A seam is such a variable of the package under test:
//
//   - of function type, its initial value (what the initializer leaves
//     in it) one of the environment readers below, with no bound values;
//   - never written by a function of the package (only the initializer
//     and the init functions may write it), its address never taken:
//     every other use of the variable is a load (ir.Global.Assigned
//     false; package lower scans the whole package).
//
// A run (but the initializer's) finds in a seam a stub (stubs.go) at
// ir.SeamPath(name): its calls return inputs, as a function parameter's
// do, and the emitted test replaces the variable with a function literal
// returning them, call by call, restoring it when the case ends.
//
// Verdicts stay sound: the stub stands for every function of the
// variable's type, the reader included, so an outcome refuted with it is
// unreachable for the real initial value too. A case that replaced the
// seam is a real test of the package (what its developers' tests do), and
// it may cover an outcome the real reader never gives in practice (a
// clock before 1970): that is what seams are for, the reason such
// variables exist. The rule is kept narrow: a variable initialised to any
// other function (var parse = strconv.Atoi) is the package's own logic,
// which a case must not replace, and a variable the package writes is
// state, not a seam. The readers of math/rand are left out: their
// results have contracts (rand.Intn(n) is in [0, n)) a stub would break,
// so a seam of them stays tainted ("depends on math/rand's ...").
//
// The readers are those a run can hold as a value: os.Hostname, os.Getwd
// and os.UserHomeDir are not lowered (package os is not interpreted), so
// a package whose initializer refers to them is rejected before any seam.
var seamReaders = map[string]bool{
	"time.Now":     true,
	"time.Since":   true,
	"time.Until":   true,
	"os.Getenv":    true,
	"os.LookupEnv": true,
	"os.Environ":   true,
}

// Seam is the report form of a seam a run called (Path.Seams): the
// variable's Go name and the stub the case puts in it (Value.Stub, its
// calls in order).
type Seam struct {
	Name  string
	Value Value
}

// seamsOf lists the indices of prog's globals that are seams, given their
// initial values.
func seamsOf(prog *ir.Program, objs []*object) []int {
	var out []int
	for i, g := range prog.Globals {
		if g.Pkg != "" || g.Typ.Elem.Kind != ir.KFunc {
			continue
		}
		c, ok := objs[i].v.(*closure)
		if !ok || c.fn == nil || c.stub != nil || len(c.env) > 0 || !seamReaders[c.fn.Name] {
			continue
		}
		if !g.Assigned {
			out = append(out, i)
		}
	}
	return out
}

// installSeams puts in each seam of the run's copy of the globals a stub
// of the variable's type, never nil (the real initial value is not).
func (m *machine) installSeams(prog *ir.Program, seams []int) {
	for _, i := range seams {
		g := prog.Globals[i]
		st := m.newStub(ir.SeamPath(g.Ident), 1)
		st.fn = g.Typ.Elem
		m.globals[i].v = &closure{stub: st}
	}
}

// reportSeams is the report form of the seams the run called, in the
// order of the program's globals.
func (m *machine) reportSeams() []Seam {
	prog := m.root.Prog
	if prog == nil || m.path.stubs == nil {
		return nil
	}
	var out []Seam
	for _, g := range prog.Globals {
		p := ir.SeamPath(g.Ident)
		if st := m.path.stubs[p.String()]; st != nil && len(st.calls) > 0 {
			out = append(out, Seam{Name: g.Ident, Value: m.reportStub(p, g.Typ.Elem, "")})
		}
	}
	return out
}

// Seams returns the report form of the seams the run called (seams.go),
// computed with the inputs.
func (p *Path) Seams() []Seam {
	p.InputValues()
	return p.seamVals
}

// isTimeType reports whether t is package time's Time seen from another
// package: a struct of the unwritable fields wall uint64, ext int64 and
// loc *time.Location.
func isTimeType(t *ir.Type) bool {
	if t.Name != "time.Time" || t.Kind != ir.KStruct || len(t.Fields) != 3 {
		return false
	}
	w, e, l := t.Fields[0], t.Fields[1], t.Fields[2]
	return w.Name == "wall" && w.Unwritable && w.Type.Kind == ir.KInt && w.Type.Width == 64 && !w.Type.Signed &&
		e.Name == "ext" && e.Unwritable && e.Type.Kind == ir.KInt && e.Type.Width == 64 && e.Type.Signed &&
		l.Name == "loc" && l.Unwritable && l.Type.Kind == ir.KPointer
}

// Bits of time.Time's wall: the nanoseconds (30 bits), below the 33-bit
// seconds and the monotonic flag.
const (
	timeNsecMask = 1<<30 - 1
	timeNsecMax  = 1e9
)

// timeInput is a time.Time input at p (isTimeType): what a test writes as
// time.Unix(s, ns).UTC(), Time{wall: ns, ext: s + unixToInternal, loc:
// nil}. Its nanoseconds are below 1e9, as in every Time (an exact fact);
// its wall's other bits (a monotonic reading) and its location (nil: UTC)
// are another package's unexported state a test cannot write otherwise,
// bounded to zero (ir.ZeroBound), so that an outcome needing a local time
// or a monotonic reading stays unknown, never unreachable. Its seconds
// (ext) are any int64: time.Unix writes every one.
func (m *machine) timeInput(p ir.InputPath, t *ir.Type, depth int, f *facts) val {
	a := &agg{elems: make([]val, 3)}
	for i, fl := range t.Fields {
		a.elems[i] = m.input(p.Field(fl.Name), fl.Type, depth, f)
	}
	wall := a.elems[0].(*scalar)
	nsec := m.B.BAnd(m.term(wall), m.B.BVConst(64, timeNsecMask))
	f.exact = append(f.exact, m.B.Ult(nsec, m.B.BVConst(64, timeNsecMax)))
	f.holds = f.holds && wall.c&timeNsecMask < timeNsecMax
	f.zeroBound = append(f.zeroBound, m.B.Ule(m.term(wall), m.B.BVConst(64, timeNsecMask)))
	f.zeroBound = m.zeroTerms(a.elems[2], f.zeroBound)
	return a
}
