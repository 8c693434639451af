// Differential test: (*os.File).Write and WriteString on the standard output and error, a nil File and a zero File, against the replacements; os.Exit aborts; os.Args bound.

package replacements

import (
	"fmt"
	"os"
	"testing"
)

// TestOSFile writes the same bytes through os's Files and their mirrors:
// the standard output and error (the bytes are written for real), a nil
// *os.File, and &os.File{}; the results, errors and panics must agree,
// but for the nil File, whose write the replacement aborts (os.ErrInvalid
// is not modelled).
func TestOSFile(t *testing.T) {
	type pair struct {
		name string
		real *os.File
		repl *osFile
	}
	files := []pair{{"Stdout", os.Stdout, stdout}, {"Stderr", os.Stderr, stderr}, {"nil", nil, nil}, {"zero", &os.File{}, &osFile{}}}
	for _, f := range files {
		for _, s := range []string{"", "\n", "leapfrog os_test\n"} {
			got := outcomeOf(func() string { n, err := f.repl.Write([]byte(s)); return fmt.Sprint(n, err) })
			want := outcomeOf(func() string { n, err := f.real.Write([]byte(s)); return fmt.Sprint(n, err) })
			if f.real == nil {
				want = fmt.Sprintf("panic(%v)", nilFile) // aborted
			}
			if got != want {
				t.Errorf("%s.Write(%q): got %s, want %s", f.name, s, got, want)
			}
			got = outcomeOf(func() string { n, err := f.repl.WriteString(s); return fmt.Sprint(n, err) })
			want = outcomeOf(func() string { n, err := f.real.WriteString(s); return fmt.Sprint(n, err) })
			if f.real == nil {
				if want != "0 invalid argument" {
					t.Errorf("nil.WriteString(%q) = %s natively", s, want)
				}
				want = fmt.Sprintf("panic(%v)", nilFile) // aborted
			}
			if got != want {
				t.Errorf("%s.WriteString(%q): got %s, want %s", f.name, s, got, want)
			}
		}
	}
}

// TestOSStdin: a write to the standard input is aborted (its result is
// whatever go test opened as the standard input), and so is a read.
func TestOSStdin(t *testing.T) {
	want := fmt.Sprintf("panic(%v)", stdinWrite)
	if got := outcomeOf(func() string { n, err := stdin.Write([]byte("x")); return fmt.Sprint(n, err) }); got != want {
		t.Errorf("Stdin.Write: got %s, want %s", got, want)
	}
	if got := outcomeOf(func() string { n, err := stdin.WriteString("x"); return fmt.Sprint(n, err) }); got != want {
		t.Errorf("Stdin.WriteString: got %s, want %s", got, want)
	}
	if got, want := outcomeOf(func() string { n, err := stdin.Read(make([]byte, 1)); return fmt.Sprint(n, err) }), fmt.Sprintf("panic(%v)", fileOutside("Read")); got != want {
		t.Errorf("Stdin.Read: got %s, want %s", got, want)
	}
}

// TestOSExit: the replacement of os.Exit never returns: it aborts the run
// (a fatal panic natively), as the real one ends the process.
func TestOSExit(t *testing.T) {
	got := outcomeOf(func() string { Exit(3); return "returned" })
	if want := fmt.Sprintf("panic(%v)", exitReason); got != want {
		t.Errorf("Exit(3): %s, want %s", got, want)
	}
}

// TestCaller: the replacement of runtime.Caller aborts the run (a fatal
// panic natively): the call stack is not modelled.
func TestCaller(t *testing.T) {
	got := outcomeOf(func() string { _, _, _, ok := Caller(0); return fmt.Sprint(ok) })
	if want := fmt.Sprintf("panic(%v)", callerReason); got != want {
		t.Errorf("Caller(0): %s, want %s", got, want)
	}
}

// TestOSOutside: the replacements of os's functions that reach the file
// system or change the process's state abort the run (a fatal panic
// natively), each with its name in the reason.
func TestOSOutside(t *testing.T) {
	for name, f := range map[string]func(){
		"os.Open":      func() { Open("x") },
		"os.Create":    func() { Create("x") },
		"os.ReadFile":  func() { ReadFile("x") },
		"os.Remove":    func() { Remove("x") },
		"os.RemoveAll": func() { RemoveAll("x") },
		"os.Getwd":     func() { Getwd() },
		"os.Chdir":     func() { Chdir("x") },
		"os.Setenv":    func() { Setenv("x", "y") },
		"os.Unsetenv":  func() { Unsetenv("x") },
	} {
		got := outcomeOf(func() string { f(); return "returned" })
		if want := fmt.Sprintf("panic(%v)", outside(name)); got != want {
			t.Errorf("%s: %s, want %s", name, got, want)
		}
	}
}

// TestOSArgs: the variable binding os.Args holds, natively, the process's
// command line (compiled, commandLine is os.Args), and that command line
// holds at least the binary's path: the one fact the engine assumes of it
// (engine/args.go), here under go test as in an emitted test.
func TestOSArgs(t *testing.T) {
	if len(args) != len(os.Args) || len(args) == 0 || &args[0] != &os.Args[0] {
		t.Fatalf("args = %q, os.Args = %q: want the same, not empty", args, os.Args)
	}
}
