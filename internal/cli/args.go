// Command-line parsing: flags anywhere before "--", help, one-line errors, and which arguments are packages and which functions.

package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"unicode"

	"leapfrog/internal/lower"
)

// usageError is a bad command line: exit status 2, nothing analysed or written.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return &usageError{fmt.Sprintf(format, args...)} }

// errHelp is returned by parseArgs when -h was given: the usage went to stdout.
var errHelp = errors.New("help")

// parseArgs parses a subcommand's command line. Flags may come before, between
// or after the other arguments (`gen ./p F -json r.json`), up to a "--" after
// which everything is an argument. -h, -help and --help print the usage (the
// usage function) to stdout. Errors name the flag: "-timeout: ...".
func parseArgs(fs *flag.FlagSet, args []string, stdout io.Writer, usage func(io.Writer)) ([]string, error) {
	var rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			rest = append(rest, args[i+1:]...)
			break
		}
		if len(a) < 2 || a[0] != '-' {
			rest = append(rest, a)
			continue
		}
		name := strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-")
		name, value, hasValue := strings.Cut(name, "=")
		if name == "h" || name == "help" {
			usage(stdout)
			return nil, errHelp
		}
		f := fs.Lookup(name)
		if f == nil || name == "" {
			return nil, usagef("-%s: no such flag (see leapfrog %s -h)", name, fs.Name())
		}
		if bf, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && bf.IsBoolFlag() {
			if !hasValue {
				value = "true"
			}
		} else if !hasValue {
			if i+1 == len(args) {
				return nil, usagef("-%s: needs a value", name)
			}
			i++
			value = args[i]
		}
		if err := fs.Set(name, value); err != nil {
			return nil, usagef("-%s: invalid value %q: %v", name, value, plainErr(err))
		}
	}
	return rest, nil
}

// plainErr drops the wrapping of flag errors down to the message of the value.
func plainErr(err error) string {
	s := err.Error()
	if i := strings.LastIndex(s, ": "); i >= 0 && strings.HasPrefix(s, "strconv.") {
		s = s[i+2:]
	}
	return s
}

// isFuncName reports whether an argument names a function rather than a
// package: a Go identifier ("Classify"), "T.M", "(*T).M", or an instance of
// a generic function with its type arguments ("F[int]", "F[int,string]"). Every other
// argument is a package: ".", "./x", "../x", "/abs", a pattern with "...",
// an import path with a slash ("example.com/m/p"), or go/packages' explicit
// form "pattern=fmt" for an import path that looks like a name.
func isFuncName(s string) bool {
	if _, _, ok := lower.SplitInstance(s); ok {
		return true // an instance of a generic function: "F[int]"
	}
	if strings.HasPrefix(s, "(*") {
		t, m, ok := strings.Cut(s[2:], ").")
		return ok && isIdent(t) && isIdent(m)
	}
	t, m, ok := strings.Cut(s, ".")
	if !ok {
		return isIdent(s)
	}
	return isIdent(t) && isIdent(m)
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !(r == '_' || unicode.IsLetter(r) || i > 0 && unicode.IsDigit(r)) {
			return false
		}
	}
	return true
}

// splitArgs separates package arguments from function names. Function names
// select functions of a single package: they need at most one package
// argument (default "."), which must not be a pattern with "...". An argument
// ending in .ir is a CFG model, which counts as a package.
func splitArgs(args []string) (pkgs, names []string, err error) {
	for _, a := range args {
		switch {
		case isModel(a):
			pkgs = append(pkgs, a)
		case isFuncName(a):
			names = append(names, a)
		default:
			pkgs = append(pkgs, a)
		}
	}
	if len(pkgs) == 0 {
		pkgs = []string{"."}
	}
	if len(names) > 0 {
		if len(pkgs) > 1 {
			return nil, nil, usagef("%s: function names select functions of one package, but %d packages are given (%s); use -run to select across packages", names[0], len(pkgs), strings.Join(pkgs, " "))
		}
		if strings.Contains(pkgs[0], "...") {
			return nil, nil, usagef("%s: function names select functions of one package, but %s is a pattern; use -run to select across packages", names[0], pkgs[0])
		}
	}
	return pkgs, names, nil
}

// cwd is the working directory, for messages and the paths in reports.
func cwd() string {
	wd, err := os.Getwd()
	if err != nil {
		return ""
	}
	return wd
}

// relPath renders an absolute path relative to the working directory when it
// lies inside it, as the go command does; otherwise it stays absolute.
func relPath(p string) string {
	if !filepath.IsAbs(p) {
		return p
	}
	if r, err := filepath.Rel(cwd(), p); err == nil && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return r
	}
	return p
}
