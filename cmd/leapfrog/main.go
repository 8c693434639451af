// Command leapfrog generates Go unit tests aiming at exhaustive branch coverage.
package main

import (
	"fmt"
	"os"
	"os/signal"
	"runtime/pprof"

	"leapfrog/internal/cli"
)

func main() {
	stop := profile(os.Getenv("LEAPFROG_CPUPROFILE"))
	code := cli.Main(os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// profile writes a CPU profile of the run to path when it is not empty (a
// developer's tool: profile before optimising). An interrupt (^C) ends
// the run with the profile written, so that a run that does not end can
// be profiled too.
func profile(path string) (stop func()) {
	if path == "" {
		return func() {}
	}
	f, err := os.Create(path)
	if err == nil {
		err = pprof.StartCPUProfile(f)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "leapfrog: LEAPFROG_CPUPROFILE: %v\n", err)
		os.Exit(2)
	}
	stop = func() {
		pprof.StopCPUProfile()
		f.Close()
	}
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt)
	go func() {
		<-sig
		stop()
		fmt.Fprintf(os.Stderr, "leapfrog: interrupted; CPU profile written to %s\n", path)
		os.Exit(130)
	}()
	return stop
}
