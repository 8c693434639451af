// Environment variables: the columns of the cases that read them, and the t.Setenv that fixes them.

package testgen

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"leapfrog/internal/report"
	"leapfrog/internal/search"
)

// envColumns are the table's columns of the environment variables a
// function's cases read (engine.EnvVar): set holds the variables a case
// sets, unset those it unsets; "" when no case sets (unsets) one.
type envColumns struct{ set, unset string }

// envColumnsOf names the columns the cases need.
func envColumnsOf(s *sig, cases []*search.Test) envColumns {
	var c envColumns
	for _, t := range cases {
		for _, v := range t.Env {
			switch {
			case v.Set && c.set == "":
				c.set = s.outColumn("setenv")
			case !v.Set && c.unset == "":
				c.unset = s.outColumn("unsetenv")
			}
		}
	}
	return c
}

// fields writes the columns' declarations.
func (c envColumns) fields(w *bytes.Buffer) {
	if c.set != "" {
		fmt.Fprintf(w, "\t\t%s map[string]string\n", c.set)
	}
	if c.unset != "" {
		fmt.Fprintf(w, "\t\t%s []string\n", c.unset)
	}
}

// row writes a case's values of the columns, in the order the run read
// the variables.
func (c envColumns) row(w *bytes.Buffer, t *search.Test) {
	var set, unset []string
	for _, v := range t.Env {
		if v.Set {
			set = append(set, strconv.Quote(v.Name)+": "+strconv.Quote(v.Value))
		} else {
			unset = append(unset, strconv.Quote(v.Name))
		}
	}
	if len(set) > 0 {
		fmt.Fprintf(w, ", %s: map[string]string{%s}", c.set, strings.Join(set, ", "))
	}
	if len(unset) > 0 {
		fmt.Fprintf(w, ", %s: []string{%s}", c.unset, strings.Join(unset, ", "))
	}
}

// fixEnv writes the statements that fix a case's variables before the call
// (T and tt the locals' names). t.Setenv restores each variable when the
// case ends; an unset one is set first, so that it is restored too. (A
// test that calls t.Setenv cannot be parallel: the emitted tests never
// are.)
func (f *file) fixEnv(w *bytes.Buffer, c envColumns, T, tt string) {
	if c.set != "" {
		k, v := f.local("k"), f.local("v")
		fmt.Fprintf(w, "\t\t\tfor %[1]s, %[2]s := range %[3]s.%[4]s {\n\t\t\t\t%[5]s.Setenv(%[1]s, %[2]s)\n\t\t\t}\n", k, v, tt, c.set, T)
	}
	if c.unset != "" {
		k := f.local("k")
		fmt.Fprintf(w, "\t\t\tfor _, %[1]s := range %[2]s.%[3]s {\n\t\t\t\t%[4]s.Setenv(%[1]s, \"\")\n\t\t\t\t%[5]s.Unsetenv(%[1]s)\n\t\t\t}\n", k, tt, c.unset, T, f.std("os"))
	}
}

// envArgs are the report's inputs of the environment variables the case
// fixes, in the order the run read them: "$NAME" and the value the case
// sets (a Go literal), or "" with the note "unset" for one it unsets.
func envArgs(t *search.Test) []report.Arg {
	var out []report.Arg
	for _, v := range t.Env {
		a := report.Arg{Name: "$" + v.Name, Value: strconv.Quote(v.Value)}
		if !v.Set {
			a.Value, a.Note = `""`, "unset"
		}
		out = append(out, a)
	}
	return out
}
