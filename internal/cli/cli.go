// Command-line entry: subcommand dispatch and usage.

package cli

import (
	"io"
)

const usage = `leapfrog generates Go unit tests aiming at exhaustive branch coverage: every
branch outcome ends covered (by a test case), unreachable (with a proof) or
unknown (with the reason).

Usage:
  leapfrog gen [flags] [packages] [Func|T.M|(*T).M ...]   analyse, write tests and reports
  leapfrog bench [flags] [packages] [Func|T.M|(*T).M ...] compare the search strategies
  leapfrog cover [flags] [packages] [-- go test flags]     branch coverage by the packages' own tests
  leapfrog merge [flags] report.json...                    join the JSON reports of shards
  leapfrog version                                         print the version

Packages are go/packages patterns (./..., directories, import paths; default .).
Run 'leapfrog <command> -h' for a command's flags.
`

// Main runs the command line and returns the exit code.
func Main(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		io.WriteString(stderr, usage)
		return 2
	}
	switch args[0] {
	case "gen":
		return gen(args[1:], stdout, stderr)
	case "bench":
		return benchCmd(args[1:], stdout, stderr)
	case "cover":
		return coverCmd(args[1:], stdout, stderr)
	case "merge":
		return merge(args[1:], stdout, stderr)
	case "version", "-version", "--version":
		return version(args[1:], stdout, stderr)
	case "help", "-h", "-help", "--help":
		io.WriteString(stdout, usage)
		return 0
	}
	return fail(stderr, "", usagef("%s: unknown command (want gen, cover, bench, merge or version; see leapfrog -h)", args[0]))
}
