// Packages as Go tools take them: patterns resolved with go/packages, one-line errors, the functions each package declares.

package cli

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"
)

// pkgInfo is one package matched by the arguments.
type pkgInfo struct {
	path  string     // import path
	dir   string     // absolute directory
	name  string     // package name
	funcs []funcDecl // every function and method with a body, in source order
}

// funcDecl is a function or method declared with a body.
type funcDecl struct {
	name string // "F", "T.M" or "(*T).M"
	file string // absolute path
	line int
}

// resolvePackages resolves package arguments to packages, in import path
// order, without duplicates. A directory argument ("./x", "/abs/x/...") is
// resolved inside the module holding it, an import path inside the module
// of the working directory; a directory outside any module, a pattern
// matching nothing, or a package that cannot be listed is an error naming
// the argument.
func resolvePackages(args []string) ([]*pkgInfo, error) {
	seen := map[string]bool{}
	var out []*pkgInfo
	for _, a := range args {
		dir, pattern := cwd(), a
		if isPathArg(a) {
			base, rest := a, "."
			if b, ok := strings.CutSuffix(a, "/..."); ok {
				base, rest = b, "./..."
			}
			if base == "" {
				base = "/"
			}
			st, err := os.Stat(base)
			if err != nil || !st.IsDir() {
				return nil, usagef("%s: no such directory", a)
			}
			dir, pattern = base, rest
		}
		if _, err := moduleRoot(dir); err != nil {
			return nil, usagef("%s: %v", a, err)
		}
		pkgs, err := listPackages(dir, pattern)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", a, err)
		}
		if len(pkgs) == 0 {
			return nil, usagef("%s: matches no packages", a)
		}
		for _, p := range pkgs {
			if len(p.Errors) > 0 {
				msg := listError(p.Errors[0].Msg)
				if strings.Contains(msg, "no Go files") && !strings.Contains(a, "...") {
					return nil, usagef("%s: no Go files", a)
				}
				if p.Errors[0].Kind == packages.ListError {
					return nil, usagef("%s: %s", a, msg)
				}
				return nil, fmt.Errorf("%s: %s", a, msg)
			}
			if seen[p.PkgPath] {
				continue
			}
			seen[p.PkgPath] = true
			if len(p.GoFiles) == 0 {
				if strings.Contains(a, "...") {
					continue // a directory of a pattern with no Go file of its own
				}
				return nil, usagef("%s: no Go files", a)
			}
			pi := &pkgInfo{path: p.PkgPath, dir: p.Dir, name: p.Name}
			if pi.dir == "" {
				pi.dir = filepath.Dir(p.GoFiles[0])
			}
			pi.funcs, err = declaredFuncs(p.GoFiles)
			if err != nil {
				return nil, err
			}
			out = append(out, pi)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].path < out[j].path })
	return out, nil
}

// isPathArg reports whether a package argument is a directory rather than an
// import path: it starts with "." or "/" (or is a Windows-style absolute path).
func isPathArg(a string) bool {
	return a == "." || a == ".." || strings.HasPrefix(a, "./") || strings.HasPrefix(a, "../") || filepath.IsAbs(a)
}

// moduleRoot returns the directory of the go.mod governing dir.
func moduleRoot(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for d := abs; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d, nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("no go.mod in %s or any directory above it: leapfrog works on the packages of a Go module", relPath(abs))
		}
	}
}

// listPackages runs go list through go/packages: names and files only.
func listPackages(dir, pattern string) ([]*packages.Package, error) {
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedFiles, Dir: dir}
	pkgs, err := packages.Load(cfg, pattern)
	if err != nil {
		return nil, fmt.Errorf("%s", listError(err.Error()))
	}
	return pkgs, nil
}

// listError turns go list's message into one line without its wrapping.
func listError(msg string) string {
	msg = strings.TrimSpace(msg)
	if i := strings.LastIndex(msg, "stderr: "); i >= 0 {
		msg = msg[i+len("stderr: "):]
	}
	msg = strings.TrimPrefix(firstLine(msg), "go: ")
	msg = strings.TrimPrefix(msg, "-: ")
	if wd := cwd(); wd != "" {
		msg = strings.ReplaceAll(msg, wd+string(filepath.Separator), "")
	}
	return msg
}

// declaredFuncs lists the functions and methods with a body declared in the
// files, as leapfrog names them, in file and source order; init and _ are
// left out (they cannot be called).
func declaredFuncs(files []string) ([]funcDecl, error) {
	var out []funcDecl
	fset := token.NewFileSet()
	sorted := append([]string(nil), files...)
	sort.Strings(sorted)
	for _, file := range sorted {
		f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, fmt.Errorf("%s", relError(err.Error()))
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || fd.Name.Name == "_" || fd.Recv == nil && fd.Name.Name == "init" {
				continue
			}
			name := fd.Name.Name
			if fd.Recv != nil && len(fd.Recv.List) == 1 {
				recv, ptr := receiverName(fd.Recv.List[0].Type)
				switch {
				case recv == "":
					continue
				case ptr:
					name = "(*" + recv + ")." + name
				default:
					name = recv + "." + name
				}
			}
			out = append(out, funcDecl{name: name, file: file, line: fset.Position(fd.Name.Pos()).Line})
		}
	}
	return out, nil
}

// receiverName returns the type name of a receiver and whether it is a pointer.
func receiverName(t ast.Expr) (string, bool) {
	ptr := false
	if s, ok := t.(*ast.StarExpr); ok {
		t, ptr = s.X, true
	}
	switch x := t.(type) {
	case *ast.IndexExpr:
		t = x.X
	case *ast.IndexListExpr:
		t = x.X
	case *ast.ParenExpr:
		return receiverName(x.X)
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name, ptr
	}
	return "", false
}

// relError rewrites the absolute file path at the start of a "file:line:col:
// message" error relative to the working directory.
func relError(msg string) string {
	if i := strings.Index(msg, ":"); i > 0 && filepath.IsAbs(msg[:i]) {
		return relPath(msg[:i]) + msg[i:]
	}
	return msg
}

// inGoRoot reports whether dir belongs to the Go installation or the module
// cache: tests are not written there.
func inGoRoot(dir string) bool {
	for _, root := range []string{runtime.GOROOT(), goEnv("GOMODCACHE")} {
		if root != "" && (dir == root || strings.HasPrefix(dir, root+string(filepath.Separator))) {
			return true
		}
	}
	return false
}

// goEnv returns a go env variable from the environment or its default.
func goEnv(name string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	if name == "GOMODCACHE" {
		gopath := os.Getenv("GOPATH")
		if gopath == "" {
			home, _ := os.UserHomeDir()
			if home == "" {
				return ""
			}
			gopath = filepath.Join(home, "go")
		}
		return filepath.Join(strings.Split(gopath, string(filepath.ListSeparator))[0], "pkg", "mod")
	}
	return ""
}
