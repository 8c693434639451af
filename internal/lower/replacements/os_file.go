// The rest of os.File and of os's functions whose signatures the replacement package can write: the file system and the process are outside, a run reaching them is aborted.

package replacements

// A File's methods other than Write and WriteString reach the file system
// (or close, seek, stat the test process's own standard streams): a run
// calling one is aborted with the method's name, and so is one calling
// it on a nil File (Go returns os.ErrInvalid, which leapfrog does not
// model). Name and Fd are answered: they read the File alone.

// Name replaces (*os.File).Name: the standard streams' names, as os
// gives them; a nil or zero File panics as Go's does (its *file is nil).
func (f *osFile) Name() string {
	f.checkNil()
	switch f.std {
	case 1:
		return "/dev/stdin"
	case 2:
		return "/dev/stdout"
	case 3:
		return "/dev/stderr"
	}
	f.check()
	return ""
}

// Fd replaces (*os.File).Fd: 0, 1 and 2 for the standard input, output and error,
// ^uintptr(0) for a nil File (as Go's); a zero File panics.
func (f *osFile) Fd() uintptr {
	if f == nil {
		return ^uintptr(0)
	}
	f.check()
	return f.std - 1
}

// checkNil panics as Go's methods do when they read through a nil File.
func (f *osFile) checkNil() {
	if f == nil {
		var none *[1]byte
		_ = none[0]
	}
}

// fileOutside aborts a run at a File's method that reaches the file system.
func fileOutside(method string) string { return outside("(*os.File)." + method) }

// Close replaces (*os.File).Close.
func (f *osFile) Close() error { panic(unmodelled(fileOutside("Close"))) }

// Sync replaces (*os.File).Sync.
func (f *osFile) Sync() error { panic(unmodelled(fileOutside("Sync"))) }

// Read replaces (*os.File).Read.
func (f *osFile) Read(b []byte) (n int, err error) { panic(unmodelled(fileOutside("Read"))) }

// ReadAt replaces (*os.File).ReadAt.
func (f *osFile) ReadAt(b []byte, off int64) (n int, err error) {
	panic(unmodelled(fileOutside("ReadAt")))
}

// WriteAt replaces (*os.File).WriteAt.
func (f *osFile) WriteAt(b []byte, off int64) (n int, err error) {
	panic(unmodelled(fileOutside("WriteAt")))
}

// Seek replaces (*os.File).Seek.
func (f *osFile) Seek(offset int64, whence int) (ret int64, err error) {
	panic(unmodelled(fileOutside("Seek")))
}

// Truncate replaces (*os.File).Truncate.
func (f *osFile) Truncate(size int64) error { panic(unmodelled(fileOutside("Truncate"))) }

// Chdir replaces (*os.File).Chdir.
func (f *osFile) Chdir() error { panic(unmodelled(fileOutside("Chdir"))) }

// Readdirnames replaces (*os.File).Readdirnames.
func (f *osFile) Readdirnames(n int) (names []string, err error) {
	panic(unmodelled(fileOutside("Readdirnames")))
}

// Rename replaces os.Rename.
func Rename(oldpath, newpath string) error { panic(unmodelled(outside("os.Rename"))) }

// Symlink replaces os.Symlink.
func Symlink(oldname, newname string) error { panic(unmodelled(outside("os.Symlink"))) }

// Link replaces os.Link.
func Link(oldname, newname string) error { panic(unmodelled(outside("os.Link"))) }

// Readlink replaces os.Readlink.
func Readlink(name string) (string, error) { panic(unmodelled(outside("os.Readlink"))) }

// Truncate replaces os.Truncate.
func Truncate(name string, size int64) error { panic(unmodelled(outside("os.Truncate"))) }

// Hostname replaces os.Hostname.
func Hostname() (name string, err error) { panic(unmodelled(outside("os.Hostname"))) }

// Executable replaces os.Executable.
func Executable() (string, error) { panic(unmodelled(outside("os.Executable"))) }

// UserHomeDir replaces os.UserHomeDir.
func UserHomeDir() (string, error) { panic(unmodelled(outside("os.UserHomeDir"))) }

// Getpid replaces os.Getpid.
func Getpid() int { panic(unmodelled(outside("os.Getpid"))) }
