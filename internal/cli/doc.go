// Package cli implements the leapfrog command line: gen (analyse functions, emit
// tests and reports, optionally verify them) and bench (compare strategies).
// cmd/leapfrog/main.go only calls Main.
//
// gen re-proves every unreachable verdict with package indep before writing
// anything (recheck.go): an independent encoding of the whole function decided
// by cvc5, whose witnesses the engine replays.
//
// Output files are written atomically (temporary file and rename), and only after
// every function was analysed: a failing run leaves no half-written file.
package cli
