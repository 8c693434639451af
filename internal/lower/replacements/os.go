// Package os as a test process sees it: the standard input, output and error, Files a write to succeeds on (as under go test); its command line, os.Args; os.Exit, which ends the process.

package replacements

// osFile replaces os.File: std is 1 for os.Stdin, 2 for os.Stdout, 3 for
// os.Stderr, 0 for any other File, which leapfrog does not model (package os is not
// interpreted: a File a test writes, &os.File{}, has no file, and Go's
// methods dereference it).
type osFile struct{ std uintptr }

// stdin binds os.Stdin: its Name and Fd are answered; a read or a write
// is aborted (what go test opened as the standard input is not modelled).
var stdin = &osFile{std: 1}

// stdout binds os.Stdout.
var stdout = &osFile{std: 2}

// stderr binds os.Stderr.
var stderr = &osFile{std: 3}

// args binds os.Args: the command line of the test binary, which go test
// chose and leapfrog does not know (commandLine: the engine gives values
// a test cannot fix, its args.go). A function that assigns os.Args assigns
// this variable.
var args = commandLine()

// nilFile is why a run that writes to a nil *os.File is aborted: Go
// returns os.ErrInvalid, a variable of package os, which leapfrog does
// not interpret.
const nilFile = "a write to a nil *os.File (Go returns os.ErrInvalid, which leapfrog does not model)"

// stdinWrite is why a run that writes to os.Stdin is aborted.
const stdinWrite = "a write to os.Stdin: its result depends on what go test opened as the standard input, which leapfrog does not model"

// Write replaces (*os.File).Write: a write to the standard output or error
// succeeds whole, as it does under go test, which collects them; the
// bytes are not kept (no test reads them back).
func (f *osFile) Write(b []byte) (n int, err error) {
	if f == nil {
		panic(unmodelled(nilFile))
	}
	f.check()
	if f.std == 1 {
		panic(unmodelled(stdinWrite))
	}
	return len(b), nil
}

// WriteString replaces (*os.File).WriteString.
func (f *osFile) WriteString(s string) (n int, err error) {
	if f == nil {
		panic(unmodelled(nilFile))
	}
	f.check()
	if f.std == 1 {
		panic(unmodelled(stdinWrite))
	}
	return len(s), nil
}

// check panics as Go's methods do on a File with no file (a zero
// os.File): a nil pointer dereference.
func (f *osFile) check() {
	if f.std == 0 {
		var none *[1]byte
		_ = none[0]
	}
}

// exitReason is why a run that calls os.Exit is aborted: the test process
// would end there, and no case can be written for it.
const exitReason = "os.Exit ends the process: a test cannot run past it"

// Exit replaces os.Exit.
func Exit(code int) {
	panic(fatal(exitReason))
}

// callerReason is why a run that asks for its call stack is aborted.
const callerReason = "runtime.Caller: leapfrog does not model the call stack"

// Caller replaces runtime.Caller: the call stack is not modelled, so a run
// that asks for it is aborted (package log asks only under its flags
// Lshortfile and Llongfile).
func Caller(skip int) (pc uintptr, file string, line int, ok bool) {
	panic(unmodelled(callerReason))
}

// outside is the reason of a run aborted where it reaches what leapfrog
// does not model: the file system, the working directory, the process's
// environment written (os.Getenv is an input, engine/env.go).
func outside(what string) string {
	return what + ": the file system and the process's state are not modelled"
}

// Open replaces os.Open.
func Open(name string) (*osFile, error) { panic(unmodelled(outside("os.Open"))) }

// Create replaces os.Create.
func Create(name string) (*osFile, error) { panic(unmodelled(outside("os.Create"))) }

// ReadFile replaces os.ReadFile.
func ReadFile(name string) ([]byte, error) { panic(unmodelled(outside("os.ReadFile"))) }

// Remove replaces os.Remove.
func Remove(name string) error { panic(unmodelled(outside("os.Remove"))) }

// RemoveAll replaces os.RemoveAll.
func RemoveAll(path string) error { panic(unmodelled(outside("os.RemoveAll"))) }

// Getwd replaces os.Getwd.
func Getwd() (dir string, err error) { panic(unmodelled(outside("os.Getwd"))) }

// Chdir replaces os.Chdir.
func Chdir(dir string) error { panic(unmodelled(outside("os.Chdir"))) }

// Setenv replaces os.Setenv.
func Setenv(key, value string) error { panic(unmodelled(outside("os.Setenv"))) }

// Unsetenv replaces os.Unsetenv.
func Unsetenv(key string) error { panic(unmodelled(outside("os.Unsetenv"))) }
