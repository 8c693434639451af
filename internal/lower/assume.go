// Preconditions: //leapfrog:assume directives compiled with the package as Go functions.

package lower

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"leapfrog/internal/ir"
)

const assumeDirective = "leapfrog:assume"

// assumeDecl is the precondition of one function: the expressions of its
// //leapfrog:assume lines (their conjunction), compiled as the function
// Func(receiver and parameters of the target) bool appended to the file.
type assumeDecl struct {
	Target string // the function's name as Load takes it: "F" or "T.M"
	Func   string // the generated function: "leapfrogAssume_F", "leapfrogAssume_T_M"
	File   string // absolute path of the file declaring the target
	Lines  []assumeLine
	Text   string // the expressions, joined by &&
	Err    error  // the type checker's complaint about the expressions, if any
	params string // the receiver and parameters, as written
}

// assumeLine is one directive: the expression and where it starts.
type assumeLine struct {
	Expr      string
	Line, Col int
}

// scanAssumes parses the Go files of dir (not the tests) and collects the
// //leapfrog:assume directives of their functions' doc comments.
func scanAssumes(dir string) ([]*assumeDecl, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	var decls []*assumeDecl
	used := map[string]bool{}
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		src, err := os.ReadFile(file)
		if err != nil {
			return nil, err
		}
		if !bytes.Contains(src, []byte(assumeDirective)) {
			continue
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, file, src, parser.ParseComments)
		if err != nil {
			continue // the package load reports it
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Doc == nil || fd.Body == nil {
				continue
			}
			ad := assumeOf(fset, fd, dir)
			if ad == nil {
				continue
			}
			ad.File = file
			for base, i := ad.Func, 2; used[ad.Func]; i++ {
				ad.Func = base + "_" + strconv.Itoa(i)
			}
			used[ad.Func] = true
			ad.params = paramList(fset, fd, src)
			decls = append(decls, ad)
		}
	}
	return decls, nil
}

// assumeOf collects the directives of fd, or returns nil when it has none
// or is generic (a generic target is unsupported anyway).
func assumeOf(fset *token.FileSet, fd *ast.FuncDecl, dir string) *assumeDecl {
	ad := &assumeDecl{Target: fd.Name.Name, Func: "leapfrogAssume_" + fd.Name.Name}
	if fd.Type.TypeParams != nil {
		return nil
	}
	if fd.Recv != nil && len(fd.Recv.List) == 1 {
		rt := fd.Recv.List[0].Type
		if star, ok := rt.(*ast.StarExpr); ok {
			rt = star.X
		}
		id, ok := ast.Unparen(rt).(*ast.Ident)
		if !ok {
			return nil // a generic receiver
		}
		ad.Target = id.Name + "." + fd.Name.Name
		ad.Func = "leapfrogAssume_" + id.Name + "_" + fd.Name.Name
	}
	var texts []string
	for _, c := range fd.Doc.List {
		rest, ok := strings.CutPrefix(c.Text, "//"+assumeDirective)
		if !ok || (rest != "" && rest[0] != ' ' && rest[0] != '\t') {
			continue
		}
		expr := strings.TrimSpace(rest)
		p := fset.Position(c.Pos())
		col := p.Column + len("//"+assumeDirective) + strings.Index(rest, expr)
		ad.Lines = append(ad.Lines, assumeLine{Expr: expr, Line: p.Line, Col: col})
		texts = append(texts, expr)
		if ad.Err == nil {
			ad.Err = syntaxError(expr, relFile(dir, p.Filename), p.Line, col)
		}
	}
	if len(ad.Lines) == 0 {
		return nil
	}
	ad.Text = conjunction(texts)
	return ad
}

// syntaxError checks that expr (at line:col of file) parses as an
// expression; the error is placed in the file.
func syntaxError(expr, file string, line, col int) error {
	if expr == "" {
		return fmt.Errorf("%s:%d:%d: %s: no expression", file, line, col, assumeDirective)
	}
	_, err := parser.ParseExpr(expr)
	if err == nil {
		return nil
	}
	if list, ok := err.(scanner.ErrorList); ok && len(list) > 0 {
		return fmt.Errorf("%s:%d:%d: %s: %s", file, line, col+list[0].Pos.Column-1, assumeDirective, list[0].Msg)
	}
	return fmt.Errorf("%s:%d:%d: %s: %v", file, line, col, assumeDirective, err)
}

