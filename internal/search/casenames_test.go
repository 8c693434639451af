// Case names from the source: conditions, their negations, switch cases, failing checks, explicit panics, unique.

package search

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"leapfrog/internal/engine"
	"leapfrog/internal/ir"
)

const namesSrc = `package p

func F(a, b, c int, ok bool, t []int, x int) int {
	if a+b <= c || (a+c <= b) {
		return 0
	}
	if a == b && !ok {
		return 1
	}
	switch x {
	case 3:
		return t[x]
	}
	if len(t) > 0 {
		panic("bad")
	}
	return g(t)
}

func g(v any) int {
	switch w := v.(type) {
	case []int:
		return len(w)
	}
	return 0
}
`

func TestCaseNames(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte(namesSrc), 0o666); err != nil {
		t.Fatal(err)
	}
	// pos finds the column of the n-th occurrence (from 1) of sub on line.
	pos := func(line int, sub string) ir.Pos {
		l := strings.Split(namesSrc, "\n")[line-1]
		i := strings.Index(l, sub)
		if i < 0 {
			t.Fatalf("no %q on line %d", sub, line)
		}
		return ir.Pos{File: "p.go", Line: line, Col: i + 1}
	}
	side := func(p ir.Pos, dir bool) *Objective {
		out := "false"
		if dir {
			out = "true"
		}
		return &Objective{If: &ir.If{Pos: p}, Dir: dir, Outcome: out}
	}
	tests := []struct {
		o    *Objective
		want string
	}{
		{side(pos(4, "a+b"), true), "a+b <= c"},
		{side(pos(4, "a+b"), false), "!(a+b <= c)"},
		{side(pos(4, "a+c"), true), "a+c <= b"},
		{side(pos(7, "a =="), false), "a != b"},
		{side(pos(7, "!ok"), false), "ok"},
		{side(pos(7, "!ok"), true), "!ok"},
		{side(pos(11, "3"), true), "x == 3"},
		{side(pos(11, "3"), false), "!(x == 3)"},
		{&Objective{If: &ir.If{Pos: pos(12, "[")}, Outcome: "index out of range"}, "t[x] panics: index out of range"},
		{&Objective{Panic: &ir.Panic{Pos: pos(15, "panic")}, Outcome: "panic"}, `panic("bad")`},
		{side(pos(14, "len"), true), "len(t) > 0"},
		{side(ir.Pos{File: "other.go", Line: 3, Col: 2}, true), "other.go:3:2 true"},
		{side(pos(22, "[]int"), true), "v is []int"},
		{side(pos(22, "[]int"), false), "v is not []int"},
	}
	cn := newCaseNamer(dir)
	for _, tt := range tests {
		c := &Case{New: []*Objective{tt.o}, Path: &engine.Path{}}
		if got := cn.name(c); got != tt.want {
			t.Errorf("%v %s: name %q, want %q", tt.o.Pos(), tt.o.Outcome, got, tt.want)
		}
	}
	// A name given twice gets its line, then a number; a case kept for
	// its own sake returns.
	for _, want := range []string{"a+b <= c (line 4)", "a+b <= c (line 4) (2)"} {
		if got := cn.name(&Case{New: []*Objective{tests[0].o}, Path: &engine.Path{}}); got != want {
			t.Errorf("another case on a+b <= c named %q, want %q", got, want)
		}
	}
	if got := cn.name(&Case{Path: &engine.Path{}}); got != "returns" {
		t.Errorf("a case covering nothing first named %q", got)
	}
}
