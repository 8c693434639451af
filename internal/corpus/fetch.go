// A module's copy: fetched with go mod download (or found in a local module cache), or a standard-library package copied from GOROOT; its test files moved about.
package corpus

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode"
)

// prepare makes m.src the module to analyse, with the maintainers' tests in place.
func (m *moduleRun) prepare(ctx context.Context) error {
	e := m.entry
	if e.Kind == Std {
		notes, err := copyStd(m.cfg.GoRoot, e.Path, m.src, m.goLine)
		m.result.Notes = append(m.result.Notes, notes...)
		if err != nil {
			return fmt.Errorf("copy failed: %v", err)
		}
		return nil
	}
	dir := ""
	if m.cfg.ModCache != "" {
		dir = filepath.Join(m.cfg.ModCache, escapeModulePath(e.Path)+"@"+escapeModulePath(e.Version))
		if _, err := os.Stat(dir); err != nil {
			return fmt.Errorf("download failed: %s@%s not in %s", e.Path, e.Version, m.cfg.ModCache)
		}
	} else {
		res := m.run(ctx, command{dir: m.dir, env: m.env, args: []string{"go", "mod", "download", "-json", e.Path + "@" + e.Version}, log: "download"})
		var dl struct{ Dir, Error string }
		if jerr := json.Unmarshal(res.stdout, &dl); jerr != nil || res.err != nil || res.exit != 0 || dl.Error != "" || dl.Dir == "" {
			msg := dl.Error
			if msg == "" {
				msg = firstLine(string(res.stderr))
			}
			if res.err != nil {
				msg = res.err.Error()
			}
			return fmt.Errorf("download failed: %s", msg)
		}
		dir = dl.Dir
	}
	if err := copyTree(dir, m.src); err != nil {
		return fmt.Errorf("copy failed: %v", err)
	}
	if _, err := os.Stat(filepath.Join(m.src, "go.mod")); os.IsNotExist(err) {
		if err := os.WriteFile(filepath.Join(m.src, "go.mod"), []byte("module "+e.Path+"\n"), 0o644); err != nil {
			return err
		}
		m.notef("no go.mod: written")
	}
	// The tests are in place, so tidy records their requirements too.
	res := m.run(ctx, command{dir: m.src, env: m.env, args: []string{"go", "mod", "tidy"}, log: "tidy"})
	if res.err != nil {
		return res.err
	}
	if res.exit != 0 {
		m.notef("go mod tidy failed: %s", firstLine(string(res.stderr)))
	}
	return nil
}

// escapeModulePath is the module cache's spelling of a path or version: each
// upper-case letter as ! and its lower case.
func escapeModulePath(s string) string {
	var b strings.Builder
	for _, r := range s {
		if unicode.IsUpper(r) {
			b.WriteByte('!')
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// testFiles lists the files under root (relative, slash-separated) that
// match keep, outside the directories the go command ignores (testdata,
// vendor, _x, .x) and nested modules.
func testFiles(root string, keep func(name string) bool) ([]string, error) {
	var files []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if p == root {
				return nil
			}
			if name == "testdata" || name == "vendor" || strings.HasPrefix(name, "_") || strings.HasPrefix(name, ".") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil {
				return filepath.SkipDir
			}
			return nil
		}
		if keep(name) {
			rel, err := filepath.Rel(root, p)
			if err != nil {
				return err
			}
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	return files, err
}

// isMaintainersTest: a _test.go file leapfrog did not write.
func isMaintainersTest(name string) bool {
	return strings.HasSuffix(name, "_test.go") && !isEmittedTest(name)
}

// isEmittedTest: a test file leapfrog gen writes (<file>_leapfrog_test.go).
func isEmittedTest(name string) bool {
	return strings.HasSuffix(name, "_leapfrog_test.go") || strings.Contains(name, "_leapfrog_shard")
}

// moveFiles moves the files rels (relative, slash-separated) from the tree
// from to the same place under the tree to.
func moveFiles(from, to string, rels []string) error {
	for _, rel := range rels {
		dst := filepath.Join(to, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		if err := os.Rename(filepath.Join(from, filepath.FromSlash(rel)), dst); err != nil {
			return err
		}
	}
	return nil
}
