// Scenario archives written out: a txtar's source files as a directory tree, its control sections kept aside.

package testutil

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/txtar"
)

// WriteTree writes the files of the archive ar under dir (creating the
// directories their names hold), except the control sections named in
// control ("funcs", "flags", "want", ...), whose contents it returns by
// name. A control section the archive lacks is absent from the map.
func WriteTree(tb testing.TB, ar *txtar.Archive, dir string, control ...string) map[string]string {
	tb.Helper()
	sections := map[string]string{}
	isControl := map[string]bool{}
	for _, c := range control {
		isControl[c] = true
	}
	for _, f := range ar.Files {
		if isControl[f.Name] {
			sections[f.Name] = string(f.Data)
			continue
		}
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	return sections
}

// ReadTree parses the archive at path and writes it out as WriteTree does.
func ReadTree(tb testing.TB, path, dir string, control ...string) map[string]string {
	tb.Helper()
	ar, err := txtar.ParseFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	return WriteTree(tb, ar, dir, control...)
}
