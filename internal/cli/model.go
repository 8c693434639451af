// CFG models (the reachability paper's §6): IR text files given to gen and bench instead of a Go package.

package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"golang.org/x/tools/go/packages"

	"leapfrog/internal/analysis"
	"leapfrog/internal/engine"
	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
	"leapfrog/internal/irparse"
	"leapfrog/internal/lower"
	"leapfrog/internal/report"
	"leapfrog/internal/search"
)

// modelExt marks a CFG model: a file in the IR's text form (grammar in
// internal/irparse/doc.go) explored without Go source.
const modelExt = ".ir"

// isModel reports whether the package argument names a CFG model.
func isModel(arg string) bool { return strings.HasSuffix(arg, modelExt) }

// loadModel parses the model and selects the named functions. Parse errors
// come back as "file:line:col: message" lines; a missing function is an entry
// of Result.Errors, as for a package. The Result has no Go package beyond its
// path (the file's base name).
func loadModel(path string, names []string) (*lower.Result, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	prog, err := irparse.Parse(path, src)
	if err != nil {
		return nil, err
	}
	res := &lower.Result{Pkg: &packages.Package{PkgPath: filepath.Base(path), Name: filepath.Base(path)}}
	for _, n := range names {
		fn := prog.Func(n)
		if fn == nil {
			res.Errors = append(res.Errors, fmt.Errorf("%s: no function %s in the model", path, n))
			continue
		}
		res.Targets = append(res.Targets, &lower.Target{Name: n, Prog: prog, Func: fn, File: path})
	}
	return res, nil
}

// printLoadError prints a load failure; parse errors one per line, as they are.
func printLoadError(w io.Writer, cmd string, err error) {
	var el irparse.ErrorList
	if errors.As(err, &el) {
		for _, e := range el {
			fmt.Fprintln(w, e)
		}
		return
	}
	fmt.Fprintf(w, "leapfrog %s: %v\n", cmd, err)
}

// selectModel is selectTargets for a CFG model: the named functions of the
// model (an unknown one is a usage error), else all of them filtered by -run;
// then the shard's share.
func selectModel(path string, names []string, run *regexp.Regexp, shard shardSpec) (*selection, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	src, err := os.ReadFile(abs)
	if err != nil {
		return nil, usagef("%s: %v", path, pathErr(err))
	}
	res, err := loadModel(path, nil)
	var prog *ir.Program
	if err == nil {
		prog, err = irparse.Parse(path, src)
	}
	if err != nil {
		var el irparse.ErrorList
		if errors.As(err, &el) {
			var lines []string
			for _, e := range el {
				lines = append(lines, relError(e.Error()))
			}
			return nil, fmt.Errorf("%s", strings.Join(lines, "\n"))
		}
		return nil, err
	}
	pi := &pkgInfo{path: res.Pkg.PkgPath, dir: filepath.Dir(abs), name: res.Pkg.Name}
	for _, fn := range prog.Funcs {
		if !fn.Pos.IsValid() {
			fn.Pos = declPos(src, filepath.Base(path), fn.Name)
		}
		pi.funcs = append(pi.funcs, funcDecl{name: fn.Name, file: abs, line: fn.Pos.Line})
	}
	sel := &selection{pkgs: []*pkgInfo{pi}}
	want := map[string]bool{}
	var bad []string
	for _, n := range names {
		if prog.Func(n) == nil {
			bad = append(bad, fmt.Sprintf("%s: no function %s in the model %s%s", n, n, path, suggest(pi, n)))
		}
		want[n] = true
	}
	if len(bad) > 0 {
		return nil, &usageError{strings.Join(bad, "\n")}
	}
	for _, d := range pi.funcs {
		if len(names) > 0 && !want[d.name] || run != nil && !run.MatchString(d.name) || !shard.has(pi.path, d.name) {
			continue
		}
		t := &lower.Target{Name: d.name, Prog: prog, Func: prog.Func(d.name), File: abs}
		sel.targets = append(sel.targets, &target{pkg: pi, decl: d, t: t, irName: t.Func.Name, callees: analysis.PackageCallees(t.Func)})
	}
	return sel, nil
}

// declPos finds "func NAME(" in a model's source: the position of a function
// the model gives none (the entry objective's position).
func declPos(src []byte, file, name string) ir.Pos {
	for i, line := range strings.Split(string(src), "\n") {
		if j := strings.Index(line, "func "+name+"("); j >= 0 {
			return ir.Pos{File: file, Line: i + 1, Col: j + len("func ") + 1}
		}
	}
	return ir.Pos{}
}

// modelArgs renders a case's values in the IR's notation: parameters by name,
// results r0, r1, ...
func modelArgs(fn *ir.Function, c *search.Test) (in, out []report.Arg) {
	for i, v := range c.In {
		name := fmt.Sprintf("arg%d", i)
		if i < len(fn.Params) {
			name = fn.Params[i].Ident
		}
		in = append(in, report.Arg{Name: name, Value: modelValue(v)})
	}
	for i, v := range c.Out {
		out = append(out, report.Arg{Name: fmt.Sprintf("r%d", i), Value: modelValue(v)})
	}
	return in, out
}

func modelValue(v engine.Value) string {
	if v.Type == nil {
		return "?"
	}
	switch v.Type.Kind {
	case ir.KBool:
		return fmt.Sprint(v.Bits != 0)
	case ir.KInt:
		if v.Type.Signed {
			return fmt.Sprint(expr.Signed(v.Bits, v.Type.Width))
		}
		return fmt.Sprint(v.Bits)
	}
	var parts []string
	for _, e := range v.Elems {
		parts = append(parts, modelValue(e))
	}
	return "{" + strings.Join(parts, ", ") + "}"
}
