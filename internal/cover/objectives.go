// objectives.go: the outcomes cover reports for a function, the lowering's objectives as gen lists them.

package cover

import (
	"strings"

	"leapfrog/internal/ir"
	"leapfrog/internal/search"
)

// Objective is one branch outcome to report: a side of a condition or of
// an && / || operand, a case of a switch, a panic objective, or the
// function's entry, at the position and with the outcome gen gives it.
type Objective struct {
	ID      string // gen's id: "b12.true", "b13.panic", "p2", "eF"
	Pos     ir.Pos
	Outcome string // "true", "false", a panic kind, or "entry"
}

// Func is one function of the package with its objectives.
type Func struct {
	Name       string // "F", "T.M" or "(*T).M"
	File       string // the file declaring it, as reported
	Line       int
	Objectives []Objective
}

// Objectives lists the objectives of fn itself and of its function
// literals (those gen lists for fn, without the other functions of the
// package it calls, which are listed under their own names), in gen's
// order.
func Objectives(fn *ir.Function) []Objective {
	var objs []Objective
	for _, o := range search.Objectives(fn) {
		if o.Func != fn && !(o.Func.Pkg == fn.Pkg && strings.HasPrefix(o.Func.Name, fn.Name+"$")) {
			continue
		}
		objs = append(objs, Objective{ID: o.ID, Pos: o.Pos(), Outcome: o.Outcome})
	}
	return objs
}
