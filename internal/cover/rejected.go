// rejected.go: the outcomes of a function gen rejects, from the instrumenter's sites.

package cover

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"sort"

	"leapfrog/internal/ir"
	"leapfrog/internal/verify"
)

// Rejected is a function gen cannot lower: it has no objectives of gen's,
// but its tests still take branches.
type Rejected struct {
	Name   string
	File   string // the declaring file, as reported
	Path   string // the declaring file's path, to read it
	Line   int    // of the function's name
	Reason string
}

// instrumenterObjectives lists the outcomes of a rejected function as the
// instrumenter counts them: its entry and both outcomes of each condition
// site in its declaration (function literals included), in gen's order
// (position, true before false). gen's panic objectives come from the
// lowering, so a rejected function has none; nor has it ids.
func instrumenterObjectives(r Rejected, inst *verify.Instrumented) ([]Objective, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, r.Path, nil, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	var decl *ast.FuncDecl
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && fset.Position(fd.Name.Pos()).Line == r.Line {
			decl = fd
		}
	}
	if decl == nil {
		return nil, fmt.Errorf("%s:%d: no function %s", r.File, r.Line, r.Name)
	}
	base := filepath.Base(r.Path)
	start, end := fset.Position(decl.Pos()), fset.Position(decl.End())
	in := func(line, col int) bool {
		return (line > start.Line || line == start.Line && col >= start.Column) && (line < end.Line || line == end.Line && col < end.Column)
	}
	name := fset.Position(decl.Name.Pos())
	entry := ir.Pos{File: base, Line: name.Line, Col: name.Column}
	var objs []Objective
	if inst.Entries[entry.String()] {
		objs = append(objs, Objective{Pos: entry, Outcome: "entry"})
	}
	for _, s := range inst.Sites {
		if s.File == base && in(s.Line, s.Col) {
			p := ir.Pos{File: base, Line: s.Line, Col: s.Col}
			objs = append(objs, Objective{Pos: p, Outcome: "true"}, Objective{Pos: p, Outcome: "false"})
		}
	}
	sort.SliceStable(objs, func(i, j int) bool {
		a, b := objs[i].Pos, objs[j].Pos
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Col != b.Col {
			return a.Col < b.Col
		}
		return objs[i].Outcome == "true" && objs[j].Outcome == "false"
	})
	return objs, nil
}
