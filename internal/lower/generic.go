// Generic targets: "F[int]" names an instance, compiled with the package so that go/ssa builds it.

package lower

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"leapfrog/internal/ir"
)

// instanceReq is a target naming an instance of a generic function of the
// package, "F[int]" or "F[int, string]": the package is loaded with a
// function appended to F's file that returns F[int] as a value, so that
// go/ssa builds the instance; the type checker's complaint about the type
// arguments, if any, is the target's error.
type instanceReq struct {
	Name string // as given
	Func string // the generic function, "F"
	Args string // the type arguments as written, "int, string"
	File string // absolute path of the file declaring F
	Gen  string // the appended function, "leapfrogInstance_3"
	Line int    // its line in the overlay
	At   string // F's declaration, "a.go:7:6" (relative to the package directory)
	Err  error
}

// SplitInstance splits "F[int, string]" into "F" and "int, string"; ok is
// false when name is not an identifier followed by bracketed type
// arguments (parsed as a Go index expression).
func SplitInstance(name string) (fn, args string, ok bool) {
	i := strings.IndexByte(name, '[')
	if i <= 0 || !strings.HasSuffix(name, "]") || !token.IsIdentifier(name[:i]) {
		return "", "", false
	}
	e, err := parser.ParseExpr(name)
	if err != nil {
		return "", "", false
	}
	switch e.(type) {
	case *ast.IndexExpr, *ast.IndexListExpr:
	default:
		return "", "", false
	}
	return name[:i], strings.TrimSpace(name[i+1 : len(name)-1]), true
}

// scanInstances finds, for every name with type arguments, the file
// declaring its generic function (a non-generic or missing function is the
// request's error).
func scanInstances(dir string, names []string) ([]*instanceReq, error) {
	var reqs []*instanceReq
	for _, name := range names {
		fn, args, ok := SplitInstance(name)
		if ok {
			reqs = append(reqs, &instanceReq{Name: name, Func: fn, Args: args, Gen: fmt.Sprintf("%s%d", canonPrefix, len(reqs))})
		}
	}
	if len(reqs) == 0 {
		return nil, nil
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
		if err != nil {
			continue // the package load reports it
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv != nil {
				continue
			}
			for _, r := range reqs {
				if r.File == "" && fd.Name.Name == r.Func {
					p := fset.Position(fd.Name.Pos())
					r.File, r.At = file, fmt.Sprintf("%s:%d:%d", relFile(dir, file), p.Line, p.Column)
					if fd.Type.TypeParams == nil || len(fd.Type.TypeParams.List) == 0 {
						r.Err = fmt.Errorf("%s: %s: %s is not a generic function: name it without type arguments", r.At, r.Name, r.Func)
					}
				}
			}
		}
	}
	for _, r := range reqs {
		if r.File == "" && r.Err == nil {
			r.Err = fmt.Errorf("no function %s in package %s", r.Func, dir)
		}
	}
	return reqs, nil
}

// addInstances appends to the overlay, for each request without an error,
// "func leapfrogInstance_N() any { return F[args] }" at the end of F's file.
func addInstances(overlay map[string][]byte, reqs []*instanceReq) error {
	for _, r := range reqs {
		if r.Err != nil {
			continue
		}
		if overlay[r.File] == nil {
			src, err := os.ReadFile(r.File)
			if err != nil {
				return err
			}
			overlay[r.File] = src
		}
		src := overlay[r.File]
		if len(src) > 0 && src[len(src)-1] != '\n' {
			src = append(src, '\n')
		}
		r.Line = strings.Count(string(src), "\n") + 1
		overlay[r.File] = append(src, fmt.Sprintf("func %s() any { return %s[%s] }\n", r.Gen, r.Func, r.Args)...)
	}
	return nil
}

// instanceError attributes a type error at file:line:col to the instance
// request appended on that line, setting its Err; it reports whether it did.
func instanceError(reqs []*instanceReq, pos, msg string) bool {
	p, ok := ir.ParsePos(pos)
	if !ok {
		return false
	}
	for _, r := range reqs {
		if r.Err == nil && r.File == p.File && r.Line == p.Line {
			r.Err = fmt.Errorf("%s: %s: bad type arguments for %s: %s", r.At, r.Name, r.Func, msg)
			return true
		}
	}
	return false
}

// instance returns the instance the request names: the function value
// returned by its appended function, and the generic function's object.
func (l *loader) instance(name string) (*ssa.Function, *types.Func, error) {
	var req *instanceReq
	for _, r := range l.instances {
		if r.Name == name {
			req = r
		}
	}
	if req == nil {
		return nil, nil, fmt.Errorf("internal error: no instance request %s", name)
	}
	if req.Err != nil {
		return nil, nil, req.Err
	}
	return l.returnedInstance(req.Gen)
}

