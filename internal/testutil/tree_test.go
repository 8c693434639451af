// WriteTree: source files written under their directories, control sections returned and not written.

package testutil

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/txtar"
)

func TestWriteTree(t *testing.T) {
	ar := txtar.Parse([]byte("-- funcs --\nF G\n-- go.mod --\nmodule p\n-- sub/p.go --\npackage sub\n-- want --\nx\n"))
	dir := t.TempDir()
	control := WriteTree(t, ar, dir, "funcs", "want", "flags")
	if len(control) != 2 || control["funcs"] != "F G\n" || control["want"] != "x\n" {
		t.Errorf("control sections %q, want funcs and want", control)
	}
	if _, ok := control["flags"]; ok {
		t.Error("an absent control section is in the map")
	}
	for name, want := range map[string]string{"go.mod": "module p\n", "sub/p.go": "package sub\n"} {
		got, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil || string(got) != want {
			t.Errorf("%s: %q, %v; want %q", name, got, err, want)
		}
	}
	for _, name := range []string{"funcs", "want"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			t.Errorf("control section %s written as a file", name)
		}
	}
}
