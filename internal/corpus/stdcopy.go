// Copies of standard-library packages made into modules of their own, buildable outside GOROOT.
package corpus

import (
	"embed"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// stdModulePrefix begins the module path of every copy: the copy of net/url
// is the module stdcopy/net/url.
const stdModulePrefix = "stdcopy/"

//go:embed shims/*/*.go
var shimFS embed.FS

// shimmed maps the internal packages the copies cannot build (assembly,
// intrinsics, go:linkname into the runtime) to their stand-in in shims/.
var shimmed = map[string]string{
	"internal/abi":         "abi",
	"internal/bytealg":     "bytealg",
	"internal/godebug":     "godebug",
	"internal/reflectlite": "reflectlite",
}

// A stdBody gives a function the standard library declares without a body
// (the runtime provides it through go:linkname) a body in the copy.
type stdBody struct {
	line  string   // the whole declaration with its body, on one line
	shims []string // stand-ins it uses, imported on the package clause's line under their own name
}

// stdBodies holds the bodies by "importpath.Func". A bodiless function not
// listed gets a body that panics, and a note on the corpus row.
var stdBodies = map[string]stdBody{
	"time.Sleep":            {"func Sleep(d Duration) { corpusrt.Sleep(int64(d)) }", []string{"corpusrt"}},
	"time.now":              {"func now() (sec int64, nsec int32, mono int64) { return corpusrt.Now() }", []string{"corpusrt"}},
	"time.runtimeNow":       {"func runtimeNow() (sec int64, nsec int32, mono int64) { return corpusrt.Now() }", []string{"corpusrt"}},
	"time.runtimeNano":      {"func runtimeNano() int64 { return corpusrt.Nano() }", []string{"corpusrt"}},
	"time.runtimeIsBubbled": {"func runtimeIsBubbled() bool { return false }", nil},
	"time.newTimer": {"func newTimer(when, period int64, f func(any, uintptr, int64), arg any, cp unsafe.Pointer) *Timer { t := &Timer{initTimer: true}; corpusrt.StartTimer(unsafe.Pointer(t), when, period, func(seq uintptr, delta int64) { f(arg, seq, delta) }); return t }",
		[]string{"corpusrt"}},
	"time.stopTimer":     {"func stopTimer(t *Timer) bool { return corpusrt.StopTimer(unsafe.Pointer(t)) }", []string{"corpusrt"}},
	"time.resetTimer":    {"func resetTimer(t *Timer, when, period int64) bool { return corpusrt.ResetTimer(unsafe.Pointer(t), when, period) }", []string{"corpusrt"}},
	"net/url.badSetPath": {"func badSetPath(u *URL, p string) error { return u.setPath(p) }", nil},
}

// stdCopy is one package being copied: its import path in the standard
// library and the directory of its copy.
type stdCopy struct {
	orig, dir string
	target    bool // the package the module is made for (its tests come along)
}

// copyStd makes dst a module holding a copy of the standard-library package
// pkg from goroot, and of the internal packages it imports (test imports
// included), with import paths rewritten under the module; the stand-ins of
// shims/ replace the runtime-bound ones. goVersion is the go line ("1.26").
// It returns notes on what the copy changed beyond import paths.
func copyStd(goroot, pkg, dst, goVersion string) ([]string, error) {
	mod := stdModulePrefix + pkg
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dst, "go.mod"), []byte("module "+mod+"\n\ngo "+goVersion+"\n"), 0o644); err != nil {
		return nil, err
	}
	ctx := build.Default
	ctx.GOROOT = goroot
	ctx.CgoEnabled = false
	c := &copier{goroot: goroot, pkg: pkg, mod: mod, dst: dst, ctx: &ctx, done: map[string]bool{pkg: true}}
	queue := []stdCopy{{orig: pkg, dir: dst, target: true}}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		more, err := c.copyPackage(p)
		if err != nil {
			return nil, err
		}
		queue = append(queue, more...)
	}
	sort.Strings(c.notes)
	return c.notes, nil
}

