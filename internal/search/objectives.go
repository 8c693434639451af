// Objectives: the branch outcomes and panics of a function and its callees.

package search

import (
	"fmt"
	"sort"

	"leapfrog/internal/ir"
)

// Objective is one thing to cover: a side of a source branch, the failing side of
// a run-time check, an explicit panic, or the entry of the function under test.
type Objective struct {
	ID      string // "b12.true", "b12.false", "b13.panic", "p2", "eF" (entry)
	If      *ir.If // nil for an explicit panic and the entry
	Dir     bool   // the side of If (false for a check's panic side)
	Panic   *ir.Panic
	Entry   bool // the function's entry: covered by every run that completes (returning or panicking)
	Func    *ir.Function
	Outcome string // "true", "false", the panic kind, or "entry"
	Index   int    // position in Session.Objectives
}

// EntryOutcome is the outcome of the entry objective.
const EntryOutcome = "entry"

// Pos returns the objective's source position (the entry's: the function's name).
func (o *Objective) Pos() ir.Pos {
	switch {
	case o.If != nil:
		return o.If.Pos
	case o.Entry:
		return o.Func.Pos
	}
	return o.Panic.Pos
}

func (o *Objective) String() string { return fmt.Sprintf("%s %s", o.Pos(), o.Outcome) }

// Objectives lists the objectives of fn and its callees of fn's package,
// in source order, exactly as gen reports them (leapfrog cover lists the
// same).
func Objectives(fn *ir.Function) []*Objective { return collectObjectives(fn) }

// collectObjectives lists the objectives of fn and its callees of fn's
// package (the branches, checks and panics of other packages' functions are
// steps of the paths, no objectives), sorted by position (file, line,
// column), then outcome (true before false). Among them is fn's entry:
// every function gets at least one case, which pins its behaviour even when
// it has no branch.
func collectObjectives(fn *ir.Function) []*Objective {
	objs := []*Objective{{ID: "e" + fn.Name, Entry: true, Func: fn, Outcome: EntryOutcome}}
	for _, f := range ir.Callees(fn) {
		if f.Pkg != fn.Pkg {
			continue
		}
		for _, b := range f.Blocks {
			switch t := b.Terminator().(type) {
			case *ir.If:
				switch t.Kind {
				case ir.SourceBranch:
					objs = append(objs,
						&Objective{ID: fmt.Sprintf("b%d.true", t.ID), If: t, Dir: true, Func: f, Outcome: "true"},
						&Objective{ID: fmt.Sprintf("b%d.false", t.ID), If: t, Dir: false, Func: f, Outcome: "false"})
				case ir.InternalBranch:
				default:
					objs = append(objs, &Objective{ID: fmt.Sprintf("b%d.panic", t.ID), If: t, Dir: false, Func: f, Outcome: t.Kind.PanicMessage()})
				}
			case *ir.Panic:
				if t.Kind == ir.ExplicitPanic {
					objs = append(objs, &Objective{ID: fmt.Sprintf("p%d", t.ID), Panic: t, Func: f, Outcome: "panic"})
				}
			}
		}
	}
	sort.SliceStable(objs, func(i, j int) bool {
		a, b := objs[i].Pos(), objs[j].Pos()
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Col != b.Col {
			return a.Col < b.Col
		}
		return objs[i].Dir && !objs[j].Dir
	})
	for i, o := range objs {
		o.Index = i
	}
	return objs
}