// conjunction joins expressions with &&, parenthesising an || operand.
func conjunction(exprs []string) string {
	if len(exprs) == 1 {
		return exprs[0]
	}
	parts := make([]string, len(exprs))
	for i, e := range exprs {
		parts[i] = e
		if x, err := parser.ParseExpr(e); err == nil {
			if b, ok := x.(*ast.BinaryExpr); ok && b.Op == token.LOR {
				parts[i] = "(" + e + ")"
			}
		}
	}
	return strings.Join(parts, " && ")
}

// paramList is the receiver and the parameters of fd as one parameter
// list, as written ("_" for unnamed ones).
func paramList(fset *token.FileSet, fd *ast.FuncDecl, src []byte) string {
	text := func(n ast.Node) string {
		return string(src[fset.Position(n.Pos()).Offset:fset.Position(n.End()).Offset])
	}
	var params []string
	var fields []*ast.Field
	if fd.Recv != nil {
		fields = append(fields, fd.Recv.List...)
	}
	fields = append(fields, fd.Type.Params.List...)
	for _, f := range fields {
		names := "_"
		if len(f.Names) > 0 {
			var ns []string
			for _, n := range f.Names {
				ns = append(ns, n.Name)
			}
			names = strings.Join(ns, ", ")
		}
		params = append(params, names+" "+text(f.Type))
	}
	return strings.Join(params, ", ")
}

// assumeSource is the Go source of the precondition function of ad, to be
// appended to its file at line first: the expressions in turn, each
// assigned to the result on a line of its own preceded by a //line comment
// so that positions (the type checker's errors, the IR's branches) are
// those of the directive, and followed by one restoring the file's own
// lines; a false expression returns at once, as && would.
//
//	func leapfrogAssume_F(x int) (ok bool) {
//		ok =
//	//line a.go:5:19
//	0 <= x
//	//line a.go:42:1
//		if !ok {
//			return
//		}
//		...
//		return
//	}
func assumeSource(ad *assumeDecl, first int) string {
	lines := []string{"", fmt.Sprintf("func %s(%s) (ok bool) {", ad.Func, ad.params)}
	for i, l := range ad.Lines {
		if i > 0 {
			lines = append(lines, "\tif !ok {", "\t\treturn", "\t}")
		}
		lines = append(lines, "\tok =",
			fmt.Sprintf("//line %s:%d:%d", ad.File, l.Line, l.Col),
			l.Expr,
			fmt.Sprintf("//line %s:%d:1", ad.File, first+len(lines)+3))
	}
	lines = append(lines, "\treturn", "}", "")
	return strings.Join(lines, "\n")
}

// assumeOverlay is the go/packages overlay adding the precondition
// functions (those without an error) to their files.
func assumeOverlay(decls []*assumeDecl) (map[string][]byte, error) {
	overlay := map[string][]byte{}
	for _, ad := range decls {
		if ad.Err != nil {
			continue
		}
		if overlay[ad.File] == nil {
			src, err := os.ReadFile(ad.File)
			if err != nil {
				return nil, err
			}
			if len(src) > 0 && src[len(src)-1] != '\n' {
				src = append(src, '\n')
			}
			overlay[ad.File] = src
		}
		first := bytes.Count(overlay[ad.File], []byte("\n")) + 1
		overlay[ad.File] = append(overlay[ad.File], assumeSource(ad, first)...)
	}
	return overlay, nil
}

// assumeError attributes a type error at file:line:col to the directive on
// that line, setting its Err; it reports whether it did.
func assumeError(decls []*assumeDecl, pos, msg, dir string) bool {
	p, ok := ir.ParsePos(pos)
	if !ok {
		return false
	}
	for _, ad := range decls {
		for _, l := range ad.Lines {
			if ad.File == p.File && l.Line == p.Line {
				if ad.Err == nil {
					ad.Err = fmt.Errorf("%s:%d:%d: %s: %s", relFile(dir, p.File), p.Line, p.Col, assumeDirective, msg)
				}
				return true
			}
		}
	}
	return false
}

// assumeOf returns the precondition of the function obj, or nil.
func (l *loader) assumeOf(obj *types.Func) *assumeDecl {
	name := obj.Name()
	if recv := obj.Signature().Recv(); recv != nil {
		t := types.Unalias(recv.Type())
		if p, ok := t.(*types.Pointer); ok {
			t = types.Unalias(p.Elem())
		}
		n, ok := t.(*types.Named)
		if !ok {
			return nil
		}
		name = n.Obj().Name() + "." + name
	}
	file := l.pkg.Fset.Position(obj.Pos()).Filename
	for _, ad := range l.assumes {
		if ad.Target == name && ad.File == file {
			return ad
		}
	}
	return nil
}