// copier carries the state of one copyStd.
type copier struct {
	goroot, pkg, mod, dst string
	ctx                   *build.Context
	done                  map[string]bool // import paths copied, queued or shimmed
	notes                 []string
}

// copyPackage copies one package's files and returns the internal packages
// it imports that are not copied yet.
func (c *copier) copyPackage(p stdCopy) ([]stdCopy, error) {
	src := filepath.Join(c.goroot, "src", filepath.FromSlash(p.orig))
	bp, err := c.ctx.ImportDir(src, 0)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", p.orig, err)
	}
	files := bp.GoFiles
	imports := bp.Imports
	if p.target {
		files = append(append(append([]string(nil), files...), bp.TestGoFiles...), bp.XTestGoFiles...)
		imports = append(append(append([]string(nil), imports...), bp.TestImports...), bp.XTestImports...)
	}
	if len(bp.SFiles) > 0 {
		c.notes = append(c.notes, fmt.Sprintf("%s: %d assembly files left out", p.orig, len(bp.SFiles)))
	}
	if err := os.MkdirAll(p.dir, 0o755); err != nil {
		return nil, err
	}
	for _, name := range files {
		data, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			return nil, err
		}
		out, err := c.rewrite(p, name, data)
		if err != nil {
			return nil, err
		}
		if err := os.WriteFile(filepath.Join(p.dir, name), out, 0o644); err != nil {
			return nil, err
		}
	}
	if p.target {
		if err := copyTree(filepath.Join(src, "testdata"), filepath.Join(p.dir, "testdata")); err != nil && !os.IsNotExist(err) {
			return nil, err
		}
	}
	var more []stdCopy
	for _, ip := range imports {
		if c.done[ip] || !strings.HasPrefix(ip, "internal/") {
			continue
		}
		c.done[ip] = true
		if shim, ok := shimmed[ip]; ok {
			if err := c.writeShim(shim, ip); err != nil {
				return nil, err
			}
			c.notes = append(c.notes, ip+": stand-in")
			continue
		}
		more = append(more, stdCopy{orig: ip, dir: filepath.Join(c.dst, filepath.FromSlash(ip))})
	}
	return more, nil
}

