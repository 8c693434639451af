// A one-file Go package written out for a test: module p, file p.go.

package testutil

import (
	"os"
	"path/filepath"
	"testing"
)

// WritePackage writes module p (go.mod at version goVersion, "1.22" or
// later) with src as its file p.go into a fresh temporary directory, and
// returns the directory.
func WritePackage(tb testing.TB, goVersion, src string) string {
	tb.Helper()
	dir := tb.TempDir()
	for name, data := range map[string]string{"go.mod": "module p\n\ngo " + goVersion + "\n", "p.go": src} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	return dir
}
