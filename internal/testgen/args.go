// The text form of a case's values in the report.

package testgen

import (
	"fmt"
	"go/types"

	"leapfrog/internal/report"
	"leapfrog/internal/search"
)

// Args renders a case's inputs and outputs as named Go literals for the
// report: the inputs by parameter name, then the environment variables
// the case fixes ("$NAME", envArgs) and the seams it replaces (by name,
// noted "seam": seamArgs); the outputs as the results ("r0",
// ...) then the final value behind each pointer, slice or map parameter (by
// its name). A value the test does not check (cyclic, or depending on the
// order of a range over a map) says why in its Note. Pointers to
// non-composite values are written new(v). A stub is written as a stub
// (or a reader), never as a type the emitted test declares beside.
func Args(pkg *types.Package, fn Func, c *search.Test) (in, out []report.Arg) {
	f := newFile(pkg)
	f.ptrForm = ptrNew
	f.inReport = true
	f.dyn = fn.DynTypes
	s := newSig(fn)
	for i, v := range c.In {
		if i < len(s.ins) {
			in = append(in, report.Arg{Name: s.ins[i].param, Value: f.literal(v, s.ins[i].typ)})
		}
	}
	in = append(in, envArgs(c)...)    // env.go
	in = append(in, f.seamArgs(c)...) // seams.go
	var names []string
	var types_ []types.Type
	for i, t := range s.results {
		names, types_ = append(names, fmt.Sprintf("r%d", i)), append(types_, t)
	}
	for _, x := range s.ins {
		if isReference(x.typ) {
			names, types_ = append(names, x.param), append(types_, x.typ)
		}
	}
	for i, v := range c.Out {
		if i < len(types_) {
			out = append(out, report.Arg{Name: names[i], Value: f.literal(v, types_[i]), Note: f.unchecked(v, types_[i])})
		}
	}
	return in, out
}
