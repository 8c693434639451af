// The version command: the tool's version, the Go toolchain, the build's VCS revision.

package cli

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
)

// Version is leapfrog's version, recorded in every JSON report.
const Version = "0.2.0"

func version(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		if args[0] == "-h" || args[0] == "-help" || args[0] == "--help" {
			fmt.Fprintln(stdout, "usage: leapfrog version\n\nPrints leapfrog's version, the Go toolchain that built it and, when known, the VCS revision.")
			return 0
		}
		return fail(stderr, "version", usagef("%s: takes no arguments", args[0]))
	}
	line := fmt.Sprintf("leapfrog %s %s %s/%s", Version, runtime.Version(), runtime.GOOS, runtime.GOARCH)
	if bi, ok := debug.ReadBuildInfo(); ok {
		rev, dirty := "", false
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				dirty = s.Value == "true"
			}
		}
		if rev != "" {
			if len(rev) > 12 {
				rev = rev[:12]
			}
			if dirty {
				rev += "+modified"
			}
			line += " (" + rev + ")"
		}
	}
	fmt.Fprintln(stdout, line)
	return 0
}
