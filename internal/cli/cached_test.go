// Script commands of the cache's scripts (testdata/script/cache*.txtar): a test's section of an emitted file, files compared but for some lines, entries corrupted.

package cli

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/rogpeppe/go-internal/testscript"
)

// cmdSection writes the declaration of one test function of an emitted
// file, from its "func NAME(" line to the "}" closing it, to a file:
//
//	section FILE NAME OUT
func cmdSection(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: section FILE NAME OUT")
	}
	lines := strings.SplitAfter(ts.ReadFile(args[0]), "\n")
	var out strings.Builder
	in := false
	for _, l := range lines {
		if strings.HasPrefix(l, "func "+args[1]+"(") {
			in = true
		}
		if in {
			out.WriteString(l)
			if l == "}\n" {
				break
			}
		}
	}
	if out.Len() == 0 {
		ts.Fatalf("section: no func %s in %s", args[1], args[0])
	}
	ts.Check(os.WriteFile(ts.MkAbs(args[2]), []byte(out.String()), 0o644))
}

// cmdCmpExcept compares two files but for the lines matching a regular
// expression:
//
//	cmpexcept REGEXP FILE1 FILE2
func cmdCmpExcept(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: cmpexcept REGEXP FILE1 FILE2")
	}
	re, err := regexp.Compile(args[0])
	ts.Check(err)
	keep := func(name string) string {
		var b strings.Builder
		for _, l := range strings.SplitAfter(ts.ReadFile(name), "\n") {
			if !re.MatchString(l) {
				b.WriteString(l)
			}
		}
		return b.String()
	}
	if a, b := keep(args[1]), keep(args[2]); a != b {
		ts.Fatalf("%s and %s differ (lines matching %s aside)", args[1], args[2], args[0])
	}
}

// cmdCorrupt overwrites every file under a directory with garbage:
//
//	corrupt DIR
func cmdCorrupt(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: corrupt DIR")
	}
	n := 0
	ts.Check(filepath.WalkDir(ts.MkAbs(args[0]), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		n++
		return os.WriteFile(p, []byte("not an entry"), 0o644)
	}))
	if n == 0 {
		ts.Fatalf("corrupt: no file under %s", args[0])
	}
}
