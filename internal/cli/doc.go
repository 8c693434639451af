// Package cli implements the leapfrog command line: gen (analyse functions, emit
// tests and reports, optionally verify them) and bench (compare strategies; with
// -scale, on the synthetic series of growing functions, bench_scale.go).
// cmd/leapfrog/main.go only calls Main.
//
// Output files are written atomically (temporary file and rename), and only after
// every function was analysed: a failing run leaves no half-written file.
package cli
