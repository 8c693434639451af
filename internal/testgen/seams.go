// Seams: the package-level variables a case replaces by stubs (engine: seams.go), and time.Time values written as time.Unix(s, ns).UTC().

package testgen

import (
	"bytes"
	"fmt"
	"go/types"

	"leapfrog/internal/engine"
	"leapfrog/internal/report"
	"leapfrog/internal/search"
)

// seamColumn is the table's column of a seam some case replaces: the
// variable's name, the column's, and the variable's type.
type seamColumn struct {
	name, field string
	typ         types.Type
	sig         *types.Signature
}

// seamColumnsOf names the columns of the seams the cases replace, in the
// order the cases first replace them.
func (f *file) seamColumnsOf(s *sig, cases []*search.Test) []seamColumn {
	var out []seamColumn
	seen := map[string]bool{}
	for _, t := range cases {
		for _, sm := range t.Seams {
			if seen[sm.Name] {
				continue
			}
			seen[sm.Name] = true
			v, ok := f.pkg.Scope().Lookup(sm.Name).(*types.Var)
			sg, isFunc := types.Type(nil), false
			if ok {
				sg = v.Type()
				_, isFunc = sg.Underlying().(*types.Signature)
			}
			if !isFunc {
				if f.err == nil {
					f.err = fmt.Errorf("testgen: the seam %s is not a package-level variable of function type of %s", sm.Name, f.pkg.Path())
				}
				continue
			}
			out = append(out, seamColumn{name: sm.Name, field: s.outColumn(sm.Name), typ: sg, sig: sg.Underlying().(*types.Signature)})
		}
	}
	return out
}

// seamFields writes the seams' columns' declarations.
func (f *file) seamFields(w *bytes.Buffer, cs []seamColumn) {
	for _, c := range cs {
		fmt.Fprintf(w, "\t\t%s %s\n", c.field, f.typeName(c.typ))
	}
}

// seamRow writes a case's stubs of the seams it replaces.
func (f *file) seamRow(w *bytes.Buffer, cs []seamColumn, t *search.Test) {
	for _, c := range cs {
		if v, ok := seamOf(t, c.name); ok {
			fmt.Fprintf(w, ", %s: %s", c.field, f.stubFunc(v, c.sig))
		}
	}
}

// seamOf returns the stub the case puts in the seam name.
func seamOf(t *search.Test, name string) (engine.Value, bool) {
	for _, sm := range t.Seams {
		if sm.Name == name {
			return sm.Value, true
		}
	}
	return engine.Value{}, false
}

// fixSeams writes the statements that replace the case's seams before the
// call, each restored when the case ends (T and tt the locals' names).
func (f *file) fixSeams(w *bytes.Buffer, cs []seamColumn, T, tt string) {
	for _, c := range cs {
		old := f.local("old")
		fmt.Fprintf(w, "\t\t\tif %[1]s.%[2]s != nil {\n\t\t\t\t%[3]s := %[4]s\n\t\t\t\t%[5]s.Cleanup(func() { %[4]s = %[3]s })\n\t\t\t\t%[4]s = %[1]s.%[2]s\n\t\t\t}\n",
			tt, c.field, old, c.name, T)
	}
}

// seamArgs are the report's inputs of the seams the case replaces: the
// variable's name and the stub, noted "seam".
func (f *file) seamArgs(t *search.Test) []report.Arg {
	var out []report.Arg
	for _, sm := range t.Seams {
		v, ok := f.pkg.Scope().Lookup(sm.Name).(*types.Var)
		if !ok {
			continue
		}
		sg, ok := v.Type().Underlying().(*types.Signature)
		if !ok {
			continue
		}
		out = append(out, report.Arg{Name: sm.Name, Value: f.stubFunc(sm.Value, sg), Note: "seam"})
	}
	return out
}

// unixToInternal is the seconds from year 1 to 1970, time.Time's ext of
// time.Unix(0, 0).
const unixToInternal = 62135596800

// timeForm returns the seconds and nanoseconds of v, a time.Time whose
// form is time.Unix(sec, nsec).UTC() (the engine's time inputs:
// Time{wall: nsec, ext: sec + unixToInternal, loc: nil}), and false for
// any other value or type, and for the zero Time (the literal
// time.Time{} writes it).
func timeForm(v engine.Value, t types.Type) (sec, nsec int64, ok bool) {
	n, isNamed := t.(*types.Named)
	if !isNamed || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "time" || n.Obj().Name() != "Time" || len(v.Elems) != 3 || v.Cycle {
		return 0, 0, false
	}
	wall, ext, loc := v.Elems[0].Bits, v.Elems[1].Bits, v.Elems[2]
	if !loc.Nil || wall >= 1e9 || wall == 0 && ext == 0 {
		return 0, 0, false
	}
	return int64(ext - unixToInternal), int64(wall), true
}

// timeLit writes v, a time.Time of timeForm, as time.Unix(sec, nsec).UTC().
func (f *file) timeLit(v engine.Value, t types.Type) (string, bool) {
	sec, nsec, ok := timeForm(v, t)
	if !ok {
		return "", false
	}
	return fmt.Sprintf("%s.Unix(%d, %d).UTC()", f.std("time"), sec, nsec), true
}