// returnedInstance returns the instance of a generic function that the
// function gen (of the package, or of canonFile) returns as a value, and
// the generic function's object.
func (l *loader) returnedInstance(name string) (*ssa.Function, *types.Func, error) {
	gen := l.spkg.Func(name)
	if gen == nil {
		return nil, nil, fmt.Errorf("internal error: no function %s", name)
	}
	for _, b := range gen.Blocks {
		for _, in := range b.Instrs {
			mi, ok := in.(*ssa.MakeInterface)
			if !ok {
				continue
			}
			f, ok := mi.X.(*ssa.Function)
			if ok && f.Origin() == nil && f.Signature.Recv() == nil && f.Synthetic != "" {
				f = thunkMethod(f) // a method expression T[int].M: go/ssa's thunk calls the method
			}
			if f != nil && f.Origin() != nil {
				obj, _ := f.Origin().Object().(*types.Func)
				return f, obj, nil
			}
		}
	}
	return nil, nil, fmt.Errorf("internal error: %s does not return an instance of a generic function", name)
}

// thunkMethod is the instance of a method that thunk, go/ssa's function
// for a method expression, calls; nil when it calls none.
func thunkMethod(thunk *ssa.Function) *ssa.Function {
	for _, b := range thunk.Blocks {
		for _, in := range b.Instrs {
			if c, ok := in.(ssa.CallInstruction); ok {
				if g := c.Common().StaticCallee(); g != nil && g.Origin() != nil && g.Signature.Recv() != nil {
					return g
				}
			}
		}
	}
	return nil
}

// typeArgs renders the type arguments of an instance as the package
// writes them: "[int,Point]".
func (l *loader) typeArgs(fn *ssa.Function) string {
	if len(fn.TypeArgs()) == 0 {
		return ""
	}
	var s []string
	for _, t := range fn.TypeArgs() {
		s = append(s, types.TypeString(t, types.RelativeTo(l.pkg.Types)))
	}
	return "[" + strings.Join(s, ",") + "]"
}

// usedInstance is the instance of the generic function fn that a target
// named without type arguments is analysed as: the first the package itself uses, by the position of its
// first use (a call or a function value) in the package's code, or nil
// when the package instantiates none. The package's functions, their
// literals and the instances they use are searched (an instance of a
// generic helper may be what uses fn's).
func (l *loader) usedInstance(fn *ssa.Function) *ssa.Function {
	type use struct {
		inst *ssa.Function
		pos  token.Position
	}
	first := map[*ssa.Function]token.Position{}
	seen := map[*ssa.Function]bool{}
	var work []*ssa.Function
	visit := func(f *ssa.Function) {
		if f != nil && !seen[f] && !isGeneric(f) && pkgOf(f) == l.spkg {
			seen[f] = true
			work = append(work, f)
		}
	}
	for _, name := range sortedMembers(l.spkg) {
		switch m := l.spkg.Members[name].(type) {
		case *ssa.Function:
			if !strings.HasPrefix(name, canonPrefix) {
				visit(m)
			}
		case *ssa.Type:
			if named, ok := types.Unalias(m.Type()).(*types.Named); ok && named.TypeParams().Len() == 0 {
				for i := 0; i < named.NumMethods(); i++ {
					visit(l.ssa.FuncValue(named.Method(i)))
				}
			}
		}
	}
	fset := l.pkg.Fset
	for len(work) > 0 {
		f := work[len(work)-1]
		work = work[:len(work)-1]
		for _, anon := range f.AnonFuncs {
			visit(anon)
		}
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				var ops [8]*ssa.Value
				for _, op := range instr.Operands(ops[:0]) {
					g, ok := (*op).(*ssa.Function)
					if !ok || g.Origin() == nil {
						continue
					}
					visit(g)
					if g.Origin() != fn {
						continue
					}
					p := fset.Position(instr.Pos())
					if !instr.Pos().IsValid() {
						p = fset.Position(f.Pos())
					}
					if old, ok := first[g]; !ok || sourceOrder(p, old, "", "") {
						first[g] = p
					}
				}
			}
		}
	}
	var uses []use
	for g, p := range first {
		uses = append(uses, use{g, p})
	}
	sort.Slice(uses, func(i, j int) bool {
		return sourceOrder(uses[i].pos, uses[j].pos, uses[i].inst.String(), uses[j].inst.String())
	})
	if len(uses) == 0 {
		return nil
	}
	return uses[0].inst
}
