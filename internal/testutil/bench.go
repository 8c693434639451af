// Copies of the bench programs (testdata/bench, a module of its own) for tests.

package testutil

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// Root returns the repository's root directory.
func Root() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..")
}

// BenchSrc returns the directory of the bundled bench module (read only).
func BenchSrc() string { return filepath.Join(Root(), "testdata", "bench") }

// BenchCopy copies the bench module into a fresh temporary directory and
// returns it; tests write only there. A missing bench is a test failure.
func BenchCopy(tb testing.TB) string {
	tb.Helper()
	src := BenchSrc()
	if _, err := os.Stat(filepath.Join(src, "go.mod")); err != nil {
		tb.Fatalf("bench programs not found at %s: %v", src, err)
	}
	dst := tb.TempDir()
	if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
		tb.Fatalf("copy bench: %v", err)
	}
	return dst
}
