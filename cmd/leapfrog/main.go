// Command leapfrog generates Go unit tests aiming at exhaustive branch coverage.
package main

import (
	"os"

	"leapfrog/internal/cli"
)

func main() { os.Exit(cli.Main(os.Args[1:], os.Stdout, os.Stderr)) }
