// Command-line entry: subcommand dispatch and usage.

package cli

import (
	"fmt"
	"io"
)

const usage = `leapfrog generates Go unit tests aiming at exhaustive branch coverage: every
branch outcome ends covered (by a test case), unreachable (with a proof) or
unknown (with the reason).

Usage:
  leapfrog gen [flags] <package dir> <Func|Type.Method>...
  leapfrog bench [flags] <package dir> <Func|Type.Method>...

Run 'leapfrog gen -h' or 'leapfrog bench -h' for the flags.
`

// Main runs the command line and returns the exit code.
func Main(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch args[0] {
	case "gen":
		return gen(args[1:], stdout, stderr)
	case "bench":
		return bench(args[1:], stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "leapfrog: unknown command %q (want gen or bench)\n", args[0])
	return 2
}
