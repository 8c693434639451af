// Differential test: (*os.File).Name and Fd on the standard streams (input, output, error), a nil File and a zero File, against the replacements; the File methods and os functions that reach the file system abort.

package replacements

import (
	"fmt"
	"os"
	"testing"
)

// TestOSFileNameFd compares Name and Fd of os's Files and their mirrors:
// results and panics must agree.
func TestOSFileNameFd(t *testing.T) {
	files := []struct {
		name string
		real *os.File
		repl *osFile
	}{{"Stdin", os.Stdin, stdin}, {"Stdout", os.Stdout, stdout}, {"Stderr", os.Stderr, stderr}, {"nil", nil, nil}, {"zero", &os.File{}, &osFile{}}}
	for _, f := range files {
		got := outcomeOf(func() string { return f.repl.Name() })
		want := outcomeOf(func() string { return f.real.Name() })
		if got != want {
			t.Errorf("%s.Name(): got %s, want %s", f.name, got, want)
		}
		got = outcomeOf(func() string { return fmt.Sprint(f.repl.Fd()) })
		want = outcomeOf(func() string { return fmt.Sprint(f.real.Fd()) })
		if got != want {
			t.Errorf("%s.Fd(): got %s, want %s", f.name, got, want)
		}
	}
}

// TestOSFileOutside: the File methods that reach the file system, on any
// File, and os's functions that do, abort the run (a fatal panic
// natively), each with its name in the reason.
func TestOSFileOutside(t *testing.T) {
	buf := make([]byte, 2)
	for _, f := range []*osFile{stdout, stderr, nil, {}} {
		for name, call := range map[string]func(){
			"Close":        func() { f.Close() },
			"Sync":         func() { f.Sync() },
			"Read":         func() { f.Read(buf) },
			"ReadAt":       func() { f.ReadAt(buf, 1) },
			"WriteAt":      func() { f.WriteAt(buf, 1) },
			"Seek":         func() { f.Seek(1, 0) },
			"Truncate":     func() { f.Truncate(1) },
			"Chdir":        func() { f.Chdir() },
			"Readdirnames": func() { f.Readdirnames(1) },
		} {
			got := outcomeOf(func() string { call(); return "returned" })
			if want := fmt.Sprintf("panic(%v)", fileOutside(name)); got != want {
				t.Errorf("%v.%s: %s, want %s", f, name, got, want)
			}
		}
	}
	for name, call := range map[string]func(){
		"os.Rename":      func() { Rename("a", "b") },
		"os.Symlink":     func() { Symlink("a", "b") },
		"os.Link":        func() { Link("a", "b") },
		"os.Readlink":    func() { Readlink("a") },
		"os.Truncate":    func() { Truncate("a", 1) },
		"os.Hostname":    func() { Hostname() },
		"os.Executable":  func() { Executable() },
		"os.UserHomeDir": func() { UserHomeDir() },
		"os.Getpid":      func() { Getpid() },
	} {
		got := outcomeOf(func() string { call(); return "returned" })
		if want := fmt.Sprintf("panic(%v)", outside(name)); got != want {
			t.Errorf("%s: %s, want %s", name, got, want)
		}
	}
}
