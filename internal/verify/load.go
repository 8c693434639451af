// load.go: loading the package to instrument (go list, go/types) and copying files.

package verify

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
)

type loadedPackage struct {
	fset   *token.FileSet
	types  *types.Package
	info   *types.Info
	files  []string // base names of the instrumented files, sorted
	syntax map[string]*ast.File
	src    map[string][]byte
}

// listPackage is the part of "go list -json" output used here.
type listPackage struct {
	ImportPath string
	Dir        string
	Name       string
	GoFiles    []string
	CgoFiles   []string
	Export     string
	DepOnly    bool
	ImportMap  map[string]string
	Error      *struct{ Err string }
}

// loadPackage parses and type-checks the non-test files of the package in
// dir, importing dependencies from the export data "go list -export" builds.
func loadPackage(dir string) (*loadedPackage, error) {
	cmd := exec.Command("go", "list", "-e", "-export", "-deps", "-json", ".")
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("verify: go list in %s: %v\n%s", dir, err, stderr.String())
	}
	var root *listPackage
	exports := map[string]string{}
	dec := json.NewDecoder(bytes.NewReader(stdout))
	for {
		var p listPackage
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return nil, fmt.Errorf("verify: go list output: %v", err)
		}
		if p.Error != nil {
			return nil, fmt.Errorf("verify: package %s: %s", p.ImportPath, p.Error.Err)
		}
		if p.Export != "" {
			exports[p.ImportPath] = p.Export
		}
		if !p.DepOnly {
			pp := p
			root = &pp
		}
	}
	if root == nil {
		return nil, fmt.Errorf("verify: no package in %s", dir)
	}
	if len(root.CgoFiles) > 0 {
		return nil, fmt.Errorf("verify: package %s: cgo files are not supported", root.ImportPath)
	}
	lp := &loadedPackage{
		fset:   token.NewFileSet(),
		syntax: map[string]*ast.File{},
		src:    map[string][]byte{},
		info: &types.Info{
			Types: map[ast.Expr]types.TypeAndValue{},
			Defs:  map[*ast.Ident]types.Object{},
			Uses:  map[*ast.Ident]types.Object{},
		},
	}
	var files []*ast.File
	for _, name := range root.GoFiles {
		src, err := os.ReadFile(filepath.Join(root.Dir, name))
		if err != nil {
			return nil, err
		}
		f, err := parser.ParseFile(lp.fset, filepath.Join(root.Dir, name), src, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, fmt.Errorf("verify: %v", err)
		}
		lp.files = append(lp.files, name)
		lp.syntax[name] = f
		lp.src[name] = src
		files = append(files, f)
	}
	sort.Strings(lp.files)
	lookup := func(path string) (io.ReadCloser, error) {
		if p, ok := root.ImportMap[path]; ok {
			path = p
		}
		exp, ok := exports[path]
		if !ok {
			return nil, fmt.Errorf("no export data for %q", path)
		}
		return os.Open(exp)
	}
	conf := types.Config{Importer: importer.ForCompiler(lp.fset, "gc", lookup)}
	tpkg, err := conf.Check(root.ImportPath, lp.fset, files, lp.info)
	if err != nil {
		return nil, fmt.Errorf("verify: type-checking %s: %v", root.ImportPath, err)
	}
	lp.types = tpkg
	return lp, nil
}

// copyPackageDir copies the regular files of src and its testdata tree to dst.
func copyPackageDir(src, dst string) error {
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return err
	}
	if same, _ := sameDir(src, dst); same {
		return nil
	}
	entries, err := os.ReadDir(src)
	if err != nil {
		return err
	}
	for _, e := range entries {
		s, d := filepath.Join(src, e.Name()), filepath.Join(dst, e.Name())
		switch {
		case e.IsDir() && e.Name() == "testdata":
			if err := copyTree(s, d, nil); err != nil {
				return err
			}
		case e.Type().IsRegular():
			if err := copyFile(s, d); err != nil {
				return err
			}
		}
	}
	return nil
}

func sameDir(a, b string) (bool, error) {
	sa, err := os.Stat(a)
	if err != nil {
		return false, err
	}
	sb, err := os.Stat(b)
	if err != nil {
		return false, err
	}
	return os.SameFile(sa, sb), nil
}

// copyTree copies the directory tree src to dst, skipping directories for
// which skip returns true. Symbolic links and other special files are skipped.
func copyTree(src, dst string, skip func(rel string) bool) error {
	return filepath.WalkDir(src, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			if rel != "." && skip != nil && skip(rel) {
				return filepath.SkipDir
			}
			return os.MkdirAll(target, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		return copyFile(path, target)
	})
}

func copyFile(src, dst string) error {
	b, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	info, err := os.Stat(src)
	if err != nil {
		return err
	}
	return os.WriteFile(dst, b, info.Mode().Perm()|0o200)
}