// writeShim writes the stand-in shims/name at the copy of import path ip.
func (c *copier) writeShim(name, ip string) error {
	dir := filepath.Join(c.dst, filepath.FromSlash(ip))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	entries, err := fs.ReadDir(shimFS, "shims/"+name)
	if err != nil {
		return err
	}
	for _, e := range entries {
		data, err := shimFS.ReadFile("shims/" + name + "/" + e.Name())
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, e.Name()), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// internalPath maps an import path of the standard library to the copy's:
// internal/x to MOD/internal/x, and in the files of the target package the
// package itself (imported by its external tests) to MOD; ok is false for
// every other path.
func (c *copier) internalPath(ip string, target bool) (string, bool) {
	switch {
	case ip == c.pkg && target:
		return c.mod, true
	case strings.HasPrefix(ip, "internal/"):
		return c.mod + "/" + ip, true
	}
	return "", false
}

// An edit replaces the bytes [from, to) of a file.
type edit struct {
	from, to int
	text     string
}

// rewrite returns a file of package p as the copy holds it: import paths
// rewritten; go:linkname directives naming functions made comments (a
// function of the copy is not the runtime's); each function declared without
// a body given one (stdBodies, or a panic). Test files keep their directives
// and bodiless declarations: they pull what they name from the real package,
// or fail to build and are left out later. Lines keep their numbers, so
// positions in reports match the sources in GOROOT.
func (c *copier) rewrite(p stdCopy, name string, data []byte) ([]byte, error) {
	orig := p.orig
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, data, parser.ParseComments)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", orig, err)
	}
	tf := fset.File(f.Pos())
	off := func(p token.Pos) int { return tf.Offset(p) }
	var edits []edit
	var vendor []string
	for _, im := range f.Imports {
		ip, _ := strconv.Unquote(im.Path.Value)
		if strings.HasPrefix(ip, "vendor/") || strings.Contains(ip, "/internal/") {
			vendor = append(vendor, ip)
			continue
		}
		if np, ok := c.internalPath(ip, p.target); ok {
			edits = append(edits, edit{off(im.Path.Pos()), off(im.Path.End()), strconv.Quote(np)})
		}
	}
	if len(vendor) > 0 {
		return nil, fmt.Errorf("%s/%s: imports %s: only internal/... packages can be copied", orig, name, strings.Join(vendor, ", "))
	}
	if strings.HasSuffix(name, "_test.go") {
		return applyEdits(data, edits), nil
	}
	funcs := map[string]bool{}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil {
			funcs[fd.Name.Name] = true
		}
	}
	for _, cg := range f.Comments {
		for _, cm := range cg.List {
			fields := strings.Fields(cm.Text)
			if len(fields) >= 2 && fields[0] == "//go:linkname" && funcs[fields[1]] {
				edits = append(edits, edit{off(cm.Pos()), off(cm.Pos()) + len("//go:"), "// corpus: go:"})
			}
			if len(fields) == 1 && fields[0] == "//go:noescape" {
				edits = append(edits, edit{off(cm.Pos()), off(cm.Pos()) + len("//go:"), "// corpus: go:"})
			}
		}
	}
	shims := map[string]bool{}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body != nil {
			continue
		}
		fname := fd.Name.Name
		if fd.Recv != nil {
			fname = recvName(fd.Recv.List[0].Type) + "." + fname
		}
		start, end := off(fd.Pos()), off(fd.End())
		if b, ok := stdBodies[orig+"."+fname]; ok && fd.Recv == nil {
			lines := strings.Count(string(data[start:end]), "\n")
			edits = append(edits, edit{start, end, b.line + strings.Repeat("\n", lines)})
			for _, s := range b.shims {
				shims[s] = true
			}
			continue
		}
		edits = append(edits, edit{end, end, fmt.Sprintf(" { panic(%q) }", "corpus: "+orig+"."+fname+" has no Go body")})
		c.notes = append(c.notes, fmt.Sprintf("%s.%s: no Go body (panics in the copy)", orig, fname))
	}
	if len(shims) > 0 {
		var names []string
		for s := range shims {
			names = append(names, s)
		}
		sort.Strings(names)
		var imp strings.Builder
		for _, s := range names {
			ip := "internal/" + s
			fmt.Fprintf(&imp, "; import %s %q", s, c.mod+"/"+ip)
			if !c.done[ip] {
				c.done[ip] = true
				if err := c.writeShim(s, ip); err != nil {
					return nil, err
				}
				c.notes = append(c.notes, ip+": runtime stand-in")
			}
		}
		end := off(f.Name.End())
		edits = append(edits, edit{end, end, imp.String()})
	}
	return applyEdits(data, edits), nil
}

// recvName is the type name of a receiver expression (*T, T[P]).
func recvName(e ast.Expr) string {
	switch t := e.(type) {
	case *ast.StarExpr:
		return "(*" + recvName(t.X) + ")"
	case *ast.IndexExpr:
		return recvName(t.X)
	case *ast.IndexListExpr:
		return recvName(t.X)
	case *ast.Ident:
		return t.Name
	case *ast.ParenExpr:
		return recvName(t.X)
	}
	panic(fmt.Sprintf("corpus: receiver of kind %T", e))
}

// applyEdits applies non-overlapping edits to data.
func applyEdits(data []byte, edits []edit) []byte {
	sort.SliceStable(edits, func(i, j int) bool { return edits[i].from < edits[j].from })
	var out []byte
	last := 0
	for _, e := range edits {
		out = append(out, data[last:e.from]...)
		out = append(out, e.text...)
		last = e.to
	}
	return append(out, data[last:]...)
}

// copyTree copies the directory src to dst (files made writable); a missing
// src is an os.IsNotExist error.
func copyTree(src, dst string) error {
	if _, err := os.Stat(src); err != nil {
		return err
	}
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		to := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(to, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		return os.WriteFile(to, data, info.Mode().Perm()|0o200)
	})
}

// stdDirName is a name for a copy's directory: net/url gives net_url.
func stdDirName(pkg string) string { return strings.ReplaceAll(path.Clean(pkg), "/", "_") }
