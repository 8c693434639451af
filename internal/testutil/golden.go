// Golden files: txtar archives whose produced sections a test compares, with a diff, or rewrites under -update.

package testutil

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/diff"
	"golang.org/x/tools/txtar"
)

var update = flag.Bool("update", false, "rewrite the produced sections of the golden testdata archives")

// Updating reports whether the tests run with -update.
func Updating() bool { return *update }

// Golden is a golden test's txtar archive: the sections the test reads
// (its input) and the sections it produces, which Check compares.
type Golden struct {
	Path    string
	Archive *txtar.Archive
}

// ReadGolden reads the archive at path.
func ReadGolden(tb testing.TB, path string) *Golden {
	tb.Helper()
	ar, err := txtar.ParseFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	return &Golden{Path: path, Archive: ar}
}

// Section returns the data of the section called name, and whether the
// archive has one.
func (g *Golden) Section(name string) (string, bool) {
	for _, f := range g.Archive.Files {
		if f.Name == name {
			return string(f.Data), true
		}
	}
	return "", false
}

// Check compares what a test produced with the archive. For each name of
// sections, got[name] must be the data of the archive's section of that
// name; when got has no such key, the archive must have no such section.
// A section that differs is reported as a diff from the archive's data to
// the produced one. With -update, Check instead writes every produced
// section into the archive (in place; a new section at the end, in the
// order of sections), removes the sections not produced, and rewrites the
// file.
func (g *Golden) Check(tb testing.TB, got map[string]string, sections ...string) {
	tb.Helper()
	if *update {
		g.set(got, sections)
		if err := os.WriteFile(g.Path, txtar.Format(g.Archive), 0o644); err != nil {
			tb.Fatal(err)
		}
		return
	}
	for _, name := range sections {
		want, inArchive := g.Section(name)
		data, produced := got[name]
		switch {
		case produced && !inArchive:
			tb.Errorf("%s: no section %s (go test -update writes it); produced:\n%s", g.Path, name, data)
		case !produced && inArchive:
			tb.Errorf("%s: section %s not produced (go test -update removes it); the archive has:\n%s", g.Path, name, want)
		case data != want:
			tb.Errorf("%s: section %s differs (go test -update rewrites it):\n%s", g.Path, name, Diff(name+" (want)", want, name+" (got)", data))
		}
	}
}

// set writes the produced sections into the archive and removes the others
// of sections.
func (g *Golden) set(got map[string]string, sections []string) {
	named := map[string]bool{}
	for _, name := range sections {
		named[name] = true
	}
	written := map[string]bool{}
	var files []txtar.File
	for _, f := range g.Archive.Files {
		if !named[f.Name] {
			files = append(files, f)
			continue
		}
		if data, ok := got[f.Name]; ok && !written[f.Name] {
			files = append(files, txtar.File{Name: f.Name, Data: []byte(data)})
			written[f.Name] = true
		}
	}
	for _, name := range sections {
		if data, ok := got[name]; ok && !written[name] {
			files = append(files, txtar.File{Name: name, Data: []byte(data)})
			written[name] = true
		}
	}
	g.Archive.Files = files
}

// Diff returns a unified diff from want to got, named wantName and
// gotName; "" when they are equal.
func Diff(wantName, want, gotName, got string) string {
	return string(diff.Diff(wantName, []byte(want), gotName, []byte(got)))
}

// Goldens runs test as a subtest on each archive matching pattern (named
// after the file, without .txtar); no archive at all is a failure.
func Goldens(t *testing.T, pattern string, test func(t *testing.T, g *Golden)) {
	t.Helper()
	files, err := filepath.Glob(pattern)
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden files %s (%v)", pattern, err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			test(t, ReadGolden(t, file))
		})
	}
}
