// The corpus list: pinned modules and standard-library packages, one a line.
package corpus

import (
	_ "embed"
	"fmt"
	"regexp"
	"strings"
)

// DefaultList is the list in the repository (corpus.txt), the one whose
// figures count.
//
//go:embed corpus.txt
var DefaultList string

// DefaultListName names DefaultList in messages and in the results.
const DefaultListName = "internal/corpus/corpus.txt"

// Kind says where an entry's code comes from.
type Kind string

const (
	// Module is a module of the Go module proxy at a pinned version.
	Module Kind = "module"
	// Std is a package of the standard library, copied from GOROOT.
	Std Kind = "std"
)

// An Entry is one line of the list.
type Entry struct {
	Kind     Kind     `json:"kind"`
	Path     string   `json:"path"`              // module path, or standard-library import path
	Version  string   `json:"version,omitempty"` // modules only
	Patterns []string `json:"patterns"`          // the packages analysed and tested, relative to the module root
	// DropTests are maintainers' test files left out (relative to the
	// module root): tests of what a copy cannot reproduce, such as the
	// runtime's timers in a copy of package time.
	DropTests []string `json:"drop_tests,omitempty"`
	Line      int      `json:"line"`
}

// Name is the entry's name in the table and for -only: the module path, or
// std/ and the import path.
func (e Entry) Name() string {
	if e.Kind == Std {
		return "std/" + e.Path
	}
	return e.Path
}

// ParseList reads a list: "module PATH VERSION [PATTERN...] [-TESTFILE...]"
// or "std IMPORTPATH [-TESTFILE...]" per line, # comments, blank lines. A
// module's patterns default to ./...; a standard-library copy's are always .
// (the package itself, not the internal packages copied with it); -x_test.go
// leaves a maintainers' test file out. name prefixes error messages.
func ParseList(name, text string) ([]Entry, error) {
	var entries []Entry
	seen := map[string]int{}
	for i, line := range strings.Split(text, "\n") {
		if j := strings.IndexByte(line, '#'); j >= 0 {
			line = line[:j]
		}
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		at := fmt.Sprintf("%s:%d", name, i+1)
		var e Entry
		var drop []string
		for len(f) > 0 && strings.HasPrefix(f[len(f)-1], "-") {
			d := f[len(f)-1][1:]
			if !strings.HasSuffix(d, "_test.go") || strings.Contains(d, "..") || strings.HasPrefix(d, "/") {
				return nil, fmt.Errorf("%s: %q: want -FILE_test.go (relative to the module root)", at, f[len(f)-1])
			}
			drop = append([]string{d}, drop...)
			f = f[:len(f)-1]
		}
		if len(f) == 0 {
			return nil, fmt.Errorf("%s: want module or std before the test files", at)
		}
		switch f[0] {
		case "module":
			if len(f) < 3 {
				return nil, fmt.Errorf("%s: want module PATH VERSION [PATTERN...] [-TESTFILE...]", at)
			}
			if !strings.HasPrefix(f[2], "v") {
				return nil, fmt.Errorf("%s: version %q does not begin with v", at, f[2])
			}
			e = Entry{Kind: Module, Path: f[1], Version: f[2], Patterns: f[3:]}
			if len(e.Patterns) == 0 {
				e.Patterns = []string{"./..."}
			}
			for _, p := range e.Patterns {
				if p != "." && !strings.HasPrefix(p, "./") {
					return nil, fmt.Errorf("%s: pattern %q is not relative to the module (./...)", at, p)
				}
			}
		case "std":
			if len(f) != 2 {
				return nil, fmt.Errorf("%s: want std IMPORTPATH [-TESTFILE...]", at)
			}
			e = Entry{Kind: Std, Path: f[1], Patterns: []string{"."}}
		default:
			return nil, fmt.Errorf("%s: %q: want module or std", at, f[0])
		}
		if !validPath.MatchString(e.Path) {
			return nil, fmt.Errorf("%s: %q is not an import path", at, e.Path)
		}
		e.Line = i + 1
		e.DropTests = drop
		if prev, ok := seen[e.Name()]; ok {
			return nil, fmt.Errorf("%s: %s is listed already on line %d", at, e.Name(), prev)
		}
		seen[e.Name()] = e.Line
		entries = append(entries, e)
	}
	if len(entries) == 0 {
		return nil, fmt.Errorf("%s: no entries", name)
	}
	return entries, nil
}

// validPath accepts module and import paths (no .., no leading slash).
var validPath = regexp.MustCompile(`^[A-Za-z0-9_~+-]+(\.[A-Za-z0-9_~+-]+)*(/[A-Za-z0-9_~+-]+(\.[A-Za-z0-9_~+-]+)*)*$`)
