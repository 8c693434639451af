// CFG models (the reachability paper's §6): IR text files given to gen and bench instead of a Go package.

package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/packages"

	"leapfrog/internal/expr"
	"leapfrog/internal/frontend/gossa"
	"leapfrog/internal/ir"
	"leapfrog/internal/report"
)

// modelExt marks a CFG model: a file in the IR's text form (grammar in
// internal/ir/doc.go) explored without Go source.
const modelExt = ".ir"

// isModel reports whether the package argument names a CFG model.
func isModel(arg string) bool { return strings.HasSuffix(arg, modelExt) }

// loadModel parses the model and selects the named functions. Parse errors
// come back as "file:line:col: message" lines; a missing function is an entry
// of Result.Errors, as for a package. The Result has no Go package beyond its
// path (the file's base name).
func loadModel(path string, names []string) (*gossa.Result, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	prog, err := ir.Parse(path, src)
	if err != nil {
		return nil, err
	}
	res := &gossa.Result{Pkg: &packages.Package{PkgPath: filepath.Base(path), Name: filepath.Base(path)}}
	for _, n := range names {
		fn := prog.Func(n)
		if fn == nil {
			res.Errors = append(res.Errors, fmt.Errorf("%s: no function %s in the model", path, n))
			continue
		}
		res.Targets = append(res.Targets, &gossa.Target{Name: n, Prog: prog, Func: fn, File: path})
	}
	return res, nil
}

// printLoadError prints a load failure; parse errors one per line, as they are.
func printLoadError(w io.Writer, cmd string, err error) {
	var el ir.ErrorList
	if errors.As(err, &el) {
		for _, e := range el {
			fmt.Fprintln(w, e)
		}
		return
	}
	fmt.Fprintf(w, "leapfrog %s: %v\n", cmd, err)
}

// genModel is gen for a CFG model: the summary and the JSON report, no Go test.
func genModel(path string, names []string, opts options, jsonOut string, verifyFlag bool, stdout, stderr io.Writer) int {
	if verifyFlag {
		fmt.Fprintf(stderr, "leapfrog gen: -verify needs a Go package; %s is a CFG model\n", path)
		return 2
	}
	res, err := loadModel(path, names)
	if err != nil {
		printLoadError(stderr, "gen", err)
		return 1
	}
	exit := 0
	for _, e := range res.Errors {
		fmt.Fprintln(stderr, e)
		exit = 1
	}
	rep := &report.Report{}
	for _, t := range res.Targets {
		r, err := analyze(t.Func, t.Name, res.Pkg.PkgPath, opts)
		if err != nil {
			fmt.Fprintf(stderr, "leapfrog gen: %s: %v\n", t.Name, err)
			return 1
		}
		for i := range r.Cases {
			r.Cases[i].Inputs, r.Cases[i].Outputs = modelArgs(t.Func, &r.Cases[i])
		}
		rep.Functions = append(rep.Functions, r)
		summarize(stdout, r)
	}
	if len(res.Targets) == 0 {
		return exit
	}
	fmt.Fprintf(stdout, "model input: no Go test emitted\n")
	if jsonOut != "" {
		js, err := json.MarshalIndent(rep, "", "  ")
		if err != nil {
			fmt.Fprintf(stderr, "leapfrog gen: %v\n", err)
			return 1
		}
		if err := writeAtomic(jsonOut, append(js, '\n')); err != nil {
			fmt.Fprintf(stderr, "leapfrog gen: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdout, "wrote %s\n", jsonOut)
	}
	return exit
}

// modelArgs renders a case's values in the IR's notation: parameters by name,
// results r0, r1, ...
func modelArgs(fn *ir.Function, c *report.Case) (in, out []report.Arg) {
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

func modelValue(v report.Value) string {
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
